package salescoach

import (
	"context"
	"time"
)

// MailMessage is one outgoing e-mail.
type MailMessage struct {
	To      string
	Subject string
	Text    string // plain-text body; always set
	HTML    string // optional HTML alternative
	// Link is the one action link of the mail (confirmation, reset,
	// invitation). The log mailer prints it so that a local operator without
	// SMTP can finish the flow.
	Link string
}

// Mailer sends e-mail.
type Mailer interface {
	// Send delivers the message or returns EUNAVAILABLE when the mail server
	// cannot be reached or refuses it.
	Send(ctx context.Context, m MailMessage) error
}

// OutboxMail is one mail in the outbox: stored durably by the request that
// causes it and delivered later by whichever app process claims it, so that
// a mail server that is down delays the mail instead of losing it.
type OutboxMail struct {
	ID string
	// UserID is the account the mail is for. Deleting the account deletes
	// its mails, sent or not.
	UserID  string
	Message MailMessage
	// Token, when not nil, is stored in the same transaction as the mail:
	// the one-time token whose link the mail carries, so that neither exists
	// without the other. Only EnqueueMail reads it.
	Token *OneTimeToken
	// CreatedAt is when the mail was enqueued.
	CreatedAt time.Time
	// GiveUpAt is when an unsent mail is given up instead of retried: it
	// would arrive too late to help (its link has expired, say).
	GiveUpAt time.Time
	// Attempts counts the claims of the mail so far, the current one
	// included.
	Attempts int
	// ClaimID names the current claim; marking the mail needs it, so that a
	// sender whose claim expired and was taken over cannot mark the mail.
	ClaimID string
}

// OutboxService stores mails from enqueueing until they are sent or given
// up. Claims are safe across processes sharing one database: a mail is
// claimed by one sender at a time, and a claim ends by itself when its
// lease runs out, so that mail claimed by a process that died falls due
// again.
type OutboxService interface {
	// EnqueueMail stores m as pending and due at m.CreatedAt, together with
	// m.Token when that is set, in one transaction; it sets m.ID. It returns
	// EINVALID when the recipient is empty or too long and ENOTFOUND when
	// the user does not exist.
	EnqueueMail(ctx context.Context, m *OutboxMail) error
	// ClaimMails claims up to limit pending mails that are due at now, for
	// lease, and returns them with Attempts counted up and a new ClaimID.
	// It returns only driver errors.
	ClaimMails(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]*OutboxMail, error)
	// MarkMailSent records that the claimed mail was delivered and clears
	// its bodies and link. It returns ECONFLICT when the claim is no longer
	// the mail's (it expired and another sender took the mail over).
	MarkMailSent(ctx context.Context, id, claimID string, now time.Time) error
	// RetryMail ends the claim and makes the mail due again at at, noting
	// the error code reason. It returns ECONFLICT like MarkMailSent.
	RetryMail(ctx context.Context, id, claimID string, at time.Time, reason string) error
	// MarkMailFailed gives the claimed mail up, noting the error code
	// reason, and clears its bodies and link. It returns ECONFLICT like
	// MarkMailSent.
	MarkMailFailed(ctx context.Context, id, claimID string, now time.Time, reason string) error
	// NextMailDue returns when the earliest pending mail falls due (a
	// claimed one: when its lease ends), and false when none is pending. It
	// returns only driver errors.
	NextMailDue(ctx context.Context) (time.Time, bool, error)
	// PruneMails deletes sent and failed mails finished before before and
	// returns how many. It returns only driver errors.
	PruneMails(ctx context.Context, before time.Time) (int64, error)
}

// MailQueue takes mail for delivery after the request: once Enqueue has
// returned, the mail is stored and will be sent, retried while the mail
// server is unreachable, by this process or another.
type MailQueue interface {
	// Enqueue stores m (and m.Token, in the same transaction) and sets
	// m.ID. It returns the errors of OutboxService.EnqueueMail.
	Enqueue(ctx context.Context, m *OutboxMail) error
}
