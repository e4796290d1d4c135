package training_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/coach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
	"salescoach/training"
)

// stalledEngine is the built-in trainer whose assessments wait, once armed,
// until their request ends; entered is closed when one waits.
type stalledEngine struct {
	coach.Engine
	entered chan struct{}
}

func (e *stalledEngine) Assess(ctx context.Context, in coach.Input) (*coach.Assessment, coach.Usage, error) {
	if e.entered != nil {
		close(e.entered)
		e.entered = nil
		<-ctx.Done()
		return nil, coach.Usage{}, ctx.Err()
	}
	return e.Engine.Assess(ctx, in)
}

// stall arms the next assessment; the channel is closed once it waits.
func (e *stalledEngine) stall() <-chan struct{} {
	e.entered = make(chan struct{})
	return e.entered
}

func stalledFixture(t *testing.T, db *sqlstore.DB) (*fixture, *stalledEngine, string) {
	f := newFixture(t, db, "du", "de")
	eng := &stalledEngine{Engine: f.svc.Engine}
	f.svc.Engine = eng
	// Renewals every 10 ms, so the test sees one soon.
	f.svc.ClaimTTL = 30 * time.Millisecond
	id := f.send(t, "", salescoach.ModePractice, 2, "Hallo, ich stelle Ihnen CloudKasse vor.").ConversationID
	return f, eng, id
}

// TestLostClaimStopsTheTurn: a turn whose claim was taken over (it lapsed
// while the process stalled, and another request took the chat) stops at
// its next renewal and writes nothing over the other request.
func TestLostClaimStopsTheTurn(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f, eng, id := stalledFixture(t, db)
		entered := eng.stall()
		done := make(chan error)
		go func() {
			_, err := f.svc.Send(context.Background(), f.user, training.SendRequest{ConversationID: id,
				Message: "Das ist doch gar nicht teuer.", ProductOverride: product}, nil)
			done <- err
		}()
		<-entered
		// Another process takes the chat over.
		if _, err := db.SQL().ExecContext(t.Context(), arg(db, `UPDATE conversations SET turn_claim = 'other' WHERE id = ?`), id); err != nil {
			t.Fatal(err)
		}
		if err := <-done; err == nil {
			t.Fatal("a turn that lost its claim succeeded")
		}
		var claim string
		var xp int
		if err := db.SQL().QueryRowContext(t.Context(), arg(db, `SELECT c.turn_claim, u.xp FROM conversations c
			JOIN users u ON u.id = c.user_id WHERE c.id = ?`), id).Scan(&claim, &xp); err != nil {
			t.Fatal(err)
		}
		if claim != "other" || xp != salescoach.XPMessage {
			t.Errorf("after the lost turn: claim %q, xp %d; want the other's claim and the opening's XP only", claim, xp)
		}
	})
}

// TestClaimReleasedWhenClientLeaves: a turn whose client goes away keeps
// what it did (the user's message and its XP) and frees the chat at once,
// so the next message is taken without waiting for the claim to lapse.
func TestClaimReleasedWhenClientLeaves(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f, eng, id := stalledFixture(t, db)
		f.svc.ClaimTTL = time.Hour // never lapses during the test
		entered := eng.stall()
		ctx, leave := context.WithCancel(context.Background())
		done := make(chan error)
		go func() {
			_, err := f.svc.Send(ctx, f.user, training.SendRequest{ConversationID: id,
				Message: "Das ist doch gar nicht teuer.", ProductOverride: product}, nil)
			done <- err
		}()
		<-entered
		leave()
		if err := <-done; err == nil {
			t.Fatal("a turn whose client left succeeded")
		}
		res := f.send(t, id, "", 0, "Das ist doch gar nicht teuer.")
		msgs, err := f.svc.Conversations.Messages(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		if len(msgs) != 4 || res.UserMessageID != msgs[2].ID || res.AssistantMessageID != msgs[3].ID {
			t.Errorf("%d messages; the resend should answer the kept message", len(msgs))
		}
	})
}

// arg writes the one placeholder of q in db's dialect.
func arg(db *sqlstore.DB, q string) string {
	if db.Dialect() == sqlstore.DialectPostgres {
		return strings.Replace(q, "?", "$1", 1)
	}
	return q
}
