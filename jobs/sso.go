package jobs

import (
	"context"
	"log/slog"
	"time"

	"salescoach"
	"salescoach/mail"
)

// SSOSecretReminders is the job that queues the reminder mails of client
// secrets that expire (salescoach.TeamSSOService RemindSecretExpiry), 14
// days before the date the owner entered, linking to the team's company
// sign-in page under publicURL. A reminder is queued once per date, even
// when two runs overlap.
func SSOSecretReminders(store salescoach.TeamSSOService, publicURL string, now func() time.Time, log *slog.Logger) Job {
	link := publicURL + "/app/team/sso"
	return reminderJob("sso.secret-remind", 15*time.Minute, "client secret reminders queued", log, func(ctx context.Context) (int, error) {
		return store.RemindSecretExpiry(ctx, now(), func(r salescoach.SSOSecretReminder) salescoach.MailMessage {
			return mail.SSOSecretReminder(r.Language, r.TeamName, r.ExpiresAt, link)
		})
	})
}
