package httpapi_test

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"mime/quotedprintable"
	"regexp"
	"testing"
	"time"

	"salescoach/httpapi"
	"salescoach/mail"
	"salescoach/mail/mailtest"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestSignupMailsPerAddressAreLimited: sign-ups with one unconfirmed
// address cannot flood its mailbox. At most three confirmation mails an hour
// go to one address, silently: every answer looks like a first sign-up.
func TestSignupMailsPerAddressAreLimited(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		// Many sign-ups from one address are allowed here, so only the
		// per-mailbox limit is at work.
		e := newEnv(t, db, func(cfg *httpapi.Config, _ *httpapi.Deps) { cfg.SignupsPerHour = 100 })
		c := e.client()
		fresh := c.do("POST", "/api/auth/signup", map[string]any{"email": "first@example.com", "password": pw, "termsAccepted": true}).must(t, 201)
		mailsTo := func(addr string) int {
			n := 0
			for _, m := range e.log.mails() {
				if m["to"] == addr {
					n++
				}
			}
			return n
		}
		for i := range 20 {
			r := c.do("POST", "/api/auth/signup", map[string]any{"email": "victim@example.com", "password": pw, "termsAccepted": true}).must(t, 201)
			if string(r.body) != string(fresh.body) {
				t.Fatalf("sign-up %d answered %s, a first sign-up %s", i+1, r.body, fresh.body)
			}
		}
		if n := mailsTo("victim@example.com"); n != 3 {
			t.Errorf("%d confirmation mails to one address, want 3", n)
		}
		// The newest link still confirms: the mails that went out are valid.
		tok := linkToken(t, e.log.lastLink(t, "victim@example.com"), "confirm")
		// An hour later the owner can ask for a new link again.
		e.clock.Advance(time.Hour + time.Second)
		c.do("POST", "/api/auth/signup", map[string]any{"email": "VICTIM@example.com", "password": pw, "termsAccepted": true}).must(t, 201)
		if n := mailsTo("victim@example.com"); n != 4 {
			t.Errorf("%d mails after the hour, want 4", n)
		}
		c.do("POST", "/api/auth/confirm", map[string]any{"token": tok}).must(t, 200)
	})
}

// TestMailWhileSMTPIsDown: with the mail server down, sign-up, password
// reset and an admin's invitation still succeed; the mails follow once the
// server is back, each exactly once, and their links work.
func TestMailWhileSMTPIsDown(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		port := mailtest.FreePort(t) // nothing listens: the server is down
		smtpMailer, err := mail.NewSMTPMailer(mail.SMTPConfig{Host: "127.0.0.1", Port: port, TLS: mail.TLSNone,
			From: "noreply@coach.test", Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		var e *env
		var outbox *mail.Outbox
		e = newEnv(t, db, func(_ *httpapi.Config, d *httpapi.Deps) {
			outbox = mail.NewOutbox(mail.OutboxConfig{Store: sqlstore.NewOutboxService(db), Mailer: smtpMailer,
				Logger: slog.New(slog.DiscardHandler), Now: func() time.Time { return e.clock.Now() }})
			d.Outbox = outbox
		})
		sendDue := func(want int) {
			t.Helper()
			n, err := outbox.SendDue(t.Context())
			if err != nil || n != want {
				t.Fatalf("outbox pass delivered %d (%v), want %d", n, err, want)
			}
		}
		// The admin signs up through the harness's log mailer (reading the
		// log sends the outbox's due mail that way); from here on only
		// the SMTP outbox sends.
		e.signUpConfirmed("boss@example.com", pw)

		c := e.client()
		c.do("POST", "/api/auth/signup", map[string]any{"email": "neu@example.com", "password": pw, "termsAccepted": true}).must(t, 201)
		c.do("POST", "/api/auth/recover", map[string]any{"email": "boss@example.com"}).must(t, 200)
		admin := e.client()
		admin.signIn("boss@example.com", pw, false)
		admin.do("POST", "/api/admin/users", map[string]any{"first_name": "Eva", "last_name": "Gast", "email": "eva@example.com"}).must(t, 201)
		sendDue(0)

		be := &mailtest.Backend{}
		cert, _ := mailtest.SelfSigned(t)
		mailtest.StartAt(t, be, mailtest.Plain, cert, fmt.Sprintf("127.0.0.1:%d", port))
		sendDue(0) // the retries are not due yet
		e.clock.Advance(time.Minute)
		sendDue(3)
		sendDue(0)

		links := map[string]string{}
		for _, m := range be.Messages() {
			if len(m.To) != 1 || links[m.To[0]] != "" {
				t.Fatalf("unexpected or repeated mail to %v", m.To)
			}
			body, err := io.ReadAll(quotedprintable.NewReader(bytes.NewReader(m.Data)))
			if err != nil {
				t.Fatal(err)
			}
			links[m.To[0]] = regexp.MustCompile(`http://coach\.test/app/login\?[a-z]+=[A-Za-z0-9_-]+`).FindString(string(body))
		}
		if len(links) != 3 {
			t.Fatalf("mails went to %v, want neu@, boss@ and eva@example.com", links)
		}
		c.do("POST", "/api/auth/confirm", map[string]any{"token": linkToken(t, links["neu@example.com"], "confirm")}).must(t, 200)
		c.do("POST", "/api/auth/reset", map[string]any{"token": linkToken(t, links["boss@example.com"], "reset"), "password": pw + "2"}).must(t, 200)
		c.do("POST", "/api/auth/reset", map[string]any{"token": linkToken(t, links["eva@example.com"], "invite"), "password": pw}).must(t, 200)
		// Nothing goes out twice, however long the outbox keeps working.
		e.clock.Advance(48 * time.Hour)
		sendDue(0)
		if n := len(be.Messages()); n != 3 {
			t.Errorf("%d mails arrived, want 3", n)
		}
	})
}
