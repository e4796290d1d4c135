package sqlstore

import (
	"context"
	"time"
)

// Retention says how long rows that have served their purpose are kept
// before Cleanup.Prune deletes them.
type Retention struct {
	// MailTokens is how long confirmation, reset and invitation links are
	// kept after they were used or expired.
	MailTokens time.Duration
	// Sessions is how long refresh tokens are kept after they expired or
	// were revoked. Each user's newest token stays regardless: it tells the
	// back-office when the user was last active.
	Sessions time.Duration
	// WebhookEvents is how long the ids of applied PayPal webhook events
	// are kept, against PayPal's redeliveries.
	WebhookEvents time.Duration
	// WebVitals is how long web-vital measurements are kept.
	WebVitals time.Duration
}

// Cleanup deletes rows nothing needs any more: used and expired mail links,
// expired OAuth states, two-factor sign-in challenges and Google/Apple
// re-authentications, old sessions, old webhook event ids and old web
// vitals. Rate-limit buckets have their own RateLimiter.Prune.
type Cleanup struct {
	db *DB
}

// NewCleanup returns a Cleanup on db.
func NewCleanup(db *DB) *Cleanup {
	return &Cleanup{db: db}
}

// pruneBatch bounds one DELETE, so that a first clean-up of a large table
// holds no lock for long and PostgreSQL's autovacuum keeps up.
const pruneBatch = 1000

// prune is one table's clean-up: the rows of table whose key column is in
// the result of a query selecting at most ? keys (the batch size, passed
// last).
type prune struct {
	table, key, query string
	args              []any
}

// Prune deletes, at now, the rows past r's retention, in batches, and
// returns how many it deleted per table. It stops at the first error (what
// was deleted until then stays deleted) and returns only driver errors.
func (c *Cleanup) Prune(ctx context.Context, now time.Time, r Retention) (map[string]int64, error) {
	sessions := now.Add(-r.Sessions)
	steps := []prune{
		{"one_time_tokens", "token_hash", `SELECT token_hash FROM one_time_tokens
			WHERE expires_at <= ? OR used_at <= ? LIMIT ?`, []any{now.Add(-r.MailTokens), now.Add(-r.MailTokens)}},
		{"oauth_states", "state_hash", `SELECT state_hash FROM oauth_states WHERE expires_at <= ? LIMIT ?`, []any{now}},
		{"totp_challenges", "token_hash", `SELECT token_hash FROM totp_challenges WHERE expires_at <= ? LIMIT ?`, []any{now}},
		{"sso_pending_links", "token_hash", `SELECT token_hash FROM sso_pending_links WHERE expires_at <= ? LIMIT ?`, []any{now}},
		{"reauth_proofs", "family_id", `SELECT family_id FROM reauth_proofs WHERE expires_at <= ? LIMIT ?`, []any{now}},
		{"refresh_tokens", "id", `SELECT t.id FROM refresh_tokens t
			WHERE (t.expires_at <= ? OR t.revoked_at <= ?)
			  AND EXISTS (SELECT 1 FROM refresh_tokens n WHERE n.user_id = t.user_id AND n.created_at > t.created_at)
			LIMIT ?`, []any{sessions, sessions}},
		{"paypal_webhook_events", "event_id", `SELECT event_id FROM paypal_webhook_events WHERE received_at <= ? LIMIT ?`,
			[]any{now.Add(-r.WebhookEvents)}},
		{"web_vitals", "id", `SELECT id FROM web_vitals WHERE created_at <= ? LIMIT ?`, []any{now.Add(-r.WebVitals)}},
	}
	out := map[string]int64{}
	for _, p := range steps {
		for {
			res, err := c.db.r().exec(ctx, `DELETE FROM `+p.table+` WHERE `+p.key+` IN (`+p.query+`)`, append(p.args, pruneBatch)...)
			if err != nil {
				return out, dbError(err, "prune "+p.table)
			}
			n, err := res.RowsAffected()
			if err != nil {
				return out, dbError(err, "prune "+p.table)
			}
			out[p.table] += n
			if n < pruneBatch {
				break
			}
		}
	}
	return out, nil
}
