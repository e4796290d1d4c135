package sqlstore_test

import (
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// heldBy returns a new claim of the holder process that lasts ttl from now.
func heldBy(holder string, now time.Time, ttl time.Duration) salescoach.TurnClaim {
	c := claimFor(now, ttl)
	c.Holder = holder
	return c
}

// TestClaimEndsWithItsHolder: a claim whose holder process stopped beating
// is free at once, long before its own end; a live holder still wins; a
// holder that leaves frees its claims at once; a claim without a holder
// lasts until its end as before.
func TestClaimEndsWithItsHolder(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		h := sqlstore.NewClaimHolderService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		c := start(t, s, practice(u.ID, t0))
		lease := 5 * time.Second

		// Process A beats and takes the chat for 30 s.
		mustNil(t, h.Beat(ctx, "proc-a", t0, t0.Add(lease)))
		mustNil(t, h.Beat(ctx, "proc-b", t0, t0.Add(lease)))
		dead, _, _, err := s.BeginTurn(ctx, u.ID, c.ID, heldBy("proc-a", t0, 30*time.Second), t0, userMsg("Hallo", t0))
		mustNil(t, err)
		// While A is alive, B is refused, and stores nothing.
		wantBusy(t, second(s.BeginTurn(ctx, u.ID, c.ID, heldBy("proc-b", t0, 30*time.Second), t0.Add(4*time.Second), userMsg("Hallo?", t0))))
		// A beats on: still alive, still holding.
		mustNil(t, h.Beat(ctx, "proc-a", t0.Add(4*time.Second), t0.Add(4*time.Second+lease)))
		wantBusy(t, second(s.BeginTurn(ctx, u.ID, c.ID, heldBy("proc-b", t0, 30*time.Second), t0.Add(8*time.Second), userMsg("Hallo?", t0))))

		// A is killed: no more beats. Once its last beat has run out, B
		// takes the chat, 20 s before A's claim would have lapsed.
		free := t0.Add(4*time.Second + lease)
		taken, history, stored, err := s.BeginTurn(ctx, u.ID, c.ID, heldBy("proc-b", free, 30*time.Second), free, userMsg("Hallo", free))
		mustNil(t, err)
		if len(history) != 0 || stored.Content != "Hallo" {
			t.Errorf("B's turn: history %d, stored %+v", len(history), stored)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM messages WHERE conversation_id = ?`, c.ID); n != 1 {
			t.Errorf("%d messages: the resend after the dead turn was stored twice", n)
		}
		// The dead turn's late writes are refused.
		wantBusy(t, s.SaveState(ctx, dead))
		wantBusy(t, s.RenewClaim(ctx, c.ID, salescoach.TurnClaim{Token: dead.Claim, Until: free.Add(time.Minute)}))

		// B leaves (shuts down): its claim is free at once, though B's
		// beat and claim would both still hold.
		mustNil(t, h.Beat(ctx, "proc-b", free, free.Add(lease)))
		wantBusy(t, second(s.BeginTurn(ctx, u.ID, c.ID, heldBy("proc-c", free, 30*time.Second), free.Add(time.Second), userMsg("x", free))))
		mustNil(t, h.Leave(ctx, "proc-b"))
		mustNil(t, h.Beat(ctx, "proc-c", free, free.Add(lease)))
		third, err := s.ClaimConversation(ctx, u.ID, c.ID, heldBy("proc-c", free, 30*time.Second), free.Add(time.Second))
		mustNil(t, err)
		wantBusy(t, s.SaveState(ctx, taken))
		mustNil(t, s.SaveState(ctx, third))

		// A claim that names no holder (an older process during a rolling
		// update) lasts until its own end.
		later := free.Add(time.Minute)
		_, err = s.ClaimConversation(ctx, u.ID, c.ID, claimFor(later, 30*time.Second), later)
		mustNil(t, err)
		_, err = s.ClaimConversation(ctx, u.ID, c.ID, heldBy("proc-c", later, 30*time.Second), later.Add(29*time.Second))
		wantBusy(t, err)
		_, err = s.ClaimConversation(ctx, u.ID, c.ID, heldBy("proc-c", later, 30*time.Second), later.Add(30*time.Second))
		mustNil(t, err)
	})
}

// TestClaimHolderBeat: a beat keeps one row per holder, forgets holders
// that died long ago, and refuses an empty holder.
func TestClaimHolderBeat(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		h := sqlstore.NewClaimHolderService(db)
		ctx := t.Context()
		mustNil(t, h.Beat(ctx, "old", t0, t0.Add(5*time.Second)))
		mustNil(t, h.Beat(ctx, "new", t0, t0.Add(5*time.Second)))
		mustNil(t, h.Beat(ctx, "new", t0.Add(time.Second), t0.Add(6*time.Second)))
		if n := count(t, db, `SELECT COUNT(*) FROM claim_holders`); n != 2 {
			t.Errorf("%d holder rows, want 2", n)
		}
		later := t0.Add(2 * time.Hour)
		mustNil(t, h.Beat(ctx, "new", later, later.Add(5*time.Second)))
		if n := count(t, db, `SELECT COUNT(*) FROM claim_holders WHERE id = 'old'`); n != 0 {
			t.Errorf("a holder dead for two hours is still kept")
		}
		wantCode(t, h.Beat(ctx, "", later, later), salescoach.EINVALID)
	})
}
