package trainer

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"unicode"

	"salescoach"
)

// Scoring model. An answer earns points for each technique in proportion to
// how clearly it shows it (strength 0..1), plus a base for a civil,
// on-topic answer of reasonable length; tone problems subtract points and
// cap the score. The weights sum to 100, so an answer that does everything
// well scores 100; two or three techniques land around 50–75.
const (
	weightBase      = 8  // civil, on topic, at least minWords words
	weightAck       = 15 // acknowledges the concern
	weightQuestion  = 18 // asks what is behind the objection
	weightBenefit   = 17 // a benefit tied to the product
	weightEvidence  = 13 // a figure, reference or example
	weightNext      = 13 // a concrete next step
	weightRelevance = 10 // deals with this objection's theme (full points for handling it as trainers teach)
	weightFormality = 6  // du/Sie as the customer uses it

	penaltyWrongForm = 15 // du to a Sie customer or the other way round
	penaltyMixedForm = 8
	penaltyContra    = 20 // contradicting the customer
	penaltyPressure  = 20 // pressure without substance
	penaltyInsult    = 30
	penaltyBadmouth  = 15 // running down the competitor
	penaltyDismiss   = 8  // "keine Sorge", "kein Problem"
	penaltyShout     = 10
	penaltyLong      = 15

	capShort    = 25 // fewer than minWords words
	capOffTopic = 25 // neither on theme nor acknowledging nor asking
	capContra   = 40
	capPressure = 40
	capInsult   = 10
	capVoid     = 5 // a keyword list, a repeat, an echo or an injection

	minWords = 6
	maxWords = 200
)

// Thresholds above which a technique counts as shown.
const (
	shownQuestion = 0.6
	shownBenefit  = 0.9
	shownEvidence = 0.8
	shownNext     = 0.8
)

// penalty kinds, most severe first.
var penaltyOrder = []string{"injection", "list", "repeat", "echo", "insult", "contradict", "pressure", "badmouth", "dismiss", "shout", "short", "long"}

type penalty struct {
	Kind  string
	Quote string // the sentence it was found in, as written
}

// analysis is what the trainer sees in one seller answer.
type analysis struct {
	v      voice
	family string
	text   string
	words  int
	sents  []sentence

	ack      float64
	ackQuote string
	ackBut   bool

	question      float64
	questionKind  string // open, closed, rhetorical
	questionQuote string

	benefit      float64
	benefitKind  string // tied, generic, feature
	benefitQuote string
	// named says the sentence before named the offer ("HydroFlex: 0,6 %
	// Reklamationen."), so that the next may say what it means for the
	// customer without naming it again ("Heißt für Sie: kaum Nacharbeit.").
	named bool

	evidence      float64
	evidenceQuote string

	next      float64
	nextKind  string // concrete, shown, vague
	nextQuote string

	relevance float64
	offTopic  bool

	formality      float64
	formalityState string // ok_sie, ok_du, wrong_sie, wrong_du, mixed, none_sie, none_du, en
	formalityQuote string

	// placeholder is the first "[…]" left in the answer from a model
	// answer: the sentence holding it earns nothing.
	placeholder string

	// fw are the recognition words of a custom objection (answerContext.words).
	fw *familyWords

	// revealed says the customer had told what is behind the objection
	// before this answer; concern is then the answer's sentence that
	// answers it ("" when none does). Set by chat.analyseAt.
	revealed bool
	concern  string

	penalties []penalty
	score     int
	// void says why the answer earns nothing: voidList, voidRepeat,
	// voidEcho, voidInjection, or "" for a real answer.
	void string
}

// withProduct open a sentence about what the product does: "Mit X …",
// "Bei X haben Sie …".
var withProduct = lex("mit", "with", "durch", "dank", "bei", "thanks to", "by using")

// purposeRE finds a clause of purpose or consequence: ", damit …",
// ", sodass …", "so that …", ", so nothing …", "which means …".
var purposeRE = regexp.MustCompile(`(?i)(,|–|—|-)\s*(damit|sodass|so dass|wodurch|weshalb|so|which means|meaning)\s|\b(so that|so nothing|so no one|so nobody|so everyone|so you|so your)\b`)

// praiseRE finds praise of the product: a word of praise after "ist"/"is"
// or "the best".
var praiseRE = regexp.MustCompile(` (ist|sind|is|are|s) (so |richtig |wirklich |echt |einfach |really |just |simply )?(gut|toll|super|klasse|spitze|genial|great|good|amazing|awesome|fantastic)( |$)| (das|die|der|the) beste | the best `)

// placeholderRE finds a placeholder of a model answer: text in square
// brackets on one line, for the seller to replace with their own.
var placeholderRE = regexp.MustCompile(`\[[^\[\]\n]{2,}\]`)

// analyse judges one seller answer against an objection family ("" when
// unknown) for a product.
func analyse(text, family string, v voice, p product) *analysis {
	return analyseIn(text, family, v, p, answerContext{})
}

// analyseIn judges one seller answer in the context of the chat: a
// repeated answer, the customer's words sent back, a list of keywords or an
// instruction to the trainer earn nothing, whatever words they contain.
func analyseIn(text, family string, v voice, p product, ctx answerContext) *analysis {
	a := &analysis{v: v, family: family, text: strings.TrimSpace(text), fw: ctx.words}
	a.words = wordCount(a.text)
	a.sents = splitSentences(a.text)
	kw := compileKeywords(p)
	a.void = a.checkVoid(ctx)

	if a.void == "" {
		a.placeholder = placeholderRE.FindString(a.text)
		for i, s := range a.sents {
			if placeholderRE.MatchString(s.Text) {
				// An unfinished sentence of a model answer proves and
				// promises nothing yet.
				continue
			}
			// Whether a sentence proposes a next step decides whether it is
			// a question and whether its figures prove anything: judged once.
			step, stepKind := proposal(s)
			a.checkAck(i, s)
			a.checkQuestion(s, kw, step >= shownNext)
			a.checkBenefit(s, kw)
			a.checkEvidence(s, step >= shownNext)
			a.checkNext(s, step, stepKind)
			a.checkPenalties(s, ctx.customer)
		}
		a.checkOpener(ctx.customer)
		a.checkRelevance()
	}
	a.checkFormality()
	a.checkShape()
	if a.void != "" {
		a.penalties = append([]penalty{{Kind: a.void, Quote: firstSentence(a.sents)}}, a.penalties...)
	}
	a.offTopic = a.words > 0 && (a.void != "" || (a.relevance == 0 && a.ack == 0 && a.question < shownQuestion))
	a.score = a.computeScore()
	return a
}

func (a *analysis) checkAck(i int, s sentence) {
	if a.ack > 0 {
		return
	}
	m, ok := find(s.Norm, ackWords.m)
	if !ok {
		return
	}
	a.ack, a.ackQuote = 1, s.Text
	// "Ich verstehe, aber ..." takes the acknowledgement back.
	needle := " " + strings.TrimSpace(norm(strings.TrimSuffix(m, "*")))
	if at := strings.Index(s.Norm, needle); at >= 0 && has(s.Norm[at:], butWords.m) {
		a.ackBut = true
	}
	if i+1 < len(a.sents) {
		first := strings.Fields(a.sents[i+1].Norm)
		if len(first) > 0 && (first[0] == "aber" || first[0] == "but" || first[0] == "however" || first[0] == "jedoch") {
			a.ackBut = true
		}
	}
}

// checkOpener credits an answer's first sentence as an acknowledgement
// when it sides with the customer before arguing, in whatever words
// ("Dass Sie gerade im Stress sind, glaube ich sofort.", "Respekt, einen
// guten Anbieter hat nicht jeder."): a statement that signals agreement
// (words of agreement, or a short lead before a comma as people open a
// reply: "Fair, …", "Quite rightly, …", "I see, …") and points at the
// customer or their point (the customer, a pronoun, the objection's
// theme, or a word of what the customer said) and neither argues (no
// product, no offer, no benefit) nor pushes back (no contradiction,
// pressure, dismissal or directive), opening an answer that goes on.
//
// A terse opener of one to three words ("Fair.", "Skepsis ist gesund.",
// "Happy is good.") that a longer answer follows points at the
// customer's point by its place; so does one after the objection echoed
// as a question ("Vergleichen? Absolut, mach das."). A mirror ("Gerade ein
// schlechter Moment, sagen Sie – Ihr Kalender ist also randvoll", "You'd
// like me to get back to you next quarter – so the topic is interesting,
// just not right now, is that right?") puts the customer's point in the
// seller's words and so acknowledges it, even when it names the product.
func (a *analysis) checkOpener(customer string) {
	if a.ack > 0 || len(a.sents) < 3 {
		return
	}
	first := 0
	if len(a.sents) >= 4 && a.sents[0].Words <= 2 && a.sents[0].Question {
		first = 1
	}
	s := a.sents[first]
	if a.mirrors(s) {
		a.ack, a.ackQuote = 0.8, s.Text
		return
	}
	// The head is the sentence up to a semicolon, colon or dash: "Ihre
	// Skepsis ist gut begründet; von der Qualität hängt ab, ob …" signals
	// agreement in its head and may go on to say why it matters.
	head := s.Text
	if at := headEndRE.FindStringIndex(head); at != nil {
		head = head[:at[0]]
	}
	hn := norm(head)
	// "Totally get it – if it ain't broke, right?" asks nothing.
	asks := isQuestion(s) && !rhetoricalEnd(s.Text)
	terse := s.Words < 4 && has(hn, agreementWords.m)
	if asks || (s.Words < 4 && !terse) || wordCount(head) > 25 || s.Words > 40 || !(has(hn, agreementWords.m) || leadRE.MatchString(s.Text)) {
		return
	}
	theme := false
	if fw, ok := a.lexicon(); ok {
		theme = has(s.Norm, fw.Theme.m)
	}
	// A terse opener ("Klar – sowas entscheidet man zusammen.") that a
	// question follows points at the customer's point by its place.
	asked := isQuestion(a.sents[first+1])
	if !terse && !theme && !asked && !has(s.Norm, customerWords.m) && !has(s.Norm, backReferences.m) && !strings.Contains(s.Norm, " das ") &&
		!strings.Contains(s.Norm, " that ") && !sharesWord(s.Norm, customer) {
		return
	}
	// The head must not argue; no part may push back. A word of the
	// objection's own theme ("Qualität kritisch zu hinterfragen" to a
	// doubt about quality) names the customer's point, not a benefit.
	for _, l := range []*lexicon{benefitWords, selfWords} {
		if m, ok := find(hn, l.m); ok && !(l == benefitWords && a.themeWord(m)) {
			return
		}
	}
	// "Aber selbstverständlich, …" agrees twice over; its "aber" takes
	// nothing back.
	pushNorm := s.Norm
	for _, lead := range []string{" aber selbstverstaendlich ", " aber natuerlich ", " aber gern ", " aber sicher ", " but of course "} {
		if strings.HasPrefix(pushNorm, lead) {
			pushNorm = " " + pushNorm[len(lead):]
		}
	}
	for _, l := range []*lexicon{butWords, contradictWords, pressureWords, insultWords, badmouthWords} {
		if has(pushNorm, l.m) {
			return
		}
	}
	if _, ok := a.dismisses(s); ok {
		return
	}
	a.ack, a.ackQuote = 0.8, s.Text
}

// mirrors reports a sentence that mirrors the customer's point: it reports
// what the customer said or wants ("sagen Sie", "You'd like …", "If I hear
// you right") and reads it ("also", "das heißt", "which means", "sounds
// like", "is that right?") or agrees with it ("– that's wise"), without
// arguing or pushing back.
func (a *analysis) mirrors(s sentence) bool {
	// "So you already have someone you trust – that means a lot": a
	// mirror read by a word of agreement acknowledges too.
	framed := has(s.Norm, mirrorFrames.m) || strings.HasPrefix(s.Norm, " so you ")
	if s.Words < 5 || s.Words > 45 || !framed || !(has(s.Norm, mirrorReadings.m) || has(s.Norm, agreementWords.m)) {
		return false
	}
	if isQuestion(s) && !has(lastWords(s.Norm, 4), mirrorReadings.m) {
		// A question mirrors only when it checks back at its end ("…, is
		// that right?"); any other asks.
		return false
	}
	for _, l := range []*lexicon{selfWords, butWords, contradictWords, pressureWords, insultWords, badmouthWords} {
		if has(s.Norm, l.m) {
			return false
		}
	}
	_, dismissed := a.dismisses(s)
	return !dismissed
}

// lastWords is the last n words of normalised text, normalised.
func lastWords(n string, k int) string {
	ws := strings.Fields(n)
	return " " + strings.Join(ws[max(0, len(ws)-k):], " ") + " "
}

// themeWord reports whether the lexicon entry m is a word of the
// objection family's theme.
func (a *analysis) themeWord(m string) bool {
	fw, ok := familyLexicon[a.family]
	return ok && has(" "+strings.TrimSpace(norm(strings.TrimSuffix(m, "*")))+" ", fw.Theme.m)
}

// headEndRE ends a sentence's head: a semicolon, a colon or a dash between
// words, or a comma before "und"/"denn"/"weil"/"and"/"because" that joins
// the next clause.
var headEndRE = regexp.MustCompile(`;|:\s|\s[–—-]\s|,\s+(und|denn|weil|da|zumal|and|because|since|as|for)\s`)

// leadRE finds a reply's short lead: one to three words and a comma or
// dash at its start ("Fair, …", "Quite rightly, …", "Please do compare – …").
var leadRE = regexp.MustCompile(`^\s*[\p{L}']+(\s[\p{L}']+){0,2}\s*(,|–|—|!)`)

// sharesWord reports whether normalised text n repeats a word of four or
// more letters, no stopword, of the customer's message.
func sharesWord(n, customer string) bool {
	if customer == "" {
		return false
	}
	for _, t := range tokens(customer) {
		if len(t) >= 4 && !stopwords[t] && strings.Contains(n, " "+t+" ") {
			return true
		}
	}
	return false
}

// isNextStepSentence tells a proposal ("Sollen wir nächste Woche eine Demo
// machen?") from a clarifying question: one that shows a next step.
func isNextStepSentence(s sentence) bool {
	strength, _ := proposal(s)
	return strength >= shownNext
}

// proposal judges a sentence as a next step: 1 an action with a day or a
// proposal ("Sollen wir am Freitag eine Demo machen?"), 0.9 a proposal or
// the seller's own move by a day ("Ich melde mich nächste Woche",
// "Wollen wir am 12. kurz sprechen?"), 0.8 an action without a day, 0.4 a
// vague invitation ("Melden Sie sich bei Interesse").
func proposal(s sentence) (float64, string) {
	action := has(s.Norm, nextActions.m)
	when := has(s.Norm, nextTimes.m) || dated(s.Norm)
	told := has(s.Norm, pastWords.m)
	if told && !when {
		// "We've been through this with 40 works councils, most within two
		// meetings" tells a case; it proposes nothing.
		return 0, ""
	}
	// "Bis wann bräuchten Sie das denn?" asks for the customer's own
	// deadline, not for a meeting.
	needAsked := s.Question && startsWith(s.Norm, whenWords.m) && has(s.Norm, needAsks.m) && !has(s.Norm, nextProposals.m)
	// "What happens when someone doesn't show up on a Monday morning?"
	// asks about the customer's world whatever day it names: a question
	// that opens with a question word other than "when", with neither a
	// proposal nor the seller or both as actors.
	// Its last clause may still offer a slot ("What's your smallest slot –
	// would 10 minutes on Friday at 8:30 work?").
	lastOffers := false
	if parts := clauseEndRE.Split(s.Text, -1); len(parts) > 1 {
		last := norm(parts[len(parts)-1])
		lastOffers = has(last, nextTimes.m) || dated(last)
	}
	about := s.Question && startsWith(s.Norm, questionWords.m) && !startsWith(s.Norm, whenWords.m) &&
		!has(s.Norm, nextProposals.m) && !has(s.Norm, jointWords.m) && !lastOffers
	if about {
		return 0, ""
	}
	if needAsked || s.Question && has(s.Norm, questionWords.m) && !when && !has(s.Norm, nextProposals.m) &&
		!startsWith(s.Norm, whenWords.m) {
		// "Worauf kommt es Ihnen an, wenn Sie die Angebote
		// nebeneinanderlegen?" asks about the customer; only "Wann passt
		// Ihnen eine Demo?" asks for a step.
		action = false
	}
	// "Schauen wir uns am Mittwoch um 14 Uhr Ihre Kosten an?": a question
	// with a day or time proposes it.
	// "Ich bereite bis Mittwoch eine Übersicht vor", "If you tell me the
	// deadline, I will confirm a date by tomorrow": the seller commits to
	// a move by a day.
	// "Können Sie bis Mittwoch klären, …?": a yes/no question that asks
	// the customer for a move by a day proposes it too.
	yesNo := s.Question && startsWith(s.Norm, askingVerbs.m) && has(s.Norm, youWords.m)
	// "Ich würde gern verstehen, wie ein normaler Dienstag bei Ihnen
	// aussieht" asks; it commits to nothing.
	// "20 Minuten Check, Freitag 10 Uhr?", "Call Tuesday 8:30?": a
	// question that offers a slot without asking anything else proposes it.
	// So does its last clause: "Was wäre dein kleinstes Zeitfenster –
	// reichen 10 Minuten am Freitag um 8:30?".
	last := lastClause(s.Text)
	slot := s.Question && !(startsWith(s.Norm, askingVerbs.m) && !has(s.Norm, youWords.m)) && (when && !has(s.Norm, questionWords.m) ||
		(has(last, nextTimes.m) || dated(last)) && !has(last, questionWords.m))
	prop := has(s.Norm, nextProposals.m) || slot || (s.Question && when && (has(s.Norm, jointWords.m) || yesNo)) ||
		(when && has(s.Norm, jointWords.m) && (!has(s.Norm, indirectAsks.m) || has(s.Norm, futureMoves.m)))
	switch {
	case action && (when || prop):
		return 1, "concrete"
	case prop && when:
		return 0.9, "concrete"
	case action:
		return 0.8, "shown"
	case has(s.Norm, nextVague.m):
		return 0.4, "vague"
	}
	return 0, ""
}

// lastClause is the normalised text after a sentence's last dash,
// semicolon or colon ("um 8:30" has none); the whole sentence if it has
// none.
func lastClause(text string) string {
	parts := clauseEndRE.Split(text, -1)
	return norm(parts[len(parts)-1])
}

var clauseEndRE = regexp.MustCompile(`[;–—]|:\s|\s-\s`)

// youWords address the customer: "Können Sie bis Mittwoch …?" asks the
// customer for a move; "Is it tight at the moment?" only asks.
var youWords = lex("sie", "ihnen", "du", "dir", "dich", "ihr", "euch", "you")

// futureMoves announce the seller's own move ("Tell me who gets the
// papers, and I'll make sure they have them by Friday").
var futureMoves = lex("i ll", "i will", "we ll", "we will", "ich werde", "wir werden", "ich sorge", "wir sorgen")

// needAsks ask when the customer needs something by.
var needAsks = lex("brauchen sie", "braeuchten sie", "brauchst du", "braeuchtest du", "benoetigen sie", "benoetigst du",
	"you need", "would you need", "muss das", "muss es", "has to be", "must it")

// whenWords open a question for a time: "Wann passt Ihnen …?".
var whenWords = lex("wann", "when", "bis wann", "by when")

// dated reports a day of the month or a time of day in normalised text,
// whatever words surround it: "am 12.", "bis zum 3. März", "14.03.",
// "on the 12th", "um 10 Uhr", "at 9 am", "9:30". A figure with a unit
// ("um 10 Prozent", "at 9 euros") is none.
func dated(n string) bool {
	toks := strings.Fields(n)
	for i, t := range toks {
		prev, next := "", ""
		if i > 0 {
			prev = toks[i-1]
		}
		if i+1 < len(toks) {
			next = toks[i+1]
		}
		switch {
		case dateRE.MatchString(t):
			return true
		case ordinalRE.MatchString(t) && (prev == "the" || prev == "on" || prev == "by" || months[next]):
			return true
		case !dayRE.MatchString(t):
			continue
		case months[next] || months[prev]:
			return true
		case next == "uhr" || next == "pm" || next == "o" && i+2 < len(toks) && toks[i+2] == "clock":
			return true
		case (prev == "am" || prev == "zum" || prev == "um" || prev == "at" || prev == "dem") && !has(" "+next+" ", evidenceUnits.m) && !has(" "+next+" ", timeUnits.m):
			return true
		}
	}
	return false
}

var (
	dayRE     = regexp.MustCompile(`^([1-9]|[01][0-9]|2[0-9]|3[01])$`)
	ordinalRE = regexp.MustCompile(`^([1-9]|[12][0-9]|3[01])(st|nd|rd|th)$`)
	// "14.03", "14.03.2027", "9:30" arrives as "9 30" and is caught by "um 9".
	dateRE = regexp.MustCompile(`^([1-9]|[012][0-9]|3[01])\.(0?[1-9]|1[0-2])(\.(20)?[0-9]{2})?$`)
	months = map[string]bool{}
)

func init() {
	for _, m := range strings.Fields("januar februar maerz april mai juni juli august september oktober november dezember " +
		"jan feb mrz apr jun jul aug sep sept okt nov dez " +
		"january february march may june july october december") {
		months[m] = true
	}
}

// isQuestion reports a sentence that asks the customer something: it ends
// with a question mark, asks indirectly ("Erzählen Sie mal, wie …", "Mich
// würde interessieren, …", "Walk me through …"), or, as people type in a
// chat, is built as a question and ends without a question mark: it starts
// with a question word and ends without a full stop, a question word and a
// verb addressing the customer ("Wann haben Sie zuletzt gecheckt, …."), or
// a verb that opens a question ("Gibt's irgendwas, das …"), also after a
// lead ("Kurze Frage: …", "Mal ehrlich – …").
func isQuestion(s sentence) bool {
	if s.Question || has(s.Norm, indirectAsks.m) {
		return true
	}
	t := strings.TrimSpace(s.Text)
	if t == "" || has(s.Norm, directives.m) {
		return false
	}
	body := questionBody(s)
	bn := norm(body)
	ws := strings.Fields(bn)
	if len(ws) < 3 {
		return false
	}
	first := " " + ws[0] + " "
	toCustomer := has(bn, customerWords.m)
	if (ws[1] == "doch" || ws[1] == "ja") && strings.ContainsAny(t[len(t)-1:], ".!") {
		// "Ist doch klar, …." states.
		return false
	}
	switch {
	case has(first, questionWords.m) && ws[0] != "was" && ws[0] != "what" && !strings.ContainsAny(t[len(t)-1:], ".!:…"):
		return true
	case has(first, questionWords.m) && toCustomer && !has(" "+ws[1]+" ", customerWords.m) && !strings.Contains(strings.Join(strings.Fields(body)[:2], " "), ",") &&
		!fronted(ws, strings.ContainsAny(t[len(t)-1:], ".!:")):
		// "Wann haben Sie …": the question word is followed by a verb, not
		// by the subject as in "Was Sie brauchen, ist …"; "Wie gesagt, …"
		// is no question.
		return true
	case has(first, askingVerbs.m) && (toCustomer || body != t) && !(strings.ContainsAny(t[len(t)-1:], ".!") && strings.Contains(bn, " aber ")) &&
		!strings.HasSuffix(strings.Fields(body)[0], ",") && !(strings.ContainsAny(t[len(t)-1:], ".!") && thenHeadRE.MatchString(t[:len(t)-len(body)])):
		// "Kannst du machen, aber …." states; so does "Passt, dann …".
		return true
	}
	return false
}

// thenHeadRE ends a head that makes the verb after it a statement: "Wir
// sind seriös, da kannst du dir sicher sein."
var thenHeadRE = regexp.MustCompile(`(?i)\b(?:da|dann|so|then)\s*$`)

// fronted reports a statement that opens with a clause of a question word
// ("Wer bei Ihnen arbeitet, wählen wir sorgfältig aus.", "Dass …", "Who
// works at your site is set down in the contract.", "When it comes to …"):
// it ends with a full stop, and the word after the question word is a
// preposition, an adjective before the subject ("Wie zuverlässig wir …")
// or, in English, no auxiliary.
func fronted(ws []string, stop bool) bool {
	if !stop || len(ws) < 3 {
		return false
	}
	if englishWords[ws[0]] {
		return !auxiliaries[ws[1]] || ws[1] == "it" && ws[2] == "comes"
	}
	return prepositions[ws[1]] || (ws[2] == "wir" || ws[2] == "ich") && !stopwords[ws[1]]
}

var (
	englishWords = map[string]bool{"what": true, "who": true, "when": true, "where": true, "why": true, "how": true, "which": true}
	auxiliaries  = map[string]bool{"do": true, "does": true, "did": true, "is": true, "are": true, "was": true, "were": true, "can": true,
		"could": true, "would": true, "will": true, "should": true, "have": true, "has": true, "had": true, "much": true, "many": true,
		"long": true, "often": true, "far": true, "soon": true, "s": true, "re": true, "d": true}
	prepositions = map[string]bool{"bei": true, "mit": true, "von": true, "zu": true, "fuer": true, "in": true, "an": true, "auf": true,
		"aus": true, "nach": true, "ueber": true, "unter": true, "vor": true, "zwischen": true, "durch": true, "gegen": true, "ohne": true, "um": true}
)

// questionBody is a sentence without a short lead of up to three words
// ("Kurze Frage: …", "Mal ehrlich – …"): where a question starts.
func questionBody(s sentence) string {
	t := strings.TrimSpace(s.Text)
	if at := headEndRE.FindStringIndex(t); at != nil && wordCount(t[:at[0]]) <= 3 && wordCount(t[at[1]:]) > 0 {
		return strings.TrimSpace(t[at[1]:])
	}
	return t
}

// checkQuestion credits a question; proposes says the sentence is a next
// step ("Sollen wir am Freitag telefonieren?"), which is no question.
func (a *analysis) checkQuestion(s sentence, kw keywordSet, proposes bool) {
	if proposes || !isQuestion(s) {
		return
	}
	var strength float64
	var kind string
	theme := a.family != "" && a.themeOrHandling(s.Norm)
	about := has(s.Norm, customerWords.m) || theme
	// A question counts when it explores this objection or the customer's
	// situation around it; small talk and unrelated questions do not.
	related := theme || kw.mentions(s.Norm) || has(s.Norm, probeWords.m) || pointsBack(s.Text) || has(s.Norm, indirectAsks.m) ||
		(has(s.Norm, questionWords.m) && has(s.Norm, customerWords.m) && s.Words >= 5)
	// An open question of some length that is no small talk asks about
	// the customer's world ("Welche Abläufe dürfen auf keinen Fall
	// stocken?") even without naming the objection.
	// "Be honest, where does it snag now and then?": the question starts
	// after a short lead.
	body := questionBody(s)
	if at := leadRE.FindStringIndex(body); at != nil && wordCount(body[at[1]:]) > 0 {
		body = body[at[1]:]
	}
	opening := " "
	if ws := strings.Fields(norm(body)); len(ws) > 0 {
		opening = " " + ws[0] + " "
	}
	related = related || (has(opening, questionWords.m) && s.Words >= 4)
	// "Is there a particular point that's still nagging at you?": a closed
	// question to the customer of some length probes their situation.
	related = related || (has(opening, askingVerbs.m) && has(s.Norm, customerWords.m) && s.Words >= 6)
	switch {
	case smalltalk(s.Norm) || !related:
		strength, kind = 0.1, "offtopic"
	case rhetoricalEnd(s.Text) || has(s.Norm, rhetoricalWords.m):
		strength, kind = 0.3, "rhetorical"
	case has(s.Norm, questionWords.m) && about:
		strength, kind = 1, "open"
	case has(s.Norm, questionWords.m):
		strength, kind = 0.7, "open"
	case about:
		strength, kind = 0.8, "closed"
	default:
		strength, kind = 0.5, "closed"
	}
	if strength > a.question {
		a.question, a.questionKind, a.questionQuote = strength, kind, s.Text
	}
}

// smalltalk reports a question about anything but the objection; "how
// are you handling it today" asks about the customer's work.
func smalltalk(n string) bool {
	m, ok := find(n, smalltalkWords.m)
	if !ok {
		return false
	}
	// "Wie geht es dir mit deinem Anbieter?", "How's it going with the
	// current system?" ask about the customer's work.
	for _, greet := range []string{" wie geht es ", " wie geht s ", " wie gehts ", " how s it going "} {
		if m != strings.TrimSpace(greet) {
			continue
		}
		if at := strings.Index(n, greet); at >= 0 {
			// "… dir denn mit …": within the next three words.
			rest := strings.Fields(n[at+len(greet):])
			for _, w := range rest[:min(3, len(rest))] {
				if w == "mit" || w == "with" || w == "bei" || w == "damit" {
					return has(strings.Replace(n, greet, " ", 1), smalltalkWords.m)
				}
			}
		}
	}
	if m == "how are you" {
		at := strings.Index(n, " how are you ")
		if at >= 0 {
			if next := strings.Fields(n[at+len(" how are you "):]); len(next) > 0 && strings.HasSuffix(next[0], "ing") && next[0] != "doing" {
				return has(strings.Replace(n, " how are you ", " ", 1), smalltalkWords.m)
			}
		}
	}
	return true
}

// pointsBack reports a question that refers to what the customer just
// said with a pronoun: "Woran liegt das?", "Wie sieht das bei Ihnen aus?",
// "What do you mean by that?". "das" before a noun ("das neue Restaurant")
// is an article and does not count; in English only the last word does.
func pointsBack(text string) bool {
	ws := wordsOf(text)
	for i, w := range ws {
		if !has(" "+fold(w)+" ", backReferences.m) {
			continue
		}
		switch {
		case i == len(ws)-1:
			return true
		case looksGerman(ws) || strings.ContainsAny(text, "äöüß"):
			// A German article is followed by a capitalised noun or a
			// lower-case adjective and then the noun; a pronoun by a verb
			// or a preposition. Only the noun case is caught cheaply.
			if next := ws[i+1]; isLowerWord(next) && (i+2 >= len(ws) || isLowerWord(ws[i+2])) {
				return true
			}
		}
	}
	return false
}

// rhetoricalEnd reports a question ending like "…, oder?".
func rhetoricalEnd(text string) bool {
	t := strings.ToLower(strings.TrimRight(strings.TrimSpace(text), "?!. \"'“”"))
	t = strings.ReplaceAll(t, "’", "'")
	// "… froh – richtig?" tags like "…, richtig?".
	t = strings.NewReplacer(" – ", ", ", " — ", ", ", " - ", ", ").Replace(t)
	for _, e := range rhetoricalEnds {
		if strings.HasSuffix(t, e) {
			return true
		}
	}
	// English tag questions: "…, won't we?", "…, do you?", "…, isn't it?".
	return tagQuestionRE.MatchString(t)
}

var tagQuestionRE = regexp.MustCompile(`, (?:(?:do|does|did|will|would|can|could|shall|should|is|are|was|were|have|has|had|won|wouldn|can|couldn|isn|aren|wasn|weren|haven|hasn|don|doesn|didn|shouldn)(?:'t| not)?) (?:you|we|it|they|he|she|i|there)$`)

type keywordSet struct {
	words []string
}

func compileKeywords(p product) keywordSet {
	ws := append([]string(nil), p.Keywords...)
	for _, t := range tokens(p.Phrase) {
		if len(t) >= 3 && !stopwords[t] {
			ws = append(ws, t)
		}
	}
	return keywordSet{words: ws}
}

// mentions reports whether the sentence names the product: a word that
// shares a long prefix with a product keyword ("Zeiterfassung" and
// "Zeiterfassungs-App").
func (k keywordSet) mentions(n string) bool {
	for _, t := range strings.Fields(n) {
		if len(t) < 3 || stopwords[t] {
			continue
		}
		for _, w := range k.words {
			if t == w {
				return true
			}
			need := min(6, len(t), len(w))
			if need >= 5 && t[:need] == w[:need] {
				return true
			}
		}
	}
	return false
}

func (a *analysis) checkBenefit(s sentence, kw keywordSet) {
	if !realSentence(s) {
		a.named = false
		return
	}
	b := has(s.Norm, benefitWords.m)
	named := has(s.Norm, selfWords.m) || kw.mentions(s.Norm)
	tie := named || a.named
	a.named = named && !s.Question
	// "Mit X holen Sie den Betrag wieder rein", "X nimmt Ihnen Arbeit ab":
	// a statement of what the product does for the customer is a benefit,
	// whatever its words; advice and praise ("X ist gut, das sollten Sie
	// sich ansehen") are not.
	// "X hält das Wissen fest, damit nichts an einer Person hängt", "X geht
	// auch klein, kein großer Sprung nötig", "X bringt Zeit zurück", "X
	// kommt mit festem Termin, den wir schriftlich zusagen": what follows
	// for the customer, a pain it takes away, what they gain or are spared,
	// a promise or work the seller takes on is a benefit too.
	// Advice ("Das sollten Sie sich ansehen") and praise ("X ist super")
	// are no gain, unless the sentence frames the product's effect ("With
	// X you're never left hanging … before you have to ring us"); "a good
	// chunk of the work stops landing on your desk" is no praise.
	framed := startsWith(s.Norm, withProduct.m)
	// "dann müssen Sie nichts selbst aufbereiten" takes work away.
	advice := has(s.Norm, directives.m) && !has(s.Norm, negations.m)
	forCustomer := tie && !s.Question && (framed || !advice) && !praiseRE.MatchString(s.Norm) &&
		(has(s.Norm, beneficiaries.m) || purposeRE.MatchString(s.Text) || has(s.Norm, guaranteeWords.m) || has(s.Norm, serviceWords.m) ||
			has(s.Norm, negations.m) || has(s.Norm, outcomeWords.m) ||
			((framed || has(s.Norm, selfWords.m)) && has(s.Norm, customerWords.m)))
	var strength float64
	var kind string
	switch {
	case (b || forCustomer) && tie:
		strength, kind = 1, "tied"
	case b:
		strength, kind = 0.5, "generic"
	case tie:
		strength, kind = 0.25, "feature"
	}
	if strength > a.benefit {
		a.benefit, a.benefitKind, a.benefitQuote = strength, kind, s.Text
	}
}

// checkEvidence credits a figure, a reference or a case; in a sentence that
// proposes a next step (proposes) a date or duration proves nothing.
func (a *analysis) checkEvidence(s sentence, proposes bool) {
	record := tally(s)
	if !realSentence(s) && !record {
		// A figure in a list of labels proves nothing.
		return
	}
	figure := false
	toks := strings.Fields(s.Norm)
	for i, t := range toks {
		if t[0] < '0' || t[0] > '9' {
			continue
		}
		// "30 Minuten", "um 10 Uhr" are scheduling, not proof.
		if i+1 < len(toks) && has(" "+toks[i+1]+" ", timeUnits.m) {
			continue
		}
		figure = true
	}
	unit := has(s.Norm, evidenceUnits.m)
	if proposes && !(figure && unit) {
		// A date or duration inside a proposal is no evidence.
		figure = false
	}
	if !figure && has(s.Norm, numberWords.m) && !proposes {
		figure = true
	}
	// One concrete case ("Ein Maschinenhändler hat damit …") is an example
	// even without the word "Beispiel".
	// So is a case told from experience ("Letzte Woche hatte ich ein Paar,
	// …", "My last client with 60 people got a yes …").
	ref := record || has(s.Norm, evidenceRefs.m) || (startsWith(s.Norm, caseStarts.m) && has(s.Norm, caseVerbs.m) && s.Words >= 6) ||
		(has(s.Norm, clientWords.m) && (has(s.Norm, pastWords.m) || figure) && s.Words >= 6) ||
		(has(s.Norm, pastWords.m) && (figure || has(s.Norm, numberWords.m)) && s.Words >= 8)
	var strength float64
	switch {
	case figure && ref:
		strength = 1
	case ref, figure && unit:
		strength = 0.9
	case figure, has(s.Norm, evidenceVague.m):
		// A bare number is a claim, not yet a proof.
		strength = 0.5
	}
	if strength > a.evidence {
		a.evidence, a.evidenceQuote = strength, s.Text
	}
}

// tally reports a count of the seller's record, however terse: two
// figures and a word that tells the past ("12 Betriebsräte bisher, 12
// Zustimmungen", "Last 40 switches: 7 days average, zero outages",
// "Pünktlichkeit letztes Jahr: 98,4 %").
func tally(s sentence) bool {
	if s.Words < 4 || !has(s.Norm, pastWords.m) {
		return false
	}
	n := 0
	toks := strings.Fields(s.Norm)
	for i, t := range toks {
		digit := t[0] >= '0' && t[0] <= '9' && !(i+1 < len(toks) && has(" "+toks[i+1]+" ", timeUnits.m))
		if digit || has(" "+t+" ", numberWords.m) {
			n++
		}
	}
	return n >= 2
}

// startsWith reports whether the normalised text n begins with an entry of ms.
func startsWith(n string, ms []matcher) bool {
	for _, m := range ms {
		if strings.HasPrefix(n, m.needle) {
			return true
		}
	}
	return false
}

// checkNext keeps the strongest next step: strength and kind as proposal
// judged the sentence.
func (a *analysis) checkNext(s sentence, strength float64, kind string) {
	if !realSentence(s) && !s.Question {
		return
	}
	if strength > a.next {
		a.next, a.nextKind, a.nextQuote = strength, kind, s.Text
	}
}

func (a *analysis) checkPenalties(s sentence, customer string) {
	for _, c := range []struct {
		kind string
		l    *lexicon
	}{{"insult", insultWords}, {"contradict", contradictWords}, {"pressure", pressureWords}, {"badmouth", badmouthWords}, {"dismiss", dismissWords}} {
		m, ok := find(s.Norm, c.l.m)
		if c.kind == "pressure" {
			// "… and you take everything home – nothing to sign today."; a
			// threat may hold a negation of its own ("bis Freitag, sonst
			// kann ich … nicht garantieren"): any entry not negated counts.
			m, ok = findWhere(s.Norm, c.l.m, func(m string) bool { return !negatedNear(s.Norm, m) })
		}
		if !ok || a.hasPenalty(c.kind) {
			continue
		}
		if c.kind == "badmouth" && (s.Question || customer != "" && strings.Contains(norm(customer), " "+strings.TrimSuffix(m, "*"))) {
			// "Billigware hatten wir schon." – "Wer einmal Billigware
			// verbaut hat, ist vorsichtig": the customer's own word, taken
			// up, runs nobody down; nor does a question about it ("Was ist
			// bei der Billigware damals passiert?").
			continue
		}
		if c.kind == "insult" && strings.Contains(s.Norm, " das dumme ") {
			// "Das Dumme ist nur: …" is an idiom, not an insult.
			continue
		}
		if c.kind == "contradict" && (has(s.Norm, agreeWords.m) || has(s.Norm, wouldBeWords.m)) {
			// "Dann wäre ein fester Vertrag auch Quatsch – da geb ich dir
			// recht": the customer's view, agreed with.
			continue
		}
		if c.kind == "dismiss" {
			if m, ok = a.dismisses(s); !ok {
				continue
			}
		}
		a.penalties = append(a.penalties, penalty{Kind: c.kind, Quote: excerpt(s, m)})
	}
	// "Die meisten Anbieter haben ja einen ziemlich schlechten Support":
	// other providers named and judged badly, in any words.
	if !a.hasPenalty("badmouth") && !s.Question {
		// A question may ask about a bad experience ("Haben Sie mit einem
		// Anbieter schon mal schlechte Erfahrungen gemacht?").
		if r, ok := find(s.Norm, rivalWords.m); ok && has(s.Norm, badWords.m) {
			a.penalties = append(a.penalties, penalty{Kind: "badmouth", Quote: excerpt(s, r)})
		}
	}
}

// wouldBeWords make a verdict hypothetical: "dann wäre eine Anlage auf dem
// jetzigen Dach Quatsch" calls the seller's own offer nonsense, not the
// customer's words.
var wouldBeWords = lex("waere", "would be", "wuerde")

// agreeWords grant the customer a point.
var agreeWords = lex("gebe ich dir recht", "geb ich dir recht", "gebe ich ihnen recht", "da haben sie recht", "da hast du recht", "haben sie recht", "hast du recht",
	"you re right", "you are right", "i agree", "fair point")

// rivalWords name other providers; badWords judge them.
var (
	rivalWords = lex("anbieter", "die anderen", "andere firmen", "konkurrenz*", "konkurrent*", "wettbewerb*", "mitbewerber*", "die meisten haben",
		"ihr jetziger", "ihr aktueller", "dein jetziger", "dein aktueller", "euer jetziger", "euer aktueller",
		"competitor*", "the others", "providers", "cheap ones", "billiganbieter*", "other providers", "other vendors", "most providers", "most vendors", "your current provider", "your current supplier")
	badWords = lex("schlecht*", "mies*", "miserab*", "katastroph*", "unzuverlaessig*", "lausig*", "grottig*", "furchtbar*", "unfaehig*", "abzocke*", "zocken ab",
		"bad", "worse", "worst", "poor", "terrible", "awful", "lousy", "useless", "unreliable", "rip off", "ripoff", "incompetent", "cut corners", "go bust", "be bust")
)

// dismisses finds words that play down the customer's worry ("Keine
// Sorge", "Kein Problem"); "Kein Problem, nächstes Quartal passt" grants a
// request for a later time and plays down no worry.
func (a *analysis) dismisses(s sentence) (string, bool) {
	m, ok := find(s.Norm, dismissWords.m)
	if !ok || (deferrals[a.family] && has(" "+norm(m)+" ", reassurance.m)) {
		return "", false
	}
	return m, true
}

// deferrals are the objections that ask for a later time rather than
// voice a worry; "Kein Problem, dann sprich halt mit deinem Chef" still
// brushes off one who must ask someone.
var deferrals = map[string]bool{"timing": true, "no_time": true}

// excerpt returns the words of s around the lexicon entry m, so a feedback
// line quotes the offending words even in a long sentence.
func excerpt(s sentence, m string) string {
	needle := " " + strings.TrimSpace(norm(strings.TrimSuffix(m, "*")))
	at := strings.Index(s.Norm, needle)
	fields := strings.Fields(s.Text)
	if at < 0 || len(fields) <= 8 {
		return s.Text
	}
	tokIdx := strings.Count(s.Norm[:at+1], " ") - 1
	// Map the token index to the field (a field like "KI-gestützte" holds
	// several tokens).
	fi, seen := 0, 0
	for i, f := range fields {
		n := len(tokens(f))
		if seen+n > tokIdx {
			fi = i
			break
		}
		seen += n
		fi = i
	}
	from := max(0, fi-2)
	to := min(len(fields), from+8)
	out := strings.Join(fields[from:to], " ")
	if from > 0 {
		out = "… " + out
	}
	return out
}

func (a *analysis) checkShape() {
	letters, upper := 0, 0
	for _, r := range a.text {
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	// Capitals shout, and so do runs of exclamation marks ("!!") or one
	// after most sentences; a cheerful "Klar, logisch! … mega!" does not.
	bangs, bangEnds := strings.Count(a.text, "!"), 0
	for _, s := range a.sents {
		if strings.HasSuffix(strings.TrimSpace(s.Text), "!") {
			bangEnds++
		}
	}
	if (letters >= 12 && float64(upper)/float64(letters) > 0.6) || strings.Contains(a.text, "!!") ||
		bangs >= 4 && bangEnds*2 > len(a.sents) || bangs >= 6 {
		a.penalties = append(a.penalties, penalty{Kind: "shout", Quote: firstSentence(a.sents)})
	}
	if a.words < minWords {
		a.penalties = append(a.penalties, penalty{Kind: "short"})
	}
	if a.words > maxWords {
		a.penalties = append(a.penalties, penalty{Kind: "long"})
	}
	// Most severe first, so reasons and reactions name the worst.
	rank := map[string]int{}
	for i, k := range penaltyOrder {
		rank[k] = i
	}
	ps := a.penalties
	for i := 1; i < len(ps); i++ {
		for j := i; j > 0 && rank[ps[j].Kind] < rank[ps[j-1].Kind]; j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
}

func firstSentence(ss []sentence) string {
	if len(ss) == 0 {
		return ""
	}
	return ss[0].Text
}

func (a *analysis) checkRelevance() {
	n := norm(a.text)
	if fw, ok := a.lexicon(); ok {
		switch {
		case has(n, fw.Handling.m):
			a.relevance = 1
		case a.benefit >= shownBenefit && a.themeSentences(fw.Theme) >= 2:
			// An answer that stays with the objection's theme through its
			// argument deals with it, in whatever words it handles it.
			a.relevance = 1
		case has(n, fw.Theme.m):
			a.relevance = 0.6
		case a.question >= 1:
			// "Was genau meinen Sie damit?" explores the objection without
			// naming it.
			a.relevance = 0.4
		}
		return
	}
	// Unknown objection: any objection theme counts as on topic.
	for _, fw := range familyLexicon {
		if has(n, fw.Theme.m) || has(n, fw.Handling.m) {
			a.relevance = 0.6
			return
		}
	}
}

// themeSentences counts the answer's sentences that name the theme.
func (a *analysis) themeSentences(theme *lexicon) int {
	n := 0
	for _, s := range a.sents {
		if has(s.Norm, theme.m) {
			n++
		}
	}
	return n
}

// German forms of address. Capitalised Sie/Ihnen/Ihr… are formal; du, dich,
// dir, dein…, euch, euer… are informal in any case.
var (
	sieForms = map[string]bool{"Sie": true, "Ihnen": true, "Ihr": true, "Ihre": true, "Ihren": true, "Ihrem": true, "Ihrer": true, "Ihres": true}
	duForms  = map[string]bool{
		"du": true, "dich": true, "dir": true, "dein": true, "deine": true, "deinen": true, "deinem": true,
		"deiner": true, "deines": true, "euch": true, "euer": true, "eure": true, "euren": true, "eurem": true,
		"eurer": true, "eures": true,
	}
)

// addressWords are the first Sie-form and the first du-form the seller
// used in sents ("" when none).
func addressWords(sents []sentence) (sieWord, duWord string) {
	for _, s := range sents {
		ws := wordsOf(sheRE.ReplaceAllStringFunc(s.Text, she))
		for i, w := range ws {
			next := ""
			if i+1 < len(ws) {
				next = ws[i+1]
			}
			switch {
			case duForms[strings.ToLower(w)]:
				if duWord == "" {
					duWord = w
				}
			case w == "ihr" && next != "" && isLowerWord(next) && strings.HasSuffix(next, "t") &&
				!(strings.HasPrefix(next, "ge") && len(next) > 5):
				// "ihr habt", "ihr spart": the informal plural; "bis ein
				// Mitarbeiter ihr gezeigt hat" is "her".
				if duWord == "" {
					duWord = w
				}
			case sieForms[w]:
				if w == "Ihr" && next != "" && isLowerWord(next) && (i == 0 || strings.HasSuffix(next, "t") || next == "seid") {
					// "Ihr habt" at a sentence start, "…: Ihr bestellt eine
					// Leitung" after a colon, is informal plural (the formal
					// "Ihr" before a lower-case word takes an adjective:
					// "Ihr neues Dach").
					if duWord == "" {
						duWord = w
					}
					continue
				}
				if i == 0 && w != "Sie" && w != "Ihnen" && (next == "" || isLowerWord(next)) {
					// "Ihre" at a sentence start followed by a verb may be "their".
					continue
				}
				if sieWord == "" {
					sieWord = w
				}
			}
		}
	}
	return sieWord, duWord
}

// sheRE finds a clause that opens with "Sie" and a verb in the third
// person singular ("Am einfachsten: Sie gibt uns ihre Checkliste"): she,
// not the customer, whom "Sie" addresses with the plural ("Sie geben").
var sheRE = regexp.MustCompile(`(^|[:;–—]\s+|\s-\s+)Sie\s+([a-zäöüß]+)`)

// she lowers the "Sie" of a match of sheRE when its verb is singular.
func she(m string) string {
	ws := strings.Fields(m)
	verb := ws[len(ws)-1]
	singular := singularVerbs[verb] || strings.HasSuffix(verb, "t") && !strings.HasSuffix(verb, "en") && !notVerbs[verb]
	if !singular {
		return m
	}
	return strings.Replace(m, "Sie", "sie", 1)
}

var (
	singularVerbs = map[string]bool{"kann": true, "will": true, "muss": true, "soll": true, "darf": true, "mag": true, "weiß": true, "wird": true, "sieht": true}
	notVerbs      = map[string]bool{"nicht": true, "selbst": true, "jetzt": true, "direkt": true, "erst": true, "sofort": true, "bereits": true,
		"gut": true, "bestimmt": true, "vielleicht": true, "meist": true, "oft": true, "zuerst": true, "damit": true, "mit": true,
		"trotzdem": true, "zuletzt": true, "zumindest": true, "längst": true, "tatsächlich": true, "recht": true, "geschickt": true}
)

func (a *analysis) checkFormality() {
	if a.v.Lang == langEN {
		a.formality, a.formalityState = 1, "en"
		return
	}
	sieWord, duWord := addressWords(a.sents)
	q := func(w string) string { return quote(a.v.Lang, w, 3) }
	switch {
	case sieWord != "" && duWord != "":
		a.formality, a.formalityState, a.formalityQuote = 0.3, "mixed", q(sieWord)+" / "+q(duWord)
	case sieWord != "" && a.v.Sie:
		a.formality, a.formalityState, a.formalityQuote = 1, "ok_sie", q(sieWord)
	case duWord != "" && !a.v.Sie:
		a.formality, a.formalityState, a.formalityQuote = 1, "ok_du", q(duWord)
	case duWord != "":
		a.formality, a.formalityState, a.formalityQuote = 0, "wrong_sie", q(duWord)
	case sieWord != "":
		a.formality, a.formalityState, a.formalityQuote = 0, "wrong_du", q(sieWord)
	case a.v.Sie:
		a.formality, a.formalityState = 0.5, "none_sie"
	default:
		a.formality, a.formalityState = 0.5, "none_du"
	}
}

// wordsOf splits text into words as written (case kept), for the du/Sie check.
func wordsOf(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
}

func (a *analysis) hasPenalty(kind string) bool {
	for _, p := range a.penalties {
		if p.Kind == kind {
			return true
		}
	}
	return false
}

// hostile reports contradiction, pressure, insults or running others down:
// answers a customer reacts to by getting cooler.
func (a *analysis) hostile() bool {
	return a.hasPenalty("insult") || a.hasPenalty("contradict") || a.hasPenalty("pressure") || a.hasPenalty("badmouth") || a.hasPenalty("shout")
}

func (a *analysis) computeScore() int {
	if a.words == 0 {
		return 0
	}
	s := 0.0
	if a.words >= minWords && !a.hasPenalty("insult") && !a.offTopic {
		s += weightBase
	}
	s += weightAck*a.ack + weightQuestion*a.question + weightBenefit*a.benefit + weightEvidence*a.evidence +
		weightNext*a.next + weightRelevance*a.relevance + weightFormality*a.formality
	switch a.formalityState {
	case "wrong_sie", "wrong_du":
		s -= penaltyWrongForm
	case "mixed":
		s -= penaltyMixedForm
	}
	limit := 100.0
	for _, p := range a.penalties {
		switch p.Kind {
		case "insult":
			s -= penaltyInsult
			limit = math.Min(limit, capInsult)
		case "contradict":
			s -= penaltyContra
			limit = math.Min(limit, capContra)
		case "pressure":
			s -= penaltyPressure
			limit = math.Min(limit, capPressure)
		case "badmouth":
			s -= penaltyBadmouth
		case "dismiss":
			s -= penaltyDismiss
		case "shout":
			s -= penaltyShout
		case "long":
			s -= penaltyLong
		case "short":
			limit = math.Min(limit, capShort)
		case voidList, voidRepeat, voidEcho, voidInjection:
			limit = math.Min(limit, capVoid)
		}
	}
	if a.offTopic {
		limit = math.Min(limit, capOffTopic)
	}
	s = math.Min(s, limit)
	return int(math.Round(math.Max(0, math.Min(100, s))))
}

// toneStrength is 1 for a civil answer of good length, less per problem.
func (a *analysis) toneStrength() float64 {
	t := 1.0
	for _, p := range a.penalties {
		switch p.Kind {
		case "insult", voidList, voidRepeat, voidEcho, voidInjection:
			t -= 1
		case "contradict", "pressure":
			t -= 0.6
		case "badmouth", "shout", "short", "long":
			t -= 0.5
		case "dismiss":
			t -= 0.3
		}
	}
	return math.Max(0, t)
}

// shown reports whether the answer showed a technique.
func (a *analysis) shown(key string) bool {
	switch key {
	case "acknowledge":
		return a.ack > 0
	case "question":
		return a.question >= shownQuestion
	case "benefit":
		return a.benefit >= shownBenefit
	case "evidence":
		return a.evidence >= shownEvidence
	case "next_step":
		return a.next >= shownNext
	case "formality":
		return a.formality >= 0.9
	case "tone":
		return len(a.penalties) == 0
	}
	return false
}

// familyName is how texts refer to the objection ("zum Preis", "price").
func familyName(family, lang string) string {
	if f, ok := families[family]; ok {
		return f.Name[lang]
	}
	if lang == langEN {
		return "customer's"
	}
	return "des Kunden"
}

// techniques turns the analysis into the seven technique lines.
func (a *analysis) techniques() []salescoach.Technique {
	lang := a.v.Lang
	r := reasons[lang]
	q := func(s string) string { return quote(lang, s, 8) }
	out := make([]salescoach.Technique, 0, len(techniqueKeys))
	for _, key := range techniqueKeys {
		var reason string
		switch key {
		case "acknowledge":
			switch {
			case a.ack > 0 && a.ackBut:
				reason = fmt.Sprintf(r["acknowledge.shown_but"], q(a.ackQuote))
			case a.ack > 0:
				reason = fmt.Sprintf(r["acknowledge.shown"], q(a.ackQuote))
			case a.offTopic:
				reason = fmt.Sprintf(r["acknowledge.ignored"], familyName(a.family, lang))
			default:
				reason = fmt.Sprintf(r["acknowledge.missing"], familyName(a.family, lang))
			}
		case "question":
			switch {
			case a.questionKind == "rhetorical":
				reason = fmt.Sprintf(r["question.rhetorical"], q(a.questionQuote))
			case a.questionKind == "offtopic":
				reason = fmt.Sprintf(r["question.offtopic"], q(a.questionQuote), familyName(a.family, lang))
			case a.questionKind == "followup":
				reason = fmt.Sprintf(r["question.followup"], q(a.questionQuote))
			case a.question >= shownQuestion && a.questionKind == "closed":
				reason = fmt.Sprintf(r["question.closed"], q(a.questionQuote))
			case a.question >= shownQuestion:
				reason = fmt.Sprintf(r["question.shown"], q(a.questionQuote))
			default:
				reason = r["question.missing"]
			}
		case "benefit":
			reason = kindReason(r, "benefit", a.benefitKind, q(a.benefitQuote))
		case "evidence":
			switch {
			case a.placeholder != "":
				reason = fmt.Sprintf(r["placeholder"], quote(lang, a.placeholder, 12))
			case a.evidence >= shownEvidence:
				reason = fmt.Sprintf(r["evidence.shown"], q(a.evidenceQuote))
			case a.evidence > 0:
				reason = fmt.Sprintf(r["evidence.vague"], q(a.evidenceQuote))
			default:
				reason = r["evidence.missing"]
			}
		case "next_step":
			reason = kindReason(r, "next_step", a.nextKind, q(a.nextQuote))
		case "formality":
			reason = r["formality."+a.formalityState]
			if strings.Contains(reason, "%s") {
				reason = fmt.Sprintf(reason, a.formalityQuote)
			}
		case "tone":
			reason = a.toneReason()
		}
		out = append(out, salescoach.Technique{Key: key, Label: labels[lang][key], Shown: a.shown(key), Reason: tidyQuotes(reason)})
	}
	return out
}

func (a *analysis) toneReason() string {
	r := reasons[a.v.Lang]
	if len(a.penalties) == 0 {
		return fmt.Sprintf(r["tone.ok"], a.words)
	}
	p := a.penalties[0]
	switch p.Kind {
	case voidList, voidRepeat, voidEcho, voidInjection:
		return r["tone."+p.Kind]
	case "short", "long":
		return fmt.Sprintf(r["tone."+p.Kind], a.words)
	case "shout":
		return r["tone.shout"]
	}
	return fmt.Sprintf(r["tone."+p.Kind], quote(a.v.Lang, p.Quote, 8))
}

// kindReason is the reason text "key.kind" filled with the quote, or
// "key.missing" when the answer showed no kind of it.
func kindReason(r map[string]string, key, kind, quote string) string {
	if tmpl, ok := r[key+"."+kind]; ok && kind != "" && kind != "missing" {
		return fmt.Sprintf(tmpl, quote)
	}
	return r[key+".missing"]
}
