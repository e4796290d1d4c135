package sqlstore_test

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// claimFor returns a new claim that lasts ttl from now.
func claimFor(now time.Time, ttl time.Duration) salescoach.TurnClaim {
	return salescoach.TurnClaim{Token: uuid.NewString(), Until: now.Add(ttl)}
}

// userMsg is a user message for BeginTurn.
func userMsg(text string, at time.Time) *salescoach.Message {
	return &salescoach.Message{Role: salescoach.RoleUser, Content: text, CreatedAt: at}
}

// wantBusy fails unless err is ECONFLICT with MsgChatBusy.
func wantBusy(t *testing.T, err error) {
	t.Helper()
	if e := wantCode(t, err, salescoach.ECONFLICT); e != nil && e.Msg.Key != salescoach.MsgChatBusy.Key {
		t.Errorf("message = %s, want %s", e.Msg.Key, salescoach.MsgChatBusy.Key)
	}
}

func TestBeginTurnClaimsAndAppends(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		c := start(t, s, practice(u.ID, t0))
		now := t0.Add(time.Minute)

		claim := claimFor(now, 30*time.Second)
		m := userMsg("Hallo", now)
		conv, history, stored, err := s.BeginTurn(ctx, u.ID, c.ID, claim, now, m)
		mustNil(t, err)
		if conv.ID != c.ID || conv.Claim != claim.Token || len(history) != 0 || stored != m || m.ConversationID != c.ID {
			t.Fatalf("BeginTurn = %+v, %d messages, stored %+v", conv, len(history), stored)
		}

		// While the claim holds, every other claim is refused and stores
		// nothing, whoever asks.
		wantBusy(t, second(s.BeginTurn(ctx, u.ID, c.ID, claimFor(now, time.Minute), now.Add(29*time.Second), userMsg("Zweiter Tab", now))))
		_, err = s.ClaimConversation(ctx, u.ID, c.ID, claimFor(now, time.Minute), now)
		wantBusy(t, err)
		if n := count(t, db, `SELECT COUNT(*) FROM messages WHERE conversation_id = ?`, c.ID); n != 1 {
			t.Errorf("%d messages after a refused turn, want 1", n)
		}

		// Renewing moves the end; the save of the turn releases the claim.
		mustNil(t, s.RenewClaim(ctx, c.ID, salescoach.TurnClaim{Token: claim.Token, Until: now.Add(time.Hour)}))
		wantBusy(t, second(s.BeginTurn(ctx, u.ID, c.ID, claimFor(now, time.Minute), now.Add(59*time.Minute), userMsg("x", now))))
		reply := &salescoach.Message{ConversationID: c.ID, Role: salescoach.RoleAssistant, Content: "Zu teuer.", CreatedAt: now}
		mustNil(t, s.SaveTurn(ctx, conv, salescoach.TurnEnd{Messages: []*salescoach.Message{reply}}))
		if conv.Claim != "" {
			t.Errorf("Claim = %q after the save, want it released", conv.Claim)
		}
		wantBusy(t, s.RenewClaim(ctx, c.ID, claim))

		// The next turn sees both messages; a resend of a message still
		// waiting for its answer is not stored twice.
		next := claimFor(now, time.Minute)
		conv, history, stored, err = s.BeginTurn(ctx, u.ID, c.ID, next, now, userMsg("Was kostet das?", now.Add(time.Second)))
		mustNil(t, err)
		if got := msgContents(history); len(got) != 2 || got[1] != "Zu teuer." || stored.Content != "Was kostet das?" {
			t.Errorf("history = %v, stored %q", got, stored.Content)
		}
		mustNil(t, s.ReleaseClaim(ctx, c.ID, next.Token))
		first := stored
		_, history, stored, err = s.BeginTurn(ctx, u.ID, c.ID, claimFor(now, time.Minute), now, userMsg("Was kostet das?", now.Add(2*time.Second)))
		mustNil(t, err)
		if stored.ID != first.ID || len(history) != 2 {
			t.Errorf("resend stored %s (first %s), history %d", stored.ID, first.ID, len(history))
		}
		if n := count(t, db, `SELECT COUNT(*) FROM messages WHERE conversation_id = ?`, c.ID); n != 3 {
			t.Errorf("%d messages after a resend, want 3", n)
		}
		_ = conv
	})
}

// second returns the error of BeginTurn's answer.
func second(_ *salescoach.Conversation, _ []*salescoach.Message, _ *salescoach.Message, err error) error {
	return err
}

func TestClaimLapses(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		c := start(t, s, practice(u.ID, t0))

		// A process takes the chat and dies: its claim holds until its end,
		// then another request may take the chat.
		dead, _, _, err := s.BeginTurn(ctx, u.ID, c.ID, claimFor(t0, 30*time.Second), t0, userMsg("Hallo", t0))
		mustNil(t, err)
		wantBusy(t, second(s.BeginTurn(ctx, u.ID, c.ID, claimFor(t0, 30*time.Second), t0.Add(29*time.Second), userMsg("Hallo?", t0))))
		later := t0.Add(30 * time.Second)
		alive, _, _, err := s.BeginTurn(ctx, u.ID, c.ID, claimFor(later, 30*time.Second), later, userMsg("Hallo?", later))
		mustNil(t, err)

		// The dead request's late writes are refused and store nothing.
		reply := &salescoach.Message{ConversationID: c.ID, Role: salescoach.RoleAssistant, Content: "Spät", CreatedAt: later}
		dead.Stage = 1
		wantBusy(t, s.SaveTurn(ctx, dead, salescoach.TurnEnd{Messages: []*salescoach.Message{reply}, Progress: salescoach.ProgressDelta{XP: 5},
			Usage: []*salescoach.TokenUsage{{UserID: u.ID, ConversationID: c.ID, TokensIn: 1, CreatedAt: later}}}))
		wantBusy(t, s.SaveState(ctx, dead))
		wantBusy(t, s.RenewClaim(ctx, c.ID, salescoach.TurnClaim{Token: dead.Claim, Until: later.Add(time.Hour)}))
		mustNil(t, s.ReleaseClaim(ctx, c.ID, dead.Claim)) // not its claim any more: nothing happens
		if n := count(t, db, `SELECT COUNT(*) FROM messages WHERE conversation_id = ? AND role = 'assistant'`, c.ID); n != 0 {
			t.Errorf("%d replies stored by a lapsed claim", n)
		}
		if n := count(t, db, `SELECT xp FROM users WHERE id = ?`, u.ID) + count(t, db, `SELECT COUNT(*) FROM token_usage`); n != 0 {
			t.Errorf("a lapsed claim stored XP or usage (%d)", n)
		}
		wantBusy(t, second(s.BeginTurn(ctx, u.ID, c.ID, claimFor(later, time.Minute), later, userMsg("x", later))))

		// The live one still saves, and releases.
		mustNil(t, s.SaveState(ctx, alive))
		_, err = s.ClaimConversation(ctx, u.ID, c.ID, claimFor(later, time.Minute), later)
		mustNil(t, err)
	})
}

func TestClaimErrors(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		other := newUser(t, db, "b@example.com")
		c := start(t, s, practice(u.ID, t0))
		claim := claimFor(t0, time.Minute)

		for _, id := range append(badIDs, uuid.NewString()) {
			wantCode(t, second(s.BeginTurn(ctx, u.ID, id, claim, t0, userMsg("x", t0))), salescoach.ENOTFOUND)
			_, err := s.ClaimConversation(ctx, u.ID, id, claim, t0)
			wantCode(t, err, salescoach.ENOTFOUND)
		}
		wantCode(t, second(s.BeginTurn(ctx, other.ID, c.ID, claim, t0, userMsg("x", t0))), salescoach.ENOTFOUND)
		_, err := s.ClaimConversation(ctx, other.ID, c.ID, claim, t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		wantCode(t, second(s.BeginTurn(ctx, u.ID, c.ID, salescoach.TurnClaim{Until: t0}, t0, userMsg("x", t0))), salescoach.EINVALID)

		// A completed chat takes no more turns, but may still be claimed
		// (for its evaluation).
		done := t0
		c.CompletedAt = &done
		mustNil(t, s.SaveState(ctx, c))
		e := wantCode(t, second(s.BeginTurn(ctx, u.ID, c.ID, claim, t0, userMsg("x", t0))), salescoach.ECONFLICT)
		if e != nil && e.Msg.Key != salescoach.MsgChatCompleted.Key {
			t.Errorf("completed chat: %s", e.Msg.Key)
		}
		got, err := s.ClaimConversation(ctx, u.ID, c.ID, claim, t0)
		mustNil(t, err)
		if got.Claim != claim.Token || !got.Completed() {
			t.Errorf("ClaimConversation = %+v", got)
		}

		mustNil(t, s.SoftDelete(ctx, u.ID, c.ID, t0))
		wantCode(t, second(s.BeginTurn(ctx, u.ID, c.ID, claimFor(t0, time.Hour), t0.Add(time.Hour), userMsg("x", t0))), salescoach.ENOTFOUND)
		got.Stage = 1
		wantCode(t, s.SaveTurn(ctx, got, salescoach.TurnEnd{}), salescoach.ENOTFOUND)
		if n := count(t, db, `SELECT COUNT(*) FROM messages`); n != 0 {
			t.Errorf("%d messages stored by refused turns", n)
		}
	})
}

// TestBeginTurnConcurrent: of n turns of one chat begun at once, exactly
// one gets the chat; the others are refused and store nothing.
func TestBeginTurnConcurrent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		u := newUser(t, db, "a@example.com")
		c := start(t, s, practice(u.ID, t0))
		const n = 20
		warm(t, db, n)
		won, busy := 0, 0
		for _, err := range race(n, func(i int) error {
			return second(s.BeginTurn(t.Context(), u.ID, c.ID, claimFor(t0, time.Minute), t0, userMsg("Nachricht", t0)))
		}) {
			switch {
			case err == nil:
				won++
			case salescoach.ErrorCode(err) == salescoach.ECONFLICT:
				busy++
			default:
				t.Errorf("BeginTurn: %v", err)
			}
		}
		if won != 1 || busy != n-1 {
			t.Errorf("%d turns began, %d refused; want 1 and %d", won, busy, n-1)
		}
		if got := count(t, db, `SELECT COUNT(*) FROM messages WHERE conversation_id = ?`, c.ID); got != 1 {
			t.Errorf("%d messages, want 1", got)
		}
	})
}

func TestTokenUsageRollup(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		v := newUser(t, db, "b@example.com")
		c := start(t, s, practice(u.ID, t0))
		day := t0.Truncate(24 * time.Hour)

		mustNil(t, s.RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: u.ID, Purpose: "summary", TokensIn: 5, TokensOut: 1, CreatedAt: day.Add(time.Second)}))
		mustNil(t, s.RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: v.ID, Purpose: "summary", TokensIn: 7, CreatedAt: day.Add(time.Hour)}))
		// A turn's calls, one of them just before midnight of the day
		// before (UTC), stored with its end.
		conv, _, _, err := s.BeginTurn(ctx, u.ID, c.ID, claimFor(t0, time.Minute), t0, userMsg("Hallo", t0))
		mustNil(t, err)
		mustNil(t, s.SaveTurn(ctx, conv, salescoach.TurnEnd{Usage: []*salescoach.TokenUsage{
			{UserID: u.ID, ConversationID: c.ID, Purpose: "score", TokensIn: 100, TokensOut: 10, CreatedAt: day.Add(-time.Second)},
			{UserID: u.ID, ConversationID: c.ID, Purpose: "chat", TokensIn: 200, TokensOut: 20, CreatedAt: t0},
			{UserID: u.ID, ConversationID: c.ID, Purpose: "chat", TokensIn: 300, TokensOut: 30, CreatedAt: t0},
		}}))
		if n := count(t, db, `SELECT COUNT(*) FROM token_usage WHERE conversation_id = ?`, c.ID); n != 3 {
			t.Errorf("%d raw rows of the turn, want 3", n)
		}
		for _, want := range []struct {
			day            string
			user           string
			in, out, calls int
		}{
			{"2026-03-10", u.ID, 505, 51, 3},
			{"2026-03-09", u.ID, 100, 10, 1},
			{"2026-03-10", v.ID, 7, 0, 1},
		} {
			if n := count(t, db, `SELECT COUNT(*) FROM token_usage_days WHERE day = ? AND user_id = ? AND tokens_in = ?
				AND tokens_out = ? AND calls = ?`, want.day, want.user, want.in, want.out, want.calls); n != 1 {
				t.Errorf("no roll-up row %+v", want)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM token_usage_days`); n != 3 {
			t.Errorf("%d roll-up rows, want 3", n)
		}

		// A refused record counts nothing.
		wantCode(t, s.RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: u.ID, ConversationID: uuid.NewString(), TokensIn: 9}), salescoach.ENOTFOUND)
		if n := count(t, db, `SELECT SUM(tokens_in) FROM token_usage_days`); n != 612 {
			t.Errorf("roll-up tokens_in = %d after a refused record, want 612", n)
		}
	})
}

// TestTokenUsageBackfill: migration 0018 sums the token usage stored before
// it by UTC day and user, whatever the session's time zone.
func TestTokenUsageBackfill(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) { testUsageBackfill(t, emptySQLite(t)) })
	t.Run("postgres", func(t *testing.T) { testUsageBackfill(t, farFromUTCPostgres(t)) })
}

func testUsageBackfill(t *testing.T, db *sqlstore.DB) {
	ctx := t.Context()
	mustNil(t, db.MigrateUpTo(ctx, "0017_web_vitals"))
	users := []string{uuid.NewString(), uuid.NewString()}
	for i, id := range users {
		exec(t, db, `INSERT INTO users (id, email, email_lower, display_name, created_at, updated_at) VALUES (?, ?, ?, '', ?, ?)`,
			id, fmt.Sprintf("u%d@example.com", i), fmt.Sprintf("u%d@example.com", i), t0, t0)
	}
	type key struct{ day, user string }
	want := map[key][3]int{}
	add := func(user string, at time.Time, in, out int) {
		exec(t, db, `INSERT INTO token_usage (id, user_id, tokens_in, tokens_out, created_at) VALUES (?, ?, ?, ?, ?)`,
			uuid.NewString(), user, in, out, at.UTC())
		k := key{salescoach.Day(at), user}
		w := want[k]
		want[k] = [3]int{w[0] + in, w[1] + out, w[2] + 1}
	}
	late := time.Date(2026, 3, 9, 23, 30, 0, 0, time.UTC) // already 3-10 in Kiritimati
	for i := range 5 {
		add(users[0], late.Add(time.Duration(i)*10*time.Minute), 100+i, 10) // crosses midnight from i = 3 on
		add(users[1], late, 7, 1)
	}
	mustNil(t, db.Migrate(ctx))

	rows, err := db.SQL().QueryContext(ctx, `SELECT day, user_id, tokens_in, tokens_out, calls FROM token_usage_days`)
	mustNil(t, err)
	defer rows.Close()
	got := map[key][3]int{}
	for rows.Next() {
		var (
			k          key
			in, out, n int
		)
		mustNil(t, rows.Scan(&k.day, &k.user, &in, &out, &n))
		got[k] = [3]int{in, out, n}
	}
	mustNil(t, rows.Err())
	if !reflect.DeepEqual(got, want) || len(want) != 3 {
		t.Errorf("backfilled roll-up:\n got %v\nwant %v", got, want)
	}
}
