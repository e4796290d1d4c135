package voicetest

import (
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Request is what a fake server received.
type Request struct {
	Path          string
	Authorization string
	// OpenAI transcription: the form fields and the file.
	Model, Language, ResponseFormat string
	FileName, FileType              string
	File                            []byte
	// Speech (OpenAI: model, input, voice; Polly: Text, VoiceId, Engine,
	// LanguageCode, OutputFormat, SampleRate, TextType).
	Text, Voice, Engine, LanguageCode, OutputFormat string
	SampleRate, TextType                            string
}

// Server is a fake speech provider. Its fields may be changed between
// requests; they are read under its lock.
type Server struct {
	URL string
	// Handler answers the provider's requests.
	Handler http.Handler

	mu sync.Mutex
	// Transcript is what transcriptions answer.
	Transcript string
	// Audio is what syntheses answer.
	Audio []byte
	// Status, when not 0 or 200, is answered instead, with RetryAfter as
	// its Retry-After header when set and ErrorType as Polly's error type.
	Status     int
	RetryAfter string
	ErrorType  string
	// Hang, when not nil, holds each request until it is closed or the
	// client gives up: a provider that does not answer.
	Hang chan struct{}
	// BreakAfter, when > 0, sends that many bytes of the audio and then
	// drops the connection: a stream that breaks off.
	BreakAfter int
	// Garbage answers transcriptions with a body that is not JSON.
	Garbage bool
	// Keep, when > 0, keeps only the last Keep requests (a fake that runs
	// for long).
	Keep     int
	requests []Request
}

// Requests returns the requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Set changes the server's behaviour under its lock.
func (s *Server) Set(f func(s *Server)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f(s)
}

// NewOpenAI starts a server speaking the OpenAI audio API under /v1 (see
// NewOpenAIFake) for the length of the test. URL is the base URL with /v1.
func NewOpenAI(t testing.TB) *Server {
	s := NewOpenAIFake()
	srv := httptest.NewServer(s.Handler)
	t.Cleanup(srv.Close)
	t.Cleanup(s.Release)
	s.URL = srv.URL + "/v1"
	return s
}

// NewOpenAIFake returns a fake of the OpenAI audio API that is not yet
// served: serve its Handler on any listener and set URL to the base URL
// with /v1 (cmd/speechfake runs it as a program). It answers
// POST /v1/audio/transcriptions (multipart file, model, language,
// response_format → {"text"}) and POST /v1/audio/speech (JSON model,
// input, voice, response_format → audio/mpeg).
func NewOpenAIFake() *Server {
	s := &Server{Transcript: "Das ist mir zu teuer.", Audio: SilentMP3()}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/audio/transcriptions", func(w http.ResponseWriter, r *http.Request) {
		req := Request{Path: r.URL.Path, Authorization: r.Header.Get("Authorization")}
		if err := r.ParseMultipartForm(32 << 20); err != nil {
			http.Error(w, `{"error":{"message":"bad form"}}`, http.StatusBadRequest)
			return
		}
		req.Model, req.Language, req.ResponseFormat = r.FormValue("model"), r.FormValue("language"), r.FormValue("response_format")
		if f, h, err := r.FormFile("file"); err == nil {
			req.File, _ = io.ReadAll(f)
			req.FileName, req.FileType = h.Filename, h.Header.Get("Content-Type")
		}
		if !s.begin(w, r, req) {
			return
		}
		s.mu.Lock()
		text, garbage := s.Transcript, s.Garbage
		s.mu.Unlock()
		if req.File == nil || req.Model == "" {
			http.Error(w, `{"error":{"message":"file and model are required"}}`, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if garbage {
			io.WriteString(w, "<html>proxy error</html>")
			return
		}
		json.NewEncoder(w).Encode(map[string]string{"text": text})
	})
	mux.HandleFunc("POST /v1/audio/speech", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Model, Input, Voice string
			ResponseFormat      string `json:"response_format"`
		}
		if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/json" ||
			json.NewDecoder(r.Body).Decode(&body) != nil || body.Input == "" {
			http.Error(w, `{"error":{"message":"bad request"}}`, http.StatusBadRequest)
			return
		}
		req := Request{Path: r.URL.Path, Authorization: r.Header.Get("Authorization"), Model: body.Model,
			Text: body.Input, Voice: body.Voice, OutputFormat: body.ResponseFormat}
		if !s.begin(w, r, req) {
			return
		}
		s.writeAudio(w, "audio/mpeg")
	})
	s.Handler = mux
	return s
}

// NewPolly starts a server speaking Polly's SynthesizeSpeech REST protocol:
// POST /v1/speech with a JSON body (Text, VoiceId, Engine, LanguageCode,
// OutputFormat), signed with SigV4, answering the audio with its content
// type and x-amzn-RequestCharacters, errors as JSON with x-amzn-ErrorType.
// URL is the endpoint to give the SDK.
func NewPolly(t testing.TB) *Server {
	s := &Server{Audio: SilentMP3()}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/speech", func(w http.ResponseWriter, r *http.Request) {
		var body struct{ Text, VoiceId, Engine, LanguageCode, OutputFormat, SampleRate, TextType string }
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			pollyError(w, http.StatusBadRequest, "InvalidParameterValueException", "bad body")
			return
		}
		req := Request{Path: r.URL.Path, Authorization: r.Header.Get("Authorization"), Text: body.Text,
			Voice: body.VoiceId, Engine: body.Engine, LanguageCode: body.LanguageCode, OutputFormat: body.OutputFormat,
			SampleRate: body.SampleRate, TextType: body.TextType}
		if !strings.HasPrefix(req.Authorization, "AWS4-HMAC-SHA256 Credential=") || !strings.Contains(req.Authorization, "/polly/aws4_request") {
			pollyError(w, http.StatusForbidden, "UnrecognizedClientException", "not signed")
			return
		}
		if !s.begin(w, r, req) {
			return
		}
		w.Header().Set("x-amzn-RequestCharacters", strconv.Itoa(len([]rune(body.Text))))
		s.writeAudio(w, "audio/mpeg")
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	t.Cleanup(s.Release)
	s.URL = srv.URL
	return s
}

func pollyError(w http.ResponseWriter, status int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("x-amzn-ErrorType", typ)
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"message": msg})
}

// begin records req and applies Hang and Status; it reports whether the
// handler should answer normally.
func (s *Server) begin(w http.ResponseWriter, r *http.Request, req Request) bool {
	s.mu.Lock()
	s.requests = append(s.requests, req)
	if s.Keep > 0 && len(s.requests) > s.Keep {
		s.requests = append([]Request(nil), s.requests[len(s.requests)-s.Keep:]...)
	}
	hang, status, retry, typ := s.Hang, s.Status, s.RetryAfter, s.ErrorType
	s.mu.Unlock()
	if hang != nil {
		select {
		case <-hang:
		case <-r.Context().Done():
			return false
		}
	}
	if status != 0 && status != http.StatusOK {
		if retry != "" {
			w.Header().Set("Retry-After", retry)
		}
		if typ == "" {
			typ = "ServiceFailureException"
		}
		if strings.HasPrefix(req.Path, "/v1/speech") {
			pollyError(w, status, typ, "failure")
		} else {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			io.WriteString(w, `{"error":{"message":"failure"}}`)
		}
		return false
	}
	return true
}

func (s *Server) writeAudio(w http.ResponseWriter, ct string) {
	s.mu.Lock()
	audio, brk := s.Audio, s.BreakAfter
	s.mu.Unlock()
	w.Header().Set("Content-Type", ct)
	if brk > 0 && brk < len(audio) {
		w.Header().Set("Content-Length", strconv.Itoa(len(audio)))
		w.WriteHeader(http.StatusOK)
		w.Write(audio[:brk])
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler) // drop the connection mid-body
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(audio)))
	w.Write(audio)
}

// Release lets hanging requests go (at the end of a test).
func (s *Server) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.Hang != nil {
		select {
		case <-s.Hang:
		default:
			close(s.Hang)
		}
	}
}

// SilentMP3 is 0.52 s of silence as MP3: twenty MPEG-1 Layer III frames
// (128 kbit/s, 44.1 kHz, joint stereo) whose side information and main
// data are all zero, which decoders read as silent granules. Browsers play
// it (Chromium's <audio> ends it after 0.52 s), so it stands in for speech.
func SilentMP3() []byte {
	frame := append([]byte{0xFF, 0xFB, 0x90, 0x64}, make([]byte, 413)...) // 144 × 128000 / 44100 = 417 bytes
	var out []byte
	for range 20 {
		out = append(out, frame...)
	}
	return out
}
