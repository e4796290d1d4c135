package sqlstore_test

import (
	"testing"
	"time"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestCleanupPrune: rows past their retention go (expired OAuth states,
// two-factor sign-in challenges and re-authentications at once), everything
// else stays, including each user's newest session, however old.
func TestCleanupPrune(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		day := 24 * time.Hour
		old, recent := t0.Add(-40*day), t0.Add(-time.Hour)
		ann, bob := newUser(t, db, "ann@example.com"), newUser(t, db, "bob@example.com")
		token := func(hash, user string, expires time.Time, used *time.Time) {
			exec(t, db, `INSERT INTO one_time_tokens (token_hash, purpose, user_id, created_at, expires_at, used_at)
				VALUES (?, 'confirm_email', ?, ?, ?, ?)`, hash, user, expires.Add(-day), expires, used)
		}
		token("ott-expired", ann.ID, old, nil)       // gone
		token("ott-used", ann.ID, t0.Add(day), &old) // gone
		token("ott-used-lately", ann.ID, t0.Add(day), &recent)
		token("ott-live", bob.ID, t0.Add(day), nil)
		exec(t, db, `INSERT INTO oauth_states (state_hash, provider, created_at, expires_at) VALUES
			('st-expired', 'google', ?, ?), ('st-live', 'google', ?, ?)`, t0.Add(-time.Hour), t0.Add(-time.Minute), t0, t0.Add(time.Minute))
		exec(t, db, `INSERT INTO totp_challenges (token_hash, user_id, created_at, expires_at) VALUES
			('ch-expired', ?, ?, ?), ('ch-live', ?, ?, ?)`, ann.ID, t0.Add(-10*time.Minute), t0.Add(-5*time.Minute),
			bob.ID, t0.Add(-time.Minute), t0.Add(4*time.Minute))
		exec(t, db, `INSERT INTO reauth_proofs (family_id, user_id, provider, created_at, expires_at) VALUES
			('fam-expired', ?, 'google', ?, ?), ('fam-live', ?, 'apple', ?, ?)`, ann.ID, t0.Add(-10*time.Minute), t0.Add(-5*time.Minute),
			bob.ID, t0.Add(-time.Minute), t0.Add(4*time.Minute))
		session := func(id, user string, created, expires time.Time, revoked *time.Time) {
			exec(t, db, `INSERT INTO refresh_tokens (id, token_hash, family_id, user_id, created_at, expires_at, revoked_at)
				VALUES (?, ?, ?, ?, ?, ?, ?)`, id, "h-"+id, "f-"+user, user, created, expires, revoked)
		}
		session("ann-1", ann.ID, t0.Add(-90*day), t0.Add(-60*day), nil) // gone: expired long ago
		session("ann-2", ann.ID, t0.Add(-80*day), t0.Add(day), &old)    // gone: revoked long ago
		session("ann-3", ann.ID, t0.Add(-70*day), t0.Add(-31*day), nil) // newest of ann: stays
		session("bob-1", bob.ID, t0.Add(-50*day), t0.Add(-20*day), nil) // expired lately: stays
		session("bob-2", bob.ID, t0.Add(-10*day), t0.Add(20*day), nil)
		exec(t, db, `INSERT INTO paypal_webhook_events (event_id, event_type, received_at) VALUES
			('WH-old', 'X', ?), ('WH-new', 'X', ?)`, t0.Add(-91*day), t0.Add(-89*day))
		exec(t, db, `INSERT INTO web_vitals (id, name, page, value, created_at) VALUES
			('v-old', 'LCP', '/app/chat', 1, ?), ('v-new', 'LCP', '/app/chat', 1, ?)`, t0.Add(-101*day), t0.Add(-99*day))

		n, err := sqlstore.NewCleanup(db).Prune(t.Context(), t0, sqlstore.Retention{
			MailTokens: 7 * day, Sessions: 30 * day, WebhookEvents: 90 * day, WebVitals: 100 * day,
		})
		mustNil(t, err)
		want := map[string]int64{"one_time_tokens": 2, "oauth_states": 1, "totp_challenges": 1, "reauth_proofs": 1, "refresh_tokens": 2, "paypal_webhook_events": 1, "web_vitals": 1}
		for table, w := range want {
			if n[table] != w {
				t.Errorf("%s: deleted %d, want %d", table, n[table], w)
			}
		}
		for q, w := range map[string]int{
			`SELECT COUNT(*) FROM one_time_tokens WHERE token_hash IN ('ott-used-lately', 'ott-live')`: 2,
			`SELECT COUNT(*) FROM oauth_states WHERE state_hash = 'st-live'`:                           1,
			`SELECT COUNT(*) FROM totp_challenges WHERE token_hash = 'ch-live'`:                        1,
			`SELECT COUNT(*) FROM reauth_proofs WHERE family_id = 'fam-live'`:                          1,
			`SELECT COUNT(*) FROM refresh_tokens WHERE id IN ('ann-3', 'bob-1', 'bob-2')`:              3,
			`SELECT COUNT(*) FROM paypal_webhook_events WHERE event_id = 'WH-new'`:                     1,
			`SELECT COUNT(*) FROM web_vitals WHERE id = 'v-new'`:                                       1,
		} {
			if got := count(t, db, q); got != w {
				t.Errorf("%s = %d, want %d", q, got, w)
			}
		}
	})
}
