package sqlstore_test

import (
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestVoiceUsageInReport(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		v := sqlstore.NewVoiceService(db)
		a, b := newUser(t, db, "a@example.com"), newUser(t, db, "b@example.com")
		at := func(s string) time.Time { return day(t, s) }
		for _, u := range []*salescoach.VoiceUsage{
			{UserID: a.ID, Kind: salescoach.VoiceSTT, Provider: "openai", AudioMillis: 4200, CreatedAt: at("2026-03-01 10:00:00")},
			{UserID: a.ID, Kind: salescoach.VoiceTTS, Provider: "polly", Characters: 120, CreatedAt: at("2026-03-01 10:00:05")},
			{UserID: a.ID, Kind: salescoach.VoiceTTS, Provider: "polly", Characters: 999, CreatedAt: at("2026-03-06 00:00:00")}, // after To
			{UserID: b.ID, Kind: salescoach.VoiceSTT, Provider: "openai", AudioMillis: 800, CreatedAt: at("2026-03-02 10:00:00")},
		} {
			mustNil(t, v.RecordVoiceUsage(ctx, u))
		}
		// b also used the model: voice and tokens of one user are one row.
		mustNil(t, sqlstore.NewConversationService(db).RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: b.ID,
			Model: "m", Purpose: "chat", TokensIn: 10, TokensOut: 5, CreatedAt: at("2026-03-02 10:00:01")}))

		rep, err := sqlstore.NewAdminService(db).UsageReport(ctx, salescoach.UsageFilter{From: "2026-03-01", To: "2026-03-05"})
		mustNil(t, err)
		want := salescoach.TokenTotals{TokensIn: 10, TokensOut: 5, Calls: 1, Users: 2, STTMillis: 5000, TTSChars: 120}
		if rep.Totals != want {
			t.Errorf("totals = %+v, want %+v", rep.Totals, want)
		}
		if len(rep.ByPlan) != 1 || rep.ByPlan[0].TokenTotals != want {
			t.Errorf("by plan = %+v", rep.ByPlan)
		}
		if rep.UserCount != 2 || len(rep.Users) != 2 {
			t.Fatalf("users = %+v", rep.Users)
		}
		byID := map[string]salescoach.UserTokens{rep.Users[0].UserID: rep.Users[0], rep.Users[1].UserID: rep.Users[1]}
		if ua := byID[a.ID]; ua.STTMillis != 4200 || ua.TTSChars != 120 || ua.Calls != 0 || ua.TokensIn != 0 {
			t.Errorf("a = %+v", ua)
		}
		if ub := byID[b.ID]; ub.STTMillis != 800 || ub.TTSChars != 0 || ub.Calls != 1 || ub.TokensIn != 10 {
			t.Errorf("b = %+v", ub)
		}
		if rep.Users[0].UserID != b.ID {
			t.Errorf("the user with model tokens should come first: %+v", rep.Users)
		}

		wantCode(t, v.RecordVoiceUsage(ctx, &salescoach.VoiceUsage{UserID: uuid.NewString(), Kind: salescoach.VoiceSTT}), salescoach.ENOTFOUND)
		wantCode(t, v.RecordVoiceUsage(ctx, &salescoach.VoiceUsage{UserID: "x", Kind: salescoach.VoiceSTT}), salescoach.ENOTFOUND)
		wantCode(t, v.RecordVoiceUsage(ctx, &salescoach.VoiceUsage{UserID: a.ID, Kind: "video"}), salescoach.EINVALID)
		wantCode(t, v.RecordVoiceUsage(ctx, &salescoach.VoiceUsage{UserID: a.ID, Kind: salescoach.VoiceTTS, Characters: -1}), salescoach.EINVALID)
	})
}

func TestVoiceCallCountsOnce(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		v := sqlstore.NewVoiceService(db)
		users := sqlstore.NewUserService(db)
		a, b := newUser(t, db, "a@example.com"), newUser(t, db, "b@example.com")
		calls := func(u *salescoach.User) int {
			p, err := users.ProfileByUserID(ctx, u.ID)
			mustNil(t, err)
			return p.CallsCount
		}

		// A call without a transcribed turn counts nothing.
		empty, err := v.StartCall(ctx, a.ID)
		mustNil(t, err)
		counted, err := v.FinishCall(ctx, a.ID, empty.ID)
		mustNil(t, err)
		if counted || calls(a) != 0 {
			t.Errorf("empty call counted: %v, %d", counted, calls(a))
		}

		call, err := v.StartCall(ctx, a.ID)
		mustNil(t, err)
		mustNil(t, v.AddCallTurn(ctx, a.ID, call.ID))
		mustNil(t, v.AddCallTurn(ctx, a.ID, call.ID))
		// Someone else's call is not found.
		wantCode(t, v.AddCallTurn(ctx, b.ID, call.ID), salescoach.ENOTFOUND)
		_, err = v.FinishCall(ctx, b.ID, call.ID)
		wantCode(t, err, salescoach.ENOTFOUND)

		// Finishing at once from many requests counts exactly once.
		const n = 8
		var (
			wg    sync.WaitGroup
			start = make(chan struct{})
			mu    sync.Mutex
			yes   int
		)
		for range n {
			wg.Go(func() {
				<-start
				c, err := v.FinishCall(ctx, a.ID, call.ID)
				if err != nil {
					t.Error(err)
				}
				if c {
					mu.Lock()
					yes++
					mu.Unlock()
				}
			})
		}
		close(start)
		wg.Wait()
		if yes != 1 || calls(a) != 1 {
			t.Errorf("counted %d times, calls_count %d; want 1 and 1", yes, calls(a))
		}
		// A finished call takes no more turns.
		wantCode(t, v.AddCallTurn(ctx, a.ID, call.ID), salescoach.ENOTFOUND)
		_, err = v.FinishCall(ctx, a.ID, uuid.NewString())
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = v.StartCall(ctx, uuid.NewString())
		if salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			t.Errorf("call of an unknown user: %v", err)
		}
	})
}
