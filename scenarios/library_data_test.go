package scenarios_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"salescoach"
	"salescoach/coach"
)

// The built-in library's data files are checked here on their own, by
// reading the folder, so that a bad file fails this test whatever the
// loader (library.go) does with it.

// dataFile is the file format: the API's scenario JSON plus "version".
type dataFile struct {
	Version int `json:"version"`
	salescoach.Scenario
}

// dataPersonalities are the seeded tone presets' ids a persona may name.
var dataPersonalities = map[string]bool{
	"freundlich": true, "skeptisch": true, "ungeduldig": true,
	"analytisch": true, "dominant": true, "zurueckhaltend": true,
}

// dataGermanPersona finds what makes an English persona read German.
var dataGermanPersona = regexp.MustCompile(`[äöüÄÖÜß]|\bGmbH\b|\bHerr\b|\bFrau\b`)

var dataFileName = regexp.MustCompile(`^([a-z0-9]+(?:-[a-z0-9]+)*)\.(de|en)\.json$`)

// dataStopwords are frequent words of four letters or more that say nothing
// about a product, so a criterion sharing only them with the product text
// does not count as taken from it.
var dataStopwords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`aber alle allen auch beim bereits dann dass dem denen deren diese diesem diesen dieser durch
		eine einem einen einer eines etwa gibt haben hier ihre ihrem ihren ihrer immer jede jedem jeden jeder kann keine
		mehr nach nicht noch oder ohne rund schon sein seit sich sind über unter vom wenn werden wird wir zwei drei
		about after also been before each every from have into less more only over such than that their them then
		there these they this those under what when which will with within without your yours`) {
		dataStopwords[w] = true
	}
}

// dataContentWords returns the lowercase words of four letters or more (minus
// dataStopwords) and the numbers of s.
func dataContentWords(s string) (words, numbers map[string]bool) {
	words, numbers = map[string]bool{}, map[string]bool{}
	for _, f := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		switch {
		case strings.IndexFunc(f, func(r rune) bool { return !unicode.IsDigit(r) }) < 0:
			numbers[f] = true
		case len([]rune(f)) >= 4 && !dataStopwords[f]:
			words[f] = true
		}
	}
	return words, numbers
}

func dataFamilyKeys() []string {
	keys := make([]string, len(coach.Objections))
	for i, o := range coach.Objections {
		keys[i] = o.Key
	}
	return keys
}

// readDataFile decodes a file strictly: unknown fields and anything
// after the scenario fail it.
func readDataFile(path string) (dataFile, error) {
	var f dataFile
	data, err := os.ReadFile(path)
	if err != nil {
		return f, err
	}
	if len(data) > salescoach.MaxScenarioFileBytes {
		return f, fmt.Errorf("%d bytes, more than an import allows", len(data))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return f, err
	}
	if dec.More() {
		return f, errors.New("data after the scenario")
	}
	return f, nil
}

func TestLibraryDataFiles(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("library", "*"))
	if err != nil {
		t.Fatal(err)
	}
	families := dataFamilyKeys()
	bySlug := map[string]map[string]dataFile{}
	titles := map[string]string{}
	for _, path := range paths {
		name := filepath.Base(path)
		m := dataFileName.FindStringSubmatch(name)
		if m == nil {
			t.Errorf("%s: not named <slug>.<de|en>.json", name)
			continue
		}
		slug, lang := m[1], m[2]
		f, err := readDataFile(path)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		raw, _ := readDataFile(path)
		s := &f.Scenario
		if f.Version != salescoach.ScenarioSchemaVersion {
			t.Errorf("%s: version %d", name, f.Version)
		}
		if s.ID != "" || s.Scope != "" || s.BuiltIn {
			t.Errorf("%s: id, scope or builtIn set; the loader gives those", name)
		}
		if err := s.Validate(families); err != nil {
			var e *salescoach.Error
			if errors.As(err, &e) {
				for field, m := range e.Fields {
					t.Errorf("%s: %s: %s", name, field, m.String())
				}
			}
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !reflect.DeepEqual(f, raw) {
			t.Errorf("%s: a text has spaces around it (Validate trims)", name)
		}
		if s.Language != lang {
			t.Errorf("%s: language %q", name, s.Language)
		}
		if !dataPersonalities[s.Persona.Personality] {
			t.Errorf("%s: personality %q is not a tone preset", name, s.Persona.Personality)
		}
		if other, ok := titles[lang+"\x00"+s.Title]; ok {
			t.Errorf("%s: title %q also in %s", name, s.Title, other)
		}
		titles[lang+"\x00"+s.Title] = name
		if n := len(s.Objections); n < 2 {
			t.Errorf("%s: %d objections, want 2 to %d", name, n, salescoach.MaxScenarioObjections)
		}
		productWords, productNumbers := dataContentWords(s.Product)
		customs := 0
		for i, o := range s.Objections {
			if !o.Custom() {
				continue
			}
			customs++
			for j, c := range o.Criteria {
				words, numbers := dataContentWords(c)
				shared := false
				for w := range words {
					shared = shared || productWords[w]
				}
				for n := range numbers {
					shared = shared || productNumbers[n]
					if !productNumbers[n] {
						t.Errorf("%s: objections.%d.criteria.%d %q: the number %s is not in the product text", name, i, j, c, n)
					}
				}
				if !shared {
					t.Errorf("%s: objections.%d.criteria.%d %q shares no word with the product text", name, i, j, c)
				}
			}
		}
		if customs == 0 {
			t.Errorf("%s: no custom objection", name)
		}
		if bySlug[slug] == nil {
			bySlug[slug] = map[string]dataFile{}
		}
		bySlug[slug][lang] = f
	}
	if len(bySlug) < 12 {
		t.Errorf("%d scenarios, want at least 12", len(bySlug))
	}
	for slug, langs := range bySlug {
		de, okDE := langs["de"]
		en, okEN := langs["en"]
		if !okDE || !okEN {
			t.Errorf("%s: not in both German and English", slug)
			continue
		}
		// Both languages play the same conversation: the same situation,
		// buyer and objections, a custom one with as many wordings and
		// criteria.
		if de.Situation != en.Situation || de.Persona.Buyer != en.Persona.Buyer ||
			de.Persona.Personality != en.Persona.Personality || de.Persona.Formality != en.Persona.Formality {
			t.Errorf("%s: situation or persona differ between de and en", slug)
		}
		// The English persona is English (issue 40): a name and a company
		// of its own, no German letters or legal forms.
		if de.Persona.Name == en.Persona.Name || de.Persona.Company == en.Persona.Company {
			t.Errorf("%s: the English persona has the German one's name or company (%s, %s)", slug, en.Persona.Name, en.Persona.Company)
		}
		if dataGermanPersona.MatchString(en.Persona.Name + " " + en.Persona.Company + " " + en.Persona.Role) {
			t.Errorf("%s: the English persona reads German: %s, %s, %s", slug, en.Persona.Name, en.Persona.Role, en.Persona.Company)
		}
		if len(de.Objections) != len(en.Objections) {
			t.Errorf("%s: %d objections in de, %d in en", slug, len(de.Objections), len(en.Objections))
			continue
		}
		for i := range de.Objections {
			d, e := de.Objections[i], en.Objections[i]
			if d.Family != e.Family || len(d.Wordings) != len(e.Wordings) || len(d.Criteria) != len(e.Criteria) {
				t.Errorf("%s: objection %d differs between de and en", slug, i)
			}
		}
	}
}

// TestLibraryDataContentWords pins the word check the criteria rule relies on.
func TestLibraryDataContentWords(t *testing.T) {
	words, numbers := dataContentWords("Rechenzentrum in Frankfurt, ab 39 € im Monat – nach 0,25-%-Regel")
	for _, w := range []string{"rechenzentrum", "frankfurt", "monat", "regel"} {
		if !words[w] {
			t.Errorf("missing word %q in %v", w, words)
		}
	}
	for _, w := range []string{"in", "ab", "im", "nach"} {
		if words[w] {
			t.Errorf("%q counted as a content word", w)
		}
	}
	for _, n := range []string{"39", "0", "25"} {
		if !numbers[n] {
			t.Errorf("missing number %q in %v", n, numbers)
		}
	}
}
