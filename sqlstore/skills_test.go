package sqlstore_test

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// techBits is the bit set of the technique keys (salescoach.SkillTechniques).
func techBits(keys ...string) int {
	n := 0
	for _, k := range keys {
		for i, t := range salescoach.SkillTechniques {
			if t == k {
				n |= 1 << i
			}
		}
	}
	return n
}

// allTechniques is every technique assessed.
var allTechniques = techBits(salescoach.SkillTechniques...)

// answer stores one scored answer of c with a turn, as the training
// service does.
func answer(t *testing.T, s *sqlstore.ConversationService, c *salescoach.Conversation, stage int, family string, score int, solved bool, shown int, at time.Time) string {
	t.Helper()
	id := uuid.NewString()
	msg := &salescoach.Message{ID: id, ConversationID: c.ID, Role: salescoach.RoleUser, Content: "Antwort", CreatedAt: at}
	mustNil(t, s.AddMessage(t.Context(), msg))
	a := &salescoach.SkillAnswer{MessageID: id, UserID: c.UserID, ConversationID: c.ID, Stage: stage, Family: family,
		Score: score, Solved: solved, Shown: shown, Assessed: allTechniques, CreatedAt: at}
	mustNil(t, s.SaveTurn(t.Context(), c, salescoach.TurnEnd{Answer: a}))
	return id
}

// technique returns the report's entry for key.
func technique(t *testing.T, rep *salescoach.ProgressReport, key string) salescoach.TechniqueProgress {
	t.Helper()
	for _, tp := range rep.Techniques {
		if tp.Key == key {
			return tp
		}
	}
	t.Fatalf("no technique %s in %+v", key, rep.Techniques)
	return salescoach.TechniqueProgress{}
}

func ip(n int) *int { return &n }

// TestSkillProgress: the report's rates, previous rates, weeks, families and
// exams come from the answers stored with the turns, only the user's own.
func TestSkillProgress(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		convs, skills := sqlstore.NewConversationService(db), sqlstore.NewSkillService(db)
		ann, bob := newUser(t, db, "ann@example.com"), newUser(t, db, "")
		// t0 is Tuesday 2026-03-10: the 7 days are 03-04..03-10 (weeks of
		// Monday 03-02 and 03-09), the 7 before them 02-25..03-03.
		c := start(t, convs, practice(ann.ID, t0.AddDate(0, 0, -10)))
		day := func(d int, hour int) time.Time { return time.Date(2026, 3, d, hour, 0, 0, 0, time.UTC) }
		ack, q, ben := techBits("acknowledge"), techBits("question"), techBits("benefit")
		answer(t, convs, c, 1, "price", 40, false, ack, day(1, 9))
		answer(t, convs, c, 1, "price", 60, false, ack|q, day(5, 9))
		answer(t, convs, c, 1, "price", 80, true, ack|q|ben, day(9, 23))
		answer(t, convs, c, 2, "timing", 30, false, 0, day(10, 8))
		// Bob's answers are his alone.
		bc := start(t, convs, practice(bob.ID, t0))
		answer(t, convs, bc, 1, "price", 100, true, allTechniques, day(10, 9))

		// Exams: one evaluated in the period; one before it, one deleted,
		// one not evaluated yet are not listed.
		exam := func(at time.Time, eval string, deleted bool) string {
			e := &salescoach.Conversation{UserID: ann.ID, Title: "Prüfung", Mode: salescoach.ModeExam, Difficulty: 3,
				TotalStages: 3, Objections: []string{"price", "trust", "timing"}, CreatedAt: at}
			start(t, convs, e)
			e.Evaluation = eval
			mustNil(t, convs.SaveState(ctx, e))
			if deleted {
				mustNil(t, convs.SoftDelete(ctx, ann.ID, e.ID, at))
			}
			return e.ID
		}
		evaluation := func(total int) string {
			b, _ := json.Marshal(map[string]any{"intro": "x", "totalPercent": total})
			return string(b)
		}
		shownExam := exam(day(8, 10), evaluation(72), false)
		exam(day(2, 10), evaluation(50), false)
		exam(day(7, 10), evaluation(90), true)
		exam(day(9, 10), "", false)

		rep, err := skills.Progress(ctx, ann.ID, 7, t0)
		mustNil(t, err)
		if rep.Range != 7 || len(rep.Techniques) != 7 {
			t.Fatalf("report = %+v", rep)
		}
		want := map[string]salescoach.TechniqueProgress{
			"acknowledge": {Key: "acknowledge", Shown: 2, Total: 3, Rate: ip(67), PreviousRate: ip(100)},
			"question":    {Key: "question", Shown: 2, Total: 3, Rate: ip(67), PreviousRate: ip(0)},
			"benefit":     {Key: "benefit", Shown: 1, Total: 3, Rate: ip(33), PreviousRate: ip(0)},
			"tone":        {Key: "tone", Shown: 0, Total: 3, Rate: ip(0), PreviousRate: ip(0)},
		}
		for k, w := range want {
			if got := technique(t, rep, k); !reflect.DeepEqual(got, w) {
				t.Errorf("%s = %+v (rate %v, previous %v), want %+v", k, got, deref(got.Rate), deref(got.PreviousRate), w)
			}
		}
		wantWeeks := []salescoach.WeekProgress{
			{WeekStart: "2026-03-02", Techniques: map[string]int{"acknowledge": 100, "question": 100, "benefit": 0, "evidence": 0, "next_step": 0, "formality": 0, "tone": 0}},
			{WeekStart: "2026-03-09", Techniques: map[string]int{"acknowledge": 50, "question": 50, "benefit": 50, "evidence": 0, "next_step": 0, "formality": 0, "tone": 0}},
		}
		if !reflect.DeepEqual(rep.Weekly, wantWeeks) {
			t.Errorf("weekly = %+v", rep.Weekly)
		}
		// The price objection was first answered on 03-01: its attempt
		// belongs to the period before.
		wantFamilies := []salescoach.FamilyProgress{
			{Key: "price", Attempts: 0, Solved: 1, AverageScore: ip(70), Answers: 2},
			{Key: "timing", Attempts: 1, Solved: 0, AverageScore: ip(30), Answers: 1},
		}
		if !reflect.DeepEqual(rep.Families, wantFamilies) {
			t.Errorf("families = %+v", rep.Families)
		}
		if len(rep.Exams) != 1 || rep.Exams[0].ConversationID != shownExam || rep.Exams[0].Score != 72 ||
			rep.Exams[0].Difficulty != 3 || !rep.Exams[0].Date.Equal(day(8, 10)) {
			t.Errorf("exams = %+v", rep.Exams)
		}
		if rep.Recommendation != nil {
			t.Errorf("recommendation with 3 answers: %+v", rep.Recommendation)
		}

		// 30 days hold all four answers, and the attempt of 03-01; the
		// period before has none.
		rep, err = skills.Progress(ctx, ann.ID, 30, t0)
		mustNil(t, err)
		if got := technique(t, rep, "acknowledge"); got.Shown != 3 || got.Total != 4 || *got.Rate != 75 || got.PreviousRate != nil {
			t.Errorf("30 days: acknowledge = %+v", got)
		}
		if len(rep.Weekly) != 5 || rep.Weekly[0].WeekStart != "2026-02-09" || len(rep.Weekly[0].Techniques) != 0 {
			t.Errorf("30 days: weeks = %+v", rep.Weekly)
		}
		if rep.Families[0].Key != "price" || rep.Families[0].Attempts != 1 || rep.Families[0].Answers != 3 {
			t.Errorf("30 days: families = %+v", rep.Families)
		}
		if len(rep.Exams) != 2 || rep.Exams[0].Score != 50 || rep.Exams[1].Score != 72 {
			t.Errorf("30 days: exams = %+v", rep.Exams)
		}

		// Bob sees his answer, none of Ann's.
		rep, err = skills.Progress(ctx, bob.ID, 90, t0)
		mustNil(t, err)
		if got := technique(t, rep, "acknowledge"); got.Shown != 1 || got.Total != 1 || len(rep.Families) != 1 || rep.Families[0].Attempts != 1 || len(rep.Exams) != 0 {
			t.Errorf("bob's report = %+v", rep)
		}
		// A user without answers gets an empty report.
		rep, err = skills.Progress(ctx, newUser(t, db, "cleo@example.com").ID, 30, t0)
		mustNil(t, err)
		if got := technique(t, rep, "acknowledge"); got.Total != 0 || got.Rate != nil || len(rep.Families) != 0 || len(rep.Weekly) != 5 || rep.Recommendation != nil {
			t.Errorf("empty report = %+v", rep)
		}

		for _, days := range []int{0, 1, 14, 365} {
			e := wantCode(t, func() error { _, err := skills.Progress(ctx, ann.ID, days, t0); return err }(), salescoach.EINVALID)
			if _, ok := e.Fields["range"]; !ok {
				t.Errorf("range %d: fields %v", days, e.Fields)
			}
		}
		for _, id := range badIDs {
			_, err := skills.Progress(ctx, id, 30, t0)
			wantCode(t, err, salescoach.ENOTFOUND)
		}
	})
}

func deref(p *int) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestSkillRecommendationFromStore: five answers make a recommendation of
// the weakest family with three answers and the weakest technique.
func TestSkillRecommendationFromStore(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		convs, skills := sqlstore.NewConversationService(db), sqlstore.NewSkillService(db)
		ann := newUser(t, db, "ann@example.com")
		c := start(t, convs, practice(ann.ID, t0))
		good := allTechniques &^ techBits("evidence")
		for i := range 4 {
			answer(t, convs, c, 1, "price", 40+i, false, good, t0.Add(time.Duration(i)*time.Minute))
		}
		rep, err := skills.Progress(t.Context(), ann.ID, 7, t0)
		mustNil(t, err)
		if rep.Recommendation != nil {
			t.Fatalf("four answers: %+v", rep.Recommendation)
		}
		answer(t, convs, c, 2, "timing", 90, true, good, t0.Add(time.Hour))
		rep, err = skills.Progress(t.Context(), ann.ID, 7, t0)
		mustNil(t, err)
		want := &salescoach.Recommendation{Family: "price", Technique: "evidence", Difficulty: 1}
		if !reflect.DeepEqual(rep.Recommendation, want) {
			t.Errorf("recommendation = %+v, want %+v", rep.Recommendation, want)
		}
	})
}

// TestSkillAnswerOnce: a message is counted once; storing it again fails
// the turn and leaves the sums as they were.
func TestSkillAnswerOnce(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		convs := sqlstore.NewConversationService(db)
		ann := newUser(t, db, "ann@example.com")
		c := start(t, convs, practice(ann.ID, t0))
		id := answer(t, convs, c, 1, "price", 50, false, 1, t0)
		a := &salescoach.SkillAnswer{MessageID: id, UserID: ann.ID, ConversationID: c.ID, Stage: 1, Family: "price",
			Score: 50, Shown: 1, Assessed: allTechniques, CreatedAt: t0}
		if err := convs.SaveTurn(t.Context(), c, salescoach.TurnEnd{Answer: a}); err == nil {
			t.Fatal("the same answer was stored twice")
		}
		if n := count(t, db, `SELECT answers FROM skill_family_days WHERE user_id = ?`, ann.ID); n != 1 {
			t.Errorf("answers = %d", n)
		}
		if n := count(t, db, `SELECT total FROM skill_technique_days WHERE user_id = ? AND technique = 'acknowledge'`, ann.ID); n != 1 {
			t.Errorf("total = %d", n)
		}
		// An answer of another user's chat is refused before anything is
		// written.
		other := newUser(t, db, "")
		a = &salescoach.SkillAnswer{MessageID: uuid.NewString(), UserID: other.ID, ConversationID: c.ID, Stage: 1, Family: "price", CreatedAt: t0}
		wantCode(t, convs.SaveTurn(t.Context(), c, salescoach.TurnEnd{Answer: a}), salescoach.EINVALID)
	})
}

// TestSkillBackfill: migration 0031 turns what chats stored before it (each
// chat's latest scored answer, and how far it got) into the analytics.
func TestSkillBackfill(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) { testSkillBackfill(t, emptySQLite(t)) })
	t.Run("postgres", func(t *testing.T) { testSkillBackfill(t, farFromUTCPostgres(t)) })
}

func testSkillBackfill(t *testing.T, db *sqlstore.DB) {
	ctx := t.Context()
	mustNil(t, db.MigrateUpTo(ctx, "0030_oauth_language"))
	ann, bob := uuid.NewString(), uuid.NewString()
	for i, id := range []string{ann, bob} {
		mail := []string{"ann@example.com", "bob@example.com"}[i]
		exec(t, db, `INSERT INTO users (id, email, email_lower, display_name, created_at, updated_at) VALUES (?, ?, ?, '', ?, ?)`, id, mail, mail, t0, t0)
	}
	created := time.Date(2026, 3, 9, 23, 30, 0, 0, time.UTC) // already 03-10 in Kiritimati
	chat := func(user, objections string, stage, progress int, completed bool, lastScore string, scoredAt time.Time) string {
		id := uuid.NewString()
		var done any
		if completed {
			done = scoredAt
		}
		var scored, score any
		if lastScore != "" {
			scored, score = uuid.NewString(), lastScore
		}
		exec(t, db, `INSERT INTO conversations (id, user_id, title, mode, difficulty, stage, total_stages, progress, objections,
			last_score, scored_message_id, created_at, updated_at, completed_at) VALUES (?, ?, 'Chat', 'Übung', 2, ?, 2, ?, ?, ?, ?, ?, ?, ?)`,
			id, user, stage, progress, objections, score, scored, created, scoredAt, done)
		if scored != nil {
			exec(t, db, `INSERT INTO messages (id, conversation_id, role, content, seq, created_at) VALUES (?, ?, 'user', 'Antwort', 1, ?)`,
				scored, id, scoredAt)
		}
		return id
	}
	techs := func(shown ...bool) string {
		var out []map[string]any
		for i, s := range shown {
			out = append(out, map[string]any{"key": salescoach.SkillTechniques[i], "label": "x", "shown": s, "reason": "y"})
		}
		b, _ := json.Marshal(out)
		return string(b)
	}
	at := time.Date(2026, 3, 10, 9, 0, 0, 0, time.UTC)
	// A: on the second objection (trust), the latest answer to it.
	a := chat(ann, `["price","trust"]`, 2, 30, false,
		`{"totalPercent":30,"answerScore":55,"stage":2,"totalStages":2,"progress":30,"solved":false,"completed":false,"techniques":`+techs(true, false)+`}`, at)
	// B: won, its winning answer without techniques recorded.
	chat(ann, `["no_time"]`, 1, 100, true,
		`{"totalPercent":100,"answerScore":95,"stage":1,"totalStages":1,"progress":100,"solved":true,"completed":true,"techniques":null}`, at)
	// C: the latest answer overcame the first objection (price); the
	// second (authority) is raised but not answered.
	chat(ann, `["price","authority"]`, 2, 0, false,
		`{"totalPercent":100,"answerScore":92,"stage":2,"totalStages":2,"progress":0,"solved":true,"completed":false,"techniques":`+techs(false, true)+`}`, at)
	// D: not answered yet; E: from before objections were stored.
	chat(ann, `["trust"]`, 1, 0, false, "", at)
	chat(ann, ``, 1, 40, false, `{"answerScore":70,"stage":1,"solved":false,"completed":false,"techniques":[]}`, at)
	// Bob's chat is his.
	chat(bob, `["price"]`, 1, 50, false,
		`{"totalPercent":50,"answerScore":80,"stage":1,"totalStages":1,"progress":50,"solved":false,"completed":false,"techniques":`+techs(true, true)+`}`, at)

	mustNil(t, db.Migrate(ctx))

	if n := count(t, db, `SELECT COUNT(*) FROM skill_answers WHERE user_id = ?`, ann); n != 3 {
		t.Errorf("%d backfilled answers of Ann, want 3", n)
	}
	if n := count(t, db, `SELECT COUNT(*) FROM skill_answers WHERE conversation_id = ? AND stage = 2 AND family = 'trust' AND score = 55
		AND shown = 1 AND assessed = 3 AND NOT solved`, a); n != 1 {
		t.Errorf("chat A's answer not backfilled as it was")
	}
	rep, err := sqlstore.NewSkillService(db).Progress(ctx, ann, 7, t0)
	mustNil(t, err)
	wantFamilies := []salescoach.FamilyProgress{
		{Key: "price", Attempts: 2, Solved: 2, AverageScore: ip(92), Answers: 1},
		{Key: "no_time", Attempts: 1, Solved: 1, AverageScore: ip(95), Answers: 1},
		{Key: "trust", Attempts: 1, Solved: 0, AverageScore: ip(55), Answers: 1},
	}
	if !reflect.DeepEqual(rep.Families, wantFamilies) {
		t.Errorf("families = %+v", rep.Families)
	}
	for key, want := range map[string][2]int{"acknowledge": {1, 2}, "question": {1, 2}, "benefit": {0, 0}} {
		if got := technique(t, rep, key); got.Shown != want[0] || got.Total != want[1] {
			t.Errorf("%s = %+v, want %v", key, got, want)
		}
	}
	// The backfilled day rows are on UTC days.
	if n := count(t, db, `SELECT COUNT(*) FROM skill_family_days WHERE user_id = ? AND day = '2026-03-09' AND family = 'price' AND attempts = 2`, ann); n != 1 {
		t.Errorf("attempts not on the chats' UTC day")
	}

	// A later answer to chat A's current objection is no new attempt.
	convs := sqlstore.NewConversationService(db)
	c, err := convs.Conversation(ctx, ann, a)
	mustNil(t, err)
	answer(t, convs, c, 2, "trust", 65, false, 0, at.Add(time.Minute))
	rep, err = sqlstore.NewSkillService(db).Progress(ctx, ann, 7, t0)
	mustNil(t, err)
	if got := rep.Families[2]; got.Key != "trust" || got.Attempts != 1 || got.Answers != 2 || *got.AverageScore != 60 {
		t.Errorf("trust after a new answer = %+v", got)
	}
}
