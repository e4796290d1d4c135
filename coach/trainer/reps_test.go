package trainer

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"salescoach"
	"salescoach/coach"
	"salescoach/training"
)

// The scripted reps: salespeople of every quality, and people trying to
// game the trainer, play whole practice chats against the built-in customer
// for products of different kinds, in German (Sie and du) and English, at
// every difficulty. The chats run as the training service runs them
// (coach.PickObjections picks the objections, training.Advance moves the
// progress); the test measures the goals of issue 14 and asserts them.

//go:embed testdata/reps.json
var repsJSON []byte

type repsProduct struct {
	Key      string              `json:"key"`
	Buyer    string              `json:"buyer"`
	Trade    string              `json:"trade"`
	Name     map[string]string   `json:"name"`
	Desc     map[string]string   `json:"desc"`
	Benefit  map[string][]string `json:"benefit"`
	Evidence map[string][]string `json:"evidence"`
}

type repsFamily struct {
	Ack []string `json:"ack"`
	Ask []string `json:"ask"`
}

type repsFile struct {
	Products []repsProduct                    `json:"products"`
	Foreign  map[string][]string              `json:"foreign"`
	Invented []string                         `json:"invented"`
	Pitch    map[string]string                `json:"pitch"`
	Families map[string]map[string]repsFamily `json:"families"`
	Good     map[string][]string              `json:"good"`
	Fair     map[string][]string              `json:"fair"`
	Poor     map[string][]string              `json:"poor"`
	Gaming   map[string]map[string][]string   `json:"gaming"`
	// Concern is what a good rep says, per family, once the customer has
	// told what is behind the objection; ConcernPrivate for private buyers.
	Concern        map[string]map[string][]string `json:"concern"`
	ConcernPrivate map[string]map[string][]string `json:"concern_private"`
	// Outside is, per family, a well-built answer in other words than the
	// trainer's own; Meeting are answers that only push for a meeting.
	Outside        map[string]map[string]string `json:"outside"`
	OutsideHeldout map[string]map[string]string `json:"outside_heldout"`
	OutsideBlind   map[string]map[string]string `json:"outside_blind"`
	OutsideFinal   map[string]map[string]string `json:"outside_final"`
	// OutsideFresh holds, per family and language, answers by three
	// writers who had not seen the trainer; the first writer's are used to
	// find rules, the others' only measured.
	OutsideFresh map[string]map[string][]string `json:"outside_fresh"`
	// OutsideFresh2 are two more writers' answers, measured before use.
	OutsideFresh2 map[string]map[string][]string `json:"outside_fresh2"`
	// OutsideFresh3 are two more writers' answers, measured before use.
	OutsideFresh3 map[string]map[string][]string `json:"outside_fresh3"`
	// OutsideFresh4 are two more writers' answers, measured before use.
	OutsideFresh4 map[string]map[string][]string `json:"outside_fresh4"`
	// OutsideFresh5 are two more writers' answers, measured before use.
	OutsideFresh5 map[string]map[string][]string `json:"outside_fresh5"`
	// OutsideFresh6 are two more writers' answers, measured before use.
	OutsideFresh6 map[string]map[string][]string `json:"outside_fresh6"`
	// OutsideFresh7 and OutsideFresh8 are four more writers' answers,
	// measured before use.
	OutsideFresh7 map[string]map[string][]string `json:"outside_fresh7"`
	OutsideFresh8 map[string]map[string][]string `json:"outside_fresh8"`
	// OutsideFresh9 and OutsideFresh10: four more writers, measured and
	// not yet used to find rules.
	OutsideFresh9  map[string]map[string][]string `json:"outside_fresh9"`
	OutsideFresh10 map[string]map[string][]string `json:"outside_fresh10"`
	OutsideFresh11 map[string]map[string][]string `json:"outside_fresh11"`
	OutsideFresh12 map[string]map[string][]string `json:"outside_fresh12"`
	OutsideFresh13 map[string]map[string][]string `json:"outside_fresh13"`
	OutsideFresh14 map[string]map[string][]string `json:"outside_fresh14"`
	OutsideFresh15 map[string]map[string][]string `json:"outside_fresh15"`
	OutsideFresh16 map[string]map[string][]string `json:"outside_fresh16"`
	OutsideFresh17 map[string]map[string][]string `json:"outside_fresh17"`
	OutsideFresh18 map[string]map[string][]string `json:"outside_fresh18"`
	Meeting        map[string][]string            `json:"meeting"`
	// Phrasings are everyday ways to acknowledge and to state a benefit.
	Phrasings struct {
		Acknowledge map[string][]string `json:"acknowledge"`
		Benefit     map[string][]string `json:"benefit"`
		// Question are clarifying questions that must count as such;
		// Casual are real answers in casual style that are no keyword list.
		Question map[string][]string `json:"question"`
		Casual   map[string][]string `json:"casual"`
	} `json:"phrasings"`
}

func loadReps(t testing.TB) *repsFile {
	t.Helper()
	var r repsFile
	if err := json.Unmarshal(repsJSON, &r); err != nil {
		t.Fatalf("testdata/reps.json: %v", err)
	}
	return &r
}

// Kinds of reps. good, fair and poor answer the objection as salespeople
// of that quality would; the others game the trainer.
var (
	qualityKinds = []string{"good", "fair", "poor"}
	gamingKinds  = []string{"keywords", "repeat", "echo", "offtopic", "gibberish", "injection", "rude", "ok"}
)

// rep writes a salesperson's answers for one product and voice.
type rep struct {
	r    *repsFile
	p    repsProduct
	v    voice
	t    testing.TB
	kind string
}

func (r rep) pickN(list []string, n int) string {
	if len(list) == 0 {
		return ""
	}
	return list[n%len(list)]
}

// fill resolves a reps template for the objection family and variant n.
func (r rep) fill(tmpl, family string, n int) string {
	lang := r.v.Lang
	f, ok := r.r.Families[family][lang]
	if !ok && (strings.Contains(tmpl, "{ack}") || strings.Contains(tmpl, "{ask}")) {
		r.t.Fatalf("reps.json has no lines for family %q", family)
	}
	s := strings.NewReplacer(
		"{ack}", r.pickN(f.Ack, n), "{ask}", r.pickN(f.Ask, n/2+n),
		"{benefit}", r.pickN(r.p.Benefit[lang], n), "{evidence}", r.pickN(r.p.Evidence[lang], n),
	).Replace(tmpl)
	s = strings.ReplaceAll(s, "{p}", r.p.Name[lang])
	return chooseForm(s, r.v.Sie)
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
	family := newChat(in).family
	switch r.kind {
	case "good":
		tmpl := r.pickN(r.r.Good[lang], n)
		// A good rep listens: once asked, the customer has said what is
		// behind the objection, and the next answer deals with exactly
		// that instead of asking again.
		if c := newChat(in); len(c.stageAnswers()) > 0 {
			lines := r.r.Concern[family][lang]
			if p, ok := r.r.ConcernPrivate[family]; ok && r.p.Buyer == "private" {
				lines = p[lang]
			}
			tmpl = strings.Replace(tmpl, "{ask}", chooseForm(r.pickN(lines, n), r.v.Sie), 1)
		}
		return r.fill(tmpl, family, n)
	case "fair":
		return r.fill(r.pickN(r.r.Fair[lang], n), family, n)
	case "poor":
		return r.fill(r.pickN(r.r.Poor[lang], n), family, n)
	case "meeting":
		return r.fill(r.pickN(r.r.Meeting[lang], n), family, n)
	case "echo":
		if j := lastCustomer(in.History); j >= 0 {
			return in.History[j].Content
		}
		return ""
	}
	return r.fill(r.pickN(r.r.Gaming[r.kind][lang], n), family, n)
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
	input      coach.Input
}

const repsMaxTurns = 12

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
		ans := rp.answer(in, n)
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
	run.eval, run.history, run.input = ev, in.History, in
	return run
}

func (c *chatRun) transcript() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s difficulty %d:\n", c.rep.p.Key, c.rep.v, c.rep.kind, c.difficulty)
	si := 0
	for _, t := range c.history {
		if t.Role == salescoach.RoleAssistant {
			fmt.Fprintf(&b, "  KUNDE: %s\n", t.Content)
			continue
		}
		if si > 0 && si-1 < len(c.scores) {
			fmt.Fprintf(&b, "  REP (%d): %s\n", c.scores[si-1], t.Content)
		} else {
			fmt.Fprintf(&b, "  REP: %s\n", t.Content)
		}
		si++
	}
	return b.String()
}

// foreignTo finds the first phrase in text that a buyer of this kind would
// not use ("" when none).
func foreignTo(r *repsFile, p repsProduct, text string) string {
	list := r.Foreign[p.Buyer]
	if p.Trade == "industrial" {
		list = append(append([]string(nil), list...), r.Foreign["industrial"]...)
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

func pctOf(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

// TestScriptedReps measures and asserts the goals of issue 14.
func TestScriptedReps(t *testing.T) {
	r := loadReps(t)
	seeds := []string{"a1b2c3d4-0000-4000-8000-000000000001", "a1b2c3d4-0000-4000-8000-000000000002"}
	var runs []*chatRun
	for _, p := range r.Products {
		for _, v := range voices {
			for _, kind := range append(append(append([]string(nil), qualityKinds...), gamingKinds...), "meeting") {
				for d := 1; d <= 3; d++ {
					for _, seed := range seeds {
						runs = append(runs, playReps(t, rep{r: r, p: p, v: v, t: t, kind: kind}, d, p.Key+seed))
					}
				}
			}
		}
	}

	// Goal 1: good answers win every chat; poor and gaming answers none.
	wins := map[string]int{}
	played := map[string]int{}
	goodAnswers, goodObjections := 0, 0
	var lostGood, wonBad []*chatRun
	meetingWins := map[int]int{}
	for _, c := range runs {
		played[c.rep.kind]++
		if c.won {
			wins[c.rep.kind]++
		}
		switch {
		case c.rep.kind == "good" && !c.won:
			lostGood = append(lostGood, c)
		case c.rep.kind == "good":
			goodAnswers += c.answers
			goodObjections += c.difficulty
		case c.rep.kind == "meeting":
			if c.won {
				meetingWins[c.difficulty]++
				if c.difficulty == 3 && len(wonBad) < 3 {
					t.Errorf("answers that only push for a meeting won at Schwer:\n%s", c.transcript())
				}
			}
		case c.rep.kind != "fair" && c.won:
			wonBad = append(wonBad, c)
		}
	}
	var kinds []string
	for k := range played {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Logf("goal 1: %-9s won %3d of %3d chats (%.0f %%)", k, wins[k], played[k], pctOf(wins[k], played[k]))
	}
	t.Logf("goal 1: good reps needed %.2f answers per objection", float64(goodAnswers)/float64(max(goodObjections, 1)))
	for i, c := range lostGood {
		if i < 3 {
			t.Errorf("a good rep lost:\n%s", c.transcript())
		}
	}
	if len(lostGood) > 0 {
		t.Errorf("goal 1: good reps lost %d chats", len(lostGood))
	}
	for i, c := range wonBad {
		if i < 3 {
			t.Errorf("a %s rep won:\n%s", c.rep.kind, c.transcript())
		}
	}
	if len(wonBad) > 0 {
		t.Errorf("goal 1: poor and gaming reps won %d chats", len(wonBad))
	}

	t.Logf("issue 24: answers that only push for a meeting won %d chats at Leicht, %d at Mittel, %d at Schwer", meetingWins[1], meetingWins[2], meetingWins[3])
	if meetingWins[3] > 0 {
		t.Errorf("issue 24: answers that only push for a meeting won %d chats at Schwer, want none", meetingWins[3])
	}

	// Issue 24: the customer listens. Right after a question it never says
	// the seller did not ask; "Gute Frage" only answers a question; in a
	// chat of good answers it never says a sentence of 8 or more words
	// twice.
	notAsked, goodQuestion, repeated, customerTurns := 0, 0, 0, 0
	var deaf []string
	for _, c := range runs {
		ch := newChat(c.input)
		var notAskedLines []string
		for _, l := range demands["question"][c.rep.v.Lang] {
			notAskedLines = append(notAskedLines, fold(unquote.Replace(ch.render(l))))
		}
		seen := map[string]bool{}
		prevSeller := ""
		for _, turn := range c.history {
			if isSeller(turn.Role) {
				prevSeller = turn.Content
				continue
			}
			customerTurns++
			f := fold(unquote.Replace(turn.Content))
			if asks(prevSeller) {
				for _, l := range notAskedLines {
					if strings.Contains(f, strings.TrimRight(l, ".")) {
						notAsked++
						if len(deaf) < 4 {
							deaf = append(deaf, fmt.Sprintf("after %q: %q", prevSeller, turn.Content))
						}
					}
				}
			}
			if (strings.Contains(f, "gute frage") || strings.Contains(f, "good question")) && !asksLiterally(prevSeller) {
				goodQuestion++
				if len(deaf) < 4 {
					deaf = append(deaf, fmt.Sprintf("'Gute Frage' after %q: %q", prevSeller, turn.Content))
				}
			}
			if c.rep.kind == "good" {
				for _, s := range splitSentences(turn.Content) {
					if s.Words >= 8 && seen[s.Norm] {
						repeated++
						if len(deaf) < 4 {
							deaf = append(deaf, fmt.Sprintf("repeated in %s %s: %q", c.rep.p.Key, c.rep.v, s.Text))
						}
					}
					seen[s.Norm] = true
				}
			}
		}
	}
	t.Logf("issue 24: of %d customer messages, %d say the seller did not ask right after a question, %d say 'Gute Frage' without one, %d repeat a sentence of 8+ words in a chat of good answers",
		customerTurns, notAsked, goodQuestion, repeated)
	if notAsked+goodQuestion+repeated > 0 {
		t.Errorf("issue 24: the customer does not listen, e.g.\n%s", strings.Join(deaf, "\n"))
	}

	// Defect 2: an off-topic question does not make the customer reveal
	// what is behind the objection.
	revealed := 0
	for _, c := range runs {
		if c.rep.kind != "offtopic" {
			continue
		}
		ch := newChat(c.input)
		for _, turn := range c.history {
			if turn.Role != salescoach.RoleAssistant {
				continue
			}
			for f := range families {
				for _, line := range ch.texts(f).Reveal[c.rep.v.Lang] {
					if first := firstSentence(splitSentences(ch.render(line))); len(first) > 12 && strings.Contains(turn.Content, first) {
						revealed++
						if revealed <= 3 {
							t.Errorf("the customer reveals his concern after an off-topic question:\n%s", c.transcript())
						}
					}
				}
			}
		}
	}
	t.Logf("defect 2: %d customer messages reveal the concern after an off-topic question", revealed)

	// Goal 6: the customer fits the buyer; goal 7: the customer names the
	// product rather than quoting its description.
	msgs, fit := map[string]int{}, map[string]int{}
	var misfits []string
	for _, c := range runs {
		kind := c.rep.p.Buyer + "/" + c.rep.p.Trade
		for _, turn := range c.history {
			if turn.Role != salescoach.RoleAssistant {
				continue
			}
			msgs[kind]++
			if w := foreignTo(r, c.rep.p, turn.Content); w != "" {
				if len(misfits) < 8 {
					misfits = append(misfits, fmt.Sprintf("%s/%s (%q): %s", c.rep.p.Key, c.rep.v, w, turn.Content))
				}
				continue
			}
			fit[kind]++
		}
	}
	var buyerKinds []string
	for k := range msgs {
		buyerKinds = append(buyerKinds, k)
	}
	sort.Strings(buyerKinds)
	for _, k := range buyerKinds {
		fitPct := pctOf(fit[k], msgs[k])
		t.Logf("goal 6: %-18s %d of %d customer messages fit the buyer (%.1f %%)", k, fit[k], msgs[k], fitPct)
		if fitPct < 95 {
			t.Errorf("goal 6: only %.1f %% of customer messages fit a %s buyer, e.g.\n%s", fitPct, k, strings.Join(misfits, "\n"))
		}
	}
	for _, p := range r.Products {
		for _, v := range voices {
			desc := p.Desc[v.Lang]
			head, _, ok := strings.Cut(desc, ": ")
			if !ok || len(strings.Fields(head)) > maxPhraseWords {
				continue
			}
			if got := newProduct(rep{p: p, v: v, r: r}.scenario(1, "x")).Phrase; got != head {
				t.Errorf("goal 7: %s: the customer calls the product %q, want %q", p.Key, got, head)
			}
		}
	}

	// Goal 4: the evaluation praises only what deserves it.
	var praised []string
	maxBad, maxBadTotal, minGoodTotal := 0, 0, 100
	maxBadWhere := ""
	for _, c := range runs {
		switch c.rep.kind {
		case "good":
			minGoodTotal = min(minGoodTotal, c.eval.TotalPercent)
		case "fair":
		default:
			maxBadTotal = max(maxBadTotal, c.eval.TotalPercent)
			for _, s := range c.eval.Scores {
				if s.Score > maxBad {
					maxBad, maxBadWhere = s.Score, fmt.Sprintf("%s in a %s chat (%s, %s)", s.Category, c.rep.kind, c.rep.p.Key, c.rep.v)
				}
			}
			if tp := c.eval.TopPoints; !(len(tp) == 1 && tp[0] == evalTexts[c.rep.v.Lang]["top.none"]) && len(praised) < 5 {
				praised = append(praised, fmt.Sprintf("%s %s: %q", c.rep.kind, c.rep.v, tp))
			}
		}
	}
	t.Logf("goal 4: poor and gaming chats: highest category %d (%s), highest total %d %%, %d praised; good chats: lowest total %d %%",
		maxBad, maxBadWhere, maxBadTotal, len(praised), minGoodTotal)
	if len(praised) > 0 {
		t.Errorf("goal 4: the evaluation praises poor or gaming chats: %s", strings.Join(praised, "\n"))
	}
	if maxBad > 40 || maxBadTotal > 25 {
		t.Errorf("goal 4: a poor or gaming chat scores %d in a category, %d %% in total", maxBad, maxBadTotal)
	}
	if minGoodTotal < 70 {
		t.Errorf("goal 4: a good chat is evaluated at only %d %%", minGoodTotal)
	}

	// Goals 2, 3 and 5 on single answers to every objection a buyer raises.
	pairs, ordered := 0, 0
	// Good answers in other words than the trainer's own: three sets
	// asserted, one (final) only logged.
	type outsideSet struct {
		name    string
		answers map[string]map[string][]string
		// floor is the share of answers that must reach 90: the goal of
		// 90 % for sets the rules were found on, a guard against falling
		// back below the measured figure for sets they were not.
		floor        float64
		all, reached int
		weak         []string
	}
	// one turns a set of one answer per family and language into a list.
	one := func(set map[string]map[string]string) map[string]map[string][]string {
		out := map[string]map[string][]string{}
		for family, byLang := range set {
			out[family] = map[string][]string{}
			for lang, a := range byLang {
				out[family][lang] = []string{a}
			}
		}
		return out
	}
	// writers picks the answers of some of the fresh set's writers.
	writers := func(set map[string]map[string][]string, from, to int) map[string]map[string][]string {
		out := map[string]map[string][]string{}
		for family, byLang := range set {
			out[family] = map[string][]string{}
			for lang, as := range byLang {
				out[family][lang] = as[from:min(to, len(as))]
			}
		}
		return out
	}
	// The sets were each measured before they were used to find rules:
	// outside 17.3 %, held-out 30.2 %, blind 6.7 %, untuned 25.4 % (47.6 %
	// when it was measured, after the others had been used). The fresh set
	// was written on 2026-11-26 by someone who had not seen the trainer:
	// first writer 64.0 %, second 25.0 % and third 25.0 % together before
	// any rule was found on it; after rules found on the untuned set and
	// the first writer, the second reached 50.0 %, the third 65.3 %; after
	// rules found on the second, the third (still unused) 66.0 %; then
	// it was used too. The second fresh set (two more writers): 57.7 % at
	// the start, 84.3 % when first measured after those rules; then it was
	// used. The third (two more writers): 80.3 % when first measured, the
	// fourth 77.3 % (44.3 % at the session's start); then each was used.
	// The fifth (two more writers, a numbers-first industrial sales
	// engineer and a warm storytelling consultant): 74.3 % when first
	// measured, on 2026-11-26 in the next session; then it was used. The
	// sixth (a casual door-to-door rep, a polished enterprise consultant):
	// 84.3 % when first measured after the fifth's rules; then it was used.
	// The seventh (a jovial car salesman, a careful medical-device key
	// account manager) and the eighth (an anglicised SaaS customer-success
	// manager, a courteous old-school private banker), both measured after
	// the sixth's rules: 93.3 % and 76.7 %; then both were used.
	// The ninth and tenth (a blunt heating engineer with a framework-minded
	// graduate; a mirroring insurance broker with a terse freight rep)
	// measured 82.0 % and 53.3 % and were left unused for a session; then
	// they were used. The eleventh (a clipped wholesale sales manager, a
	// warm family advisor who mirrors), written in that session, measured
	// 78.7 % after the first of those rules; then it was used. The
	// thirteenth (a farm-machinery field rep, an IT-security inside-sales
	// rep) measured 88.3 % untouched; then it was used. The fourteenth (a
	// home-improvement salesperson, a hedging management consultant)
	// measured 95.0 % untouched, after the thirteenth's rules; then used.
	// The twelfth (a casual startup account executive, an engineer who
	// reasons in numbered steps), written at the same time but measured
	// last: 69.7 % untouched; then used. The fifteenth (a fact-based
	// pharma rep, a cheerful restaurant-supplies salesman whose three
	// exclamation marks counted as shouting) 57.7 %, the sixteenth (a
	// question-loving fleet-software rep, a coach-like training seller)
	// 96.7 % after the fifteenth's rules; then both were used. The
	// seventeenth (an email-like telecom account manager, a plain solar
	// installer) and the eighteenth (a lively staffing consultant, a
	// meticulous insurance broker) measured 91.3 % and 93.3 % after all
	// those rules and were never used to find any: their floor of 90 is
	// the goal itself, on wording no rule was tuned on.
	// What counts for the goal is the figure of a set before its use.
	outsideSets := []*outsideSet{
		{name: "outside wording", answers: one(r.Outside), floor: 90},
		{name: "held-out outside wording", answers: one(r.OutsideHeldout), floor: 90},
		{name: "blind outside wording", answers: one(r.OutsideBlind), floor: 90},
		{name: "untuned outside wording", answers: one(r.OutsideFinal), floor: 90},
		{name: "fresh outside wording, first writer", answers: writers(r.OutsideFresh, 0, 1), floor: 90},
		{name: "fresh outside wording, second writer", answers: writers(r.OutsideFresh, 1, 2), floor: 75},
		{name: "fresh outside wording, third writer", answers: writers(r.OutsideFresh, 2, 3), floor: 90},
		{name: "second fresh set", answers: r.OutsideFresh2, floor: 90},
		{name: "third fresh set", answers: r.OutsideFresh3, floor: 90},
		{name: "fourth fresh set", answers: r.OutsideFresh4, floor: 90},
		{name: "fifth fresh set", answers: r.OutsideFresh5, floor: 90},
		{name: "sixth fresh set", answers: r.OutsideFresh6, floor: 90},
		{name: "seventh fresh set", answers: r.OutsideFresh7, floor: 90},
		{name: "eighth fresh set", answers: r.OutsideFresh8, floor: 90},
		{name: "ninth fresh set", answers: r.OutsideFresh9, floor: 90},
		{name: "tenth fresh set", answers: r.OutsideFresh10, floor: 90},
		{name: "eleventh fresh set", answers: r.OutsideFresh11, floor: 90},
		{name: "twelfth fresh set", answers: r.OutsideFresh12, floor: 90},
		{name: "thirteenth fresh set", answers: r.OutsideFresh13, floor: 90},
		{name: "fourteenth fresh set", answers: r.OutsideFresh14, floor: 90},
		{name: "fifteenth fresh set", answers: r.OutsideFresh15, floor: 90},
		{name: "sixteenth fresh set", answers: r.OutsideFresh16, floor: 90},
		{name: "seventeenth fresh set (never used)", answers: r.OutsideFresh17, floor: 90},
		{name: "eighteenth fresh set (never used)", answers: r.OutsideFresh18, floor: 90},
	}
	good90, goodAll := 0, 0
	maxKeywords, maxOfftopic, maxEcho, maxRepeat := 0, 0, 0, 0
	modelAnswers, clean := 0, 0
	var disorder, weakGood, dirty []string
	ctx := context.Background()
	e := New()
	score := func(in coach.Input, answer string) int {
		in.History = append(append([]coach.Turn(nil), in.History...), coach.Turn{Role: salescoach.RoleSeller, Content: answer})
		a, _, err := e.Assess(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		return a.Score
	}
	for _, p := range r.Products {
		for _, v := range voices {
			rp := rep{r: r, p: p, v: v, t: t}
			for _, o := range coach.Objections {
				in := coach.Input{Scenario: rp.scenario(1, "single-"+p.Key+o.Key), Stage: 1, TotalStages: 1,
					Objection: o.Key, Objections: []string{o.Key}}
				pitch := chooseForm(strings.ReplaceAll(r.Pitch[v.Lang], "{p}", p.Name[v.Lang]), v.Sie)
				in.History = []coach.Turn{{Role: salescoach.RoleSeller, Content: pitch}}
				open, _, err := e.Reply(ctx, in, coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
				if err != nil {
					t.Fatal(err)
				}
				in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: open})
				family := newChat(in).family
				sc := map[string][]int{}
				for _, kind := range qualityKinds {
					rp.kind = kind
					for n := 0; n < 2; n++ {
						ans := rp.answer(in, n)
						s := score(in, ans)
						sc[kind] = append(sc[kind], s)
						if kind == "good" {
							goodAll++
							if s >= 90 {
								good90++
							} else if len(weakGood) < 6 {
								weakGood = append(weakGood, fmt.Sprintf("%s/%s/%s %d: %s", p.Key, v, family, s, ans))
							}
						}
					}
				}
				for _, pr := range [][2]string{{"good", "fair"}, {"fair", "poor"}, {"good", "poor"}} {
					for _, hi := range sc[pr[0]] {
						for _, lo := range sc[pr[1]] {
							pairs++
							if hi > lo {
								ordered++
							} else if len(disorder) < 6 {
								disorder = append(disorder, fmt.Sprintf("%s/%s/%s: %s %d ≤ %s %d", p.Key, v, family, pr[0], hi, pr[1], lo))
							}
						}
					}
				}
				for n := 0; n < 2; n++ {
					rp.kind = "keywords"
					maxKeywords = max(maxKeywords, score(in, rp.answer(in, n)))
					rp.kind = "offtopic"
					maxOfftopic = max(maxOfftopic, score(in, rp.answer(in, n)))
				}
				maxEcho = max(maxEcho, score(in, open))
				if _, ok := r.Outside[family][v.Lang]; !ok {
					t.Errorf("reps.json has no outside answer for %s", family)
				}
				for _, set := range outsideSets {
					for _, tmpl := range set.answers[family][v.Lang] {
						ans := chooseForm(strings.ReplaceAll(tmpl, "{p}", p.Name[v.Lang]), v.Sie)
						set.all++
						if s := score(in, ans); s >= 90 {
							set.reached++
						} else if len(set.weak) < 6 {
							set.weak = append(set.weak, fmt.Sprintf("%s/%s/%s %d: %s", p.Key, v, family, s, ans))
						}
					}
				}
				// The same answer sent a second time earns nothing.
				rp.kind = "repeat"
				rep1 := rp.answer(in, 0)
				in2 := in
				in2.History = append(append([]coach.Turn(nil), in.History...), coach.Turn{Role: salescoach.RoleSeller, Content: rep1},
					coach.Turn{Role: salescoach.RoleAssistant, Content: open})
				maxRepeat = max(maxRepeat, score(in2, rep1))

				// Goal 5: model answers after a poor and after a fair answer.
				for _, kind := range []string{"poor", "fair"} {
					rp.kind = kind
					h := append(append([]coach.Turn(nil), in.History...), coach.Turn{Role: salescoach.RoleSeller, Content: rp.answer(in, 0)})
					hin := in
					hin.History = h
					perfect, _, err := e.PerfectAnswer(ctx, hin)
					if err != nil {
						t.Fatal(err)
					}
					hint, _, err := e.Hint(ctx, hin)
					if err != nil {
						t.Fatal(err)
					}
					var known strings.Builder
					known.WriteString(in.Scenario.Product)
					for _, turn := range h {
						known.WriteString("\n" + turn.Content)
					}
					for _, text := range []string{perfect, hint} {
						modelAnswers++
						w := invention(r, known.String(), text)
						if w == "" {
							w = foreignTo(r, p, text)
						}
						if w == "" {
							clean++
						} else if len(dirty) < 8 {
							dirty = append(dirty, fmt.Sprintf("%s/%s/%s (%q): %s", p.Key, v, family, w, text))
						}
					}
				}
			}
		}
	}
	orderPct := pctOf(ordered, pairs)
	t.Logf("goal 2: good > fair > poor in %d of %d pairs (%.1f %%); highest scores: keyword list %d, off-topic question %d, echo %d, repeated answer %d",
		ordered, pairs, orderPct, maxKeywords, maxOfftopic, maxEcho, maxRepeat)
	if orderPct < 95 {
		t.Errorf("goal 2: order holds in only %.1f %% of pairs, e.g.\n%s", orderPct, strings.Join(disorder, "\n"))
	}
	if maxKeywords >= 35 || maxOfftopic >= 35 || maxEcho >= 35 || maxRepeat >= 35 {
		t.Errorf("goal 2: gaming answers score up to %d (keywords), %d (off-topic), %d (echo), %d (repeat); want below 35",
			maxKeywords, maxOfftopic, maxEcho, maxRepeat)
	}
	// Goal 3: everyday phrasings of acknowledgement and benefit count.
	phr, recognised := 0, 0
	var missed []string
	for _, p := range r.Products {
		for _, v := range voices {
			kw := compileKeywords(newProduct(rep{p: p, v: v, r: r}.scenario(1, "x")))
			fill := func(s string) string { return chooseForm(strings.ReplaceAll(s, "{p}", p.Name[v.Lang]), v.Sie) }
			for _, line := range r.Phrasings.Acknowledge[v.Lang] {
				phr++
				a := analyse(fill(line), "price", v, newProduct(rep{p: p, v: v, r: r}.scenario(1, "x")))
				if a.ack > 0 {
					recognised++
				} else if len(missed) < 8 {
					missed = append(missed, "acknowledge: "+fill(line))
				}
			}
			for _, line := range r.Phrasings.Question[v.Lang] {
				phr++
				a := analyse(fill(line), "price", v, newProduct(rep{p: p, v: v, r: r}.scenario(1, "x")))
				if a.question >= shownQuestion {
					recognised++
				} else if len(missed) < 8 {
					missed = append(missed, "question: "+fill(line))
				}
			}
			for _, line := range r.Phrasings.Casual[v.Lang] {
				phr++
				if a := analyse(fill(line), "price", v, newProduct(rep{p: p, v: v, r: r}.scenario(1, "x"))); a.void == "" {
					recognised++
				} else if len(missed) < 8 {
					missed = append(missed, "casual answer taken for "+a.void+": "+fill(line))
				}
			}
			for _, line := range r.Phrasings.Benefit[v.Lang] {
				phr++
				a := &analysis{v: v}
				for _, s := range splitSentences(fill(line)) {
					a.checkBenefit(s, kw)
				}
				if a.benefit >= shownBenefit {
					recognised++
				} else if len(missed) < 8 {
					missed = append(missed, "benefit: "+fill(line))
				}
			}
		}
	}
	phrPct := pctOf(recognised, phr)
	t.Logf("goal 3: %d of %d everyday phrasings (acknowledgement, benefit, clarifying question, casual answer) recognised (%.1f %%)", recognised, phr, phrPct)
	if len(missed) > 0 {
		t.Logf("goal 3: not recognised, e.g.\n%s", strings.Join(missed, "\n"))
	}
	if phrPct < 95 {
		t.Errorf("goal 3: only %.1f %% of everyday phrasings recognised, e.g.\n%s", phrPct, strings.Join(missed, "\n"))
	}
	goodPct := pctOf(good90, goodAll)
	t.Logf("goal 3: %d of %d well-built answers reach 90 (%.1f %%)", good90, goodAll, goodPct)
	if goodPct < 90 {
		t.Errorf("goal 3: only %.1f %% of well-built answers reach 90, e.g.\n%s", goodPct, strings.Join(weakGood, "\n"))
	}
	for _, set := range outsideSets {
		pct := pctOf(set.reached, set.all)
		t.Logf("issue 24: %d of %d good answers in %s reach 90 (%.1f %%)", set.reached, set.all, set.name, pct)
		switch {
		case pct < set.floor:
			t.Errorf("issue 24: only %.1f %% of good answers in %s reach 90, want %.0f %%, e.g.\n%s", pct, set.name, set.floor, strings.Join(set.weak, "\n"))
		case len(set.weak) > 0 && set.floor >= 90:
			t.Logf("issue 24: %s below 90, e.g.\n%s", set.name, strings.Join(set.weak, "\n"))
		}
	}
	cleanPct := pctOf(clean, modelAnswers)
	t.Logf("goal 5: %d of %d model answers (hints, perfect answers) use only known facts and the product's trade (%.1f %%)", clean, modelAnswers, cleanPct)
	if clean < modelAnswers {
		t.Errorf("goal 5: %d model answers invent facts or speak another trade, e.g.\n%s", modelAnswers-clean, strings.Join(dirty, "\n"))
	}
}
