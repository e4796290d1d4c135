package main

import (
	"database/sql"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"salescoach/sqlstore/sqlstoretest"
)

// TestProcessesShareTheGeneratedSecret: two servers on one PostgreSQL
// database, each with a data folder of its own and no JWT_SECRET, agree on
// the access-token secret: a token from one is accepted by the other.
func TestProcessesShareTheGeneratedSecret(t *testing.T) {
	url := sqlstoretest.NewPostgresURL(t)
	envFor := func() func(string) string {
		return envMap("ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json", "DATABASE_URL", url,
			"PUBLIC_URL", "https://coach.example.com")
	}
	a, _ := startServer(t, envFor())
	b, _ := startServer(t, envFor())

	st, s := postJSON(t, http.DefaultClient, a, "/api/auth/anonymous", "", map[string]any{})
	if st != 200 {
		t.Fatalf("anonymous sign-in on A: %d", st)
	}
	req, _ := http.NewRequest("GET", b+"/api/auth/user", nil)
	req.Header.Set("Authorization", "Bearer "+s["access_token"].(string))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("A's token on B: %d, want 200", res.StatusCode)
	}
}

// TestGeneratedSecretMovesToTheDatabase: an installation that generated its
// secret into the data folder and moves to PostgreSQL keeps that secret
// (its tokens stay valid): the database adopts it.
func TestGeneratedSecretMovesToTheDatabase(t *testing.T) {
	url := sqlstoretest.NewPostgresURL(t)
	dir := t.TempDir()
	key := strings.Repeat("ab", 32)
	if err := os.MkdirAll(filepath.Join(dir, "secrets"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "secrets", "jwt.key"), []byte(key+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	startServer(t, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", dir, "LOG_FORMAT", "json", "DATABASE_URL", url))
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var stored string
	if err := db.QueryRow(`SELECT value FROM installation_secrets WHERE name = 'jwt'`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != key {
		t.Fatal("the database did not adopt the data folder's secret")
	}
}
