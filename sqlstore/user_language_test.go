package sqlstore_test

import (
	"testing"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestCreateUserLanguage(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		s := sqlstore.NewUserService(db)
		u, err := s.CreateUser(ctx, salescoach.NewUser{Email: "en@example.com", PasswordHash: "h", Language: salescoach.LanguageEN})
		mustNil(t, err)
		if u.Language != "en" {
			t.Errorf("language = %q, want en", u.Language)
		}
		u, err = s.CreateUser(ctx, salescoach.NewUser{Email: "std@example.com", PasswordHash: "h"})
		mustNil(t, err)
		if u.Language != "" {
			t.Errorf("language = %q, want Standard", u.Language)
		}
		_, err = s.CreateUser(ctx, salescoach.NewUser{Email: "fr@example.com", PasswordHash: "h", Language: "fr"})
		wantCode(t, err, salescoach.EINVALID)
		if n := count(t, db, `SELECT COUNT(*) FROM users WHERE email_lower = 'fr@example.com'`); n != 0 {
			t.Errorf("a refused user was stored")
		}
	})
}
