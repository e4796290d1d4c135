package trainer

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"salescoach"
	"salescoach/coach"
	"salescoach/training"
)

// Reps who game the trainer, or only push for a meeting, play whole chats
// against the built-in customer for products of every kind of buyer, in
// German (Sie and du) and English, at every difficulty, as the training
// service plays them (coach.PickObjections, training.Advance). None may
// win; their answers earn next to nothing; and every customer message must
// fit the buyer. The good answers, and the chats they win, are measured
// with the answer sets (sets_test.go, chats_test.go).

//go:embed testdata/reps.json
var repsJSON []byte

type repsProduct struct {
	Key   string            `json:"key"`
	Buyer string            `json:"buyer"`
	Trade string            `json:"trade"`
	Name  map[string]string `json:"name"`
	Desc  map[string]string `json:"desc"`
	// Benefit and Evidence are kept for the product's data; no rep uses
	// them now.
	Benefit  map[string][]string `json:"benefit"`
	Evidence map[string][]string `json:"evidence"`
}

type repsFile struct {
	About    string                         `json:"_about"`
	Products []repsProduct                  `json:"products"`
	Foreign  map[string][]string            `json:"foreign"`
	Invented []string                       `json:"invented"`
	Pitch    map[string]string              `json:"pitch"`
	Gaming   map[string]map[string][]string `json:"gaming"`
	Meeting  map[string][]string            `json:"meeting"`
}

func loadReps(t testing.TB) *repsFile {
	t.Helper()
	var r repsFile
	if err := json.Unmarshal(repsJSON, &r); err != nil {
		t.Fatalf("testdata/reps.json: %v", err)
	}
	return &r
}

// gamingKinds are the ways of gaming the trainer; "meeting" reps only push
// for a meeting.
var gamingKinds = []string{"keywords", "repeat", "echo", "offtopic", "gibberish", "injection", "rude", "ok", "meeting"}

// rep writes a gaming salesperson's answers for one product and voice.
type rep struct {
	r    *repsFile
	p    repsProduct
	v    voice
	kind string
}

func (r rep) scenario(difficulty int, seed string) coach.Scenario {
	sc := coach.Scenario{Product: r.p.Desc[r.v.Lang], Language: r.v.Lang, Formality: salescoach.FormalityDu,
		Mode: salescoach.ModePractice, Difficulty: difficulty, Seed: seed}
	if r.v.Sie {
		sc.Formality = salescoach.FormalitySie
	}
	return sc
}

// answer is the rep's n-th answer in the chat so far.
func (r rep) answer(in coach.Input, n int) string {
	lang := r.v.Lang
	var list []string
	switch r.kind {
	case "echo":
		if j := lastCustomer(in.History); j >= 0 {
			return in.History[j].Content
		}
		return ""
	case "meeting":
		list = r.r.Meeting[lang]
	default:
		list = r.r.Gaming[r.kind][lang]
	}
	s := strings.ReplaceAll(list[n%len(list)], "{p}", r.p.Name[lang])
	return chooseForm(s, r.v.Sie)
}

// chatRun is one whole practice chat.
type chatRun struct {
	rep        rep
	difficulty int
	won        bool
	answers    int
	scores     []int
	history    []coach.Turn
	eval       *coach.Evaluation
}

const repsMaxTurns = 10

func playReps(t testing.TB, rp rep, difficulty int, seed string) *chatRun {
	t.Helper()
	ctx := context.Background()
	e := New()
	objections := coach.PickObjections(seed, difficulty)
	run := &chatRun{rep: rp, difficulty: difficulty}
	in := coach.Input{Scenario: rp.scenario(difficulty, seed), Stage: 1, TotalStages: difficulty,
		Objection: objections[0], Objections: objections}
	pitch := chooseForm(strings.ReplaceAll(rp.r.Pitch[rp.v.Lang], "{p}", rp.p.Name[rp.v.Lang]), rp.v.Sie)
	in.History = []coach.Turn{{Role: salescoach.RoleSeller, Content: pitch}}
	say := func(kind string, a *coach.Assessment) {
		text, _, err := e.Reply(ctx, in, coach.ReplyPlan{Kind: kind, Assessment: a}, nil)
		if err != nil {
			t.Fatalf("Reply: %v", err)
		}
		in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: text})
	}
	say(coach.ReplyOpen, nil)
	for n := 0; n < repsMaxTurns; n++ {
		in.History = append(in.History, coach.Turn{Role: salescoach.RoleSeller, Content: rp.answer(in, n)})
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

func (c *chatRun) transcript() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s difficulty %d:\n", c.rep.p.Key, c.rep.v, c.rep.kind, c.difficulty)
	for _, t := range c.history {
		who := "SELLER  "
		if t.Role == salescoach.RoleAssistant {
			who = "CUSTOMER"
		}
		fmt.Fprintf(&b, "  %s %s\n", who, t.Content)
	}
	return b.String()
}

// foreignTo finds a word in text that a buyer of the product would not
// use: a private household's boss or works council, an industrial buyer's
// data protection officer, a service buyer's deliveries and spare parts.
func foreignTo(r *repsFile, buyer, trade, text string) string {
	list := r.Foreign[buyer]
	if trade == "industrial" || trade == "service" {
		list = append(append([]string(nil), list...), r.Foreign[trade]...)
	}
	if m, ok := find(norm(text), compile(list)); ok {
		return m
	}
	return ""
}

// invention finds a figure, or a claim of the invented list, in a model
// answer that the product description and the conversation do not contain.
func invention(r *repsFile, known, text string) string {
	have := map[string]bool{}
	for _, w := range tokens(known) {
		have[w] = true
	}
	for _, w := range tokens(text) {
		if strings.ContainsAny(w, "0123456789") && !have[w] {
			return w
		}
	}
	if m, ok := find(norm(text), compile(r.Invented)); ok && !has(norm(known), compile([]string{m})) {
		return m
	}
	return ""
}

// TestGamingReps: reps who game the trainer or only push for a meeting win
// no chat at any difficulty; the gaming kinds score below 35 per answer; an
// off-topic question never makes the customer tell the concern; the
// customer's messages fit the buyer, answer questions, and never repeat
// themselves; the evaluation praises none of it.
func TestGamingReps(t *testing.T) {
	r := loadReps(t)
	var won []string
	maxScore := map[string]int{}
	maxTotal := 0
	for pi, p := range r.Products {
		for ki, kind := range gamingKinds {
			// Each product and kind in one voice (they take turns) at
			// Mittel; a meeting-only rep at every difficulty.
			v := voices[(pi+ki)%len(voices)]
			levels := []int{2}
			if kind == "meeting" {
				levels = []int{1, 2, 3}
			}
			for _, d := range levels {
				seed := fmt.Sprintf("9a1f%04d-0000-4000-8000-%012d", d, len(p.Key)*7+len(kind))
				run := playReps(t, rep{r: r, p: p, v: v, kind: kind}, d, seed)
				if run.won {
					won = append(won, run.transcript())
				}
				for k, s := range run.scores {
					if kind == "repeat" && k == 0 {
						// The first time it is an answer, if a poor one.
						continue
					}
					maxScore[kind] = max(maxScore[kind], s)
				}
				if kind != "meeting" {
					maxTotal = max(maxTotal, run.eval.TotalPercent)
				}
				for i, tn := range run.history {
					if tn.Role != salescoach.RoleAssistant {
						continue
					}
					if w := foreignTo(r, p.Buyer, p.Trade, tn.Content); w != "" {
						t.Errorf("%s: the customer says %q, which a %s buyer (%s) would not:\n%s", p.Key, w, p.Buyer, p.Trade, run.transcript())
					}
					if kind == "offtopic" && i > 1 {
						c := newChat(coach.Input{Scenario: run.rep.scenario(d, seed), History: run.history[:i], Objections: coach.PickObjections(seed, d), TotalStages: d})
						if m := c.momentAt(i - 1); m.concern != nil {
							for _, rv := range m.concern.Reveal[v.Lang] {
								if first := firstSentence(splitSentences(c.render(rv))); first != "" && strings.Contains(norm(tn.Content), norm(first)) {
									t.Errorf("the customer tells the concern after an off-topic question:\n%s", run.transcript())
								}
							}
						}
					}
				}
				for _, f := range customerFaults(run.history) {
					t.Errorf("%s %s %s: %s\n%s", p.Key, v, kind, f, run.transcript())
				}
			}
		}
	}
	for _, kind := range gamingKinds {
		t.Logf("%-9s highest answer score %d", kind, maxScore[kind])
		if kind != "meeting" && maxScore[kind] >= 35 {
			t.Errorf("%s answers score up to %d, want below 35", kind, maxScore[kind])
		}
	}
	t.Logf("gaming chats: highest evaluation total %d %%", maxTotal)
	if maxTotal >= 40 {
		t.Errorf("a gaming chat is evaluated at %d %%, want below 40", maxTotal)
	}
	if len(won) > 0 {
		t.Errorf("%d chats of gaming or meeting-only reps were won, e.g.\n%s", len(won), won[0])
	}
}

// TestModelAnswersInventNothing: hints and perfect answers at every moment
// of a chat use only the description's facts and the product's trade (a
// placeholder asks for the seller's own), in the chat's form of address.
func TestModelAnswersInventNothing(t *testing.T) {
	r := loadReps(t)
	e := New()
	ctx := context.Background()
	checked := 0
	for _, p := range r.Products {
		for _, v := range voices {
			for _, o := range coach.Objections {
				rp := rep{r: r, p: p, v: v, kind: "meeting"}
				in := coach.Input{Scenario: rp.scenario(2, "3f1c2a9e-0000-4000-8000-0000000000aa"), Stage: 1, TotalStages: 1,
					Objection: o.Key, Objections: []string{o.Key}}
				in.History = []coach.Turn{{Role: salescoach.RoleSeller, Content: chooseForm(strings.ReplaceAll(r.Pitch[v.Lang], "{p}", p.Name[v.Lang]), v.Sie)}}
				open, _, _ := e.Reply(ctx, in, coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
				in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: open})
				// Each moment in turn: the perfect answer of the moment, its
				// placeholders filled, is sent.
				for step := 0; step < 3; step++ {
					hint, _, err := e.Hint(ctx, in)
					if err != nil {
						t.Fatal(err)
					}
					pa, _, err := e.PerfectAnswer(ctx, in)
					if err != nil {
						t.Fatal(err)
					}
					known := p.Desc[v.Lang] + " " + transcriptText(in.History)
					// The hint speaks to the seller (in du); its sample, in
					// quotes, to the customer.
					sample := hint
					if at := strings.Index(hint, "„"); at >= 0 {
						sample = hint[at:]
					} else if at := strings.Index(hint, "“"); at >= 0 {
						sample = hint[at:]
					}
					for _, text := range []string{sample, pa} {
						checked++
						if w := invention(r, known, placeholderRE.ReplaceAllString(text, "")); w != "" {
							t.Errorf("%s %s %s: a model answer invents %q: %s", p.Key, v, o.Key, w, text)
						}
						if w := foreignTo(r, p.Buyer, p.Trade, text); w != "" {
							t.Errorf("%s %s %s: a model answer speaks another trade (%q): %s", p.Key, v, o.Key, w, text)
						}
						if v.Lang == langDE {
							wrong := duWords
							if !v.Sie {
								wrong = sieWords
							}
							if w := containsWord(unbracket(text), wrong); w != "" {
								t.Errorf("%s %s: a model answer uses %q: %s", p.Key, v, w, text)
							}
						}
					}
					sent := fillIn(pa, v)
					in.History = append(in.History, coach.Turn{Role: salescoach.RoleSeller, Content: sent})
					a, _, err := e.Assess(ctx, in)
					if err != nil {
						t.Fatal(err)
					}
					reply, _, err := e.Reply(ctx, in, coach.ReplyPlan{Kind: coach.ReplyPush, Assessment: a}, nil)
					if err != nil {
						t.Fatal(err)
					}
					in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: reply})
					if a.Settles {
						break
					}
				}
			}
		}
	}
	t.Logf("%d model answers checked", checked)
}

func transcriptText(h []coach.Turn) string {
	var parts []string
	for _, t := range h {
		parts = append(parts, t.Content)
	}
	return strings.Join(parts, " ")
}
