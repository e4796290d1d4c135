package trainer

import (
	"sort"
	"testing"
)

// TestCoachingFile checks data/coaching.json: both languages have the same
// labels, reasons, hint advice and evaluation texts, and every objection
// family has all five perfect-answer blocks in both.
func TestCoachingFile(t *testing.T) {
	sameKeys := func(name string, m map[string]map[string]string) {
		t.Helper()
		de, en := keysOf(m[langDE]), keysOf(m[langEN])
		if len(de) == 0 {
			t.Errorf("%s: no German texts", name)
		}
		for _, k := range de {
			if _, ok := m[langEN][k]; !ok {
				t.Errorf("%s: %q has no English text", name, k)
			}
		}
		for _, k := range en {
			if _, ok := m[langDE][k]; !ok && k != "language.good_en" {
				t.Errorf("%s: %q has no German text", name, k)
			}
		}
	}
	sameKeys("labels", labels)
	sameKeys("reasons", reasons)
	sameKeys("hint_advice", hintAdvice)
	sameKeys("evaluation", evalTexts)
	for key := range families {
		p, ok := perfect[key]
		if !ok {
			t.Errorf("perfect: family %q has no blocks", key)
			continue
		}
		for _, lang := range []string{langDE, langEN} {
			for block, list := range map[string][]string{"ack": p.Ack[lang], "question": p.Question[lang],
				"benefit": p.Benefit[lang], "evidence": p.Evidence[lang], "next": p.Next[lang]} {
				if len(list) == 0 {
					t.Errorf("perfect.%s.%s.%s is empty", key, block, lang)
				}
			}
		}
	}
}

func keysOf(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
