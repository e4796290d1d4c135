package sqlstore_test

import (
	"fmt"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// queueMail enqueues a mail to u created at t0+after.
func queueMail(t *testing.T, s *sqlstore.OutboxService, u *salescoach.User, subject string, after time.Duration) *salescoach.OutboxMail {
	t.Helper()
	m := &salescoach.OutboxMail{UserID: u.ID, CreatedAt: t0.Add(after), Message: salescoach.MailMessage{
		To: u.Email, Subject: subject, Text: "Hallo", HTML: "<p>Hallo</p>", Link: "https://coach.test/app/login?confirm=secret-" + subject}}
	mustNil(t, s.EnqueueMail(t.Context(), m))
	return m
}

func TestOutboxEnqueueWithToken(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewOutboxService(db)
		ctx := t.Context()
		u := newUser(t, db, "o@example.com")
		tok := &salescoach.OneTimeToken{TokenHash: "h1", Purpose: salescoach.TokenConfirmEmail, UserID: u.ID,
			CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}
		m := &salescoach.OutboxMail{UserID: u.ID, Token: tok, CreatedAt: t0, Message: salescoach.MailMessage{To: u.Email, Subject: "s", Text: "t"}}
		mustNil(t, s.EnqueueMail(ctx, m))
		if m.ID == "" {
			t.Fatal("no id set")
		}
		if n := count(t, db, `SELECT COUNT(*) FROM one_time_tokens WHERE token_hash = 'h1'`); n != 1 {
			t.Errorf("%d tokens stored with the mail, want 1", n)
		}
		// The default give-up time is a day after enqueueing.
		got, err := s.ClaimMails(ctx, t0, time.Minute, 10)
		mustNil(t, err)
		if len(got) != 1 {
			t.Fatalf("claimed %d, want 1", len(got))
		}
		sameTime(t, "give_up_at", got[0].GiveUpAt, t0.Add(24*time.Hour))

		// The same token again: neither the token nor the mail is stored.
		m2 := &salescoach.OutboxMail{UserID: u.ID, Token: tok, CreatedAt: t0, Message: salescoach.MailMessage{To: u.Email, Subject: "s", Text: "t"}}
		wantCode(t, s.EnqueueMail(ctx, m2), salescoach.ECONFLICT)
		if n := count(t, db, `SELECT COUNT(*) FROM mail_outbox`); n != 1 {
			t.Errorf("%d mails after the failed enqueue, want 1", n)
		}
		wantCode(t, s.EnqueueMail(ctx, &salescoach.OutboxMail{UserID: "nobody", Message: salescoach.MailMessage{To: "x@example.com"}}), salescoach.ENOTFOUND)
		wantCode(t, s.EnqueueMail(ctx, &salescoach.OutboxMail{UserID: u.ID, Message: salescoach.MailMessage{To: " "}}), salescoach.EINVALID)

		// Deleting the user deletes the mail.
		exec(t, db, `DELETE FROM users WHERE id = ?`, u.ID)
		if n := count(t, db, `SELECT COUNT(*) FROM mail_outbox`); n != 0 {
			t.Errorf("%d mails left after the user was deleted", n)
		}
	})
}

func TestOutboxClaimLifecycle(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewOutboxService(db)
		ctx := t.Context()
		u := newUser(t, db, "o@example.com")
		a := queueMail(t, s, u, "a", 0)
		b := queueMail(t, s, u, "b", time.Second)
		queueMail(t, s, u, "later", time.Hour)

		next, ok, err := s.NextMailDue(ctx)
		mustNil(t, err)
		if !ok {
			t.Fatal("no mail due")
		}
		sameTime(t, "next due", next, t0)

		// Nothing is due before its time; the limit holds; oldest first.
		got, err := s.ClaimMails(ctx, t0.Add(-time.Second), time.Minute, 10)
		mustNil(t, err)
		if len(got) != 0 {
			t.Fatalf("claimed %d before anything was due", len(got))
		}
		now := t0.Add(time.Minute)
		got, err = s.ClaimMails(ctx, now, 2*time.Minute, 1)
		mustNil(t, err)
		if len(got) != 1 || got[0].ID != a.ID || got[0].Attempts != 1 || got[0].ClaimID == "" {
			t.Fatalf("first claim = %+v, want mail a, attempt 1", got)
		}
		if m := got[0]; m.Message != a.Message || m.UserID != u.ID {
			t.Errorf("claimed %+v, want %+v", m.Message, a.Message)
		}
		sameTime(t, "created_at", got[0].CreatedAt, t0)
		claimA := got[0].ClaimID

		// A claimed mail is not claimed again while its lease runs.
		got, err = s.ClaimMails(ctx, now, 2*time.Minute, 10)
		mustNil(t, err)
		if len(got) != 1 || got[0].ID != b.ID {
			t.Fatalf("second claim = %+v, want only mail b", got)
		}
		claimB := got[0].ClaimID
		if claimB == claimA {
			t.Error("two claims share an id")
		}

		// Sent: the bodies and the link (with its token) are gone.
		mustNil(t, s.MarkMailSent(ctx, a.ID, claimA, now))
		if n := count(t, db, `SELECT COUNT(*) FROM mail_outbox WHERE id = ? AND status = 'sent'
				AND body_text = '' AND body_html = '' AND link = '' AND recipient = 'o@example.com'`, a.ID); n != 1 {
			t.Error("the sent mail is not marked sent with its bodies cleared")
		}
		wantCode(t, s.MarkMailSent(ctx, a.ID, claimA, now), salescoach.ECONFLICT)

		// A retry ends the claim; the mail falls due at the given time.
		mustNil(t, s.RetryMail(ctx, b.ID, claimB, now.Add(30*time.Second), salescoach.EUNAVAILABLE))
		wantCode(t, s.RetryMail(ctx, b.ID, claimB, now, "x"), salescoach.ECONFLICT)
		if n := count(t, db, `SELECT COUNT(*) FROM mail_outbox WHERE id = ? AND last_error = 'unavailable' AND claim_id IS NULL`, b.ID); n != 1 {
			t.Error("the retried mail does not note its error or still has a claim")
		}
		got, err = s.ClaimMails(ctx, now.Add(29*time.Second), time.Minute, 10)
		mustNil(t, err)
		if len(got) != 0 {
			t.Fatalf("claimed %d before the retry time", len(got))
		}
		got, err = s.ClaimMails(ctx, now.Add(30*time.Second), time.Minute, 10)
		mustNil(t, err)
		if len(got) != 1 || got[0].ID != b.ID || got[0].Attempts != 2 {
			t.Fatalf("claim after the retry time = %+v, want b at attempt 2", got)
		}
		// Its lease runs out unmarked (the sender died): it falls due again
		// and another sender takes it over; the first can no longer mark it.
		stale := got[0].ClaimID
		expired := now.Add(30*time.Second + time.Minute)
		next, _, err = s.NextMailDue(ctx)
		mustNil(t, err)
		sameTime(t, "next due (lease end)", next, expired)
		got, err = s.ClaimMails(ctx, expired, time.Minute, 10)
		mustNil(t, err)
		if len(got) != 1 || got[0].ID != b.ID || got[0].Attempts != 3 {
			t.Fatalf("claim after the lease = %+v, want b at attempt 3", got)
		}
		wantCode(t, s.MarkMailSent(ctx, b.ID, stale, expired), salescoach.ECONFLICT)
		mustNil(t, s.MarkMailFailed(ctx, b.ID, got[0].ClaimID, expired, salescoach.EINVALID))
		if n := count(t, db, `SELECT COUNT(*) FROM mail_outbox WHERE id = ? AND status = 'failed' AND link = '' AND last_error = 'invalid'`, b.ID); n != 1 {
			t.Error("the failed mail is not marked failed with its link cleared")
		}

		// Finished mails are never claimed; the later one is still pending.
		got, err = s.ClaimMails(ctx, t0.Add(48*time.Hour), time.Minute, 10)
		mustNil(t, err)
		if len(got) != 1 || got[0].Message.Subject != "later" {
			t.Fatalf("final claim = %+v, want only the later mail", got)
		}
	})
}

func TestOutboxPrune(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewOutboxService(db)
		ctx := t.Context()
		u := newUser(t, db, "o@example.com")
		for i := range 3 {
			queueMail(t, s, u, fmt.Sprint(i), 0)
		}
		got, err := s.ClaimMails(ctx, t0, time.Minute, 2)
		mustNil(t, err)
		mustNil(t, s.MarkMailSent(ctx, got[0].ID, got[0].ClaimID, t0))
		mustNil(t, s.MarkMailFailed(ctx, got[1].ID, got[1].ClaimID, t0.Add(time.Hour), salescoach.EINVALID))

		n, err := s.PruneMails(ctx, t0)
		mustNil(t, err)
		if n != 0 {
			t.Errorf("pruned %d mails finished at the cut-off, want 0", n)
		}
		n, err = s.PruneMails(ctx, t0.Add(time.Minute))
		mustNil(t, err)
		if n != 1 {
			t.Errorf("pruned %d, want the sent mail only", n)
		}
		// A pending mail is never pruned, however old.
		n, err = s.PruneMails(ctx, t0.Add(1000*time.Hour))
		mustNil(t, err)
		if n != 1 {
			t.Errorf("pruned %d, want the failed mail only", n)
		}
		if c := count(t, db, `SELECT COUNT(*) FROM mail_outbox WHERE status = 'pending'`); c != 1 {
			t.Errorf("%d pending mails left, want 1", c)
		}
	})
}

// TestOutboxClaimConcurrent: senders that claim at the same moment never
// share a mail. 20 claimers of 5 each race over 60 mails, round after round
// until nothing is left: every mail is claimed exactly once. (On PostgreSQL
// a round may hand out fewer than 60, since a claimer skips rows another
// holds; no count per round is asserted, only the total and uniqueness.)
func TestOutboxClaimConcurrent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewOutboxService(db)
		u := newUser(t, db, "o@example.com")
		const mails, claimers, batch = 60, 20, 5
		for i := range mails {
			queueMail(t, s, u, fmt.Sprint(i), 0)
		}
		seen := map[string]int{}
		total := 0
		for round := 0; round < mails; round++ {
			warm(t, db, claimers)
			claimed := make([][]*salescoach.OutboxMail, claimers)
			for _, err := range race(claimers, func(i int) error {
				var err error
				claimed[i], err = s.ClaimMails(t.Context(), t0, time.Minute, batch)
				return err
			}) {
				mustNil(t, err)
			}
			n := 0
			for _, ms := range claimed {
				for _, m := range ms {
					seen[m.ID]++
					n++
				}
			}
			if n == 0 {
				break
			}
			total += n
		}
		if total != mails || len(seen) != mails {
			t.Errorf("claimed %d mails, %d distinct, want %d each", total, len(seen), mails)
		}
		for id, n := range seen {
			if n != 1 {
				t.Errorf("mail %s claimed %d times", id, n)
			}
		}
	})
}
