package jobs

import (
	"context"
	"log/slog"
	"time"

	"salescoach"
	"salescoach/mail"
)

// AssignmentReminders is the job that queues the reminder mails of team
// assignments one day before they are due (salescoach.AssignmentService
// RemindDue), linking to the app's dashboard under publicURL. Every run
// queues what is due then; a reminder is queued once, even when two runs
// overlap, because RemindDue marks it in the mail's transaction.
func AssignmentReminders(store salescoach.AssignmentService, publicURL string, now func() time.Time, log *slog.Logger) Job {
	link := publicURL + "/app/dashboard"
	return Job{Name: "assignments.remind", Every: 5 * time.Minute, Timeout: 2 * time.Minute,
		Run: func(ctx context.Context) error {
			n, err := store.RemindDue(ctx, now(), func(r salescoach.AssignmentReminder) salescoach.MailMessage {
				return mail.AssignmentReminder(r.Language, r.Title, r.DueAt, link)
			})
			if n > 0 && log != nil {
				log.Info("assignment reminders queued", "mails", n)
			}
			return err
		}}
}
