package sqlstore_test

import (
	"context"
	"database/sql/driver"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// benchNow is the benchmark's "now"; the seeded data lies in the 365 days
// before it.
var benchNow = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

// Seed sizes of the admin benchmark.
const (
	benchUsers         = 100_000
	benchPageViews     = 1_000_000
	benchConversations = 200_000
	benchTokenUsage    = 3 * benchConversations
	benchFeedback      = 10_000
)

// benchSeed fills a PostgreSQL database at schema 0012 with a year of a busy
// installation, in set-based statements. Rows that grow with time get ids
// that grow with them, as the app's UUIDv7 do; the others md5 hashes cast to
// UUIDs. "Random" users are (i * prime) mod n. Page views go in before 0013, so the
// migration's own backfill fills page_view_days.
var benchSeed = []string{
	`INSERT INTO users (id, email, email_lower, email_confirmed_at, display_name, level, xp,
		terms_accepted_at, terms_version, created_at, updated_at)
	SELECT md5('u' || i)::uuid::text, 'User' || i || '@example.com', 'user' || i || '@example.com',
		CASE WHEN i % 3 <> 0 THEN ts END,
		(ARRAY['Anna','Ben','Cem','Dana','Emil','Frieda'])[1 + i % 6] || ' ' ||
			(ARRAY['Müller','Schmidt','Schneider','Fischer','Weber'])[1 + i % 5],
		1 + i % 12, (i * 37) % 6000,
		CASE WHEN i % 4 <> 0 THEN ts END, CASE WHEN i % 4 = 0 THEN 0 WHEN i % 4 = 1 THEN 1 ELSE 2 END,
		ts, ts
	FROM (SELECT i, TIMESTAMPTZ '2026-03-10 12:00:00+00' - (100000 - i) * INTERVAL '315 seconds' AS ts
		FROM generate_series(1, 100000) i) g`,
	`INSERT INTO profiles (user_id, streak, objections_solved_count, messages_sent_count, fast_answers_count,
		feedback_count, calls_count, hints_count, perfect_answers_count, completed_chats_count, updated_at)
	SELECT md5('u' || i)::uuid::text, i % 11, i % 7, (i * 13) % 40, i % 13, i % 6, i % 8, i % 9, i % 10, i % 5,
		TIMESTAMPTZ '2026-03-10 12:00:00+00'
	FROM generate_series(1, 100000) i`,
	// Every tenth user subscribed; every thirtieth cancelled later.
	`INSERT INTO subscriptions (id, user_id, paypal_id, plan_id, status, update_time, created_at)
	SELECT md5('s' || i)::uuid::text, md5('u' || i)::uuid::text, 'I-' || i,
		CASE WHEN i % 20 = 0 THEN 'P-ELITE' ELSE 'P-PLUS' END, 'ACTIVE',
		TIMESTAMPTZ '2026-01-01 00:00:00+00', TIMESTAMPTZ '2026-01-01 00:00:00+00'
	FROM generate_series(10, 100000, 10) i`,
	`INSERT INTO subscriptions (id, user_id, paypal_id, plan_id, status, update_time, created_at)
	SELECT md5('sc' || i)::uuid::text, md5('u' || i)::uuid::text, 'I-C' || i, 'P-PLUS', 'CANCELLED',
		TIMESTAMPTZ '2026-02-01 00:00:00+00', TIMESTAMPTZ '2026-02-01 00:00:00+00'
	FROM generate_series(30, 100000, 30) i`,
	// One token per user, a second for every other one; every 500th user
	// active in the last 15 minutes.
	`INSERT INTO refresh_tokens (id, token_hash, family_id, user_id, created_at, expires_at, used_at)
	SELECT md5('t' || i)::uuid::text, 'h' || i, md5('f' || i)::uuid::text, md5('u' || (1 + i % 100000))::uuid::text,
		ts, ts + INTERVAL '30 days', CASE WHEN i % 3 = 0 THEN ts + INTERVAL '1 hour' END
	FROM (SELECT i, CASE WHEN i % 500 = 0 THEN TIMESTAMPTZ '2026-03-10 12:00:00+00' - (i % 15) * INTERVAL '1 minute'
			ELSE TIMESTAMPTZ '2026-03-10 12:00:00+00' - (i % 365) * INTERVAL '1 day' END AS ts
		FROM generate_series(1, 150000) i) g`,
	`INSERT INTO page_views (id, path, source, created_at)
	SELECT '01900000-0000-7000-8000-' || lpad(to_hex(i), 12, '0'),
		(ARRAY['/', '/impressum', '/login', '/chat/x', '/dashboard', '/legal/agb', '/call/y'])[1 + i % 7],
		(ARRAY['google', 'ai-tool', 'instagram', 'youtube', 'tiktok', 'linkedin', 'direct', 'other'])[1 + (i * 3) % 8],
		TIMESTAMPTZ '2026-03-10 12:00:00+00' - (1000000 - i) * INTERVAL '31536 milliseconds'
	FROM generate_series(1, 1000000) i`,
	`INSERT INTO conversations (id, user_id, title, mode, created_at, updated_at, completed_at, deleted_at)
	SELECT '01930000-0000-7000-8000-' || lpad(to_hex(i), 12, '0'), md5('u' || (1 + (i * 7919) % 100000))::uuid::text,
		(ARRAY['Preisverhandlung', 'Kaltakquise', 'Einwand Budget', 'Folgetermin'])[1 + i % 4] || ' ' || i,
		CASE WHEN i % 5 = 0 THEN 'Prüfung' ELSE 'Übung' END, ts, ts,
		CASE WHEN i % 3 = 0 THEN ts + INTERVAL '10 minutes' END,
		CASE WHEN i % 17 = 0 THEN ts + INTERVAL '1 day' END
	FROM (SELECT i, TIMESTAMPTZ '2026-03-10 12:00:00+00' - (200000 - i) * INTERVAL '157680 milliseconds' AS ts
		FROM generate_series(1, 200000) i) g`,
	`INSERT INTO messages (id, conversation_id, role, content, created_at, seq)
	SELECT '01910000-0000-7000-8000-' || lpad(to_hex(i * 4 + k), 12, '0'), '01930000-0000-7000-8000-' || lpad(to_hex(i), 12, '0'),
		CASE WHEN k % 2 = 1 THEN 'user' ELSE 'assistant' END, 'Nachricht ' || k,
		TIMESTAMPTZ '2026-03-10 12:00:00+00' - (200000 - i) * INTERVAL '157680 milliseconds' + k * INTERVAL '1 second', k
	FROM generate_series(1, 200000) i, generate_series(1, 3) k`,
	// The model calls of the chats above, as the app makes them: the
	// opening's reply, then an assessment and a reply for the answer, by
	// the chat's user within its first seconds.
	`INSERT INTO token_usage (id, user_id, conversation_id, model, purpose, tokens_in, tokens_out, created_at)
	SELECT '01920000-0000-7000-8000-' || lpad(to_hex(i * 3 + k), 12, '0'), md5('u' || (1 + (i * 7919) % 100000))::uuid::text,
		'01930000-0000-7000-8000-' || lpad(to_hex(i), 12, '0'), 'gpt', CASE WHEN k = 1 THEN 'score' ELSE 'chat' END,
		200 + (i * 3 + k) % 800, 50 + (i * 3 + k) % 300,
		TIMESTAMPTZ '2026-03-10 12:00:00+00' - (200000 - i) * INTERVAL '157680 milliseconds' + k * INTERVAL '1 second'
	FROM generate_series(1, 200000) i, generate_series(0, 2) k`,
	`INSERT INTO feedback (id, user_id, email, subject, type, message, status, created_at, updated_at)
	SELECT md5('fb' || i)::uuid::text, CASE WHEN i % 4 <> 0 THEN md5('u' || (1 + (i * 31) % 100000))::uuid::text END,
		'fb' || i || '@example.com', 'Betreff ' || i, (ARRAY['general', 'bug', 'feature'])[1 + i % 3], 'Nachricht ' || i,
		(ARRAY['erhalten', 'in_bearbeitung', 'bearbeitet'])[1 + i % 3], ts, ts
	FROM (SELECT i, TIMESTAMPTZ '2026-03-10 12:00:00+00' - (10000 - i) * INTERVAL '3153 seconds' AS ts
		FROM generate_series(1, 10000) i) g`,
	`INSERT INTO consent_audit (id, user_id, consent_type, terms_version, created_at)
	SELECT md5('ca' || i)::uuid::text, md5('u' || i)::uuid::text, 'terms', 1 + i % 2,
		TIMESTAMPTZ '2026-03-10 12:00:00+00' - (100000 - i) * INTERVAL '315 seconds'
	FROM generate_series(1, 100000) i WHERE i % 4 <> 0`,
}

// seedBench runs benchSeed on one connection that skips the foreign-key
// triggers (session_replication_role = replica, which needs a superuser, as
// the test server's user is): the seed's keys are consistent by
// construction, and checking them would double the seeding time.
func seedBench(b *testing.B, db *sqlstore.DB) {
	ctx := context.Background()
	conn, err := db.SQL().Conn(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SET session_replication_role = replica`); err != nil {
		b.Fatal(err)
	}
	// Discard the connection afterwards rather than reset the setting.
	defer conn.Raw(func(any) error { return driver.ErrBadConn })
	for _, q := range benchSeed {
		t := time.Now()
		if _, err := conn.ExecContext(ctx, q); err != nil {
			b.Fatalf("%v\n%s", err, q)
		}
		b.Logf("%6v %.70s", time.Since(t).Round(time.Millisecond), strings.Join(strings.Fields(q), " "))
	}
}

// setupBench seeds the database at url through a connection pool of its own,
// closed when done.
func setupBench(b *testing.B, url string) {
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	run := func(q string) {
		if _, err := db.SQL().ExecContext(ctx, q); err != nil {
			b.Fatalf("%v\n%s", err, q)
		}
	}
	// Back to the schema before 0013, seed, then migrate: the migration's
	// backfill fills the page view rollup.
	start := time.Now()
	run(`DROP SCHEMA public CASCADE`)
	run(`CREATE SCHEMA public`)
	if err := db.MigrateUpTo(ctx, "0012_profile_settings"); err != nil {
		b.Fatal(err)
	}
	seedBench(b, db)
	seeded := time.Now()
	if err := db.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	migrated := time.Now()
	// Statistics and visibility maps as a settled database has them, and
	// the seed's dirty pages written now rather than by the checkpointer
	// while the benchmark runs.
	run(`VACUUM ANALYZE`)
	run(`CHECKPOINT`)
	b.Logf("seeded in %v, migration 0013 in %v, vacuum and checkpoint in %v",
		seeded.Sub(start).Round(time.Millisecond), migrated.Sub(seeded).Round(time.Millisecond),
		time.Since(migrated).Round(time.Millisecond))
}

// BenchmarkAdmin measures the back-office's queries on PostgreSQL over a
// year of data (see benchSeed and docs/performance.md). It needs
// TEST_DATABASE_URL and skips without it.
//
//	TEST_DATABASE_URL='postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable' \
//	  go test -run '^$' -bench BenchmarkAdmin ./sqlstore/
func BenchmarkAdmin(b *testing.B) {
	if os.Getenv(sqlstoretest.EnvURL) == "" {
		b.Skip("set " + sqlstoretest.EnvURL + " to benchmark on PostgreSQL")
	}
	ctx := context.Background()
	url := sqlstoretest.NewPostgresURL(b)
	setupBench(b, url)
	// The measurements use fresh connections, as an app process has: a
	// backend that ran the seed, the migration and VACUUM measured up to
	// twice as slow on the same queries.
	db, err := sqlstore.Open(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()

	s := sqlstore.NewAdminService(db)
	fb := sqlstore.NewFeedbackService(db)
	today := salescoach.Day(benchNow)
	daysBack := func(n int) string { return salescoach.Day(benchNow.AddDate(0, 0, -(n - 1))) }

	// Each case runs once before timing and checks its answer, so that the
	// figures measure real work.
	bench := func(name string, check func() error) {
		b.Run(name, func(b *testing.B) {
			if err := check(); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := check(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	want := func(ok bool, format string, args ...any) error {
		if !ok {
			return fmt.Errorf(format, args...)
		}
		return nil
	}
	users := func(q string, p salescoach.Page, wantTotal, wantItems int) func() error {
		return func() error {
			items, total, err := s.ListUsers(ctx, q, p)
			if err != nil {
				return err
			}
			return want(total == wantTotal && len(items) == wantItems, "ListUsers(%q): %d items of %d", q, len(items), total)
		}
	}
	bench("ListUsers/page1", users("", salescoach.Page{Limit: 50}, benchUsers, 50))
	bench("ListUsers/page1000", users("", salescoach.Page{Limit: 50, Offset: 999 * 50}, benchUsers, 50))
	bench("ListUsers/search-email", users("user4242", salescoach.Page{Limit: 50}, 11, 11))
	// A common name (one user in 30) and a very common one (one in 5):
	// every match is counted for the total.
	bench("ListUsers/search-name", users("frieda weber", salescoach.Page{Limit: 50}, benchUsers/30, 50))
	bench("ListUsers/search-name-20pct", users("schneider", salescoach.Page{Limit: 50}, benchUsers/5, 50))
	bench("Overview", func() error {
		o, err := s.Overview(ctx, benchNow)
		if err != nil {
			return err
		}
		return want(o.Users == benchUsers && o.ActiveSessions > 0 && o.ChatsMonth > o.ChatsToday && len(o.NewUsersPerDay) == 30,
			"overview: %+v", o)
	})
	conversations := func(q string, wantTotal int) func() error {
		return func() error {
			items, total, err := s.ListConversations(ctx, q, salescoach.Page{Limit: 50})
			if err != nil {
				return err
			}
			return want(total == wantTotal && len(items) == min(50, wantTotal) && items[0].MessageCount == 3,
				"ListConversations(%q): %d items of %d", q, len(items), total)
		}
	}
	bench("ListConversations/page1", conversations("", benchConversations))
	bench("ListConversations/search-title", conversations("einwand budget 19998", 3))
	bench("ListConversations/search-email", conversations("user4242@", 2))
	for _, n := range []int{7, 30, 90} {
		bench("PageViewCounts/"+map[int]string{7: "7d", 30: "30d", 90: "90d"}[n], func() error {
			counts, err := s.PageViewCounts(ctx, daysBack(n), today)
			if err != nil {
				return err
			}
			views := 0
			for _, c := range counts {
				views += c.Views
			}
			// About 2740 views a day.
			return want(views > (n-1)*2700 && views < (n+1)*2800, "%d days: %d views", n, views)
		})
	}
	bench("UsageReport/30d", func() error {
		rep, err := s.UsageReport(ctx, salescoach.UsageFilter{From: daysBack(30), To: today, Page: salescoach.Page{Limit: 50}})
		if err != nil {
			return err
		}
		// About 16 400 chats in 30 days, three calls each.
		return want(rep.Totals.Calls > 48_000 && rep.Totals.Calls < 50_000 && len(rep.ByPlan) == 3 && len(rep.Users) == 50,
			"usage: %+v", rep.Totals)
	})
	bench("Compliance", func() error {
		c, err := s.Compliance(ctx, benchNow.AddDate(0, 0, -30))
		if err != nil {
			return err
		}
		return want(c.TermsV1+c.TermsV2+c.WithoutTerms == benchUsers && c.AuditTotal > 0, "compliance: %+v", c)
	})
	bench("ListFeedback", func() error {
		items, total, err := fb.ListFeedback(ctx, salescoach.Page{Limit: 50})
		if err != nil {
			return err
		}
		return want(total == benchFeedback && len(items) == 50, "feedback: %d of %d", len(items), total)
	})
	bench("ChallengeCompletions", func() error {
		c, err := s.ChallengeCompletions(ctx)
		if err != nil {
			return err
		}
		return want(len(c) == 9 && c[0].Completions > 0, "completions: %+v", c)
	})
}
