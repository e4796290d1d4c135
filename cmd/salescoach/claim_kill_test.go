package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// childEnv, set to "1", makes the test binary the real server (see
// TestMain): a process that a test can kill.
const childEnv = "SALESCOACH_TEST_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		err := run(ctx, []string{"salescoach", "serve"}, os.Getenv, os.Stdout, os.Stderr)
		stop()
		if err != nil {
			fmt.Fprintln(os.Stderr, "salescoach:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// spawn starts the server as a process of its own with the environment
// pairs and returns its base URL once /healthz answers, and the process.
func spawn(t *testing.T, kv ...string) (string, *exec.Cmd, *syncBuffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"=1")
	for i := 0; i+1 < len(kv); i += 2 {
		cmd.Env = append(cmd.Env, kv[i]+"="+kv[i+1])
	}
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); {
		if base := healthyAt(out); base != "" {
			return base, cmd, out
		}
		time.Sleep(20 * time.Millisecond) // polling for start-up, not timing a result
	}
	t.Fatalf("server process did not become healthy:\n%s", out.String())
	return "", nil, nil
}

// TestKilledProcessFreesItsChat: a process killed (SIGKILL) while the model
// writes its reply leaves a claim on the chat. While it lives, another
// process is refused (409); once it is dead, the chat is free as soon as
// its heartbeat has run out (a few seconds), long before the claim itself
// would lapse, and the resent message is answered once, without a
// duplicate.
func TestKilledProcessFreesItsChat(t *testing.T) {
	for _, dbName := range []string{"sqlite", "postgres"} {
		t.Run(dbName, func(t *testing.T) {
			dir := t.TempDir()
			dsn := filepath.Join(dir, "salescoach.db")
			if dbName == "postgres" {
				dsn = sqlstoretest.NewPostgresURL(t)
			}
			fake, held, release := heldModel(t)
			defer close(release)
			env := []string{"ADDR", "127.0.0.1:0", "DATA_DIR", dir, "LOG_FORMAT", "json",
				"LLM_BASE_URL", fake.URL(), "LLM_MODEL", "coach-model", "JWT_SECRET", strings.Repeat("k", 40),
				// One public URL, the tokens' issuer and audience, as behind one load balancer.
				"PUBLIC_URL", "https://coach.example.com"}
			if dbName == "postgres" {
				env = append(env, "DATABASE_URL", dsn)
			}
			a, proc, _ := spawn(t, env...)
			b, _ := startServer(t, envMap(env...))

			st, s := postJSON(t, http.DefaultClient, a, "/api/auth/anonymous", "", map[string]any{})
			if st != 200 {
				t.Fatalf("anonymous sign-in: %d", st)
			}
			token := s["access_token"].(string)
			first := `{"mode":"Übung","difficulty":1,"message":"Hallo, ich rufe wegen Ihrer Software an."}`
			chatStream(t, a, token, first)
			<-held

			db, err := sqlstore.Open(t.Context(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			var id string
			if err := db.SQL().QueryRowContext(t.Context(), `SELECT id FROM conversations`).Scan(&id); err != nil {
				t.Fatal(err)
			}
			resend := map[string]any{"conversationId": id, "message": "Hallo, ich rufe wegen Ihrer Software an."}

			// A live holder wins: the other process is refused.
			if st, body := postJSON(t, http.DefaultClient, b, "/api/chat", token, resend); st != http.StatusConflict {
				t.Fatalf("chat held by a live process: %d %v, want 409", st, body)
			}

			if err := proc.Process.Kill(); err != nil {
				t.Fatal(err)
			}
			_ = proc.Wait()

			// Wait until the dead process's last beat has run out: that,
			// not the claim's own end, is what frees the chat.
			var claimUntil, aliveUntil time.Time
			for deadline := time.Now().Add(20 * time.Second); ; {
				var alive sqlTime
				err := db.SQL().QueryRowContext(t.Context(), rebind(db, `SELECT c.turn_claimed_until, h.alive_until FROM conversations c
					JOIN claim_holders h ON h.id = c.turn_claim_holder WHERE c.id = ?`), id).Scan((*sqlTime)(&claimUntil), &alive)
				if err != nil {
					t.Fatalf("the dead process's claim and beat: %v", err)
				}
				aliveUntil = time.Time(alive)
				if time.Now().After(aliveUntil) || time.Now().After(deadline) {
					break
				}
				time.Sleep(50 * time.Millisecond) // polling for the heartbeat to run out, not timing a result
			}
			if !time.Now().Before(claimUntil) {
				t.Fatalf("the claim itself has lapsed (%v): the test cannot tell a dead holder from a lapsed claim", claimUntil)
			}
			st, answer := postJSON(t, http.DefaultClient, b, "/api/chat", token, resend)
			if st != 200 {
				t.Fatalf("chat of a killed process, %v before its claim would lapse: %d %v, want 200", time.Until(claimUntil).Round(time.Second), st, answer)
			}
			msgs, err := sqlstore.NewConversationService(db).Messages(t.Context(), id)
			if err != nil || len(msgs) != 2 || msgs[0].Role != "user" || msgs[1].Role != "assistant" {
				t.Errorf("messages after the resend = %d (%v), want the user's once and the reply", len(msgs), err)
			}
		})
	}
}

// sqlTime scans a timestamp as either database returns it.
type sqlTime time.Time

func (s *sqlTime) Scan(v any) error {
	switch x := v.(type) {
	case time.Time:
		*s = sqlTime(x)
		return nil
	case string:
		return s.parse(x)
	case []byte:
		return s.parse(string(x))
	}
	return fmt.Errorf("unreadable time %T", v)
}

func (s *sqlTime) parse(v string) error {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999Z07:00", "2006-01-02 15:04:05.999999999"} {
		if t, err := time.Parse(layout, v); err == nil {
			*s = sqlTime(t)
			return nil
		}
	}
	return fmt.Errorf("unreadable time %q", v)
}

// rebind writes q's placeholders in db's dialect.
func rebind(db *sqlstore.DB, q string) string {
	if db.Dialect() == sqlstore.DialectPostgres {
		return strings.Replace(q, "?", "$1", 1)
	}
	return q
}
