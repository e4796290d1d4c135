package mail_test

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"salescoach"
	"salescoach/mail"
	"salescoach/mail/mailtest"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestMain(m *testing.M) { sqlstoretest.Main(m) }

// testClock is a settable clock.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) Set(t time.Time)         { c.mu.Lock(); c.t = t; c.mu.Unlock() }
func (c *testClock) Advance(d time.Duration) { c.Set(c.Now().Add(d)) }

var outboxT0 = time.Date(2026, 11, 24, 8, 0, 0, 0, time.UTC)

// outboxEnv is one sender on a real database and a real SMTP server.
type outboxEnv struct {
	db      *sqlstore.DB
	store   *sqlstore.OutboxService
	outbox  *mail.Outbox
	clock   *testClock
	be      *mailtest.Backend
	logs    *logBuffer // the outbox's log (the mailer has its own)
	user    *salescoach.User
	sent    atomic.Int32
	failed  atomic.Int32
	smtpLog *logBuffer
}

// newOutboxEnv starts an SMTP server and an Outbox on db whose jitter is
// always the middle (delays are 3/4 of the nominal backoff); cfg's other
// fields are passed on.
func newOutboxEnv(t *testing.T, db *sqlstore.DB, cfg mail.OutboxConfig) *outboxEnv {
	t.Helper()
	e := &outboxEnv{db: db, store: sqlstore.NewOutboxService(db), clock: &testClock{t: outboxT0},
		be: &mailtest.Backend{}, logs: &logBuffer{}}
	cert, _ := mailtest.SelfSigned(t)
	port := mailtest.Start(t, e.be, mailtest.Plain, cert)
	var m salescoach.Mailer
	m, e.smtpLog = newMailer(t, mail.SMTPConfig{Port: port, TLS: mail.TLSNone})
	if cfg.Mailer == nil {
		cfg.Mailer = m
	}
	cfg.Store, cfg.Now, cfg.Logger = e.store, e.clock.Now, slog.New(slog.NewJSONHandler(e.logs, nil))
	cfg.Jitter = func() float64 { return 0.5 }
	cfg.OnSent = func() { e.sent.Add(1) }
	cfg.OnFailed = func() { e.failed.Add(1) }
	e.outbox = mail.NewOutbox(cfg)
	u, err := sqlstore.NewUserService(db).CreateUser(t.Context(), salescoach.NewUser{Email: "max@example.com", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	e.user = u
	return e
}

// enqueue queues a mail to the test user with a link carrying secret.
func (e *outboxEnv) enqueue(t *testing.T, subject, secret string) *salescoach.OutboxMail {
	t.Helper()
	m := &salescoach.OutboxMail{UserID: e.user.ID, Message: salescoach.MailMessage{To: e.user.Email, Subject: subject,
		Text: "Bitte bestätige: https://coach.test/app/login?confirm=" + secret, Link: "https://coach.test/app/login?confirm=" + secret}}
	if err := e.outbox.Enqueue(t.Context(), m); err != nil {
		t.Fatal(err)
	}
	return m
}

// sendDue runs one pass and fails the test unless it delivered want mails.
func (e *outboxEnv) sendDue(t *testing.T, want int) {
	t.Helper()
	n, err := e.outbox.SendDue(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if n != want {
		t.Fatalf("pass at %s delivered %d, want %d", e.clock.Now().Format(time.TimeOnly), n, want)
	}
}

// nextDue returns when the next pending mail falls due (zero for none).
func (e *outboxEnv) nextDue(t *testing.T) time.Time {
	t.Helper()
	due, ok, err := e.store.NextMailDue(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if !ok {
		return time.Time{}
	}
	return due
}

// status returns the stored status and attempts of mail id.
func (e *outboxEnv) status(t *testing.T, id string) (status string, attempts int) {
	t.Helper()
	if err := e.db.SQL().QueryRowContext(t.Context(), byID(e.db, `SELECT status, attempts FROM mail_outbox`), id).Scan(&status, &attempts); err != nil {
		t.Fatal(err)
	}
	return status, attempts
}

// byID appends the dialect's "WHERE id = <first parameter>" to q.
func byID(db *sqlstore.DB, q string) string {
	if db.Dialect() == sqlstore.DialectPostgres {
		return q + " WHERE id = $1"
	}
	return q + " WHERE id = ?"
}

// TestOutboxRetriesWithBackoff: while the server refuses mail, each try
// fails and the next falls due after the doubled delay (30 s, 1 min, 2 min,
// then the 2 min cap; 3/4 of each with this jitter); nothing is tried before
// its time; once the server takes mail again, the mail arrives once.
func TestOutboxRetriesWithBackoff(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newOutboxEnv(t, db, mail.OutboxConfig{FirstRetry: 30 * time.Second, MaxRetry: 2 * time.Minute})
		e.be.SetRefusing(true)
		m := e.enqueue(t, "Bestätigung", "tok-1")
		for i, delay := range []time.Duration{22500 * time.Millisecond, 45 * time.Second, 90 * time.Second, 90 * time.Second} {
			e.sendDue(t, 0)
			sessions, _ := e.be.Counts()
			if sessions != i+1 {
				t.Fatalf("%d connections after try %d", sessions, i+1)
			}
			want := e.clock.Now().Add(delay)
			if got := e.nextDue(t); !got.Equal(want) {
				t.Fatalf("after try %d the mail is due at %s, want %s", i+1, got.Format(time.TimeOnly), want.Format(time.TimeOnly))
			}
			// Nothing happens a moment before.
			e.clock.Set(want.Add(-time.Millisecond))
			e.sendDue(t, 0)
			if s, _ := e.be.Counts(); s != sessions {
				t.Fatalf("tried again %s early", time.Millisecond)
			}
			e.clock.Set(want)
		}
		e.be.SetRefusing(false)
		e.sendDue(t, 1)
		e.sendDue(t, 0)
		if got := e.be.Messages(); len(got) != 1 || !strings.Contains(string(got[0].Data), "tok-1") {
			t.Fatalf("received %d messages, want the one mail", len(got))
		}
		if st, attempts := e.status(t, m.ID); st != "sent" || attempts != 5 {
			t.Errorf("mail is %s after %d attempts, want sent after 5", st, attempts)
		}
		if e.sent.Load() != 1 || e.failed.Load() != 0 {
			t.Errorf("OnSent %d, OnFailed %d times; want 1 and 0", e.sent.Load(), e.failed.Load())
		}
		if !e.nextDue(t).IsZero() {
			t.Error("a mail is still pending")
		}
	})
}

// TestOutboxGivesUp: a mail is given up after MaxAttempts tries, when its
// next try would come after its link expired, and at once when the mailer
// refuses the message itself. Giving up is logged without the address or
// the link and counted once per mail.
func TestOutboxGivesUp(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newOutboxEnv(t, db, mail.OutboxConfig{FirstRetry: time.Minute, MaxRetry: time.Minute, MaxAttempts: 3})
		e.be.SetRefusing(true)
		tooMany := e.enqueue(t, "a", "secret-a")
		for range 3 {
			e.sendDue(t, 0)
			e.clock.Advance(time.Minute)
		}
		if st, attempts := e.status(t, tooMany.ID); st != "failed" || attempts != 3 {
			t.Errorf("mail is %s after %d attempts, want failed after 3", st, attempts)
		}

		// The reset link dies in 30 s; the first retry would come after 45 s.
		tok := &salescoach.OneTimeToken{TokenHash: "hash-b", Purpose: salescoach.TokenResetPassword, UserID: e.user.ID,
			CreatedAt: e.clock.Now(), ExpiresAt: e.clock.Now().Add(30 * time.Second)}
		late := &salescoach.OutboxMail{UserID: e.user.ID, Token: tok,
			Message: salescoach.MailMessage{To: e.user.Email, Subject: "b", Text: "x", Link: "https://coach.test/?reset=secret-b"}}
		if err := e.outbox.Enqueue(t.Context(), late); err != nil {
			t.Fatal(err)
		}
		e.sendDue(t, 0)
		if st, attempts := e.status(t, late.ID); st != "failed" || attempts != 1 {
			t.Errorf("expiring mail is %s after %d attempts, want failed after 1", st, attempts)
		}

		// Two recipients: the mailer refuses the message; no connection.
		sessions, _ := e.be.Counts()
		bad := &salescoach.OutboxMail{UserID: e.user.ID, Message: salescoach.MailMessage{To: "a@example.com, b@example.com", Subject: "c", Text: "x"}}
		if err := e.outbox.Enqueue(t.Context(), bad); err != nil {
			t.Fatal(err)
		}
		e.sendDue(t, 0)
		if st, attempts := e.status(t, bad.ID); st != "failed" || attempts != 1 {
			t.Errorf("refused mail is %s after %d attempts, want failed after 1", st, attempts)
		}
		if s, _ := e.be.Counts(); s != sessions {
			t.Error("the refused mail was sent to the server")
		}

		if e.failed.Load() != 3 || e.sent.Load() != 0 {
			t.Errorf("OnFailed %d, OnSent %d times; want 3 and 0", e.failed.Load(), e.sent.Load())
		}
		logs := e.logs.String()
		if n := strings.Count(logs, "mail given up"); n != 3 {
			t.Errorf("%d give-up log lines, want 3:\n%s", n, logs)
		}
		for _, secret := range []string{"max@example.com", "a@example.com", "secret-a", "secret-b", "coach.test"} {
			if strings.Contains(logs, secret) {
				t.Errorf("the outbox log contains %q:\n%s", secret, logs)
			}
		}
		// A given-up mail is never tried again.
		e.be.SetRefusing(false)
		e.clock.Advance(time.Hour)
		e.sendDue(t, 0)
	})
}

// TestOutboxTakesOverExpiredClaim: a process that claimed mail and died
// (here: a claim made through the store and never finished) holds it back
// only until the lease ends; then another sender delivers it.
func TestOutboxTakesOverExpiredClaim(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newOutboxEnv(t, db, mail.OutboxConfig{Lease: 2 * time.Minute})
		m := e.enqueue(t, "a", "tok")
		claimed, err := e.store.ClaimMails(t.Context(), e.clock.Now(), 2*time.Minute, 10)
		if err != nil || len(claimed) != 1 {
			t.Fatalf("claim: %v, %d mails", err, len(claimed))
		}
		e.clock.Advance(2*time.Minute - time.Millisecond)
		e.sendDue(t, 0)
		e.clock.Advance(time.Millisecond)
		e.sendDue(t, 1)
		if st, attempts := e.status(t, m.ID); st != "sent" || attempts != 2 {
			t.Errorf("mail is %s after %d attempts, want sent after 2", st, attempts)
		}
		// The dead process's claim can no longer mark it.
		if err := e.store.MarkMailFailed(t.Context(), m.ID, claimed[0].ClaimID, e.clock.Now(), "x"); salescoach.ErrorCode(err) != salescoach.ECONFLICT {
			t.Errorf("stale claim marked the mail: %v", err)
		}
	})
}

// TestOutboxRunWakesOnEnqueue: Run sends a mail enqueued in its process at
// once, not at the next poll (an hour here), and prunes old finished mail.
func TestOutboxRunWakesOnEnqueue(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newOutboxEnv(t, db, mail.OutboxConfig{Poll: time.Hour, Keep: time.Hour})
		e.clock.Set(time.Now())
		// A mail sent two hours ago is pruned by the first pass. (Queued
		// through the store, so that no wake-up is pending when Run starts.)
		old := &salescoach.OutboxMail{UserID: e.user.ID, CreatedAt: e.clock.Now(), Message: salescoach.MailMessage{To: e.user.Email, Subject: "old", Text: "x"}}
		if err := e.store.EnqueueMail(t.Context(), old); err != nil {
			t.Fatal(err)
		}
		claimed, err := e.store.ClaimMails(t.Context(), e.clock.Now(), time.Minute, 1)
		if err != nil || len(claimed) != 1 {
			t.Fatalf("claim: %v", err)
		}
		if err := e.store.MarkMailSent(t.Context(), old.ID, claimed[0].ClaimID, e.clock.Now().Add(-2*time.Hour)); err != nil {
			t.Fatal(err)
		}
		idle := make(chan struct{}, 1)
		mail.SetIdleHook(e.outbox, func() {
			select {
			case idle <- struct{}{}:
			default:
			}
		})
		ctx, cancel := context.WithCancel(t.Context())
		done := make(chan struct{})
		go func() { e.outbox.Run(ctx); close(done) }()
		defer func() { cancel(); <-done }()

		for i := range 3 {
			// Only once Run waits (for the hour), so that no pass still
			// under way picks the mail up by chance.
			select {
			case <-idle:
			case <-time.After(10 * time.Second):
				t.Fatal("Run did not go idle")
			}
			e.enqueue(t, fmt.Sprint(i), fmt.Sprint("tok-", i))
			if !e.be.WaitFor(i+1, 10*time.Second) {
				t.Fatalf("mail %d not delivered within 10 s of its enqueue", i+1)
			}
		}
		cancel()
		<-done
		if n := len(e.be.Messages()); n != 3 {
			t.Errorf("%d messages, want 3", n)
		}
		var n int
		if err := db.SQL().QueryRowContext(t.Context(), byID(db, `SELECT COUNT(*) FROM mail_outbox`), old.ID).Scan(&n); err != nil || n != 0 {
			t.Errorf("the old sent mail was not pruned (%d rows, %v)\n%s", n, err, e.logs.String())
		}
	})
}

// openTwice returns two handles on one database, as two app processes
// have: on PostgreSQL two pools on one new database, on SQLite two pools on
// one file.
func openTwice(t *testing.T, pg bool) (*sqlstore.DB, *sqlstore.DB) {
	t.Helper()
	dsn := filepath.Join(t.TempDir(), "shared.db")
	if pg {
		dsn = sqlstoretest.NewPostgresURL(t)
	}
	var dbs [2]*sqlstore.DB
	for i := range dbs {
		db, err := sqlstore.Open(t.Context(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		if err := db.Migrate(t.Context()); err != nil {
			t.Fatal(err)
		}
		dbs[i] = db
	}
	return dbs[0], dbs[1]
}

// TestOutboxTwoProcessesSendEachMailOnce: two senders, each with its own
// database pool as two app processes have, start at the same moment on 50
// queued mails; the SMTP server receives each mail exactly once.
func TestOutboxTwoProcessesSendEachMailOnce(t *testing.T) {
	for _, pg := range []bool{true, false} {
		name := map[bool]string{true: "postgres", false: "sqlite"}[pg]
		t.Run(name, func(t *testing.T) {
			dbA, dbB := openTwice(t, pg)
			const mails = 50
			be := &mailtest.Backend{}
			cert, _ := mailtest.SelfSigned(t)
			port := mailtest.Start(t, be, mailtest.Plain, cert)
			// Each mail is counted after it is recorded sent.
			sent := make(chan struct{}, 2*mails)
			outbox := func(db *sqlstore.DB) *mail.Outbox {
				m, _ := newMailer(t, mail.SMTPConfig{Port: port, TLS: mail.TLSNone})
				// Small batches, so that the two senders take turns.
				return mail.NewOutbox(mail.OutboxConfig{Store: sqlstore.NewOutboxService(db), Mailer: m, Batch: 3,
					Poll: time.Hour, Logger: slog.New(slog.DiscardHandler), OnSent: func() { sent <- struct{}{} }})
			}
			a, b := outbox(dbA), outbox(dbB)

			u, err := sqlstore.NewUserService(dbA).CreateUser(t.Context(), salescoach.NewUser{Email: "max@example.com", PasswordHash: "h"})
			if err != nil {
				t.Fatal(err)
			}
			store := sqlstore.NewOutboxService(dbA)
			for i := range mails {
				// Queued through the store: neither sender is woken.
				if err := store.EnqueueMail(t.Context(), &salescoach.OutboxMail{UserID: u.ID, Message: salescoach.MailMessage{
					To: fmt.Sprintf("user%02d@example.com", i), Subject: fmt.Sprintf("mail %02d", i), Text: "x"}}); err != nil {
					t.Fatal(err)
				}
			}
			ctx, cancel := context.WithCancel(t.Context())
			start := make(chan struct{})
			var wg sync.WaitGroup
			for _, o := range []*mail.Outbox{a, b} {
				wg.Go(func() {
					<-start
					o.Run(ctx)
				})
			}
			close(start)
			// Stopping the senders only once every mail is recorded sent:
			// stopping between the server's acceptance and the record
			// would send that mail again (the at-least-once edge).
			deadline := time.After(60 * time.Second)
			for i := range mails {
				select {
				case <-sent:
				case <-deadline:
					cancel()
					wg.Wait()
					t.Fatalf("only %d of %d mails sent within 60 s", i, mails)
				}
			}
			cancel()
			wg.Wait()
			perRcpt := map[string]int{}
			for _, m := range be.Messages() {
				perRcpt[strings.Join(m.To, ",")]++
			}
			for i := range mails {
				if n := perRcpt[fmt.Sprintf("user%02d@example.com", i)]; n != 1 {
					t.Errorf("mail %02d arrived %d times", i, n)
				}
			}
			if n := len(be.Messages()); n != mails || len(sent) != 0 {
				t.Errorf("%d messages arrived, %d more counted sent; want %d and none", n, len(sent), mails)
			}
			if _, pending, err := store.NextMailDue(t.Context()); err != nil || pending {
				t.Errorf("mail still pending after all arrived (%v)", err)
			}
		})
	}
}

// slowMailer delivers through the real log mailer and advances the test
// clock by each send's duration, as a slow mail server would.
type slowMailer struct {
	salescoach.Mailer
	clock *testClock
	took  time.Duration
}

func (s *slowMailer) Send(ctx context.Context, m salescoach.MailMessage) error {
	s.clock.Advance(s.took)
	return s.Mailer.Send(ctx, m)
}

// TestOutboxHandsBackSlowBatch: when sends take so long that half the
// lease is gone, the rest of the batch is handed back and claimed afresh
// instead of being sent on a claim that may have run out meanwhile. Three
// mails in one batch, each send taking 61 s of a 2-minute lease: each is
// sent once, on its first, second and third claim.
func TestOutboxHandsBackSlowBatch(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		logs := &logBuffer{}
		slow := &slowMailer{Mailer: mail.NewLogMailer(slog.New(slog.NewJSONHandler(logs, nil))), took: 61 * time.Second}
		e := newOutboxEnv(t, db, mail.OutboxConfig{Lease: 2 * time.Minute, Batch: 3, Mailer: slow})
		slow.clock = e.clock
		var ids []string
		for i := range 3 {
			ids = append(ids, e.enqueue(t, fmt.Sprint(i), fmt.Sprint("tok-", i)).ID)
		}
		e.sendDue(t, 3)
		if n := strings.Count(logs.String(), `"msg":"mail"`); n != 3 {
			t.Errorf("%d mails sent, want 3", n)
		}
		attempts := map[int]bool{}
		for _, id := range ids {
			st, a := e.status(t, id)
			if st != "sent" {
				t.Errorf("mail %s is %s", id, st)
			}
			attempts[a] = true
		}
		if !attempts[1] || !attempts[2] || !attempts[3] {
			t.Errorf("claims per mail = %v, want 1, 2 and 3", attempts)
		}
	})
}
