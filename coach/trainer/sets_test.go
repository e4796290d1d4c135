package trainer

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strings"
	"testing"

	"salescoach"
	"salescoach/coach"
)

// The answer sets (testdata/sets): answers written by people briefed as
// experienced sales trainers who had not seen the trainer, each labelled
// with the moment it belongs to (explore: the first reply to a fresh
// objection; advance: the objection is settled) and its quality as the
// writer judged it (good, poor, gaming). docs/coach.md records each set's
// figures as first measured, before it was used to change any rule.

//go:embed testdata/sets/*.json
var setsFS embed.FS

type setItem struct {
	Trade     string `json:"trade"`
	Objection string `json:"objection"`
	Concern   string `json:"concern,omitempty"`
	Language  string `json:"language"`
	Address   string `json:"address"`
	Moment    string `json:"moment"`
	Quality   string `json:"quality"`
	Answer    string `json:"answer"`
}

type answerSet struct {
	Name   string
	Writer string    `json:"writer"`
	Items  []setItem `json:"items"`
}

type setProducts struct {
	Products map[string]struct {
		Desc  map[string]string `json:"desc"`
		Pitch map[string]string `json:"pitch"`
	} `json:"products"`
}

func loadSets(t testing.TB) (*setProducts, []answerSet) {
	t.Helper()
	var ps setProducts
	b, err := setsFS.ReadFile("testdata/sets/products.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &ps); err != nil {
		t.Fatalf("products.json: %v", err)
	}
	entries, err := setsFS.ReadDir("testdata/sets")
	if err != nil {
		t.Fatal(err)
	}
	var sets []answerSet
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "set") {
			continue
		}
		b, err := setsFS.ReadFile(path.Join("testdata/sets", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		s := answerSet{Name: strings.TrimSuffix(e.Name(), ".json")}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s: %v", e.Name(), err)
		}
		sets = append(sets, s)
	}
	return &ps, sets
}

// setVoice is the voice of an item: German Sie or du, or English.
func setVoice(it setItem) voice {
	if it.Language == langEN {
		return voice{Lang: langEN, Sie: true}
	}
	return voice{Lang: langDE, Sie: it.Address != "du"}
}

// setScenario is the chat an item is played in.
func setScenario(ps *setProducts, it setItem, difficulty int, seed string) coach.Scenario {
	v := setVoice(it)
	sc := coach.Scenario{Product: ps.Products[it.Trade].Desc[v.Lang], Language: v.Lang, Formality: salescoach.FormalityDu,
		Mode: salescoach.ModePractice, Difficulty: difficulty, Seed: seed}
	if v.Sie {
		sc.Formality = salescoach.FormalitySie
	}
	return sc
}

// catalogueKey is the key of coach.Objections whose objection the buyer of
// sc raises as family (a private buyer raises 'partner' for 'authority').
func catalogueKeyFor(sc coach.Scenario, family string) (string, bool) {
	for _, o := range coach.Objections {
		in := coach.Input{Scenario: sc, Stage: 1, TotalStages: 1, Objection: o.Key, Objections: []string{o.Key}}
		if newChat(in).family == family {
			return o.Key, true
		}
	}
	return "", false
}

// explored is the chat of an item at its moment, with the item's answer as
// the last turn: for explore right after the customer raised the
// objection.
func setChat(t testing.TB, ps *setProducts, it setItem, difficulty int, seed string) (coach.Input, bool) {
	t.Helper()
	sc := setScenario(ps, it, difficulty, seed)
	key, ok := catalogueKeyFor(sc, it.Objection)
	if !ok {
		return coach.Input{}, false
	}
	if it.Concern != "" {
		// A chat whose customer holds the item's concern: the seed picks it.
		found := false
		for k := 0; k < 500 && !found; k++ {
			sc.Seed = fmt.Sprintf("%s-%d", seed, k)
			c := newChat(coach.Input{Scenario: sc, Stage: 1, TotalStages: 1, Objection: key, Objections: []string{key}})
			found = c.concern(c.family) != nil && c.concern(c.family).Key == it.Concern
		}
		if !found {
			t.Fatalf("no chat holds the concern %s/%s", it.Objection, it.Concern)
		}
	}
	v := setVoice(it)
	in := coach.Input{Scenario: sc, Stage: 1, TotalStages: 1, Objection: key, Objections: []string{key}}
	pitch := chooseForm(ps.Products[it.Trade].Pitch[v.Lang], v.Sie)
	in.History = []coach.Turn{{Role: salescoach.RoleSeller, Content: pitch}}
	open, _, err := New().Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
	if err != nil {
		t.Fatal(err)
	}
	in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: open})
	steps := map[string]int{"advance": 2, "respond": 1}[it.Moment]
	if steps > 0 {
		// A question that makes the customer tell the concern; for
		// advance also an answer that meets it; the customer's replies.
		for step := 0; step < steps; step++ {
			var as *coach.Assessment
			var ans string
			cands := []string{setExplore[v.String()]}
			if step == 1 {
				cands = settlingAnswers(t, in)
			}
			for _, ans = range cands {
				h := append(append([]coach.Turn(nil), in.History...), coach.Turn{Role: salescoach.RoleSeller, Content: ans})
				as, _, err = New().Assess(context.Background(), coach.Input{Scenario: in.Scenario, History: h, Stage: 1, TotalStages: 1,
					Objection: in.Objection, Objections: in.Objections})
				if err != nil {
					t.Fatal(err)
				}
				if as.Move != nil && as.Move.Made {
					break
				}
			}
			if as.Move == nil || !as.Move.Made {
				t.Fatalf("setting up %s/%s: %q did not make its move: %+v", it.Trade, it.Objection, ans, as.Move)
			}
			in.History = append(in.History, coach.Turn{Role: salescoach.RoleSeller, Content: ans})
			reply, _, err := New().Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyPush, Assessment: as}, nil)
			if err != nil {
				t.Fatal(err)
			}
			in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: reply})
		}
	}
	in.History = append(in.History, coach.Turn{Role: salescoach.RoleSeller, Content: it.Answer})
	return in, true
}

// setExplore is a plain exploring answer by voice, to set up a chat.
var setExplore = map[string]string{
	"de-sie": "Das verstehe ich gut. Was genau ist Ihnen dabei am wichtigsten, wenn Sie an Ihre Situation heute denken?",
	"de-du":  "Das verstehe ich gut. Was genau ist dir dabei am wichtigsten, wenn du an deine Situation heute denkst?",
	"en":     "I understand that. What matters most to you about it when you think about your situation today?",
}

// settlingAnswers are the trainer's own answers to the concern the
// customer told, their placeholders filled with a fact.
func settlingAnswers(t testing.TB, in coach.Input) []string {
	t.Helper()
	c := newChat(in)
	co := c.concern(c.family)
	if co == nil || len(co.Answer[c.v.Lang]) == 0 {
		t.Fatalf("no concern answer for %s", c.family)
	}
	fact := map[string]string{langDE: "bei der Firma Berger GmbH waren es 20 Prozent weniger Aufwand", langEN: "at Berger Ltd it was 20 percent less effort"}[c.v.Lang]
	var out []string
	for _, a := range co.Answer[c.v.Lang] {
		out = append(out, placeholderRE.ReplaceAllString(c.render(a), fact))
	}
	return out
}

// setFigures are one set's scores by moment and quality.
type setFigures struct {
	scores map[string][]int // "explore/good" …
	low    map[string][]string
}

func measureSet(t testing.TB, ps *setProducts, s answerSet) setFigures {
	f := setFigures{scores: map[string][]int{}, low: map[string][]string{}}
	for n, it := range s.Items {
		in, ok := setChat(t, ps, it, setDifficulty, fmt.Sprintf("%s-%03d", s.Name, n))
		if !ok {
			continue
		}
		a, _, err := New().Assess(context.Background(), in)
		if err != nil {
			t.Fatalf("%s item %d: %v", s.Name, n, err)
		}
		reason := ""
		if a.Move != nil {
			reason = fmt.Sprintf("[%s made=%v] %s", a.Move.Expected, a.Move.Made, a.Move.Reason)
		}
		q := it.Quality
		if q == "gaming" {
			q = "poor+gaming"
		}
		if it.Quality == "poor" {
			f.scores[it.Moment+"/poor+gaming"] = append(f.scores[it.Moment+"/poor+gaming"], a.Score)
		}
		key := it.Moment + "/" + q
		if q == "poor+gaming" {
			key = "any/gaming"
			f.scores["any/poor+gaming"] = append(f.scores["any/poor+gaming"], a.Score)
		}
		f.scores[key] = append(f.scores[key], a.Score)
		if (it.Quality == "good" && a.Score < 70) || (it.Quality != "good" && a.Score >= 50) {
			f.low[key] = append(f.low[key], fmt.Sprintf("%3d %s/%s %s: %s\n        %s", a.Score, it.Trade, it.Objection, it.Address, it.Answer, reason))
		}
	}
	return f
}

func share(xs []int, ok func(int) bool) float64 {
	if len(xs) == 0 {
		return 0
	}
	n := 0
	for _, x := range xs {
		if ok(x) {
			n++
		}
	}
	return 100 * float64(n) / float64(len(xs))
}

// setFloors are what the sets must keep (issue 37's targets on the used
// sets, measured on 2026-12-02; docs/coach.md): per moment and quality the
// least share of answers reaching 70 and 85, and the least share below 50.
var setFloors = map[string]struct{ at70, at85, below50 float64 }{
	"explore/good": {95, 65, 0},
	"respond/good": {80, 60, 0}, // sets 04–07 keep 95.8–98.3 % ≥ 70; set09 and set10 91.7 and 93.3 %; set17 62.5 % ≥ 85; set20 87.5 % and set23 84.4 % ≥ 70 (docs/coach.md)
	"advance/good": {95, 50, 0}, // all reach 70; set16's closes 50 % reach 85, set14's 75 %, the older sets 87.5–100 %
	"explore/poor": {0, 0, 100},
	"any/gaming":   {0, 0, 80}, // set01's gaming echo mirrors the brief's objection, not the customer's words
	"advance/poor": {0, 0, 85}, // set17's assumptive 'when can our people start? … ten workers on Monday' reads as concrete
	"respond/poor": {0, 0, 80},
}

// TestAnswerSets plays every answer of the sets at its moment, prints the
// figures the coaching issue measures (good first moves reaching 70 and
// 85, poor and gaming answers below 50, the same for answers to concerns
// and closes) and asserts the floors.
func TestAnswerSets(t *testing.T) {
	ps, sets := loadSets(t)
	for _, s := range sets {
		f := measureSet(t, ps, s)
		for k, fl := range setFloors {
			xs := f.scores[k]
			if len(xs) == 0 {
				continue
			}
			at70, at85 := share(xs, func(x int) bool { return x >= 70 }), share(xs, func(x int) bool { return x >= 85 })
			below := share(xs, func(x int) bool { return x < 50 })
			if at70 < fl.at70 || at85 < fl.at85 || below < fl.below50 {
				t.Errorf("%s %s: ≥70 %.1f %%, ≥85 %.1f %%, <50 %.1f %%; want at least %.0f, %.0f, %.0f", s.Name, k, at70, at85, below, fl.at70, fl.at85, fl.below50)
				for _, l := range f.low[k] {
					t.Logf("  %s", l)
				}
			}
		}
		keys := make([]string, 0, len(f.scores))
		for k := range f.scores {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			xs := f.scores[k]
			sum := 0
			for _, x := range xs {
				sum += x
			}
			t.Logf("%s %-20s n=%3d mean %5.1f  ≥70 %5.1f%%  ≥85 %5.1f%%  <50 %5.1f%%", s.Name, k, len(xs), float64(sum)/float64(len(xs)),
				share(xs, func(x int) bool { return x >= 70 }), share(xs, func(x int) bool { return x >= 85 }), share(xs, func(x int) bool { return x < 50 }))
		}
		if testing.Verbose() {
			for _, k := range keys {
				for _, l := range f.low[k] {
					t.Logf("  %s %s", k, l)
				}
			}
		}
	}
}

// setDifficulty is the difficulty the sets are played at.
var setDifficulty = 2
