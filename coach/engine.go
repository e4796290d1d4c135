// Package coach is the AI customer: the Engine interface that plays a
// customer objecting to the user's own product, rates answers, gives hints,
// writes a perfect answer and the six-category evaluation. coach/trainer is
// the built-in offline engine; coach/openai talks to any OpenAI-compatible
// server.
package coach

import (
	"context"

	"salescoach"
)

// Scenario is everything that shapes the customer.
type Scenario struct {
	// Product is what the user sells: the chat's product override, else the
	// profile's product description.
	Product string
	PDFName string
	PDFText string // extracted text of an attached PDF (may be long)
	Mode    string // salescoach.ModePractice or salescoach.ModeExam
	// Difficulty is 1..3 (Leicht, Mittel, Schwer); exams use 3.
	Difficulty int
	Formality  string // salescoach.FormalityDu or FormalitySie
	// AdaptFormality says the profile leaves the form of address open
	// (Standard): the customer takes the form the seller opens with, and
	// neither form is marked down. Formality is then only the default.
	AdaptFormality bool
	Language       string                 // salescoach.LanguageDE or LanguageEN
	Tone           *salescoach.TonePreset // nil: neutral
	CompanyRole    string                 // the user's role in their company
	// Seed makes the built-in trainer's choices repeatable (the
	// conversation id).
	Seed string
	// Script is the user-built scenario the chat plays (the snapshot taken
	// when it started), nil for a catalogue chat. Its persona, situation
	// and objections shape the customer; the chat's objection keys
	// (Input.Objections) are catalogue family keys or its custom keys
	// (salescoach.CustomObjectionKey). Product, Language and Formality
	// above are already the scenario's.
	Script *salescoach.Scenario
}

// Turn is one line of the chat as an engine sees it.
type Turn struct {
	Role    string // salescoach.RoleUser/RoleSeller (the seller) or RoleAssistant (the customer)
	Content string
}

// Input is a chat at the moment an engine is asked something.
type Input struct {
	Scenario Scenario
	// History is the chat so far, oldest first, without system notices. When
	// an answer is being assessed or replied to, it is the last turn.
	History []Turn
	// Stage is the current objection (1-based, 0 before the first), of
	// TotalStages; Objection is its key from Objections.
	Stage       int
	TotalStages int
	Objection   string
	// Progress is how far the current objection is overcome, 0..100.
	Progress int
	// Objections are the keys of all the chat's objections, in order; an
	// engine reading the history can tell which one each answer addressed.
	Objections []string
}

// Reply kinds: what the customer does next.
const (
	ReplyOpen      = "open"      // greet and raise the objection of Input.Stage
	ReplyPush      = "push"      // the current objection stands; react to the answer and press it
	ReplyNext      = "next"      // the previous objection is overcome; acknowledge that and raise Input.Stage's
	ReplyConvinced = "convinced" // every objection is overcome; agree to buy
)

// ReplyPlan tells the engine what kind of reply to write and, after an
// answer, how that answer was judged, so the reply reacts to what it did and
// did not do.
type ReplyPlan struct {
	Kind       string
	Assessment *Assessment // nil for ReplyOpen
}

// Assessment is an engine's judgement of the seller's latest answer.
type Assessment struct {
	Score      int // 0..100: how well this answer handles the current objection
	Techniques []salescoach.Technique
	// Holds says the objection stands whatever the score: the customer's
	// hidden concern behind it has not been asked about and answered yet.
	// The chat's progress on the objection then stops short of overcome
	// (training.Advance). The built-in trainer sets it at Mittel, Schwer
	// and in exams; an engine that judges by its score alone leaves it
	// false.
	Holds bool
	// HoldAt is how far a held objection may get (0: the training
	// service's HeldProgress): an answer that explores well has not yet
	// answered anything, so the trainer holds it about half way.
	HoldAt int
	// Settles says the answer overcame the objection whatever its score:
	// it answered the concern (or, for the chat's last objection, made the
	// close). The training service counts the objection overcome.
	Settles bool
	// Move is the move the moment called for and whether the answer made
	// it; nil when the engine does not judge moves.
	Move *salescoach.Move
}

// Evaluation is the six-category evaluation of a whole chat.
type Evaluation struct {
	Intro        string          `json:"intro"`
	Scores       []CategoryScore `json:"scores"` // exactly the six Categories, in order
	Improvements []string        `json:"improvements"`
	TopPoints    []string        `json:"top_points"` // at most three
	TotalPercent int             `json:"totalPercent"`
	// Exam is an exam's verdict, set by the training service when it stores
	// the evaluation (never by an engine); nil for a practice chat.
	Exam *salescoach.ExamVerdict `json:"exam,omitempty"`
	// Source is who evaluated: salescoach.SourceModel or SourceBuiltin (see
	// salescoach.ScoreResult.Source); set by the training service, never
	// by an engine.
	Source string `json:"source,omitempty"`
}

// CategoryScore is one evaluation category.
type CategoryScore struct {
	Category string `json:"category"` // the German or English name of Categories
	Score    int    `json:"score"`    // 0..100
	Comment  string `json:"comment"`
}

// Usage is what one model call cost; the built-in trainer reports zeros.
type Usage struct {
	Model     string
	TokensIn  int
	TokensOut int
}

// Engine plays the customer. Every method honours ctx (deadline and
// cancellation) and returns *salescoach.Error: EUNAVAILABLE when the model
// cannot be reached, times out or keeps answering invalid output.
type Engine interface {
	// Name is "builtin" or "openai", shown in the UI.
	Name() string
	// Reply writes the customer's next message. emit, when not nil, receives
	// the reply in pieces as they are produced (their concatenation is the
	// returned text).
	Reply(ctx context.Context, in Input, plan ReplyPlan, emit func(string)) (string, Usage, error)
	// Assess rates the last turn of in.History, an answer to in.Objection.
	Assess(ctx context.Context, in Input) (*Assessment, Usage, error)
	// Hint returns a tip for the next answer: the most important missing
	// technique with a sample sentence.
	Hint(ctx context.Context, in Input) (string, Usage, error)
	// PerfectAnswer writes an answer to the customer's last message that a
	// trainer would score near 100.
	PerfectAnswer(ctx context.Context, in Input) (string, Usage, error)
	// Evaluate grades the whole chat in the six categories.
	Evaluate(ctx context.Context, in Input) (*Evaluation, Usage, error)
	// Summarize turns the readable text of a product website into a product
	// description of a few sentences in the language (de or en).
	Summarize(ctx context.Context, language, text string) (string, Usage, error)
}

// Categories are the six evaluation categories, in order, by language.
var Categories = map[string][]string{
	salescoach.LanguageDE: {"Empathie & Zuhören", "Fragetechnik", "Nutzenargumentation", "Einwandbehandlung", "Abschlussorientierung", "Sprache & Tonalität"},
	salescoach.LanguageEN: {"Empathy & listening", "Questioning", "Value argument", "Objection handling", "Closing", "Language & tone"},
}

// ObjectionFamily is a kind of objection the customer can raise.
type ObjectionFamily struct {
	Key string
	// Description says, for prompts, what the customer objects to.
	Description map[string]string // by language
}

// Objections is the catalogue of objection families. The trainer phrases them
// itself; the model is told which one to raise.
var Objections = []ObjectionFamily{
	{"price", map[string]string{"de": "Der Preis ist zu hoch / das Budget reicht nicht.", "en": "The price is too high / there is no budget."}},
	{"no_need", map[string]string{"de": "Kein Bedarf: Wir brauchen das nicht.", "en": "No need: we don't need this."}},
	{"no_time", map[string]string{"de": "Keine Zeit: Gerade ist es ungünstig, sich damit zu beschäftigen.", "en": "No time: now is a bad moment to look at this."}},
	{"existing_supplier", map[string]string{"de": "Wir haben schon einen Anbieter und sind zufrieden.", "en": "We already have a supplier and are happy with them."}},
	{"trust", map[string]string{"de": "Vertrauen: Ich kenne Ihr Unternehmen nicht, woher weiß ich, dass das funktioniert?", "en": "Trust: I don't know your company; how do I know this works?"}},
	{"authority", map[string]string{"de": "Entscheidung: Das muss ich mit meinem Chef / dem Einkauf besprechen.", "en": "Authority: I have to discuss this with my boss / purchasing."}},
	{"risk_of_change", map[string]string{"de": "Umstellung: Der Wechsel ist zu aufwendig und riskant.", "en": "Change: switching is too much effort and too risky."}},
	{"data_protection", map[string]string{"de": "Datenschutz: Wie steht es um DSGVO und Datensicherheit?", "en": "Data protection: what about GDPR and data security?"}},
	{"timing", map[string]string{"de": "Zeitpunkt: Melden Sie sich nächstes Quartal wieder.", "en": "Timing: get back to me next quarter."}},
	{"works_council", map[string]string{"de": "Betriebsrat: Der Betriebsrat muss zustimmen.", "en": "Works council: the works council has to agree."}},
}

// ObjectionByKey returns the family with that key, or false.
func ObjectionByKey(key string) (ObjectionFamily, bool) {
	for _, o := range Objections {
		if o.Key == key {
			return o, true
		}
	}
	return ObjectionFamily{}, false
}

// ReminderPrefix starts a line that may be sent to a model to keep it on the
// product; the app never shows messages starting with it.
const ReminderPrefix = "Zur Erinnerung: Das Produkt, um das es geht, ist: "

// Checker is implemented by engines that talk to a model server: Check asks
// the server whether it answers and accepts the credentials, without using
// any tokens. It returns nil when it does and otherwise a *salescoach.Error
// whose Message an admin may read; it never contains the key. Engines
// without a server (the built-in trainer) do not implement it.
type Checker interface {
	Check(ctx context.Context) error
}
