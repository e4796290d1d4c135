package sqlstore_test

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestUpdateProfileUserColumnsOnly: a change of the users row's plain
// columns alone takes the one-statement path (UPDATE … RETURNING); what it
// answers is exactly what a fresh read finds, times and optional columns
// included, and the profile comes with it.
func TestUpdateProfileUserColumnsOnly(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		ctx := t.Context()
		u := newUser(t, db, "hot@example.com")
		_, _, err := users.UpdateProfile(ctx, u.ID, salescoach.ProfileUpdate{TonePresetID: ptr("skeptisch"), ProductDescription: ptr("Kasse")})
		mustNil(t, err)
		got, p, err := users.UpdateProfile(ctx, u.ID, salescoach.ProfileUpdate{DisplayName: ptr(" Hanna "), Language: ptr("en")})
		mustNil(t, err)
		fresh, err := users.UserByID(ctx, u.ID)
		mustNil(t, err)
		if !reflect.DeepEqual(got, fresh) {
			t.Errorf("answered %+v\nstored   %+v", got, fresh)
		}
		if got.DisplayName != "Hanna" || got.Language != "en" || got.TonePresetID == nil || *got.TonePresetID != "skeptisch" {
			t.Errorf("user = %+v", got)
		}
		if p == nil || p.UserID != u.ID || p.ProductDescription != "Kasse" {
			t.Errorf("profile = %+v", p)
		}
	})
}

// TestUpdateUserColumns: the handler's one-statement edit answers what a
// fresh read finds, leaves the profile alone, refuses an update that would
// touch more than the users row (which it could not apply) and a bad field,
// and knows no missing user.
func TestUpdateUserColumns(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		ctx := t.Context()
		u := newUser(t, db, "cols@example.com")
		_, _, err := users.UpdateProfile(ctx, u.ID, salescoach.ProfileUpdate{ProductDescription: ptr("Kasse")})
		mustNil(t, err)
		got, err := users.UpdateUserColumns(ctx, u.ID, salescoach.ProfileUpdate{DisplayName: ptr(" Jo "), Formality: ptr("sie")})
		mustNil(t, err)
		fresh, err := users.UserByID(ctx, u.ID)
		mustNil(t, err)
		if !reflect.DeepEqual(got, fresh) || got.DisplayName != "Jo" || got.Formality != "sie" {
			t.Errorf("answered %+v\nstored   %+v", got, fresh)
		}
		if p, err := users.ProfileByUserID(ctx, u.ID); err != nil || p.ProductDescription != "Kasse" {
			t.Errorf("profile = %+v, %v", p, err)
		}
		if _, err := users.UpdateUserColumns(ctx, u.ID, salescoach.ProfileUpdate{DisplayName: ptr("x"), HasSeenIntro: ptr(true)}); salescoach.ErrorCode(err) != salescoach.EINVALID {
			t.Errorf("profile field: err = %v, want EINVALID", err)
		}
		if _, err := users.UpdateUserColumns(ctx, u.ID, salescoach.ProfileUpdate{Formality: ptr("bogus")}); salescoach.ErrorCode(err) != salescoach.EINVALID {
			t.Errorf("bad formality: err = %v, want EINVALID", err)
		}
		if _, err := users.UpdateUserColumns(ctx, "no-such-user", salescoach.ProfileUpdate{DisplayName: ptr("x")}); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			t.Errorf("missing user: err = %v, want ENOTFOUND", err)
		}
	})
}

// TestConcurrentProfileUpdatesAllLand: 40 updates released at once, through
// both the one-statement path and the transaction, all succeed (none fails
// on SQLite's write lock) and the last one of each kind is what is stored.
func TestConcurrentProfileUpdatesAllLand(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		ctx := t.Context()
		u := newUser(t, db, "many@example.com")
		start := make(chan struct{})
		var wg sync.WaitGroup
		errs := make(chan error, 40)
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				upd := salescoach.ProfileUpdate{DisplayName: ptr("n")}
				if i%2 == 1 {
					upd = salescoach.ProfileUpdate{ProductDescription: ptr("p")}
				}
				_, _, err := users.UpdateProfile(ctx, u.ID, upd)
				errs <- err
			}()
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			mustNil(t, err)
		}
		got, err := users.UserByID(ctx, u.ID)
		mustNil(t, err)
		p, err := users.ProfileByUserID(ctx, u.ID)
		mustNil(t, err)
		if got.DisplayName != "n" || p.ProductDescription != "p" {
			t.Errorf("stored %q / %q", got.DisplayName, p.ProductDescription)
		}
	})
}

// TestPreparedPathRefusesEndedContexts: the prepared statements run
// without watching their context, but one that has already ended is still
// refused before the statement runs.
func TestPreparedPathRefusesEndedContexts(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		u := newUser(t, db, "ended@example.com")
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		if _, _, err := sqlstore.NewSessionService(db).SessionUser(ctx, u.ID, "x"); !errors.Is(err, context.Canceled) {
			t.Errorf("session user with an ended context: %v", err)
		}
		if _, _, _, err := sqlstore.NewSessionService(db).SessionUserProfile(ctx, u.ID, "x"); !errors.Is(err, context.Canceled) {
			t.Errorf("session user and profile with an ended context: %v", err)
		}
		if _, _, err := users.UpdateProfile(ctx, u.ID, salescoach.ProfileUpdate{DisplayName: ptr("Neu")}); err == nil {
			t.Error("update with an ended context succeeded")
		}
		got, err := users.UserByID(t.Context(), u.ID)
		mustNil(t, err)
		if got.DisplayName == "Neu" {
			t.Error("the update ran")
		}
	})
}
