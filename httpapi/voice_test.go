package httpapi_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
	"salescoach/voice"
	"salescoach/voice/voicetest"
)

// withSTT transcribes on the OpenAI audio fake.
func withSTT(t testing.TB, fake *voicetest.Server, timeout time.Duration) envOption {
	return func(_ *httpapi.Config, deps *httpapi.Deps) {
		o, err := voice.NewOpenAI(voice.OpenAIConfig{BaseURL: fake.URL, APIKey: "sk-stt-secret", Model: "whisper-1",
			Timeout: timeout, Logger: deps.Logger})
		if err != nil {
			t.Fatal(err)
		}
		deps.STT = o
	}
}

// withPolly speaks on the Polly fake.
func withPolly(t testing.TB, fake *voicetest.Server, timeout time.Duration) envOption {
	return func(_ *httpapi.Config, deps *httpapi.Deps) {
		p, err := voice.NewPolly(voice.PollyConfig{Region: "eu-central-1", AccessKeyID: "AKIDTEST",
			SecretAccessKey: "aws-secret-test", Endpoint: fake.URL, Timeout: timeout, Logger: deps.Logger})
		if err != nil {
			t.Fatal(err)
		}
		deps.TTS = p
	}
}

// stt posts data as the multipart field (usually "file") to /api/stt.
func (c *client) stt(query, field string, data []byte) response {
	c.e.t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=%q; filename="speech.webm"`, field))
	h.Set("Content-Type", "audio/webm")
	part, _ := mw.CreatePart(h)
	part.Write(data)
	mw.Close()
	return c.raw("POST", "/api/stt"+query, mw.FormDataContentType(), &body)
}

func (c *client) raw(method, path, contentType string, body io.Reader) response {
	c.e.t.Helper()
	req, _ := http.NewRequestWithContext(context.Background(), method, c.e.srv.URL+path, body)
	req.Header.Set("Content-Type", contentType)
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return response{status: -1, header: res.Header, body: b}
	}
	return response{status: res.StatusCode, header: res.Header, body: b}
}

func TestVoiceWithoutProviders(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.client().do("GET", "/api/voice", nil).must(t, 401)
		c := signedIn(t, e, "ute@example.com")
		v := c.do("GET", "/api/voice", nil).must(t, 200).json(t)
		stt, tts := v["stt"].(map[string]any), v["tts"].(map[string]any)
		if stt["provider"] != "none" || tts["provider"] != "none" || tts["voice"] != "Vicki" || tts["engine"] != "neural" ||
			tts["languageCode"] != "de-DE" || v["maxRecordingMs"].(float64) != 20000 || v["silenceThreshold"].(float64) != 0.01 ||
			v["silenceMs"].(float64) != 1500 || v["minTranscriptChars"].(float64) != 2 {
			t.Errorf("voice = %v", v)
		}
		wantCode(t, c.stt("", "file", voicetest.WAV(time.Second)), 503, "stt_not_configured")
		wantCode(t, c.do("POST", "/api/tts", map[string]any{"text": "Hallo"}), 503, "tts_not_configured")
	})
}

func TestSTTUploads(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := voicetest.NewOpenAI(t)
		e := newEnv(t, db, withSTT(t, fake, 0))
		e.client().stt("", "file", voicetest.WAV(time.Second)).must(t, 401)
		c := signedIn(t, e, "ute@example.com")
		if v := c.do("GET", "/api/voice", nil).must(t, 200).json(t); v["stt"].(map[string]any)["provider"] != "openai" {
			t.Errorf("voice = %v", v)
		}
		for _, tc := range []struct {
			name string
			data []byte
		}{
			{"webm", voicetest.WebM(3 * time.Second)},
			{"ogg", voicetest.Ogg(2 * time.Second)},
			{"wav", voicetest.WAV(time.Second)},
			{"the cap plus the margin", voicetest.WebM(voice.MaxAudioDuration)},
		} {
			r := c.stt("", "file", tc.data).must(t, 200).json(t)
			if r["text"] != "Das ist mir zu teuer." {
				t.Errorf("%s: %v", tc.name, r)
			}
		}
		if reqs := fake.Requests(); len(reqs) != 4 || reqs[0].FileName != "speech.webm" || reqs[1].FileName != "speech.ogg" ||
			reqs[2].FileName != "speech.wav" || reqs[0].Language != "de" || reqs[0].Model != "whisper-1" {
			t.Errorf("provider requests = %+v", reqs)
		}

		huge := append(voicetest.WAV(time.Second), make([]byte, voice.MaxAudioBytes)...)
		// 100 s of 16 kHz 16-bit WAV whose header claims 3.2 GB a second:
		// a millisecond by the byte rate alone.
		forged := voicetest.WAV(100 * time.Second)
		binary.LittleEndian.PutUint32(forged[28:32], 3_200_000_000)
		for _, tc := range []struct {
			name, field string
			data        []byte
			status      int
			code        string
		}{
			{"mp3 declared as webm", "file", []byte("ID3\x04\x00\x00\x00\x00\x00\x00 not ours"), 400, "audio_type"},
			{"html", "file", []byte("<html><script>alert(1)</script></html>"), 400, "audio_type"},
			{"too long", "file", voicetest.WebM(voice.MaxAudioDuration + time.Second), 400, "audio_too_long"},
			{"empty", "file", nil, 400, "audio_empty"},
			{"no audio in the container", "file", voicetest.WebM(0), 400, "audio_invalid"},
			{"forged WAV byte rate", "file", forged, 400, "audio_invalid"},
			{"huge", "file", huge, 413, "audio_too_large"},
			{"no file field", "audio", voicetest.WAV(time.Second), 400, "audio_missing"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				m := wantCode(t, c.stt("", tc.field, tc.data), tc.status, tc.code)
				if fieldText(m, "file") == "" {
					t.Errorf("no file field error: %v", m)
				}
			})
		}
		wantCode(t, c.raw("POST", "/api/stt", "application/json", strings.NewReader(`{}`)), 400, "audio_invalid")
		if n := len(fake.Requests()); n != 4 {
			t.Errorf("bad uploads reached the provider: %d requests", n)
		}

		// Seconds transcribed appear in the admin's usage: 3 + 2 + 1 + 25.
		a := admin(t, e)
		u := a.do("GET", "/api/admin/usage", nil).must(t, 200).json(t)
		totals := u["totals"].(map[string]any)
		if s := totals["sttSeconds"].(float64); s < 30.9 || s > 31.1 || totals["ttsCharacters"].(float64) != 0 {
			t.Errorf("usage totals = %v", totals)
		}
		users := u["users"].([]any)
		if len(users) != 1 || users[0].(map[string]any)["email"] != "ute@example.com" {
			t.Errorf("usage users = %v", users)
		}
	})
}

func TestSTTProviderFaults(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := voicetest.NewOpenAI(t)
		e := newEnv(t, db, withSTT(t, fake, 300*time.Millisecond))
		c := signedIn(t, e, "ute@example.com")
		audio := voicetest.WAV(time.Second)

		fake.Set(func(s *voicetest.Server) { s.Status, s.RetryAfter = 503, "9" })
		r := c.stt("", "file", audio)
		m := wantCode(t, r, 503, "stt_failed")
		if m["error"] != "Spracherkennung fehlgeschlagen. Bitte erneut versuchen." || r.header.Get("Retry-After") != "9" {
			t.Errorf("answer = %s, Retry-After %q", r.body, r.header.Get("Retry-After"))
		}
		fake.Set(func(s *voicetest.Server) { s.Status, s.Hang = 0, make(chan struct{}) })
		r = c.stt("", "file", audio)
		wantCode(t, r, 503, "stt_failed")
		if r.header.Get("Retry-After") == "" {
			t.Error("a provider that did not answer in time gives no Retry-After")
		}
		fake.Set(func(s *voicetest.Server) { close(s.Hang); s.Hang = nil; s.Status = 401 })
		if r := c.stt("", "file", audio); wantCode(t, r, 503, "stt_failed") != nil && r.header.Get("Retry-After") != "" {
			t.Error("a refused key asks to retry")
		}
		if strings.Contains(e.log.String(), "sk-stt-secret") {
			t.Error("the API key was logged")
		}
		// Nothing was recorded for failed transcriptions.
		var n int
		if err := db.SQL().QueryRowContext(t.Context(), "SELECT COUNT(*) FROM voice_usage").Scan(&n); err != nil || n != 0 {
			t.Errorf("voice_usage rows = %d (%v)", n, err)
		}
	})
}

func TestSTTRateLimit(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := voicetest.NewOpenAI(t)
		e := newEnv(t, db, withSTT(t, fake, 0), func(cfg *httpapi.Config, _ *httpapi.Deps) { cfg.STTPerMinute = 3 })
		c := signedIn(t, e, "ute@example.com")
		other := signedIn(t, e, "max@example.com")
		for range 3 {
			c.stt("", "file", voicetest.WAV(time.Second)).must(t, 200)
		}
		r := wantCode(t, c.stt("", "file", voicetest.WAV(time.Second)), 429, "too_many_attempts")
		if r["retryAfter"] == nil {
			t.Errorf("no retryAfter: %v", r)
		}
		other.stt("", "file", voicetest.WAV(time.Second)).must(t, 200) // per user
		e.clock.Advance(time.Minute)
		c.stt("", "file", voicetest.WAV(time.Second)).must(t, 200)
	})
}

func TestTTS(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := voicetest.NewPolly(t)
		e := newEnv(t, db, withPolly(t, fake, 2*time.Second))
		e.client().do("POST", "/api/tts", map[string]any{"text": "Hallo"}).must(t, 401)
		de := signedIn(t, e, "ute@example.com")
		en := signedIn(t, e, "ann@example.com")
		en.do("PATCH", "/api/me", map[string]any{"language": "en"}).must(t, 200)
		if v := en.do("GET", "/api/voice", nil).must(t, 200).json(t); v["tts"].(map[string]any)["provider"] != "polly" ||
			v["tts"].(map[string]any)["voice"] != "Joanna" {
			t.Errorf("voice = %v", v)
		}
		for _, tc := range []struct {
			who                 *client
			path                string
			body                map[string]any
			voice, engine, lang string
		}{
			{de, "/api/tts", map[string]any{"text": "Das klingt interessant."}, "Vicki", "neural", "de-DE"},
			{en, "/api/tts", map[string]any{"text": "Sounds good."}, "Joanna", "neural", "en-US"},
			{de, "/api/tts", map[string]any{"text": "Lovely.", "languageCode": "en-GB"}, "Amy", "neural", "en-GB"},
			{de, "/api/tts", map[string]any{"text": "Bonjour.", "languageCode": "fr-FR"}, "Vicki", "neural", "de-DE"},
			{de, "/api/tts", map[string]any{"text": "Hallo.", "voice": "Hans", "engine": "standard"}, "Hans", "standard", ""},
			{de, "/api/tts?voiceId=Marlene", map[string]any{"text": "Hallo.", "voice": "Hans"}, "Marlene", "", ""},
		} {
			r := tc.who.do("POST", tc.path, tc.body)
			if r.status != 200 {
				t.Fatalf("%v: status %d %s\nlog: %s", tc.body, r.status, r.body, e.log.String())
			}
			if r.header.Get("Content-Type") != "audio/mpeg" || !bytes.Equal(r.body, fake.Audio) {
				t.Errorf("%v: %q, %d bytes", tc.body, r.header.Get("Content-Type"), len(r.body))
			}
			got := fake.Requests()[len(fake.Requests())-1]
			if got.Voice != tc.voice || got.Engine != tc.engine || got.LanguageCode != tc.lang || got.Text != tc.body["text"] {
				t.Errorf("%v: provider got %+v", tc.body, got)
			}
		}
		spoken := 0
		for _, s := range []string{"Das klingt interessant.", "Lovely.", "Bonjour.", "Hallo.", "Hallo."} {
			spoken += len([]rune(s))
		}

		long := strings.Repeat("ä", voice.MaxSpeechRunes+1)
		for _, tc := range []struct {
			path  string
			body  any
			field string
			code  string
		}{
			{"/api/tts", map[string]any{"text": "  "}, "text", "speech_text_empty"},
			{"/api/tts", map[string]any{"text": long}, "text", "speech_text_too_long"},
			{"/api/tts", map[string]any{"text": "Hi", "engine": "turbo"}, "engine", "voice_engine_invalid"},
			{"/api/tts", map[string]any{"text": "Hi", "voice": "../etc"}, "voice", "voice_invalid"},
			{"/api/tts", map[string]any{"text": "Hi", "languageCode": "deutsch"}, "languageCode", "language_code_invalid"},
			{"/api/tts?voiceId=%3Cscript%3E", map[string]any{"text": "Hi"}, "voiceId", "voice_invalid"},
			{"/api/tts", map[string]any{"text": "Hi", "pitch": 2}, "pitch", "field_unknown"},
		} {
			m := wantCode(t, de.do("POST", tc.path, tc.body), 400, tc.code)
			if fieldText(m, tc.field) == "" {
				t.Errorf("%v: no field %s: %v", tc.body, tc.field, m)
			}
		}
		de.do("POST", "/api/tts", map[string]any{"text": strings.Repeat("ä", voice.MaxSpeechRunes)}).must(t, 200)
		spoken += voice.MaxSpeechRunes

		// Characters spoken appear in the admin's usage.
		u := admin(t, e).do("GET", "/api/admin/usage", nil).must(t, 200).json(t)
		if got := u["totals"].(map[string]any)["ttsCharacters"].(float64); int(got) != spoken+len("Sounds good.") {
			t.Errorf("ttsCharacters = %v, want %d", got, spoken+len("Sounds good."))
		}
	})
}

func TestTTSProviderFaults(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := voicetest.NewPolly(t)
		e := newEnv(t, db, withPolly(t, fake, 300*time.Millisecond))
		c := signedIn(t, e, "ute@example.com")
		say := map[string]any{"text": "Das ist mir zu teuer."}

		fake.Set(func(s *voicetest.Server) { s.Status = 500 })
		r := c.do("POST", "/api/tts", say)
		wantCode(t, r, 503, "tts_failed")
		if r.header.Get("Retry-After") == "" {
			t.Error("no Retry-After")
		}
		fake.Set(func(s *voicetest.Server) { s.Status, s.ErrorType = 400, "InvalidParameterValueException" })
		wantCode(t, c.do("POST", "/api/tts", say), 400, "voice_invalid")
		fake.Set(func(s *voicetest.Server) { s.Status, s.ErrorType, s.Hang = 0, "", make(chan struct{}) })
		wantCode(t, c.do("POST", "/api/tts", say), 503, "tts_failed")
		fake.Set(func(s *voicetest.Server) { close(s.Hang); s.Hang = nil })

		// Broken off before the first chunk: a proper error answer.
		fake.Set(func(s *voicetest.Server) { s.BreakAfter = 100 })
		wantCode(t, c.do("POST", "/api/tts", say), 503, "tts_failed")
		// Broken off after audio went out: the answer ends unterminated, so
		// the browser sees a failed transfer, never short audio.
		fake.Set(func(s *voicetest.Server) {
			s.Audio, s.BreakAfter = bytes.Repeat([]byte{0xFF, 0xFB, 0x90, 0x64}, 20000), 50000
		})
		if r := c.raw("POST", "/api/tts", "application/json", strings.NewReader(`{"text":"Hallo"}`)); r.status != -1 {
			t.Errorf("a broken stream read as whole: status %d, %d bytes", r.status, len(r.body))
		}
		if strings.Contains(e.log.String(), "aws-secret-test") {
			t.Error("the secret was logged")
		}
		var n int
		if err := db.SQL().QueryRowContext(t.Context(), "SELECT COUNT(*) FROM voice_usage").Scan(&n); err != nil || n != 0 {
			t.Errorf("voice_usage rows = %d (%v), want none for failed speech", n, err)
		}
	})
}

func TestTTSRateLimit(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := voicetest.NewPolly(t)
		e := newEnv(t, db, withPolly(t, fake, 0), func(cfg *httpapi.Config, _ *httpapi.Deps) { cfg.TTSPerMinute = 2 })
		c := signedIn(t, e, "ute@example.com")
		c.do("POST", "/api/tts", map[string]any{"text": "Eins."}).must(t, 200)
		c.do("POST", "/api/tts", map[string]any{"text": "Zwei."}).must(t, 200)
		wantCode(t, c.do("POST", "/api/tts", map[string]any{"text": "Drei."}), 429, "too_many_attempts")
		if len(fake.Requests()) != 2 {
			t.Errorf("provider got %d requests", len(fake.Requests()))
		}
	})
}

func TestVoiceCallCounter(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := voicetest.NewOpenAI(t)
		e := newEnv(t, db, withSTT(t, fake, 0))
		c := signedIn(t, e, "ute@example.com")
		other := signedIn(t, e, "max@example.com")
		calls := func() int {
			p, err := e.users.ProfileByUserID(t.Context(), c.userID(t))
			if err != nil {
				t.Fatal(err)
			}
			return p.CallsCount
		}
		start := func() string {
			return c.do("POST", "/api/voice/calls", nil).must(t, 201).json(t)["id"].(string)
		}

		// Hung up before anything was transcribed: no call.
		id := start()
		if r := c.do("POST", "/api/voice/calls/"+id+"/finish", nil).must(t, 200).json(t); r["counted"] != false || calls() != 0 {
			t.Errorf("empty call: %v, %d", r, calls())
		}
		// A too-short transcript is no turn either.
		fake.Set(func(s *voicetest.Server) { s.Transcript = "a" })
		id = start()
		c.stt("?callId="+id, "file", voicetest.WAV(time.Second)).must(t, 200)
		if r := c.do("POST", "/api/voice/calls/"+id+"/finish", nil).must(t, 200).json(t); r["counted"] != false {
			t.Errorf("call with a one-letter transcript counted: %v", r)
		}

		fake.Set(func(s *voicetest.Server) { s.Transcript = "Zu teuer." })
		id = start()
		c.stt("?callId="+id, "file", voicetest.WAV(time.Second)).must(t, 200)
		c.stt("?callId="+id, "file", voicetest.WAV(time.Second)).must(t, 200)
		wantCode(t, other.stt("?callId="+id, "file", voicetest.WAV(time.Second)), 404, "voice_call_not_found")
		wantCode(t, other.do("POST", "/api/voice/calls/"+id+"/finish", nil), 404, "voice_call_not_found")
		sub := e.hub.Subscribe(c.userID(t))
		defer sub.Close()
		if r := c.do("POST", "/api/voice/calls/"+id+"/finish", nil).must(t, 200).json(t); r["counted"] != true || calls() != 1 {
			t.Errorf("finished call: %v, %d", r, calls())
		}
		if got := drain(sub.C); !strings.Contains(strings.Join(got, ","), salescoach.ChangeProfile) {
			t.Errorf("changes = %v, want a profile change", got)
		}
		if r := c.do("POST", "/api/voice/calls/"+id+"/finish", nil).must(t, 200).json(t); r["counted"] != false || calls() != 1 {
			t.Errorf("finished twice: %v, %d", r, calls())
		}
		wantCode(t, c.stt("?callId="+id, "file", voicetest.WAV(time.Second)), 404, "voice_call_not_found")
		wantCode(t, c.stt("?callId=nope", "file", voicetest.WAV(time.Second)), 404, "voice_call_not_found")
		wantCode(t, c.do("POST", "/api/voice/calls/nope/finish", nil), 404, "voice_call_not_found")
	})
}

// With TTS_PROVIDER=openai the configured OpenAI voice (TTS_VOICE) speaks
// where the request names a Polly voice or none; an OpenAI voice asked for
// by name is kept. GET /api/voice names the voice that will speak.
func TestTTSOpenAIVoice(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := voicetest.NewOpenAI(t)
		e := newEnv(t, db, func(_ *httpapi.Config, deps *httpapi.Deps) {
			o, err := voice.NewOpenAI(voice.OpenAIConfig{BaseURL: fake.URL, Model: "gpt-4o-mini-tts", Voice: "nova", Logger: deps.Logger})
			if err != nil {
				t.Fatal(err)
			}
			deps.TTS = o
		})
		c := signedIn(t, e, "ute@example.com")
		if v := c.do("GET", "/api/voice", nil).must(t, 200).json(t)["tts"].(map[string]any); v["provider"] != "openai" || v["voice"] != "nova" {
			t.Errorf("voice settings = %v", v)
		}
		for _, tc := range []struct{ path, body, want string }{
			{"/api/tts", `{"text":"Guten Tag."}`, "nova"},
			{"/api/tts", `{"text":"Guten Tag.","voice":"Vicki","engine":"neural","languageCode":"de-DE"}`, "nova"},
			{"/api/tts", `{"text":"Guten Tag.","voice":"coral"}`, "coral"},
			{"/api/tts?voiceId=marin", `{"text":"Guten Tag.","voice":"coral"}`, "marin"},
		} {
			c.raw("POST", tc.path, "application/json", strings.NewReader(tc.body)).must(t, 200)
			if got := fake.Requests()[len(fake.Requests())-1]; got.Voice != tc.want || got.Model != "gpt-4o-mini-tts" || got.Text != "Guten Tag." {
				t.Errorf("%s %s: provider got %+v", tc.path, tc.body, got)
			}
		}
	})
}

// The specification's tts call sends text, voice, engine, languageCode and
// "optional extras": Polly's outputFormat, sampleRate and textType are taken,
// bounded to what the browser plays; anything else is still refused by name.
func TestTTSOptionalExtras(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := voicetest.NewPolly(t)
		e := newEnv(t, db, withPolly(t, fake, 2*time.Second))
		c := signedIn(t, e, "ute@example.com")
		for _, tc := range []struct {
			path       string
			body       string
			voice      string
			sampleRate string
		}{
			{"/api/tts", `{"text":"Guten Tag.","voice":"Vicki","engine":"neural","languageCode":"de-DE","outputFormat":"mp3","sampleRate":"16000","textType":"text"}`, "Vicki", "16000"},
			{"/api/tts?voiceId=Daniel", `{"text":"Guten Tag.","voice":"Vicki","engine":"neural","languageCode":"de-DE","sampleRate":22050}`, "Daniel", "22050"},
			{"/api/tts", `{"text":"Guten Tag.","outputFormat":"mp3"}`, "Vicki", ""},
		} {
			r := c.raw("POST", tc.path, "application/json", strings.NewReader(tc.body))
			if r.status != 200 || !bytes.Equal(r.body, fake.Audio) {
				t.Fatalf("%s: %d %s", tc.body, r.status, r.body)
			}
			got := fake.Requests()[len(fake.Requests())-1]
			if got.Voice != tc.voice || got.SampleRate != tc.sampleRate || got.OutputFormat != "mp3" || got.Text != "Guten Tag." {
				t.Errorf("%s: provider got %+v", tc.body, got)
			}
		}
		n := len(fake.Requests())
		for _, tc := range []struct {
			body, field, code, text string
		}{
			{`{"text":"Hi","outputFormat":"ogg_vorbis"}`, "outputFormat", "speech_format_invalid", "Die Sprachausgabe gibt es nur im Format mp3."},
			{`{"text":"Hi","sampleRate":"44100"}`, "sampleRate", "sample_rate_invalid", "Bitte wähle die Abtastrate 8000, 16000, 22050 oder 24000."},
			{`{"text":"Hi","sampleRate":16000.5}`, "sampleRate", "sample_rate_invalid", ""},
			{`{"text":"Hi","sampleRate":true}`, "sampleRate", "field_bad_type", ""},
			{`{"text":"<speak>Hi</speak>","textType":"ssml"}`, "textType", "text_type_invalid", "Gesprochen wird nur reiner Text (text), kein SSML."},
			{`{"text":"Hi","lexiconNames":["x"]}`, "lexiconNames", "field_unknown", ""},
		} {
			m := wantCode(t, c.raw("POST", "/api/tts", "application/json", strings.NewReader(tc.body)), 400, tc.code)
			if got := fieldText(m, tc.field); got == "" || (tc.text != "" && got != tc.text) {
				t.Errorf("%s: field %s = %q: %v", tc.body, tc.field, got, m)
			}
		}
		if len(fake.Requests()) != n {
			t.Errorf("refused requests reached Polly: %d", len(fake.Requests())-n)
		}
	})
}

// Without server speech recognition the browser's own hears the user, and
// the chat message it sends carries the call: that message is the call's
// turn. A call still counts once, only with a turn, and only for its owner.
func TestVoiceCallCountsBrowserRecognizedTurns(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db) // no speech providers: the browser listens
		c := chatUser(t, e, "ute@example.com")
		other := chatUser(t, e, "max@example.com")
		calls := func(who *client) int {
			p, err := e.users.ProfileByUserID(t.Context(), who.userID(t))
			if err != nil {
				t.Fatal(err)
			}
			return p.CallsCount
		}
		start := func(who *client) string {
			return who.do("POST", "/api/voice/calls", nil).must(t, 201).json(t)["id"].(string)
		}
		finish := func(who *client, id string) any {
			return who.do("POST", "/api/voice/calls/"+id+"/finish", nil).must(t, 200).json(t)["counted"]
		}
		chatID := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 2, "message": "Guten Tag, ich stelle Ihnen CloudKasse vor."}, 200)["conversationId"].(string)
		messages := func() int {
			return len(c.do("GET", "/api/conversations/"+chatID, nil).must(t, 200).json(t)["messages"].([]any))
		}

		// Typed messages during a call are no turns: the call does not count.
		id := start(c)
		c.chat(t, map[string]any{"conversationId": chatID, "message": "Getippt, nicht gesprochen."}, 200)
		if got := finish(c, id); got != false || calls(c) != 0 {
			t.Errorf("call without a voice turn: counted %v, calls %d", got, calls(c))
		}

		// A message the browser heard counts the call once, on hang-up.
		id = start(c)
		c.chat(t, map[string]any{"conversationId": chatID, "message": "Das spart Ihnen jede Woche Zeit.", "callId": id}, 200)
		// Someone else's call id: the message is sent, the call gains nothing.
		otherCall := start(other)
		before := messages()
		c.chat(t, map[string]any{"conversationId": chatID, "message": "Und die Einrichtung übernehmen wir.", "callId": otherCall}, 200)
		if messages() != before+2 {
			t.Errorf("a foreign call id stopped the message: %d messages, want %d", messages(), before+2)
		}
		if got := finish(other, otherCall); got != false || calls(other) != 0 {
			t.Errorf("another user's message counted this call: %v, %d", got, calls(other))
		}
		if got := finish(c, id); got != true || calls(c) != 1 {
			t.Errorf("call with a heard turn: counted %v, calls %d", got, calls(c))
		}
		if got := finish(c, id); got != false || calls(c) != 1 {
			t.Errorf("finished twice: counted %v, calls %d", got, calls(c))
		}
		// A finished call gains no turns, and its id in a message is harmless.
		c.chat(t, map[string]any{"conversationId": chatID, "message": "Noch eine Frage?", "callId": id}, 200)
		if got := finish(c, id); got != false || calls(c) != 1 {
			t.Errorf("a finished call counted again: %v, %d", got, calls(c))
		}

		// Streamed answers count the turn before the stream ends.
		id = start(c)
		c.e.clock.Advance(21 * time.Second)
		status, names, _ := sseEvents(t, c, map[string]any{"conversationId": chatID, "message": "Was hält Sie noch zurück?",
			"callId": id, "productOverride": productText})
		if status != 200 || names[len(names)-1] != "done" {
			t.Fatalf("stream: %d %v", status, names)
		}
		if got := finish(c, id); got != true || calls(c) != 2 {
			t.Errorf("streamed voice turn: counted %v, calls %d", got, calls(c))
		}

		// A malformed call id is refused before anything is sent.
		before = messages()
		m := wantCode(t, c.do("POST", "/api/chat", map[string]any{"conversationId": chatID, "message": "Hallo?", "callId": "call-1",
			"productOverride": productText}), 404, "voice_call_not_found")
		if m["error"] != "Telefonat nicht gefunden." || messages() != before {
			t.Errorf("malformed call id: %v, %d messages (was %d)", m, messages(), before)
		}
	})
}
