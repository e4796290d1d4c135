package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
	"time"

	"salescoach/voice"
	"salescoach/voice/voicetest"
)

// start runs the fake on a free port and returns its origin and a stop
// function, which ends it and returns what it logged.
func start(t *testing.T, args ...string) (string, func() string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	done := make(chan error, 1)
	var out, errs bytes.Buffer
	go func() {
		done <- run(ctx, append([]string{"--addr", "127.0.0.1:0"}, args...), &out, &errs, func(a string) { addr <- a })
	}()
	var stopped bool
	stop := func() string {
		if !stopped {
			stopped = true
			cancel()
			if err := <-done; err != nil {
				t.Errorf("run: %v", err)
			}
		}
		return out.String()
	}
	select {
	case a := <-addr:
		t.Cleanup(func() { stop() })
		return "http://" + a, stop
	case err := <-done:
		cancel()
		t.Fatalf("run: %v (%s)", err, errs.String())
	}
	return "", nil
}

func transcribe(t *testing.T, base, key string, audio []byte) (int, string) {
	t.Helper()
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, _ := mw.CreateFormFile("file", "speech.webm")
	fw.Write(audio)
	mw.WriteField("model", "whisper-1")
	mw.WriteField("language", "de")
	mw.WriteField("response_format", "json")
	mw.Close()
	req, _ := http.NewRequest("POST", base+"/v1/audio/transcriptions", &body)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// The OpenAI and Speaches clients of package voice talk to the program
// as to a provider: the configured transcript, playable audio, and a
// record of what came in.
func TestSpeechFakeSpeaksTheOpenAIAudioAPI(t *testing.T) {
	base, stop := start(t, "--transcript", "Unser Angebot spart Ihnen Zeit.", "--api-key", "sk-fake")

	o, err := voice.NewOpenAI(voice.OpenAIConfig{BaseURL: base + "/v1", APIKey: "sk-fake", Model: "whisper-1"})
	if err != nil {
		t.Fatal(err)
	}
	text, err := o.Transcribe(t.Context(), voice.Audio{Data: voicetest.WebM(3 * time.Second), Format: voice.FormatWebM, Language: "de"})
	if err != nil || text != "Unser Angebot spart Ihnen Zeit." {
		t.Fatalf("transcript = %q, %v", text, err)
	}
	tts, err := voice.NewOpenAI(voice.OpenAIConfig{BaseURL: base + "/v1", APIKey: "sk-fake", Model: "tts-1", Voice: "nova"})
	if err != nil {
		t.Fatal(err)
	}
	sp, err := tts.Synthesize(t.Context(), voice.SpeechRequest{Text: "Das klingt gut.", Voice: "Vicki"})
	if err != nil {
		t.Fatal(err)
	}
	audio, err := io.ReadAll(sp.Body)
	sp.Body.Close()
	if err != nil || sp.ContentType != "audio/mpeg" || !bytes.Equal(audio, voicetest.SilentMP3()) {
		t.Errorf("speech %q, %d bytes, %v", sp.ContentType, len(audio), err)
	}

	// A wrong key is refused as OpenAI refuses it, and never reaches the record.
	if status, body := transcribe(t, base, "sk-wrong", voicetest.WAV(time.Second)); status != 401 || !strings.Contains(body, "invalid_api_key") {
		t.Errorf("wrong key: %d %s", status, body)
	}

	res, err := http.Get(base + "/fake/requests")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got []summary
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil {
		t.Fatal(err)
	}
	want := []summary{
		{Path: "/v1/audio/transcriptions", Model: "whisper-1", Language: "de", ResponseFormat: "json", FileName: "speech.webm",
			FileType: "audio/webm", FileBytes: len(voicetest.WebM(3 * time.Second)), Format: "webm", DurationMs: 3000},
		{Path: "/v1/audio/speech", Model: "tts-1", ResponseFormat: "mp3", Input: "Das klingt gut.", Voice: "nova"},
	}
	if len(got) != len(want) {
		t.Fatalf("requests = %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("request %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if log := stop(); strings.Contains(log, "sk-fake") || !strings.Contains(log, "path=/v1/audio/speech status=200") ||
		!strings.Contains(log, "status=401") {
		t.Errorf("log:\n%s", log)
	}
}

func TestSpeechFakeWithoutKeyAndBadArgs(t *testing.T) {
	base, _ := start(t)
	if status, body := transcribe(t, base, "", voicetest.WAV(time.Second)); status != 200 || !strings.Contains(body, "Das ist mir zu teuer.") {
		t.Errorf("without a key: %d %s", status, body)
	}
	var errs bytes.Buffer
	if err := run(t.Context(), []string{"--addr", "127.0.0.1:0", "extra"}, io.Discard, &errs, nil); err == nil {
		t.Error("a stray argument was accepted")
	}
	if err := run(t.Context(), []string{"--addr", "not an address"}, io.Discard, &errs, nil); err == nil {
		t.Error("a bad address was accepted")
	}
}
