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
	return reminderJob("assignments.remind", 5*time.Minute, "assignment reminders queued", log, func(ctx context.Context) (int, error) {
		return store.RemindDue(ctx, now(), func(r salescoach.AssignmentReminder) salescoach.MailMessage {
			return mail.AssignmentReminder(r.Language, r.Title, r.DueAt, link)
		})
	})
}

// reminderJob runs queue every interval (two minutes at most a run) and
// logs how many mails it queued as what.
func reminderJob(name string, every time.Duration, what string, log *slog.Logger, queue func(ctx context.Context) (int, error)) Job {
	return Job{Name: name, Every: every, Timeout: 2 * time.Minute,
		Run: func(ctx context.Context) error {
			n, err := queue(ctx)
			if n > 0 && log != nil {
				log.Info(what, "mails", n)
			}
			return err
		}}
}
