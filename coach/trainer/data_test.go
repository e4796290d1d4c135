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

// TestBuyersFile checks data/buyers.json: every replacement family has
// texts, words and perfect-answer blocks, every variant names a known
// family, and the buyer of typical descriptions is read right.
func TestBuyersFile(t *testing.T) {
	for key, p := range buyersData.Profiles {
		if p.Variant != "" {
			if _, ok := customerData.Variants[p.Variant]; !ok {
				t.Errorf("profile %s: no variant %q in data/customer.json", key, p.Variant)
			}
		}
		for from, to := range p.Replace {
			if _, ok := families[from]; !ok {
				t.Errorf("profile %s replaces unknown family %q", key, from)
			}
			if len(to) == 0 {
				t.Errorf("profile %s: %q has no replacement", key, from)
			}
			for _, f := range to {
				_, okT := families[f]
				_, okL := familyLexicon[f]
				_, okP := perfect[f]
				if !okT || !okL || !okP {
					t.Errorf("profile %s: replacement %q lacks texts (%v), words (%v) or perfect blocks (%v)", key, f, okT, okL, okP)
				}
			}
		}
	}
	for v, fams := range customerData.Variants {
		for f := range fams {
			if _, ok := families[f]; !ok {
				t.Errorf("variant %s: unknown family %q", v, f)
			}
		}
	}
	for _, tt := range []struct {
		desc string
		want buyer
	}{
		{testProduct, buyer{"business", "software"}},
		{"SicherPlus Berufsunfähigkeitsversicherung: Sie zahlt eine monatliche Rente – für Angestellte und Selbstständige.", buyer{"private", "insurance"}},
		{"Photovoltaikanlage mit Batteriespeicher für Einfamilienhäuser, inklusive Montage.", buyer{"private", "energy"}},
		{"Photovoltaikanlagen für Gewerbedächer inklusive Speicher und Wartung", buyer{"business", "energy"}},
		{"HydroFlex hydraulic hoses: high-pressure hoses and fittings for construction machines.", buyer{"business", "industrial"}},
		{"", buyer{"business", ""}},
	} {
		if got := inferBuyer(tt.desc, ""); got != tt.want {
			t.Errorf("inferBuyer(%q) = %v, want %v", tt.desc, got, tt.want)
		}
	}
}

// TestBuyerReplacesFamiliesOnce checks that a private buyer never raises
// the works council and that a chat never raises a family twice.
func TestBuyerReplacesFamiliesOnce(t *testing.T) {
	b := buyer{"private", "energy"}
	m := b.effective([]string{"authority", "works_council", "data_protection"})
	seen := map[string]bool{}
	for _, k := range []string{"authority", "works_council", "data_protection"} {
		f := m[k]
		if f == "authority" || f == "works_council" || f == "data_protection" || seen[f] {
			t.Errorf("%s became %q (%v)", k, f, m)
		}
		seen[f] = true
	}
	if got := (buyer{"business", "software"}).effective([]string{"works_council"})["works_council"]; got != "works_council" {
		t.Errorf("a business buyer of software raises %q instead of the works council", got)
	}
}
