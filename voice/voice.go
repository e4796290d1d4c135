// Package voice turns speech into text and text into speech for the voice
// training: a Transcriber (speech-to-text) and a Synthesizer
// (text-to-speech), each chosen by settings. Providers: the OpenAI audio API
// (OpenAI and the self-hosted servers that speak it, such as Speaches /
// faster-whisper or LocalAI) for both, and Amazon Polly for speech. Without a
// provider the server offers none, and the browser uses its own speech
// synthesis (and recognition, where it has one).
//
// Every method returns *salescoach.Error: EUNAVAILABLE with MsgSTTFailed or
// MsgTTSFailed for anything the provider or the network did (with a
// RetryAfter when the provider was unreachable, slow or overloaded), and
// EINVALID for input the provider cannot take.
package voice

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"salescoach"
)

// Limits of the voice loop (specification, section 9, plus margins).
const (
	// MaxRecording is the browser's hard stop of one recording.
	MaxRecording = 20 * time.Second
	// MaxAudioDuration is the longest recording the server transcribes:
	// the browser's cap plus a margin for the recorder's stop latency.
	MaxAudioDuration = MaxRecording + 5*time.Second
	// MaxAudioBytes bounds an upload. 25 s of 48 kHz 16-bit stereo WAV,
	// the largest a browser records, is 4.8 MB; compressed WebM/Ogg is a
	// few hundred KB.
	MaxAudioBytes = 5 << 20
	// MaxSpeechRunes bounds the text of one synthesis: Polly's limit of
	// billed characters per request (the OpenAI API takes 4096).
	MaxSpeechRunes = 3000
	// MaxSpeechBytes bounds the audio read of one synthesis.
	MaxSpeechBytes = 16 << 20
	// DefaultTimeout bounds one provider call when a Config gives none.
	DefaultTimeout = 30 * time.Second
	// SilenceThreshold and SilenceHold end a turn in the browser: an RMS
	// below the threshold held this long after speech.
	SilenceThreshold = 0.01
	SilenceHold      = 1500 * time.Millisecond
	// MinTranscriptRunes: a shorter transcript (after trimming) is
	// discarded and the browser listens again.
	MinTranscriptRunes = 2
)

// How long a caller is told to wait after a provider was unreachable, timed
// out or answered 429/5xx: the provider's own Retry-After within these
// bounds, else UnavailableRetryAfter.
const (
	UnavailableRetryAfter = 30 * time.Second
	MinUnavailableRetry   = 5 * time.Second
	MaxUnavailableRetry   = 2 * time.Minute
)

// Audio is one recording to transcribe.
type Audio struct {
	Data     []byte
	Format   Format        // sniffed from Data
	Duration time.Duration // read from the container
	// Language is a BCP 47 hint such as "de" (empty: the provider guesses).
	Language string
}

// A Transcriber turns a recording into text.
type Transcriber interface {
	// Transcribe returns the text spoken in a.
	Transcribe(ctx context.Context, a Audio) (string, error)
	// Name names the provider for logs and GET /api/voice.
	Name() string
}

// SpeechRequest is a text to speak and how.
type SpeechRequest struct {
	Text         string
	Voice        string // a provider's voice name, e.g. Vicki (Polly) or alloy (OpenAI)
	Engine       string // standard or neural (Polly); ignored by others
	LanguageCode string // e.g. de-DE
	// SampleRate in Hz as Polly takes it ("8000", "16000", "22050" or
	// "24000"; empty: the engine's default). The OpenAI API has no such
	// option and answers in its own rate.
	SampleRate string
}

// SampleRates are the MP3 sample rates Polly offers.
var SampleRates = []string{"8000", "16000", "22050", "24000"}

// Speech is synthesized audio. Body streams it; the caller closes it. A
// read error from Body means the provider broke off: the audio is
// incomplete.
type Speech struct {
	ContentType string
	Body        io.ReadCloser
}

// A Synthesizer turns text into speech.
type Synthesizer interface {
	// Synthesize starts speaking r. The returned Speech streams the audio
	// as the provider sends it.
	Synthesize(ctx context.Context, r SpeechRequest) (*Speech, error)
	// Name names the provider for logs and GET /api/voice.
	Name() string
}

// Voice is a default voice of a language.
type Voice struct {
	ID           string
	Engine       string
	LanguageCode string
}

// Engines of Polly.
const (
	EngineStandard = "standard"
	EngineNeural   = "neural"
)

// DefaultVoices are the specification's voices by language code; the
// fallback is Vicki in de-DE.
var DefaultVoices = map[string]Voice{
	"de-DE": {"Vicki", EngineNeural, "de-DE"},
	"de":    {"Vicki", EngineNeural, "de-DE"},
	"en-US": {"Joanna", EngineNeural, "en-US"},
	"en":    {"Joanna", EngineNeural, "en-US"},
	"en-GB": {"Amy", EngineNeural, "en-GB"},
}

// FallbackVoice is used for any language without a default voice.
var FallbackVoice = DefaultVoices["de-DE"]

// DefaultVoice returns the voice of a language code ("de", "en-GB", …),
// FallbackVoice for an unknown or empty one.
func DefaultVoice(languageCode string) Voice {
	if v, ok := DefaultVoices[languageCode]; ok {
		return v
	}
	return FallbackVoice
}

// providerError is what the providers return for a failed call: the
// feature's message as EUNAVAILABLE, with a RetryAfter when waiting may help.
func providerError(m salescoach.Msg, passing bool, retryAfter time.Duration) *salescoach.Error {
	e := salescoach.NewError(salescoach.EUNAVAILABLE, m)
	if passing {
		if retryAfter <= 0 {
			retryAfter = UnavailableRetryAfter
		}
		retryAfter = min(max(retryAfter, MinUnavailableRetry), MaxUnavailableRetry)
		e.RetryAfter = int(retryAfter / time.Second)
	}
	return e
}

// passingStatus reports whether an HTTP status is one that passes by
// itself: 408, 429 and 5xx.
func passingStatus(status int) bool {
	return status == http.StatusRequestTimeout || status == http.StatusTooManyRequests || status >= 500
}

// retryAfterHeader reads a Retry-After in seconds (0 when absent or a date).
func retryAfterHeader(h http.Header) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(h.Get("Retry-After")))
	if err != nil || n <= 0 {
		return 0
	}
	return time.Duration(n) * time.Second
}

// cancelOnClose cancels a call's context when its body is closed, so the
// time limit covers the whole stream and ends with it.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c cancelOnClose) Close() error {
	err := c.ReadCloser.Close()
	c.cancel()
	return err
}

// limitedBody fails a read beyond max bytes instead of truncating silently.
type limitedBody struct {
	io.ReadCloser
	left int64
}

var errSpeechTooLarge = errors.New("voice: speech larger than MaxSpeechBytes")

func (l *limitedBody) Read(p []byte) (int, error) {
	if l.left <= 0 {
		var one [1]byte
		if n, _ := l.ReadCloser.Read(one[:]); n > 0 {
			return 0, errSpeechTooLarge
		}
		return 0, io.EOF
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.ReadCloser.Read(p)
	l.left -= int64(n)
	return n, err
}
