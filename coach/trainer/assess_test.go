package trainer

import (
	"context"
	"strings"
	"testing"

	"salescoach"
	"salescoach/coach"
)

func TestPerfectAnswerScoresAtLeast90(t *testing.T) {
	e := New()
	for _, v := range voices {
		for _, o := range coach.Objections {
			t.Run(v.String()+"/"+o.Key, func(t *testing.T) {
				in := answerInput(t, v, o.Key, "")
				in.History = in.History[:len(in.History)-1]
				pa, _, err := e.PerfectAnswer(context.Background(), in)
				if err != nil {
					t.Fatal(err)
				}
				if n := wordCount(pa); n < 40 || n > 120 {
					t.Errorf("perfect answer has %d words, want 40..120: %s", n, pa)
				}
				if !placeholderRE.MatchString(pa) {
					t.Errorf("perfect answer has no placeholder for the seller's own example: %s", pa)
				}
				// Sent as it is, the placeholder is flagged and proves nothing.
				raw := in
				raw.History = append(append([]coach.Turn(nil), in.History...), coach.Turn{Role: salescoach.RoleSeller, Content: pa})
				unfinished, _, err := e.Assess(context.Background(), raw)
				if err != nil {
					t.Fatal(err)
				}
				for _, tech := range unfinished.Techniques {
					if tech.Key == "evidence" && (tech.Shown || !strings.Contains(tech.Reason, map[string]string{langDE: "Platzhalter noch offen", langEN: "Placeholder still open"}[v.Lang])) {
						t.Errorf("an unfilled placeholder is not flagged: %+v", tech)
					}
				}
				if unfinished.Score >= 90 {
					t.Errorf("an unfinished perfect answer scores %d: %s", unfinished.Score, pa)
				}
				pa = fillIn(pa, v)
				in.History = append(in.History, coach.Turn{Role: salescoach.RoleSeller, Content: pa})
				as, _, err := e.Assess(context.Background(), in)
				if err != nil {
					t.Fatal(err)
				}
				if as.Score < 90 {
					t.Errorf("score %d < 90 for %s", as.Score, pa)
				}
				for _, tech := range as.Techniques {
					if !tech.Shown {
						t.Errorf("perfect answer misses %s: %s", tech.Key, tech.Reason)
					}
				}
				if v.Lang == langDE {
					wrong := duWords
					if !v.Sie {
						wrong = sieWords
					}
					if w := containsWord(pa, wrong); w != "" {
						t.Errorf("perfect answer uses %q in %s: %s", w, v, pa)
					}
				}
				if !strings.Contains(pa, testPhrase) {
					t.Errorf("perfect answer does not name the product: %s", pa)
				}
			})
		}
	}
}

// TestAssessRealisticAnswers checks score bands and techniques for answers
// salespeople actually write: bad, mediocre and good.
func TestAssessRealisticAnswers(t *testing.T) {
	sie, du, en := voices[0], voices[1], voices[2]
	long := "Ich verstehe, dass der Preis für Sie wichtig ist. " + strings.Repeat("Unsere Zeiterfassung lohnt sich für Sie, weil sie so viele Funktionen hat und Ihr Team damit sehr viel Zeit spart. ", 10)
	tests := []struct {
		name      string
		v         voice
		objection string
		answer    string
		min, max  int
		shown     []string
		notShown  []string
	}{
		// German, Sie, price.
		{"bare denial", sie, "price", "Das ist nicht teuer.", 0, 25, nil, []string{"acknowledge", "question", "tone"}},
		{"contradiction", sie, "price", "Das stimmt nicht, unser Preis ist absolut fair und marktüblich.", 0, 25, nil, []string{"tone", "acknowledge"}},
		{"pressure", sie, "price", "Sie müssen sich jetzt entscheiden, das Angebot gilt nur heute!", 0, 25, nil, []string{"tone"}},
		{"ack and generic benefit", sie, "price", "Ich verstehe, dass der Preis für Sie wichtig ist. Unsere Zeiterfassung spart Ihnen aber viel Zeit und damit Geld.", 45, 75, []string{"acknowledge", "benefit", "formality", "tone"}, []string{"question", "evidence", "next_step"}},
		{"ack and question", sie, "price", "Ich verstehe. Was genau ist Ihnen zu teuer?", 45, 65, []string{"acknowledge", "question", "formality"}, []string{"benefit", "evidence", "next_step"}},
		{"question and value", sie, "price", "Darf ich fragen, womit Sie den Preis vergleichen? Dann kann ich Ihnen zeigen, wie sich unsere Zeiterfassung für Ihren Betrieb rechnet.", 40, 65, []string{"question", "formality"}, []string{"acknowledge", "evidence"}},
		{"full answer", sie, "price", "Ich kann gut verstehen, dass Sie aufs Budget achten. Was zahlen Sie denn heute für die Zeiterfassung? Unsere Kunden sparen im Schnitt 4 Stunden pro Woche an Bürozeit, ein Betrieb wie Ihrer hat die Kosten nach drei Monaten wieder drin. Sollen wir das am Donnerstag in einer Demo mit Ihren Zahlen durchrechnen?", 85, 100, []string{"acknowledge", "question", "benefit", "evidence", "next_step", "formality", "tone"}, nil},
		{"off topic boast", sie, "price", "Unser Produkt ist das beste am Markt.", 0, 25, nil, []string{"acknowledge", "question", "benefit", "evidence"}},
		{"too short", sie, "price", "Hallo", 0, 25, nil, []string{"tone"}},
		{"wall of text", sie, "price", long, 30, 60, []string{"acknowledge", "benefit"}, []string{"tone"}},
		{"du to a Sie customer", sie, "price", "Ich verstehe dich gut. Was genau ist dir zu teuer? Unsere Zeiterfassung spart dir jede Woche Zeit.", 40, 70, []string{"acknowledge", "question", "benefit"}, []string{"formality"}},
		{"rhetorical question", sie, "price", "Zeit ist Geld, oder? Unsere Zeiterfassung spart Ihnen jede Woche Stunden.", 25, 55, []string{"benefit"}, []string{"question", "acknowledge"}},
		{"dismissive", sie, "price", "Keine Sorge, das ist kein Problem. Unsere Lösung ist günstiger als Sie denken.", 0, 40, nil, []string{"tone", "acknowledge"}},
		{"insult", sie, "price", "Wenn Sie das zu teuer finden, haben Sie keine Ahnung von Digitalisierung.", 0, 10, nil, []string{"tone"}},
		{"badmouthing the competitor", sie, "existing_supplier", "Ihr jetziger Anbieter ist doch Schrott, wechseln Sie lieber zu uns.", 0, 30, nil, []string{"tone", "acknowledge"}},
		{"facts without technique", sie, "data_protection", "Unsere Server stehen in Frankfurt, alles ist DSGVO-konform, und wir schließen mit Ihnen gern einen AV-Vertrag ab.", 20, 45, []string{"formality"}, []string{"acknowledge", "question", "next_step"}},
		{"ack, question, proof", sie, "data_protection", "Datenschutz nehmen wir sehr ernst. Welche Anforderungen hat Ihr Datenschutzbeauftragter? Wir sind nach ISO 27001 zertifiziert und hosten ausschließlich in Deutschland.", 60, 85, []string{"acknowledge", "question", "evidence"}, []string{"next_step"}},
		{"works council handled", sie, "works_council", "Gut, dass Sie den Betriebsrat früh einbinden wollen. Welche Bedenken hat er typischerweise? Unsere Zeiterfassung erfasst keine Leistungsdaten, das erleichtert die Zustimmung – ein Kunde mit 120 Mitarbeitern hatte sie nach 3 Wochen. Sollen wir einen Termin mit Ihrem Betriebsrat vereinbaren?", 85, 100, []string{"acknowledge", "question", "benefit", "evidence", "next_step"}, nil},
		// German, du.
		{"du: ack and question", du, "authority", "Verstehe ich total. Was ist deinem Chef bei so einer Entscheidung besonders wichtig?", 50, 75, []string{"acknowledge", "question", "formality"}, []string{"evidence", "next_step"}},
		{"du: dismissive brush-off", du, "authority", "Kein Problem, dann sprich halt mit deinem Chef und meld dich, wenn ihr so weit seid.", 0, 40, nil, []string{"tone", "next_step", "question"}},
		{"du: complete answer", du, "authority", "Das ist völlig nachvollziehbar, so eine Entscheidung trifft man nicht allein. Was wird dein Chef als Erstes wissen wollen? Unsere Zeiterfassung spart euch laut unseren Kunden rund 20 % Verwaltungsaufwand – das kann ich ihm in einer Übersicht zeigen. Wollen wir nächste Woche einen kurzen Termin zu dritt machen?", 85, 100, []string{"acknowledge", "question", "benefit", "evidence", "next_step", "formality"}, nil},
		{"du: Sie to a du customer", du, "authority", "Das verstehe ich. Sollen wir gemeinsam einen Termin mit Ihrem Chef vereinbaren?", 20, 50, []string{"acknowledge", "next_step"}, []string{"formality"}},
		{"du: pressure", du, "timing", "Warte nicht bis nächstes Quartal, du musst jetzt zuschlagen, sonst verpasst du den Rabatt!", 0, 25, nil, []string{"tone"}},
		// English.
		{"en: complete answer", en, "trust", "I understand, you don't know us yet. What would you need to see to trust a new supplier? Over 300 craft businesses use our time tracking, for example Miller Electrics, and they save about 5 hours a week. Shall we set up a free two-week trial next week?", 85, 100, []string{"acknowledge", "question", "benefit", "evidence", "next_step", "formality", "tone"}, nil},
		{"en: trust me", en, "trust", "Trust me, it works.", 0, 25, nil, []string{"tone", "evidence"}},
		{"en: vague claims", en, "trust", "We are the market leader and our customers love us.", 20, 45, nil, []string{"evidence", "acknowledge", "question"}},
		{"en: ack and question", en, "trust", "That's a fair point. How did you choose the tools you use today?", 45, 70, []string{"acknowledge", "question"}, []string{"evidence", "next_step"}},
		{"en: pressure", en, "price", "You have to decide today, the discount ends tonight!", 0, 25, nil, []string{"tone"}},
		{"en: contradiction", en, "price", "That's not true, we're not expensive at all.", 0, 25, nil, []string{"tone", "acknowledge"}},
		{"en: ack and next step", en, "no_time", "I hear you, things are hectic. When would be a better time for a quick 15-minute call?", 40, 65, []string{"acknowledge", "next_step"}, []string{"evidence", "benefit"}},
	}
	e := New()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := answerInput(t, tt.v, tt.objection, tt.answer)
			as, _, err := e.Assess(context.Background(), in)
			if err != nil {
				t.Fatal(err)
			}
			tm := techniqueMap(as.Techniques)
			report := func() string {
				var b strings.Builder
				for _, k := range techniqueKeys {
					b.WriteString("\n  " + k + ": " + tm[k].Reason)
				}
				return b.String()
			}
			t.Logf("score %d%s", as.Score, report())
			if as.Score < tt.min || as.Score > tt.max {
				t.Errorf("score %d, want %d..%d%s", as.Score, tt.min, tt.max, report())
			}
			for _, k := range tt.shown {
				if !tm[k].Shown {
					t.Errorf("%s not shown: %s", k, tm[k].Reason)
				}
			}
			for _, k := range tt.notShown {
				if tm[k].Shown {
					t.Errorf("%s shown: %s", k, tm[k].Reason)
				}
			}
		})
	}
}

func TestAssessTechniquesAreComplete(t *testing.T) {
	e := New()
	for _, v := range voices {
		in := answerInput(t, v, "price", "Ich verstehe Ihre Sorge. Was genau meinen Sie mit zu teuer?")
		as, _, err := e.Assess(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		if len(as.Techniques) != len(techniqueKeys) {
			t.Fatalf("%s: %d techniques, want %d", v, len(as.Techniques), len(techniqueKeys))
		}
		for i, tech := range as.Techniques {
			if tech.Key != techniqueKeys[i] {
				t.Errorf("%s: technique %d is %q, want %q", v, i, tech.Key, techniqueKeys[i])
			}
			if tech.Label != labels[v.Lang][tech.Key] || tech.Reason == "" {
				t.Errorf("%s: %+v has no label or reason", v, tech)
			}
			if strings.Contains(tech.Reason, "%") {
				t.Errorf("%s: unfilled reason %q", v, tech.Reason)
			}
		}
	}
	// Reasons point to what the user wrote, and the German ones speak to
	// the user in du.
	in := answerInput(t, voices[0], "price", "Ich verstehe Ihre Sorge. Womit vergleichen Sie den Preis?")
	as, _, _ := e.Assess(context.Background(), in)
	tm := techniqueMap(as.Techniques)
	if r := tm["acknowledge"].Reason; r != "Du gehst mit „Ich verstehe Ihre Sorge.“ auf die Sorge ein." {
		t.Errorf("acknowledge reason = %q", r)
	}
	if r := tm["question"].Reason; !strings.Contains(r, "„Womit vergleichen Sie den Preis?“") {
		t.Errorf("question reason = %q", r)
	}
	if r := tm["evidence"].Reason; r != "Kein Beleg: keine Zahl, kein Kundenbeispiel." {
		t.Errorf("evidence reason = %q", r)
	}
	if labels := []string{tm["acknowledge"].Label, tm["benefit"].Label, tm["tone"].Label}; strings.Join(labels, "|") != "Einwand anerkennen|Nutzen fürs Produkt|Ton & Länge" {
		t.Errorf("labels = %v", labels)
	}
}

func TestAssessWrongFormalityLosesTechnique(t *testing.T) {
	e := New()
	answers := map[bool]string{
		true:  "Ich verstehe Sie gut. Was genau ist Ihnen zu teuer? Unsere Zeiterfassung spart Ihnen jede Woche Zeit.",
		false: "Ich verstehe dich gut. Was genau ist dir zu teuer? Unsere Zeiterfassung spart dir jede Woche Zeit.",
	}
	for _, sie := range []bool{true, false} {
		v := voice{Lang: langDE, Sie: sie}
		right, _, _ := e.Assess(context.Background(), answerInput(t, v, "price", answers[sie]))
		wrong, _, _ := e.Assess(context.Background(), answerInput(t, v, "price", answers[!sie]))
		if !techniqueMap(right.Techniques)["formality"].Shown {
			t.Errorf("%s: right form not shown", v)
		}
		f := techniqueMap(wrong.Techniques)["formality"]
		if f.Shown {
			t.Errorf("%s: wrong form shown: %s", v, f.Reason)
		}
		if wrong.Score >= right.Score-15 {
			t.Errorf("%s: wrong form scores %d, right %d; want a clear loss", v, wrong.Score, right.Score)
		}
		if !strings.Contains(f.Reason, "„") {
			t.Errorf("%s: reason does not quote the word: %s", v, f.Reason)
		}
	}
	mixed, _, _ := e.Assess(context.Background(), answerInput(t, voices[0], "price", "Ich verstehe Sie. Was ist dir zu teuer?"))
	if f := techniqueMap(mixed.Techniques)["formality"]; f.Shown || !strings.Contains(f.Reason, "mischst") {
		t.Errorf("mixed forms: %+v", f)
	}
}

func TestAssessPressureAndContradictionScoreLow(t *testing.T) {
	e := New()
	good := "Ich verstehe, dass der Preis wichtig ist. Was vergleichen Sie gerade? Unsere Zeiterfassung spart Kunden wie Ihnen 20 % Zeit. Sollen wir nächste Woche eine Demo machen?"
	base, _, _ := e.Assess(context.Background(), answerInput(t, voices[0], "price", good))
	for _, bad := range []string{
		"Das stimmt nicht. " + good,
		good + " Sie müssen sich aber sofort entscheiden, das Angebot gilt nur heute.",
		"Unsinn, das ist überhaupt nicht teuer.",
		"Letzte Chance: Nur heute 20 % Rabatt, greifen Sie zu!",
	} {
		as, _, _ := e.Assess(context.Background(), answerInput(t, voices[0], "price", bad))
		tone := techniqueMap(as.Techniques)["tone"]
		if as.Score > 40 || tone.Shown {
			t.Errorf("%q: score %d, tone %+v; want ≤ 40 and tone not shown", bad, as.Score, tone)
		}
		if as.Score >= base.Score {
			t.Errorf("%q scores %d, not below the civil version's %d", bad, as.Score, base.Score)
		}
	}
}

func TestAssessNeedsAnAnswer(t *testing.T) {
	in := coach.Input{Scenario: scenario(voices[0], ""), Objection: "price", History: []coach.Turn{{Role: salescoach.RoleAssistant, Content: "Zu teuer."}}}
	_, _, err := New().Assess(context.Background(), in)
	if salescoach.ErrorCode(err) != salescoach.EINVALID {
		t.Fatalf("err = %v, want EINVALID", err)
	}
}

func TestAssessEnglishLabelsAndReasons(t *testing.T) {
	in := answerInput(t, voices[2], "price", "I understand your concern. What are you comparing us with?")
	as, _, _ := New().Assess(context.Background(), in)
	tm := techniqueMap(as.Techniques)
	if tm["acknowledge"].Label != "Acknowledge the concern" || !strings.Contains(tm["acknowledge"].Reason, "“I understand your concern.”") {
		t.Errorf("acknowledge = %+v", tm["acknowledge"])
	}
	if !tm["formality"].Shown {
		t.Errorf("English must not be judged on du/Sie: %+v", tm["formality"])
	}
}

// Every variant of every perfect-answer block keeps the answer at 90 or
// more, so whichever the trainer picks, the promise holds.
func TestPerfectAnswerVariantsScoreAtLeast90(t *testing.T) {
	for _, v := range voices {
		for _, o := range coach.Objections {
			pt := perfect[o.Key]
			blocks := []map[string][]string{pt.Ack, pt.Question, pt.Benefit, pt.Evidence, pt.Next}
			for k := 0; k < 2; k++ {
				var parts []string
				for _, b := range blocks {
					list := b[v.Lang]
					parts = append(parts, upperFirst(render(list[k%len(list)], v, product{Phrase: testPhrase})))
				}
				answer := fillIn(strings.Join(parts, " "), v)
				as, _, _ := New().Assess(context.Background(), answerInput(t, v, o.Key, answer))
				if as.Score < 90 || wordCount(answer) > 120 || wordCount(answer) < 40 {
					var missing []string
					for _, tech := range as.Techniques {
						if !tech.Shown {
							missing = append(missing, tech.Reason)
						}
					}
					t.Errorf("%s %s variant %d: score %d, %d words, missing %q: %s", v, o.Key, k, as.Score, wordCount(answer), missing, answer)
				}
			}
		}
	}
}

func TestSecondPerfectAnswerDiffers(t *testing.T) {
	e := New()
	in := answerInput(t, voices[0], "price", "")
	in.History = in.History[:len(in.History)-1]
	first, _, _ := e.PerfectAnswer(context.Background(), in)
	in.History = append(in.History, coach.Turn{Role: salescoach.RoleSeller, Content: first}, coach.Turn{Role: salescoach.RoleAssistant, Content: "Trotzdem: Der Preis bleibt für uns zu hoch."})
	second, _, _ := e.PerfectAnswer(context.Background(), in)
	if first == second {
		t.Fatalf("the same perfect answer twice: %s", first)
	}
	for _, s := range splitSentences(second) {
		if strings.Contains(first, s.Text) && !strings.Contains(s.Text, testPhrase) {
			t.Errorf("sentence repeated: %q", s.Text)
		}
	}
}
