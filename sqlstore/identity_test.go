package sqlstore_test

import (
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestIdentities(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewIdentityService(db)
		ctx := t.Context()
		u := newUser(t, db, "i@example.com")
		other := newUser(t, db, "j@example.com")

		list, err := s.IdentitiesByUser(ctx, u.ID)
		mustNil(t, err)
		if len(list) != 0 {
			t.Errorf("identities of a new user = %v", list)
		}
		_, err = s.IdentityBySubject(ctx, "google", "123")
		wantCode(t, err, salescoach.ENOTFOUND)

		apple := &salescoach.Identity{UserID: u.ID, Provider: "apple", Subject: "a.1", Email: "relay@privaterelay.appleid.com", CreatedAt: t0.Add(time.Minute)}
		google := &salescoach.Identity{UserID: u.ID, Provider: "google", Subject: "123", Email: "i@example.com", CreatedAt: t0}
		mustNil(t, s.CreateIdentity(ctx, apple))
		mustNil(t, s.CreateIdentity(ctx, google))
		if apple.ID == "" || google.ID == "" {
			t.Error("ids not filled in")
		}

		got, err := s.IdentityBySubject(ctx, "google", "123")
		mustNil(t, err)
		if *got != *google {
			t.Errorf("IdentityBySubject = %+v, want %+v", got, google)
		}
		// The same subject at another provider is another identity.
		_, err = s.IdentityBySubject(ctx, "apple", "123")
		wantCode(t, err, salescoach.ENOTFOUND)

		// One Google account links to one user only.
		e := wantCode(t, s.CreateIdentity(ctx, &salescoach.Identity{UserID: other.ID, Provider: "google", Subject: "123"}), salescoach.ECONFLICT)
		if e.Msg.Key != salescoach.MsgIdentityTaken.Key {
			t.Errorf("conflict message = %q", e.Msg.Key)
		}
		wantCode(t, s.CreateIdentity(ctx, &salescoach.Identity{UserID: other.ID, Provider: "facebook", Subject: "9"}), salescoach.EINVALID)
		wantCode(t, s.CreateIdentity(ctx, &salescoach.Identity{UserID: "nobody", Provider: "google", Subject: "9"}), salescoach.ENOTFOUND)

		list, err = s.IdentitiesByUser(ctx, u.ID)
		mustNil(t, err)
		if len(list) != 2 || list[0].Provider != "google" || list[1].Provider != "apple" {
			t.Errorf("IdentitiesByUser = %v, want google then apple", list)
		}
	})
}
