package training

import (
	"context"
	"encoding/json"
	"strings"

	"salescoach"
	"salescoach/coach"
)

// owned loads the user's conversation and its messages as engine input.
func (s *Service) owned(ctx context.Context, u *salescoach.User, id string) (*salescoach.Conversation, coach.Input, error) {
	conv, err := s.Conversations.Conversation(ctx, u.ID, id)
	if err != nil {
		return nil, coach.Input{}, err
	}
	msgs, err := s.Conversations.Messages(ctx, conv.ID)
	if err != nil {
		return nil, coach.Input{}, err
	}
	in, err := s.input(ctx, u, conv, msgs)
	return conv, in, err
}

// Score returns the assessment of the latest answer of a practice chat and
// where it left the chat. Scoring happens when the answer is sent, so asking
// again never moves a chat forward.
func (s *Service) Score(ctx context.Context, u *salescoach.User, id string) (*salescoach.ScoreResult, error) {
	conv, err := s.Conversations.Conversation(ctx, u.ID, id)
	if err != nil {
		return nil, err
	}
	if conv.Mode != salescoach.ModePractice {
		return nil, errPracticeOnly
	}
	if conv.LastScore != nil {
		r := *conv.LastScore
		r.Completed = conv.Completed()
		return &r, nil
	}
	return &salescoach.ScoreResult{Stage: conv.Stage, TotalStages: conv.TotalStages, Progress: conv.Progress,
		Techniques: []salescoach.Technique{}}, nil
}

// Hint returns a tip for the next answer of a running practice chat and
// counts it.
func (s *Service) Hint(ctx context.Context, u *salescoach.User, id string) (string, error) {
	conv, in, err := s.helpable(ctx, u, id)
	if err != nil {
		return "", err
	}
	tip, usage, err := s.Engine.Hint(ctx, in)
	s.recordUsage(ctx, u.ID, conv.ID, "hint", usage)
	if err != nil {
		return "", engineError(err, salescoach.MsgHintFailed)
	}
	s.saveProgress(ctx, u.ID, conv, salescoach.ProgressDelta{Hints: 1})
	return tip, nil
}

// PerfectMessage writes the answer a trainer would score near 100 for the
// customer's last message of a running practice chat, and counts it.
func (s *Service) PerfectMessage(ctx context.Context, u *salescoach.User, id, productOverride string) (string, error) {
	conv, in, err := s.helpable(ctx, u, id)
	if err != nil {
		return "", err
	}
	if p := strings.TrimSpace(productOverride); p != "" {
		in.Scenario.Product = truncateRunes(p, salescoach.MaxOverrideRunes)
	}
	msg, usage, err := s.Engine.PerfectAnswer(ctx, in)
	s.recordUsage(ctx, u.ID, conv.ID, "perfect_message", usage)
	if err != nil {
		return "", engineError(err, salescoach.MsgPerfectFailed)
	}
	s.saveProgress(ctx, u.ID, conv, salescoach.ProgressDelta{PerfectAnswers: 1})
	return msg, nil
}

// helpable loads a practice chat that is running and has an objection on
// the table: help exists only there.
func (s *Service) helpable(ctx context.Context, u *salescoach.User, id string) (*salescoach.Conversation, coach.Input, error) {
	conv, in, err := s.owned(ctx, u, id)
	if err != nil {
		return nil, in, err
	}
	if conv.Mode != salescoach.ModePractice {
		return nil, in, errPracticeOnly
	}
	if conv.Completed() {
		return nil, in, errCompleted
	}
	if conv.Stage == 0 {
		return nil, in, errNothingToRate
	}
	return conv, in, nil
}

// Evaluate grades the whole chat in the six categories and stores the
// result with the conversation. The first evaluation of a finished exam
// awards its XP.
//
// It claims the chat as a turn does: while a turn or another evaluation
// runs, it returns ECONFLICT (MsgChatBusy).
func (s *Service) Evaluate(ctx context.Context, u *salescoach.User, id, productOverride string) (*coach.Evaluation, error) {
	conv, err := s.Conversations.ClaimConversation(ctx, u.ID, id, s.newClaim(), s.Now())
	if err != nil {
		return nil, err
	}
	ctx, release := s.hold(ctx, conv)
	defer release()
	msgs, err := s.Conversations.Messages(ctx, conv.ID)
	if err != nil {
		return nil, err
	}
	in, err := s.input(ctx, u, conv, msgs)
	if err != nil {
		return nil, err
	}
	if p := strings.TrimSpace(productOverride); p != "" {
		in.Scenario.Product = truncateRunes(p, salescoach.MaxOverrideRunes)
	}
	ev, usage, err := s.Engine.Evaluate(ctx, in)
	s.recordUsage(ctx, u.ID, conv.ID, "evaluation", usage)
	source := sourceOf(s.Engine)
	if err != nil && s.standIn(ctx, err, "evaluation", conv.ID) {
		ev, _, err = s.Fallback.Evaluate(ctx, in)
		source = sourceOf(s.Fallback)
	}
	if err != nil {
		return nil, engineError(err, salescoach.MsgEvaluateFailed)
	}
	ev.Exam = nil
	if conv.Mode == salescoach.ModeExam {
		if ev.Exam, err = s.examVerdict(ctx, u.ID, conv, ev.TotalPercent); err != nil {
			return nil, err
		}
	}
	ev.Source = source
	raw, err := json.Marshal(ev)
	if err != nil {
		return nil, err
	}
	firstExamGrade := conv.Mode == salescoach.ModeExam && conv.Completed() && conv.Evaluation == ""
	conv.Evaluation = string(raw)
	conv.UpdatedAt = s.Now()
	if err := s.Conversations.SaveState(ctx, conv); err != nil {
		return nil, err
	}
	s.changed(ctx, u.ID, salescoach.ChangeConversation, salescoach.OpUpdate, conv.ID)
	if firstExamGrade {
		xp := salescoach.ClampPercent(ev.TotalPercent)
		if xp >= salescoach.XPExamPassPercent {
			xp += salescoach.XPExamPassBonus
		}
		s.saveProgress(ctx, u.ID, conv, salescoach.ProgressDelta{XP: xp})
		// The exam's result is part of what the team's managers see.
		s.tellTeam(ctx, u.ID)
	}
	return ev, nil
}

// examVerdict judges an exam's evaluation total against the pass mark in
// force now, beside the total of the user's previous evaluated exam.
func (s *Service) examVerdict(ctx context.Context, userID string, conv *salescoach.Conversation, total int) (*salescoach.ExamVerdict, error) {
	passMark := salescoach.DefaultExamPassMark
	if s.Settings != nil {
		var err error
		if passMark, err = s.Settings.ExamPassMark(ctx); err != nil {
			return nil, err
		}
	}
	raw, err := s.Conversations.PreviousExamEvaluation(ctx, userID, conv.ID, conv.CreatedAt)
	if err != nil {
		return nil, err
	}
	var previous *int
	var prev coach.Evaluation
	if raw != "" && json.Unmarshal([]byte(raw), &prev) == nil {
		p := salescoach.ClampPercent(prev.TotalPercent)
		previous = &p
	}
	return salescoach.NewExamVerdict(total, passMark, previous), nil
}

// Finish ends an exam ('Prüfung beenden'); the evaluation follows. Ending a
// finished exam again changes nothing. While a turn of the exam runs, it
// returns ECONFLICT (MsgChatBusy).
func (s *Service) Finish(ctx context.Context, u *salescoach.User, id string) (*salescoach.Conversation, error) {
	conv, err := s.Conversations.ClaimConversation(ctx, u.ID, id, s.newClaim(), s.Now())
	if err != nil {
		return nil, err
	}
	ctx, release := s.hold(ctx, conv)
	defer release()
	if conv.Mode != salescoach.ModeExam {
		return nil, salescoach.NewError(salescoach.EINVALID, salescoach.MsgExamOnly)
	}
	if conv.Completed() {
		return conv, nil
	}
	now := s.Now()
	conv.CompletedAt, conv.UpdatedAt = &now, now
	if err := s.Conversations.SaveState(ctx, conv); err != nil {
		return nil, err
	}
	s.changed(ctx, u.ID, salescoach.ChangeConversation, salescoach.OpUpdate, conv.ID)
	s.saveProgress(ctx, u.ID, conv, salescoach.ProgressDelta{CompletedChats: 1})
	s.tellTeam(ctx, u.ID)
	return conv, nil
}

// StoredEvaluation decodes a conversation's stored evaluation, nil if none.
func StoredEvaluation(conv *salescoach.Conversation) *coach.Evaluation {
	if conv.Evaluation == "" {
		return nil
	}
	var ev coach.Evaluation
	if json.Unmarshal([]byte(conv.Evaluation), &ev) != nil {
		return nil
	}
	return &ev
}

// Summarize turns a product website's text into a product description in
// the user's language.
func (s *Service) Summarize(ctx context.Context, u *salescoach.User, text string) (string, error) {
	lang := u.Language
	if lang == "" {
		lang = salescoach.LanguageDE
	}
	summary, usage, err := s.Engine.Summarize(ctx, lang, text)
	s.recordUsage(ctx, u.ID, "", "summary", usage)
	if err != nil {
		return "", engineError(err, salescoach.MsgSummaryFailed)
	}
	if strings.TrimSpace(summary) == "" {
		return "", salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgNoSummary)
	}
	return summary, nil
}
