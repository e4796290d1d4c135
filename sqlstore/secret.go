package sqlstore

import (
	"context"
	"fmt"
)

// InstallationSecret returns the secret the installation keeps under name,
// storing candidate first when there is none yet. Processes sharing a
// database thus agree on secrets none of them was given: of processes
// starting at once, the first insert wins and every one returns its value
// (the insert waits for a concurrent one with the same name to commit, and
// the read that follows sees it). It returns an error when candidate is
// empty, and driver errors.
func (db *DB) InstallationSecret(ctx context.Context, name, candidate string) (string, error) {
	if candidate == "" {
		return "", fmt.Errorf("sqlstore: installation secret %s: empty candidate", name)
	}
	r := db.r()
	if _, err := r.exec(ctx, `INSERT INTO installation_secrets (name, value, created_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO NOTHING`, name, candidate, db.now()); err != nil {
		return "", dbError(err, "store installation secret")
	}
	var v string
	err := r.queryRow(ctx, `SELECT value FROM installation_secrets WHERE name = ?`, name).Scan(&v)
	return v, dbError(err, "read installation secret")
}
