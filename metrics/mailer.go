package metrics

import (
	"context"

	"salescoach"
)

// Mailer wraps mailer so that each Send counts as sent or failed. A nil
// *Metrics returns mailer unchanged.
func (m *Metrics) Mailer(mailer salescoach.Mailer) salescoach.Mailer {
	if m == nil {
		return mailer
	}
	return &countingMailer{next: mailer, m: m}
}

// countingMailer counts the results of next.Send.
type countingMailer struct {
	next salescoach.Mailer
	m    *Metrics
}

var _ salescoach.Mailer = (*countingMailer)(nil)

// Send sends through the inner mailer and returns its error.
func (c *countingMailer) Send(ctx context.Context, msg salescoach.MailMessage) error {
	err := c.next.Send(ctx, msg)
	result := "sent"
	if err != nil {
		result = "failed"
	}
	c.m.mails.WithLabelValues(result).Inc()
	return err
}
