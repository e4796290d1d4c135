package salescoach_test

import (
	"encoding/json"
	"os"
	"regexp"
	"testing"

	"salescoach"
)

// serverMessagesFile is the web app's copy of the catalogue: the German
// texts by key, which its English catalogue must cover key by key.
const serverMessagesFile = "web/src/lib/i18n/server-messages.json"

// TestWebHasEveryServerMessage keeps the web app's copy of the catalogue in
// step with the server's. Run with UPDATE_MESSAGES=1 to rewrite the copy
// after changing a message here; the web app's type check then demands an
// English text for every new key.
func TestWebHasEveryServerMessage(t *testing.T) {
	want, err := json.MarshalIndent(salescoach.Catalogue(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	if os.Getenv("UPDATE_MESSAGES") != "" {
		if err := os.WriteFile(serverMessagesFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(serverMessagesFile)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("%s is not the server's catalogue; run UPDATE_MESSAGES=1 go test -run TestWebHasEveryServerMessage .", serverMessagesFile)
	}
}

func TestMessageKeysAndPlaceholders(t *testing.T) {
	key := regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	for k, text := range salescoach.Catalogue() {
		if !key.MatchString(k) {
			t.Errorf("key %q is not snake_case", k)
		}
		if text == "" {
			t.Errorf("key %q has no text", k)
		}
	}
	m := salescoach.MsgMessageTooLong.With("max", 4000)
	if got := m.String(); got != "Die Nachricht ist zu lang (max. 4000 Zeichen)." {
		t.Errorf("String = %q", got)
	}
	if salescoach.MsgMessageTooLong.Params != nil {
		t.Error("With changed the catalogue's message")
	}
	if got := salescoach.MsgQueryTooLong.String(); got != "Die Suche darf höchstens {max} Zeichen lang sein." {
		t.Errorf("unfilled placeholder = %q", got)
	}
}
