// Command floor is the bare-stack floor of the /api/me comparison (make
// bench-floor): the least a Go server must do for "PATCH own record" and
// "GET own record": verify an HS256 bearer token, one UPDATE (or SELECT) by
// primary key, a JSON answer. Copied from ../shared/bench/floor, with a
// PostgreSQL variant (pgx) beside the SQLite one.
//
// Usage:
//
//	floor DB [ADDR]            serves PATCH /me and GET /me (default 127.0.0.1:19580)
//	floor DB token             prints a bearer token for user u1, valid one hour
//	floor createdb ADMINURL NAME  (re)creates the PostgreSQL database NAME
//
// DB is a SQLite file (WAL, synchronous NORMAL) or a postgres:// URL.
package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	_ "github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite"
)

var secret = []byte("floor-secret-0123456789abcdef0123456789")

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: floor DB [ADDR|token] | floor createdb ADMINURL NAME")
		os.Exit(2)
	}
	if os.Args[1] == "createdb" && len(os.Args) == 4 {
		if err := createDB(os.Args[2], os.Args[3]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	pg := strings.HasPrefix(os.Args[1], "postgres://") || strings.HasPrefix(os.Args[1], "postgresql://")
	var (
		db  *sql.DB
		err error
	)
	// The statements in both placeholder styles.
	update, selectQ, create, insert := `UPDATE users SET name=?, updated=? WHERE id=?`, `SELECT name, updated FROM users WHERE id=?`,
		`CREATE TABLE IF NOT EXISTS users (id TEXT PRIMARY KEY, name TEXT, updated TEXT)`, `INSERT OR IGNORE INTO users VALUES ('u1','x','')`
	if pg {
		db, err = sql.Open("pgx", os.Args[1])
		update, selectQ = `UPDATE users SET name=$1, updated=$2 WHERE id=$3`, `SELECT name, updated FROM users WHERE id=$1`
		insert = `INSERT INTO users VALUES ('u1','x','') ON CONFLICT DO NOTHING`
		db.SetMaxOpenConns(20)
		db.SetMaxIdleConns(20)
	} else {
		db, err = sql.Open("sqlite", "file:"+os.Args[1]+"?_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=busy_timeout(5000)")
		db.SetMaxOpenConns(4)
	}
	if err != nil {
		panic(err)
	}
	if _, err := db.Exec(create); err != nil {
		panic(err)
	}
	if _, err := db.Exec(insert); err != nil {
		panic(err)
	}
	if len(os.Args) > 2 && os.Args[2] == "token" {
		t, _ := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"sub": "u1", "exp": time.Now().Add(time.Hour).Unix()}).SignedString(secret)
		fmt.Println(t)
		return
	}
	auth := func(r *http.Request) (string, bool) {
		tok, err := jwt.Parse(strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "), func(*jwt.Token) (any, error) { return secret, nil }, jwt.WithValidMethods([]string{"HS256"}))
		if err != nil {
			return "", false
		}
		sub, _ := tok.Claims.GetSubject()
		return sub, true
	}
	http.HandleFunc("PATCH /me", func(w http.ResponseWriter, r *http.Request) {
		id, ok := auth(r)
		if !ok {
			http.Error(w, "no", 401)
			return
		}
		var in struct {
			Name string `json:"display_name"`
		}
		if json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&in) != nil {
			http.Error(w, "bad", 400)
			return
		}
		if _, err := db.Exec(update, in.Name, time.Now().UTC().Format(time.RFC3339Nano), id); err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]string{"id": id, "name": in.Name})
	})
	http.HandleFunc("GET /me", func(w http.ResponseWriter, r *http.Request) {
		id, ok := auth(r)
		if !ok {
			http.Error(w, "no", 401)
			return
		}
		var name, upd string
		_ = db.QueryRow(selectQ, id).Scan(&name, &upd)
		_ = json.NewEncoder(w).Encode(map[string]string{"id": id, "name": name, "updated": upd})
	})
	addr := "127.0.0.1:19580"
	if len(os.Args) > 2 {
		addr = os.Args[2]
	}
	fmt.Fprintln(os.Stderr, http.ListenAndServe(addr, nil))
	os.Exit(1)
}

// createDB drops and creates a database on the server of adminURL.
func createDB(adminURL, name string) error {
	db, err := sql.Open("pgx", adminURL)
	if err != nil {
		return err
	}
	defer db.Close()
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, `DROP DATABASE IF EXISTS "`+name+`" WITH (FORCE)`); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `CREATE DATABASE "`+name+`"`)
	return err
}
