package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// sendJSON sends body (none when nil) with any method and decodes the
// answer, which it also returns as it came.
func sendJSON(t *testing.T, method, base, path, token string, body any) (int, map[string]any, string) {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, base+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var raw json.RawMessage
	_ = json.NewDecoder(res.Body).Decode(&raw)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return res.StatusCode, m, string(raw)
}

// tableCounts returns every table of db (but schema_migrations) with its
// row count.
func tableCounts(t *testing.T, db *sqlstore.DB) map[string]int64 {
	t.Helper()
	names, err := db.Tables(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, n := range names {
		if n == "schema_migrations" {
			continue
		}
		var c int64
		if err := db.SQL().QueryRow(`SELECT COUNT(*) FROM "` + n + `"`).Scan(&c); err != nil {
			t.Fatal(err)
		}
		out[n] = c
	}
	return out
}

// TestCopySQLiteToPostgres seeds an installation on SQLite through the
// running server, copies it with "salescoach copy" into a new PostgreSQL
// database, and serves it from there: the same sign-in, chats, feedback
// and subscription. Every table of the schema must be copied, with its row
// count; a second copy into the now full database is refused.
func TestCopySQLiteToPostgres(t *testing.T) {
	target := sqlstoretest.NewPostgresURL(t)
	dir := t.TempDir()
	secret := strings.Repeat("s", 40)
	ctx, cancel := context.WithCancel(context.Background())
	base, out, done := launch(t, ctx, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", dir, "LOG_FORMAT", "json",
		"ADMIN_EMAILS", "chef@example.com", "JWT_SECRET", secret))
	token := adminToken(t, base, out, "chef@example.com")
	steps := []struct {
		method, path string
		body         map[string]any
		want         int
	}{
		{"PATCH", "/api/me", map[string]any{"display_name": "Chefin Lea", "product_description": "Eine Software für Außendienstteams."}, 200},
		{"POST", "/api/consent", map[string]any{"consentType": "terms", "termsVersion": 2, "userAgent": "copy-test"}, 204},
		{"POST", "/api/feedback", map[string]any{"type": "feature", "message": "Bitte mehr Übungen zu Preisgesprächen."}, 201},
		{"POST", "/api/track", map[string]any{"path": "/", "source": "linkedin"}, 204},
		{"POST", "/api/referrals/code", map[string]any{}, 200},
		{"POST", "/api/admin/promo-codes", map[string]any{"code": "HERBST-26", "plan": "plus", "max_redemptions": 5}, 201},
	}
	for _, s := range steps {
		if st, m, _ := sendJSON(t, s.method, base, s.path, token, s.body); st != s.want {
			t.Fatalf("%s %s = %d %v", s.method, s.path, st, m)
		}
	}
	st, chat := postJSON(t, http.DefaultClient, base, "/api/chat", token, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Guten Tag, hier ist Lea von Vertriebsprofi."})
	if st != 200 {
		t.Fatalf("chat start = %d %v", st, chat)
	}
	convID := chat["conversationId"].(string)
	if st, m := postJSON(t, http.DefaultClient, base, "/api/chat", token, map[string]any{"conversationId": convID, "message": "Verstehe, der Preis ist Ihnen wichtig. Was wäre Ihnen die gesparte Zeit wert?"}); st != 200 {
		t.Fatalf("chat turn = %d %v", st, m)
	}
	_, guest := postJSON(t, http.DefaultClient, base, "/api/auth/anonymous", "", map[string]any{})
	if st, m := postJSON(t, http.DefaultClient, base, "/api/chat", guest["access_token"].(string), map[string]any{"mode": "Prüfung", "message": "Hallo"}); st != 200 {
		t.Fatalf("guest chat = %d %v", st, m)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("run: %v", err)
	}

	// A subscription, as PayPal's confirmation stores it.
	srcPath := filepath.Join(dir, "salescoach.db")
	src, err := sqlstore.Open(t.Context(), srcPath)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	chef, err := sqlstore.NewUserService(src).UserByEmail(t.Context(), "chef@example.com")
	if err != nil {
		t.Fatal(err)
	}
	cycle := time.Date(2026, 11, 1, 9, 30, 0, 0, time.UTC)
	if err := sqlstore.NewSubscriptionService(src).UpsertSubscription(t.Context(), &salescoach.Subscription{UserID: chef.ID,
		PayPalID: "I-COPYTEST", PlanID: "P-PLUS", Status: "ACTIVE", UpdateTime: cycle, CycleStart: &cycle, CreatedAt: cycle}); err != nil {
		t.Fatal(err)
	}

	// An answer's day rows: SQLite's triggers derive the running totals
	// from them, which the copy must bring over as they are (PostgreSQL's
	// triggers, firing on the copied day rows, would count them twice).
	if _, err := src.SQL().ExecContext(t.Context(), `INSERT INTO skill_family_days (user_id, day, family, answers, score_sum, attempts, solved)
		VALUES (?, '2026-11-02', 'price', 3, 150, 1, 1)`, chef.ID); err != nil {
		t.Fatal(err)
	}

	copyOut := &syncBuffer{}
	if err := run(t.Context(), []string{"salescoach", "copy", "--to", target}, envMap("DATA_DIR", dir), copyOut, copyOut); err != nil {
		t.Fatalf("copy: %v\n%s", err, copyOut.String())
	}
	t.Logf("copy output:\n%s", copyOut.String())

	dst, err := sqlstore.Open(t.Context(), target)
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	srcCounts, dstCounts := tableCounts(t, src), tableCounts(t, dst)
	var schema, copied []string
	for name := range dstCounts {
		schema = append(schema, name)
	}
	for _, line := range strings.Split(copyOut.String(), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[2] == "rows" && strings.HasPrefix(line, "  ") {
			if !slices.Contains(copied, f[0]) {
				copied = append(copied, f[0])
			}
		}
	}
	slices.Sort(schema)
	slices.Sort(copied)
	if !slices.Equal(schema, copied) {
		t.Errorf("the copy reported the tables\n%v\nthe schema has\n%v", copied, schema)
	}
	for name, n := range srcCounts {
		if slices.Contains(sqlstore.SQLiteOnlyTables, name) {
			if _, ok := dstCounts[name]; ok {
				t.Errorf("PostgreSQL has %s, which should be SQLite's alone", name)
			}
			continue
		}
		if dstCounts[name] != n {
			t.Errorf("table %s: %d rows in SQLite, %d in PostgreSQL", name, n, dstCounts[name])
		}
	}
	sum := func(db *sqlstore.DB, q string) int {
		t.Helper()
		var n int
		if err := db.SQL().QueryRowContext(t.Context(), q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, q := range []string{`SELECT COALESCE(SUM(answers), 0) FROM skill_answer_totals`, `SELECT COALESCE(SUM(answers), 0) FROM skill_family_days`} {
		if a, b := sum(src, q), sum(dst, q); a != b || a == 0 {
			t.Errorf("%s: %d in SQLite, %d in PostgreSQL", q, a, b)
		}
	}
	// and the triggers, off for the copy, are on again.
	if n := sum(dst, `SELECT COUNT(*) FROM pg_trigger WHERE NOT tgisinternal AND tgenabled = 'D'`); n != 0 {
		t.Errorf("%d triggers left disabled after the copy", n)
	}
	if n := sum(dst, `SELECT COUNT(*) FROM pg_trigger WHERE NOT tgisinternal`); n == 0 {
		t.Error("PostgreSQL has no triggers of its own to check")
	}
	for _, name := range []string{"users", "profiles", "refresh_tokens", "consent_audit", "conversations", "messages", "feedback",
		"page_views", "referral_codes", "promo_codes", "subscriptions", "chat_starts"} {
		if srcCounts[name] == 0 {
			t.Errorf("the seed left %s empty", name)
		}
	}

	// The copied installation serves the same data.
	base2, _ := startServer(t, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json",
		"DATABASE_URL", target, "JWT_SECRET", secret))
	st, login := postJSON(t, http.DefaultClient, base2, "/api/auth/login", "", map[string]any{"email": "chef@example.com", "password": "sicher-genug"})
	if st != 200 {
		t.Fatalf("sign-in with the old password on PostgreSQL = %d", st)
	}
	token2 := login["access_token"].(string)
	if st, _, raw := getJSON(t, base2, "/api/conversations", token2); st != 200 || !strings.Contains(raw, convID) {
		t.Errorf("conversations on PostgreSQL = %d %s", st, raw)
	}
	st, conv, _ := getJSON(t, base2, "/api/conversations/"+convID, token2)
	if msgs, _ := conv["messages"].([]any); st != 200 || len(msgs) < 4 {
		t.Errorf("conversation on PostgreSQL = %d with %d messages", st, len(msgs))
	}
	if st, me, _ := getJSON(t, base2, "/api/me", token2); st != 200 || !strings.Contains(strings.ToLower(toJSON(me)), "chefin lea") {
		t.Errorf("me on PostgreSQL = %d %v", st, me)
	}
	if st, _, raw := getJSON(t, base2, "/api/auth/is-admin", token2); st != 200 || !strings.Contains(raw, `"isAdmin":true`) {
		t.Errorf("is-admin on PostgreSQL = %d %s", st, raw)
	}
	sub, err := sqlstore.NewSubscriptionService(dst).LatestSubscription(t.Context(), chef.ID)
	if err != nil || sub.PayPalID != "I-COPYTEST" || sub.CycleStart == nil || !sub.CycleStart.Equal(cycle) {
		t.Errorf("subscription on PostgreSQL = %+v (%v)", sub, err)
	}

	again := &syncBuffer{}
	if err := run(t.Context(), []string{"salescoach", "copy", "--to", target, "--from", srcPath}, envMap(), again, again); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("a second copy into the full database: %v", err)
	}
	if err := run(t.Context(), []string{"salescoach", "copy", "--to", target, "--from", filepath.Join(dir, "nope.db")}, envMap(), again, again); err == nil || !strings.Contains(err.Error(), "no SQLite database") {
		t.Errorf("copy from a missing file: %v", err)
	}
	if err := run(t.Context(), []string{"salescoach", "copy"}, envMap("DATA_DIR", dir), again, again); err == nil || !strings.Contains(err.Error(), "PostgreSQL") {
		t.Errorf("copy without a target: %v", err)
	}
}

func toJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
