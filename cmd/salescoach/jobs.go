package main

import (
	"context"
	"log/slog"
	"time"

	"salescoach/billing"
	"salescoach/jobs"
	"salescoach/sqlstore"
)

// retention is how long finished rows are kept (docs/decisions.md,
// 2026-11-24). Sessions: 30 days, as long as the sign-in lock remembers an
// account's addresses. Webhook events: PayPal redelivers for 3 days, so 90
// leave a wide margin. Web vitals: the back-office reads at most 90 days.
var retention = sqlstore.Retention{
	MailTokens:    7 * 24 * time.Hour,
	Sessions:      30 * 24 * time.Hour,
	WebhookEvents: 90 * 24 * time.Hour,
	WebVitals:     100 * 24 * time.Hour,
}

// jobTick is how often a process looks for due background jobs.
const jobTick = 20 * time.Second

// backgroundJobs lists the background work every process offers to run:
// billing's (when PayPal is configured), the assignments' and client secrets' reminder mails, the clean-up of finished rows, and
// on PostgreSQL the pruning of full rate-limit buckets (SQLite's buckets live
// in the process, which drops them itself).
func backgroundJobs(db *sqlstore.DB, billingService *billing.Service, publicURL string, log *slog.Logger) []jobs.Job {
	list := billingService.Jobs()
	list = append(list, jobs.AssignmentReminders(sqlstore.NewAssignmentService(db), publicURL, time.Now, log))
	list = append(list, jobs.SSOSecretReminders(sqlstore.NewTeamSSOService(db), publicURL, time.Now, log))
	cleanup := sqlstore.NewCleanup(db)
	list = append(list, jobs.Job{Name: "cleanup", Every: time.Hour, Timeout: 10 * time.Minute,
		Run: func(ctx context.Context) error {
			n, err := cleanup.Prune(ctx, time.Now(), retention)
			for table, rows := range n {
				if rows > 0 {
					log.Info("cleanup", "table", table, "deleted", rows)
				}
			}
			return err
		}})
	if db.Dialect() == sqlstore.DialectPostgres {
		limits := sqlstore.NewRateLimiter(db)
		list = append(list, jobs.Job{Name: "rate-limits.prune", Every: 5 * time.Minute, Timeout: time.Minute,
			Run: func(ctx context.Context) error {
				_, err := limits.Prune(ctx, time.Now())
				return err
			}})
	}
	return list
}
