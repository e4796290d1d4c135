package main

import (
	"net/http"
	"testing"

	"salescoach/coach/openai/openaitest"
)

// TestServeWiresTheBuiltInTrainerAsFallback: with a model server whose
// structured calls fail, the served app scores with the built-in trainer
// and the chat goes on.
func TestServeWiresTheBuiltInTrainerAsFallback(t *testing.T) {
	fake := openaitest.New(t)
	fake.FailStructured(http.StatusInternalServerError)
	base, _ := startServer(t, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json",
		"LLM_BASE_URL", fake.URL(), "LLM_MODEL", "test-model"))
	st, s := postJSON(t, http.DefaultClient, base, "/api/auth/anonymous", "", map[string]any{})
	if st != 200 {
		t.Fatalf("anonymous sign-in: %d", st)
	}
	token := s["access_token"].(string)
	st, first := postJSON(t, http.DefaultClient, base, "/api/chat", token, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo",
		"productOverride": "CloudKasse, ein Kassensystem für Cafés."})
	if st != 200 {
		t.Fatalf("first turn: %d %v", st, first)
	}
	st, second := postJSON(t, http.DefaultClient, base, "/api/chat", token, map[string]any{"conversationId": first["conversationId"],
		"message": "Ich verstehe. Was zahlen Sie heute?", "productOverride": "CloudKasse, ein Kassensystem für Cafés."})
	if st != 200 {
		t.Fatalf("second turn: %d %v", st, second)
	}
	if score, _ := second["score"].(map[string]any); score == nil || score["source"] != "builtin" {
		t.Errorf("score = %v, want the built-in trainer's", second["score"])
	}
}
