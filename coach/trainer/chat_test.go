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

// simulation plays a practice chat the way the server does: the customer
// opens, every answer is assessed, progress grows with the scores by the
// server's own rule (training.Advance), and a solved objection leads to the
// next one or to the customer's agreement.
type simulation struct {
	t          *testing.T
	e          *Engine
	sc         coach.Scenario
	objections []string
	history    []coach.Turn
	stage      int
	progress   int
	scores     []int
	log        strings.Builder
}

func (s *simulation) input() coach.Input {
	return coach.Input{
		Scenario: s.sc, History: append([]coach.Turn(nil), s.history...), Stage: s.stage,
		TotalStages: len(s.objections), Objection: s.objections[s.stage-1], Progress: s.progress,
	}
}

func (s *simulation) customer(kind string, as *coach.Assessment) string {
	s.t.Helper()
	var streamed strings.Builder
	text, _, err := s.e.Reply(context.Background(), s.input(), coach.ReplyPlan{Kind: kind, Assessment: as}, func(p string) { streamed.WriteString(p) })
	if err != nil {
		s.t.Fatalf("Reply(%s): %v", kind, err)
	}
	if streamed.String() != text {
		s.t.Fatalf("streamed %q, returned %q", streamed.String(), text)
	}
	s.history = append(s.history, coach.Turn{Role: salescoach.RoleAssistant, Content: text})
	fmt.Fprintf(&s.log, "KUNDE   [%s, Einwand %d %s]: %s\n", kind, s.stage, s.objections[s.stage-1], text)
	return text
}

// play runs the chat with answers from answer until the customer is
// convinced or maxTurns answers were given; it reports whether the customer
// was convinced.
func (s *simulation) play(first string, answer func(in coach.Input, n int) string, maxTurns int) bool {
	s.t.Helper()
	s.stage = 1
	s.history = []coach.Turn{{Role: salescoach.RoleSeller, Content: first}}
	fmt.Fprintf(&s.log, "VERKÄUFER: %s\n", first)
	s.customer(coach.ReplyOpen, nil)
	for n := 0; n < maxTurns; n++ {
		ans := answer(s.input(), n)
		s.history = append(s.history, coach.Turn{Role: salescoach.RoleSeller, Content: ans})
		as, _, err := s.e.Assess(context.Background(), s.input())
		if err != nil {
			s.t.Fatalf("Assess: %v", err)
		}
		s.scores = append(s.scores, as.Score)
		fmt.Fprintf(&s.log, "VERKÄUFER (%d Punkte): %s\n", as.Score, ans)
		s.progress = training.Advance(s.progress, as)
		if s.progress < 100 {
			s.customer(coach.ReplyPush, as)
			continue
		}
		if s.stage == len(s.objections) {
			s.customer(coach.ReplyConvinced, as)
			return true
		}
		s.stage++
		s.progress = 0
		s.customer(coach.ReplyNext, as)
	}
	return false
}

// checkCustomerTurns checks that every customer message stays on the
// objection of its stage and reads cleanly.
func (s *simulation) checkCustomerTurns(v voice) {
	s.t.Helper()
	c := newChat(s.input())
	stage := 0
	for i, turn := range s.history {
		if turn.Role != salescoach.RoleAssistant {
			continue
		}
		text := turn.Content
		if strings.ContainsAny(text, "{}[]|%") || strings.Contains(text, "  ") {
			s.t.Errorf("turn %d reads badly: %q", i, text)
		}
		if v.Lang == langDE {
			wrong := sieWords
			if v.Sie {
				wrong = duWords
			}
			if w := containsWord(text, wrong); w != "" {
				s.t.Errorf("turn %d uses %q: %q", i, w, text)
			}
		}
		f := c.classify(text)
		if i == len(s.history)-1 && s.progress >= 100 {
			// The customer's agreement raises no objection.
			continue
		}
		if f == "" {
			s.t.Errorf("turn %d raises no objection: %q", i, text)
			continue
		}
		for stage < len(s.objections)-1 && f != s.objections[stage] {
			stage++
		}
		if f != s.objections[stage] {
			s.t.Errorf("turn %d is about %s, want %s: %q", i, f, s.objections[stage], text)
		}
	}
}

// TestPracticeChat plays practice chats of difficulty 3 through the reply
// kinds: with perfect answers the customer is convinced, with bad answers he
// stays on his objection; with a realistic learner he reacts to each step.
// The transcripts are logged for people to read.
func TestPracticeChat(t *testing.T) {
	objections := []string{"price", "authority", "data_protection"}
	for _, v := range voices {
		t.Run(v.String(), func(t *testing.T) {
			newSim := func(tone string) *simulation {
				sc := scenario(v, tone)
				sc.Difficulty = 3
				return &simulation{t: t, e: New(), sc: sc, objections: objections}
			}

			good := newSim("")
			// At Schwer each objection takes two answers: the first asks
			// what is behind it, the second answers exactly that; the last
			// is closed with a concrete next step.
			if !good.play(firstMessage(v), perfectAnswers, 7) {
				t.Errorf("perfect answers did not convince the customer:\n%s", good.log.String())
			}
			if len(good.scores) != 7 {
				t.Errorf("%d answers for 3 objections with perfect answers, want 7", len(good.scores))
			}
			good.checkCustomerTurns(v)
			t.Logf("Perfect answers, neutral customer:\n%s", good.log.String())

			bad := newSim("Dominant")
			if bad.play(firstMessage(v), weak(v), 8) {
				t.Errorf("bad answers convinced the customer:\n%s", bad.log.String())
			}
			if bad.stage != 1 {
				t.Errorf("bad answers reached stage %d", bad.stage)
			}
			for _, sc := range bad.scores {
				if sc > 40 {
					t.Errorf("a bad answer scored %d", sc)
				}
			}
			bad.checkCustomerTurns(v)
			t.Logf("Bad answers, dominant customer:\n%s", bad.log.String())

			// A learner who improves: acknowledges, then asks, then
			// answers in full.
			learner := newSim("Skeptisch")
			steps := learnerAnswers[v.String()]
			learner.play(firstMessage(v), func(in coach.Input, n int) string {
				if n < len(steps) {
					return steps[n]
				}
				return perfectAnswers(in, n)
			}, 10)
			learner.checkCustomerTurns(v)
			t.Logf("Learner, sceptical customer:\n%s", learner.log.String())
		})
	}
}

var learnerAnswers = map[string][]string{
	"de-sie": {
		"Unsere Zeiterfassung ist aber wirklich gut.",
		"Ich verstehe, dass das Budget knapp ist. Unsere Zeiterfassung spart Ihnen aber viel Zeit.",
		"Verstehe. Darf ich fragen, womit Sie den Preis gerade vergleichen?",
	},
	"de-du": {
		"Unsere Zeiterfassung ist aber wirklich gut.",
		"Ich verstehe, dass das Budget knapp ist. Unsere Zeiterfassung spart dir aber viel Zeit.",
		"Verstehe. Darf ich fragen, womit du den Preis gerade vergleichst?",
	},
	"en": {
		"But our time tracking is really good.",
		"I understand the budget is tight. Our time tracking saves you a lot of time, though.",
		"I see. May I ask what you're comparing the price with?",
	},
}
