package sqlstore_test

import (
	"testing"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestRecordConsent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConsentService(db)
		ctx := t.Context()
		u := newUser(t, db, "c@example.com")

		withUser := &salescoach.ConsentRecord{UserID: &u.ID, ConsentType: "terms", TermsVersion: 2, UserAgent: "Firefox", CreatedAt: t0}
		mustNil(t, s.RecordConsent(ctx, withUser))
		visitor := &salescoach.ConsentRecord{ConsentType: "terms", TermsVersion: 1, UserAgent: "curl"}
		mustNil(t, s.RecordConsent(ctx, visitor))
		if withUser.ID == "" || visitor.ID == "" || visitor.CreatedAt.IsZero() {
			t.Errorf("records not filled in: %+v %+v", withUser, visitor)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM consent_audit WHERE user_id = ? AND terms_version = 2 AND created_at = ?`, u.ID, t0); n != 1 {
			t.Errorf("user's record stored %d times", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM consent_audit WHERE user_id IS NULL AND terms_version = 1`); n != 1 {
			t.Errorf("visitor's record stored %d times", n)
		}

		wantCode(t, s.RecordConsent(ctx, &salescoach.ConsentRecord{ConsentType: "cookies", TermsVersion: 2}), salescoach.EINVALID)
		wantCode(t, s.RecordConsent(ctx, &salescoach.ConsentRecord{ConsentType: "terms", TermsVersion: 0}), salescoach.EINVALID)
		ghost := "nobody"
		wantCode(t, s.RecordConsent(ctx, &salescoach.ConsentRecord{UserID: &ghost, ConsentType: "terms", TermsVersion: 2}), salescoach.ENOTFOUND)
	})
}

// TestRecordWithdrawalWaiver: the consent audit takes the waiver of the
// right of withdrawal a paid plan's start records (issue 25 point 15),
// with its terms version, user and user agent.
func TestRecordWithdrawalWaiver(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConsentService(db)
		u := newUser(t, db, "w@example.com")
		rec := &salescoach.ConsentRecord{UserID: &u.ID, ConsentType: salescoach.ConsentWithdrawalWaiver, TermsVersion: salescoach.TermsVersionCurrent,
			UserAgent: "Firefox", CreatedAt: t0}
		mustNil(t, s.RecordConsent(t.Context(), rec))
		if n := count(t, db, `SELECT COUNT(*) FROM consent_audit WHERE user_id = ? AND consent_type = 'withdrawal_waiver'
			AND terms_version = 2 AND user_agent = 'Firefox' AND created_at = ?`, u.ID, t0); n != 1 {
			t.Errorf("waiver stored %d times", n)
		}
	})
}

// TestWithdrawalWaiverMigrationKeepsTheAudit: 0035 widens the consent
// type's CHECK (on SQLite by rebuilding the table) and keeps every record,
// its user link and its indexes.
func TestWithdrawalWaiverMigrationKeepsTheAudit(t *testing.T) {
	t.Parallel()
	run := func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		mustNil(t, db.MigrateUpTo(ctx, "0030_oauth_language"))
		// The user row as 0002 made it (the services may write columns of
		// later migrations).
		uid := "00000000-0000-4000-8000-0000000000aa"
		exec(t, db, `INSERT INTO users (id, created_at, updated_at) VALUES (?, ?, ?)`, uid, t0, t0)
		exec(t, db, `INSERT INTO consent_audit (id, user_id, consent_type, terms_version, user_agent, created_at) VALUES (?, ?, 'terms', 2, 'Old', ?)`,
			"00000000-0000-4000-8000-000000000001", uid, t0)
		exec(t, db, `INSERT INTO consent_audit (id, user_id, consent_type, terms_version, user_agent, created_at) VALUES (?, NULL, 'terms', 1, '', ?)`,
			"00000000-0000-4000-8000-000000000002", t0)
		mustNil(t, db.Migrate(ctx))
		if n := count(t, db, `SELECT COUNT(*) FROM consent_audit WHERE user_id = ? AND user_agent = 'Old' AND created_at = ?`, uid, t0); n != 1 {
			t.Errorf("the user's record after the migration: %d", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM consent_audit WHERE user_id IS NULL AND terms_version = 1`); n != 1 {
			t.Errorf("the visitor's record after the migration: %d", n)
		}
		s := sqlstore.NewConsentService(db)
		mustNil(t, s.RecordConsent(ctx, &salescoach.ConsentRecord{UserID: &uid, ConsentType: salescoach.ConsentWithdrawalWaiver, TermsVersion: 2}))
		wantCode(t, s.RecordConsent(ctx, &salescoach.ConsentRecord{ConsentType: "cookies", TermsVersion: 2}), salescoach.EINVALID)
		// The user link still follows the account: deleting it keeps the
		// records without the user.
		exec(t, db, `DELETE FROM users WHERE id = ?`, uid)
		if n := count(t, db, `SELECT COUNT(*) FROM consent_audit WHERE user_id IS NULL`); n != 3 {
			t.Errorf("records without a user after the deletion: %d, want 3", n)
		}
	}
	t.Run("sqlite", func(t *testing.T) { run(t, emptySQLite(t)) })
	t.Run("postgres", func(t *testing.T) {
		db := sqlstoretest.NewPostgres(t)
		exec(t, db, `DROP SCHEMA public CASCADE`)
		exec(t, db, `CREATE SCHEMA public`)
		run(t, db)
	})
}
