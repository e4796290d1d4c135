package mail

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"time"

	"salescoach"
)

// Defaults of an OutboxConfig.
const (
	DefaultPoll        = time.Minute
	DefaultLease       = 2 * time.Minute
	DefaultBatch       = 20
	DefaultFirstRetry  = 30 * time.Second
	DefaultMaxRetry    = time.Hour
	DefaultMaxAttempts = 20
	DefaultMaxAge      = 24 * time.Hour
	DefaultKeep        = 7 * 24 * time.Hour
	DefaultPruneEvery  = time.Hour
)

// OutboxConfig configures an Outbox. Zero durations and counts take the
// defaults above.
type OutboxConfig struct {
	// Store keeps the mails; Mailer delivers them.
	Store  salescoach.OutboxService
	Mailer salescoach.Mailer
	// Logger receives failures (slog.Default() when nil). It never gets an
	// address, a link or a body from the outbox; the mailers log what they
	// log themselves.
	Logger *slog.Logger
	// Now is the clock of due times (time.Now when nil); Jitter returns a
	// random number in [0, 1) that spreads retries (math/rand/v2 when nil).
	Now    func() time.Time
	Jitter func() float64
	// Poll is the longest Run waits between looks at the outbox; it matters
	// only for mail enqueued by other processes that died before sending it,
	// because Run wakes on its own enqueues and at the next known due time.
	Poll time.Duration
	// Lease is how long a claim lasts. It must be longer than a send can
	// take (SMTPConfig.Timeout, 30 s by default), or a slow send would be
	// taken over and the mail sent twice; a batch whose sends have taken
	// half the lease hands its unsent rest back.
	Lease time.Duration
	// Batch is how many mails one claim takes.
	Batch int
	// FirstRetry is the delay after the first failure; each further failure
	// doubles it up to MaxRetry. The actual delay is drawn between half and
	// all of that (jitter), so that mail held back by one outage does not
	// hit the server all at once when it is back.
	FirstRetry, MaxRetry time.Duration
	// MaxAttempts and MaxAge bound the tries: a mail is given up after
	// MaxAttempts sends, or when its next try would be MaxAge after
	// enqueueing (or after the mail's own GiveUpAt, when earlier).
	MaxAttempts int
	MaxAge      time.Duration
	// Keep is how long sent and given-up mails stay before Run prunes them;
	// PruneEvery how often it prunes.
	Keep, PruneEvery time.Duration
	// OnSent and OnFailed, when set, are called once per mail delivered and
	// per mail given up (not per failed attempt), for metrics.
	OnSent, OnFailed func()
}

// Outbox sends the mail its store holds: Enqueue stores a mail and wakes
// this process's sender, Run claims due mails and sends them through the
// Mailer, retrying failures with exponential backoff. Every app process runs
// one; the store's claims make each mail go out once, whichever process
// sends it (at least once, strictly: docs/decisions.md). It is safe for
// concurrent use.
type Outbox struct {
	cfg  OutboxConfig
	log  *slog.Logger
	wake chan struct{}
	// idle, when set, is called each time Run starts to wait (tests use it
	// to enqueue only while Run is idle).
	idle func()
}

var _ salescoach.MailQueue = (*Outbox)(nil)

// NewOutbox returns an Outbox with cfg's zero values defaulted.
func NewOutbox(cfg OutboxConfig) *Outbox {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&cfg.Poll, DefaultPoll)
	def(&cfg.Lease, DefaultLease)
	def(&cfg.FirstRetry, DefaultFirstRetry)
	def(&cfg.MaxRetry, DefaultMaxRetry)
	def(&cfg.MaxAge, DefaultMaxAge)
	def(&cfg.Keep, DefaultKeep)
	def(&cfg.PruneEvery, DefaultPruneEvery)
	if cfg.Batch <= 0 {
		cfg.Batch = DefaultBatch
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = DefaultMaxAttempts
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Jitter == nil {
		cfg.Jitter = rand.Float64
	}
	o := &Outbox{cfg: cfg, log: cfg.Logger, wake: make(chan struct{}, 1)}
	if o.log == nil {
		o.log = slog.Default()
	}
	return o
}

// Enqueue stores m, due now, with m.Token in the same transaction, and
// wakes Run. The mail is given up MaxAge after now, or when m.Token expires
// if that is earlier (its link would not work any more). It returns the
// store's errors: EINVALID for a missing or overlong recipient, ENOTFOUND
// for an unknown user, ECONFLICT for a token that exists already.
func (o *Outbox) Enqueue(ctx context.Context, m *salescoach.OutboxMail) error {
	now := o.cfg.Now()
	if m.CreatedAt.IsZero() {
		m.CreatedAt = now
	}
	if m.GiveUpAt.IsZero() {
		m.GiveUpAt = m.CreatedAt.Add(o.cfg.MaxAge)
		if m.Token != nil && m.Token.ExpiresAt.Before(m.GiveUpAt) {
			m.GiveUpAt = m.Token.ExpiresAt
		}
	}
	if err := o.cfg.Store.EnqueueMail(ctx, m); err != nil {
		return err
	}
	select {
	case o.wake <- struct{}{}:
	default: // a wake-up is pending already
	}
	return nil
}

// Run sends due mail until ctx ends: at once, then whenever Enqueue wakes
// it, when the next retry or expired claim falls due, and at least every
// Poll. It prunes finished mails every PruneEvery. Store errors are logged
// and retried at the next Poll.
func (o *Outbox) Run(ctx context.Context) {
	var lastPrune time.Time
	for {
		if now := o.cfg.Now(); now.Sub(lastPrune) >= o.cfg.PruneEvery {
			lastPrune = now
			if n, err := o.cfg.Store.PruneMails(ctx, now.Add(-o.cfg.Keep)); err != nil && ctx.Err() == nil {
				o.log.ErrorContext(ctx, "mail outbox: pruning failed", "err", err)
			} else if n > 0 {
				o.log.InfoContext(ctx, "mail outbox: pruned", "mails", n)
			}
		}
		if _, err := o.SendDue(ctx); err != nil && ctx.Err() == nil {
			o.log.ErrorContext(ctx, "mail outbox: sending failed", "err", err)
		}
		wait := o.cfg.Poll
		if due, ok, err := o.cfg.Store.NextMailDue(ctx); err == nil && ok {
			wait = min(wait, max(due.Sub(o.cfg.Now()), 0))
		}
		if o.idle != nil {
			o.idle()
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return
		case <-o.wake:
		case <-timer.C:
		}
		timer.Stop()
	}
}

// SendDue claims and sends the mails due now until none is left and
// returns how many it delivered. It returns the store's driver errors; a
// mail that cannot be sent is retried or given up, never an error here.
func (o *Outbox) SendDue(ctx context.Context) (int, error) {
	sent := 0
	for ctx.Err() == nil {
		claimed := o.cfg.Now()
		mails, err := o.cfg.Store.ClaimMails(ctx, claimed, o.cfg.Lease, o.cfg.Batch)
		if err != nil {
			return sent, err
		}
		if len(mails) == 0 {
			break
		}
		for i, m := range mails {
			if o.cfg.Now().Sub(claimed) > o.cfg.Lease/2 {
				// Slow sends have used up half the lease: the rest of
				// the batch is handed back rather than sent so late that
				// another process may have taken it over meanwhile.
				o.release(ctx, mails[i:])
				break
			}
			if o.send(ctx, m) {
				sent++
			}
		}
	}
	return sent, nil
}

// release makes claimed mails due again at once, for this or another
// process.
func (o *Outbox) release(ctx context.Context, mails []*salescoach.OutboxMail) {
	rec, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	for _, m := range mails {
		o.record(rec, m, o.cfg.Store.RetryMail(rec, m.ID, m.ClaimID, o.cfg.Now(), "released"))
	}
}

// send delivers one claimed mail and records the outcome; it reports
// whether the mail was delivered.
func (o *Outbox) send(ctx context.Context, m *salescoach.OutboxMail) bool {
	now := o.cfg.Now()
	// The outcome is recorded even when ctx ends meanwhile: an unrecorded
	// claim would hold the mail back until the lease ran out.
	rec, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	if m.Attempts > o.cfg.MaxAttempts || !now.Before(m.GiveUpAt) {
		// Claimed again after a crash mid-send, or too late to help.
		o.giveUp(rec, m, now, "expired")
		return false
	}
	err := o.cfg.Mailer.Send(ctx, m.Message)
	switch {
	case err == nil:
		if err := o.cfg.Store.MarkMailSent(rec, m.ID, m.ClaimID, o.cfg.Now()); err != nil {
			// Delivered, but another sender may deliver it again once the
			// claim has run out: the at-least-once edge.
			o.log.WarnContext(ctx, "mail outbox: sent mail not recorded", "mail_id", m.ID, "err", err)
		}
		if o.cfg.OnSent != nil {
			o.cfg.OnSent()
		}
		return true
	case ctx.Err() != nil:
		// Shutting down: the mail is due again at once, for another
		// process, and this attempt does not count as a failure.
		o.release(ctx, []*salescoach.OutboxMail{m})
		return false
	case salescoach.ErrorCode(err) == salescoach.EINVALID:
		// The mailer refuses the message itself; trying again cannot help.
		o.giveUp(rec, m, now, salescoach.EINVALID)
		return false
	}
	code := salescoach.ErrorCode(err)
	if code == "" {
		code = salescoach.EINTERNAL
	}
	next := now.Add(o.Backoff(m.Attempts))
	if m.Attempts >= o.cfg.MaxAttempts || !next.Before(m.GiveUpAt) {
		o.giveUp(rec, m, now, code)
		return false
	}
	o.log.WarnContext(ctx, "mail outbox: attempt failed, will retry", "mail_id", m.ID, "attempt", m.Attempts,
		"retry_at", next, "code", code)
	o.record(rec, m, o.cfg.Store.RetryMail(rec, m.ID, m.ClaimID, next, code))
	return false
}

// Backoff returns the delay after the attempt-th failed attempt:
// FirstRetry doubled per earlier failure, capped at MaxRetry, then scaled
// into [half, all] of that by Jitter.
func (o *Outbox) Backoff(attempt int) time.Duration {
	d := o.cfg.FirstRetry
	for i := 1; i < attempt && d < o.cfg.MaxRetry; i++ {
		d *= 2
	}
	d = min(d, o.cfg.MaxRetry)
	return d/2 + time.Duration(float64(d/2)*o.cfg.Jitter())
}

// giveUp marks m failed, logs it without address or link, and counts it.
func (o *Outbox) giveUp(ctx context.Context, m *salescoach.OutboxMail, now time.Time, reason string) {
	err := o.cfg.Store.MarkMailFailed(ctx, m.ID, m.ClaimID, now, reason)
	o.record(ctx, m, err)
	if err != nil {
		return
	}
	o.log.ErrorContext(ctx, "mail outbox: mail given up", "mail_id", m.ID, "user_id", m.UserID,
		"attempts", m.Attempts, "reason", reason)
	if o.cfg.OnFailed != nil {
		o.cfg.OnFailed()
	}
}

// record logs a failure to record an outcome; the claim then runs out and
// the mail is tried again.
func (o *Outbox) record(ctx context.Context, m *salescoach.OutboxMail, err error) {
	if err != nil {
		o.log.WarnContext(ctx, "mail outbox: outcome not recorded", "mail_id", m.ID, "err", err)
	}
}
