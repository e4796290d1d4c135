package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"salescoach"
	"salescoach/voice"
)

// Bounds of the voice endpoints.
const (
	// maxSTTBody is the audio limit plus room for the multipart framing.
	maxSTTBody = voice.MaxAudioBytes + 64<<10
	// ttsFirstChunk is how much audio is read from the provider before the
	// answer is committed: a provider failing before then still gets a
	// proper error answer.
	ttsFirstChunk = 16 << 10
)

var (
	voiceNamePattern    = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,39}$`)
	languageCodePattern = regexp.MustCompile(`^[a-z]{2,3}(-[A-Z]{2})?$`)
	errSTTOff           = salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgSTTUnavailable)
	errTTSOff           = salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgTTSUnavailable)
)

// languageCodeOf is the language code of a user's language: de-DE for
// Standard and Deutsch, en-US for English.
func languageCodeOf(u *salescoach.User) string {
	if u.Language == salescoach.LanguageEN {
		return "en-US"
	}
	return "de-DE"
}

func providerName[T interface{ Name() string }](p T, ok bool) string {
	if !ok {
		return "none"
	}
	return p.Name()
}

// handleVoice tells the browser what the server offers: which providers
// transcribe and speak ("none" makes the browser use its own speech
// synthesis and recognition), the user's default voice, and the loop's
// constants.
func (s *Server) handleVoice(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	def := voice.DefaultVoice(languageCodeOf(u))
	if v, ok := s.TTS.(interface{ Voice() string }); ok {
		def.ID = v.Voice() // the OpenAI API's voice (TTS_VOICE) speaks instead of the Polly name
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"stt": map[string]any{"provider": providerName(s.STT, s.STT != nil)},
		"tts": map[string]any{"provider": providerName(s.TTS, s.TTS != nil), "voice": def.ID, "engine": def.Engine,
			"languageCode": def.LanguageCode},
		"maxRecordingMs":     voice.MaxRecording.Milliseconds(),
		"silenceThreshold":   voice.SilenceThreshold,
		"silenceMs":          voice.SilenceHold.Milliseconds(),
		"minTranscriptChars": voice.MinTranscriptRunes,
		"maxTextChars":       voice.MaxSpeechRunes,
	})
	return nil
}

// readAudio reads the multipart field "file": at most voice.MaxAudioBytes,
// a container sniffed from its bytes (the declared type is not trusted),
// and a duration within voice.MaxAudioDuration.
func readAudio(r *http.Request) (voice.Audio, error) {
	var a voice.Audio
	unreadable := func(err error) error {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			return tooLargeAudio()
		}
		return salescoach.FieldError("file", salescoach.MsgAudioInvalid)
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return a, unreadable(err)
	}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return a, salescoach.FieldError("file", salescoach.MsgAudioMissing)
		} else if err != nil {
			return a, unreadable(err)
		}
		if part.FormName() != "file" {
			continue
		}
		data, err := io.ReadAll(io.LimitReader(part, voice.MaxAudioBytes+1))
		if err != nil {
			return a, unreadable(err)
		}
		if len(data) > voice.MaxAudioBytes {
			return a, tooLargeAudio()
		}
		if len(data) == 0 {
			return a, salescoach.FieldError("file", salescoach.MsgAudioEmpty)
		}
		f, ok := voice.Sniff(data)
		if !ok {
			return a, salescoach.FieldError("file", salescoach.MsgAudioType)
		}
		d, ok := voice.Duration(f, data)
		if !ok {
			return a, salescoach.FieldError("file", salescoach.MsgAudioInvalid)
		}
		if d > voice.MaxAudioDuration {
			return a, salescoach.FieldError("file", salescoach.MsgAudioTooLong.With("seconds", int(voice.MaxRecording.Seconds())))
		}
		return voice.Audio{Data: data, Format: f, Duration: d}, nil
	}
}

func tooLargeAudio() error {
	m := salescoach.MsgAudioTooLarge.With("max", voice.MaxAudioBytes>>20)
	return &salescoach.Error{Code: salescoach.ETOOLARGE, Msg: m, Fields: map[string]salescoach.Msg{"file": m}}
}

// handleSTT transcribes one recording (multipart field "file"). With
// ?callId= the transcription counts as a turn of that call. The answer is
// {text}; the browser discards texts under two characters.
func (s *Server) handleSTT(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if s.STT == nil {
		return errSTTOff
	}
	callID := r.URL.Query().Get("callId")
	if callID != "" && !salescoach.IsUUID(callID) {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgCallNotFound)
	}
	if err := s.rateLimit(s.limits.stt, u.ID); err != nil {
		return err
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxSTTBody)
	audio, err := readAudio(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	audio.Language = languageCodeOf(u)[:2]
	text, err := s.STT.Transcribe(ctx, audio)
	if err != nil {
		return err
	}
	if err := s.Voice.RecordVoiceUsage(ctx, &salescoach.VoiceUsage{UserID: u.ID, Kind: salescoach.VoiceSTT,
		Provider: s.STT.Name(), AudioMillis: audio.Duration.Milliseconds()}); err != nil {
		return err
	}
	if callID != "" && utf8.RuneCountInString(text) >= voice.MinTranscriptRunes {
		if err := s.Voice.AddCallTurn(ctx, u.ID, callID); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"text": text})
	return nil
}

// ttsRequest is the specification's tts call: text, voice, engine,
// languageCode and "optional extras", which it does not name. Its shape is
// Polly's SynthesizeSpeech, so the extras taken are Polly's other options
// that fit speech the browser plays: outputFormat (mp3 only), sampleRate
// (Polly's MP3 rates; the OpenAI API has no such option) and textType
// (text only: SSML is refused). Any other field is still refused by name.
type ttsRequest struct {
	Text         string     `json:"text"`
	Voice        string     `json:"voice"`
	Engine       string     `json:"engine"`
	LanguageCode string     `json:"languageCode"`
	OutputFormat string     `json:"outputFormat"`
	SampleRate   sampleRate `json:"sampleRate"`
	TextType     string     `json:"textType"`
}

// sampleRate is a sample rate in Hz sent as Polly takes it ("24000") or as
// a number (24000).
type sampleRate string

func (s *sampleRate) UnmarshalJSON(b []byte) error {
	var text string
	if err := json.Unmarshal(b, &text); err == nil {
		*s = sampleRate(text)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		*s = sampleRate(n.String())
		return nil
	}
	return &json.UnmarshalTypeError{Value: "non-number", Type: reflect.TypeFor[sampleRate]()}
}

func (q *ttsRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	if strings.TrimSpace(q.Text) == "" {
		p["text"] = salescoach.MsgSpeechTextEmpty
	} else if utf8.RuneCountInString(q.Text) > voice.MaxSpeechRunes {
		p["text"] = salescoach.MsgSpeechTextLong.With("max", voice.MaxSpeechRunes)
	}
	if q.Voice != "" && !voiceNamePattern.MatchString(q.Voice) {
		p["voice"] = salescoach.MsgVoiceInvalid
	}
	if q.Engine != "" && q.Engine != voice.EngineStandard && q.Engine != voice.EngineNeural {
		p["engine"] = salescoach.MsgVoiceEngine
	}
	if q.LanguageCode != "" && !languageCodePattern.MatchString(q.LanguageCode) {
		p["languageCode"] = salescoach.MsgLanguageCode
	}
	if q.OutputFormat != "" && q.OutputFormat != "mp3" {
		p["outputFormat"] = salescoach.MsgSpeechFormat
	}
	if q.SampleRate != "" && !slices.Contains(voice.SampleRates, string(q.SampleRate)) {
		p["sampleRate"] = salescoach.MsgSampleRate
	}
	if q.TextType != "" && q.TextType != "text" {
		p["textType"] = salescoach.MsgTextType
	}
	return p
}

// handleTTS speaks a text and streams the audio back as the provider sends
// it. ?voiceId= overrides the body's voice. Without a voice the language
// (the body's languageCode, else the user's) picks the default voice. A
// provider that fails before its first audio gets an error answer; one that
// breaks off later aborts the response, so the browser never plays a
// truncated answer as if it were whole. Usage is recorded only for speech
// delivered whole.
func (s *Server) handleTTS(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.tts, u.ID); err != nil {
		return err
	}
	req, err := decode[*ttsRequest](w, r, 0)
	if err != nil {
		return err
	}
	if s.TTS == nil {
		return errTTSOff
	}
	if v := r.URL.Query().Get("voiceId"); v != "" {
		if !voiceNamePattern.MatchString(v) {
			return salescoach.FieldError("voiceId", salescoach.MsgVoiceInvalid)
		}
		req.Voice = v
	}
	sr := voice.SpeechRequest{Text: req.Text, Voice: req.Voice, Engine: req.Engine, LanguageCode: req.LanguageCode,
		SampleRate: string(req.SampleRate)}
	if sr.Voice == "" {
		def := voice.DefaultVoice(cmpOr(req.LanguageCode, languageCodeOf(u)))
		sr.Voice, sr.LanguageCode = def.ID, def.LanguageCode
		if sr.Engine == "" {
			sr.Engine = def.Engine
		}
	}
	ctx := r.Context()
	speech, err := s.TTS.Synthesize(ctx, sr)
	if err != nil {
		return err
	}
	defer speech.Body.Close()
	first := make([]byte, 0, ttsFirstChunk)
	var rerr error
	for len(first) < cap(first) && rerr == nil {
		var m int
		m, rerr = speech.Body.Read(first[len(first):cap(first)])
		first = first[:len(first)+m]
	}
	if len(first) == 0 || (rerr != nil && rerr != io.EOF) {
		s.log.WarnContext(ctx, "text-to-speech stream failed before any audio", "provider", s.TTS.Name(), "err", rerr)
		return &salescoach.Error{Code: salescoach.EUNAVAILABLE, Msg: salescoach.MsgTTSFailed, RetryAfter: 5}
	}
	h := w.Header()
	h.Set("Content-Type", speech.ContentType)
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	if _, err := w.Write(first); err != nil {
		return nil // the browser went away
	}
	_ = rc.Flush()
	buf := first[:cap(first)]
	for rerr == nil {
		var m int
		m, rerr = speech.Body.Read(buf)
		if m > 0 {
			if _, err := w.Write(buf[:m]); err != nil {
				return nil // the browser went away; nothing was delivered whole
			}
			_ = rc.Flush()
		}
		if rerr != nil && rerr != io.EOF {
			s.log.WarnContext(ctx, "text-to-speech stream broke off", "provider", s.TTS.Name(), "err", rerr)
			panic(http.ErrAbortHandler) // ends the response unterminated, so it reads as failed
		}
	}
	if err := s.Voice.RecordVoiceUsage(ctx, &salescoach.VoiceUsage{UserID: u.ID, Kind: salescoach.VoiceTTS,
		Provider: s.TTS.Name(), Characters: int64(utf8.RuneCountInString(req.Text))}); err != nil {
		s.log.ErrorContext(ctx, "recording speech usage failed", "user_id", u.ID, "err", err)
	}
	return nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// handleStartCall opens a voice call; its transcriptions count as turns.
func (s *Server) handleStartCall(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.calls, u.ID); err != nil {
		return err
	}
	c, err := s.Voice.StartCall(r.Context(), u.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]string{"id": c.ID})
	return nil
}

// handleFinishCall ends a voice call. The first finish of a call with a
// transcribed turn raises the 'Telefonieren' counter; the answer says
// whether this one did.
func (s *Server) handleFinishCall(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	id := r.PathValue("id")
	if !salescoach.IsUUID(id) {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgCallNotFound)
	}
	counted, err := s.Voice.FinishCall(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	if counted {
		s.changed(r, u.ID, salescoach.ChangeProfile, salescoach.OpUpdate, u.ID)
	}
	writeJSON(w, http.StatusOK, map[string]bool{"counted": counted})
	return nil
}
