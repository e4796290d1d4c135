package trainer

import (
	"context"
	"testing"

	"salescoach"
	"salescoach/coach"
)

// TestFocusFamilyRaisedFirst: a practice chat started on a family ('Als
// Nächstes üben', coach.PickObjectionsFocus) has the built-in customer
// open with that family, whichever it is, in every voice.
func TestFocusFamilyRaisedFirst(t *testing.T) {
	e := New()
	for _, v := range voices {
		for _, o := range coach.Objections {
			sc := scenario(v, "")
			sc.Difficulty = 2
			objections := coach.PickObjectionsFocus(sc.Seed, 2, o.Key)
			in := coach.Input{Scenario: sc, Stage: 1, TotalStages: 2, Objection: objections[0], Objections: objections,
				History: []coach.Turn{{Role: salescoach.RoleSeller, Content: "Guten Tag!"}}}
			open, _, err := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
			if err != nil {
				t.Fatal(err)
			}
			c := newChat(in)
			if want := c.effectiveFamily(o.Key); c.family != want || c.classify(open) != want {
				t.Errorf("%v, focus %s (%s for this buyer): the customer opens with %s: %q", v, o.Key, want, c.classify(open), open)
			}
		}
	}
}
