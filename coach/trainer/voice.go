package trainer

import (
	"hash/fnv"
	"strconv"
	"strings"
	"unicode"

	"salescoach"
	"salescoach/coach"
)

const (
	langDE = salescoach.LanguageDE
	langEN = salescoach.LanguageEN
)

// voice is the language and form of address of a chat: the customer uses it
// towards the seller, and the seller should use it back.
type voice struct {
	Lang string // langDE or langEN
	Sie  bool   // German only: Sie rather than du
}

func voiceOf(sc coach.Scenario) voice {
	if strings.EqualFold(strings.TrimSpace(sc.Language), langEN) {
		return voice{Lang: langEN}
	}
	// Sie is the safe default of German business talk.
	return voice{Lang: langDE, Sie: !strings.EqualFold(strings.TrimSpace(sc.Formality), salescoach.FormalityDu)}
}

func (v voice) String() string {
	switch {
	case v.Lang == langEN:
		return "en"
	case v.Sie:
		return "de-sie"
	default:
		return "de-du"
	}
}

// product is the short phrase by which the customer refers to what the user
// sells. An empty phrase means none could be derived, and texts say "Ihr
// Angebot" / "dein Angebot" / "your offer" instead.
type product struct {
	Phrase   string
	Keywords []string // folded content words of the description and PDF, for the benefit check
}

// productPrefixes are openings of product descriptions that say nothing about
// the product itself ("Wir verkaufen eine ...").
var productPrefixes = []string{
	"wir verkaufen", "wir vertreiben", "wir bieten an", "wir bieten", "wir entwickeln", "wir sind",
	"wir haben", "ich verkaufe", "ich vertreibe", "ich biete", "unser produkt ist", "mein produkt ist",
	"unser angebot ist", "unser angebot", "es handelt sich um", "das produkt ist", "produkt", "angebot",
	"we sell", "we offer", "we provide", "we build", "we develop", "we are", "i sell", "i offer",
	"our product is", "my product is", "our offer is", "the product is", "it is", "product", "offer",
}

var productArticles = map[string]bool{
	"ein": true, "eine": true, "einen": true, "einem": true, "einer": true, "der": true, "die": true,
	"das": true, "den": true, "dem": true, "unser": true, "unsere": true, "unseren": true,
	"unserem": true, "a": true, "an": true, "the": true, "our": true, "my": true, "mein": true,
	"meine": true, "meinen": true,
}

// phraseBreakers end the noun phrase: prepositions, conjunctions and the
// verbs that typically follow the product in a description.
var phraseBreakers = map[string]bool{
	"für": true, "mit": true, "zur": true, "zum": true, "von": true, "aus": true, "bei": true,
	"in": true, "im": true, "auf": true, "ohne": true, "inklusive": true, "inkl.": true, "und": true,
	"oder": true, "sowie": true, "die": true, "der": true, "das": true, "welche": true, "welches": true,
	"hilft": true, "ermöglicht": true, "macht": true, "sorgt": true, "ist": true, "bietet": true,
	"spart": true, "unterstützt": true, "automatisiert": true, "reduziert": true, "verbindet": true,
	"for": true, "with": true, "to": true, "of": true, "on": true, "and": true, "or": true,
	"that": true, "which": true, "helps": true, "lets": true, "makes": true, "enables": true,
	"allows": true, "is": true, "provides": true, "offers": true, "saves": true, "automates": true,
	"including": true,
}

// prepositions may stay inside a phrase when the phrase is short enough
// ("Zeiterfassung für Handwerksbetriebe").
var phrasePrepositions = map[string]bool{"für": true, "mit": true, "zur": true, "zum": true, "for": true, "with": true}

// genericProducts are words too vague to stand for the product on their own.
var genericProducts = map[string]bool{
	"software": true, "app": true, "produkt": true, "lösung": true, "tool": true, "plattform": true,
	"service": true, "dienstleistung": true, "angebot": true, "system": true, "product": true,
	"solution": true, "platform": true, "offer": true, "programm": true,
}

const maxPhraseWords = 5

// productPhrase derives a short noun phrase from the description: its first
// clause without "Wir verkaufen eine", cut to a few words.
func productPhrase(desc string) string {
	desc = strings.TrimSpace(desc)
	if desc == "" {
		return ""
	}
	// First sentence, first clause.
	if ss := splitSentences(desc); len(ss) > 0 {
		desc = ss[0].Text
	}
	// "VertriebsCloud CRM: Eine Cloud-Software für …" names the product
	// before the colon; "Produkt: …" does not.
	if head, _, ok := strings.Cut(desc, ": "); ok && len(strings.Fields(head)) <= maxPhraseWords && !genericHead(head) {
		desc = head
	}
	for _, sep := range []string{",", ";", " – ", " — ", " - ", "(", "\"", "!", "?"} {
		if i := strings.Index(desc, sep); i > 0 {
			desc = desc[:i]
		}
	}
	desc = strings.TrimRight(strings.TrimSpace(desc), ".:")
	words := strings.Fields(desc)
	// Drop "Wir verkaufen", "Produkt:" and articles.
	for _, p := range productPrefixes {
		pw := strings.Fields(p)
		if len(words) > len(pw) && strings.EqualFold(strings.TrimRight(strings.Join(words[:len(pw)], " "), ":"), p) {
			words = words[len(pw):]
			break
		}
	}
	article := ""
	for len(words) > 1 && productArticles[strings.ToLower(words[0])] {
		article = strings.ToLower(words[0])
		words = words[1:]
	}
	// "einen smarten Rasenroboter" is accusative; without the article the
	// adjective takes the nominative ending: "smarter Rasenroboter".
	if article == "einen" && len(words) > 1 && isLowerWord(words[0]) && strings.HasSuffix(words[0], "en") {
		words[0] = strings.TrimSuffix(words[0], "en") + "er"
	}
	if len(words) == 0 {
		return ""
	}
	// Cut at the first breaker after the head, keeping one short
	// prepositional phrase when it fits.
	cut := len(words)
	for i := 1; i < len(words); i++ {
		w := strings.ToLower(strings.Trim(words[i], ".,:"))
		if !phraseBreakers[w] {
			continue
		}
		if phrasePrepositions[w] && i+1 < len(words) {
			end := len(words)
			for j := i + 1; j < len(words); j++ {
				if phraseBreakers[strings.ToLower(strings.Trim(words[j], ".,:"))] {
					end = j
					break
				}
			}
			// Keep "für Handwerksbetriebe" only when it ends the clause or
			// ends on a German noun; "for small" would dangle.
			if end <= maxPhraseWords && end-i >= 2 && (end == len(words) || (!isLowerWord(words[end-1]) && looksGerman(words))) {
				cut = end
				break
			}
		}
		cut = i
		break
	}
	words = words[:cut]
	if len(words) > maxPhraseWords {
		words = words[:maxPhraseWords]
	}
	// Never end on an adjective, article or preposition. German nouns are
	// capitalised, so a trailing lower-case German word is not the head.
	for len(words) > 1 {
		last := strings.ToLower(strings.Trim(words[len(words)-1], ".,:"))
		if phraseBreakers[last] || productArticles[last] || (isLowerWord(words[len(words)-1]) && looksGerman(words)) {
			words = words[:len(words)-1]
			continue
		}
		break
	}
	phrase := strings.Trim(strings.Join(words, " "), " .,:;")
	phrase = strings.NewReplacer("{", "", "}", "", "[", "", "]", "", "|", "", "„", "", "“", "", "”", "").Replace(phrase)
	if len([]rune(phrase)) < 2 || len([]rune(phrase)) > 60 || genericProducts[strings.ToLower(phrase)] {
		return ""
	}
	return phrase
}

// genericHead reports a text before a colon that introduces a description
// rather than naming the product ("Produkt", "Wir verkaufen").
func genericHead(head string) bool {
	h := strings.ToLower(strings.TrimSpace(head))
	if genericProducts[h] {
		return true
	}
	for _, p := range productPrefixes {
		if h == p {
			return true
		}
	}
	return false
}

func isLowerWord(w string) bool {
	for _, r := range w {
		return unicode.IsLower(r)
	}
	return false
}

// looksGerman guesses whether a phrase is German: some word is capitalised
// after the first, or has an umlaut, or the head is a typical German noun.
func looksGerman(words []string) bool {
	for i, w := range words {
		if strings.ContainsAny(w, "äöüÄÖÜß") {
			return true
		}
		if i > 0 && !isLowerWord(w) && len(w) > 3 {
			return true
		}
	}
	return false
}

// productKeywords are the folded content words of the description and the
// most frequent ones of an attached PDF.
func productKeywords(desc, pdf string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(w string) {
		if len(w) < 4 || stopwords[w] || seen[w] || isDigits(w) {
			return
		}
		seen[w] = true
		out = append(out, w)
	}
	for _, w := range tokens(desc) {
		add(w)
	}
	if pdf != "" {
		if len(pdf) > 200_000 {
			pdf = pdf[:200_000]
		}
		freq := map[string]int{}
		for _, w := range tokens(pdf) {
			if len(w) >= 5 && !stopwords[w] && !isDigits(w) {
				freq[w]++
			}
		}
		for _, w := range topWords(freq, 40) {
			add(w)
		}
	}
	return out
}

func newProduct(sc coach.Scenario) product {
	desc := sc.Product
	if strings.TrimSpace(desc) == "" && sc.PDFText != "" {
		desc = firstLine(sc.PDFText)
	}
	return product{Phrase: productPhrase(desc), Keywords: productKeywords(desc, sc.PDFText)}
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); len(l) > 3 {
			return l
		}
	}
	return ""
}

// placeholders of the catalogue. Every German placeholder has a form that
// needs no article, so the phrase fits whatever gender or number it has.
func (p product) placeholders(v voice) map[string]string {
	ph := p.Phrase
	if v.Lang == langEN {
		if ph == "" {
			// "Solution", not "offer": the customer asks for "the offer for
			// your solution", which "the offer for your offer" would spoil.
			return map[string]string{"[your]": "your solution", "[q]": "your solution", "[our]": "our solution", "[p]": "your solution"}
		}
		return map[string]string{"[your]": "your " + ph, "[q]": "“" + ph + "”", "[our]": "our " + ph, "[p]": ph}
	}
	if ph == "" {
		return map[string]string{
			// "Lösung", not "Angebot": the customer asks for "das Angebot für
			// Ihre Lösung", which "das Angebot für Ihr Angebot" would spoil.
			"[q]": "{Ihre|deine} Lösung", "[q3]": "{Ihrer|deiner} Lösung", "[thema]": "{Ihre|deine} Lösung",
			"[dem]": "{Ihrer|deiner} Lösung", "[p]": "{Ihre|deine} Lösung", "[our]": "unsere Lösung",
			"[our3]": "unserer Lösung",
		}
	}
	q := "„" + ph + "“"
	return map[string]string{
		"[q]": q, "[q3]": q, "[thema]": "das Thema " + ph, "[dem]": "dem Thema " + ph, "[p]": ph,
		// The seller names their own product plainly, never in quotes.
		"[our]": ph, "[our3]": ph,
	}
}

// render fills a catalogue template: product placeholders first (their
// fallbacks contain {Sie|du} choices themselves), then {Sie-Form|du-Form}.
func render(tmpl string, v voice, p product) string {
	for k, val := range p.placeholders(v) {
		tmpl = strings.ReplaceAll(tmpl, k, val)
	}
	return tidy(chooseForm(tmpl, v.Sie))
}

// chooseForm resolves {Sie-Form|du-Form} alternatives.
func chooseForm(s string, sie bool) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		alt := s[i+1 : i+j]
		sieForm, duForm, ok := strings.Cut(alt, "|")
		if !ok {
			duForm = sieForm
		}
		if sie {
			b.WriteString(sieForm)
		} else {
			b.WriteString(duForm)
		}
		s = s[i+j+1:]
	}
}

// temperament keys, from the tone preset names seeded in the database.
const (
	tempNeutral    = "neutral"
	tempFriendly   = "freundlich"
	tempSkeptical  = "skeptisch"
	tempImpatient  = "ungeduldig"
	tempAnalytical = "analytisch"
	tempDominant   = "dominant"
	tempReserved   = "zurueckhaltend"
)

// temperamentOf maps a tone preset to a temperament by name or id; nil and
// unknown presets are neutral.
func temperamentOf(t *salescoach.TonePreset) string {
	if t == nil {
		return tempNeutral
	}
	for _, cand := range []string{t.Name, t.ID} {
		k := strings.TrimSpace(fold(cand))
		if _, ok := temperaments[k]; ok {
			return k
		}
	}
	return tempNeutral
}

// pick chooses one of n options from the parts, so a replay of the same chat
// makes the same choices.
func pick(n int, parts ...string) int {
	if n <= 1 {
		return 0
	}
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return int(h.Sum64() % uint64(n))
}

func itoa(i int) string { return strconv.Itoa(i) }
