package trainer

import (
	"context"
	"math"
	"strings"
	"testing"

	"salescoach"
	"salescoach/coach"
)

// playedChat plays a three-objection chat with the given answers and returns
// the input at its end.
func playedChat(t *testing.T, v voice, answer func(in coach.Input, n int) string) coach.Input {
	t.Helper()
	s := &simulation{t: t, e: New(), sc: scenario(v, ""), objections: []string{"price", "authority", "data_protection"}}
	s.sc.Difficulty = 3
	s.play(firstMessage(v), answer, 9)
	in := s.input()
	return in
}

func firstMessage(v voice) string {
	switch {
	case v.Lang == langEN:
		return "Hello, I'd like to introduce our time tracking for craft businesses. Do you have a moment?"
	case v.Sie:
		return "Guten Tag, ich möchte Ihnen kurz unsere Zeiterfassung für Handwerksbetriebe vorstellen. Haben Sie einen Moment?"
	}
	return "Hallo, ich wollte dir kurz unsere Zeiterfassung für Handwerksbetriebe vorstellen. Hast du kurz Zeit?"
}

// perfectAnswers sends the trainer's perfect answer with its placeholders
// filled in, as a user does.
func perfectAnswers(in coach.Input, _ int) string {
	s, _, _ := New().PerfectAnswer(context.Background(), in)
	return fillIn(s, voiceOf(in.Scenario))
}

var weakAnswers = map[string][]string{
	"de-sie": {"Das ist nicht teuer.", "Unser Produkt ist das beste am Markt.", "Da müssen Sie halt Ihren Chef fragen.", "Sie müssen sich jetzt entscheiden, das Angebot gilt nur heute!", "Keine Sorge, das passt schon."},
	"de-du":  {"Das ist nicht teuer.", "Unser Produkt ist das beste am Markt.", "Dann frag halt deinen Chef.", "Du musst dich jetzt entscheiden, das Angebot gilt nur heute!", "Keine Sorge, das passt schon."},
	"en":     {"That's not expensive.", "Our product is the best on the market.", "Then just ask your boss.", "You must decide now, this offer is only valid today!", "Don't worry, it'll be fine."},
}

func weak(v voice) func(coach.Input, int) string {
	return func(_ coach.Input, n int) string { list := weakAnswers[v.String()]; return list[n%len(list)] }
}

func checkEvaluation(t *testing.T, v voice, in coach.Input, ev *coach.Evaluation) {
	t.Helper()
	names := coach.Categories[v.Lang]
	if len(ev.Scores) != len(names) {
		t.Fatalf("%d categories, want %d", len(ev.Scores), len(names))
	}
	sum := 0
	for i, c := range ev.Scores {
		if c.Category != names[i] {
			t.Errorf("category %d = %q, want %q", i, c.Category, names[i])
		}
		if c.Score < 0 || c.Score > 100 || c.Comment == "" {
			t.Errorf("%s: score %d, comment %q", c.Category, c.Score, c.Comment)
		}
		sum += c.Score
	}
	if want := int(math.Round(float64(sum) / 6)); ev.TotalPercent != want {
		t.Errorf("TotalPercent = %d, want the mean %d", ev.TotalPercent, want)
	}
	if n := len(splitSentences(ev.Intro)); n != 2 {
		t.Errorf("intro has %d sentences: %q", n, ev.Intro)
	}
	if len(ev.Improvements) < 2 || len(ev.Improvements) > 4 {
		t.Errorf("%d improvements", len(ev.Improvements))
	}
	if len(ev.TopPoints) < 1 || len(ev.TopPoints) > 3 {
		t.Errorf("%d top points", len(ev.TopPoints))
	}
	for _, s := range append(append([]string{ev.Intro}, ev.Improvements...), ev.TopPoints...) {
		if strings.Contains(s, "%!") || strings.Contains(s, "%d") || strings.Contains(s, "%s") {
			t.Errorf("unfilled text %q", s)
		}
	}
	// What a comment quotes, the user wrote.
	var seller []string
	for _, turn := range in.History {
		if isSeller(turn.Role) {
			seller = append(seller, turn.Content)
		}
	}
	all := strings.Join(seller, "\n")
	for _, c := range ev.Scores {
		for _, m := range quoted.FindAllStringSubmatch(c.Comment, -1) {
			q := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(m[1], "… "), " …"))
			q = strings.NewReplacer("‚", "„", "‘", "“").Replace(q) // quotes inside quotes
			if !strings.Contains(all, q) {
				t.Errorf("%s: %q is not from the user's answers", c.Category, q)
			}
		}
	}
}

func TestEvaluateGoodAndBadChats(t *testing.T) {
	e := New()
	for _, v := range voices {
		t.Run(v.String(), func(t *testing.T) {
			good := playedChat(t, v, perfectAnswers)
			bad := playedChat(t, v, weak(v))
			evGood, _, err := e.Evaluate(context.Background(), good)
			if err != nil {
				t.Fatal(err)
			}
			evBad, _, _ := e.Evaluate(context.Background(), bad)
			checkEvaluation(t, v, good, evGood)
			checkEvaluation(t, v, bad, evBad)
			if evGood.TotalPercent < 80 || evBad.TotalPercent >= 40 {
				t.Errorf("good chat %d %%, bad chat %d %%; want ≥ 80 and < 40", evGood.TotalPercent, evBad.TotalPercent)
			}
			for i := range evGood.Scores {
				if evGood.Scores[i].Score <= evBad.Scores[i].Score {
					t.Errorf("%s: good %d ≤ bad %d", evGood.Scores[i].Category, evGood.Scores[i].Score, evBad.Scores[i].Score)
				}
			}
			// The strongest answer is one that made its move, never the
			// opening pitch.
			if !strings.Contains(evGood.Scores[3].Comment, movesData.Evaluation[v.Lang]["move.explore"]) &&
				!strings.Contains(evGood.Scores[3].Comment, movesData.Evaluation[v.Lang]["move.respond"]) &&
				!strings.Contains(evGood.Scores[3].Comment, movesData.Evaluation[v.Lang]["move.advance"]) {
				t.Errorf("the strongest answer names no move: %q", evGood.Scores[3].Comment)
			}
			if strings.Contains(evGood.Scores[3].Comment, firstMessage(v)[:20]) {
				t.Errorf("the opening pitch is the strongest answer: %q", evGood.Scores[3].Comment)
			}
			if len(evBad.TopPoints) != 1 {
				t.Errorf("bad chat has top points %q", evBad.TopPoints)
			}
			t.Logf("good: %+v", evGood)
			t.Logf("bad: %+v", evBad)
		})
	}
}

func TestEvaluateQuotesWhatTheUserWrote(t *testing.T) {
	in := answerInput(t, voices[0], "price", "Das stimmt nicht, unser Preis ist fair. Was zahlen Sie denn heute?")
	ev, _, _ := New().Evaluate(context.Background(), in)
	byName := map[string]string{}
	for _, c := range ev.Scores {
		byName[c.Category] = c.Comment
	}
	if c := byName["Sprache & Tonalität"]; c != "„Das stimmt nicht, unser Preis ist fair.“ widerspricht dem Kunden – das macht ihn zu." {
		t.Errorf("language comment = %q", c)
	}
	if c := byName["Fragetechnik"]; !strings.Contains(c, "„Was zahlen Sie denn heute?“") {
		t.Errorf("questions comment = %q", c)
	}
	if !strings.Contains(strings.Join(ev.Improvements, " "), "„Das stimmt nicht, unser Preis ist fair.“") {
		t.Errorf("improvements do not name the contradiction: %q", ev.Improvements)
	}
	if !strings.HasPrefix(ev.Intro, "Du hast in 1 Antworten 0 von 1 Einwänden gelöst") {
		t.Errorf("intro = %q", ev.Intro)
	}
}

func TestEvaluateEmptyChat(t *testing.T) {
	for _, v := range voices {
		in := coach.Input{Scenario: scenario(v, ""), Objection: "price", Stage: 1, TotalStages: 2,
			History: []coach.Turn{{Role: salescoach.RoleAssistant, Content: "Das ist uns zu teuer."}}}
		ev, _, err := New().Evaluate(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		if len(ev.Scores) != 6 || ev.TotalPercent != 0 || ev.Intro != movesData.Evaluation[v.Lang]["empty.intro"] {
			t.Errorf("%s: %+v", v, ev)
		}
		for i, c := range ev.Scores {
			if c.Category != coach.Categories[v.Lang][i] || c.Score != 0 || c.Comment == "" {
				t.Errorf("%s: %+v", v, c)
			}
		}
		if len(ev.Improvements) != 2 || len(ev.TopPoints) != 1 {
			t.Errorf("%s: improvements %q, top points %q", v, ev.Improvements, ev.TopPoints)
		}
	}
}
