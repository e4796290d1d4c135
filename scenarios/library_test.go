package scenarios_test

import (
	"os"
	"strings"
	"testing"

	"salescoach"
	"salescoach/scenarios"
)

func TestLoad(t *testing.T) {
	list, err := scenarios.Load(os.DirFS("testdata/good"), "testdata/good")
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 {
		t.Fatalf("%d scenarios, want 2 (README.txt is no scenario)", len(list))
	}
	de, en := list[0], list[1]
	if de.ID != "builtin-zeiterfassung-de" || en.ID != "builtin-zeiterfassung-en" {
		t.Errorf("ids %q %q", de.ID, en.ID)
	}
	for _, s := range list {
		if !s.BuiltIn || s.Scope != salescoach.ScopePublic || s.OwnerID != "" {
			t.Errorf("%s: built-in %v scope %q owner %q", s.ID, s.BuiltIn, s.Scope, s.OwnerID)
		}
	}
	if de.Language != "de" || en.Title != "Time tracking for builders" || de.Objections[0].Criteria[1] != "monatlich kündbar" {
		t.Errorf("read %+v / %+v", de, en)
	}
}

// TestLoadRefusesBadFiles: start-up fails naming the file and the field.
func TestLoadRefusesBadFiles(t *testing.T) {
	cases := []struct{ dir, want string }{
		{"badfield", "badfield/zeiterfassung.de.json: objections.1.family"},
		{"badname", "badname/Zeiterfassung_Bau.json: the name must be"},
		{"badpersonality", `badpersonality/zeiterfassung.de.json: persona.personality: "launisch"`},
		{"badlang", `badlang/zeiterfassung.de.json: language: "en"`},
		{"badversion", "badversion/zeiterfassung.de.json: version"},
	}
	for _, c := range cases {
		_, err := scenarios.Load(os.DirFS("testdata/"+c.dir), c.dir)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.dir, err, c.want)
		}
	}
}

// TestLibrary checks the real embedded library: every file valid, both
// languages of every slug, at least 12 scenarios per language (issue 28).
func TestLibrary(t *testing.T) {
	list, err := scenarios.Library()
	if err != nil {
		t.Fatal(err)
	}
	per := map[string]int{}
	ids := map[string]bool{}
	for _, s := range list {
		per[s.Language]++
		ids[s.ID] = true
	}
	for _, s := range list {
		slug := strings.TrimSuffix(strings.TrimSuffix(s.ID, "-de"), "-en")
		if !ids[slug+"-de"] || !ids[slug+"-en"] {
			t.Errorf("%s: the library has it in one language only", slug)
		}
	}
	for _, lang := range []string{salescoach.LanguageDE, salescoach.LanguageEN} {
		if per[lang] < 12 {
			t.Errorf("%d built-in scenarios in %q, want at least 12", per[lang], lang)
		}
	}
}
