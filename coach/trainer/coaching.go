package trainer

import _ "embed"

// Everything the trainer says to the user (always in du in German) lives in
// data/coaching.json: technique labels and reasons, hints, the building
// blocks of the perfect answer and the wording of the evaluation.
// Placeholders: %s is a quote of the user's text or a sample sentence, %d a
// number; the perfect answer blocks use the notation of catalogue.go
// ({Sie|du}, [our], [our3]).

// techniqueKeys are the keys of salescoach.Technique, in display order.
var techniqueKeys = []string{"acknowledge", "question", "benefit", "evidence", "next_step", "formality", "tone"}

// perfectTexts are the building blocks of a model answer to one objection
// family: acknowledge, ask, benefit tied to the product, evidence, next step.
// They use only facts the user gave: where a figure or an example would
// help, a placeholder in brackets asks the user for their own.
type perfectTexts struct {
	Ack      map[string][]string `json:"ack"`
	Question map[string][]string `json:"question"`
	Benefit  map[string][]string `json:"benefit"`
	Evidence map[string][]string `json:"evidence"`
	Next     map[string][]string `json:"next"`
}

// Category keys, in the order of coach.Categories.
var categoryKeys = []string{"empathy", "questions", "value", "objections", "closing", "language"}

// coachingFile is the shape of data/coaching.json.
type coachingFile struct {
	Labels     map[string]map[string]string `json:"labels"`
	Reasons    map[string]map[string]string `json:"reasons"`
	Perfect    map[string]perfectTexts      `json:"perfect"`
	HintAdvice map[string]map[string]string `json:"hint_advice"`
	Evaluation map[string]map[string]string `json:"evaluation"`
}

//go:embed data/coaching.json
var coachingJSON []byte

var coachingData = mustParse[coachingFile]("data/coaching.json", coachingJSON)

var (
	// labels name the techniques; reasons explain, per technique state, why
	// a technique counts or not.
	labels  = coachingData.Labels
	reasons = coachingData.Reasons
	perfect = coachingData.Perfect
	// hintAdvice says, per missing technique, what to do; %s is the family
	// name (German "zum Preis", English "price") where used, the sample follows.
	hintAdvice = coachingData.HintAdvice
	evalTexts  = coachingData.Evaluation
)
