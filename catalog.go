package salescoach

import (
	"context"
	"strings"
)

// TonePreset is a temperament the AI customer can take on.
type TonePreset struct {
	ID          string
	Name        string // German
	NameEN      string // English; "" shows the German name
	Description string // instruction for the customer's temperament
	SortOrder   int
}

// Challenge is one of the nine dashboard challenges. Its Key says which
// counter feeds it; Target is 0 for the staged challenges (thresholds
// ChallengeThresholds) and the fixed target otherwise.
type Challenge struct {
	Key         string // objections_solved, messages_sent, fast_answers, feedback, calls, hints, perfect_answers, completed_chats, daily_streak
	Name        string // "Icon – Title", the icon key is the part before " – "
	Icon        string
	Description string
	// TitleEN and DescriptionEN are the English texts; "" shows the German.
	TitleEN       string
	DescriptionEN string
	Target        int
	SortOrder     int
}

// CatalogService reads the seeded catalogues.
type CatalogService interface {
	// TonePresets lists the presets in display order.
	TonePresets(ctx context.Context) ([]*TonePreset, error)
	// Challenges lists the challenges in display order.
	Challenges(ctx context.Context) ([]*Challenge, error)
}

// Challenge keys: each names the counter that feeds the challenge.
const (
	ChallengeObjectionsSolved = "objections_solved"
	ChallengeMessagesSent     = "messages_sent"
	ChallengeFastAnswers      = "fast_answers"
	ChallengeFeedback         = "feedback"
	ChallengeCalls            = "calls"
	ChallengeHints            = "hints"
	ChallengePerfectAnswers   = "perfect_answers"
	ChallengeCompletedChats   = "completed_chats"
	ChallengeDailyStreak      = "daily_streak"
)

// ChallengeValue is the profile counter that feeds the challenge with that
// key (the streak for daily_streak), 0 for an unknown key.
func (p *Profile) ChallengeValue(key string) int {
	switch key {
	case ChallengeObjectionsSolved:
		return p.ObjectionsSolvedCount
	case ChallengeMessagesSent:
		return p.MessagesSentCount
	case ChallengeFastAnswers:
		return p.FastAnswersCount
	case ChallengeFeedback:
		return p.FeedbackCount
	case ChallengeCalls:
		return p.CallsCount
	case ChallengeHints:
		return p.HintsCount
	case ChallengePerfectAnswers:
		return p.PerfectAnswersCount
	case ChallengeCompletedChats:
		return p.CompletedChatsCount
	case ChallengeDailyStreak:
		return p.Streak
	}
	return 0
}

// ChallengeCard is a challenge with one user's progress, as the dashboard
// shows it.
type ChallengeCard struct {
	Key         string `json:"key"`
	Name        string `json:"name"` // the title, without the icon key
	Description string `json:"description"`
	// NameEN and DescriptionEN are the English texts ("" when not translated).
	NameEN          string `json:"nameEn"`
	DescriptionEN   string `json:"descriptionEn"`
	Icon            string `json:"icon"`
	Stage           int    `json:"stage"`
	ProgressCurrent int    `json:"progressCurrent"`
	ProgressTarget  int    `json:"progressTarget"`
}

// Title is the challenge's name without the leading "icon – " part.
func (c *Challenge) Title() string {
	if _, title, ok := strings.Cut(c.Name, " – "); ok {
		return strings.TrimSpace(title)
	}
	return c.Name
}

// ChallengeCardFor computes the card of challenge c for a counter value.
//
// A staged challenge (Target 0) is at stage ChallengeStage(value) (1..10);
// its target is the next threshold of ChallengeThresholds above the value
// (the last one, 1000, once the value has reached it), and its current
// progress is the value itself, which may exceed the last target.
//
// A fixed challenge has one stage (1); its target is c.Target and its
// current progress is the value capped at the target, so a finished
// challenge shows target of target.
func ChallengeCardFor(c *Challenge, value int) ChallengeCard {
	value = max(value, 0)
	card := ChallengeCard{Key: c.Key, Name: c.Title(), Description: c.Description, NameEN: c.TitleEN,
		DescriptionEN: c.DescriptionEN, Icon: c.Icon}
	if c.Target > 0 {
		card.Stage, card.ProgressCurrent, card.ProgressTarget = 1, min(value, c.Target), c.Target
		return card
	}
	card.Stage, card.ProgressCurrent = ChallengeStage(value), value
	card.ProgressTarget = ChallengeThresholds[len(ChallengeThresholds)-1]
	for _, t := range ChallengeThresholds {
		if value < t {
			card.ProgressTarget = t
			break
		}
	}
	return card
}
