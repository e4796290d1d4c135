package trainer

import (
	"encoding/json"
	"strings"
	"testing"

	"salescoach/coach"
)

// TestLexiconFile checks data/lexicon.json as a trainer edits it: every
// list the code reads exists, no entry is empty or listed twice, and every
// objection family has theme and handling words.
func TestLexiconFile(t *testing.T) {
	var l lexiconFile
	if err := json.Unmarshal(lexiconJSON, &l); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{
		"acknowledge", "but", "question", "customer", "rhetorical", "rhetorical_ends", "benefit", "self",
		"evidence_refs", "evidence_vague", "evidence_units", "number_words", "case_starts", "case_verbs",
		"time_units", "next_actions", "next_times", "next_proposals", "next_vague", "contradict", "pressure",
		"insult", "badmouth", "dismiss", "injection", "sentence_words", "smalltalk", "probe", "back_reference", "function_words",
		"boilerplate", "stopwords",
	} {
		list, ok := l.Lists[name]
		if !ok || len(list) == 0 {
			t.Errorf("list %q is missing or empty", name)
		}
		checkEntries(t, name, list)
	}
	for _, o := range coach.Objections {
		if _, ok := l.Families[o.Key]; !ok {
			t.Errorf("family %q has no words", o.Key)
		}
	}
	for k, f := range l.Families {
		if len(f.Theme) == 0 || len(f.Handling) == 0 {
			t.Errorf("family %q needs theme and handling words", k)
		}
		checkEntries(t, k+".theme", f.Theme)
		checkEntries(t, k+".handling", f.Handling)
	}
}

func checkEntries(t *testing.T, name string, list []string) {
	t.Helper()
	seen := map[string]bool{}
	for _, e := range list {
		if name == "rhetorical_ends" {
			continue
		}
		if strings.TrimSpace(norm(strings.TrimSuffix(e, "*"))) == "" {
			t.Errorf("%s: entry %q matches nothing", name, e)
		}
		if seen[e] {
			t.Errorf("%s: entry %q is listed twice", name, e)
		}
		seen[e] = true
	}
}

func TestSheIsNoFormalAddress(t *testing.T) {
	for _, tc := range []struct {
		text     string
		sie, du  bool
		question bool
	}{
		{"Am einfachsten: Sie gibt uns ihre Checkliste, und du bekommst alles.", false, true, false},
		{"Sie kann das selbst prüfen, und wir helfen dir dabei.", false, true, false},
		{"Am einfachsten: Sie geben uns Ihre Checkliste.", true, false, false},
		{"Sie nicht zu überfordern ist uns wichtig.", true, false, false},
		{"Passt, dann machen wir's genau so: fester Termin nach Monatsende, und bis dahin hörst du nichts von mir.", false, true, false},
		{"Passt dir der Dienstag nach Monatsende?", false, true, true},
	} {
		sents := splitSentences(tc.text)
		sie, du := addressWords(sents)
		if (sie != "") != tc.sie || (du != "") != tc.du {
			t.Errorf("%q: Sie %q, du %q; want Sie %v, du %v", tc.text, sie, du, tc.sie, tc.du)
		}
		if q := isQuestion(sents[0]); q != tc.question {
			t.Errorf("%q: question %v, want %v", tc.text, q, tc.question)
		}
	}
}
