package openai

import (
	"salescoach"
	"salescoach/coach"
)

// How far a held objection may get by the move (coach.Assessment.HoldAt;
// 0 is the training service's HeldProgress, 90). An exploring answer has
// answered nothing yet, so it gets the objection about half way, however
// well it asked; an answer that missed the concern the customer told gets
// it further, but not to the line a met concern reaches.
const (
	holdAtExplore       = 50
	holdAtRespondMissed = 80
)

// judgeMove turns the model's verdict on the move (a.Move) into the
// objection's progress, the same rule for every objection:
//
//   - advance made settles the objection;
//   - respond made settles it, except on the chat's last objection, which
//     needs the advance (a next step) to close: there it holds at
//     HeldProgress;
//   - respond missed holds at holdAtRespondMissed;
//   - explore, made or not, holds at holdAtExplore;
//   - advance missed holds at HeldProgress (the concern is answered, the
//     close is not).
//
// The score stays the model's; a scenario's criteria may hold on top
// (parseCriteria).
func judgeMove(a *coach.Assessment, in coach.Input) {
	m := a.Move
	a.Settles, a.Holds, a.HoldAt = false, false, 0
	switch {
	case m.Expected == salescoach.MoveAdvance && m.Made,
		m.Expected == salescoach.MoveRespond && m.Made && in.Stage < in.TotalStages:
		a.Settles = true
	case m.Expected == salescoach.MoveExplore:
		a.Holds, a.HoldAt = true, holdAtExplore
	case m.Expected == salescoach.MoveRespond && !m.Made:
		a.Holds, a.HoldAt = true, holdAtRespondMissed
	default:
		a.Holds = true
	}
}
