package trainer

// The words by which the trainer recognises techniques in a seller's answer
// live in data/lexicon.json, where a trainer or product person can edit
// them. Entries are matched against the answer lower-cased with umlauts
// spelled out (ä → ae), so "Prüfung" and "pruefung" are the same. An entry
// ending in * matches the start of a word ("spar*" finds "sparen", "spart");
// any other entry matches whole words. Multi-word entries match consecutive
// words. German and English entries live side by side because users mix
// them. lexicon_test.go checks the file on load.

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

//go:embed data/lexicon.json
var lexiconJSON []byte

// lexiconFile is the shape of data/lexicon.json: named lists of entries,
// and per objection family the words of its theme and of good handling.
type lexiconFile struct {
	Lists    map[string][]string
	Families map[string]struct {
		Theme    []string `json:"theme"`
		Handling []string `json:"handling"`
	}
}

func (l *lexiconFile) UnmarshalJSON(b []byte) error {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	l.Lists = map[string][]string{}
	for k, v := range raw {
		if k == "families" {
			if err := json.Unmarshal(v, &l.Families); err != nil {
				return fmt.Errorf("families: %w", err)
			}
			continue
		}
		var list []string
		if err := json.Unmarshal(v, &list); err != nil {
			return fmt.Errorf("%s: %w", k, err)
		}
		l.Lists[k] = list
	}
	return nil
}

// lexiconData is data/lexicon.json, parsed once at start-up; a broken file
// stops the program at once (and fails every test) rather than scoring
// answers with missing words.
var lexiconData = func() *lexiconFile {
	var l lexiconFile
	if err := json.Unmarshal(lexiconJSON, &l); err != nil {
		panic("trainer: data/lexicon.json: " + err.Error())
	}
	return &l
}()

// lexicon is one list of entries, compiled once.
type lexicon struct {
	m []matcher
}

func lex(entries ...string) *lexicon { return &lexicon{m: compile(entries)} }

// named compiles the list called name of data/lexicon.json; it panics on a
// missing list, which lexicon_test.go turns into a failing test.
func named(name string) *lexicon {
	list, ok := lexiconData.Lists[name]
	if !ok || len(list) == 0 {
		panic("trainer: data/lexicon.json has no list " + name)
	}
	return lex(list...)
}

var (
	ackWords        = named("acknowledge")    // the concern taken seriously (the A of LAER)
	butWords        = named("but")            // weaken an acknowledgement right after it
	questionWords   = named("question")       // make a question open
	customerWords   = named("customer")       // a question about the customer's situation
	rhetoricalWords = named("rhetorical")     // make a whole question rhetorical
	benefitWords    = named("benefit")        // what the customer gains
	selfWords       = named("self")           // tie a statement to the seller's offer
	evidenceRefs    = named("evidence_refs")  // specific references, examples and proofs
	evidenceVague   = named("evidence_vague") // claims the customer cannot check
	evidenceUnits   = named("evidence_units") // make a number a figure
	numberWords     = named("number_words")   // figures written as words
	caseStarts      = named("case_starts")    // a sentence about one concrete case starts so …
	caseVerbs       = named("case_verbs")     // … and says what happened
	timeUnits       = named("time_units")     // after a number: scheduling, not evidence
	nextActions     = named("next_actions")   // concrete things to do next
	nextTimes       = named("next_times")     // make a next step concrete in time
	nextProposals   = named("next_proposals") // make a next step a proposal
	nextVague       = named("next_vague")     // invitations without a concrete step
	contradictWords = named("contradict")
	pressureWords   = named("pressure")
	insultWords     = named("insult")
	badmouthWords   = named("badmouth")
	dismissWords    = named("dismiss")
	injectionWords  = named("injection")         // instructions to the trainer, not an answer
	sentenceWords   = named("sentence_words")    // function words: real sentences have some
	smalltalkWords  = named("smalltalk")         // questions about anything but the objection
	probeWords      = named("probe")             // a question explores the customer's situation
	backReferences  = named("back_reference")    // "Woran liegt das?": pronouns pointing back at the objection
	indirectAsks    = named("indirect_question") // "Erzählen Sie mal …": a question without a question mark
	beneficiaries   = named("beneficiary")       // the customer as the one who gains ("Ihnen", "Ihr …", "your")
	directives      = named("directive")         // advice rather than a gain ("sollten Sie", "schauen Sie sich … an")
	techniqueLabels = named("technique_labels")  // the names of the techniques themselves ("Nutzen", "Next step")
	agreementWords  = named("agreement")         // an opener that sides with the customer ("im Gegenteil", "sehe ich genauso")
	mirrorFrames    = named("mirror")            // the customer's point reported: "sagen Sie", "you'd like"
	mirrorReadings  = named("mirror_reading")    // … and read: "also", "das heißt", "which means", "is that right"
	jointWords      = named("joint")             // the seller or both act ("wir", "ich", "we"): a question with a day proposes it
	guaranteeWords  = named("guarantee")         // a guarantee takes a risk off the customer
	serviceWords    = named("service")           // "wir liefern die Unterlagen": work the seller takes off the customer
	outcomeWords    = named("outcome")           // what a customer gains or is spared: time, money, effort, worry
	negations       = named("negation")          // "kein großer Sprung nötig": a pain taken away
	clientWords     = named("client")            // who a case is about: "ein Paar", "one company"
	pastWords       = named("past")              // a case told from experience: "letzte Woche", "had"
	askingVerbs     = named("asking_verbs")      // a verb that opens a question: "Gibt es …", "Do you …"
	reassurance     = named("reassurance")       // "Kein Problem": dismisses a worry, accepts a request for time
	functionWords   = named("function_words")    // a line of website text is a sentence
	boilerplate     = named("boilerplate")       // website text that is not about the product
)

// rhetoricalEnds end a question that expects no answer ("…, oder?"). They
// count only at the very end, because "oder" inside a question ("Excel oder
// ein anderes Tool?") is fine.
var rhetoricalEnds = lexiconData.Lists["rhetorical_ends"]

// familyWords are, per objection family, the words of its theme (the answer
// is about this objection) and of good handling (the answer does what
// trainers teach for it).
type familyWords struct {
	Theme, Handling *lexicon
}

var familyLexicon = func() map[string]familyWords {
	m := map[string]familyWords{}
	for k, f := range lexiconData.Families {
		m[k] = familyWords{Theme: lex(f.Theme...), Handling: lex(f.Handling...)}
	}
	return m
}()

// stopwords are function words: ignored as product keywords, as words a
// listener echoes, and as terms of a summary.
var stopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range lexiconData.Lists["stopwords"] {
		m[w] = true
	}
	return m
}()
