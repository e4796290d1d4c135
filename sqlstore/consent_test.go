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
