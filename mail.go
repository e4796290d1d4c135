package salescoach

import "context"

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
