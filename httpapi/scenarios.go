package httpapi

import (
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"salescoach"
	"salescoach/coach"
)

// scenarioPageSize is how many scenarios one page of the library lists.
const scenarioPageSize = 20

// Bounds of the list's query parameters.
const (
	maxScenarioQuery = 100
	maxScenarioPage  = 1000
)

// familyKeys are the catalogue's objection family keys, which a scenario's
// catalogue objections must name.
func familyKeys() []string {
	keys := make([]string, len(coach.Objections))
	for i, o := range coach.Objections {
		keys[i] = o.Key
	}
	return keys
}

// scenarioInput is a scenario as POST /api/scenarios and the preview take
// it: the scenario's JSON and, on creation, the scope.
type scenarioInput struct {
	Title      string                 `json:"title"`
	Language   string                 `json:"language"`
	Situation  string                 `json:"situation"`
	Product    string                 `json:"product"`
	Persona    salescoach.Persona     `json:"persona"`
	Objections []salescoach.Objection `json:"objections"`
	Scope      string                 `json:"scope"`
}

func (q *scenarioInput) scenario() *salescoach.Scenario {
	return &salescoach.Scenario{Title: q.Title, Language: q.Language, Situation: q.Situation, Product: q.Product,
		Persona: q.Persona, Objections: q.Objections, Scope: q.Scope}
}

// Valid checks the scenario's fields and the scope's value (who may use
// which scope is the store's to say).
func (q *scenarioInput) Valid() salescoach.Problems {
	p := problemsOf(q.scenario().Validate(familyKeys()))
	if q.Scope != "" && !slices.Contains([]string{salescoach.ScopeMine, salescoach.ScopeTeam, salescoach.ScopePublic}, q.Scope) {
		p["scope"] = salescoach.MsgScenarioBadChoice
	}
	return p
}

// problemsOf returns the field problems of a validation error (none for
// nil).
func problemsOf(err error) salescoach.Problems {
	p := salescoach.Problems{}
	var e *salescoach.Error
	if errors.As(err, &e) {
		for k, v := range e.Fields {
			p[k] = v
		}
	}
	return p
}

// scenarioPatch replaces the fields it gives; the result is validated as a
// whole. The scope is not changed by an edit.
type scenarioPatch struct {
	Title      *string                 `json:"title"`
	Language   *string                 `json:"language"`
	Situation  *string                 `json:"situation"`
	Product    *string                 `json:"product"`
	Persona    *salescoach.Persona     `json:"persona"`
	Objections *[]salescoach.Objection `json:"objections"`
}

func (q *scenarioPatch) Valid() salescoach.Problems { return nil }

func (q *scenarioPatch) apply(s *salescoach.Scenario) {
	set := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	set(&s.Title, q.Title)
	set(&s.Language, q.Language)
	set(&s.Situation, q.Situation)
	set(&s.Product, q.Product)
	if q.Persona != nil {
		s.Persona = *q.Persona
	}
	if q.Objections != nil {
		s.Objections = *q.Objections
	}
}

// scenarioStatsJSON are the caller's results on a scenario.
type scenarioStatsJSON struct {
	Attempts  int `json:"attempts"`
	Wins      int `json:"wins"`
	BestScore int `json:"bestScore"`
}

// scenarioItemJSON is a scenario in the library's list.
type scenarioItemJSON struct {
	ID             string             `json:"id"`
	Title          string             `json:"title"`
	Language       string             `json:"language"`
	Situation      string             `json:"situation"`
	Scope          string             `json:"scope"`
	BuiltIn        bool               `json:"builtIn"`
	Editable       bool               `json:"editable"`
	Persona        salescoach.Persona `json:"persona"`
	ObjectionCount int                `json:"objectionCount"`
	Stats          scenarioStatsJSON  `json:"stats"`
}

// scenarioJSON is a whole scenario with the caller's results.
type scenarioJSON struct {
	ID         string                 `json:"id"`
	Title      string                 `json:"title"`
	Language   string                 `json:"language"`
	Situation  string                 `json:"situation"`
	Product    string                 `json:"product"`
	Persona    salescoach.Persona     `json:"persona"`
	Objections []salescoach.Objection `json:"objections"`
	Scope      string                 `json:"scope"`
	BuiltIn    bool                   `json:"builtIn"`
	Editable   bool                   `json:"editable"`
	Stats      scenarioStatsJSON      `json:"stats"`
}

func toScenarioJSON(s *salescoach.Scenario, st salescoach.ScenarioStats) scenarioJSON {
	return scenarioJSON{ID: s.ID, Title: s.Title, Language: s.Language, Situation: s.Situation, Product: s.Product,
		Persona: s.Persona, Objections: s.Objections, Scope: s.Scope, BuiltIn: s.BuiltIn, Editable: s.Editable,
		Stats: scenarioStatsJSON{Attempts: st.Attempts, Wins: st.Wins, BestScore: st.BestScore}}
}

// checkPersonality refuses a persona's personality that names no tone
// preset.
func (s *Server) checkPersonality(r *http.Request, sc *salescoach.Scenario) error {
	p := sc.Persona.Personality
	if p == "" {
		return nil
	}
	if _, err := s.tonePreset(r, p); err != nil {
		return err
	}
	return nil
}

// tonePreset finds a tone preset by id; EINVALID (persona.personality)
// when there is none.
func (s *Server) tonePreset(r *http.Request, id string) (*salescoach.TonePreset, error) {
	presets, err := s.Catalog.TonePresets(r.Context())
	if err != nil {
		return nil, err
	}
	for _, t := range presets {
		if t.ID == id {
			return t, nil
		}
	}
	return nil, salescoach.FieldError("persona.personality", salescoach.MsgScenarioBadChoice)
}

// respondScenario answers with the whole scenario and the caller's stats.
func (s *Server) respondScenario(w http.ResponseWriter, r *http.Request, u *salescoach.User, status int, sc *salescoach.Scenario) error {
	stats, err := s.Scenarios.ScenarioStats(r.Context(), u.ID, []string{sc.ID})
	if err != nil {
		return err
	}
	writeJSON(w, status, toScenarioJSON(sc, stats[sc.ID]))
	return nil
}

// handleScenarios lists the scenarios the caller may see.
func (s *Server) handleScenarios(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	q := r.URL.Query()
	f := salescoach.ScenarioFilter{Scope: q.Get("scope"), Query: strings.TrimSpace(q.Get("q")), Situation: q.Get("situation"),
		Language: q.Get("language"), Buyer: q.Get("buyer"), Industry: strings.TrimSpace(q.Get("industry"))}
	p := salescoach.Problems{}
	choice := func(name, v string, allowed ...string) {
		if v != "" && !slices.Contains(allowed, v) {
			p[name] = salescoach.MsgScenarioBadChoice
		}
	}
	choice("scope", f.Scope, salescoach.ScopeMine, salescoach.ScopeTeam, salescoach.ScopePublic)
	choice("situation", f.Situation, salescoach.Situations...)
	choice("language", f.Language, salescoach.LanguageDE, salescoach.LanguageEN)
	choice("buyer", f.Buyer, salescoach.BuyerB2B, salescoach.BuyerB2C)
	text := func(name, v string, max int) {
		switch {
		case utf8.RuneCountInString(v) > max:
			p[name] = salescoach.MsgScenarioTooLong.With("max", max)
		case hasControl(v) || strings.ContainsAny(v, "\t\n"):
			p[name] = salescoach.MsgControlChar
		}
	}
	text("q", f.Query, maxScenarioQuery)
	text("industry", f.Industry, salescoach.MaxPersonaIndustry)
	page := 1
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > maxScenarioPage {
			p["page"] = salescoach.MsgInvalidData
		}
		page = n
	}
	if len(p) > 0 {
		return salescoach.FieldErrors(p)
	}
	f.Page = salescoach.Page{Limit: scenarioPageSize, Offset: (page - 1) * scenarioPageSize}
	list, total, err := s.Scenarios.Scenarios(r.Context(), u, f)
	if err != nil {
		return err
	}
	ids := make([]string, len(list))
	for i, sc := range list {
		ids[i] = sc.ID
	}
	stats, err := s.Scenarios.ScenarioStats(r.Context(), u.ID, ids)
	if err != nil {
		return err
	}
	items := make([]scenarioItemJSON, len(list))
	for i, sc := range list {
		st := stats[sc.ID]
		items[i] = scenarioItemJSON{ID: sc.ID, Title: sc.Title, Language: sc.Language, Situation: sc.Situation,
			Scope: sc.Scope, BuiltIn: sc.BuiltIn, Editable: sc.Editable, Persona: sc.Persona,
			ObjectionCount: len(sc.Objections), Stats: scenarioStatsJSON{Attempts: st.Attempts, Wins: st.Wins, BestScore: st.BestScore}}
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": total})
	return nil
}

// handleCreateScenario stores a new scenario in the scope asked for.
func (s *Server) handleCreateScenario(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*scenarioInput](w, r, salescoach.MaxScenarioFileBytes)
	if err != nil {
		return err
	}
	sc := req.scenario()
	if err := s.checkPersonality(r, sc); err != nil {
		return err
	}
	if err := s.Scenarios.CreateScenario(r.Context(), u, sc); err != nil {
		return err
	}
	return s.respondScenario(w, r, u, http.StatusCreated, sc)
}

func (s *Server) handleScenario(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	sc, err := s.Scenarios.Scenario(r.Context(), u, r.PathValue("id"))
	if err != nil {
		return err
	}
	return s.respondScenario(w, r, u, http.StatusOK, sc)
}

// handlePatchScenario replaces the fields given and stores the result
// when it is valid as a whole.
func (s *Server) handlePatchScenario(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*scenarioPatch](w, r, salescoach.MaxScenarioFileBytes)
	if err != nil {
		return err
	}
	sc, err := s.Scenarios.Scenario(r.Context(), u, r.PathValue("id"))
	if err != nil {
		return err
	}
	if !sc.Editable {
		// The store says so too; answering before validating tells the
		// caller the real reason.
		return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgScenarioReadOnly)
	}
	req.apply(sc)
	if err := sc.Validate(familyKeys()); err != nil {
		return err
	}
	if err := s.checkPersonality(r, sc); err != nil {
		return err
	}
	if err := s.Scenarios.UpdateScenario(r.Context(), u, sc); err != nil {
		return err
	}
	return s.respondScenario(w, r, u, http.StatusOK, sc)
}

func (s *Server) handleDeleteScenario(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.Scenarios.DeleteScenario(r.Context(), u, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// handleImportScenario stores an export file as the caller's own
// scenario. The file is read strictly: an unknown field, a wrong version
// or a bad field is refused naming the field's path.
func (s *Server) handleImportScenario(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(strings.ToLower(ct), "application/json") {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgNotJSON)
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, salescoach.MaxScenarioFileBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return salescoach.NewError(salescoach.ETOOLARGE, salescoach.MsgTooLarge)
		}
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgBadJSON)
	}
	sc, err := salescoach.ParseScenarioFile(raw, familyKeys())
	if err != nil {
		return err
	}
	if err := s.checkPersonality(r, sc); err != nil {
		return err
	}
	sc.Scope = salescoach.ScopeMine
	if err := s.Scenarios.CreateScenario(r.Context(), u, sc); err != nil {
		return err
	}
	return s.respondScenario(w, r, u, http.StatusCreated, sc)
}

// handleExportScenario answers a scenario the caller may see as a file.
func (s *Server) handleExportScenario(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	sc, err := s.Scenarios.Scenario(r.Context(), u, r.PathValue("id"))
	if err != nil {
		return err
	}
	b, err := salescoach.ScenarioFile(sc)
	if err != nil {
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Disposition", `attachment; filename="`+fileSlug(sc.Title)+`.json"`)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
	return nil
}

// fileSlug turns a title into a plain ASCII file name ("szenario" when
// nothing is left).
func fileSlug(title string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(title) {
		switch c {
		case 'ä':
			b.WriteString("ae")
		case 'ö':
			b.WriteString("oe")
		case 'ü':
			b.WriteString("ue")
		case 'ß':
			b.WriteString("ss")
		default:
			if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
				b.WriteRune(c)
			} else {
				if !dash && b.Len() > 0 {
					b.WriteByte('-')
				}
				dash = true
				continue
			}
		}
		dash = false
		if b.Len() >= 60 {
			break
		}
	}
	out := strings.Trim(b.String(), "-")
	if out == "" {
		return "szenario"
	}
	return out
}

// handlePreviewScenario answers the customer's first message for a
// scenario being edited, from the configured engine, as a chat would open
// on it. Nothing is stored except the model's token usage.
func (s *Server) handlePreviewScenario(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.chat, u.ID); err != nil {
		return err
	}
	req, err := decode[*scenarioInput](w, r, salescoach.MaxScenarioFileBytes)
	if err != nil {
		return err
	}
	sc := req.scenario()
	sc.Scope = ""
	_ = sc.Validate(familyKeys()) // trims; decode validated already
	sc2 := coach.Scenario{Mode: salescoach.ModePractice, Difficulty: 1, Formality: sc.Persona.Formality,
		Language: sc.Language, Product: sc.Product, CompanyRole: u.Role, Seed: "preview", Script: sc}
	if p := sc.Persona.Personality; p != "" {
		if sc2.Tone, err = s.tonePreset(r, p); err != nil {
			return err
		}
	}
	keys := sc.ObjectionKeys()
	in := coach.Input{Scenario: sc2, Stage: 1, TotalStages: 1, Objection: keys[0], Objections: keys[:1]}
	engine := s.Training.Engine
	reply, usage, err := engine.Reply(r.Context(), in, coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
	if usage.TokensIn > 0 || usage.TokensOut > 0 {
		t := &salescoach.TokenUsage{UserID: u.ID, Model: usage.Model, Purpose: "scenario_preview",
			TokensIn: usage.TokensIn, TokensOut: usage.TokensOut, CreatedAt: s.now()}
		if err := s.Conversations.RecordTokenUsage(r.Context(), t); err != nil {
			s.log.ErrorContext(r.Context(), "token usage not recorded", "user_id", u.ID, "err", err)
		}
	}
	if err != nil {
		return previewError(err)
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": reply})
	return nil
}

// previewError keeps an engine's own user-facing error and answers
// anything else as the chat does when the reply fails.
func previewError(err error) error {
	var e *salescoach.Error
	if errors.As(err, &e) && e.Code != salescoach.EINTERNAL && e.Msg.Text != "" {
		return err
	}
	return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgReplyFailed)
}
