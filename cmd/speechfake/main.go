// Command speechfake runs the OpenAI audio API stand-in of package voicetest
// on its own, so that the real binary can transcribe and speak without a
// speech provider (the end-to-end tests; a local try of the voice mode,
// docs/voice.md):
//
//	speechfake --addr 127.0.0.1:9091 --transcript 'Unser Angebot spart Ihnen Zeit.'
//
// and start salescoach with STT_PROVIDER=openai TTS_PROVIDER=openai and
// STT_BASE_URL and TTS_BASE_URL http://127.0.0.1:9091/v1. Every
// transcription answers the configured transcript; every synthesis answers
// 0.52 s of silent MP3, which browsers play. With --api-key, requests must
// carry it as a bearer token, as OpenAI's do.
//
// GET /fake/requests lists what the fake received, newest last: the form
// fields and, instead of the recording, its container, size and duration
// (read as the server reads them), or the text and voice of a synthesis.
package main

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"salescoach/cmd/internal/requestlog"
	"salescoach/voice"
	"salescoach/voice/voicetest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr, nil); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "speechfake:", err)
		os.Exit(1)
	}
}

// keep bounds the requests the fake remembers.
const keep = 200

// run serves the fake until ctx ends; ready, when not nil, learns the
// address it listens on.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, ready func(addr string)) error {
	fs := flag.NewFlagSet("speechfake", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:9091", "address to listen on (host:port; port 0 picks a free one)")
	transcript := fs.String("transcript", "Das ist mir zu teuer.", "what every transcription answers")
	apiKey := fs.String("api-key", "", "bearer token requests must carry (empty: none needed)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	fake := voicetest.NewOpenAIFake()
	fake.URL = "http://" + ln.Addr().String() + "/v1"
	fake.Set(func(s *voicetest.Server) { s.Transcript, s.Keep = *transcript, keep })
	log := slog.New(slog.NewTextHandler(stdout, nil))

	mux := http.NewServeMux()
	mux.Handle("/v1/", requestlog.Handler(log, authorized(*apiKey, fake.Handler)))
	mux.HandleFunc("GET /fake/requests", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(summaries(fake.Requests()))
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("speech fake listening", "addr", ln.Addr().String(), "base_url", fake.URL)
	if ready != nil {
		ready(ln.Addr().String())
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	fake.Release()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}

// authorized refuses requests without the bearer token key, as OpenAI does
// (401 invalid_api_key); an empty key lets everything through.
func authorized(key string, next http.Handler) http.Handler {
	if key == "" {
		return next
	}
	want := []byte("Bearer " + key)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			io.WriteString(w, `{"error":{"message":"Incorrect API key provided.","type":"invalid_request_error","code":"invalid_api_key"}}`)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// summary is one received request as GET /fake/requests lists it.
type summary struct {
	Path           string `json:"path"`
	Model          string `json:"model,omitempty"`
	Language       string `json:"language,omitempty"`
	ResponseFormat string `json:"responseFormat,omitempty"`
	FileName       string `json:"fileName,omitempty"`
	FileType       string `json:"fileType,omitempty"`
	FileBytes      int    `json:"fileBytes,omitempty"`
	// Format and DurationMs are the recording's container and length as
	// the server reads them (empty and -1 when unreadable).
	Format     string `json:"format,omitempty"`
	DurationMs int64  `json:"durationMs,omitempty"`
	Input      string `json:"input,omitempty"`
	Voice      string `json:"voice,omitempty"`
}

func summaries(reqs []voicetest.Request) []summary {
	out := make([]summary, 0, len(reqs))
	for _, r := range reqs {
		s := summary{Path: r.Path, Model: r.Model, Language: r.Language, FileName: r.FileName, FileType: r.FileType,
			FileBytes: len(r.File), Input: r.Text, Voice: r.Voice, ResponseFormat: r.ResponseFormat}
		if s.ResponseFormat == "" {
			s.ResponseFormat = r.OutputFormat
		}
		if r.File != nil {
			s.DurationMs = -1
			if f, ok := voice.Sniff(r.File); ok {
				s.Format = string(f)
				if d, ok := voice.Duration(f, r.File); ok {
					s.DurationMs = d.Milliseconds()
				}
			}
		}
		out = append(out, s)
	}
	return out
}
