package trainer

import (
	"context"
	"strings"
	"testing"

	"salescoach"
	"salescoach/coach"
)

// testProduct is a realistic product description; its phrase is
// "KI-gestützte Zeiterfassung für Handwerksbetriebe".
const (
	testProduct = "KI-gestützte Zeiterfassung für Handwerksbetriebe, die Stundenzettel überflüssig macht und Aufträge automatisch abrechnet."
	testPhrase  = "KI-gestützte Zeiterfassung für Handwerksbetriebe"
)

// voices are the three ways a chat can be held.
var voices = []voice{{Lang: langDE, Sie: true}, {Lang: langDE, Sie: false}, {Lang: langEN}}

func scenario(v voice, tone string) coach.Scenario {
	sc := coach.Scenario{
		Product: testProduct, Language: v.Lang, Formality: salescoach.FormalityDu,
		Mode: salescoach.ModePractice, Difficulty: 1, Seed: "3f1c2a9e-0000-4000-8000-000000000001",
	}
	if v.Sie {
		sc.Formality = salescoach.FormalitySie
	}
	if tone != "" {
		sc.Tone = &salescoach.TonePreset{ID: strings.ToLower(tone), Name: tone}
	}
	return sc
}

// answerInput is a chat in which the customer raised objection and the
// seller answered with answer.
func answerInput(t testing.TB, v voice, objection, answer string) coach.Input {
	t.Helper()
	in := coach.Input{Scenario: scenario(v, ""), Stage: 1, TotalStages: 1, Objection: objection}
	in.History = []coach.Turn{{Role: salescoach.RoleSeller, Content: "Guten Tag!"}}
	open, _, err := New().Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
	if err != nil {
		t.Fatal(err)
	}
	in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: open}, coach.Turn{Role: salescoach.RoleSeller, Content: answer})
	return in
}

func techniqueMap(ts []salescoach.Technique) map[string]salescoach.Technique {
	m := map[string]salescoach.Technique{}
	for _, t := range ts {
		m[t.Key] = t
	}
	return m
}

// duForms and sieForms find forms of address in customer texts.
var (
	duWords  = []string{"du", "dich", "dir", "dein", "deine", "deinen", "deinem", "deiner", "deines", "euch", "euer", "eure", "euren", "eurem", "eurer", "Du", "Dich", "Dir", "Dein", "Deine", "Euch", "Euer", "Eure"}
	sieWords = []string{"Sie", "Ihnen", "Ihr", "Ihre", "Ihren", "Ihrem", "Ihrer", "Ihres"}
)

func containsWord(text string, words []string) string {
	for _, w := range wordsOf(text) {
		for _, x := range words {
			if w == x {
				return w
			}
		}
	}
	return ""
}

// fillIn replaces the placeholders of a model answer with an example of
// the seller's own, as a user does before sending it.
func fillIn(text string, v voice) string {
	own := "ein Kunde mit 12 Mitarbeitern spart damit seit März 5 Stunden pro Woche"
	if v.Lang == langEN {
		own = "a customer with 12 staff has saved 5 hours a week with it since March"
	}
	return placeholderRE.ReplaceAllString(text, own)
}
