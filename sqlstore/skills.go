package sqlstore

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"salescoach"
)

var _ salescoach.SkillService = (*SkillService)(nil)

// SkillService reads the skill analytics that SaveTurn keeps (skill_answers
// and its per-day aggregates, migration 0031).
type SkillService struct {
	db *DB
}

// NewSkillService returns a SkillService on db.
func NewSkillService(db *DB) *SkillService { return &SkillService{db: db} }

// maxReportExams bounds the exams a report lists (the newest).
const maxReportExams = 100

// skillStmts are the statements that record a scored answer with its turn:
// the family's day row first (its attempt counts only when no earlier answer
// of the chat was to the same objection, which the EXISTS reads before the
// answer's own row is there), then the answer, then one day row per
// technique it was assessed on. A second record of the same message fails
// on skill_answers' key, and with it the turn's transaction.
func skillStmts(a *salescoach.SkillAnswer) []stmt {
	day := salescoach.Day(a.CreatedAt)
	solved := 0
	if a.Solved {
		solved = 1
	}
	var out []stmt
	// An answer to no family (a scenario's own objection) adds to no
	// family's figures.
	if a.Family != "" {
		out = append(out, stmt{q: `INSERT INTO skill_family_days (user_id, day, family, answers, score_sum, attempts, solved)
		SELECT ?, ?, ?, 1, ?, CASE WHEN EXISTS (SELECT 1 FROM skill_answers WHERE conversation_id = ? AND stage = ?) THEN 0 ELSE 1 END, ?
		WHERE true
		ON CONFLICT (user_id, day, family) DO UPDATE SET answers = skill_family_days.answers + 1,
			score_sum = skill_family_days.score_sum + excluded.score_sum,
			attempts = skill_family_days.attempts + excluded.attempts,
			solved = skill_family_days.solved + excluded.solved`,
			args: []any{a.UserID, day, a.Family, a.Score, a.ConversationID, a.Stage, solved}, op: "count skill family"})
	}
	out = append(out, stmt{q: `INSERT INTO skill_answers (message_id, user_id, conversation_id, stage, family, score, solved, shown, assessed, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		args: []any{a.MessageID, a.UserID, a.ConversationID, a.Stage, a.Family, a.Score, a.Solved, a.Shown, a.Assessed, a.CreatedAt},
		op:   "insert skill answer"})
	var (
		values strings.Builder
		args   []any
	)
	for i, k := range salescoach.SkillTechniques {
		if a.Assessed&(1<<i) == 0 {
			continue
		}
		if len(args) > 0 {
			values.WriteString(", ")
		}
		values.WriteString("(?, ?, ?, ?, 1)")
		args = append(args, a.UserID, day, k, (a.Shown>>i)&1)
	}
	if len(args) > 0 {
		out = append(out, stmt{q: `INSERT INTO skill_technique_days (user_id, day, technique, shown, total) VALUES ` + values.String() + `
			ON CONFLICT (user_id, day, technique) DO UPDATE SET shown = skill_technique_days.shown + excluded.shown,
				total = skill_technique_days.total + 1`,
			args: args, op: "count skill techniques"})
	}
	return out
}

// checkSkillAnswer vets an answer before its turn is stored: it must be of
// the turn's chat and user.
func checkSkillAnswer(c *salescoach.Conversation, a *salescoach.SkillAnswer) error {
	if a.ConversationID != c.ID || a.UserID != c.UserID || !validID(a.MessageID) {
		return salescoach.Errorf(salescoach.EINVALID, "skill answer of another conversation")
	}
	if a.CreatedAt.IsZero() {
		return salescoach.Errorf(salescoach.EINVALID, "skill answer without a time")
	}
	return nil
}

// Progress reads the user's report over the last days UTC days up to now's
// day from the aggregates: the technique rows of twice the period (for the
// previous rates), the family rows of the period and the exams started in
// it. Every query is bounded by the user id and the period's days. It
// returns EINVALID (field range, MsgBadPeriod) for a days that is not one of
// salescoach.ProgressRanges, ENOTFOUND for a user id that is not a UUID, and
// otherwise only driver errors.
func (s *SkillService) Progress(ctx context.Context, userID string, days int, now time.Time) (*salescoach.ProgressReport, error) {
	if !salescoach.ValidProgressRange(days) {
		return nil, salescoach.FieldError("range", salescoach.MsgBadPeriod)
	}
	if !validID(userID) {
		return nil, notFound(salescoach.MsgNoUser)
	}
	rep, answers, err := readProgress(ctx, s.db.r(), progressOf{
		techniques: `skill_technique_days`, families: `skill_family_days`, key: `user_id`, id: userID,
		exams: `user_id = ?`,
	}, days, now)
	if err != nil {
		return nil, err
	}
	rep.Recommendation = salescoach.Recommend(rep.Techniques, rep.Families, answers)
	return rep, nil
}

// progressOf names whose figures readProgress reads: the day tables, their
// key column and its value, and the condition (one ?, given id) on
// conversations that picks the exams ("" for none).
type progressOf struct {
	techniques, families, key, id string
	exams                         string
}

// readProgress reads a progress report (without the recommendation) from
// the day rows of of over the last days UTC days up to now's day, and the
// number of answers of the period. Every query is bounded by of's key and
// the period's days.
func readProgress(ctx context.Context, r runner, of progressOf, days int, now time.Time) (*salescoach.ProgressReport, int, error) {
	now = now.UTC()
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	start := today.AddDate(0, 0, -(days - 1))
	prevStart := start.AddDate(0, 0, -days)
	startDay, todayDay := salescoach.Day(start), salescoach.Day(today)

	rep := &salescoach.ProgressReport{Range: days, Techniques: []salescoach.TechniqueProgress{},
		Weekly: []salescoach.WeekProgress{}, Families: []salescoach.FamilyProgress{}, Exams: []salescoach.ExamResult{}}

	// Techniques: the period, the one before, and the period's weeks.
	type counts struct{ shown, total int }
	cur, prev := map[string]*counts{}, map[string]*counts{}
	weeks := map[string]map[string]*counts{}
	rows, err := r.queryRows(ctx, `SELECT day, technique, shown, total FROM `+of.techniques+`
		WHERE `+of.key+` = ? AND day >= ? AND day <= ?`, of.id, salescoach.Day(prevStart), todayDay)
	if err != nil {
		return nil, 0, dbError(err, "progress: techniques")
	}
	defer rows.Close()
	add := func(m map[string]*counts, k string, shown, total int) {
		c := m[k]
		if c == nil {
			c = &counts{}
			m[k] = c
		}
		c.shown += shown
		c.total += total
	}
	for rows.Next() {
		var (
			day, tech    string
			shown, total int
		)
		if err := rows.Scan(&day, &tech, &shown, &total); err != nil {
			return nil, 0, dbError(err, "progress: techniques")
		}
		if day < startDay {
			add(prev, tech, shown, total)
			continue
		}
		add(cur, tech, shown, total)
		d, err := time.Parse(time.DateOnly, day)
		if err != nil {
			return nil, 0, err
		}
		w := salescoach.Day(salescoach.WeekStart(d))
		if weeks[w] == nil {
			weeks[w] = map[string]*counts{}
		}
		add(weeks[w], tech, shown, total)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, dbError(err, "progress: techniques")
	}
	rows.Close()
	for _, k := range salescoach.SkillTechniques {
		tp := salescoach.TechniqueProgress{Key: k}
		if c := cur[k]; c != nil {
			tp.Shown, tp.Total, tp.Rate = c.shown, c.total, salescoach.Rate(c.shown, c.total)
		}
		if c := prev[k]; c != nil {
			tp.PreviousRate = salescoach.Rate(c.shown, c.total)
		}
		rep.Techniques = append(rep.Techniques, tp)
	}
	for w := salescoach.WeekStart(start); !w.After(today); w = w.AddDate(0, 0, 7) {
		wp := salescoach.WeekProgress{WeekStart: salescoach.Day(w), Techniques: map[string]int{}}
		for k, c := range weeks[wp.WeekStart] {
			if rate := salescoach.Rate(c.shown, c.total); rate != nil {
				wp.Techniques[k] = *rate
			}
		}
		rep.Weekly = append(rep.Weekly, wp)
	}

	// Families of the period, in the catalogue's order.
	fams := map[string]*salescoach.FamilyProgress{}
	scoreSums := map[string]int{}
	answers := 0
	rows, err = r.queryRows(ctx, `SELECT family, answers, score_sum, attempts, solved FROM `+of.families+`
		WHERE `+of.key+` = ? AND day >= ? AND day <= ?`, of.id, startDay, todayDay)
	if err != nil {
		return nil, 0, dbError(err, "progress: families")
	}
	defer rows.Close()
	for rows.Next() {
		var (
			fam                               string
			nAnswers, sum, nAttempts, nSolved int
		)
		if err := rows.Scan(&fam, &nAnswers, &sum, &nAttempts, &nSolved); err != nil {
			return nil, 0, dbError(err, "progress: families")
		}
		answers += nAnswers
		f := fams[fam]
		if f == nil {
			f = &salescoach.FamilyProgress{Key: fam}
			fams[fam] = f
		}
		f.Answers += nAnswers
		f.Attempts += nAttempts
		f.Solved += nSolved
		scoreSums[fam] += sum
	}
	if err := rows.Err(); err != nil {
		return nil, 0, dbError(err, "progress: families")
	}
	rows.Close()
	for _, k := range salescoach.SkillFamilies {
		f := fams[k]
		if f == nil || (f.Attempts == 0 && f.Answers == 0) {
			continue
		}
		if f.Answers > 0 {
			avg := salescoach.ClampPercent((2*scoreSums[k] + f.Answers) / (2 * f.Answers))
			f.AverageScore = &avg
		}
		rep.Families = append(rep.Families, *f)
	}

	// Exams started in the period and evaluated, oldest first (none when
	// of names no condition for them).
	if of.exams == "" {
		return rep, answers, nil
	}
	rows, err = r.queryRows(ctx, `SELECT id, created_at, COALESCE(difficulty, 3), evaluation FROM conversations
		WHERE `+of.exams+` AND mode = ? AND evaluation IS NOT NULL AND deleted_at IS NULL AND created_at >= ? AND created_at < ?
		ORDER BY created_at DESC, id DESC LIMIT ?`,
		of.id, salescoach.ModeExam, start, today.AddDate(0, 0, 1), maxReportExams)
	if err != nil {
		return nil, 0, dbError(err, "progress: exams")
	}
	defer rows.Close()
	for rows.Next() {
		var (
			e    salescoach.ExamResult
			eval string
		)
		if err := rows.Scan(&e.ConversationID, scanTime(&e.Date), &e.Difficulty, &eval); err != nil {
			return nil, 0, dbError(err, "progress: exams")
		}
		var total struct {
			TotalPercent *int `json:"totalPercent"`
		}
		if json.Unmarshal([]byte(eval), &total) != nil || total.TotalPercent == nil {
			continue // not an evaluation (never written so); nothing to show
		}
		e.Score = salescoach.ClampPercent(*total.TotalPercent)
		rep.Exams = append(rep.Exams, e)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, dbError(err, "progress: exams")
	}
	for i, j := 0, len(rep.Exams)-1; i < j; i, j = i+1, j-1 {
		rep.Exams[i], rep.Exams[j] = rep.Exams[j], rep.Exams[i]
	}

	return rep, answers, nil
}
