package main

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"salescoach/voice/voicetest"
)

// TestVoiceSettings boots the server with the voice settings, the secrets
// from files, on the protocol fakes, and checks that each provider is used
// and no secret reaches the log.
func TestVoiceSettings(t *testing.T) {
	stt := voicetest.NewOpenAI(t)
	polly := voicetest.NewPolly(t)
	dir := t.TempDir()
	keyFile, secretFile := filepath.Join(dir, "stt.key"), filepath.Join(dir, "aws.secret")
	if err := os.WriteFile(keyFile, []byte("sk-from-file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(secretFile, []byte("aws-secret-from-file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	base, out := startServer(t, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", dir, "LOG_FORMAT", "json",
		"STT_PROVIDER", "openai", "STT_BASE_URL", stt.URL, "STT_API_KEY_FILE", keyFile, "STT_MODEL", "Systran/faster-whisper-small",
		"TTS_PROVIDER", "polly", "AWS_REGION", "eu-west-1", "AWS_ACCESS_KEY_ID", "AKIDFILE",
		"AWS_SECRET_ACCESS_KEY_FILE", secretFile, "POLLY_ENDPOINT", polly.URL, "VOICE_TIMEOUT", "5s"))
	c := &http.Client{}
	st, s := postJSON(t, c, base, "/api/auth/anonymous", "", map[string]any{})
	if st != 200 && st != 201 {
		t.Fatalf("anonymous = %d %v", st, s)
	}
	token := s["access_token"].(string)

	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "speech.webm")
	fw.Write(voicetest.WebM(2 * time.Second))
	mw.Close()
	req, _ := http.NewRequest("POST", base+"/api/stt", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(raw), "Das ist mir zu teuer.") {
		t.Errorf("stt = %d %s", res.StatusCode, raw)
	}
	if r := stt.Requests(); len(r) != 1 || r[0].Authorization != "Bearer sk-from-file" || r[0].Model != "Systran/faster-whisper-small" {
		t.Errorf("stt requests = %+v", r)
	}

	req, _ = http.NewRequest("POST", base+"/api/tts", strings.NewReader(`{"text":"Guten Tag."}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err = c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !bytes.Equal(raw, polly.Audio) {
		t.Errorf("tts = %d, %d bytes", res.StatusCode, len(raw))
	}
	if r := polly.Requests(); len(r) != 1 || r[0].Voice != "Vicki" || !strings.Contains(r[0].Authorization, "AKIDFILE/") ||
		!strings.Contains(r[0].Authorization, "/eu-west-1/polly/") {
		t.Errorf("polly requests = %+v", r)
	}
	log := out.String()
	if !strings.Contains(log, `"stt":"openai"`) || !strings.Contains(log, `"tts":"polly"`) {
		t.Error("the start-up line does not name the voice providers")
	}
	if strings.Contains(log, "sk-from-file") || strings.Contains(log, "aws-secret-from-file") {
		t.Error("a voice secret was logged")
	}
}

// TestOpenAIVoiceSetting: with TTS_PROVIDER=openai, TTS_VOICE is the voice
// the OpenAI audio API speaks in for the specification's Polly voices, and
// GET /api/voice names it.
func TestOpenAIVoiceSetting(t *testing.T) {
	tts := voicetest.NewOpenAI(t)
	base, _ := startServer(t, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json",
		"TTS_PROVIDER", "openai", "TTS_BASE_URL", tts.URL, "TTS_MODEL", "gpt-4o-mini-tts", "TTS_VOICE", "shimmer"))
	c := &http.Client{}
	st, s := postJSON(t, c, base, "/api/auth/anonymous", "", map[string]any{})
	if st != 200 && st != 201 {
		t.Fatalf("anonymous = %d %v", st, s)
	}
	token := s["access_token"].(string)
	req, _ := http.NewRequest("GET", base+"/api/voice", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(raw), `"voice":"shimmer"`) {
		t.Errorf("GET /api/voice = %s", raw)
	}
	req, _ = http.NewRequest("POST", base+"/api/tts", strings.NewReader(`{"text":"Guten Tag.","voice":"Vicki"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err = c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !bytes.Equal(raw, tts.Audio) {
		t.Errorf("tts = %d, %d bytes", res.StatusCode, len(raw))
	}
	if r := tts.Requests(); len(r) != 1 || r[0].Voice != "shimmer" || r[0].Model != "gpt-4o-mini-tts" {
		t.Errorf("tts requests = %+v", r)
	}
}
