package main

import (
	"strings"
	"testing"
)

// TestHealthcheckCommand runs the container's health check against a live
// server, found by ADDR's port as in the image, and against a port where
// nothing listens.
func TestHealthcheckCommand(t *testing.T) {
	base, _ := startServer(t, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json"))
	port := base[strings.LastIndex(base, ":")+1:]
	out := &syncBuffer{}
	if err := run(t.Context(), []string{"salescoach", "healthcheck"}, envMap("ADDR", ":"+port), out, out); err != nil || !strings.Contains(out.String(), "healthy") {
		t.Errorf("healthcheck of a live server: %v %q", err, out.String())
	}
	if err := run(t.Context(), []string{"salescoach", "healthcheck", "--url", base + "/nope"}, envMap(), out, out); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("healthcheck of a 404: %v", err)
	}
	if err := run(t.Context(), []string{"salescoach", "healthcheck", "--url", "http://127.0.0.1:1/healthz"}, envMap(), out, out); err == nil {
		t.Error("healthcheck of a closed port passed")
	}
}
