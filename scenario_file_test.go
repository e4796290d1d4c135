package salescoach_test

import (
	"errors"
	"strings"
	"testing"

	"salescoach"
)

var fileFamilies = []string{"price", "no_need"}

const goodFile = `{"version": 1, "title": "Zeiterfassung", "language": "de", "situation": "cold_call",
 "product": "Software für Zeiterfassung.\nMonatlich kündbar.",
 "persona": {"name": "Frau Krämer", "role": "Inhaberin", "company": "Krämer Bau", "industry": "Bau",
   "buyer": "b2b", "personality": "skeptisch", "formality": "sie"},
 "objections": [{"family": "price"},
   {"wordings": ["Zu teuer."], "concern": "Sie fürchtet Folgekosten.", "criteria": ["monatlich kündbar"]}]}`

func TestParseScenarioFile(t *testing.T) {
	s, err := salescoach.ParseScenarioFile([]byte(goodFile), fileFamilies)
	if err != nil {
		t.Fatal(err)
	}
	if s.Title != "Zeiterfassung" || s.Persona.Formality != "sie" || len(s.Objections) != 2 ||
		s.Objections[1].Criteria[0] != "monatlich kündbar" || s.ID != "" || s.Scope != "" {
		t.Fatalf("parsed %+v", s)
	}
	// Export and import give the same scenario back.
	s.ID, s.Scope, s.BuiltIn = "x", "public", true
	out, err := salescoach.ScenarioFile(s)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(out), "{\n  \"version\": 1,") || strings.Contains(string(out), `"id"`) ||
		strings.Contains(string(out), `"scope"`) || strings.Contains(string(out), `"builtIn"`) {
		t.Errorf("export file:\n%s", out)
	}
	back, err := salescoach.ParseScenarioFile(out, fileFamilies)
	if err != nil {
		t.Fatal(err)
	}
	s.ID, s.Scope, s.BuiltIn = "", "", false
	if a, b := mustFile(t, s), mustFile(t, back); a != b {
		t.Errorf("round trip changed the scenario:\n%s\n%s", a, b)
	}

	bad := []struct {
		name, file, field, code string
	}{
		{"unknown top field", strings.Replace(goodFile, `"version": 1,`, `"version": 1, "id": "x",`, 1), "id", "field_unknown"},
		{"unknown nested field", strings.Replace(goodFile, `"role":`, `"age": 3, "role":`, 1), "persona.age", "field_unknown"},
		{"unknown objection field", strings.Replace(goodFile, `{"family": "price"}`, `{"family": "price", "hint": "x"}`, 1), "objections.0.hint", "field_unknown"},
		{"wrong kind", strings.Replace(goodFile, `"title": "Zeiterfassung"`, `"title": 5`, 1), "title", "field_bad_type"},
		{"wrong kind in a list", strings.Replace(goodFile, `["Zu teuer."]`, `["Zu teuer.", 3]`, 1), "objections.1.wordings.1", "field_bad_type"},
		{"version 2", strings.Replace(goodFile, `"version": 1`, `"version": 2`, 1), "version", "scenario_bad_version"},
		{"version 1.0", strings.Replace(goodFile, `"version": 1`, `"version": 1.0`, 1), "version", "scenario_bad_version"},
		{"no version", strings.Replace(goodFile, `"version": 1,`, ``, 1), "version", "scenario_bad_version"},
		{"unknown family", strings.Replace(goodFile, `"price"`, `"weather"`, 1), "objections.0.family", "scenario_unknown_family"},
		{"control character", strings.Replace(goodFile, `Frau Krämer`, `Frau\u0007Krämer`, 1), "persona.name", "field_control_character"},
		{"too long", strings.Replace(goodFile, `"Zeiterfassung"`, `"`+strings.Repeat("x", 121)+`"`, 1), "title", "scenario_field_too_long"},
	}
	for _, c := range bad {
		_, err := salescoach.ParseScenarioFile([]byte(c.file), fileFamilies)
		var e *salescoach.Error
		if !errors.As(err, &e) || e.Code != salescoach.EINVALID || e.Fields[c.field].Key != c.code {
			t.Errorf("%s: %v (%+v), want %s on %s", c.name, err, e, c.code, c.field)
		}
	}
	for _, raw := range []string{`[1]`, `{"version": 1} {}`, `not json`} {
		if _, err := salescoach.ParseScenarioFile([]byte(raw), fileFamilies); salescoach.ErrorCode(err) != salescoach.EINVALID {
			t.Errorf("%s: %v, want EINVALID", raw, err)
		}
	}
	big := strings.Replace(goodFile, `Monatlich`, strings.Repeat(" ", salescoach.MaxScenarioFileBytes), 1)
	if _, err := salescoach.ParseScenarioFile([]byte(big), fileFamilies); salescoach.ErrorCode(err) != salescoach.ETOOLARGE {
		t.Errorf("oversize file: %v, want ETOOLARGE", err)
	}
}

func mustFile(t *testing.T, s *salescoach.Scenario) string {
	t.Helper()
	b, err := salescoach.ScenarioFile(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
