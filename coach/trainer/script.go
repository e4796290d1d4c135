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
	// CriterionKinds sort a criterion by what it asks for (a reference,
	// a figure, a promise …); CriterionAsks are how the customer asks for
	// it in its own words, never reading the manager's note out.
	CriterionKinds map[string][]string            `json:"criterion_kinds"`
	CriterionAsks  map[string]map[string][]string `json:"criterion_asks"`
	FirstPerson    struct {
		DESubjects []string          `json:"de_subjects"`
		ENSubjects []string          `json:"en_subjects"`
		DEVerbs    map[string]string `json:"de_verbs"`
		ENVerbs    map[string]string `json:"en_verbs"`
	} `json:"first_person"`
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
	// The concern is the manager's note about the customer; the customer
	// says it in the first person ("Er fürchtet einen Dachschaden." →
	// "Ich fürchte einen Dachschaden.").
	concern := firstPerson(clean(o.Concern), lang)
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
		// The customer asks for what a criterion is about in its own
		// words ("Können Sie mir einen Kunden nennen?"), never reading the
		// note out.
		asks := scenarioData.CriterionAsks[criterionKind(c)][lang]
		conditions = append(conditions, asks[k%len(asks)])
		answers = append(answers, fmt.Sprintf(scenarioData.Answer[lang][0], c))
		met = append(met, cr.entries())
	}
	keyConcern := concernTexts{Key: "scenario", Reveal: map[string][]string{lang: reveal}, Need: map[string][]string{lang: conditions},
		Again: map[string][]string{lang: againOf(concern, lang)}, Open: map[string]string{lang: joinList(lang, quotedCriteria(lang, o.Criteria))},
		Answer: map[string][]string{lang: answers}, Settled: map[string][]string{lang: scenarioData.Settled[lang]}}
	if concern == "" {
		keyConcern.Reveal = map[string][]string{lang: {core}}
		keyConcern.Again = map[string][]string{lang: push}
	}
	co.texts = familyTexts{
		Concerns:  []concernTexts{keyConcern},
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

// againOf are the ways a scenario's customer refers back to its concern:
// a lead and the concern's first sentence, in the customer's own words.
func againOf(concern, lang string) []string {
	first := firstSentence(splitSentences(concern))
	if first == "" {
		return nil
	}
	var out []string
	for _, l := range scenarioData.PushLeads[lang] {
		out = append(out, l+" "+lowerFirst(first))
	}
	return out
}

// quotedCriteria quotes each of a scenario's criteria.
func quotedCriteria(lang string, list []string) []string {
	var out []string
	for _, c := range list {
		if c = strings.TrimRight(clean(c), ".!?;: "); c != "" {
			out = append(out, quote(lang, c, 12))
		}
	}
	return out
}

// criterionKind sorts a criterion by what it asks for: "reference",
// "figure", "promise", "time", "data", "operation", "support" or
// "other".
func criterionKind(text string) string {
	n := norm(text)
	for _, k := range []string{"reference", "promise", "data", "operation", "support", "figure", "time"} {
		if has(n, criterionKindWords[k]) {
			return k
		}
	}
	return "other"
}

var criterionKindWords = func() map[string][]matcher {
	m := map[string][]matcher{}
	for k, v := range scenarioData.CriterionKinds {
		m[k] = compile(v)
	}
	return m
}()

// firstPerson turns a note about the customer into what the customer says:
// a sentence that opens with the customer in the third person ("Er",
// "Der Kunde", "She") opens with "Ich"/"I", its verb follows ("fürchtet" →
// "fürchte", "hat" → "habe", "fears" → "fear"), and the customer's
// possessives become "mein"/"my". Text already in the first person, or in
// a shape the rule does not know, stays as it is.
func firstPerson(text, lang string) string {
	var out []string
	for _, s := range splitSentences(text) {
		out = append(out, firstPersonSentence(s.Text, lang))
	}
	if len(out) == 0 {
		return text
	}
	return strings.Join(out, " ")
}

func firstPersonSentence(s, lang string) string {
	ws := strings.Fields(s)
	subjects := scenarioData.FirstPerson.DESubjects
	if lang == langEN {
		subjects = scenarioData.FirstPerson.ENSubjects
	}
	for _, subj := range subjects {
		sw := strings.Fields(subj)
		if len(ws) <= len(sw) || !strings.EqualFold(strings.Join(ws[:len(sw)], " "), subj) {
			continue
		}
		verb := ws[len(sw)]
		v, ok := personVerb(verb, lang)
		if !ok {
			return s
		}
		rest := ws[len(sw)+1:]
		for i, w := range rest {
			rest[i] = possessive(w, lang)
		}
		if lang == langEN {
			return strings.Join(append([]string{"I", v}, rest...), " ")
		}
		// "Er hat sich …" → "Ich habe mich …".
		if len(rest) > 0 && strings.EqualFold(strings.Trim(rest[0], ",."), "sich") {
			rest[0] = strings.Replace(rest[0], "sich", "mich", 1)
		}
		return strings.Join(append([]string{"Ich", v}, rest...), " ")
	}
	return s
}

// personVerb is the first-person form of a third-person verb: from the
// table of data/scenario.json, else by rule (German "-et" → "-e", "-t" →
// "-e"; English "-ies" → "-y", "-es" after a sibilant, "-s").
func personVerb(w, lang string) (string, bool) {
	lw := strings.ToLower(w)
	if lang == langEN {
		if v, ok := scenarioData.FirstPerson.ENVerbs[lw]; ok {
			return v, true
		}
		switch {
		case strings.HasSuffix(lw, "ies") && len(lw) > 4:
			return lw[:len(lw)-3] + "y", true
		case strings.HasSuffix(lw, "shes") || strings.HasSuffix(lw, "ches") || strings.HasSuffix(lw, "sses") || strings.HasSuffix(lw, "xes"):
			return lw[:len(lw)-2], true
		case strings.HasSuffix(lw, "s") && len(lw) > 3 && !strings.HasSuffix(lw, "ss"):
			return lw[:len(lw)-1], true
		}
		return "", false
	}
	if v, ok := scenarioData.FirstPerson.DEVerbs[fold(lw)]; ok {
		return v, true
	}
	switch {
	case !isLowerWord(w) || len(lw) < 4:
		return "", false
	case strings.HasSuffix(lw, "et"):
		return lw[:len(lw)-1], true
	case strings.HasSuffix(lw, "t"):
		return lw[:len(lw)-1] + "e", true
	}
	return "", false
}

// possessive turns the customer's possessive into the first person
// ("seine" → "meine", "his" → "my"), keeping punctuation.
func possessive(w, lang string) string {
	core := strings.Trim(w, ",.;:!?")
	lw := strings.ToLower(core)
	var rep string
	if lang == langEN {
		switch lw {
		case "his", "her", "their":
			rep = "my"
		case "him", "them":
			rep = "me"
		case "himself", "herself":
			rep = "myself"
		}
	} else if strings.HasPrefix(lw, "sein") && len(lw) <= 6 {
		rep = "mein" + lw[4:]
	} else if lw == "ihm" {
		rep = "mir"
	}
	if rep == "" {
		return w
	}
	return strings.Replace(w, core, rep, 1)
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
