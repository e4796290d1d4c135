package sqlstore_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
)

// The progress benchmark's installation: 1 000 000 scored answers over a
// year by 2 000 users; the user it reads (skillBenchUser) gave every 200th,
// 5 000 in all (about 14 a day).
const (
	skillBenchAnswers = 1_000_000
	skillBenchUsers   = 2_000
	skillBenchChats   = 200_000 // 100 per user, every tenth an evaluated exam
	skillBenchUser    = "00000000-0000-7000-8000-000000000001"
)

var skillBenchNow = time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)

// skillBenchFamily is an SQL CASE that names the family of answer j.
func skillBenchFamily(j string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "CASE (%[1]s / 200 + %[1]s) %% 10", j)
	for i, f := range salescoach.SkillFamilies {
		fmt.Fprintf(&b, " WHEN %d THEN '%s'", i, f)
	}
	b.WriteString(" END")
	return b.String()
}

// seedSkillBench fills a migrated database with set-based statements: the
// users, their chats, the answers, and the aggregates summed from the
// answers as migration 0031's backfill sums them.
func seedSkillBench(b *testing.B, db *sqlstore.DB) {
	pg := db.Dialect() == sqlstore.DialectPostgres
	exec, commit := benchSeedTx(b, db)
	now := skillBenchNow.Format("2006-01-02 15:04:05")
	// series(n) lists 1..n as rows of column n; ago(x) is now minus x
	// seconds as the column's type stores it; pad(x) is x in 12 digits.
	series := func(n int) string {
		if pg {
			return fmt.Sprintf("generate_series(1, %d) AS s(n)", n)
		}
		return fmt.Sprintf("(WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < %d) SELECT n FROM s) s", n)
	}
	ago := func(secs string) string {
		if pg {
			return fmt.Sprintf("(TIMESTAMPTZ '%s+00' - (%s) * INTERVAL '1 second')", now, secs)
		}
		return fmt.Sprintf("strftime('%%Y-%%m-%%d %%H:%%M:%%f+00:00', '%s', '-' || (%s) || ' seconds')", now, secs)
	}
	pad := func(x string) string {
		if pg {
			return fmt.Sprintf("lpad((%s)::text, 12, '0')", x)
		}
		return fmt.Sprintf("printf('%%012d', %s)", x)
	}
	exec(`INSERT INTO users (id, email, email_lower, display_name, created_at, updated_at)
		SELECT '00000000-0000-7000-8000-' || ` + pad("n") + `, 'u' || n || '@example.com', 'u' || n || '@example.com', '', ` + ago("0") + `, ` + ago("0") + `
		FROM ` + series(skillBenchUsers))
	// Chat n belongs to user (n-1) % users + 1.
	exec(`INSERT INTO conversations (id, user_id, title, mode, difficulty, stage, total_stages, progress, objections, evaluation, created_at, updated_at)
		SELECT '00000000-0000-7000-9000-' || ` + pad("n") + `, '00000000-0000-7000-8000-' || ` + pad(fmt.Sprintf("(n - 1) %% %d + 1", skillBenchUsers)) + `, 'Chat',
			CASE WHEN n % 10 = 0 THEN 'Prüfung' ELSE 'Übung' END, CASE WHEN n % 10 = 0 THEN NULL ELSE 2 END, 2, 2, 0, '["price","trust"]',
			CASE WHEN n % 10 = 0 THEN '{"intro":"","totalPercent":' || (n % 101) || '}' END, ` + ago("n * 157") + `, ` + ago("n * 157") + `
		FROM ` + series(skillBenchChats))
	// Answer j: every 200th is the measured user's, the others spread over
	// the rest; each goes to one of its user's chats, at j × 31.5 s ago.
	user := fmt.Sprintf("(CASE WHEN n %% 200 = 0 THEN 1 ELSE 2 + n %% %d END)", skillBenchUsers-1)
	exec(`INSERT INTO skill_answers (message_id, user_id, conversation_id, stage, family, score, solved, shown, assessed, created_at)
		SELECT '00000000-0000-7000-a000-' || ` + pad("n") + `, '00000000-0000-7000-8000-' || ` + pad(user) + `,
			'00000000-0000-7000-9000-' || ` + pad(fmt.Sprintf("%s + %d * (n %% 100)", user, skillBenchUsers)) + `,
			1 + n % 2, ` + skillBenchFamily("n") + `, n % 101, n % 5 = 0, (n * 37) % 128, 127, ` + ago("n * 31.5") + `
		FROM ` + series(skillBenchAnswers))
	exec(`INSERT INTO skill_technique_days (user_id, day, technique, shown, total)
		SELECT a.user_id, CAST(date(a.created_at) AS TEXT), k.technique, SUM(CASE WHEN (a.shown & k.bit) <> 0 THEN 1 ELSE 0 END), COUNT(*)
		FROM skill_answers a
		JOIN (SELECT 'acknowledge' AS technique, 1 AS bit UNION ALL SELECT 'question', 2 UNION ALL SELECT 'benefit', 4
			UNION ALL SELECT 'evidence', 8 UNION ALL SELECT 'next_step', 16 UNION ALL SELECT 'formality', 32
			UNION ALL SELECT 'tone', 64) k ON (a.assessed & k.bit) <> 0
		GROUP BY a.user_id, CAST(date(a.created_at) AS TEXT), k.technique`)
	exec(`INSERT INTO skill_family_days (user_id, day, family, answers, score_sum, attempts, solved)
		SELECT a.user_id, CAST(date(a.created_at) AS TEXT), a.family, COUNT(*), SUM(a.score),
			SUM(CASE WHEN a.score % 4 = 0 THEN 1 ELSE 0 END), SUM(CASE WHEN a.solved THEN 1 ELSE 0 END)
		FROM skill_answers a
		GROUP BY a.user_id, CAST(date(a.created_at) AS TEXT), a.family`)
	if pg {
		// What migration 0040's trigger keeps, built as its backfill does
		// (the seed runs without triggers on PostgreSQL: benchSeedTx).
		exec(`INSERT INTO skill_answer_totals (user_id, day, answers)
			SELECT user_id, day, SUM(n) OVER (PARTITION BY user_id ORDER BY day)
			FROM (SELECT user_id, day, SUM(answers) AS n FROM skill_family_days GROUP BY user_id, day) d`)
	}
	commit()
	analyzeBench(b, db)
}

// benchSeedTx returns exec, which runs a seeding statement, and commit,
// which ends the seed. On PostgreSQL the statements run in one transaction
// with triggers off (session_replication_role = replica, which also skips
// the foreign-key checks): a plpgsql trigger per row of millions of day rows
// made the seed take half an hour, and the running totals' trigger (0040),
// which updates the later days of an earlier day's row, would be quadratic
// in the unordered rows of one INSERT … SELECT. The seed then fills what
// the triggers keep with the migrations' set-based backfills. On SQLite the
// triggers run; its GROUP BY inserts each user's days in order.
func benchSeedTx(b *testing.B, db *sqlstore.DB) (exec func(q string), commit func()) {
	ctx := context.Background()
	if db.Dialect() != sqlstore.DialectPostgres {
		return func(q string) {
			if _, err := db.SQL().ExecContext(ctx, q); err != nil {
				b.Fatalf("%v\n%s", err, q)
			}
		}, func() {}
	}
	tx, err := db.SQL().BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { tx.Rollback() })
	exec = func(q string) {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			b.Fatalf("%v\n%s", err, q)
		}
	}
	exec(`SET LOCAL session_replication_role = replica`)
	exec(`SET LOCAL synchronous_commit = off`)
	return exec, func() {
		if err := tx.Commit(); err != nil {
			b.Fatal(err)
		}
	}
}

// analyzeBench gives the planner the seeded tables' statistics.
func analyzeBench(b *testing.B, db *sqlstore.DB) {
	qs := []string{`ANALYZE`}
	if db.Dialect() == sqlstore.DialectPostgres {
		qs = []string{`VACUUM ANALYZE`, `CHECKPOINT`}
	}
	for _, q := range qs {
		if _, err := db.SQL().ExecContext(context.Background(), q); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProgress measures GET /api/me/progress's query for a user with
// 5 000 answers among 1 000 000, on SQLite and (with TEST_DATABASE_URL) on
// PostgreSQL. Seeding takes a minute or two per database.
//
//	TEST_DATABASE_URL='postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable' \
//	  go test -run '^$' -bench BenchmarkProgress ./sqlstore/
func BenchmarkProgress(b *testing.B) {
	ctx := context.Background()
	forBenchDBs(b, seedSkillBench, func(b *testing.B, db *sqlstore.DB) {
		var n int
		if err := db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM skill_answers`).Scan(&n); err != nil || n != skillBenchAnswers {
			b.Fatalf("%d answers, %v", n, err)
		}
		s := sqlstore.NewSkillService(db)
		for _, days := range salescoach.ProgressRanges {
			b.Run(fmt.Sprintf("%dd", days), func(b *testing.B) {
				check := func() {
					rep, err := s.Progress(ctx, skillBenchUser, days, skillBenchNow)
					if err != nil {
						b.Fatal(err)
					}
					// About 14 of the user's answers a day.
					if tot := rep.Techniques[0].Total; tot < days*12 || tot > days*15 || len(rep.Families) != 10 || rep.Recommendation == nil {
						b.Fatalf("%d days: %d answers, %d families, %+v", days, tot, len(rep.Families), rep.Recommendation)
					}
				}
				check()
				for b.Loop() {
					check()
				}
			})
		}
	})
}
