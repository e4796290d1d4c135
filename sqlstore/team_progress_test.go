package sqlstore_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// skillMirror gives answers to users and the same answers to shadow users,
// each of whom stands for a set of members: a shadow's own report is then
// what the team's report must be while exactly that set is in the team.
type skillMirror struct {
	t     *testing.T
	convs *sqlstore.ConversationService
	chats map[string]*salescoach.Conversation // by user id, and by shadow id + user id
}

// chat returns the user's one practice chat, started on first use.
func (m *skillMirror) chat(key, userID string) *salescoach.Conversation {
	if c := m.chats[key]; c != nil {
		return c
	}
	c := start(m.t, m.convs, practice(userID, t0.AddDate(0, 0, -20)))
	m.chats[key] = c
	return c
}

type givenAnswer struct {
	stage  int
	family string
	score  int
	solved bool
	shown  int
	at     time.Time
}

// give stores the answers for u and, in a chat of their own that mirrors
// u's, for each shadow.
func (m *skillMirror) give(u *salescoach.User, answers []givenAnswer, shadows ...*salescoach.User) {
	for _, a := range answers {
		answer(m.t, m.convs, m.chat(u.ID, u.ID), a.stage, a.family, a.score, a.solved, a.shown, a.at)
		for _, sh := range shadows {
			answer(m.t, m.convs, m.chat(sh.ID+u.ID, sh.ID), a.stage, a.family, a.score, a.solved, a.shown, a.at)
		}
	}
}

// answersOn is a varied set of answers in the 14 days before t0 (the 7-day
// report's period and the one before it) and one long before; k varies it
// per user.
func answersOn(k int) []givenAnswer {
	day := func(d, hour int) time.Time { return time.Date(2026, 3, d, hour, 0, 0, 0, time.UTC) }
	q, ack, ben := techBits("question"), techBits("acknowledge"), techBits("benefit")
	return []givenAnswer{
		{1, "price", 20 + 10*k, false, ack, day(1, 9)},
		{1, "price", 50 + 5*k, k%2 == 0, ack | q, day(5, 9)},
		{1, "price", 70, true, ack | q | ben, day(5, 11)},
		{2, "timing", 10 * k, false, q << (k % 3), day(9, 23)},
		{2, "timing", 90, true, allTechniques, day(10, 8)},
		{1, "trust", 33 + k, false, ben, time.Date(2025, 12, 24, 10, 0, 0, 0, time.UTC)},
	}
}

// TestTeamProgress: the team's report is the sum of its current members'
// answers (a report of a user who gave all their answers), for a member
// who joins with their history and after one leaves; other teams and
// people outside count nowhere; only owners and managers read it.
func TestTeamProgress(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		convs, skills := sqlstore.NewConversationService(db), sqlstore.NewSkillService(db)
		m := &skillMirror{t: t, convs: convs, chats: map[string]*salescoach.Conversation{}}
		loner := newUser(t, db, "loner@example.com")
		// all stands for every member, stay for all but f.member (who
		// leaves below).
		all, stay := newUser(t, db, ""), newUser(t, db, "")

		m.give(f.owner, answersOn(1), all, stay)
		m.give(f.manager, answersOn(2), all, stay)
		m.give(f.member, answersOn(3), all)
		m.give(loner, answersOn(4))
		m.give(f.outsider, answersOn(5))

		// Evaluated exams of the period: not in the team's report (the
		// member pages list them).
		exam := func(u *salescoach.User, total int) string {
			e := &salescoach.Conversation{UserID: u.ID, Title: "Prüfung", Mode: salescoach.ModeExam, Difficulty: 3,
				TotalStages: 3, Objections: []string{"price", "trust", "timing"}, CreatedAt: t0.Add(-2 * time.Hour)}
			start(t, convs, e)
			b, _ := json.Marshal(map[string]any{"intro": "x", "totalPercent": total})
			e.Evaluation = string(b)
			mustNil(t, convs.SaveState(ctx, e))
			return e.ID
		}
		exam(f.member, 64)
		exam(f.outsider, 99)

		check := func(step string, shadow *salescoach.User, exams ...string) {
			t.Helper()
			for _, days := range []int{7, 30, 90} {
				got, err := f.s.TeamProgress(ctx, f.manager.ID, days, t0)
				mustNil(t, err)
				want, err := skills.Progress(ctx, shadow.ID, days, t0)
				mustNil(t, err)
				if got.Recommendation != nil {
					t.Errorf("%s, %d days: recommendation %+v", step, days, got.Recommendation)
				}
				var ids []string
				for _, e := range got.Exams {
					ids = append(ids, e.ConversationID)
				}
				if !slices.Equal(ids, exams) {
					t.Errorf("%s, %d days: exams %v, want %v", step, days, ids, exams)
				}
				got.Exams, want.Exams, want.Recommendation = nil, nil, nil
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s, %d days:\n got %+v\nwant %+v", step, days, got, want)
				}
			}
		}
		check("three members", all)
		rep, err := f.s.TeamProgress(ctx, f.owner.ID, 7, t0)
		mustNil(t, err)
		if tp := technique(t, rep, "question"); tp.Total != 12 || tp.Rate == nil || tp.PreviousRate == nil || len(rep.Families) != 2 {
			t.Fatalf("team report has not the members' answers: %+v", rep)
		}

		// A member who joins brings their history; their later answers
		// count too.
		_, err = f.s.Join(ctx, loner, "no-such-hash", "join-nord", t0)
		mustNil(t, err)
		// The shadows get the loner's earlier answers now.
		for _, a := range answersOn(4) {
			for _, sh := range []*salescoach.User{all, stay} {
				answer(t, convs, m.chat(sh.ID+loner.ID, sh.ID), a.stage, a.family, a.score, a.solved, a.shown, a.at)
			}
		}
		late := []givenAnswer{{2, "timing", 77, true, allTechniques, t0.Add(-time.Hour)}}
		m.give(loner, late, all, stay)
		check("joined", all)

		// A member who left counts no more, nor do their later answers.
		mustNil(t, f.s.Leave(ctx, f.member.ID))
		m.give(f.member, late)
		check("left", stay)

		// Permissions: a member 403, no team 404, a bad period 400.
		_, err = f.s.TeamProgress(ctx, loner.ID, 7, t0)
		wantCode(t, err, salescoach.EFORBIDDEN)
		_, err = f.s.TeamProgress(ctx, f.member.ID, 7, t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = f.s.TeamProgress(ctx, f.owner.ID, 14, t0)
		wantCode(t, err, salescoach.EINVALID)

		// The other team's report is the outsider's own.
		got, err := f.s.TeamProgress(ctx, f.outsider.ID, 30, t0)
		mustNil(t, err)
		want, err := skills.Progress(ctx, f.outsider.ID, 30, t0)
		mustNil(t, err)
		want.Recommendation, want.Exams = nil, []salescoach.ExamResult{}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("other team:\n got %+v\nwant %+v", got, want)
		}

		// A team's deletion takes its figures with it.
		mustNil(t, f.s.DeleteTeam(ctx, f.outsider.ID))
		if n := count(t, db, `SELECT COUNT(*) FROM team_technique_days WHERE team_id = ?`, f.other.Team.ID); n != 0 {
			t.Errorf("%d technique days of a deleted team", n)
		}
	})
}
