package salescoach

import (
	"context"
	"time"
)

// Skill analytics ('Mein Fortschritt'): every scored answer is kept with the
// techniques it showed and the objection family it answered, and summed per
// user and day, so the progress report reads a few hundred aggregate rows
// instead of every message.

// SkillTechniques are the techniques an answer is assessed on, in the order
// the report lists them. Bit i of SkillAnswer.Shown and Assessed stands for
// SkillTechniques[i]. The list is coach.RubricKeys (a test keeps them equal).
var SkillTechniques = []string{"acknowledge", "question", "benefit", "evidence", "next_step", "formality", "tone"}

// SkillFamilies are the objection family keys of coach.Objections in their
// order, the families the report and focusFamily know (a test keeps them
// equal; the root package cannot import coach).
var SkillFamilies = []string{"price", "no_need", "no_time", "existing_supplier", "trust", "authority",
	"risk_of_change", "data_protection", "timing", "works_council"}

// ProgressRanges are the periods (in UTC days, today included) the report
// covers; DefaultProgressRange is used when none is asked for.
var ProgressRanges = []int{7, 30, 90}

// DefaultProgressRange is the report's period when the request names none.
const DefaultProgressRange = 30

// Thresholds of the recommendation ('Als Nächstes üben'). Below them a
// weakest family or technique would be chance: one poor answer on a family
// met once says little.
const (
	// MinAnswersForRecommendation is how many answers the period needs
	// before anything is recommended ('Noch zu wenig Daten' below).
	MinAnswersForRecommendation = 5
	// MinFamilyAnswers is how many answers a family needs in the period to
	// be called the weakest.
	MinFamilyAnswers = 3
	// MinTechniqueAnswers is how many answers must have been assessed on a
	// technique in the period for it to be called the weakest.
	MinTechniqueAnswers = 5
)

// SkillAnswer is one scored answer as the analytics keep it.
type SkillAnswer struct {
	MessageID      string // the seller's message; one SkillAnswer per message
	UserID         string
	ConversationID string
	Stage          int    // the objection answered, 1-based
	Family         string // its key (SkillFamilies), "" when unknown
	Score          int    // the answer's score, 0..100
	Solved         bool   // the answer overcame the objection
	// Shown and Assessed are bit sets over SkillTechniques: which techniques
	// the answer showed, and which it was assessed on.
	Shown, Assessed int
	CreatedAt       time.Time
}

// NewSkillAnswer is the SkillAnswer of a seller's message answering stage
// (objection family) of the chat, judged r.
func NewSkillAnswer(c *Conversation, messageID string, stage int, family string, r *ScoreResult, at time.Time) *SkillAnswer {
	if _, custom := CustomObjectionIndex(family); custom {
		// A scenario's own objection is no family: its answer counts for
		// the techniques only.
		family = ""
	}
	a := &SkillAnswer{MessageID: messageID, UserID: c.UserID, ConversationID: c.ID, Stage: stage, Family: family,
		Score: ClampPercent(r.AnswerScore), Solved: r.Solved, CreatedAt: at}
	for _, t := range r.Techniques {
		for i, k := range SkillTechniques {
			if t.Key == k {
				a.Assessed |= 1 << i
				if t.Shown {
					a.Shown |= 1 << i
				}
			}
		}
	}
	return a
}

// ProgressReport is a user's skill analytics over the last Range days.
type ProgressReport struct {
	Range          int                 `json:"range"`
	Techniques     []TechniqueProgress `json:"techniques"`
	Weekly         []WeekProgress      `json:"weekly"`
	Families       []FamilyProgress    `json:"families"`
	Exams          []ExamResult        `json:"exams"`
	Recommendation *Recommendation     `json:"recommendation"`
}

// TechniqueProgress is how often answers of the period showed a technique,
// beside the period of the same length before it. Rates are percentages,
// nil without answers.
type TechniqueProgress struct {
	Key          string `json:"key"`
	Shown        int    `json:"shown"`
	Total        int    `json:"total"`
	Rate         *int   `json:"rate"`
	PreviousRate *int   `json:"previousRate"`
}

// WeekProgress is the technique rates of one week (Monday, UTC); a technique
// no answer of the week was assessed on is absent.
type WeekProgress struct {
	WeekStart  string         `json:"weekStart"` // YYYY-MM-DD, a Monday
	Techniques map[string]int `json:"techniques"`
}

// FamilyProgress is how the user fared with one objection family.
type FamilyProgress struct {
	Key          string `json:"key"`
	Attempts     int    `json:"attempts"` // objections of this family answered (one per chat and stage)
	Solved       int    `json:"solved"`
	AverageScore *int   `json:"averageScore"` // of the answers to it, nil without any
	// Answers counts the answers to it, for the recommendation.
	Answers int `json:"-"`
}

// ExamResult is one evaluated exam.
type ExamResult struct {
	ConversationID string    `json:"conversationId"`
	Date           time.Time `json:"date"`
	Difficulty     int       `json:"difficulty"`
	Score          int       `json:"score"`
}

// Recommendation is what to practise next: a chat on Family at Difficulty,
// minding Technique.
type Recommendation struct {
	Family     string `json:"family"`
	Technique  string `json:"technique"`
	Difficulty int    `json:"difficulty"`
}

// SkillService stores the per-answer technique results and reads the
// progress report. Answers are recorded with the chat turn that scored them
// (ConversationService.SaveTurn, TurnEnd.Answer).
type SkillService interface {
	// Progress returns the user's report over the last days UTC days up to
	// and including now's day (days one of ProgressRanges), only ever from
	// that user's rows. EINVALID (field range) for another days; a user
	// without answers gets an empty report.
	Progress(ctx context.Context, userID string, days int, now time.Time) (*ProgressReport, error)
}

// ValidProgressRange reports whether days is one of ProgressRanges.
func ValidProgressRange(days int) bool {
	for _, d := range ProgressRanges {
		if d == days {
			return true
		}
	}
	return false
}

// ValidFamily reports whether key is one of SkillFamilies.
func ValidFamily(key string) bool {
	for _, f := range SkillFamilies {
		if f == key {
			return true
		}
	}
	return false
}

// Rate is shown of total as a rounded percentage, nil when total is 0.
func Rate(shown, total int) *int {
	if total <= 0 {
		return nil
	}
	r := ClampPercent((shown*200 + total) / (2 * total))
	return &r
}

// WeekStart is the Monday (UTC) of t's week.
func WeekStart(t time.Time) time.Time {
	t = t.UTC()
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return d.AddDate(0, 0, -((int(d.Weekday()) + 6) % 7))
}

// Recommend picks what to practise next from a period's technique and family
// figures, answers being the period's number of answers: the family with the
// lowest average score among those with MinFamilyAnswers answers (ties: the
// fewer solved per attempt, then catalogue order), the technique with the
// lowest rate among those assessed MinTechniqueAnswers times (ties: the
// order of SkillTechniques), at a difficulty that fits the family's average
// (below 50: Leicht, below 75: Mittel, else Schwer). It returns nil below
// MinAnswersForRecommendation answers or when no family or technique has
// enough.
func Recommend(techniques []TechniqueProgress, families []FamilyProgress, answers int) *Recommendation {
	if answers < MinAnswersForRecommendation {
		return nil
	}
	var fam *FamilyProgress
	for i := range families {
		f := &families[i]
		if f.Answers < MinFamilyAnswers || f.AverageScore == nil {
			continue
		}
		if fam == nil || *f.AverageScore < *fam.AverageScore ||
			(*f.AverageScore == *fam.AverageScore && f.Solved*max(fam.Attempts, 1) < fam.Solved*max(f.Attempts, 1)) {
			fam = f
		}
	}
	var tech *TechniqueProgress
	for i := range techniques {
		t := &techniques[i]
		if t.Total < MinTechniqueAnswers || t.Rate == nil {
			continue
		}
		if tech == nil || *t.Rate < *tech.Rate {
			tech = t
		}
	}
	if fam == nil || tech == nil {
		return nil
	}
	difficulty := 3
	switch {
	case *fam.AverageScore < 50:
		difficulty = 1
	case *fam.AverageScore < 75:
		difficulty = 2
	}
	return &Recommendation{Family: fam.Key, Technique: tech.Key, Difficulty: difficulty}
}
