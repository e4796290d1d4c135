// Package training runs chats with the AI customer: it starts them within the
// monthly quota, stores every turn, scores answers, moves through the
// objections, ends won chats and exams, and awards XP and counters. The
// server owns this state; a client can neither mark a chat complete nor skip
// an objection.
package training

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/coach"
)

// Service runs chats. Every method checks that the conversation belongs to
// the user who asks.
type Service struct {
	Conversations salescoach.ConversationService
	Progress      salescoach.ProgressService
	Users         salescoach.UserService
	Catalog       salescoach.CatalogService
	Subscriptions salescoach.SubscriptionService
	Engine        coach.Engine
	// Changes announces what a chat changed to the user's open tabs; nil
	// announces nothing.
	Changes salescoach.ChangePublisher
	// Tiers maps a subscription's plan id to its plan (the app passes
	// billing.Service, the one source of plan ids); nil: every plan is
	// Free.
	Tiers salescoach.Tiers
	Now   func() time.Time
	Log   *slog.Logger

	locks keyedMutex
}

// User-facing errors of the chat.
var (
	errEmptyMessage  = salescoach.FieldError("message", salescoach.MsgMessageEmpty)
	errLongMessage   = salescoach.FieldError("message", salescoach.MsgMessageTooLong.With("max", salescoach.MaxMessageRunes))
	errNoMode        = salescoach.FieldError("mode", salescoach.MsgNoMode)
	errNoDifficulty  = salescoach.FieldError("difficulty", salescoach.MsgNoDifficulty)
	errPracticeOnly  = salescoach.NewError(salescoach.EINVALID, salescoach.MsgPracticeOnly)
	errCompleted     = salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgChatCompleted)
	errNothingToRate = salescoach.NewError(salescoach.EINVALID, salescoach.MsgNothingToRate)
	// errUnreachable answers a chat message when the model server cannot be
	// reached, times out or is overloaded: a passing state, so the user is
	// asked to send again (the message is kept).
	errUnreachable = salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgCustomerUnreachable)
)

// CompletionText is the system message of a won chat.
const CompletionText = "Herzlichen Glückwunsch, du hast den Kunden überzeugt"

// Usage tells where the user stands with the quota.
func (s *Service) Usage(ctx context.Context, userID string) (salescoach.Usage, error) {
	sub, err := s.Subscriptions.LatestSubscription(ctx, userID)
	if err != nil && salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
		return salescoach.Usage{}, err
	}
	plan := salescoach.PlanFree
	if sub.Active() && s.Tiers != nil {
		plan = s.Tiers.Tier(sub.PlanID)
	}
	start := salescoach.CycleStart(sub, s.Now())
	used, err := s.Conversations.CountChatStarts(ctx, userID, start)
	if err != nil {
		return salescoach.Usage{}, err
	}
	return salescoach.Usage{Used: used, Quota: salescoach.PlanQuota(plan), Plan: plan, CycleStart: start}, nil
}

// SendRequest is one message of the user: a new chat when ConversationID is
// empty, else the next turn of that chat.
type SendRequest struct {
	ConversationID  string
	Mode            string
	Difficulty      int
	Message         string
	ProductOverride string
	PDFName         string
	PDFText         string
}

// SendResult is what a turn produced. When Send fails after it created the
// chat, it returns a SendResult with only ConversationID and Conversation
// set together with the error.
type SendResult struct {
	Message            string // the customer's reply
	ConversationID     string
	UserMessageID      string
	AssistantMessageID string
	Conversation       *salescoach.Conversation
	Score              *salescoach.ScoreResult // the assessment of this answer; nil for the opening turn
}

// Send stores the user's message, scores it when it answers an objection,
// and stores the customer's reply, whose text is also streamed to emit. The
// user's message is stored before any model call: if the engine fails, the
// message stays, the error is returned, and sending again continues the chat
// without storing the message twice.
func (s *Service) Send(ctx context.Context, u *salescoach.User, req SendRequest, emit func(string)) (*SendResult, error) {
	msg := strings.TrimSpace(req.Message)
	if msg == "" {
		return nil, errEmptyMessage
	} else if utf8.RuneCountInString(msg) > salescoach.MaxMessageRunes {
		return nil, errLongMessage
	}
	var conv *salescoach.Conversation
	if req.ConversationID == "" {
		c, err := s.start(ctx, u, req, msg)
		if err != nil {
			return nil, err
		}
		conv = c
		s.changed(ctx, u.ID, salescoach.ChangeConversation, salescoach.OpInsert, c.ID)
	}
	id := req.ConversationID
	if conv != nil {
		id = conv.ID
	}
	unlock := s.locks.lock(id)
	defer unlock()
	if conv == nil {
		c, err := s.Conversations.Conversation(ctx, u.ID, id)
		if err != nil {
			return nil, err
		}
		conv = c
		if conv.Completed() {
			return nil, errCompleted
		}
		if req.ProductOverride != "" && req.ProductOverride != conv.ProductOverride {
			conv.ProductOverride = truncateRunes(req.ProductOverride, salescoach.MaxOverrideRunes)
		}
		if req.PDFText != "" {
			// A PDF attached later in the chat replaces the earlier one for
			// the prompts of this and every later turn.
			conv.PDFName = truncateRunes(strings.TrimSpace(req.PDFName), 255)
			conv.PDFText = truncateRunes(req.PDFText, salescoach.MaxPDFTextRunes)
			if err := s.Conversations.AttachPDF(ctx, u.ID, conv.ID, conv.PDFName, conv.PDFText, s.Now()); err != nil {
				return nil, err
			}
		}
	}
	res, err := s.turn(ctx, u, conv, msg, strings.TrimSpace(req.PDFName), emit)
	if err != nil && res == nil && req.ConversationID == "" {
		// The chat exists (and counts against the quota) even though its
		// first turn failed: the client continues it instead of starting
		// another.
		res = &SendResult{ConversationID: conv.ID, Conversation: conv}
	}
	return res, err
}

// start creates a chat within the quota.
func (s *Service) start(ctx context.Context, u *salescoach.User, req SendRequest, msg string) (*salescoach.Conversation, error) {
	c := &salescoach.Conversation{ID: uuid.NewString(), UserID: u.ID, Mode: req.Mode,
		ProductOverride: truncateRunes(strings.TrimSpace(req.ProductOverride), salescoach.MaxOverrideRunes),
		PDFName:         truncateRunes(strings.TrimSpace(req.PDFName), 255),
		PDFText:         truncateRunes(req.PDFText, salescoach.MaxPDFTextRunes),
		Title:           titleFrom(msg), CreatedAt: s.Now(), UpdatedAt: s.Now()}
	switch req.Mode {
	case salescoach.ModePractice:
		if req.Difficulty < 1 || req.Difficulty > 3 {
			return nil, errNoDifficulty
		}
		c.Difficulty, c.TotalStages = req.Difficulty, req.Difficulty
	case salescoach.ModeExam:
		c.Difficulty, c.TotalStages = salescoach.ExamObjections, salescoach.ExamObjections
	default:
		return nil, errNoMode
	}
	c.Objections = coach.PickObjections(c.ID, c.TotalStages)
	usage, err := s.Usage(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	// At the quota the store answers ELIMIT with the specification's
	// 'Monatslimit erreicht' and its detail naming the limit.
	if err := s.Conversations.StartConversation(ctx, c, usage.Quota, usage.CycleStart); err != nil {
		return nil, err
	}
	return c, nil
}

// turn plays one exchange on a locked conversation.
func (s *Service) turn(ctx context.Context, u *salescoach.User, conv *salescoach.Conversation, msg, pdfName string, emit func(string)) (*SendResult, error) {
	history, err := s.Conversations.Messages(ctx, conv.ID)
	if err != nil {
		return nil, err
	}
	userMsg, fast, err := s.storeUserMessage(ctx, conv, history, msg, pdfName)
	if err != nil {
		return nil, err
	}
	history = append(history, userMsg)
	delta := salescoach.ProgressDelta{MessagesSent: 1}
	if conv.XPMessages < salescoach.XPMessagesPerChat {
		delta.XP += salescoach.XPMessage
		conv.XPMessages++
	}
	if fast && conv.Mode == salescoach.ModePractice && conv.Stage > 0 {
		delta.FastAnswers = 1
	}

	in, err := s.input(ctx, u, conv, history)
	if err != nil {
		return nil, err
	}
	res := &SendResult{ConversationID: conv.ID, UserMessageID: userMsg.ID, Conversation: conv}
	plan := coach.ReplyPlan{Kind: coach.ReplyOpen}
	if conv.Stage == 0 {
		conv.Stage, conv.Progress = 1, 0
		in.Stage, in.Objection, in.Progress = 1, objectionAt(conv, 1), 0
	} else {
		var score *salescoach.ScoreResult
		var a *coach.Assessment
		if userMsg.ID == conv.ScoredMessageID && conv.LastScore != nil {
			// A resend of an answer that was judged before its reply failed:
			// it keeps its score and moves nothing twice.
			score = conv.LastScore
			a = &coach.Assessment{Score: score.AnswerScore, Techniques: score.Techniques}
		} else {
			var usage coach.Usage
			a, usage, err = s.Engine.Assess(ctx, in)
			s.recordUsage(ctx, u.ID, conv.ID, "score", usage)
			if err != nil {
				s.keep(ctx, conv, delta)
				return nil, chatEngineError(err, salescoach.MsgAssessmentFailed)
			}
			score = s.advance(conv, a, &delta)
			score.Techniques = a.Techniques
			conv.LastScore, conv.ScoredMessageID = score, userMsg.ID
		}
		res.Score = score
		plan = coach.ReplyPlan{Kind: coach.ReplyPush, Assessment: a}
		switch {
		case score.Completed:
			plan.Kind = coach.ReplyConvinced
		case score.Solved:
			plan.Kind = coach.ReplyNext
		}
		in.Stage, in.Objection, in.Progress = conv.Stage, objectionAt(conv, conv.Stage), conv.Progress
	}

	reply, usage, err := s.Engine.Reply(ctx, in, plan, emit)
	s.recordUsage(ctx, u.ID, conv.ID, "chat", usage)
	if err != nil {
		// The answer's score stands (it was judged); the customer's reply is
		// what failed, and the next message continues from this state.
		s.keep(ctx, conv, delta)
		return nil, chatEngineError(err, salescoach.MsgReplyFailed)
	}
	now := s.Now()
	assistant := &salescoach.Message{ConversationID: conv.ID, Role: salescoach.RoleAssistant, Content: reply, CreatedAt: now}
	msgs := []*salescoach.Message{assistant}
	if plan.Kind == coach.ReplyConvinced {
		msgs = append(msgs, s.complete(conv, &delta))
	}
	conv.UpdatedAt = now
	// The reply, the chat's new state and the user's XP are one fact: they
	// are stored together or not at all.
	if err := s.Conversations.SaveTurn(ctx, conv, msgs, delta); err != nil {
		return nil, err
	}
	s.changedTurn(ctx, conv, delta)
	res.Message, res.AssistantMessageID = reply, assistant.ID
	return res, nil
}

// storeUserMessage appends the user's message, unless the chat's last
// message is the same text still waiting for an answer (a resend after a
// failed model call). It reports whether the answer came within
// FastAnswerWindow of the customer's last message.
func (s *Service) storeUserMessage(ctx context.Context, conv *salescoach.Conversation, history []*salescoach.Message, msg, pdfName string) (*salescoach.Message, bool, error) {
	now := s.Now()
	var lastAssistant *salescoach.Message
	for i := len(history) - 1; i >= 0; i-- {
		if history[i].Role == salescoach.RoleAssistant {
			lastAssistant = history[i]
			break
		}
	}
	fast := lastAssistant != nil && now.Sub(lastAssistant.CreatedAt) <= salescoach.FastAnswerWindow
	if n := len(history); n > 0 && isHuman(history[n-1].Role) && history[n-1].Content == msg {
		return history[n-1], false, nil
	}
	m := &salescoach.Message{ConversationID: conv.ID, Role: salescoach.RoleUser, Content: msg, CreatedAt: now,
		PDFName: truncateRunes(pdfName, 255)}
	if err := s.Conversations.AddMessage(ctx, m); err != nil {
		return nil, false, err
	}
	return m, fast, nil
}

// Gain thresholds: an answer below GainFloor moves nothing; one at
// GainSolve or above overcomes the objection at once; in between it adds
// GainRate of its score.
const (
	GainFloor = 35
	GainSolve = 90
	GainRate  = 0.6
)

// Gain is how much an answer with the given score moves the current
// objection towards overcome (0..100).
func Gain(score int) int {
	switch {
	case score >= GainSolve:
		return 100
	case score < GainFloor:
		return 0
	}
	return int(float64(score)*GainRate + 0.5)
}

// advance applies an assessment to the scoring state.
func (s *Service) advance(conv *salescoach.Conversation, a *coach.Assessment, d *salescoach.ProgressDelta) *salescoach.ScoreResult {
	score := salescoach.ClampPercent(a.Score)
	total := salescoach.ClampPercent(conv.Progress + Gain(score))
	r := &salescoach.ScoreResult{TotalPercent: total, AnswerScore: score, TotalStages: conv.TotalStages}
	if total >= 100 {
		r.Solved = true
		d.ObjectionsSolved++
		d.XP += salescoach.XPObjectionSolved
		if conv.Stage >= conv.TotalStages {
			r.Completed = true
			conv.Progress = 100
		} else {
			conv.Stage++
			conv.Progress = 0
		}
	} else {
		conv.Progress = total
	}
	r.Stage, r.Progress = conv.Stage, conv.Progress
	return r
}

// complete ends a chat whose customer is convinced and returns the
// completion notice to store with the turn: a won practice chat gets the
// rocket title and its XP; an exam ends and waits for its evaluation.
func (s *Service) complete(conv *salescoach.Conversation, d *salescoach.ProgressDelta) *salescoach.Message {
	now := s.Now()
	conv.CompletedAt = &now
	if !strings.HasPrefix(conv.Title, salescoach.TitlePrefixWon) {
		conv.Title = salescoach.TitlePrefixWon + conv.Title
	}
	d.CompletedChats++
	if conv.Mode == salescoach.ModePractice {
		d.XP += salescoach.XPPracticeWonPerLv * conv.Difficulty
	}
	return &salescoach.Message{ConversationID: conv.ID, Role: salescoach.RoleSystem,
		Content: CompletionText, IsCompletion: true, CreatedAt: now.Add(time.Millisecond)}
}

// keep saves what a failed turn changed (its judged score, its XP), so that
// sending again continues from there.
func (s *Service) keep(ctx context.Context, conv *salescoach.Conversation, d salescoach.ProgressDelta) {
	conv.UpdatedAt = s.Now()
	if err := s.Conversations.SaveTurn(ctx, conv, nil, d); err != nil {
		s.Log.ErrorContext(ctx, "save chat state failed", "conversation_id", conv.ID, "err", err)
		return
	}
	s.changedTurn(ctx, conv, d)
}

// changed announces one change, when a publisher is attached.
func (s *Service) changed(ctx context.Context, userID, typ, op, id string) {
	if s.Changes != nil {
		s.Changes.Publish(ctx, salescoach.Change{UserID: userID, Type: typ, Op: op, ID: id})
	}
}

// changedTurn announces a stored turn: the conversation, and the user's XP
// and counters when they moved.
func (s *Service) changedTurn(ctx context.Context, conv *salescoach.Conversation, d salescoach.ProgressDelta) {
	s.changed(ctx, conv.UserID, salescoach.ChangeConversation, salescoach.OpUpdate, conv.ID)
	if d != (salescoach.ProgressDelta{}) {
		s.changed(ctx, conv.UserID, salescoach.ChangeUser, salescoach.OpUpdate, conv.UserID)
		s.changed(ctx, conv.UserID, salescoach.ChangeProfile, salescoach.OpUpdate, conv.UserID)
	}
}

func (s *Service) saveProgress(ctx context.Context, userID string, conv *salescoach.Conversation, d salescoach.ProgressDelta) {
	if d == (salescoach.ProgressDelta{}) {
		return
	}
	// XP and counters are the user's reward, not the chat itself: a failure
	// here is logged and never fails the turn.
	if _, _, err := s.Progress.AddProgress(ctx, userID, d); err != nil {
		s.Log.ErrorContext(ctx, "progress update failed", "user_id", userID, "conversation_id", conv.ID, "err", err)
		return
	}
	s.changed(ctx, userID, salescoach.ChangeUser, salescoach.OpUpdate, userID)
	s.changed(ctx, userID, salescoach.ChangeProfile, salescoach.OpUpdate, userID)
}

func (s *Service) recordUsage(ctx context.Context, userID, convID, purpose string, u coach.Usage) {
	if u.TokensIn == 0 && u.TokensOut == 0 {
		return
	}
	if err := s.Conversations.RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: userID, ConversationID: convID,
		Model: u.Model, Purpose: purpose, TokensIn: u.TokensIn, TokensOut: u.TokensOut, CreatedAt: s.Now()}); err != nil {
		s.Log.ErrorContext(ctx, "token usage not recorded", "user_id", userID, "err", err)
	}
}

// input builds what an engine sees of a chat.
func (s *Service) input(ctx context.Context, u *salescoach.User, conv *salescoach.Conversation, msgs []*salescoach.Message) (coach.Input, error) {
	sc := coach.Scenario{Mode: conv.Mode, Difficulty: conv.Difficulty, Formality: u.Formality, Language: u.Language,
		CompanyRole: u.Role, PDFName: conv.PDFName, PDFText: conv.PDFText, Seed: conv.ID, Product: conv.ProductOverride}
	if sc.Formality == "" {
		sc.Formality = salescoach.FormalityDu
	}
	if sc.Language == "" {
		sc.Language = salescoach.LanguageDE
	}
	if sc.Product == "" {
		p, err := s.Users.ProfileByUserID(ctx, u.ID)
		if err != nil {
			return coach.Input{}, err
		}
		sc.Product = p.ProductDescription
	}
	if u.TonePresetID != nil {
		presets, err := s.Catalog.TonePresets(ctx)
		if err != nil {
			return coach.Input{}, err
		}
		for _, p := range presets {
			if p.ID == *u.TonePresetID {
				sc.Tone = p
			}
		}
	}
	in := coach.Input{Scenario: sc, Stage: conv.Stage, TotalStages: conv.TotalStages,
		Objection: objectionAt(conv, conv.Stage), Progress: conv.Progress, Objections: conv.Objections}
	for _, m := range msgs {
		switch {
		case m.Role == salescoach.RoleSystem, strings.HasPrefix(m.Content, coach.ReminderPrefix):
		case isHuman(m.Role):
			in.History = append(in.History, coach.Turn{Role: salescoach.RoleUser, Content: m.Content})
		default:
			in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: m.Content})
		}
	}
	return in, nil
}

func objectionAt(conv *salescoach.Conversation, stage int) string {
	if stage < 1 || stage > len(conv.Objections) {
		return ""
	}
	return conv.Objections[stage-1]
}

func isHuman(role string) bool { return role == salescoach.RoleUser || role == salescoach.RoleSeller }

// engineError keeps an engine's own user-facing error and replaces anything
// else with the given text.
func engineError(err error, fallback salescoach.Msg) error {
	var e *salescoach.Error
	if errors.As(err, &e) && e.Code != salescoach.EINTERNAL && e.Msg.Text != "" {
		return err
	}
	return salescoach.NewError(salescoach.EUNAVAILABLE, fallback)
}

// chatEngineError is engineError for the model calls of a chat turn, except
// that a passing failure (EUNAVAILABLE with a RetryAfter: the model server is
// unreachable, slow or overloaded) becomes errUnreachable with the same
// RetryAfter, whichever call of the turn failed: for the user, the AI
// customer is not answering.
func chatEngineError(err error, fallback salescoach.Msg) error {
	var e *salescoach.Error
	if errors.As(err, &e) && e.Code == salescoach.EUNAVAILABLE && e.RetryAfter > 0 {
		return &salescoach.Error{Code: salescoach.EUNAVAILABLE, Msg: errUnreachable.Msg, RetryAfter: e.RetryAfter}
	}
	return engineError(err, fallback)
}

func titleFrom(msg string) string {
	msg = strings.Join(strings.Fields(msg), " ")
	const max = 60
	if utf8.RuneCountInString(msg) <= max {
		return msg
	}
	return strings.TrimSpace(truncateRunes(msg, max-1)) + "…"
}

func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// keyedMutex serialises turns of one conversation within this process, so
// two quick messages cannot both read the same scoring state.
type keyedMutex struct {
	mu    sync.Mutex
	locks map[string]*keyedLock
}

type keyedLock struct {
	mu   sync.Mutex
	refs int
}

func (k *keyedMutex) lock(key string) (unlock func()) {
	k.mu.Lock()
	if k.locks == nil {
		k.locks = map[string]*keyedLock{}
	}
	l := k.locks[key]
	if l == nil {
		l = &keyedLock{}
		k.locks[key] = l
	}
	l.refs++
	k.mu.Unlock()
	l.mu.Lock()
	return func() {
		l.mu.Unlock()
		k.mu.Lock()
		if l.refs--; l.refs == 0 {
			delete(k.locks, key)
		}
		k.mu.Unlock()
	}
}
