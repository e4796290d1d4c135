package coach

import (
	"bytes"
	_ "embed"
	"regexp"
	"slices"
	"strings"
	"text/template"
	"unicode/utf8"

	"salescoach"
)

// This file assembles every text a model is sent: the customer's persona, the
// trainer's rubric for scoring, hints, the perfect answer, the evaluation and
// the product summary, in German and English. The rubric is the one both
// engines follow (issue 37): an answer is judged by the move the moment
// calls for (salescoach.MoveExplore, MoveRespond, MoveAdvance), with
// substance over form; the customer holds one concern per objection and
// listens. The texts themselves are the
// embedded templates prompts/de.tmpl and prompts/en.tmpl, so a trainer can
// read and tune the whole conversation design without touching Go.

// PromptMessage is one chat message sent to a model: Role is "system",
// "user" (the seller, or the task for the trainer prompts) or "assistant"
// (the AI customer).
type PromptMessage struct {
	Role    string
	Content string
}

// Limits of what goes into a prompt. Long inputs are cut with a note so the
// model knows it saw only a part, and so that one huge PDF or chat cannot
// crowd out the instructions of a small context window.
const (
	MaxPromptPDFRunes        = 12_000 // the attached PDF's text
	MaxPromptProductRunes    = 20_000 // the product description
	MaxPromptTranscriptRunes = 24_000 // the chat history, newest turns kept
	MaxPromptWebsiteRunes    = 20_000 // the website text for a summary
	MaxSummaryRunes          = 700    // the product summary a model may return
	maxPromptTurnRunes       = 6_000  // one turn of the history
	maxReminderProductRunes  = 500    // the product in the reminder line
)

// RubricKeys are the seven techniques an answer is scored on, in the order
// the assessment lists them.
var RubricKeys = []string{"acknowledge", "question", "benefit", "evidence", "next_step", "formality", "tone"}

// rubricLabels are the techniques' names as the UI shows them.
var rubricLabels = map[string]map[string]string{
	salescoach.LanguageDE: {
		"acknowledge": "Einwand anerkennen",
		"question":    "Rückfrage stellen",
		"benefit":     "Nutzen fürs Produkt",
		"evidence":    "Beleg / Beispiel",
		"next_step":   "Nächster Schritt",
		"formality":   "Passende Anrede",
		"tone":        "Ton & Länge",
	},
	salescoach.LanguageEN: {
		"acknowledge": "Acknowledge the objection",
		"question":    "Ask a question",
		"benefit":     "Product benefit",
		"evidence":    "Evidence / example",
		"next_step":   "Next step",
		"formality":   "Right form of address",
		"tone":        "Tone & length",
	},
}

// RubricLabel returns the label of the technique key in the language
// ('Einwand anerkennen' for acknowledge in German); German for an unknown
// language and "" for an unknown key.
func RubricLabel(language, key string) string {
	return rubricLabels[promptLanguage(language)][key]
}

// ReminderLine is the line appended as the last system message of reply
// prompts: ReminderPrefix and the product on one line, shortened, so a model
// deep into a long chat still knows what is being sold. The app never shows
// a message that starts with ReminderPrefix.
func ReminderLine(product string) string {
	p := strings.Join(strings.Fields(product), " ")
	if p == "" {
		p = "–"
	}
	p, _ = truncateRunes(p, maxReminderProductRunes)
	return ReminderPrefix + p
}

// ReplyMessages builds the prompt for the customer's next message: the
// persona as the system message (with its one concern per objection and
// the form of address of Scenario.AdaptFormality), the chat history as user
// (seller) and assistant (customer) messages, an instruction for plan.Kind
// that follows the move the assessment judged (or, without one, names the
// techniques the last answer lacked), and ReminderLine as the last system
// message.
// It returns an EINVALID *salescoach.Error for an unknown plan kind and an
// EINTERNAL one if a template fails.
func ReplyMessages(in Input, plan ReplyPlan) ([]PromptMessage, error) {
	var instruction string
	switch plan.Kind {
	case ReplyOpen, ReplyPush, ReplyNext, ReplyConvinced:
		instruction = "instruction_" + plan.Kind
	default:
		return nil, salescoach.Errorf(salescoach.EINVALID, "unknown reply kind %q", plan.Kind)
	}
	d := newPromptData(in)
	d.setAssessment(plan.Assessment)
	system, err := d.render("customer")
	if err != nil {
		return nil, err
	}
	inst, err := d.render(instruction)
	if err != nil {
		return nil, err
	}
	msgs := []PromptMessage{{Role: salescoach.RoleSystem, Content: system}}
	msgs = append(msgs, historyMessages(in.History)...)
	msgs = append(msgs,
		PromptMessage{Role: salescoach.RoleSystem, Content: inst},
		PromptMessage{Role: salescoach.RoleSystem, Content: ReminderLine(in.Scenario.Product)},
	)
	return msgs, nil
}

// AssessMessages builds the prompt that judges the last turn of in.History:
// the move due (decided from the history; the chat's last objection needs
// the advance), whether the answer made it, the seven techniques of
// RubricKeys as detail, and a 0–100 score anchored on the move. It returns
// an EINTERNAL *salescoach.Error if a template fails.
func AssessMessages(in Input) ([]PromptMessage, error) {
	return newPromptData(in).pair("assess_system", "assess_user")
}

// HintMessages builds the prompt for a tip on the seller's next answer: the
// move due now and a sample sentence that makes it. It returns an
// EINTERNAL *salescoach.Error if a template fails.
func HintMessages(in Input) ([]PromptMessage, error) {
	return newPromptData(in).pair("hint_system", "hint_user")
}

// PerfectAnswerMessages builds the prompt for the answer to the customer's
// last message that would score near 100: the move due now, made for this
// customer's actual concern. It returns an EINTERNAL *salescoach.Error if a
// template fails.
func PerfectAnswerMessages(in Input) ([]PromptMessage, error) {
	return newPromptData(in).pair("perfect_system", "perfect_user")
}

// EvaluationMessages builds the prompt for the evaluation of the whole chat
// in the six Categories, in order, told the chat's outcome (won, or how
// many objections were overcome). It returns an EINTERNAL
// *salescoach.Error if a template fails.
func EvaluationMessages(in Input) ([]PromptMessage, error) {
	return newPromptData(in).pair("evaluation_system", "evaluation_user")
}

// SummaryMessages builds the prompt that turns a website's readable text
// into a product description of 3–5 sentences (at most MaxSummaryRunes) in
// the language. It returns an EINTERNAL *salescoach.Error if a template
// fails.
func SummaryMessages(language, text string) ([]PromptMessage, error) {
	d := newPromptData(Input{Scenario: Scenario{Language: language}})
	d.Website, d.WebsiteTruncated = truncateRunes(strings.TrimSpace(text), MaxPromptWebsiteRunes)
	return d.pair("summary_system", "summary_user")
}

// CorrectionNote is appended to the task when a model's structured answer
// was invalid and the call is repeated once; problem says briefly what was
// wrong (it may be English: it is read by the model, not the user).
func CorrectionNote(language, problem string) string {
	d := newPromptData(Input{Scenario: Scenario{Language: language}})
	d.Problem = problem
	s, err := d.render("correction")
	if err != nil {
		// The template is static and tested; fall back rather than fail a
		// retry over it.
		return "Invalid answer: " + problem + ". Answer again with JSON that matches the schema."
	}
	return s
}

// historyMessages maps the chat to model roles: the seller speaks as "user",
// the customer as "assistant". System notices and reminder lines are left
// out (the reminder is added once, at the end), consecutive turns of one side
// are merged because some chat templates (Mistral, Llama) insist on
// alternation, and only the newest MaxPromptTranscriptRunes are kept.
func historyMessages(history []Turn) []PromptMessage {
	turns := recentTurns(history)
	var out []PromptMessage
	for _, t := range turns {
		role := salescoach.RoleUser
		if t.Role == salescoach.RoleAssistant {
			role = salescoach.RoleAssistant
		}
		if n := len(out); n > 0 && out[n-1].Role == role {
			out[n-1].Content += "\n\n" + t.Content
			continue
		}
		out = append(out, PromptMessage{Role: role, Content: t.Content})
	}
	return out
}

// recentTurns returns the speaking turns of history (no system notices, no
// reminder lines, no empty ones), each cut to maxPromptTurnRunes, newest
// last, as many as fit MaxPromptTranscriptRunes.
func recentTurns(history []Turn) []Turn {
	var kept []Turn
	budget := MaxPromptTranscriptRunes
	for i := len(history) - 1; i >= 0; i-- {
		t := history[i]
		if !isSpeakingRole(t.Role) || strings.HasPrefix(t.Content, ReminderPrefix) {
			continue
		}
		c, _ := truncateRunes(strings.TrimSpace(t.Content), maxPromptTurnRunes)
		if c == "" {
			continue
		}
		n := utf8.RuneCountInString(c)
		if n > budget && len(kept) > 0 {
			break
		}
		budget -= n
		kept = append(kept, Turn{Role: t.Role, Content: c})
	}
	for i, j := 0, len(kept)-1; i < j; i, j = i+1, j-1 {
		kept[i], kept[j] = kept[j], kept[i]
	}
	return kept
}

func isSpeakingRole(role string) bool {
	return role == salescoach.RoleUser || role == salescoach.RoleSeller || role == salescoach.RoleAssistant
}

// promptData is what the templates see. Every field has a usable zero value
// so that a scenario with empty fields still renders.
type promptData struct {
	Sie bool
	// AdaptFormality: the profile leaves the form of address open, so the
	// customer takes the seller's and neither form is marked down
	// (Scenario.AdaptFormality); Sie is then only the default.
	AdaptFormality     bool
	Exam               bool
	Product            string
	ProductTruncated   bool
	PDFName            string
	PDFText            string
	PDFTruncated       bool
	PDFLimit           int
	Difficulty         int
	ToneName           string
	ToneDescription    string
	CompanyRole        string
	Objection          string
	Stage, TotalStages int
	Progress           int
	// Last says the current objection is the chat's last: it closes only
	// with a next step (the advance move).
	Last bool
	// Won says every objection is overcome (the chat is won); Solved is
	// how many are, for the evaluation.
	Won                 bool
	Solved              int
	Categories          []string
	Transcript          string
	TranscriptTruncated bool
	Answer              string // the seller's last turn
	LastCustomer        string // the customer's last turn

	// Reply plan.
	HasAssessment bool
	Score         int
	Missing       []string // keys of techniques the last answer did not show
	Shown         []string // labels of techniques it showed
	// HasMove says the assessment judged the move (Assessment.Move):
	// MoveExpected is the move the moment called for, MoveMade whether the
	// answer made it. The customer's reply follows the move then, not the
	// missing techniques.
	HasMove      bool
	MoveExpected string
	MoveMade     bool

	Website          string
	WebsiteTruncated bool
	MaxSummary       int
	Problem          string

	// Script is the chat's scenario (persona, situation, objections), nil
	// for a catalogue chat; Custom is the current objection when it is a
	// custom one of the scenario (scenario_prompts.go).
	Script *promptScript
	Custom *promptObjection

	lang string
}

func newPromptData(in Input) *promptData {
	sc := in.Scenario
	d := &promptData{
		lang:           promptLanguage(sc.Language),
		Sie:            sc.Formality != salescoach.FormalityDu,
		AdaptFormality: sc.AdaptFormality,
		Exam:           sc.Mode == salescoach.ModeExam,
		Difficulty:     min(max(sc.Difficulty, 1), 3),
		CompanyRole:    strings.TrimSpace(sc.CompanyRole),
		PDFName:        strings.TrimSpace(sc.PDFName),
		PDFLimit:       MaxPromptPDFRunes,
		Stage:          in.Stage,
		TotalStages:    in.TotalStages,
		Progress:       min(max(in.Progress, 0), 100),
		MaxSummary:     MaxSummaryRunes,
	}
	d.Last = in.TotalStages > 0 && in.Stage >= in.TotalStages
	d.Won = d.Last && d.Progress >= 100
	d.Solved = max(in.Stage-1, 0)
	if d.Won {
		d.Solved = in.TotalStages
	}
	d.Categories = Categories[d.lang]
	d.Product, d.ProductTruncated = truncateRunes(strings.TrimSpace(sc.Product), MaxPromptProductRunes)
	d.PDFText, d.PDFTruncated = truncateRunes(strings.TrimSpace(sc.PDFText), MaxPromptPDFRunes)
	if d.PDFText != "" && d.PDFName == "" {
		d.PDFName = "PDF"
	}
	if sc.Tone != nil {
		d.ToneName = strings.TrimSpace(sc.Tone.Name)
		d.ToneDescription = strings.TrimSpace(sc.Tone.Description)
	}
	if o, ok := ObjectionByKey(in.Objection); ok {
		d.Objection = o.Description[d.lang]
	}
	d.setScript(in)
	d.setTranscript(in.History)
	return d
}

// setTranscript renders the history as "Kunde: …" / "Verkäufer: …" lines for
// the trainer prompts, and picks out the seller's answer (the last turn) and
// the customer's last message.
func (d *promptData) setTranscript(history []Turn) {
	turns := recentTurns(history)
	d.TranscriptTruncated = len(turns) < countSpeaking(history)
	customer, seller := "Kunde", "Verkäufer"
	if d.lang == salescoach.LanguageEN {
		customer, seller = "Customer", "Seller"
	}
	var b strings.Builder
	for i, t := range turns {
		if i > 0 {
			b.WriteString("\n\n")
		}
		if t.Role == salescoach.RoleAssistant {
			b.WriteString(customer)
			d.LastCustomer = t.Content
		} else {
			b.WriteString(seller)
		}
		b.WriteString(": ")
		b.WriteString(t.Content)
	}
	d.Transcript = b.String()
	if n := len(turns); n > 0 && turns[n-1].Role != salescoach.RoleAssistant {
		d.Answer = turns[n-1].Content
	}
}

func countSpeaking(history []Turn) int {
	n := 0
	for _, t := range history {
		if isSpeakingRole(t.Role) && !strings.HasPrefix(t.Content, ReminderPrefix) && strings.TrimSpace(t.Content) != "" {
			n++
		}
	}
	return n
}

func (d *promptData) setAssessment(a *Assessment) {
	if a == nil {
		return
	}
	d.HasAssessment = true
	d.Score = min(max(a.Score, 0), 100)
	if m := a.Move; m != nil && salescoach.ValidMove(m.Expected) {
		d.HasMove, d.MoveExpected, d.MoveMade = true, m.Expected, m.Made
	}
	// Walk the rubric rather than the assessment so the customer's
	// follow-up always names the techniques in the same order.
	for _, key := range RubricKeys {
		for _, t := range a.Techniques {
			if t.Key != key {
				continue
			}
			if t.Shown {
				d.Shown = append(d.Shown, RubricLabel(d.lang, key))
			} else {
				d.Missing = append(d.Missing, key)
			}
			break
		}
	}
}

func (d *promptData) pair(system, user string) ([]PromptMessage, error) {
	s, err := d.render(system)
	if err != nil {
		return nil, err
	}
	u, err := d.render(user)
	if err != nil {
		return nil, err
	}
	return []PromptMessage{{Role: salescoach.RoleSystem, Content: s}, {Role: salescoach.RoleUser, Content: u}}, nil
}

var blankLines = regexp.MustCompile(`\n[ \t]*\n(?:[ \t]*\n)+`)

// render executes the named template of the data's language. Runs of blank
// lines left by optional sections are collapsed, so prompts stay tidy
// whatever is empty.
func (d *promptData) render(name string) (string, error) {
	var buf bytes.Buffer
	if err := promptTemplates[d.lang].ExecuteTemplate(&buf, name, d); err != nil {
		return "", salescoach.Errorf(salescoach.EINTERNAL, "prompt %s: %v", name, err)
	}
	return strings.TrimSpace(blankLines.ReplaceAllString(buf.String(), "\n\n")), nil
}

func promptLanguage(language string) string {
	if language == salescoach.LanguageEN {
		return salescoach.LanguageEN
	}
	return salescoach.LanguageDE
}

// truncateRunes cuts s to at most n runes, at a space near the end when there
// is one so no word is split, and reports whether it cut.
func truncateRunes(s string, n int) (string, bool) {
	if utf8.RuneCountInString(s) <= n {
		return s, false
	}
	cut := 0
	for i := range s {
		if n == 0 {
			cut = i
			break
		}
		n--
	}
	t := s[:cut]
	if sp := strings.LastIndexAny(t, " \n\t"); sp > len(t)*9/10 {
		t = t[:sp]
	}
	return strings.TrimRight(t, " \n\t") + " …", true
}

// The prompts are text/template files, one per language, that a trainer can
// read and tune without touching Go: prompts/de.tmpl and prompts/en.tmpl.
//
//go:embed prompts/de.tmpl
var promptsDE string

//go:embed prompts/en.tmpl
var promptsEN string

var promptTemplates = map[string]*template.Template{
	salescoach.LanguageDE: parsePrompts(salescoach.LanguageDE, promptsDE),
	salescoach.LanguageEN: parsePrompts(salescoach.LanguageEN, promptsEN),
}

func parsePrompts(lang, text string) *template.Template {
	funcs := template.FuncMap{
		"label": func(key string) string { return RubricLabel(lang, key) },
		"labels": func(keys []string) string {
			out := make([]string, len(keys))
			for i, k := range keys {
				out[i] = RubricLabel(lang, k)
			}
			return strings.Join(out, ", ")
		},
		"join": strings.Join,
		"inc":  func(i int) int { return i + 1 },
		"has":  slices.Contains[[]string],
	}
	return template.Must(template.New(lang).Funcs(funcs).Parse(text))
}
