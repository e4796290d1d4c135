package voice_test

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/voice"
	"salescoach/voice/voicetest"
)

func TestVoiceSniffAndDuration(t *testing.T) {
	for _, tc := range []struct {
		name   string
		data   []byte
		format voice.Format
		want   time.Duration
	}{
		{"wav", voicetest.WAV(3 * time.Second), voice.FormatWAV, 3 * time.Second},
		{"ogg opus", voicetest.Ogg(2500 * time.Millisecond), voice.FormatOgg, 2500 * time.Millisecond},
		{"webm as MediaRecorder writes it", voicetest.WebM(4 * time.Second), voice.FormatWebM, 4 * time.Second},
		{"long webm", voicetest.WebM(30 * time.Second), voice.FormatWebM, 30 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, ok := voice.Sniff(tc.data)
			if !ok || f != tc.format {
				t.Fatalf("Sniff = %q, %v; want %q", f, ok, tc.format)
			}
			d, ok := voice.Duration(f, tc.data)
			if !ok || d < tc.want-50*time.Millisecond || d > tc.want+50*time.Millisecond {
				t.Errorf("Duration = %v, %v; want about %v", d, ok, tc.want)
			}
		})
	}
	for _, bad := range [][]byte{nil, []byte("ID3\x04 mp3"), []byte("%PDF-1.7"), []byte("RIFF\x00\x00\x00\x00AVI ")} {
		if f, ok := voice.Sniff(bad); ok {
			t.Errorf("Sniff(%q) = %q, want no format", bad, f)
		}
	}
	// Containers without audio or cut in their headers have no duration.
	for name, tc := range map[string]struct {
		f    voice.Format
		data []byte
	}{
		"wav header only": {voice.FormatWAV, voicetest.WAV(0)},
		"wav cut":         {voice.FormatWAV, voicetest.WAV(time.Second)[:30]},
		"webm no blocks":  {voice.FormatWebM, voicetest.WebM(0)},
		"ogg header only": {voice.FormatOgg, voicetest.Ogg(0)},
		"ogg garbage":     {voice.FormatOgg, append([]byte("OggS"), bytes.Repeat([]byte{0xFF}, 40)...)},
	} {
		if d, ok := voice.Duration(tc.f, tc.data); ok {
			t.Errorf("%s: Duration = %v, want none", name, d)
		}
	}
}

func TestVoiceDefaultVoices(t *testing.T) {
	for code, want := range map[string]string{"de-DE": "Vicki", "de": "Vicki", "en-US": "Joanna", "en": "Joanna",
		"en-GB": "Amy", "fr-FR": "Vicki", "": "Vicki"} {
		v := voice.DefaultVoice(code)
		if v.ID != want || v.Engine != voice.EngineNeural {
			t.Errorf("DefaultVoice(%q) = %+v, want %s neural", code, v, want)
		}
	}
	if v := voice.DefaultVoice("xx"); v.LanguageCode != "de-DE" {
		t.Errorf("fallback language = %q, want de-DE", v.LanguageCode)
	}
}

func newOpenAI(t *testing.T, fake *voicetest.Server, model string, timeout time.Duration) *voice.OpenAI {
	t.Helper()
	o, err := voice.NewOpenAI(voice.OpenAIConfig{BaseURL: fake.URL, APIKey: "sk-test", Model: model, Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestSTTOpenAI(t *testing.T) {
	fake := voicetest.NewOpenAI(t)
	o := newOpenAI(t, fake, "whisper-1", 0)
	data := voicetest.WebM(2 * time.Second)
	text, err := o.Transcribe(context.Background(), voice.Audio{Data: data, Format: voice.FormatWebM, Language: "de"})
	if err != nil {
		t.Fatal(err)
	}
	if text != "Das ist mir zu teuer." {
		t.Errorf("text = %q", text)
	}
	reqs := fake.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	r := reqs[0]
	if r.Path != "/v1/audio/transcriptions" || r.Authorization != "Bearer sk-test" || r.Model != "whisper-1" ||
		r.Language != "de" || r.ResponseFormat != "json" || r.FileName != "speech.webm" || r.FileType != "audio/webm" ||
		!bytes.Equal(r.File, data) {
		t.Errorf("request = %+v", r)
	}
}

func TestSTTOpenAIFaults(t *testing.T) {
	audio := voice.Audio{Data: voicetest.WAV(time.Second), Format: voice.FormatWAV}
	for _, tc := range []struct {
		name      string
		set       func(s *voicetest.Server)
		retryable bool
	}{
		{"overloaded", func(s *voicetest.Server) { s.Status, s.RetryAfter = 429, "7" }, true},
		{"server error", func(s *voicetest.Server) { s.Status = 502 }, true},
		{"key refused", func(s *voicetest.Server) { s.Status = 401 }, false},
		{"garbage answer", func(s *voicetest.Server) { s.Garbage = true }, false},
		{"no answer in time", func(s *voicetest.Server) { s.Hang = make(chan struct{}) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := voicetest.NewOpenAI(t)
			fake.Set(tc.set)
			o := newOpenAI(t, fake, "whisper-1", 200*time.Millisecond)
			_, err := o.Transcribe(context.Background(), audio)
			checkProviderError(t, err, salescoach.MsgSTTFailed, tc.retryable)
		})
	}
	t.Run("unreachable", func(t *testing.T) {
		o, _ := voice.NewOpenAI(voice.OpenAIConfig{BaseURL: "http://127.0.0.1:1/v1", Model: "m"})
		_, err := o.Transcribe(context.Background(), audio)
		checkProviderError(t, err, salescoach.MsgSTTFailed, true)
	})
	t.Run("retry-after kept", func(t *testing.T) {
		fake := voicetest.NewOpenAI(t)
		fake.Set(func(s *voicetest.Server) { s.Status, s.RetryAfter = 503, "7" })
		_, err := newOpenAI(t, fake, "m", 0).Transcribe(context.Background(), audio)
		if e, _ := err.(*salescoach.Error); e == nil || e.RetryAfter != 7 {
			t.Errorf("err = %#v, want RetryAfter 7", err)
		}
	})
}

func checkProviderError(t *testing.T, err error, m salescoach.Msg, retryable bool) {
	t.Helper()
	e, ok := err.(*salescoach.Error)
	if !ok {
		t.Fatalf("err = %v (%T), want *salescoach.Error", err, err)
	}
	if e.Code != salescoach.EUNAVAILABLE || e.Msg.Key != m.Key {
		t.Errorf("err = %s %s, want unavailable %s", e.Code, e.Msg.Key, m.Key)
	}
	if retryable != (e.RetryAfter > 0) {
		t.Errorf("RetryAfter = %d, retryable %v", e.RetryAfter, retryable)
	}
	if strings.Contains(err.Error(), "sk-test") {
		t.Error("the key leaked into the error")
	}
}

func TestTTSOpenAI(t *testing.T) {
	fake := voicetest.NewOpenAI(t)
	o := newOpenAI(t, fake, "tts-1", 0)
	if o.Voice() != "alloy" {
		t.Errorf("default voice = %q", o.Voice())
	}
	for _, tc := range []struct{ voice, want string }{{"Vicki", "alloy"}, {"nova", "nova"}, {"", "alloy"}, {"Marin", "marin"}} {
		sp, err := o.Synthesize(context.Background(), voice.SpeechRequest{Text: "Guten Tag.", Voice: tc.voice})
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(sp.Body)
		sp.Body.Close()
		if err != nil || sp.ContentType != "audio/mpeg" || !bytes.Equal(got, fake.Audio) {
			t.Errorf("speech %q, %d bytes, err %v", sp.ContentType, len(got), err)
		}
		r := fake.Requests()[len(fake.Requests())-1]
		if r.Path != "/v1/audio/speech" || r.Model != "tts-1" || r.Text != "Guten Tag." || r.Voice != tc.want ||
			r.OutputFormat != "mp3" || r.Authorization != "Bearer sk-test" {
			t.Errorf("request = %+v", r)
		}
	}
}

func TestTTSOpenAIFaults(t *testing.T) {
	req := voice.SpeechRequest{Text: "Hallo."}
	for _, tc := range []struct {
		name      string
		set       func(s *voicetest.Server)
		retryable bool
	}{
		{"overloaded", func(s *voicetest.Server) { s.Status = 429 }, true},
		{"bad request", func(s *voicetest.Server) { s.Status = 400 }, false},
		{"no answer in time", func(s *voicetest.Server) { s.Hang = make(chan struct{}) }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := voicetest.NewOpenAI(t)
			fake.Set(tc.set)
			_, err := newOpenAI(t, fake, "tts-1", 200*time.Millisecond).Synthesize(context.Background(), req)
			checkProviderError(t, err, salescoach.MsgTTSFailed, tc.retryable)
		})
	}
	t.Run("stream broken off", func(t *testing.T) {
		fake := voicetest.NewOpenAI(t)
		fake.Set(func(s *voicetest.Server) { s.BreakAfter = 100 })
		sp, err := newOpenAI(t, fake, "tts-1", 0).Synthesize(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		defer sp.Body.Close()
		if _, err := io.ReadAll(sp.Body); err == nil {
			t.Error("reading a broken stream succeeded")
		}
	})
}

func newPolly(t *testing.T, fake *voicetest.Server) *voice.Polly {
	t.Helper()
	p, err := voice.NewPolly(voice.PollyConfig{Region: "eu-central-1", AccessKeyID: "AKIDTEST", SecretAccessKey: "secret-test",
		Endpoint: fake.URL, Timeout: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestTTSPolly(t *testing.T) {
	fake := voicetest.NewPolly(t)
	p := newPolly(t, fake)
	for _, tc := range []struct {
		req                 voice.SpeechRequest
		voice, engine, lang string
	}{
		{voice.SpeechRequest{Text: "Guten Tag."}, "Vicki", "neural", ""},
		{voice.SpeechRequest{Text: "Hello.", LanguageCode: "en-GB"}, "Amy", "neural", "en-GB"},
		{voice.SpeechRequest{Text: "Hello.", LanguageCode: "en-US"}, "Joanna", "neural", "en-US"},
		{voice.SpeechRequest{Text: "Hallo.", Voice: "Hans", Engine: "standard", LanguageCode: "de-DE"}, "Hans", "standard", "de-DE"},
		{voice.SpeechRequest{Text: "Hallo.", SampleRate: "16000"}, "Vicki", "neural", ""},
	} {
		sp, err := p.Synthesize(context.Background(), tc.req)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(sp.Body)
		sp.Body.Close()
		if err != nil || sp.ContentType != "audio/mpeg" || !bytes.Equal(got, fake.Audio) {
			t.Errorf("speech %q, %d bytes, err %v", sp.ContentType, len(got), err)
		}
		r := fake.Requests()[len(fake.Requests())-1]
		if r.Text != tc.req.Text || r.Voice != tc.voice || r.Engine != tc.engine || r.LanguageCode != tc.lang || r.OutputFormat != "mp3" ||
			r.SampleRate != tc.req.SampleRate {
			t.Errorf("request = %+v", r)
		}
		if !strings.Contains(r.Authorization, "Credential=AKIDTEST/") || !strings.Contains(r.Authorization, "/eu-central-1/polly/") {
			t.Errorf("not signed for the region: %q", r.Authorization)
		}
	}
}

func TestTTSPollyFaults(t *testing.T) {
	req := voice.SpeechRequest{Text: "Hallo."}
	for _, tc := range []struct {
		name      string
		set       func(s *voicetest.Server)
		code      string
		retryable bool
	}{
		{"throttled", func(s *voicetest.Server) { s.Status, s.ErrorType = 400, "ThrottlingException" }, salescoach.EUNAVAILABLE, true},
		{"service failure", func(s *voicetest.Server) { s.Status = 500 }, salescoach.EUNAVAILABLE, true},
		{"unknown voice", func(s *voicetest.Server) { s.Status, s.ErrorType = 400, "InvalidParameterValueException" }, salescoach.EINVALID, false},
		{"no answer in time", func(s *voicetest.Server) { s.Hang = make(chan struct{}) }, salescoach.EUNAVAILABLE, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := voicetest.NewPolly(t)
			fake.Set(tc.set)
			_, err := newPolly(t, fake).Synthesize(context.Background(), req)
			e, ok := err.(*salescoach.Error)
			if !ok || e.Code != tc.code || (e.RetryAfter > 0) != tc.retryable {
				t.Fatalf("err = %#v", err)
			}
			if strings.Contains(err.Error(), "secret-test") {
				t.Error("the secret leaked")
			}
		})
	}
	t.Run("stream broken off", func(t *testing.T) {
		fake := voicetest.NewPolly(t)
		fake.Set(func(s *voicetest.Server) { s.BreakAfter = 100 })
		sp, err := newPolly(t, fake).Synthesize(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		defer sp.Body.Close()
		if _, err := io.ReadAll(sp.Body); err == nil {
			t.Error("reading a broken stream succeeded")
		}
	})
}

func TestVoiceConfigErrors(t *testing.T) {
	if _, err := voice.NewOpenAI(voice.OpenAIConfig{BaseURL: "ftp://x", Model: "m"}); err == nil {
		t.Error("ftp base URL accepted")
	}
	if _, err := voice.NewOpenAI(voice.OpenAIConfig{}); err == nil {
		t.Error("missing model accepted")
	}
	if _, err := voice.NewOpenAI(voice.OpenAIConfig{Model: "tts-1", Voice: "../nova"}); err == nil {
		t.Error("a voice that is no name accepted")
	}
	if _, err := voice.NewPolly(voice.PollyConfig{Region: "eu-central-1"}); err == nil {
		t.Error("Polly without keys accepted")
	}
}

// The configured voice (TTS_VOICE) speaks for every name the API does not
// have, a self-hosted server's own voice included.
func TestTTSOpenAIConfiguredVoice(t *testing.T) {
	fake := voicetest.NewOpenAI(t)
	o, err := voice.NewOpenAI(voice.OpenAIConfig{BaseURL: fake.URL, Model: "speaches-ai/Kokoro-82M-v1.0-ONNX", Voice: "af_heart"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ voice, want string }{{"Vicki", "af_heart"}, {"", "af_heart"}, {"Joanna", "af_heart"}, {"echo", "echo"}} {
		sp, err := o.Synthesize(context.Background(), voice.SpeechRequest{Text: "Hallo.", Voice: tc.voice})
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, sp.Body)
		sp.Body.Close()
		if r := fake.Requests()[len(fake.Requests())-1]; r.Voice != tc.want {
			t.Errorf("voice %q: provider got %q, want %q", tc.voice, r.Voice, tc.want)
		}
	}
}

// A local Polly answers before net/http has finished with the request body;
// smithy-go's body wrapper then made the transport close the connection under
// the audio being read, about one synthesis in 500. Many quick syntheses in a
// row must all arrive whole.
func TestTTSPollyFastEndpoint(t *testing.T) {
	fake := voicetest.NewPolly(t)
	p := newPolly(t, fake)
	for i := range 1500 {
		sp, err := p.Synthesize(context.Background(), voice.SpeechRequest{Text: "Das verstehe ich."})
		if err != nil {
			t.Fatalf("synthesis %d: %v", i, err)
		}
		got, err := io.ReadAll(sp.Body)
		sp.Body.Close()
		if err != nil || !bytes.Equal(got, fake.Audio) {
			t.Fatalf("synthesis %d: %d bytes, %v", i, len(got), err)
		}
	}
}
