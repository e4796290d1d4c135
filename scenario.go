package salescoach

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// A scenario is a conversation a user, a team or the admins build: who the
// buyer is, the situation, and the objections that buyer raises, each a
// catalogue family or a custom one with the hidden concern behind it and
// the criteria a good answer meets. A chat started on a scenario plays it
// (coach.Scenario.Script holds the snapshot taken at the start, so later
// edits never change a running chat).

// Situations a scenario plays in.
const (
	SituationColdCall  = "cold_call" // Kaltakquise
	SituationFollowUp  = "follow_up" // Nachfassen nach Angebot
	SituationRenewal   = "renewal"   // Vertragsverlängerung
	SituationUpsell    = "upsell"    // Zusatzverkauf
	SituationComplaint = "complaint" // Reklamation
	SituationObjection = "objection" // freies Einwandtraining
)

// Situations lists the situations in display order.
var Situations = []string{SituationColdCall, SituationFollowUp, SituationRenewal, SituationUpsell, SituationComplaint, SituationObjection}

// Buyer kinds of a persona.
const (
	BuyerB2B = "b2b"
	BuyerB2C = "b2c"
)

// Scopes: who sees a scenario. The list filter (GET /api/scenarios?scope=)
// and every list item use the same words; a personal scenario is only ever
// visible to its owner, so it reads "mine".
const (
	ScopeMine   = "mine"   // personal: its owner only
	ScopeTeam   = "team"   // a team's: managers create, members use
	ScopePublic = "public" // admins publish to everyone; the built-in library
)

// ScenarioSchemaVersion is the version of the export/import file format
// ({"version": 1, ...the scenario's JSON}).
const ScenarioSchemaVersion = 1

// Bounds of a scenario's fields, in runes (characters) unless said.
const (
	MaxScenarioTitle      = 120
	MaxScenarioProduct    = 2000
	MaxPersonaName        = 80
	MaxPersonaRole        = 80
	MaxPersonaCompany     = 120
	MaxPersonaIndustry    = 80
	MaxScenarioObjections = 5
	MaxObjectionWordings  = 3
	MaxObjectionWording   = 500
	MaxObjectionConcern   = 500
	MaxObjectionCriteria  = 5
	MaxObjectionCriterion = 200
	// MaxScenarioFileBytes bounds an imported file and a request body.
	MaxScenarioFileBytes = 64 << 10
)

// Scenario is a conversation to train. Its JSON is the API's shape (and the
// export file's, with "version" added); ID, OwnerID, TeamID, Scope and the
// times are the server's.
type Scenario struct {
	ID         string      `json:"id,omitempty"`
	Title      string      `json:"title"`
	Language   string      `json:"language"`  // LanguageDE or LanguageEN
	Situation  string      `json:"situation"` // one of Situations
	Product    string      `json:"product"`
	Persona    Persona     `json:"persona"`
	Objections []Objection `json:"objections"` // 1..MaxScenarioObjections

	Scope string `json:"scope,omitempty"` // ScopeMine, ScopeTeam or ScopePublic
	// OwnerID is the creator of a personal or public scenario; "" for a
	// team's (it is the team's, not its creator's) and the built-in library.
	OwnerID string `json:"-"`
	TeamID  string `json:"-"` // the team of a ScopeTeam scenario
	// BuiltIn marks the embedded library's scenarios: nobody edits them.
	BuiltIn bool `json:"builtIn,omitempty"`
	// Editable says whether the user the store read it for may change it
	// (the store's permission check, read with the row).
	Editable  bool      `json:"-"`
	CreatedAt time.Time `json:"-"`
	UpdatedAt time.Time `json:"-"`
}

// Persona is the buyer the AI customer plays.
type Persona struct {
	Name     string `json:"name"`
	Role     string `json:"role"`
	Company  string `json:"company"` // a company, or e.g. "Privathaushalt"
	Industry string `json:"industry"`
	Buyer    string `json:"buyer"` // BuyerB2B or BuyerB2C
	// Personality is a tone preset's id (TonePreset.ID, e.g. "skeptisch");
	// "" is neutral. The service checks that the preset exists when a
	// scenario is saved; a preset deleted later plays neutral.
	Personality string `json:"personality,omitempty"`
	Formality   string `json:"formality"` // FormalityDu or FormalitySie
}

// Objection is one objection of a scenario: either a catalogue family
// (Family set, the rest empty) or a custom one (Family empty; Wordings,
// Concern and Criteria set).
type Objection struct {
	Family string `json:"family,omitempty"`
	// Wordings are what the customer says (1..3 variants).
	Wordings []string `json:"wordings,omitempty"`
	// Concern is the hidden concern behind it, revealed when the seller
	// asks well.
	Concern string `json:"concern,omitempty"`
	// Criteria are what a good answer must contain, in plain words
	// (1..MaxObjectionCriteria facts or arguments).
	Criteria []string `json:"criteria,omitempty"`
}

// Custom reports whether o is a custom objection rather than a family.
func (o Objection) Custom() bool { return o.Family == "" }

// CustomObjectionPrefix starts the objection key (Conversation.Objections)
// of a scenario's custom objection: "custom1" is the scenario's first
// objection (1-based index into Scenario.Objections). A catalogue objection
// of a scenario keeps its family key.
const CustomObjectionPrefix = "custom"

// CustomObjectionKey returns the objection key of the scenario's i-th
// objection (0-based i).
func CustomObjectionKey(i int) string { return CustomObjectionPrefix + strconv.Itoa(i+1) }

// CustomObjectionIndex returns the 0-based index into Scenario.Objections
// of a custom objection key, or false when key is not one.
func CustomObjectionIndex(key string) (int, bool) {
	n, ok := strings.CutPrefix(key, CustomObjectionPrefix)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(n)
	if err != nil || i < 1 || i > MaxScenarioObjections {
		return 0, false
	}
	return i - 1, true
}

// Objection returns the scenario objection behind a conversation's
// objection key: a custom key's entry, or the first entry of that family.
func (s *Scenario) Objection(key string) (Objection, bool) {
	if i, ok := CustomObjectionIndex(key); ok {
		if i < len(s.Objections) && s.Objections[i].Custom() {
			return s.Objections[i], true
		}
		return Objection{}, false
	}
	for _, o := range s.Objections {
		if o.Family == key {
			return o, true
		}
	}
	return Objection{}, false
}

// ObjectionKeys returns the conversation objection key of each of the
// scenario's objections, in order.
func (s *Scenario) ObjectionKeys() []string {
	keys := make([]string, len(s.Objections))
	for i, o := range s.Objections {
		if o.Custom() {
			keys[i] = CustomObjectionKey(i)
		} else {
			keys[i] = o.Family
		}
	}
	return keys
}

// Scenario validation messages.
var (
	MsgScenarioRequired       = newMsg("scenario_field_required", "Dieses Feld ist erforderlich.")
	MsgScenarioTooLong        = newMsg("scenario_field_too_long", "Dieses Feld darf höchstens {max} Zeichen lang sein.")
	MsgScenarioBadChoice      = newMsg("scenario_field_bad_choice", "Bitte wähle einen der angebotenen Werte.")
	MsgScenarioUnknownFamily  = newMsg("scenario_unknown_family", "Unbekannte Einwand-Kategorie.")
	MsgScenarioObjections     = newMsg("scenario_objections_count", "Ein Szenario braucht 1 bis {max} Einwände.")
	MsgScenarioListCount      = newMsg("scenario_list_count", "Bitte gib 1 bis {max} Einträge an.")
	MsgScenarioMixedObjection = newMsg("scenario_objection_mixed", "Ein Einwand ist entweder eine Kategorie oder ein eigener Einwand mit Wortlaut, Anliegen und Kriterien.")
	MsgScenarioVersion        = newMsg("scenario_bad_version", "Unbekannte Version der Szenario-Datei.")
	MsgScenarioNotFound       = newMsg("scenario_not_found", "Szenario nicht gefunden.")
	MsgScenarioReadOnly       = newMsg("scenario_read_only", "Dieses Szenario kannst du nicht bearbeiten.")
)

var personalityRE = regexp.MustCompile(`^[a-z0-9_-]{1,40}$`)

// Validate checks every field of s against the rules of a scenario and the
// families (the catalogue's objection family keys, coach.Objections), and
// returns nil or an EINVALID *Error whose Fields name each bad field by its
// JSON path ("title", "persona.formality", "objections.0.criteria.1").
// Texts are trimmed first. It needs no I/O: whether a persona's personality
// names an existing tone preset is the service's to check.
func (s *Scenario) Validate(families []string) error {
	p := Problems{}
	text := func(path string, v *string, max int, required bool) {
		*v = strings.TrimSpace(*v)
		switch {
		case *v == "":
			if required {
				p[path] = MsgScenarioRequired
			}
		case utf8.RuneCountInString(*v) > max:
			p[path] = MsgScenarioTooLong.With("max", max)
		case scenarioControl(*v, path == "product"):
			p[path] = MsgControlChar
		}
	}
	choice := func(path, v string, allowed ...string) {
		if v == "" {
			p[path] = MsgScenarioRequired
			return
		}
		for _, a := range allowed {
			if v == a {
				return
			}
		}
		p[path] = MsgScenarioBadChoice
	}
	text("title", &s.Title, MaxScenarioTitle, true)
	choice("language", s.Language, LanguageDE, LanguageEN)
	choice("situation", s.Situation, Situations...)
	text("product", &s.Product, MaxScenarioProduct, true)
	pe := &s.Persona
	text("persona.name", &pe.Name, MaxPersonaName, true)
	text("persona.role", &pe.Role, MaxPersonaRole, false)
	text("persona.company", &pe.Company, MaxPersonaCompany, false)
	text("persona.industry", &pe.Industry, MaxPersonaIndustry, false)
	choice("persona.buyer", pe.Buyer, BuyerB2B, BuyerB2C)
	choice("persona.formality", pe.Formality, FormalityDu, FormalitySie)
	pe.Personality = strings.TrimSpace(pe.Personality)
	if pe.Personality != "" && !personalityRE.MatchString(pe.Personality) {
		p["persona.personality"] = MsgScenarioBadChoice
	}
	if n := len(s.Objections); n < 1 || n > MaxScenarioObjections {
		p["objections"] = MsgScenarioObjections.With("max", MaxScenarioObjections)
	}
	for i := range s.Objections {
		if i >= MaxScenarioObjections {
			break
		}
		o := &s.Objections[i]
		at := "objections." + strconv.Itoa(i)
		o.Family = strings.TrimSpace(o.Family)
		if o.Family != "" {
			if len(o.Wordings) > 0 || strings.TrimSpace(o.Concern) != "" || len(o.Criteria) > 0 {
				p[at] = MsgScenarioMixedObjection
				continue
			}
			known := false
			for _, f := range families {
				known = known || f == o.Family
			}
			if !known {
				p[at+".family"] = MsgScenarioUnknownFamily
			}
			continue
		}
		list := func(name string, items []string, maxItems, maxRunes int) {
			if len(items) < 1 || len(items) > maxItems {
				p[at+"."+name] = MsgScenarioListCount.With("max", maxItems)
				return
			}
			for j := range items {
				text(at+"."+name+"."+strconv.Itoa(j), &items[j], maxRunes, true)
			}
		}
		list("wordings", o.Wordings, MaxObjectionWordings, MaxObjectionWording)
		text(at+".concern", &o.Concern, MaxObjectionConcern, true)
		list("criteria", o.Criteria, MaxObjectionCriteria, MaxObjectionCriterion)
	}
	if len(p) > 0 {
		return FieldErrors(p)
	}
	return nil
}

// scenarioControl reports a control character; the product description may
// hold line breaks and tabs, the other fields are single lines.
func scenarioControl(s string, multiline bool) bool {
	for _, c := range s {
		if unicode.IsControl(c) && !(multiline && (c == '\n' || c == '\t')) {
			return true
		}
	}
	return false
}

// ScenarioFilter selects scenarios for a list.
type ScenarioFilter struct {
	Scope     string // "" for all the caller may see, else a Scope
	Query     string // matched against title, product, persona and industry
	Situation string // "" or one of Situations
	Language  string // "" or LanguageDE / LanguageEN
	Buyer     string // "" or BuyerB2B / BuyerB2C
	Industry  string // "" or an industry, matched case-insensitively
	Page      Page
}

// ScenarioStats are one user's results on one scenario.
type ScenarioStats struct {
	Attempts  int
	Wins      int
	BestScore int // the best evaluation total (0..100); 0 when none
}

// ScenarioService stores scenarios. Every call is made for a user and checks
// what that user may see or change in the query itself: a personal scenario
// is its owner's only; a team scenario is visible to the team's members and
// changed by its managers and owner; a public one is visible to everyone
// and changed by admins; built-in ones by nobody.
type ScenarioService interface {
	// CreateScenario stores a validated scenario for u with s.Scope; a
	// team one in u's team (never another). EFORBIDDEN when u may not
	// create in that scope, ENOTFOUND (MsgNoTeam) for a team one when u is
	// in no team.
	CreateScenario(ctx context.Context, u *User, s *Scenario) error
	// Scenario returns a scenario u may see; ENOTFOUND otherwise.
	Scenario(ctx context.Context, u *User, id string) (*Scenario, error)
	// Scenarios lists what u may see, newest first, with the total.
	Scenarios(ctx context.Context, u *User, f ScenarioFilter) ([]*Scenario, int, error)
	// UpdateScenario replaces the fields of a scenario u may change.
	// ENOTFOUND when u may not see it, EFORBIDDEN when u may see but not
	// change it.
	UpdateScenario(ctx context.Context, u *User, s *Scenario) error
	// DeleteScenario removes a scenario u may change; running chats keep
	// their snapshot. ENOTFOUND / EFORBIDDEN as UpdateScenario.
	DeleteScenario(ctx context.Context, u *User, id string) error
	// ScenarioStats returns u's attempts, wins and best score per scenario
	// id, for the ids given.
	ScenarioStats(ctx context.Context, userID string, ids []string) (map[string]ScenarioStats, error)
}
