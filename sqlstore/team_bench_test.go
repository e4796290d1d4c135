package sqlstore_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// The team benchmarks' team: every one of BenchmarkProgress's 2 000 users
// (1 000 000 answers, 200 000 chats over a year) in one team, whose owner
// is skillBenchUser; every hundredth is a manager.
const teamBenchID = "00000000-0000-7000-b000-000000000001"

// forBenchDBs runs fn on a database seeded by seed, on SQLite and (with
// TEST_DATABASE_URL) on PostgreSQL; the seeding is not timed. PostgreSQL is
// seeded through one connection pool and measured through a fresh one, as
// an app process has (see BenchmarkAdmin).
func forBenchDBs(b *testing.B, seed func(b *testing.B, db *sqlstore.DB), fn func(b *testing.B, db *sqlstore.DB)) {
	ctx := context.Background()
	dbs := []struct {
		name string
		open func(b *testing.B) *sqlstore.DB
	}{
		{"sqlite", func(b *testing.B) *sqlstore.DB {
			db := sqlstoretest.NewSQLite(b)
			seed(b, db)
			return db
		}},
		{"postgres", func(b *testing.B) *sqlstore.DB {
			if os.Getenv(sqlstoretest.EnvURL) == "" {
				b.Skip("set " + sqlstoretest.EnvURL + " to benchmark on PostgreSQL")
			}
			url := sqlstoretest.NewPostgresURL(b)
			db, err := sqlstore.Open(ctx, url)
			if err != nil {
				b.Fatal(err)
			}
			seed(b, db)
			db.Close()
			if db, err = sqlstore.Open(ctx, url); err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { db.Close() })
			return db
		}},
	}
	for _, d := range dbs {
		b.Run(d.name, func(b *testing.B) {
			start := time.Now()
			db := d.open(b)
			b.Logf("seeded in %v", time.Since(start).Round(time.Second))
			fn(b, db)
		})
	}
}

// seedTeamBench seeds BenchmarkProgress's installation and puts all its
// users in one team (joinTeamBench).
func seedTeamBench(b *testing.B, db *sqlstore.DB) {
	seedSkillBench(b, db)
	joinTeamBench(b, db)
}

// joinTeamBench puts every user in one team, with names to sort and search
// by. Joining brings each member's history into the team's day rows
// (migration 0037's trigger on SQLite, its backfill on PostgreSQL).
func joinTeamBench(b *testing.B, db *sqlstore.DB) {
	exec, commit := benchSeedTx(b, db)
	n := `CAST(substr(id, 25) AS INTEGER)`
	exec(`UPDATE users SET display_name = CASE ` + n + ` % 6 WHEN 0 THEN 'Anna' WHEN 1 THEN 'Ben' WHEN 2 THEN 'Cem'
		WHEN 3 THEN 'Dana' WHEN 4 THEN 'Emil' ELSE 'Frieda' END || ' ' || CASE ` + n + ` % 5 WHEN 0 THEN 'Müller'
		WHEN 1 THEN 'Schmidt' WHEN 2 THEN 'Schneider' WHEN 3 THEN 'Fischer' ELSE 'Weber' END || ' ' || ` + n)
	exec(`INSERT INTO teams (id, name, owner_id, join_token, created_at)
		SELECT '` + teamBenchID + `', 'Vertrieb', id, 'bench-join', created_at FROM users WHERE id = '` + skillBenchUser + `'`)
	exec(`INSERT INTO team_members (team_id, user_id, role, joined_at)
		SELECT '` + teamBenchID + `', id, CASE WHEN id = '` + skillBenchUser + `' THEN 'owner' WHEN ` + n + ` % 100 = 0 THEN 'manager' ELSE 'member' END,
			created_at
		FROM users`)
	if db.Dialect() == sqlstore.DialectPostgres {
		// What migration 0037's join trigger builds, set-based as its
		// backfill does (benchSeedTx runs without triggers on PostgreSQL;
		// 2 000 joins in one transaction, each upserting ~3 000 team day
		// rows, had not ended after 18 minutes).
		exec(`INSERT INTO team_technique_days (team_id, day, technique, shown, total)
			SELECT m.team_id, s.day, s.technique, SUM(s.shown), SUM(s.total)
			FROM skill_technique_days s JOIN team_members m ON m.user_id = s.user_id
			GROUP BY m.team_id, s.day, s.technique`)
		exec(`INSERT INTO team_family_days (team_id, day, family, answers, score_sum, attempts, solved)
			SELECT m.team_id, s.day, s.family, SUM(s.answers), SUM(s.score_sum), SUM(s.attempts), SUM(s.solved)
			FROM skill_family_days s JOIN team_members m ON m.user_id = s.user_id
			GROUP BY m.team_id, s.day, s.family`)
	}
	commit()
	analyzeBench(b, db)
}

// BenchmarkTeam measures, on one seeded database per dialect (seeding
// takes minutes), a team of 2 000 members with 1 000 000 answers: the
// members table (TeamService.Members, GET /api/team/members) in each sort
// and a search; the team aggregates (TeamService.TeamProgress, GET
// /api/team/progress) per range; and, last because it adds answers, what
// the team's triggers add to a scored turn.
//
//	TEST_DATABASE_URL='postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable' \
//	  go test -run '^$' -bench BenchmarkTeam -timeout 1h ./sqlstore/
func BenchmarkTeam(b *testing.B) {
	forBenchDBs(b, seedTeamBench, func(b *testing.B, db *sqlstore.DB) {
		b.Run("members", func(b *testing.B) { benchTeamMembers(b, db) })
		b.Run("progress", func(b *testing.B) { benchTeamProgress(b, db) })
		b.Run("turn", func(b *testing.B) { benchTeamTurn(b, db) })
	})
}

func benchTeamMembers(b *testing.B, db *sqlstore.DB) {
	ctx := context.Background()
	{
		s := sqlstore.NewTeamService(db)
		cases := []struct {
			name  string
			q     salescoach.MemberQuery
			total int
		}{
			{"name", salescoach.MemberQuery{Days: 30}, 2000},
			{"name/page40", salescoach.MemberQuery{Days: 30, Page: 40}, 2000},
			{"-lastActivity", salescoach.MemberQuery{Days: 30, Sort: "-lastActivity"}, 2000},
			{"-chats", salescoach.MemberQuery{Days: 30, Sort: "-chats"}, 2000},
			{"-answers", salescoach.MemberQuery{Days: 30, Sort: "-answers"}, 2000},
			{"-answers/90d", salescoach.MemberQuery{Days: 90, Sort: "-answers"}, 2000},
			{"role", salescoach.MemberQuery{Days: 30, Sort: "role"}, 2000},
			{"search", salescoach.MemberQuery{Days: 30, Search: "schmidt 1"}, 0},
		}
		for _, c := range cases {
			b.Run(c.name, func(b *testing.B) {
				check := func() {
					page, err := s.Members(ctx, skillBenchUser, c.q, skillBenchNow)
					if err != nil {
						b.Fatal(err)
					}
					if (c.total > 0 && page.Total != c.total) || page.Total == 0 || len(page.Members) != min(page.Total, salescoach.TeamMembersPage) {
						b.Fatalf("%d of %d members", len(page.Members), page.Total)
					}
					if c.q.Sort == "-answers" && (page.Members[0].UserID != skillBenchUser || len(page.Members[0].Techniques) != 7) {
						b.Fatalf("most answers: %+v", page.Members[0])
					}
				}
				check()
				for b.Loop() {
					check()
				}
			})
		}
	}
}

func benchTeamProgress(b *testing.B, db *sqlstore.DB) {
	ctx := context.Background()
	{
		s := sqlstore.NewTeamService(db)
		for _, days := range salescoach.ProgressRanges {
			b.Run(fmt.Sprintf("%dd", days), func(b *testing.B) {
				check := func() {
					rep, err := s.TeamProgress(ctx, skillBenchUser, days, skillBenchNow)
					if err != nil {
						b.Fatal(err)
					}
					// About 2 740 answers a day in all (fewer in the last days).
					if tot := rep.Techniques[0].Total; tot < days*2400 || tot > days*2900 || len(rep.Families) != 10 || len(rep.Exams) != 0 {
						b.Fatalf("%d days: %d answers, %d families, %d exams", days, tot, len(rep.Families), len(rep.Exams))
					}
				}
				check()
				for b.Loop() {
					check()
				}
			})
		}
	}
}

// benchTeamTurn measures what the team's triggers (migration 0037) and the
// running totals (0040) add to a scored turn: the user message and SaveTurn
// with its answer, for a member of the 2 000 team (owner: 5 000 answers)
// and for a user in no team, on the same seeded database.
func benchTeamTurn(b *testing.B, db *sqlstore.DB) {
	ctx := context.Background()
	convs := sqlstore.NewConversationService(db)
	loner, err := sqlstore.NewUserService(db).CreateUser(ctx, salescoach.NewUser{Email: "loner@example.com", PasswordHash: "h", EmailConfirmed: true})
	if err != nil {
		b.Fatal(err)
	}
	for _, who := range []struct{ name, userID string }{{"in-team", skillBenchUser}, {"no-team", loner.ID}} {
		b.Run(who.name, func(b *testing.B) {
			c := &salescoach.Conversation{UserID: who.userID, Title: "Chat", Mode: salescoach.ModePractice, Difficulty: 2,
				TotalStages: 2, Objections: []string{"price", "timing"}, CreatedAt: skillBenchNow}
			if err := convs.StartConversation(ctx, c, 1_000_000, time.Time{}); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				id := uuid.NewString()
				msg := &salescoach.Message{ID: id, ConversationID: c.ID, Role: salescoach.RoleUser, Content: "Antwort", CreatedAt: skillBenchNow}
				if err := convs.AddMessage(ctx, msg); err != nil {
					b.Fatal(err)
				}
				a := &salescoach.SkillAnswer{MessageID: id, UserID: who.userID, ConversationID: c.ID, Stage: 1, Family: "price",
					Score: 60, Shown: 5, Assessed: 127, CreatedAt: skillBenchNow}
				if err := convs.SaveTurn(ctx, c, salescoach.TurnEnd{Answer: a}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
