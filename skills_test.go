package salescoach_test

import (
	"reflect"
	"testing"
	"time"

	"salescoach"
)

func pct(n int) *int { return &n }

func TestRate(t *testing.T) {
	for _, c := range []struct {
		shown, total int
		want         *int
	}{{0, 0, nil}, {0, 3, pct(0)}, {1, 3, pct(33)}, {2, 3, pct(67)}, {1, 2, pct(50)}, {3, 3, pct(100)}} {
		if got := salescoach.Rate(c.shown, c.total); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Rate(%d, %d) = %v, want %v", c.shown, c.total, got, c.want)
		}
	}
}

func TestWeekStart(t *testing.T) {
	for day, want := range map[string]string{
		"2026-11-23": "2026-11-23", // a Monday
		"2026-11-26": "2026-11-23",
		"2026-11-29": "2026-11-23", // Sunday belongs to the week before
		"2026-11-30": "2026-11-30",
		"2026-03-01": "2026-02-23",
	} {
		d, _ := time.Parse(time.DateOnly, day)
		if got := salescoach.Day(salescoach.WeekStart(d.Add(23 * time.Hour))); got != want {
			t.Errorf("WeekStart(%s) = %s, want %s", day, got, want)
		}
	}
}

func TestNewSkillAnswer(t *testing.T) {
	c := &salescoach.Conversation{ID: "c", UserID: "u"}
	r := &salescoach.ScoreResult{AnswerScore: 120, Solved: true, Techniques: []salescoach.Technique{
		{Key: "acknowledge", Shown: true}, {Key: "question"}, {Key: "tone", Shown: true}, {Key: "unknown", Shown: true}}}
	a := salescoach.NewSkillAnswer(c, "m", 2, "price", r, time.Time{})
	if a.Shown != 1|64 || a.Assessed != 1|2|64 || a.Score != 100 || !a.Solved || a.Stage != 2 || a.Family != "price" || a.UserID != "u" {
		t.Errorf("answer = %+v", a)
	}
}

// TestRecommendThresholds: nothing below five answers; a family needs three
// answers and a technique five assessments to be called the weakest; the
// difficulty follows the family's average.
func TestRecommendThresholds(t *testing.T) {
	techs := func(rates ...int) []salescoach.TechniqueProgress {
		var out []salescoach.TechniqueProgress
		for i, r := range rates {
			total := 5
			if r < 0 { // too few assessments
				total, r = 4, 0
			}
			out = append(out, salescoach.TechniqueProgress{Key: salescoach.SkillTechniques[i], Total: total, Rate: pct(r)})
		}
		return out
	}
	fam := func(key string, answers, avg int) salescoach.FamilyProgress {
		return salescoach.FamilyProgress{Key: key, Attempts: 1, Answers: answers, AverageScore: pct(avg)}
	}
	tests := []struct {
		name     string
		techs    []salescoach.TechniqueProgress
		families []salescoach.FamilyProgress
		answers  int
		want     *salescoach.Recommendation
	}{
		{"four answers", techs(10, 80), []salescoach.FamilyProgress{fam("price", 4, 20)}, 4, nil},
		{"five answers", techs(10, 80), []salescoach.FamilyProgress{fam("price", 5, 20)}, 5,
			&salescoach.Recommendation{Family: "price", Technique: "acknowledge", Difficulty: 1}},
		{"no family with three answers", techs(10, 80), []salescoach.FamilyProgress{fam("price", 2, 20), fam("trust", 2, 30)}, 5, nil},
		{"the weakest family has too few answers", techs(80, 10),
			[]salescoach.FamilyProgress{fam("price", 2, 5), fam("trust", 3, 60), fam("no_time", 4, 80)}, 9,
			&salescoach.Recommendation{Family: "trust", Technique: "question", Difficulty: 2}},
		{"the weakest technique has too few assessments", techs(-1, 40, 30),
			[]salescoach.FamilyProgress{fam("price", 6, 90)}, 6,
			&salescoach.Recommendation{Family: "price", Technique: "benefit", Difficulty: 3}},
		{"no technique assessed often enough", techs(-1, -1), []salescoach.FamilyProgress{fam("price", 6, 90)}, 6, nil},
		{"ties keep the order", techs(50, 50), []salescoach.FamilyProgress{fam("price", 3, 74), fam("trust", 3, 74)}, 6,
			&salescoach.Recommendation{Family: "price", Technique: "acknowledge", Difficulty: 2}},
		{"difficulty at the edges", techs(50), []salescoach.FamilyProgress{fam("price", 3, 50)}, 6,
			&salescoach.Recommendation{Family: "price", Technique: "acknowledge", Difficulty: 2}},
		{"difficulty at 75", techs(50), []salescoach.FamilyProgress{fam("price", 3, 75)}, 6,
			&salescoach.Recommendation{Family: "price", Technique: "acknowledge", Difficulty: 3}},
		{"difficulty at 49", techs(50), []salescoach.FamilyProgress{fam("price", 3, 49)}, 6,
			&salescoach.Recommendation{Family: "price", Technique: "acknowledge", Difficulty: 1}},
	}
	for _, tc := range tests {
		if got := salescoach.Recommend(tc.techs, tc.families, tc.answers); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: Recommend = %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestValidProgressRangeAndFamily(t *testing.T) {
	for _, d := range []int{7, 30, 90} {
		if !salescoach.ValidProgressRange(d) {
			t.Errorf("range %d refused", d)
		}
	}
	for _, d := range []int{0, 1, 14, 31, 365, -7} {
		if salescoach.ValidProgressRange(d) {
			t.Errorf("range %d accepted", d)
		}
	}
	if !salescoach.ValidFamily("price") || salescoach.ValidFamily("Price") || salescoach.ValidFamily("") || salescoach.ValidFamily("partner") {
		t.Error("ValidFamily")
	}
}

func TestNewSkillAnswerOfACustomObjection(t *testing.T) {
	c := &salescoach.Conversation{ID: "c", UserID: "u"}
	r := &salescoach.ScoreResult{AnswerScore: 80, Techniques: []salescoach.Technique{{Key: "question", Shown: true}}}
	if a := salescoach.NewSkillAnswer(c, "m", 1, "custom2", r, time.Now()); a.Family != "" || a.Shown == 0 {
		t.Errorf("custom objection's answer: family %q, shown %d; want no family, the techniques kept", a.Family, a.Shown)
	}
	if a := salescoach.NewSkillAnswer(c, "m", 1, "price", r, time.Now()); a.Family != "price" {
		t.Errorf("catalogue family's answer: family %q", a.Family)
	}
}
