package trainer

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"salescoach"
	"salescoach/coach"
)

var quoted = regexp.MustCompile(`[„“]([^„“”]+)[“”]`)

// TestHintNamesAMissingTechnique checks that the hint's technique is one the
// last answer really lacked, and that its sample fits the chat.
func TestHintNamesAMissingTechnique(t *testing.T) {
	e := New()
	answers := map[voice][]string{
		voices[0]: {
			"Ich verstehe, dass der Preis wichtig ist.",
			"Ich verstehe. Was genau ist Ihnen zu teuer?",
			"Ich verstehe. Was genau ist Ihnen zu teuer? Unsere Zeiterfassung spart Ihnen Zeit.",
			"Das stimmt nicht, wir sind günstig.",
			"Ich verstehe dich. Was ist dir zu teuer?",
			"Unser Produkt ist super.",
			"Ok.",
		},
		voices[1]: {
			"Verstehe ich. Was genau ist dir zu teuer? Unsere Kunden sparen 20 % Zeit.",
			"Ich verstehe Sie. Was ist Ihnen zu teuer?",
		},
		voices[2]: {
			"I understand. What exactly feels too expensive?",
			"That's not true.",
		},
	}
	for v, list := range answers {
		for _, ans := range list {
			in := answerInput(t, v, "price", ans)
			as, _, _ := e.Assess(context.Background(), in)
			hint, _, err := e.Hint(context.Background(), in)
			if err != nil {
				t.Fatal(err)
			}
			label, _, ok := strings.Cut(hint, ":")
			if !ok {
				t.Fatalf("hint without label: %q", hint)
			}
			var tech *salescoach.Technique
			for i := range as.Techniques {
				if as.Techniques[i].Label == label {
					tech = &as.Techniques[i]
				}
			}
			if tech == nil || tech.Shown {
				t.Errorf("%s %q: hint %q names %q, which was not missing", v, ans, hint, label)
			}
			sample := ""
			for _, m := range quoted.FindAllStringSubmatch(hint, -1) {
				if len(m[1]) > len(sample) {
					sample = m[1]
				}
			}
			if len(strings.Fields(sample)) < 5 {
				t.Errorf("%s %q: hint without a sample sentence: %q", v, ans, hint)
				continue
			}
			if v.Lang == langDE {
				wrong := duWords
				if !v.Sie {
					wrong = sieWords
				}
				if w := containsWord(sample, wrong); w != "" {
					t.Errorf("%s: sample %q uses %q", v, sample, w)
				}
			}
		}
	}
}

func TestHintExamples(t *testing.T) {
	e := New()
	hint := func(v voice, objection, answer string) string {
		in := answerInput(t, v, objection, answer)
		if answer == "" {
			in.History = in.History[:len(in.History)-1]
		}
		h, _, _ := e.Hint(context.Background(), in)
		return h
	}
	tests := []struct {
		v                 voice
		objection, answer string
		want              string
	}{
		{voices[0], "price", "Ich verstehe, dass der Preis für Sie wichtig ist.",
			"Rückfrage stellen: Frag nach, was genau hinter dem Einwand zum Preis steckt, z. B.: „Darf ich fragen, womit Sie den Preis gerade vergleichen?“ Danach fehlt noch: Nutzen fürs Produkt, Beleg / Beispiel."},
		{voices[0], "price", "",
			"Einwand anerkennen: Nimm die Sorge zum Preis ernst, bevor du argumentierst, z. B.: „Ich verstehe gut, dass Sie beim Preis genau hinschauen – das ist bei jeder Anschaffung berechtigt.“ Danach fehlt noch: Rückfrage stellen, Nutzen fürs Produkt."},
		{voices[1], "data_protection", "Das ist kein Problem, keine Sorge.",
			"Ton & Länge: Lass Widerspruch und Druck weg und nimm die Sorge ernst, z. B.: „Gute Frage – beim Datenschutz genau hinzuschauen ist absolut richtig. Welche Anforderungen an den Datenschutz hast du konkret?“ Danach fehlt noch: Einwand anerkennen, Rückfrage stellen."},
		{voices[2], "authority", "I understand. What matters most to your boss?",
			"Product benefit: Show what your product concretely does about this concern, e.g.: “With our " + testPhrase + " you can show your boss what it saves and secures – that makes the decision easier.” After that, still missing: Evidence / example, Next step."},
	}
	for _, tt := range tests {
		if got := hint(tt.v, tt.objection, tt.answer); got != tt.want {
			t.Errorf("%s %q:\n got  %s\n want %s", tt.v, tt.answer, got, tt.want)
		}
	}
}

func TestHintAfterAFullAnswerAndEarlierTries(t *testing.T) {
	e := New()
	in := answerInput(t, voices[0], "price", "")
	in.History = in.History[:len(in.History)-1]
	pa, _, _ := e.PerfectAnswer(context.Background(), in)
	// Sent unfinished, the hint asks for the placeholder to be filled.
	raw := in
	raw.History = append(append([]coach.Turn(nil), in.History...), coach.Turn{Role: salescoach.RoleSeller, Content: pa})
	h, _, _ := e.Hint(context.Background(), raw)
	if !strings.Contains(h, "Platzhalter") || !strings.Contains(h, placeholderRE.FindString(pa)) {
		t.Errorf("hint after an unfinished perfect answer: %q", h)
	}
	in.History = append(in.History, coach.Turn{Role: salescoach.RoleSeller, Content: fillIn(pa, voices[0])})
	h, _, _ = e.Hint(context.Background(), in)
	if !strings.HasPrefix(h, "Deine letzte Antwort hatte alles") {
		t.Errorf("hint after a perfect answer: %q", h)
	}

	// A question asked in an earlier answer to the same objection matters
	// less than what was never tried.
	in = answerInput(t, voices[0], "price", "Ich verstehe. Womit vergleichen Sie den Preis?")
	push, _, _ := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyPush}, nil)
	in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: push},
		coach.Turn{Role: salescoach.RoleSeller, Content: "Ich verstehe, das ist ein wichtiger Punkt."})
	h, _, _ = e.Hint(context.Background(), in)
	if !strings.HasPrefix(h, "Nutzen fürs Produkt:") {
		t.Errorf("hint after an earlier question: %q", h)
	}
}
