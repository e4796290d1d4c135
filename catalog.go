package salescoach

import "context"

// TonePreset is a temperament the AI customer can take on.
type TonePreset struct {
	ID          string
	Name        string
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
	Target      int
	SortOrder   int
}

// CatalogService reads the seeded catalogues.
type CatalogService interface {
	// TonePresets lists the presets in display order.
	TonePresets(ctx context.Context) ([]*TonePreset, error)
	// Challenges lists the challenges in display order.
	Challenges(ctx context.Context) ([]*Challenge, error)
}
