package sqlstore_test

import (
	"context"
	"crypto/md5"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/sqlstore"
)

// md5UUID is PostgreSQL's md5(s)::uuid::text, as benchSeed makes its ids.
func md5UUID(s string) string {
	return uuid.UUID(md5.Sum([]byte(s))).String()
}

// seedSQLiteUsage fills a SQLite database at schema 0022 with what the
// usage report reads, as benchSeed does on PostgreSQL: 100 000 users, every
// tenth subscribed and every thirtieth cancelled later, and the daily
// token roll-up of 200 000 chats of three model calls each by the chat's
// user. Subscriptions go in before 0024, so its backfill fills user_plans.
func seedSQLiteUsage(b *testing.B, db *sqlstore.DB) {
	ctx := context.Background()
	if err := db.MigrateUpTo(ctx, "0022_totp"); err != nil {
		b.Fatal(err)
	}
	tx, err := db.SQL().BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer tx.Rollback()
	exec := func(q string, args ...any) {
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			b.Fatalf("%v\n%s", err, q)
		}
	}
	for i := 1; i <= benchUsers; i++ {
		ts := benchNow.Add(-time.Duration(benchUsers-i) * 315 * time.Second)
		exec(`INSERT INTO users (id, email, email_lower, display_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
			md5UUID(fmt.Sprint("u", i)), fmt.Sprintf("User%d@example.com", i), fmt.Sprintf("user%d@example.com", i),
			"Frieda Weber", ts, ts)
	}
	subscribed, cancelled := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)
	for i := 10; i <= benchUsers; i += 10 {
		plan := "P-PLUS"
		if i%20 == 0 {
			plan = "P-ELITE"
		}
		exec(`INSERT INTO subscriptions (id, user_id, paypal_id, plan_id, status, update_time, created_at) VALUES (?, ?, ?, ?, 'ACTIVE', ?, ?)`,
			md5UUID(fmt.Sprint("s", i)), md5UUID(fmt.Sprint("u", i)), fmt.Sprint("I-", i), plan, subscribed, subscribed)
	}
	for i := 30; i <= benchUsers; i += 30 {
		exec(`INSERT INTO subscriptions (id, user_id, paypal_id, plan_id, status, update_time, created_at) VALUES (?, ?, ?, 'P-PLUS', 'CANCELLED', ?, ?)`,
			md5UUID(fmt.Sprint("sc", i)), md5UUID(fmt.Sprint("u", i)), fmt.Sprint("I-C", i), cancelled, cancelled)
	}
	for i := 1; i <= benchConversations; i++ {
		ts := benchNow.Add(-time.Duration(benchConversations-i) * 157680 * time.Millisecond)
		in, out := 0, 0
		for k := range 3 {
			in += 200 + (i*3+k)%800
			out += 50 + (i*3+k)%300
		}
		exec(`INSERT INTO token_usage_days (day, user_id, tokens_in, tokens_out, calls) VALUES (?, ?, ?, ?, 3)
			ON CONFLICT (day, user_id) DO UPDATE SET tokens_in = token_usage_days.tokens_in + excluded.tokens_in,
				tokens_out = token_usage_days.tokens_out + excluded.tokens_out, calls = token_usage_days.calls + excluded.calls`,
			salescoach.Day(ts), md5UUID(fmt.Sprint("u", 1+(i*7919)%benchUsers)), in, out)
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	if err := db.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := db.SQL().ExecContext(ctx, `ANALYZE`); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkAdminSQLite measures the usage report on SQLite with
// BenchmarkAdmin's users, subscriptions and token roll-up (seeding takes
// about half a minute).
//
//	go test -run '^$' -bench BenchmarkAdminSQLite ./sqlstore/
func BenchmarkAdminSQLite(b *testing.B) {
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	start := time.Now()
	seedSQLiteUsage(b, db)
	b.Logf("seeded and migrated in %v", time.Since(start).Round(time.Millisecond))
	s := sqlstore.NewAdminService(db)
	from := salescoach.Day(benchNow.AddDate(0, 0, -29))
	b.Run("UsageReport/30d", func(b *testing.B) {
		for b.Loop() {
			rep, err := s.UsageReport(ctx, salescoach.UsageFilter{From: from, To: salescoach.Day(benchNow), Page: salescoach.Page{Limit: 50}})
			if err != nil {
				b.Fatal(err)
			}
			if rep.Totals.Calls < 48_000 || rep.Totals.Calls > 50_000 || len(rep.ByPlan) != 3 || len(rep.Users) != 50 {
				b.Fatalf("usage: %+v, %d plans, %d users", rep.Totals, len(rep.ByPlan), len(rep.Users))
			}
		}
	})
}
