package trainer

import (
	_ "embed"
	"fmt"
	"hash/fnv"
	"strings"

	"salescoach"
	"salescoach/coach"
)

// A chat on a user-built scenario (coach.Scenario.Script) plays its
// persona and raises its objections: a catalogue family as in any chat, a
// custom one ("custom1".."custom5") in the scenario's own words. The
// trainer treats a custom key as one more objection family whose texts
// (familyTexts) and recognition words (familyWords) it builds from the
// scenario when the chat is prepared: the wordings open and press it, the
// concern is what the customer reveals when asked, and the criteria are
// the conditions an answer must meet (criteria.go). The frame around the
// scenario's words lives in data/scenario.json.

//go:embed data/scenario.json
var scenarioJSON []byte

// scenarioFile is the shape of data/scenario.json.
type scenarioFile struct {
	About       string                         `json:"_about"`
	Intro       map[string][]string            `json:"intro"`
	CompanyLink map[string]string              `json:"company_link"`
	Situations  map[string]map[string][]string `json:"situations"`
	PushLeads   map[string][]string            `json:"push_leads"`
	RevealLeads map[string][]string            `json:"reveal_leads"`
	Conditions  map[string][]string            `json:"conditions"`
	Settled     map[string][]string            `json:"settled"`
	Name        map[string]string              `json:"name"`
	Answer      map[string][]string            `json:"answer"`
	And         map[string]string              `json:"and"`
	Perfect     perfectTexts                   `json:"perfect"`
	Criterion   map[string]map[string]string   `json:"criterion"`
	Synonyms    [][]string                     `json:"synonyms"`
	WeakWords   []string                       `json:"weak_words"`
}

var scenarioData = mustParse[scenarioFile]("data/scenario.json", scenarioJSON)

// script is a chat's scenario as the trainer uses it; nil for a catalogue
// chat.
type script struct {
	sc *salescoach.Scenario
	// custom holds, per custom objection key, its texts, recognition words
	// and compiled criteria.
	custom map[string]*customObjection
	key    string // identifies the scenario's texts in shared caches
}

// customObjection is one custom objection of the scenario, prepared.
type customObjection struct {
	obj      salescoach.Objection
	texts    familyTexts
	words    familyWords
	criteria []criterion
}

// newScript prepares the chat's scenario, or returns nil without one.
func newScript(in coach.Input, v voice) *script {
	sc := in.Scenario.Script
	if sc == nil {
		return nil
	}
	s := &script{sc: sc, custom: map[string]*customObjection{}}
	h := fnv.New64a()
	for i, o := range sc.Objections {
		if !o.Custom() {
			continue
		}
		key := salescoach.CustomObjectionKey(i)
		s.custom[key] = newCustomObjection(o, v)
		fmt.Fprintf(h, "%s\x00%q\x00%s\x00%q\x00", key, o.Wordings, o.Concern, o.Criteria)
	}
	s.key = fmt.Sprintf("%x", h.Sum64())
	return s
}

// safeText keeps a scenario's words from being read as the catalogue's
// notation ({Sie|du}, [q], placeholders).
var safeText = strings.NewReplacer("{", "(", "}", ")", "[", "(", "]", ")", "|", "/")

// clean is one of the scenario's texts as the customer may say it: on one
// line, without notation, without a trailing full stop for criteria.
func clean(s string) string {
	return strings.Join(strings.Fields(safeText.Replace(s)), " ")
}

func newCustomObjection(o salescoach.Objection, v voice) *customObjection {
	lang := v.Lang
	co := &customObjection{obj: o}
	var wordings []string
	for _, w := range o.Wordings {
		if w = clean(w); w != "" {
			wordings = append(wordings, w)
		}
	}
	if len(wordings) == 0 {
		wordings = []string{"…"}
	}
	concern := clean(o.Concern)
	// Pressing again: a lead and the first sentence of a wording, so the
	// customer varies the words but says nothing the scenario does not.
	var push []string
	for _, w := range wordings {
		first := firstSentence(splitSentences(w))
		for _, l := range scenarioData.PushLeads[lang] {
			push = append(push, l+" "+first)
		}
	}
	// The core is repeated after "Noch mal:": the shortest first sentence
	// of a wording that still says something ("Cloud?" does not).
	core := firstSentence(splitSentences(wordings[0]))
	for _, w := range wordings[1:] {
		f := firstSentence(splitSentences(w))
		if wordCount(f) >= 4 && (wordCount(core) < 4 || len(f) < len(core)) {
			core = f
		}
	}
	var reveal []string
	for _, l := range scenarioData.RevealLeads[lang] {
		reveal = append(reveal, strings.TrimSpace(l+" "+concern))
	}
	var conditions, answers []string
	var met [][]string
	for k, c := range o.Criteria {
		c = strings.TrimRight(clean(c), ".!?;: ")
		cr := newCriterion(c)
		co.criteria = append(co.criteria, cr)
		tmpl := scenarioData.Conditions[lang]
		conditions = append(conditions, fmt.Sprintf(tmpl[k%len(tmpl)], c))
		answers = append(answers, fmt.Sprintf(scenarioData.Answer[lang][0], c))
		met = append(met, cr.entries())
	}
	co.texts = familyTexts{
		Name:      map[string]string{lang: scenarioData.Name[lang]},
		Open:      map[string][]string{lang: wordings},
		Push:      map[string][]string{lang: push},
		Core:      map[string]string{lang: core},
		Reveal:    map[string][]string{lang: reveal},
		Condition: map[string][]string{lang: conditions},
		Met:       met,
		Answer:    map[string][]string{lang: answers},
		Settled:   map[string][]string{lang: scenarioData.Settled[lang]},
	}
	// The theme is what the customer said; handling it is giving what the
	// criteria ask for.
	var theme, handling []string
	for _, t := range append(append([]string(nil), wordings...), concern) {
		theme = append(theme, stemEntries(t)...)
	}
	for _, cr := range co.criteria {
		handling = append(handling, cr.entries()...)
	}
	co.words = familyWords{Theme: lex(theme...), Handling: lex(handling...)}
	return co
}

// stemEntries are the content words of s as lexicon entries matching
// their stem ("rechenzentr*").
func stemEntries(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range tokens(s) {
		if len(w) < 4 || stopwords[w] || weakWords[w] || isDigits(w) {
			continue
		}
		st := stem(w)
		if len(st) < 4 || seen[st] {
			continue
		}
		seen[st] = true
		out = append(out, st+"*")
	}
	return out
}

// customOf returns the chat's custom objection behind key, or nil.
func (c *chat) customOf(key string) *customObjection {
	if c.sc == nil {
		return nil
	}
	return c.sc.custom[key]
}

// isFamily reports an objection the trainer can play: a catalogue family
// or a custom objection of the chat's scenario.
func (c *chat) isFamily(key string) bool {
	if _, ok := families[key]; ok {
		return true
	}
	return c.customOf(key) != nil
}

// words are the recognition words of an objection: a catalogue family's
// from data/lexicon.json, a custom one's from the scenario.
func (c *chat) words(key string) (familyWords, bool) {
	if co := c.customOf(key); co != nil {
		return co.words, true
	}
	fw, ok := familyLexicon[key]
	return fw, ok
}

// lexicon is the analysed objection's recognition words (see chat.words).
func (a *analysis) lexicon() (familyWords, bool) {
	if a.fw != nil {
		return *a.fw, true
	}
	fw, ok := familyLexicon[a.family]
	return fw, ok
}

// themeOrHandling reports a sentence about the analysed objection.
func (a *analysis) themeOrHandling(n string) bool {
	fw, ok := a.lexicon()
	return ok && (has(n, fw.Theme.m) || has(n, fw.Handling.m))
}

// customWords are the recognition words an answer to key is analysed
// with, nil for a catalogue family.
func (c *chat) customWords(key string) *familyWords {
	if co := c.customOf(key); co != nil {
		return &co.words
	}
	return nil
}

// scriptTone is the chat's tone preset: the persona's personality when
// the chat has no preset of its own (the service normally passes it).
func scriptTone(in coach.Input) *salescoach.TonePreset {
	if t := in.Scenario.Tone; t != nil || in.Scenario.Script == nil || in.Scenario.Script.Persona.Personality == "" {
		return t
	}
	p := in.Scenario.Script.Persona.Personality
	return &salescoach.TonePreset{ID: p, Name: p}
}

// scriptBuyer is the buyer of a scenario: its persona says private or
// business; the trade still comes from the product.
func (c *chat) scriptBuyer(b buyer) buyer {
	if c.sc == nil {
		return b
	}
	switch c.sc.sc.Persona.Buyer {
	case salescoach.BuyerB2C:
		b.Kind = "private"
	case salescoach.BuyerB2B:
		b.Kind = "business"
	}
	return b
}

// scriptKey names the scenario's texts in the shared caches ("" without
// one).
func (c *chat) scriptKey() string {
	if c.sc == nil {
		return ""
	}
	return "\x00" + c.sc.key
}

// greeting follows the returned greeting in the first message: in a
// scenario the persona says who they are and the situation shapes the
// next line (a cold call surprises, a follow-up refers to the offer, …);
// otherwise the temperament's greeting.
func (c *chat) greeting() []string {
	general := c.render(c.choose(c.temp.Greet[c.v.Lang], "greeting"))
	if c.sc == nil {
		return []string{general}
	}
	lang := c.v.Lang
	pe := c.sc.sc.Persona
	who := clean(pe.Name)
	var parts []string
	if who != "" {
		role, company := clean(pe.Role), clean(pe.Company)
		if pe.Buyer == salescoach.BuyerB2C {
			// A private household is no company to name.
			company = ""
		}
		switch {
		case role != "" && company != "":
			who += ", " + role + " " + scenarioData.CompanyLink[lang] + " " + company
		case role != "":
			who += ", " + role
		case company != "":
			who += " " + scenarioData.CompanyLink[lang] + " " + company
		}
		parts = append(parts, fmt.Sprintf(c.choose(scenarioData.Intro[lang], "intro"), who))
	}
	if lines := scenarioData.Situations[c.sc.sc.Situation][lang]; len(lines) > 0 {
		parts = append(parts, c.render(c.choose(lines, "situation")))
	} else {
		parts = append(parts, general)
	}
	return parts
}

// perfectFor are the perfect-answer blocks of an objection: a custom one
// gets the general blocks of data/scenario.json.
func (c *chat) perfectFor(key string) perfectTexts {
	if c.customOf(key) != nil {
		return scenarioData.Perfect
	}
	return perfect[key]
}

// scriptModelSentences adds the sentences of the scenario's model answers
// to what appWritten knows.
func (c *chat) scriptModelSentences(add func([]string)) {
	if c.sc == nil {
		return
	}
	pt := scenarioData.Perfect
	for _, b := range []map[string][]string{pt.Ack, pt.Question, pt.Benefit, pt.Evidence, pt.Next} {
		add(b[c.v.Lang])
	}
	for key := range c.sc.custom {
		for v := range scenarioData.Answer[c.v.Lang] {
			add([]string{c.criteriaSentence(key, v)})
		}
	}
}
