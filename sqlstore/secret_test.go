package sqlstore_test

import (
	"fmt"
	"slices"
	"testing"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestInstallationSecretFirstWins: ten processes starting at once, each
// with a secret of its own, all end up with the same one, one of theirs;
// a later start gets it too, and another name is separate.
func TestInstallationSecretFirstWins(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		warm(t, db, 10)
		got := make([]string, 10)
		candidates := make([]string, 10)
		errs := race(10, func(i int) error {
			candidates[i] = fmt.Sprintf("secret-of-process-%d", i)
			var err error
			got[i], err = db.InstallationSecret(ctx, "jwt", candidates[i])
			return err
		})
		for i, err := range errs {
			mustNil(t, err)
			if got[i] != got[0] {
				t.Fatalf("process %d got %q, process 0 %q", i, got[i], got[0])
			}
		}
		if !slices.Contains(candidates, got[0]) {
			t.Fatalf("secret %q is nobody's candidate", got[0])
		}
		later, err := db.InstallationSecret(ctx, "jwt", "a-later-process")
		mustNil(t, err)
		if later != got[0] {
			t.Fatalf("a later start got %q, want %q", later, got[0])
		}
		other, err := db.InstallationSecret(ctx, "other", "x")
		mustNil(t, err)
		if other != "x" {
			t.Fatalf("another name got %q", other)
		}
		if _, err := db.InstallationSecret(ctx, "empty", ""); err == nil {
			t.Fatal("an empty secret was stored")
		}
	})
}
