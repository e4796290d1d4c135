package salescoach

import (
	"context"
	"time"
)

// Chat modes, as the specification spells them.
const (
	ModePractice = "Übung"
	ModeExam     = "Prüfung"
)

// ExamObjections is how many objections an exam has.
const ExamObjections = 3

// Message roles. RoleUser and RoleSeller are the human side; RoleAssistant is
// the AI customer; RoleSystem carries notices such as the completion message.
const (
	RoleUser      = "user"
	RoleSeller    = "seller"
	RoleAssistant = "assistant"
	RoleSystem    = "system"
)

// IsHumanRole reports whether role is the human side of a chat (RoleUser
// or RoleSeller).
func IsHumanRole(role string) bool { return role == RoleUser || role == RoleSeller }

// Limits of what a user may send.
const (
	MaxMessageRunes  = 4000    // one chat message
	MaxPDFTextRunes  = 200_000 // the extracted text of an attached PDF
	MaxOverrideRunes = 20_000  // a product override
	MaxTitleRunes    = 200     // a conversation title
)

// FastAnswerWindow is how soon after the customer's message an answer counts
// as a fast answer ('Schnelle Antworten').
const FastAnswerWindow = 20 * time.Second

// TitlePrefixWon marks a won practice chat's title.
const TitlePrefixWon = "🚀 "

// Conversation is one chat with the AI customer and the server-owned state of
// its scoring: which objection the customer raises (Stage of TotalStages) and
// how far the current one is overcome (Progress, 0..100).
type Conversation struct {
	ID              string
	UserID          string
	Title           string
	Mode            string // ModePractice or ModeExam
	Difficulty      int    // 1..3 in practice; ExamObjections in exams
	ProductOverride string
	PDFName         string
	PDFText         string

	Stage       int      // 0 before the first objection, then 1..TotalStages
	TotalStages int      // objections to overcome: the difficulty, or 3 in an exam
	Progress    int      // progress on the current objection, 0..100
	Objections  []string // objection keys, one per stage, chosen at start
	// LastScore is the assessment of the latest scored answer (JSON of
	// ScoreResult), so a reload and the score endpoint show the same.
	LastScore *ScoreResult
	// ScoredMessageID is the user message LastScore belongs to; scoring the
	// same message twice changes nothing.
	ScoredMessageID string
	// XPMessages counts the messages of this chat that earned XP (at most
	// XPMessagesPerChat).
	XPMessages int
	// Evaluation is the six-category evaluation as JSON, once requested.
	Evaluation string
	// ScenarioID names the scenario the chat was started on, "" for a
	// catalogue chat; Scenario is the snapshot taken at the start, which
	// the chat plays whatever happens to the scenario later.
	ScenarioID string
	Scenario   *Scenario
	// AssignmentID names the team assignment the chat was started on, ""
	// for none: a won chat completes it (AssignmentService).
	AssignmentID string

	CreatedAt   time.Time
	UpdatedAt   time.Time
	CompletedAt *time.Time
	DeletedAt   *time.Time

	// Claim is the token of the turn claim this copy was loaded under
	// (ConversationService.BeginTurn, ClaimConversation), "" when none.
	// SaveTurn and SaveState of a copy with a claim write only while that
	// claim still holds the conversation, and release it.
	Claim string
}

// TurnClaim reserves a conversation for one request that changes it (a chat
// turn, an evaluation, ending an exam), so that a second request, on this or
// any other app process, is refused instead of interleaving its messages or
// overwriting the scoring state. A claim lapses at Until, so a process that
// dies mid-turn blocks the chat only until then; the holder renews it while
// it waits for the model. A claim that names its Holder ends with it: once
// that process stops keeping itself alive (ClaimHolderService), the claim
// is free at once, whatever its Until.
type TurnClaim struct {
	Token string    // random; names the request that holds the claim
	Until time.Time // when the claim lapses unless renewed or released
	// Holder names the app process that makes the request, "" for none
	// (the claim then lasts until Until).
	Holder string
}

// ClaimHolderService keeps the app processes that hold turn claims alive:
// each process beats every few seconds, and a claim whose holder's last
// beat has run out is free (see TurnClaim.Holder).
type ClaimHolderService interface {
	// Beat keeps the holder alive until until, and forgets holders whose
	// time ran out long before now. It returns only driver errors.
	Beat(ctx context.Context, holder string, now, until time.Time) error
	// Leave ends the holder at once, freeing every claim it still holds. It
	// returns only driver errors.
	Leave(ctx context.Context, holder string) error
}

// TurnEnd is what the end of a chat turn stores at once.
type TurnEnd struct {
	Messages []*Message    // appended in order (the reply, a completion notice)
	Progress ProgressDelta // added to the user's XP and counters
	Usage    []*TokenUsage // the turn's model calls
	// Answer is the seller's answer this turn scored, for the skill
	// analytics (SkillService); nil when the turn scored none (the opening
	// turn, or a resend of an answer scored before).
	Answer *SkillAnswer
}

// Completed reports whether the chat is over (won, or an exam finished).
func (c *Conversation) Completed() bool { return c.CompletedAt != nil }

// ScoreResult is the assessment of one answer and where it left the chat.
type ScoreResult struct {
	TotalPercent int         `json:"totalPercent"` // progress on the current objection after this answer, 0..100
	AnswerScore  int         `json:"answerScore"`  // quality of the answer itself, 0..100
	Stage        int         `json:"stage"`
	TotalStages  int         `json:"totalStages"`
	Progress     int         `json:"progress"`
	Solved       bool        `json:"solved"` // this answer overcame an objection
	Completed    bool        `json:"completed"`
	Techniques   []Technique `json:"techniques"`
	// Move is the move of objection handling the moment called for and
	// whether the answer made it; nil for scores stored before it was
	// judged.
	Move *Move `json:"move,omitempty"`
	// Source says who judged the answer: SourceModel, or SourceBuiltin when
	// the built-in trainer did (it is the engine, or the model's scoring
	// call failed and the trainer stood in). Empty for scores stored
	// before it was recorded.
	Source string `json:"source,omitempty"`
}

// Who scored an answer or evaluated a chat (ScoreResult.Source).
const (
	SourceModel   = "model"
	SourceBuiltin = "builtin"
)

// Moves of objection handling, as sales trainers teach it (listen and
// acknowledge, explore, respond, advance): what the moment of a chat calls
// for (Move.Expected).
const (
	// MoveExplore: the objection is fresh and what is behind it unknown;
	// acknowledge it and ask one real, open question.
	MoveExplore = "explore"
	// MoveRespond: the customer has told the concern behind it; answer
	// exactly that, with substance, and check back.
	MoveRespond = "respond"
	// MoveAdvance: the objection is settled; propose a concrete next step.
	MoveAdvance = "advance"
)

// Move is the move an answer was judged by: the one the moment called for
// (Expected, a Move* constant), whether the answer made it, and why, in
// words the seller understands ("Jetzt war Nachfragen dran – gut
// gemacht.").
type Move struct {
	Expected string `json:"expected"`
	Made     bool   `json:"made"`
	Reason   string `json:"reason"`
}

// ValidMove reports whether m names one of the three moves.
func ValidMove(m string) bool {
	return m == MoveExplore || m == MoveRespond || m == MoveAdvance
}

// Technique is one thing a good answer to an objection does, and whether the
// latest answer did it, with a one-line reason in the user's language.
type Technique struct {
	Key    string `json:"key"`   // acknowledge, question, benefit, evidence, next_step, formality, tone
	Label  string `json:"label"` // e.g. 'Einwand anerkennen'
	Shown  bool   `json:"shown"`
	Reason string `json:"reason"`
}

// Message is one line of a chat.
type Message struct {
	ID             string
	ConversationID string
	Role           string
	Content        string
	PDFName        string
	IsCompletion   bool
	CreatedAt      time.Time
}

// ConversationService stores chats. Every method that takes a userID finds
// only that user's conversations that are not deleted; anything else is
// ENOTFOUND, as is an id that is not a UUID.
type ConversationService interface {
	// StartConversation creates c and one chat_starts row in one atomic step
	// (the caller adds the first messages with AddMessage), unless the user has started quota
	// or more chats since cycleStart: then it returns ELIMIT and creates
	// nothing. Of N concurrent starts at quota-1 used, exactly one succeeds.
	StartConversation(ctx context.Context, c *Conversation, quota int, cycleStart time.Time) error
	// CountChatStarts counts the chats the user started since the time.
	CountChatStarts(ctx context.Context, userID string, since time.Time) (int, error)
	// Conversation returns the user's conversation.
	Conversation(ctx context.Context, userID, id string) (*Conversation, error)
	// ConversationByID returns any conversation, deleted ones included (for
	// admins). ENOTFOUND when there is none.
	ConversationByID(ctx context.Context, id string) (*Conversation, error)
	// Conversations lists the user's conversations, newest first.
	Conversations(ctx context.Context, userID string) ([]*Conversation, error)
	// Messages lists a conversation's messages, oldest first. The caller
	// checks ownership first.
	Messages(ctx context.Context, conversationID string) ([]*Message, error)
	// BeginTurn claims the user's running conversation for one turn with
	// claim and appends the user's message m, unless the conversation's last
	// message is a human one with the same content (a resend after a failed
	// turn): then m is not stored and the stored one is returned instead. It
	// returns the conversation (Claim set), its messages before the user's
	// message, and the user's message as stored. ECONFLICT with MsgChatBusy
	// while another request's claim holds it, ECONFLICT with
	// MsgChatCompleted when it is completed.
	BeginTurn(ctx context.Context, userID, id string, claim TurnClaim, now time.Time, m *Message) (*Conversation, []*Message, *Message, error)
	// ClaimConversation claims the user's conversation (completed or not)
	// for a request that changes its state. ECONFLICT with MsgChatBusy while
	// another request's claim holds it.
	ClaimConversation(ctx context.Context, userID, id string, claim TurnClaim, now time.Time) (*Conversation, error)
	// RenewClaim moves the claim's end to until. ECONFLICT with MsgChatBusy
	// when the claim no longer holds the conversation.
	RenewClaim(ctx context.Context, id string, claim TurnClaim) error
	// ReleaseClaim ends the claim with that token, if it still holds the
	// conversation.
	ReleaseClaim(ctx context.Context, id, token string) error
	// AddMessage appends a message (ID and CreatedAt are set when empty/zero).
	AddMessage(ctx context.Context, m *Message) error
	// DeleteMessage removes one message of the conversation. ENOTFOUND when
	// there is none.
	DeleteMessage(ctx context.Context, conversationID, messageID string) error
	// SaveTurn stores the end of a chat turn in one atomic step: c's state
	// saved as SaveState does (releasing c.Claim), the messages appended in
	// order, the progress added to the user's XP and counters as
	// ProgressService.AddProgress does, and the usage recorded as
	// RecordTokenUsage does. ENOTFOUND when the conversation is gone,
	// ECONFLICT with MsgChatBusy when c.Claim no longer holds it (then
	// nothing is stored).
	SaveTurn(ctx context.Context, c *Conversation, end TurnEnd) error
	// SaveState writes the scoring state, title, completion, last score,
	// evaluation and XP-message count of c, and releases c.Claim when set.
	// ENOTFOUND when it is gone, ECONFLICT with MsgChatBusy when c.Claim no
	// longer holds it.
	SaveState(ctx context.Context, c *Conversation) error
	// AttachPDF sets the PDF of the user's conversation (name and extracted
	// text), replacing an earlier one.
	AttachPDF(ctx context.Context, userID, id, name, text string, now time.Time) error
	// Rename sets the title of the user's conversation.
	Rename(ctx context.Context, userID, id, title string, now time.Time) error
	// SoftDelete hides the user's conversation.
	SoftDelete(ctx context.Context, userID, id string, now time.Time) error
	// DeleteHistory hides all the user's conversations and returns how many.
	DeleteHistory(ctx context.Context, userID string, now time.Time) (int, error)
	// RecordTokenUsage appends model token usage.
	RecordTokenUsage(ctx context.Context, u *TokenUsage) error
	// PreviousExamEvaluation returns the stored evaluation (JSON) of the
	// user's newest exam started before the time, other than id, that is
	// evaluated and not deleted; "" when there is none.
	PreviousExamEvaluation(ctx context.Context, userID, id string, before time.Time) (string, error)
}

// TokenUsage is the model tokens one call used.
type TokenUsage struct {
	UserID         string
	ConversationID string // "" when not tied to a chat (product summary)
	Model          string
	Purpose        string // chat, score, hint, perfect_message, evaluation, summary
	TokensIn       int
	TokensOut      int
	CreatedAt      time.Time
}

// ProgressDelta is what one event adds to a user's XP and counters.
type ProgressDelta struct {
	XP               int
	MessagesSent     int
	ObjectionsSolved int
	CompletedChats   int
	Hints            int
	PerfectAnswers   int
	FastAnswers      int
	Feedback         int
	Calls            int
}

// ProgressService applies XP and counters.
type ProgressService interface {
	// AddProgress adds d to the user's XP and counters in one atomic step and
	// sets users.level from the new XP with LevelFor. ENOTFOUND when there is
	// no such user.
	AddProgress(ctx context.Context, userID string, d ProgressDelta) (*User, *Profile, error)
}

// Subscription mirrors a PayPal subscription.
type Subscription struct {
	ID                string
	UserID            string
	PayPalID          string
	PlanID            string
	Status            string // PayPal's, e.g. ACTIVE
	UpdateTime        time.Time
	CancelAtPeriodEnd bool
	CancelAt          *time.Time
	CycleStart        *time.Time
	CreatedAt         time.Time
}

// Active reports whether the subscription grants its plan.
func (s *Subscription) Active() bool {
	return s != nil && (s.Status == "ACTIVE" || s.Status == "active")
}

// SubscriptionService stores subscriptions.
type SubscriptionService interface {
	// LatestSubscription returns the user's newest subscription by
	// update_time, ENOTFOUND when there is none.
	LatestSubscription(ctx context.Context, userID string) (*Subscription, error)
	// UpsertSubscription inserts or updates the row with s.PayPalID.
	UpsertSubscription(ctx context.Context, s *Subscription) error
}

// Tiers maps a payment provider's plan id to the plan it grants (PlanFree,
// PlanPlus or PlanElite). PlanIDs is one; the app's one source of plan ids
// is billing.Service, which the chat quota asks too.
type Tiers interface {
	Tier(planID string) string
}

// PlanIDs are the payment provider's plan ids of the paid plans.
type PlanIDs struct {
	Plus, Elite, Promo string
	// Team is the team plan's (seats, see seat.go): it grants no personal
	// plan, only its seats do.
	Team string
}

// Tier maps a plan id to PlanPlus, PlanElite or PlanFree.
func (p PlanIDs) Tier(planID string) string {
	switch {
	case planID == "":
		return PlanFree
	case planID == p.Plus:
		return PlanPlus
	case planID == p.Elite || planID == p.Promo:
		return PlanElite
	}
	return PlanFree
}

// Usage is where a user stands with the monthly chat quota.
type Usage struct {
	Used       int       `json:"used"`
	Quota      int       `json:"quota"`
	Plan       string    `json:"plan"`
	CycleStart time.Time `json:"cycleStart"`
	// Seat is true when the plan is granted by a seat of the user's team
	// (seat.go), not by a personal subscription.
	Seat bool `json:"seat"`
}

// CycleStart is the start of the quota cycle: the subscription's cycle_start
// when it is active and set, else the first of the current UTC month.
func CycleStart(sub *Subscription, now time.Time) time.Time {
	if sub.Active() && sub.CycleStart != nil && !sub.CycleStart.After(now) {
		return *sub.CycleStart
	}
	now = now.UTC()
	return time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
}

// QuotaRenewal is the day the quota cycle that began at cycleStart ends and
// the quota is whole again: a month after its start.
func QuotaRenewal(cycleStart time.Time) time.Time {
	return cycleStart.UTC().AddDate(0, 1, 0)
}

// Change kinds and operations of live updates.
const (
	ChangeUser         = "user"
	ChangeProfile      = "profile"
	ChangeConversation = "conversation"
	ChangeFeedback     = "feedback" // one of the user's feedback rows (status set by an admin)
	ChangeResync       = "resync"   // events were dropped; refetch everything

	OpInsert = "insert"
	OpUpdate = "update"
	OpDelete = "delete"
)

// Change tells a user's open tabs that something of theirs changed, so they
// refetch it. It carries no data: the tabs read through the API, where
// ownership is checked.
type Change struct {
	UserID string `json:"userId"`
	Type   string `json:"type"` // ChangeUser, ChangeProfile, ChangeConversation, ChangeFeedback
	Op     string `json:"op"`   // OpInsert, OpUpdate, OpDelete
	ID     string `json:"id"`   // the changed row's id
}

// ChangePublisher announces changes to every process serving the user.
type ChangePublisher interface {
	// Publish announces the changes, together (on PostgreSQL in one
	// statement); failures are logged by the implementation and never fail
	// the write that caused them.
	Publish(ctx context.Context, changes ...Change)
}
