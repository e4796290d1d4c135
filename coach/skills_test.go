package coach

import (
	"slices"
	"strings"
	"testing"

	"salescoach"
)

// TestSkillListsMatchTheCoach: the domain's lists of techniques and families
// (the root package cannot import coach) are the coach's.
func TestSkillListsMatchTheCoach(t *testing.T) {
	if !slices.Equal(salescoach.SkillTechniques, RubricKeys) {
		t.Errorf("SkillTechniques %v, RubricKeys %v", salescoach.SkillTechniques, RubricKeys)
	}
	var keys []string
	for _, o := range Objections {
		keys = append(keys, o.Key)
	}
	if !slices.Equal(salescoach.SkillFamilies, keys) {
		t.Errorf("SkillFamilies %v, Objections %v", salescoach.SkillFamilies, keys)
	}
}

// TestPickObjectionsFocus: the focus comes first, the rest are the seed's
// other picks, all different; an unknown focus changes nothing.
func TestPickObjectionsFocus(t *testing.T) {
	for _, o := range Objections {
		for _, seed := range []string{"a", "b", "3f0c1d5e-0000-4000-8000-000000000001"} {
			for n := 1; n <= 3; n++ {
				got := PickObjectionsFocus(seed, n, o.Key)
				if len(got) != n || got[0] != o.Key {
					t.Fatalf("focus %s, seed %q, n %d: %v", o.Key, seed, n, got)
				}
				seen := map[string]bool{}
				for _, k := range got {
					if seen[k] {
						t.Errorf("focus %s, seed %q: %s twice in %v", o.Key, seed, k, got)
					}
					seen[k] = true
				}
				if again := PickObjectionsFocus(seed, n, o.Key); !slices.Equal(again, got) {
					t.Errorf("not repeatable: %v, then %v", got, again)
				}
			}
		}
	}
	for _, focus := range []string{"", "Price", "partner"} {
		if got, want := PickObjectionsFocus("a", 3, focus), PickObjections("a", 3); !slices.Equal(got, want) {
			t.Errorf("focus %q: %v, want %v", focus, got, want)
		}
	}
}

// TestFocusFamilyInTheModelsPrompt: a model engine told to open a chat
// started on a focus family is told to raise that family, and no other.
func TestFocusFamilyInTheModelsPrompt(t *testing.T) {
	for _, lang := range []string{salescoach.LanguageDE, salescoach.LanguageEN} {
		for _, o := range Objections {
			in := promptTestInput(lang, salescoach.FormalitySie, nil, salescoach.ModePractice, 2)
			in.History = in.History[:1]
			in.Objections = PickObjectionsFocus("3f0c1d5e-0000-4000-8000-000000000001", 2, o.Key)
			in.Stage, in.TotalStages, in.Objection = 1, 2, in.Objections[0]
			msgs, err := ReplyMessages(in, ReplyPlan{Kind: ReplyOpen})
			if err != nil {
				t.Fatal(err)
			}
			system := msgs[0].Content
			other, _ := ObjectionByKey(in.Objections[1])
			if !strings.Contains(system, o.Description[lang]) || strings.Contains(system, other.Description[lang]) {
				t.Errorf("%s, focus %s: the prompt does not raise it alone:\n%s", lang, o.Key, system)
			}
		}
	}
}
