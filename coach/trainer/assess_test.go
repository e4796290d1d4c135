package trainer

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"salescoach"
	"salescoach/coach"
	"salescoach/training"
)

// momentInput is a chat at Mittel on testProduct in which the customer
// raised objection and the seller's explore answer made the customer tell
// the concern (revealed), then answer is the last turn.
func momentInput(t testing.TB, v voice, objection string, revealed bool, answer string) coach.Input {
	t.Helper()
	return momentInputSeeded(t, v, objection, "", revealed, answer)
}

// momentInputSeeded is momentInput in a chat of the given seed ("" keeps
// the default), which picks the objection's concern.
func momentInputSeeded(t testing.TB, v voice, objection, seed string, revealed bool, answer string) coach.Input {
	t.Helper()
	in := answerInput(t, v, objection, "")
	in.History = in.History[:len(in.History)-1]
	in.Scenario.Difficulty = 2
	if seed != "" {
		in.Scenario.Seed = seed
	}
	in.Objections = []string{objection}
	if revealed {
		ask := map[string]string{"de-sie": "Das verstehe ich gut. Was genau ist Ihnen dabei am wichtigsten, wenn Sie an Ihre Situation heute denken?",
			"de-du": "Das verstehe ich gut. Was genau ist dir dabei am wichtigsten, wenn du an deine Situation heute denkst?",
			"en":    "I understand that. What matters most to you about it when you think about your situation today?"}[v.String()]
		in.History = append(in.History, coach.Turn{Role: salescoach.RoleSeller, Content: ask})
		as, _, err := New().Assess(context.Background(), in)
		if err != nil || as.Move == nil || !as.Move.Made {
			t.Fatalf("setting up: the question did not explore: %+v %v", as, err)
		}
		reply, _, _ := New().Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyPush, Assessment: as}, nil)
		in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: reply})
	}
	in.History = append(in.History, coach.Turn{Role: salescoach.RoleSeller, Content: answer})
	return in
}

// TestMovesNotBoxes: a fresh objection calls for exploring, and a
// well-made acknowledgement with one real question scores 85 or more with
// no benefit, evidence or next step; a content-free formula that names
// every technique scores below 50; a meeting request is premature.
func TestMovesNotBoxes(t *testing.T) {
	sie, du, en := voices[0], voices[1], voices[2]
	tests := []struct {
		name      string
		v         voice
		objection string
		answer    string
		min, max  int
		made      bool
	}{
		{"acknowledge and explore", sie, "existing_supplier", "Das freut mich, wenn es bei Ihnen gut läuft. Darf ich fragen, wie Sie das heute konkret lösen, und wo es trotzdem manchmal hakt?", 85, 100, true},
		{"brisk", sie, "price", "Verstehe, der Preis. Im Vergleich wozu – zu Ihrer heutigen Lösung oder zu dem, was Sie eingeplant hatten?", 85, 100, true},
		{"du, warm", du, "authority", "Verstehe ich total, so was entscheidet man nicht allein. Was wird dein Chef als Erstes wissen wollen?", 85, 100, true},
		{"en, short", en, "trust", "Fair enough, you don't know us yet. What would you need to see to trust a new supplier?", 85, 100, true},
		{"stock acknowledgement, generic question: the formula for every objection", sie, "price", "Ich verstehe Ihre Bedenken. Was genau steckt dahinter?", 0, 49, false},
		{"en universal 'tell me more'", en, "trust", "I completely understand. Could you tell me a bit more about that?", 0, 49, false},
		{"own acknowledgement, generic question", sie, "price", "Verstehe, bei drei Angeboten auf dem Tisch schaut man genau hin. Was genau steckt dahinter?", 70, 100, true},
		{"the content-free formula", sie, "price", "Ich verstehe Ihre Bedenken. Darf ich fragen, was genau dahintersteckt? Ein Kunde hat damit viel gespart. Sollen wir einen Termin machen?", 0, 49, false},
		{"en formula", en, "price", "I completely understand your concern and I really appreciate you sharing that. May I ask what's behind it? One of our clients saved 40% with us. Shall we set up a meeting?", 0, 49, false},
		{"a question answered at once with a pitch", sie, "existing_supplier", "Mit welchem System arbeiten Sie denn? Ach, das kenne ich, das ist ziemlich veraltet. Mit der Zeiterfassung wären Sie deutlich besser aufgestellt.", 0, 49, false},
		{"a meeting instead of a question", en, "no_time", "I totally get it, but it'll only take 30 minutes and it'll save you hours every week. How about tomorrow at 9?", 0, 49, false},
		{"a discount as benefit", sie, "price", "Verstehe. Wenn Sie diesen Monat unterschreiben, bekommen Sie 20 Prozent Rabatt.", 0, 49, false},
		{"flattery", sie, "authority", "Sie sind wirklich ein kluger Entscheider, das merkt man sofort. Gerade Menschen wie Sie schätzen klare Fakten.", 0, 49, false},
		{"contradiction", sie, "price", "Das stimmt nicht, unser Preis ist absolut fair und marktüblich.", 0, 30, false},
		{"insult", sie, "price", "Wenn Sie das zu teuer finden, haben Sie keine Ahnung von Digitalisierung.", 0, 10, false},
		{"a keyword list", sie, "price", "Verständnis, berechtigt, Frage, Nutzen, spart, Beispiel, Kunde, 30 %, Termin, nächste Woche, Demo", 0, 5, false},
		{"a pitch without a question", sie, "price", "Ich verstehe, dass der Preis wichtig ist. Unsere Zeiterfassung spart Ihnen jede Woche 4 Stunden Bürozeit.", 40, 74, false},
		{"the formula asking for the order", sie, "price", "Ich höre Sie und respektiere Ihre Sorge. Was genau steckt dahinter? Ein Kunde hat mit uns 31,4 % gespart. Wann können wir loslegen?", 0, 49, false},
		{"flattery with a closing question", du, "authority", "Du bist offensichtlich jemand, der sehr durchdacht entscheidet. Was meinst du, fangen wir an?", 0, 49, false},
		{"the rival run down", sie, "existing_supplier", "Welchen Anbieter haben Sie denn? Die Konkurrenz hat ja meistens einen miserablen Service.", 0, 49, false},
		{"a discount as the first reflex", sie, "price", "Womit vergleichen Sie denn? Beim Preis kann ich Ihnen bestimmt noch entgegenkommen, das kriegen wir hin.", 0, 49, false},
		{"values named, none shown", en, "trust", "Fair question. Integrity, reliability, partnership: that's who we are. What would you like to know?", 0, 49, false},
		{"one word harped on", du, "no_time", "Keine Zeit, klar, keine Zeit hat jeder. Wofür fehlt dir denn gerade die Zeit?", 0, 49, false},
		{"going round the customer", en, "authority", "Sure. Could you give me your boss's direct line so I can walk him through it?", 0, 49, false},
		// Sets 17–20 (2026-12-02): kinds of gaming no rule knew.
		{"a closed question that wants a yes", sie, "trust", "Das verstehe ich. Die Bäckerei Hansen hat am Anfang dasselbe gesagt, heute reinigen wir alle drei Werke. Möchten Sie diese Erfahrung nicht auch machen?", 0, 49, false},
		{"a closed question that asks nothing", en, "existing_supplier", "That's a very fair point, and I appreciate your openness. May I ask you a question about that?", 0, 49, false},
		{"leave to ask after a preamble", en, "no_time", "Absolutely, and thank you for being so open with me. Before I let you go – would it be all right if I asked you one quick question?", 0, 49, false},
		{"a closed question about the customer's experience", en, "works_council", "Makes sense, we'd rather have them on board than against us. Have they had concerns about temps before?", 70, 100, true},
		{"an anonymous share of customers", en, "trust", "Completely understandable. 94 percent of our customers would recommend us. What would you need to see to feel confident?", 0, 49, false},
		{"a testimonial of nobody", du, "existing_supplier", "Das verstehe ich total. Ein Vertriebsleiter aus einem Unternehmen wie eurem hat mir genau das Gleiche gesagt – heute sagt er, der Wechsel zu uns war die beste Entscheidung des Jahres. Was hält dich noch zurück?", 0, 49, false},
		{"a menu of guessed concerns", du, "data_protection", "Verstehe ich total. Geht es dir eher um den Speicherort der Daten, um Anfragen von euren Kunden, um die Angst vor einem Datenleck, um euren Datenschutzbeauftragten oder um die Betriebsvereinbarung?", 0, 49, false},
		{"three options are a question", du, "price", "Danke, dass du's direkt sagst. Zu teuer im Vergleich wozu – zu eurem Budget, zu einem anderen Angebot oder zu dem, was du erwartet hast?", 85, 100, true},
		{"a pitch with an invitation to ask", en, "trust", "Trust is exactly what we are built on: dedicated contacts, our own trained staff, no subcontractors. What else would you like to know?", 0, 49, false},
		{"six things named as options", en, "no_time", "I understand. Is it the paperwork, a gap in your cover, not having anyone to help you, the health check, the cost, or your current provider that worries you?", 0, 49, false},
		{"the method's verbs said to the customer", en, "works_council", "Great, let me acknowledge that: I hear that the works council is a concern for you. To explore this further, could you share your main concern, so I can respond with the right solution?", 0, 49, false},
		{"a proposal's preamble before a real question", du, "authority", "Danke, dass du das gleich klarstellst. Dann lass uns schauen, wie ich's dir leicht mach: Wer unterschreibt bei euch solche Verträge, und wie läuft so eine Entscheidung normalerweise ab?", 70, 100, true},
		{"a ladder of yeses", du, "quality", "Versteh ich. Du willst doch auch, dass eure Hallen sauber sind, oder? Und dass der Betrieb dabei nicht stillsteht? Und wenn jemand beides garantieren kann, wär's doch einen Blick wert, oder?", 0, 49, false},
		{"a statement after 'da' is no question", du, "trust", "Na ja, wir machen das schon seit Jahren, und unsere Teilnehmer geben uns im Schnitt 4,7 von 5. Das spricht doch für sich, oder? Wir sind seriös, da kannst du dir sicher sein.", 0, 49, false},
		{"a meeting asked as a question", du, "no_need", "Genau deshalb melde ich mich! Gerade wenn es gut läuft, ist das der perfekte Zeitpunkt. Wann schauen wir uns das zusammen an?", 0, 49, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := momentInput(t, tt.v, tt.objection, false, tt.answer)
			as, _, err := New().Assess(context.Background(), in)
			if err != nil {
				t.Fatal(err)
			}
			if as.Move == nil || as.Move.Expected != salescoach.MoveExplore {
				t.Fatalf("move = %+v, want explore", as.Move)
			}
			if as.Score < tt.min || as.Score > tt.max || as.Move.Made != tt.made {
				t.Errorf("score %d made %v, want %d..%d made %v: %s", as.Score, as.Move.Made, tt.min, tt.max, tt.made, as.Move.Reason)
			}
			if !as.Holds || as.Settles {
				t.Errorf("an answer to a fresh objection at Mittel settles it: %+v", as)
			}
			if as.Move.Reason == "" || strings.Contains(as.Move.Reason, "%") {
				t.Errorf("reason %q", as.Move.Reason)
			}
		})
	}
}

// TestRespondAndAdvance: once the customer told the concern, an answer to
// exactly that with substance and a check-back settles the objection (the
// chat's last one waits for the close); asking again, or a pitch past the
// concern, holds it and names what is still open; once settled, a
// concrete next step closes and a vague one does not.
func TestRespondAndAdvance(t *testing.T) {
	for _, v := range voices {
		t.Run(v.String(), func(t *testing.T) {
			e := New()
			ctx := context.Background()
			in := momentInput(t, v, "price", true, "")
			in.History = in.History[:len(in.History)-1]
			c := newChat(in)
			co := c.concern(c.family)
			if co == nil {
				t.Fatal("no concern")
			}
			// Asked again: the same concern, in other words.
			again := append(append([]coach.Turn(nil), in.History...), coach.Turn{Role: salescoach.RoleSeller,
				Content: map[string]string{"de-sie": "Verstehe. Und was genau meinen Sie damit?", "de-du": "Verstehe. Und was genau meinst du damit?", "en": "I see. And what exactly do you mean by that?"}[v.String()]})
			ina := in
			ina.History = again
			as, _, _ := e.Assess(ctx, ina)
			if as.Move.Expected != salescoach.MoveRespond || as.Move.Made || !as.Holds || as.Settles {
				t.Errorf("asked again: %+v", as.Move)
			}
			if open := co.Open[v.Lang]; !strings.Contains(as.Move.Reason, open) {
				t.Errorf("the reason does not name what is open (%q): %s", open, as.Move.Reason)
			}
			reply, _, _ := e.Reply(ctx, ina, coach.ReplyPlan{Kind: coach.ReplyPush, Assessment: as}, nil)
			told := false
			for _, l := range co.Again[v.Lang] {
				told = told || strings.Contains(reply, c.render(l))
			}
			if !told {
				t.Errorf("asked again, the customer does not refer back to the concern: %s", reply)
			}
			for _, other := range c.concernsOf(c.family) {
				if other.Key != co.Key && strings.Contains(reply, c.render(other.Reveal[v.Lang][0])) {
					t.Errorf("asked again, the customer tells another concern: %s", reply)
				}
			}
			// The concern answered with substance and a check-back.
			answer := placeholderRE.ReplaceAllString(c.render(co.Answer[v.Lang][0]), map[string]string{langDE: "bei der Firma Berger GmbH waren es 20 Prozent", langEN: "at Berger Ltd it was 20 percent"}[v.Lang]) +
				" " + c.render(movesData.CheckBack[v.String()][0])
			inr := in
			inr.History = append(append([]coach.Turn(nil), in.History...), coach.Turn{Role: salescoach.RoleSeller, Content: answer})
			as, _, _ = e.Assess(ctx, inr)
			if as.Move.Expected != salescoach.MoveRespond || !as.Move.Made || as.Score < 85 {
				t.Errorf("the concern answered: score %d %+v: %s", as.Score, as.Move, answer)
			}
			// The only objection: it waits for the close.
			if as.Settles || !as.Holds || training.Advance(50, as) != training.HeldProgress {
				t.Errorf("the last objection answered: %+v", as)
			}
			reply, _, _ = e.Reply(ctx, inr, coach.ReplyPlan{Kind: coach.ReplyPush, Assessment: as}, nil)
			asksHow := false
			for _, l := range movesData.HowOn[v.String()] {
				asksHow = asksHow || strings.Contains(reply, c.render(l))
			}
			if !asksHow {
				t.Errorf("the customer does not ask how to go on: %s", reply)
			}
			inr.History = append(inr.History, coach.Turn{Role: salescoach.RoleAssistant, Content: reply})
			// A vague step, then a concrete one.
			vague := map[string]string{"de-sie": "Schön. Dann melde ich mich die Tage mal wieder bei Ihnen.", "de-du": "Schön. Dann melde ich mich die Tage mal wieder bei dir.", "en": "Great. I'll be in touch at some point."}[v.String()]
			concrete := map[string]string{"de-sie": "Prima. Dann schlage ich vor, wir zeigen Ihrem Team am Donnerstag um 10 Uhr die Zeiterfassung mit Ihren eigenen Zahlen.",
				"de-du": "Prima. Dann zeigen wir deinem Team am Donnerstag um 10 Uhr die Zeiterfassung mit deinen eigenen Zahlen, okay?",
				"en":    "Great. Let's show your team the time tracking with your own figures on Thursday at 10."}[v.String()]
			inv := inr
			inv.History = append(append([]coach.Turn(nil), inr.History...), coach.Turn{Role: salescoach.RoleSeller, Content: vague})
			as, _, _ = e.Assess(ctx, inv)
			if as.Move.Expected != salescoach.MoveAdvance || as.Move.Made || as.Settles {
				t.Errorf("a vague step: %+v", as.Move)
			}
			papers := map[string]string{"de-sie": "Schön. Dann schicke ich Ihnen einfach mal unsere Unterlagen zum Durchlesen.", "de-du": "Schön. Dann schick ich dir einfach mal unsere Unterlagen zum Durchlesen.", "en": "Great, I'll just send you our brochure to have a look at."}[v.String()]
			inp := inr
			inp.History = append(append([]coach.Turn(nil), inr.History...), coach.Turn{Role: salescoach.RoleSeller, Content: papers})
			as, _, _ = e.Assess(ctx, inp)
			if as.Move.Expected != salescoach.MoveAdvance || as.Move.Made || as.Score >= 50 {
				t.Errorf("papers without a day: score %d %+v", as.Score, as.Move)
			}
			inc := inr
			inc.History = append(append([]coach.Turn(nil), inr.History...), coach.Turn{Role: salescoach.RoleSeller, Content: concrete})
			as, _, _ = e.Assess(ctx, inc)
			if as.Move.Expected != salescoach.MoveAdvance || !as.Move.Made || !as.Settles || as.Score < 85 {
				t.Errorf("a concrete step: score %d %+v", as.Score, as.Move)
			}
			closing, _, _ := e.Reply(ctx, inc, coach.ReplyPlan{Kind: coach.ReplyConvinced, Assessment: as}, nil)
			if !strings.Contains(closing, map[string]string{langDE: "Donnerstag", langEN: "Thursday"}[v.Lang]) {
				t.Errorf("the customer agrees without the day proposed: %s", closing)
			}
		})
	}
}

// TestADayAnswersTheWishForADate: a customer who needs a fixed date after
// a busy spell is answered by a day proposed, even as a question, and
// hears it taken up instead of 'too early for a meeting'.
func TestADayAnswersTheWishForADate(t *testing.T) {
	for _, v := range voices {
		answer := map[string]string{"de-sie": "Verstehe, erst das Projekt. Wie wäre es mit Dienstag, dem 4., um 9 Uhr, gleich nach Ihrem Projekt?",
			"de-du": "Verstehe, erst das Projekt. Wie wär's mit Dienstag, dem 4., um 9 Uhr, gleich nach eurem Projekt?",
			"en":    "Got it, the project first. How about Tuesday the 4th at 9, right after your project?"}[v.String()]
		found := false
		for seed := 0; seed < 60 && !found; seed++ {
			in := momentInputSeeded(t, v, "no_time", fmt.Sprintf("date-%d", seed), false, "")
			if co := newChat(in).concern("no_time"); co == nil || co.Key != "project_month_end" {
				continue
			}
			found = true
			in = momentInputSeeded(t, v, "no_time", fmt.Sprintf("date-%d", seed), true, answer)
			e := New()
			as, _, _ := e.Assess(context.Background(), in)
			if as.Move == nil || as.Move.Expected != salescoach.MoveRespond || !as.Move.Made {
				t.Errorf("%s: a day for a customer who needs a date: %d %+v", v, as.Score, as.Move)
				continue
			}
			reply, _, _ := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyPush, Assessment: as}, nil)
			for _, l := range tooEarly[v.String()] {
				if strings.Contains(reply, newChat(in).render(l)) {
					t.Errorf("%s: the day is answered as a meeting too early: %s", v, reply)
				}
			}
		}
		if !found {
			t.Fatalf("%s: no seed holds the concern project_month_end", v)
		}
	}
}

// TestPerfectAnswerMakesTheMove: the perfect answer makes the move the
// moment calls for; sent with a placeholder unfilled it scores below 70
// and settles nothing; filled in, it settles the concern.
func TestPerfectAnswerMakesTheMove(t *testing.T) {
	e := New()
	ctx := context.Background()
	for _, v := range voices {
		for _, o := range coach.Objections {
			t.Run(v.String()+"/"+o.Key, func(t *testing.T) {
				in := momentInput(t, v, o.Key, false, "")
				in.History = in.History[:len(in.History)-1]
				pa, _, _ := e.PerfectAnswer(ctx, in)
				if placeholderRE.MatchString(pa) {
					t.Errorf("the exploring perfect answer asks for the seller's facts: %s", pa)
				}
				in.History = append(in.History, coach.Turn{Role: salescoach.RoleSeller, Content: pa})
				as, _, _ := e.Assess(ctx, in)
				if !as.Move.Made || as.Score < 85 || as.Move.Expected != salescoach.MoveExplore {
					t.Errorf("exploring perfect answer: score %d %+v: %s", as.Score, as.Move, pa)
				}
				reply, _, _ := e.Reply(ctx, in, coach.ReplyPlan{Kind: coach.ReplyPush, Assessment: as}, nil)
				in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: reply})
				pa, _, _ = e.PerfectAnswer(ctx, in)
				if !placeholderRE.MatchString(pa) {
					t.Fatalf("the answering perfect answer has no placeholder for the seller's own facts: %s", pa)
				}
				raw := in
				raw.History = append(append([]coach.Turn(nil), in.History...), coach.Turn{Role: salescoach.RoleSeller, Content: pa})
				as, _, _ = e.Assess(ctx, raw)
				if as.Score >= 70 || as.Move.Made || as.Settles {
					t.Errorf("sent with its placeholder: score %d %+v settles %v", as.Score, as.Move, as.Settles)
				}
				filled := in
				filled.History = append(append([]coach.Turn(nil), in.History...), coach.Turn{Role: salescoach.RoleSeller, Content: fillIn(pa, v)})
				as, _, _ = e.Assess(ctx, filled)
				if !as.Move.Made || as.Score < 85 {
					t.Errorf("filled in: score %d %+v: %s", as.Score, as.Move, fillIn(pa, v))
				}
				if v.Lang == langDE {
					wrong := duWords
					if !v.Sie {
						wrong = sieWords
					}
					if w := containsWord(unbracket(pa), wrong); w != "" {
						t.Errorf("perfect answer uses %q in %s: %s", w, v, pa)
					}
				}
			})
		}
	}
}

// TestReferenceFillsThePlaceholder: a reference customer named in the
// product text fills the perfect answer's placeholder.
func TestReferenceFillsThePlaceholder(t *testing.T) {
	v := voices[0]
	in := momentInput(t, v, "trust", true, "")
	in.History = in.History[:len(in.History)-1]
	in.Scenario.Product = testProduct + " Referenz: Elektro Maier aus Ulm spart seit März 6 Stunden Büroarbeit pro Woche."
	pa, _, _ := New().PerfectAnswer(context.Background(), in)
	if placeholderRE.MatchString(pa) || !strings.Contains(pa, "Elektro Maier aus Ulm") {
		t.Errorf("the reference does not fill the placeholder: %s", pa)
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
	// Reasons point to what the user wrote, speak to the user in du, and
	// say a technique the moment does not call for is not needed yet.
	in := answerInput(t, voices[0], "price", "Ich verstehe Ihre Sorge. Womit vergleichen Sie den Preis?")
	as, _, _ := e.Assess(context.Background(), in)
	tm := techniqueMap(as.Techniques)
	if r := tm["acknowledge"].Reason; r != "Du gehst mit „Ich verstehe Ihre Sorge.“ auf die Sorge ein." {
		t.Errorf("acknowledge reason = %q", r)
	}
	if r := tm["question"].Reason; !strings.Contains(r, "„Womit vergleichen Sie den Preis?“") {
		t.Errorf("question reason = %q", r)
	}
	if r := tm["evidence"].Reason; r != movesData.Reasons[langDE]["not_now.explore"] {
		t.Errorf("evidence reason = %q", r)
	}
	if !strings.HasPrefix(as.Move.Reason, "Jetzt war Nachfragen dran") {
		t.Errorf("move reason = %q", as.Move.Reason)
	}
	if labels := []string{tm["acknowledge"].Label, tm["benefit"].Label, tm["tone"].Label}; strings.Join(labels, "|") != "Einwand anerkennen|Nutzen fürs Produkt|Ton & Länge" {
		t.Errorf("labels = %v", labels)
	}
}

func TestAssessWrongFormalityLosesTechnique(t *testing.T) {
	e := New()
	answers := map[bool]string{
		true:  "Ich verstehe Sie gut. Was genau ist Ihnen zu teuer?",
		false: "Ich verstehe dich gut. Was genau ist dir zu teuer?",
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

// TestStandardFormalityFollowsTheSeller: with the profile at Standard the
// customer takes the form the seller opens with, and Sie costs nothing.
func TestStandardFormalityFollowsTheSeller(t *testing.T) {
	e := New()
	ctx := context.Background()
	in := coach.Input{Scenario: scenario(voice{Lang: langDE, Sie: false}, ""), Stage: 1, TotalStages: 1, Objection: "price", Objections: []string{"price"}}
	in.Scenario.AdaptFormality = true
	in.History = []coach.Turn{{Role: salescoach.RoleSeller, Content: "Guten Tag, darf ich Ihnen kurz unsere Zeiterfassung vorstellen?"}}
	open, _, _ := e.Reply(ctx, in, coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
	if w := containsWord(open, duWords); w != "" {
		t.Errorf("the customer says %q to a seller who opened with Sie: %s", w, open)
	}
	in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: open},
		coach.Turn{Role: salescoach.RoleSeller, Content: "Das verstehe ich gut. Womit vergleichen Sie den Preis gerade?"})
	as, _, _ := e.Assess(ctx, in)
	if f := techniqueMap(as.Techniques)["formality"]; !f.Shown || as.Score < 85 {
		t.Errorf("Sie at Standard is marked down: score %d, %+v", as.Score, f)
	}
	reply, _, _ := e.Reply(ctx, in, coach.ReplyPlan{Kind: coach.ReplyPush, Assessment: as}, nil)
	if strings.Contains(fold(reply), "duzen") || strings.Contains(fold(reply), "du zu mir") {
		t.Errorf("the customer offers du to a seller who chose Sie: %s", reply)
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
	if !strings.HasPrefix(as.Move.Reason, "Exploring was called for") {
		t.Errorf("move reason = %q", as.Move.Reason)
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
}
