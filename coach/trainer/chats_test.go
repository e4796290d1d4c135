package trainer

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"salescoach"
	"salescoach/coach"
	"salescoach/training"
)

// Whole chats played only with the good answers of the answer sets
// (testdata/sets): the rep answers each moment with a writer's answer for
// it — a first reply to the objection while the concern is unknown, a
// writer's answer to exactly the concern the customer told, a writer's
// close once it is settled — as the training service plays a chat
// (coach.PickObjections, training.Advance). It measures how many chats
// such a rep wins within ten answers, and checks every customer message
// for what a person who listens never does.

// setRep holds the good answers of the sets for one trade and voice.
type setRep struct {
	trade   string
	voice   voice
	explore map[string][]string // by family
	respond map[string][]string // by family/concern
	advance []string
}

// setReps gathers the good answers of all sets by trade and voice.
func setReps(sets []answerSet) map[string]*setRep { return setRepsOf(sets, "good") }

// setRepsOf gathers the answers of one quality of all sets by trade and
// voice.
func setRepsOf(sets []answerSet, quality string) map[string]*setRep {
	out := map[string]*setRep{}
	for _, s := range sets {
		for _, it := range s.Items {
			if it.Quality != quality {
				continue
			}
			v := setVoice(it)
			key := it.Trade + "/" + v.String()
			r := out[key]
			if r == nil {
				r = &setRep{trade: it.Trade, voice: v, explore: map[string][]string{}, respond: map[string][]string{}}
				out[key] = r
			}
			switch it.Moment {
			case "explore":
				r.explore[it.Objection] = append(r.explore[it.Objection], it.Answer)
			case "respond":
				r.respond[it.Objection+"/"+it.Concern] = append(r.respond[it.Objection+"/"+it.Concern], it.Answer)
			case "advance":
				r.advance = append(r.advance, it.Answer)
			}
		}
	}
	return out
}

// answer is the rep's n-th answer, or "" when the sets hold none for the
// moment.
func (r *setRep) answer(in coach.Input, n int) string {
	c := newChat(in)
	m := c.momentAt(len(in.History))
	var list []string
	switch m.expected {
	case salescoach.MoveExplore:
		list = r.explore[m.family]
	case salescoach.MoveRespond:
		if m.concern != nil {
			list = r.respond[m.family+"/"+m.concern.Key]
		}
	default:
		list = r.advance
	}
	if len(list) == 0 {
		return ""
	}
	return list[n%len(list)]
}

// setChatRun is one chat played with a set rep.
type setChatRun struct {
	won, stuck bool
	answers    int
	history    []coach.Turn
	eval       *coach.Evaluation
	scores     []int
}

const setChatMaxAnswers = 10

func playSetChat(t testing.TB, ps *setProducts, r *setRep, difficulty int, mode, seed string) *setChatRun {
	t.Helper()
	ctx := context.Background()
	e := New()
	total := difficulty
	if mode == salescoach.ModeExam {
		total = 3
	}
	objections := coach.PickObjections(seed, total)
	it := setItem{Trade: r.trade, Language: r.voice.Lang, Address: "du"}
	if r.voice.Sie {
		it.Address = "Sie"
	}
	sc := setScenario(ps, it, difficulty, seed)
	sc.Mode = mode
	in := coach.Input{Scenario: sc, Stage: 1, TotalStages: total, Objection: objections[0], Objections: objections}
	in.History = []coach.Turn{{Role: salescoach.RoleSeller, Content: chooseForm(ps.Products[r.trade].Pitch[r.voice.Lang], r.voice.Sie)}}
	run := &setChatRun{}
	say := func(kind string, a *coach.Assessment) {
		text, _, err := e.Reply(ctx, in, coach.ReplyPlan{Kind: kind, Assessment: a}, nil)
		if err != nil {
			t.Fatalf("Reply: %v", err)
		}
		in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: text})
	}
	say(coach.ReplyOpen, nil)
	for n := 0; n < setChatMaxAnswers; n++ {
		ans := r.answer(in, n)
		if ans == "" {
			run.stuck = true
			break
		}
		in.History = append(in.History, coach.Turn{Role: salescoach.RoleSeller, Content: ans})
		a, _, err := e.Assess(ctx, in)
		if err != nil {
			t.Fatalf("Assess: %v", err)
		}
		run.answers++
		run.scores = append(run.scores, a.Score)
		in.Progress = training.Advance(in.Progress, a)
		switch {
		case in.Progress < 100:
			say(coach.ReplyPush, a)
			continue
		case in.Stage == len(objections):
			say(coach.ReplyConvinced, a)
			run.won = true
		default:
			in.Stage++
			in.Objection, in.Progress = objections[in.Stage-1], 0
			say(coach.ReplyNext, a)
			continue
		}
		break
	}
	ev, _, err := e.Evaluate(ctx, in)
	if err != nil {
		t.Fatalf("Evaluate: %v", err)
	}
	run.eval, run.history = ev, in.History
	return run
}

func (r *setChatRun) transcript() string {
	var b strings.Builder
	for _, t := range r.history {
		who := "VERKÄUFER"
		if t.Role == salescoach.RoleAssistant {
			who = "KUNDE"
		}
		fmt.Fprintf(&b, "  %s: %s\n", who, t.Content)
	}
	return b.String()
}

// customerFaults are what a listening customer never does in a chat: a
// sentence of six or more words said twice, two replies in a row opening
// alike, "you didn't ask" right after a question, du offered more than
// once, the seller quoted in a shard of fewer than five words.
func customerFaults(h []coach.Turn) []string {
	var out []string
	said := map[string]bool{}
	prevOpen := ""
	duOffers := 0
	for i, t := range h {
		if t.Role != salescoach.RoleAssistant {
			continue
		}
		for _, s := range splitSentences(t.Content) {
			if s.Words >= 6 && said[s.Norm] {
				out = append(out, "repeated: "+s.Text)
			}
			said[s.Norm] = true
		}
		if op := opening(t.Content); i > 1 && op == prevOpen && op != "" {
			out = append(out, "same opening twice: "+t.Content)
		}
		prevOpen = opening(t.Content)
		n := fold(t.Content)
		if i > 0 && asks(h[i-1].Content) && (strings.Contains(n, "nicht gefragt") || strings.Contains(n, "didn't ask") || strings.Contains(n, "haven't asked")) {
			out = append(out, "'not asked' after a question: "+t.Content)
		}
		if strings.Contains(n, "duzen") || strings.Contains(n, "du zu mir") {
			duOffers++
		}
		for _, q := range quoteRE.FindAllStringSubmatch(t.Content, -1) {
			if wordCount(q[1]) < 5 && i > 0 && strings.Contains(fold(h[i-1].Content), fold(q[1])) && !saidBefore(h[:i], q[1]) && !strings.Contains(fold(h[0].Content), fold(q[1])) {
				out = append(out, "shard quoted: "+q[0])
			}
		}
	}
	if duOffers > 1 {
		out = append(out, fmt.Sprintf("du offered %d times", duOffers))
	}
	return out
}

// saidBefore reports words the customer quoted before, which are no shard
// of the seller's; so is the product's name from the pitch (h[0]).
func saidBefore(h []coach.Turn, words string) bool {
	for _, t := range h {
		if t.Role == salescoach.RoleAssistant && strings.Contains(fold(t.Content), fold(words)) {
			return true
		}
	}
	return false
}

var quoteRE = regexp.MustCompile(`[„“"]([^„“”"]+)[“”"]`)

// TestSetChats plays chats with the good answers of the sets at every
// difficulty and in exams, prints how many were won within ten answers,
// and asserts the customer's manners.
func TestSetChats(t *testing.T) {
	ps, sets := loadSets(t)
	reps := setReps(sets)
	type tally struct{ played, won, stuck, answers, evalMin int }
	by := map[string]*tally{}
	faults := 0
	for key, r := range reps {
		if len(r.respond) == 0 {
			continue
		}
		for _, level := range []struct {
			name, mode string
			difficulty int
		}{{"Leicht", salescoach.ModePractice, 1}, {"Mittel", salescoach.ModePractice, 2}, {"Schwer", salescoach.ModePractice, 3}, {"Prüfung", salescoach.ModeExam, 3}} {
			for s := 0; s < 4; s++ {
				seed := fmt.Sprintf("5e7d%04d-0000-4000-8000-%012d", s, len(key)*31+level.difficulty)
				run := playSetChat(t, ps, r, level.difficulty, level.mode, seed)
				tl := by[level.name]
				if tl == nil {
					tl = &tally{evalMin: 100}
					by[level.name] = tl
				}
				tl.played++
				tl.answers += run.answers
				switch {
				case run.won:
					tl.won++
					tl.evalMin = min(tl.evalMin, run.eval.TotalPercent)
					if run.eval.TotalPercent < 80 {
						t.Errorf("%s %s: a won chat of good answers is evaluated at %d %%, want ≥ 80: %+v\n%s", key, level.name, run.eval.TotalPercent, run.eval.Scores, run.transcript())
					}
					for _, imp := range run.eval.Improvements {
						if strings.Contains(imp, "„Sie“") || strings.Contains(imp, "„du“") {
							t.Errorf("%s %s: the evaluation advises the form of address the seller kept: %q\n%s", key, level.name, imp, run.transcript())
						}
					}
				case run.stuck:
					tl.stuck++
				default:
					if testing.Verbose() {
						t.Logf("%s %s not won:\n%s", key, level.name, run.transcript())
					}
				}
				for _, f := range customerFaults(run.history) {
					faults++
					t.Errorf("%s %s: %s\n%s", key, level.name, f, run.transcript())
				}
			}
		}
	}
	// Reps who answer with the sets' poor answers win nothing and are
	// evaluated below 40 %.
	poorMax := 0
	for key, r := range setRepsOf(sets, "poor") {
		good := reps[key]
		if good == nil || len(r.explore) == 0 || len(r.respond) == 0 {
			continue
		}
		// A poor rep may not have a poor answer for every moment; it then
		// answers with a good rep's opening question, so that its poor
		// answers to the concerns are put to the test.
		for fam, l := range good.explore {
			if len(r.explore[fam]) == 0 {
				r.explore[fam] = l
			}
		}
		for _, d := range []int{2, 3} {
			seed := fmt.Sprintf("7c2a%04d-0000-4000-8000-%012d", d, len(key))
			run := playSetChat(t, ps, r, d, salescoach.ModePractice, seed)
			if run.won {
				t.Errorf("%s: a rep with poor answers won:\n%s", key, run.transcript())
			}
			if run.stuck {
				// No poor answer for the concern told (a set that answers
				// only some): the chat holds the good opening question alone.
				continue
			}
			poorMax = max(poorMax, run.eval.TotalPercent)
			if run.eval.TotalPercent >= 40 {
				t.Errorf("%s: a chat of poor answers is evaluated at %d %%, want below 40: %+v\n%s", key, run.eval.TotalPercent, run.eval.Scores, run.transcript())
			}
		}
	}
	t.Logf("chats of poor answers: highest evaluation %d %%", poorMax)
	for _, level := range []string{"Leicht", "Mittel", "Schwer", "Prüfung"} {
		tl := by[level]
		if tl == nil {
			continue
		}
		t.Logf("%-8s won %d of %d played through (%.0f %%), %d more without a set answer for a moment, %.1f answers per chat, lowest evaluation of a won chat %d %%", level, tl.won, tl.played-tl.stuck,
			100*float64(tl.won)/float64(max(1, tl.played-tl.stuck)), tl.stuck, float64(tl.answers)/float64(tl.played), tl.evalMin)
		// Issue 37's target is 80 %; the sets' reps win more. A chat whose
		// objection or concern no set answers (set13 answers one concern
		// of each of its objections) measures the sets, not the trainer:
		// it is left out, and at least 24 chats a level are played through.
		done := tl.played - tl.stuck
		if won := 100 * float64(tl.won) / float64(max(1, done)); won < 90 || done < 24 {
			t.Errorf("%s: good answers won %.0f %% of %d chats played through (%d without an answer for a moment), want at least 90 %% of 24 or more", level, won, done, tl.stuck)
		}
	}
}
