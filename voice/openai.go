package voice

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"regexp"
	"strings"
	"time"

	"salescoach"
)

// OpenAIConfig says which OpenAI-compatible audio server to talk to.
type OpenAIConfig struct {
	// BaseURL is the API root that "/audio/transcriptions" and
	// "/audio/speech" are appended to, such as https://api.openai.com/v1 or
	// http://localhost:8000/v1 (Speaches). Empty means OpenAI's.
	BaseURL string
	// APIKey is sent as "Authorization: Bearer …"; empty sends none, as
	// local servers expect.
	APIKey string
	// Model is the transcription or speech model, e.g. whisper-1,
	// gpt-4o-mini-transcribe, Systran/faster-whisper-small, tts-1 or
	// gpt-4o-mini-tts.
	Model string
	// Voice is the speech voice used when a request names none of the
	// API's voices (the specification's voices are Polly's):
	// DefaultOpenAIVoice when empty. A self-hosted server's own voice name
	// (Speaches/Kokoro: af_heart) works too.
	Voice string
	// HTTPClient sends the requests; nil uses a client with Go's default
	// transport.
	HTTPClient *http.Client
	// Timeout bounds one call, a synthesis's whole stream included;
	// DefaultTimeout when zero.
	Timeout time.Duration
	// Logger receives statuses, sizes and durations, never text or the
	// key; nil uses slog.Default().
	Logger *slog.Logger
}

// DefaultOpenAIBaseURL is OpenAI's API root.
const DefaultOpenAIBaseURL = "https://api.openai.com/v1"

// DefaultOpenAIVoice is the voice when OpenAIConfig.Voice is empty: OpenAI's
// own default, which every model has and the OpenAI-compatible servers map.
const DefaultOpenAIVoice = "alloy"

// openAIVoices are the built-in voices of OpenAI's speech API (ballad,
// verse, marin and cedar need gpt-4o-mini-tts; tts-1 and tts-1-hd have the
// other nine). A request naming one of them gets it; any other name, such
// as the specification's Polly voices, gets the configured voice.
var openAIVoices = map[string]bool{"alloy": true, "ash": true, "ballad": true, "cedar": true, "coral": true,
	"echo": true, "fable": true, "marin": true, "nova": true, "onyx": true, "sage": true, "shimmer": true, "verse": true}

var openAIVoiceName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$`)

// ValidOpenAIVoice reports whether v can be the configured voice: a name of
// letters, digits, '_', '.' and '-', at most 64 long.
func ValidOpenAIVoice(v string) bool { return openAIVoiceName.MatchString(v) }

// OpenAI is a Transcriber and Synthesizer over the OpenAI audio API.
type OpenAI struct {
	base    string
	key     string
	model   string
	voice   string
	client  *http.Client
	timeout time.Duration
	log     *slog.Logger
}

var (
	_ Transcriber = (*OpenAI)(nil)
	_ Synthesizer = (*OpenAI)(nil)
)

// NewOpenAI checks c and returns the client. It returns an error when the
// base URL is not an http(s) URL or the model is missing.
func NewOpenAI(c OpenAIConfig) (*OpenAI, error) {
	base := strings.TrimRight(strings.TrimSpace(c.BaseURL), "/")
	if base == "" {
		base = DefaultOpenAIBaseURL
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errors.New("voice: base URL must be an http(s) URL")
	}
	if strings.TrimSpace(c.Model) == "" {
		return nil, errors.New("voice: a model is required")
	}
	if c.Voice != "" && !ValidOpenAIVoice(c.Voice) {
		return nil, errors.New("voice: the voice must be a name of letters, digits, '_', '.' and '-'")
	}
	o := &OpenAI{base: base, key: c.APIKey, model: c.Model, voice: c.Voice, client: c.HTTPClient,
		timeout: c.Timeout, log: c.Logger}
	if o.voice == "" {
		o.voice = DefaultOpenAIVoice
	}
	if o.client == nil {
		o.client = &http.Client{}
	}
	if o.timeout <= 0 {
		o.timeout = DefaultTimeout
	}
	if o.log == nil {
		o.log = slog.Default()
	}
	return o, nil
}

// Name implements Transcriber and Synthesizer.
func (o *OpenAI) Name() string { return "openai" }

// Voice is the voice a synthesis gets when its request names none of the
// API's voices.
func (o *OpenAI) Voice() string { return o.voice }

// Transcribe posts a as multipart form data to /audio/transcriptions and
// returns the text of the JSON answer.
func (o *OpenAI) Transcribe(ctx context.Context, a Audio) (string, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="file"; filename="speech.%s"`, a.Format))
	h.Set("Content-Type", a.Format.ContentType())
	fw, _ := mw.CreatePart(h)
	fw.Write(a.Data)
	mw.WriteField("model", o.model)
	mw.WriteField("response_format", "json")
	if a.Language != "" {
		mw.WriteField("language", a.Language)
	}
	mw.Close()

	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.base+"/audio/transcriptions", &body)
	if err != nil {
		return "", providerError(salescoach.MsgSTTFailed, false, 0)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Accept", "application/json")
	o.authorize(req)
	start := time.Now()
	res, err := o.client.Do(req)
	if err != nil {
		o.log.WarnContext(ctx, "speech-to-text unreachable", "provider", "openai", "err", redact(err), "elapsed", time.Since(start))
		return "", providerError(salescoach.MsgSTTFailed, true, 0)
	}
	defer res.Body.Close()
	if res.StatusCode/100 != 2 {
		io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
		o.log.WarnContext(ctx, "speech-to-text failed", "provider", "openai", "status", res.StatusCode, "elapsed", time.Since(start))
		return "", providerError(salescoach.MsgSTTFailed, passingStatus(res.StatusCode), retryAfterHeader(res.Header))
	}
	var out struct {
		Text *string `json:"text"`
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&out); err != nil || out.Text == nil {
		o.log.WarnContext(ctx, "speech-to-text answer unreadable", "provider", "openai", "err", redact(err))
		return "", providerError(salescoach.MsgSTTFailed, ctx.Err() != nil, 0)
	}
	o.log.DebugContext(ctx, "speech transcribed", "provider", "openai", "audio_ms", a.Duration.Milliseconds(),
		"chars", len(*out.Text), "elapsed", time.Since(start))
	return strings.TrimSpace(*out.Text), nil
}

// Synthesize posts r to /audio/speech (MP3) and streams the answer. A voice
// the API does not know, such as the specification's Polly voices, is
// replaced by the configured one.
func (o *OpenAI) Synthesize(ctx context.Context, r SpeechRequest) (*Speech, error) {
	voice := strings.ToLower(r.Voice)
	if !openAIVoices[voice] {
		voice = o.voice
	}
	payload, _ := json.Marshal(map[string]string{"model": o.model, "input": r.Text, "voice": voice, "response_format": "mp3"})
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.base+"/audio/speech", bytes.NewReader(payload))
	if err != nil {
		cancel()
		return nil, providerError(salescoach.MsgTTSFailed, false, 0)
	}
	req.Header.Set("Content-Type", "application/json")
	o.authorize(req)
	start := time.Now()
	res, err := o.client.Do(req)
	if err != nil {
		cancel()
		o.log.WarnContext(ctx, "text-to-speech unreachable", "provider", "openai", "err", redact(err), "elapsed", time.Since(start))
		return nil, providerError(salescoach.MsgTTSFailed, true, 0)
	}
	if res.StatusCode/100 != 2 {
		io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
		res.Body.Close()
		cancel()
		o.log.WarnContext(ctx, "text-to-speech failed", "provider", "openai", "status", res.StatusCode, "elapsed", time.Since(start))
		return nil, providerError(salescoach.MsgTTSFailed, passingStatus(res.StatusCode), retryAfterHeader(res.Header))
	}
	ct := res.Header.Get("Content-Type")
	if ct == "" || !strings.HasPrefix(ct, "audio/") {
		ct = "audio/mpeg"
	}
	return &Speech{ContentType: ct, Body: cancelOnClose{&limitedBody{res.Body, MaxSpeechBytes}, cancel}}, nil
}

func (o *OpenAI) authorize(req *http.Request) {
	if o.key != "" {
		req.Header.Set("Authorization", "Bearer "+o.key)
	}
}

// redact keeps a transport error's kind but drops the URL, which may hold
// credentials in its user part.
func redact(err error) string {
	if err == nil {
		return ""
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Op + ": " + ue.Err.Error()
	}
	return err.Error()
}
