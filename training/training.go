// Package training runs chats with the AI customer: it starts them within the
// monthly quota, stores every turn, scores answers, moves through the
// objections, ends won chats and exams, and awards XP and counters. The
// server owns this state; a client can neither mark a chat complete nor skip
// an objection.
package training

import (
	"context"
	"errors"
	"hash/fnv"
	"log/slog"
	"slices"
	"strings"
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
	// Scenarios gives the scenarios a chat may start on; nil: starting on
	// one is ENOTFOUND.
	Scenarios     salescoach.ScenarioService
	Subscriptions salescoach.SubscriptionService
	Engine        coach.Engine
	// Fallback, when not nil, stands in for Engine when one of its
	// structured calls (Assess, Evaluate) fails while the request is still
	// wanted: the app wires the built-in trainer here when Engine is a
	// model server, so a server that streams replies but fails its scoring
	// calls does not stop the chat. The reply is never taken from it.
	Fallback coach.Engine
	// Changes announces what a chat changed to the user's open tabs; nil
	// announces nothing.
	Changes salescoach.ChangePublisher
	// Tiers maps a subscription's plan id to its plan (the app passes
	// billing.Service, the one source of plan ids); nil: every plan is
	// Free.
	Tiers salescoach.Tiers
	// Team finds the owner and managers of a user's team, who are told
	// (ChangeTeam) when the user finishes a chat; nil tells no one.
	Team salescoach.TeamWatchers
	// Assignments gives the team assignments a chat may start on; nil:
	// starting on one is ENOTFOUND.
	Assignments salescoach.AssignmentService
	// Seats finds the team subscription of the seat a user holds, which
	// grants its plan (salescoach.SeatQuota); nil: no seats.
	Seats SeatSubscriptions
	// Settings gives the exams' pass mark; nil: DefaultExamPassMark.
	Settings salescoach.SettingsService
	// PlansForSale reports whether a plan can be bought on this
	// installation (the app passes billing.Service.Configured); nil: none
	// can, and the monthly limit says when the quota renews instead of
	// asking for an upgrade.
	PlansForSale func() bool
	Now          func() time.Time
	Log          *slog.Logger
	// ClaimTTL is how long a request's claim on a chat lasts unless renewed
	// (see salescoach.TurnClaim); zero means DefaultClaimTTL. A request
	// renews its claim every third of it while it waits for the model.
	ClaimTTL time.Duration
	// Holder names this process in its claims (salescoach.TurnClaim.Holder)
	// when a Heartbeat with this ID keeps it alive, so that its claims end
	// with it; "" claims without a holder, for ClaimTTL.
	Holder string
}

// DefaultClaimTTL is the claim time of ClaimTTL's zero value: long enough
// that a renewal (every 10 s) never misses on a busy database, short enough
// that a chat whose process died is free again after half a minute even
// when the claim names no Holder. A claim that does is free once its
// holder's heartbeat has run out (DefaultHolderLease), which is sooner.
const DefaultClaimTTL = 30 * time.Second

// User-facing errors of the chat.
var (
	errEmptyMessage  = salescoach.FieldError("message", salescoach.MsgMessageEmpty)
	errLongMessage   = salescoach.FieldError("message", salescoach.MsgMessageTooLong.With("max", salescoach.MaxMessageRunes))
	errNoMode        = salescoach.FieldError("mode", salescoach.MsgNoMode)
	errNoDifficulty  = salescoach.FieldError("difficulty", salescoach.MsgNoDifficulty)
	errFocusFamily   = salescoach.FieldError("focusFamily", salescoach.MsgInvalidData)
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
	var seatSub *salescoach.Subscription
	if s.Seats != nil {
		seatSub, err = s.Seats.SeatSubscription(ctx, userID)
		if err != nil && salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			return salescoach.Usage{}, err
		}
	}
	plan, start, seat := salescoach.SeatQuota(plan, sub, seatSub, s.Now())
	used, err := s.Conversations.CountChatStarts(ctx, userID, start)
	if err != nil {
		return salescoach.Usage{}, err
	}
	return salescoach.Usage{Used: used, Quota: salescoach.PlanQuota(plan), Plan: plan, CycleStart: start, Seat: seat}, nil
}

// SeatSubscriptions is the part of salescoach.SeatService the quota needs.
type SeatSubscriptions interface {
	SeatSubscription(ctx context.Context, userID string) (*salescoach.Subscription, error)
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
	// FocusFamily, when not empty, is an objection family key
	// (coach.Objections) the customer of a new practice chat raises first;
	// ignored for exams (their objections stay drawn) and for a chat that
	// exists. Any other value is EINVALID (field focusFamily).
	FocusFamily string
	// ScenarioID, when not empty, names a scenario the user may see that
	// the new chat plays (ENOTFOUND otherwise, nothing started); ignored
	// for a chat that exists. With it, FocusFamily is ignored.
	ScenarioID string
	// AssignmentID, when not empty, names an assignment given to the user
	// by their team that the new chat is started on: the assignment's mode,
	// difficulty, family or scenario and product description replace the
	// request's (ENOTFOUND when it is not the user's, nothing started);
	// ignored for a chat that exists.
	AssignmentID string
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
//
// A turn claims its chat first (salescoach.TurnClaim): while one turn runs,
// another message for the same chat, from any app process, is refused with
// ECONFLICT (MsgChatBusy) and is not stored, so the chat's messages strictly
// alternate and no reply is lost.
func (s *Service) Send(ctx context.Context, u *salescoach.User, req SendRequest, emit func(string)) (*SendResult, error) {
	msg := strings.TrimSpace(req.Message)
	if msg == "" {
		return nil, errEmptyMessage
	} else if utf8.RuneCountInString(msg) > salescoach.MaxMessageRunes {
		return nil, errLongMessage
	}
	if req.FocusFamily != "" {
		if _, ok := coach.ObjectionByKey(req.FocusFamily); !ok {
			return nil, errFocusFamily
		}
	}
	id := req.ConversationID
	var started *SendResult
	if id == "" {
		c, err := s.start(ctx, u, req, msg)
		if err != nil {
			return nil, err
		}
		s.changed(ctx, u.ID, salescoach.ChangeConversation, salescoach.OpInsert, c.ID)
		id = c.ID
		// The chat exists (and counts against the quota) even when its
		// first turn fails: the client continues it instead of starting
		// another.
		started = &SendResult{ConversationID: c.ID, Conversation: c}
	}
	now := s.Now()
	userMsg := &salescoach.Message{Role: salescoach.RoleUser, Content: msg, CreatedAt: now,
		PDFName: truncateRunes(strings.TrimSpace(req.PDFName), 255)}
	conv, history, stored, err := s.Conversations.BeginTurn(ctx, u.ID, id, s.newClaim(), now, userMsg)
	if err != nil {
		return started, err
	}
	ctx, release := s.hold(ctx, conv)
	defer release()
	if req.ConversationID != "" {
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
	// A resend of a message still waiting for its answer is no new answer:
	// it is not fast, whenever it comes.
	fast := stored == userMsg && answeredFast(history, now)
	res, err := s.turn(ctx, u, conv, append(history, stored), fast, emit)
	if err != nil && res == nil {
		res = started
	}
	return res, err
}

// answeredFast reports whether a message at now comes within
// FastAnswerWindow of the customer's last message in history.
func answeredFast(history []*salescoach.Message, now time.Time) bool {
	for i := len(history) - 1; i >= 0; i-- {
		if history[i].Role == salescoach.RoleAssistant {
			return now.Sub(history[i].CreatedAt) <= salescoach.FastAnswerWindow
		}
	}
	return false
}

// newClaim returns a fresh claim for one request.
func (s *Service) newClaim() salescoach.TurnClaim {
	return salescoach.TurnClaim{Token: uuid.NewString(), Until: s.Now().Add(s.claimTTL()), Holder: s.Holder}
}

func (s *Service) claimTTL() time.Duration {
	if s.ClaimTTL > 0 {
		return s.ClaimTTL
	}
	return DefaultClaimTTL
}

// hold keeps conv's claim while the request works on the chat: it renews
// the claim every third of its time, and cancels the returned context when
// the claim is lost (it lapsed and another request took the chat), so that
// the request stops instead of writing over the other one. release stops
// the renewals and releases the claim, unless a save already did (which
// empties conv.Claim); it releases even when the client has gone, so the
// chat is free at once rather than when the claim lapses.
func (s *Service) hold(ctx context.Context, conv *salescoach.Conversation) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	ttl, token := s.claimTTL(), conv.Claim
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(ttl / 3)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-ctx.Done():
				return
			case <-tick.C:
				err := s.Conversations.RenewClaim(ctx, conv.ID, salescoach.TurnClaim{Token: token, Until: s.Now().Add(ttl)})
				if salescoach.ErrorCode(err) == salescoach.ECONFLICT {
					s.Log.WarnContext(ctx, "chat claim lost", "conversation_id", conv.ID)
					cancel()
					return
				} else if err != nil {
					s.Log.ErrorContext(ctx, "chat claim not renewed", "conversation_id", conv.ID, "err", err)
				}
			}
		}
	}()
	return ctx, func() {
		close(stop)
		<-stopped
		cancel()
		if conv.Claim == "" {
			return
		}
		dctx, done := detached(ctx)
		defer done()
		if err := s.Conversations.ReleaseClaim(dctx, conv.ID, conv.Claim); err != nil {
			s.Log.ErrorContext(dctx, "chat claim not released", "conversation_id", conv.ID, "err", err)
		}
	}
}

// detached is ctx without its cancellation, bounded by a few seconds: for
// the writes that end a request (saving what a failed turn changed,
// releasing its claim), which must happen even when the client has gone.
func detached(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
}

// start creates a chat within the quota.
func (s *Service) start(ctx context.Context, u *salescoach.User, req SendRequest, msg string) (*salescoach.Conversation, error) {
	var assignmentID string
	if req.AssignmentID != "" {
		if s.Assignments == nil {
			return nil, salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgAssignmentNotFound)
		}
		a, err := s.Assignments.MemberAssignment(ctx, u.ID, req.AssignmentID)
		if err != nil {
			return nil, err
		}
		assignmentID = a.ID
		req.Mode, req.Difficulty, req.FocusFamily, req.ScenarioID = a.Mode, a.Difficulty, a.Family, a.ScenarioID
		if a.ProductDescription != "" {
			req.ProductOverride = a.ProductDescription
		}
	}
	c := &salescoach.Conversation{ID: uuid.NewString(), UserID: u.ID, Mode: req.Mode,
		ProductOverride: truncateRunes(strings.TrimSpace(req.ProductOverride), salescoach.MaxOverrideRunes),
		PDFName:         truncateRunes(strings.TrimSpace(req.PDFName), 255),
		PDFText:         truncateRunes(req.PDFText, salescoach.MaxPDFTextRunes),
		Title:           titleFrom(msg), CreatedAt: s.Now(), UpdatedAt: s.Now(), AssignmentID: assignmentID}
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
	switch {
	case req.ScenarioID != "":
		if s.Scenarios == nil {
			return nil, salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgScenarioNotFound)
		}
		sc, err := s.Scenarios.Scenario(ctx, u, req.ScenarioID)
		if err != nil {
			return nil, err
		}
		// The snapshot is what the chat plays from now on, whatever
		// happens to the scenario.
		c.ScenarioID, c.Scenario = sc.ID, sc
		c.Objections = PickScenarioObjections(c.ID, sc.ObjectionKeys(), c.TotalStages)
		c.TotalStages = len(c.Objections)
	case req.Mode == salescoach.ModePractice, assignmentID != "" && req.FocusFamily != "":
		// An assignment's family leads its exam too: the manager chose it.
		c.Objections = coach.PickObjectionsFocus(c.ID, c.TotalStages, req.FocusFamily)
	default:
		c.Objections = coach.PickObjections(c.ID, c.TotalStages)
	}
	usage, err := s.Usage(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	// At the quota the store answers ELIMIT with the specification's
	// 'Monatslimit erreicht' and its detail naming the limit.
	if err := s.Conversations.StartConversation(ctx, c, usage.Quota, usage.CycleStart); err != nil {
		return nil, s.limitDetails(err, usage)
	}
	return c, nil
}

// ForSale reports whether a plan can be bought on this installation.
func (s *Service) ForSale() bool {
	return s.PlansForSale != nil && s.PlansForSale()
}

// limitDetails gives the monthly limit's ELIMIT, where no plan can be
// bought, the detail that says when the quota renews instead of the
// specification's request to upgrade; other errors pass unchanged.
func (s *Service) limitDetails(err error, usage salescoach.Usage) error {
	var e *salescoach.Error
	if s.ForSale() || !errors.As(err, &e) || e.Code != salescoach.ELIMIT || e.Details.Key != salescoach.MsgChatLimitDetails.Key {
		return err
	}
	renews := *e
	renews.Details = salescoach.MsgChatLimitRenews.With("quota", usage.Quota).
		With("date", salescoach.DateParam{Day: salescoach.QuotaRenewal(usage.CycleStart)})
	return &renews
}

// turn plays one exchange on a claimed conversation whose messages, the
// user's stored one last, are history.
func (s *Service) turn(ctx context.Context, u *salescoach.User, conv *salescoach.Conversation, history []*salescoach.Message, fast bool, emit func(string)) (*SendResult, error) {
	userMsg := history[len(history)-1]
	delta := salescoach.ProgressDelta{MessagesSent: 1}
	if conv.XPMessages < salescoach.XPMessagesPerChat {
		delta.XP += salescoach.XPMessage
		conv.XPMessages++
	}
	if fast && conv.Mode == salescoach.ModePractice && conv.Stage > 0 {
		delta.FastAnswers = 1
	}
	var (
		spent []*salescoach.TokenUsage
		// answer is the seller's answer this turn scores, for the skill
		// analytics; stored with the first save of the turn, so a resend
		// of an answer scored before adds nothing.
		answer *salescoach.SkillAnswer
	)

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
			a = &coach.Assessment{Score: score.AnswerScore, Techniques: score.Techniques, Move: score.Move}
		} else {
			var usage coach.Usage
			a, usage, err = s.Engine.Assess(ctx, in)
			spent = s.spent(spent, u.ID, conv.ID, "score", usage)
			source := sourceOf(s.Engine)
			if err != nil && s.standIn(ctx, err, "score", conv.ID) {
				a, _, err = s.Fallback.Assess(ctx, in)
				source = sourceOf(s.Fallback)
			}
			if err != nil {
				s.keep(ctx, conv, delta, spent, nil)
				return nil, chatEngineError(err, salescoach.MsgAssessmentFailed)
			}
			stage := conv.Stage
			score = s.advance(conv, a, &delta)
			score.Techniques = a.Techniques
			score.Move = a.Move
			score.Source = source
			conv.LastScore, conv.ScoredMessageID = score, userMsg.ID
			answer = salescoach.NewSkillAnswer(conv, userMsg.ID, stage, objectionAt(conv, stage), score, userMsg.CreatedAt)
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
	spent = s.spent(spent, u.ID, conv.ID, "chat", usage)
	if err != nil {
		// The answer's score stands (it was judged); the customer's reply is
		// what failed, and the next message continues from this state.
		s.keep(ctx, conv, delta, spent, answer)
		return nil, chatEngineError(err, salescoach.MsgReplyFailed)
	}
	now := s.Now()
	assistant := &salescoach.Message{ConversationID: conv.ID, Role: salescoach.RoleAssistant, Content: reply, CreatedAt: now}
	msgs := []*salescoach.Message{assistant}
	if plan.Kind == coach.ReplyConvinced {
		msgs = append(msgs, s.complete(conv, &delta))
	}
	conv.UpdatedAt = now
	// The reply, the chat's new state, the user's XP and the model calls'
	// tokens are one fact: they are stored together or not at all, and the
	// save releases the chat's claim.
	if err := s.Conversations.SaveTurn(ctx, conv, salescoach.TurnEnd{Messages: msgs, Progress: delta, Usage: spent, Answer: answer}); err != nil {
		return nil, err
	}
	s.changedTurn(ctx, conv, delta)
	if plan.Kind == coach.ReplyConvinced {
		s.tellTeam(ctx, conv.UserID)
	}
	res.Message, res.AssistantMessageID = reply, assistant.ID
	return res, nil
}

// standIn reports whether Fallback should answer a structured call of
// Engine that failed with err: there is one, and the request is still
// wanted (a client that went away gets nothing from a second engine).
// The failure is logged (its kind, never content).
func (s *Service) standIn(ctx context.Context, err error, purpose, conversationID string) bool {
	if s.Fallback == nil || ctx.Err() != nil {
		return false
	}
	s.Log.WarnContext(ctx, "model call failed; the built-in trainer stands in", "purpose", purpose,
		"conversation_id", conversationID, "code", salescoach.ErrorCode(err))
	return true
}

// sourceOf names who judges with e: SourceBuiltin for the built-in trainer,
// SourceModel for a model server.
func sourceOf(e coach.Engine) string {
	if e.Name() == "builtin" {
		return salescoach.SourceBuiltin
	}
	return salescoach.SourceModel
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

// HeldProgress is as far as answers move an objection whose hidden concern
// is still open (coach.Assessment.Holds): close, never overcome.
const HeldProgress = 90

// Advance is the progress on the current objection after an answer judged
// a, from progress (both 0..100): Gain of its score, held below overcome
// (at HeldProgress, or the engine's a.HoldAt when lower) while the engine
// says the objection stands. A held answer never takes progress back; one
// the engine says settles the objection overcomes it.
func Advance(progress int, a *coach.Assessment) int {
	if a.Settles {
		return 100
	}
	total := salescoach.ClampPercent(progress + Gain(salescoach.ClampPercent(a.Score)))
	if !a.Holds {
		return total
	}
	limit := HeldProgress
	if a.HoldAt > 0 && a.HoldAt < limit {
		limit = a.HoldAt
	}
	if total > limit {
		total = max(progress, limit)
	}
	return total
}

// advance applies an assessment to the scoring state.
func (s *Service) advance(conv *salescoach.Conversation, a *coach.Assessment, d *salescoach.ProgressDelta) *salescoach.ScoreResult {
	score := salescoach.ClampPercent(a.Score)
	total := Advance(conv.Progress, a)
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

// keep saves what a failed turn changed (its judged score, its XP, the
// tokens its model calls spent) and releases the chat's claim, so that
// sending again continues from there. It saves even when the client has
// gone (a cancelled request is one way a turn fails). answer, when not nil,
// is the answer the turn scored, which counts in the skill analytics as
// its score does.
func (s *Service) keep(ctx context.Context, conv *salescoach.Conversation, d salescoach.ProgressDelta, spent []*salescoach.TokenUsage, answer *salescoach.SkillAnswer) {
	ctx, done := detached(ctx)
	defer done()
	conv.UpdatedAt = s.Now()
	if err := s.Conversations.SaveTurn(ctx, conv, salescoach.TurnEnd{Progress: d, Usage: spent, Answer: answer}); err != nil {
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

// tellTeam tells the owner and managers of userID's team that the user
// finished a chat, so that an open manager view refreshes the member's
// figures. It carries no data (the view reads through the API, where the
// team is checked); a failed lookup is logged and tells no one.
func (s *Service) tellTeam(ctx context.Context, userID string) {
	if s.Team == nil || s.Changes == nil {
		return
	}
	ids, err := s.Team.TeamManagers(ctx, userID)
	if err != nil {
		s.Log.WarnContext(ctx, "team managers not read", "user_id", userID, "err", err)
		return
	}
	changes := make([]salescoach.Change, 0, len(ids))
	for _, id := range ids {
		changes = append(changes, salescoach.Change{UserID: id, Type: salescoach.ChangeTeam, Op: salescoach.OpUpdate, ID: userID})
	}
	if len(changes) > 0 {
		s.Changes.Publish(ctx, changes...)
	}
}

// changedTurn announces a stored turn, in one publication: the
// conversation, and the user's XP and counters when they moved.
func (s *Service) changedTurn(ctx context.Context, conv *salescoach.Conversation, d salescoach.ProgressDelta) {
	if s.Changes == nil {
		return
	}
	changes := []salescoach.Change{{UserID: conv.UserID, Type: salescoach.ChangeConversation, Op: salescoach.OpUpdate, ID: conv.ID}}
	if d != (salescoach.ProgressDelta{}) {
		changes = append(changes, progressChanges(conv.UserID)...)
	}
	s.Changes.Publish(ctx, changes...)
}

// progressChanges are the changes of a user's XP and counters.
func progressChanges(userID string) []salescoach.Change {
	return []salescoach.Change{
		{UserID: userID, Type: salescoach.ChangeUser, Op: salescoach.OpUpdate, ID: userID},
		{UserID: userID, Type: salescoach.ChangeProfile, Op: salescoach.OpUpdate, ID: userID},
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
	if s.Changes != nil {
		s.Changes.Publish(ctx, progressChanges(userID)...)
	}
}

func (s *Service) recordUsage(ctx context.Context, userID, convID, purpose string, u coach.Usage) {
	for _, t := range s.spent(nil, userID, convID, purpose, u) {
		if err := s.Conversations.RecordTokenUsage(ctx, t); err != nil {
			s.Log.ErrorContext(ctx, "token usage not recorded", "user_id", userID, "err", err)
		}
	}
}

// spent appends a model call's usage to the list a chat turn stores with
// its end, unless the call used no tokens.
func (s *Service) spent(list []*salescoach.TokenUsage, userID, convID, purpose string, u coach.Usage) []*salescoach.TokenUsage {
	if u.TokensIn == 0 && u.TokensOut == 0 {
		return list
	}
	return append(list, &salescoach.TokenUsage{UserID: userID, ConversationID: convID,
		Model: u.Model, Purpose: purpose, TokensIn: u.TokensIn, TokensOut: u.TokensOut, CreatedAt: s.Now()})
}

// input builds what an engine sees of a chat.
func (s *Service) input(ctx context.Context, u *salescoach.User, conv *salescoach.Conversation, msgs []*salescoach.Message) (coach.Input, error) {
	sc := coach.Scenario{Mode: conv.Mode, Difficulty: conv.Difficulty, Formality: u.Formality, Language: u.Language,
		CompanyRole: u.Role, PDFName: conv.PDFName, PDFText: conv.PDFText, Seed: conv.ID, Product: conv.ProductOverride}
	if sc.Formality == "" {
		// Standard: du unless the seller opens with Sie (issue 37).
		sc.Formality, sc.AdaptFormality = salescoach.FormalityDu, true
	}
	if sc.Language == "" {
		sc.Language = salescoach.LanguageDE
	}
	tone := u.TonePresetID
	if conv.Scenario != nil {
		// The scenario decides what is sold, in which language and form of
		// address, and the customer's manner (its persona's tone preset;
		// none, or one deleted since, is neutral).
		sc.Script = conv.Scenario
		sc.Product = conv.Scenario.Product
		sc.Language = conv.Scenario.Language
		sc.Formality, sc.AdaptFormality = conv.Scenario.Persona.Formality, false
		tone = nil
		if p := conv.Scenario.Persona.Personality; p != "" {
			tone = &p
		}
	}
	if sc.Product == "" {
		p, err := s.Users.ProfileByUserID(ctx, u.ID)
		if err != nil {
			return coach.Input{}, err
		}
		sc.Product = p.ProductDescription
	}
	if tone != nil {
		presets, err := s.Catalog.TonePresets(ctx)
		if err != nil {
			return coach.Input{}, err
		}
		for _, p := range presets {
			if p.ID == *tone {
				sc.Tone = p
			}
		}
	}
	in := coach.Input{Scenario: sc, Stage: conv.Stage, TotalStages: conv.TotalStages,
		Objection: objectionAt(conv, conv.Stage), Progress: conv.Progress, Objections: conv.Objections}
	for _, m := range msgs {
		switch {
		case m.Role == salescoach.RoleSystem, strings.HasPrefix(m.Content, coach.ReminderPrefix):
		case salescoach.IsHumanRole(m.Role):
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

// PickScenarioObjections draws n of a scenario's objection keys (all when
// it has n or fewer), repeatably for the seed (the conversation id), and
// keeps them in the scenario's order: its author put them in the order a
// real conversation would raise them.
func PickScenarioObjections(seed string, keys []string, n int) []string {
	n = min(max(n, 0), len(keys))
	h := fnv.New64a()
	_, _ = h.Write([]byte(seed))
	state := h.Sum64() | 1
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	// A Fisher-Yates shuffle driven by xorshift, then the first n indices
	// in order.
	for i := len(idx) - 1; i > 0; i-- {
		state ^= state << 13
		state ^= state >> 7
		state ^= state << 17
		j := int(state % uint64(i+1))
		idx[i], idx[j] = idx[j], idx[i]
	}
	chosen := idx[:n]
	slices.Sort(chosen)
	out := make([]string, n)
	for i, k := range chosen {
		out[i] = keys[k]
	}
	return out
}
