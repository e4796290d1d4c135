package sqlstore_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// BenchmarkCopy copies an installation of 1 000 users with 10 chats of 20
// messages each (211 000 rows) from SQLite to PostgreSQL; rows/s is the
// figure in docs/performance.md.
func BenchmarkCopy(b *testing.B) {
	ctx := context.Background()
	src := sqlstoretest.NewSQLite(b)
	tx, err := src.SQL().BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	at := time.Date(2026, 11, 1, 8, 0, 0, 0, time.UTC)
	rows := 0
	for u := range 1000 {
		uid := fmt.Sprintf("u%04d", u)
		if _, err := tx.Exec(`INSERT INTO users (id, email, email_lower, password_hash, created_at, updated_at) VALUES (?, ?, ?, 'x', ?, ?)`,
			uid, uid+"@example.com", uid+"@example.com", at, at); err != nil {
			b.Fatal(err)
		}
		rows++
		for c := range 10 {
			cid := fmt.Sprintf("%s-c%02d", uid, c)
			if _, err := tx.Exec(`INSERT INTO conversations (id, user_id, mode, difficulty, created_at, updated_at) VALUES (?, ?, 'Übung', 2, ?, ?)`,
				cid, uid, at, at); err != nil {
				b.Fatal(err)
			}
			rows++
			for m := range 20 {
				role := map[bool]string{true: "user", false: "assistant"}[m%2 == 0]
				if _, err := tx.Exec(`INSERT INTO messages (id, conversation_id, role, content, created_at, seq) VALUES (?, ?, ?, ?, ?, ?)`,
					fmt.Sprintf("%s-m%02d", cid, m), cid, role, "Das ist uns zu teuer, wir haben schon einen Anbieter.", at.Add(time.Duration(m)*time.Second), m+1); err != nil {
					b.Fatal(err)
				}
				rows++
			}
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		dst := sqlstoretest.NewPostgres(b)
		b.StartTimer()
		if _, err := sqlstore.Copy(ctx, src, dst, sqlstore.CopyOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(rows*b.N)/b.Elapsed().Seconds(), "rows/s")
}
