package mail

import (
	"context"
	"log/slog"

	"salescoach"
)

// LogMailer stands in for SMTP when none is configured: it writes one log
// record per mail with recipient, subject and link, so that a local operator
// can finish a registration or reset from the log. The link is logged on
// purpose; the body never is. It is safe for concurrent use.
type LogMailer struct {
	log *slog.Logger
}

var _ salescoach.Mailer = (*LogMailer)(nil)

// NewLogMailer returns a LogMailer that writes to logger (slog.Default() when
// nil).
func NewLogMailer(logger *slog.Logger) *LogMailer {
	if logger == nil {
		logger = slog.Default()
	}
	return &LogMailer{log: logger}
}

// Send logs msg's recipient, subject and link at Info level. It returns
// EINVALID for the messages SMTPMailer would refuse (a recipient that is not
// one address, a line break in To or Subject), so that a fault shows up in
// development as it would in production; it never returns EUNAVAILABLE.
func (m *LogMailer) Send(ctx context.Context, msg salescoach.MailMessage) error {
	to, err := checkMessage(msg)
	if err != nil {
		return err
	}
	// The message is the stable word "mail" so scripts and e2e tests can
	// find these lines; the note says why the mail is here.
	m.log.LogAttrs(ctx, slog.LevelInfo, "mail",
		slog.String("note", "not sent: no SMTP server configured; the link is logged instead"),
		slog.String("to", to.Address),
		slog.String("subject", msg.Subject),
		slog.String("link", msg.Link),
	)
	return nil
}
