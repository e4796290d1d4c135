package sqlstore_test

import (
	"fmt"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestCreatePromoCode(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		s := sqlstore.NewPromoService(db)
		until := t0.Add(30 * 24 * time.Hour)
		first := &salescoach.PromoCode{Code: "Summer-26", Plan: salescoach.PlanPromo, Description: "Sommer",
			MaxRedemptions: ptr(5), ValidUntil: &until, CreatedAt: t0, Redemptions: 7}
		mustNil(t, s.CreatePromoCode(ctx, first))
		if first.ID == "" || !first.Active || first.Redemptions != 0 || first.UpdatedAt.IsZero() {
			t.Errorf("code not filled in: %+v", first)
		}
		second := &salescoach.PromoCode{Code: "PLUS_1", Plan: salescoach.PlanPlus, CreatedAt: t0.Add(time.Minute)}
		mustNil(t, s.CreatePromoCode(ctx, second))

		// Taken case-insensitively.
		err := s.CreatePromoCode(ctx, &salescoach.PromoCode{Code: "SUMMER-26", Plan: salescoach.PlanElite})
		if e := wantCode(t, err, salescoach.ECONFLICT); e.Msg.Key != salescoach.MsgPromoTaken.Key {
			t.Errorf("conflict message = %q", e.Msg.Key)
		}
		wantCode(t, s.CreatePromoCode(ctx, &salescoach.PromoCode{Code: "X1", Plan: "free"}), salescoach.EINVALID)
		wantCode(t, s.CreatePromoCode(ctx, &salescoach.PromoCode{Code: "", Plan: salescoach.PlanPlus}), salescoach.EINVALID)
		wantCode(t, s.CreatePromoCode(ctx, &salescoach.PromoCode{Code: "ZERO", Plan: salescoach.PlanPlus, MaxRedemptions: ptr(0)}), salescoach.EINVALID)

		list, err := s.PromoCodes(ctx)
		mustNil(t, err)
		if len(list) != 2 || list[0].ID != second.ID || list[1].ID != first.ID {
			t.Fatalf("PromoCodes = %+v, want newest first", list)
		}
		got := list[1]
		if got.Code != "Summer-26" || got.Plan != salescoach.PlanPromo || got.Description != "Sommer" || !got.Active ||
			got.MaxRedemptions == nil || *got.MaxRedemptions != 5 || got.Redemptions != 0 || got.ValidUntil == nil {
			t.Errorf("stored code = %+v", got)
		} else {
			sameTime(t, "valid_until", *got.ValidUntil, until)
			sameTime(t, "created_at", got.CreatedAt, t0)
		}
		if list[0].MaxRedemptions != nil || list[0].ValidUntil != nil {
			t.Errorf("unlimited code = %+v", list[0])
		}
	})
}

func TestUpdatePromoCode(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		s := sqlstore.NewPromoService(db)
		c := &salescoach.PromoCode{Code: "EDIT", Plan: salescoach.PlanElite, Description: "alt", MaxRedemptions: ptr(10)}
		mustNil(t, s.CreatePromoCode(ctx, c))

		until := t0.Add(time.Hour)
		got, err := s.UpdatePromoCode(ctx, c.ID, salescoach.PromoCodeUpdate{Description: ptr("neu"), Active: ptr(false),
			MaxRedemptions: ptr(3), ValidUntil: &until})
		mustNil(t, err)
		if got.Description != "neu" || got.Active || got.MaxRedemptions == nil || *got.MaxRedemptions != 3 ||
			got.ValidUntil == nil || !got.ValidUntil.Equal(until) || got.Code != "EDIT" || got.Plan != salescoach.PlanElite {
			t.Errorf("after update = %+v", got)
		}
		// Nil fields stay.
		got, err = s.UpdatePromoCode(ctx, c.ID, salescoach.PromoCodeUpdate{Active: ptr(true)})
		mustNil(t, err)
		if got.Description != "neu" || !got.Active || got.MaxRedemptions == nil || *got.MaxRedemptions != 3 || got.ValidUntil == nil {
			t.Errorf("after activating = %+v", got)
		}
		// Clearing wins over a value beside it.
		got, err = s.UpdatePromoCode(ctx, c.ID, salescoach.PromoCodeUpdate{ClearMax: true, MaxRedemptions: ptr(4), ClearValidUntil: true})
		mustNil(t, err)
		if got.MaxRedemptions != nil || got.ValidUntil != nil {
			t.Errorf("after clearing = %+v", got)
		}

		// A limit below the uses so far is refused.
		for i := range 2 {
			u := newUser(t, db, fmt.Sprintf("r%d@example.com", i))
			_, err := s.RedeemPromoCode(ctx, "edit", u.ID, t0)
			mustNil(t, err)
		}
		_, err = s.UpdatePromoCode(ctx, c.ID, salescoach.PromoCodeUpdate{MaxRedemptions: ptr(1)})
		wantCode(t, err, salescoach.EINVALID)
		_, err = s.UpdatePromoCode(ctx, c.ID, salescoach.PromoCodeUpdate{MaxRedemptions: ptr(0)})
		wantCode(t, err, salescoach.EINVALID)
		got, err = s.UpdatePromoCode(ctx, c.ID, salescoach.PromoCodeUpdate{MaxRedemptions: ptr(2)})
		mustNil(t, err)
		if *got.MaxRedemptions != 2 || got.Redemptions != 2 {
			t.Errorf("limit at the uses so far = %+v", got)
		}

		_, err = s.UpdatePromoCode(ctx, "01890000-0000-7000-8000-000000000000", salescoach.PromoCodeUpdate{Active: ptr(true)})
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = s.UpdatePromoCode(ctx, "EDIT", salescoach.PromoCodeUpdate{Active: ptr(true)})
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}

// wantMessage fails the test unless err has that code and message.
func wantMessage(t *testing.T, err error, code string, msg salescoach.Msg) {
	t.Helper()
	if e := wantCode(t, err, code); e.Msg.Key != msg.Key {
		t.Errorf("message = %q, want %q", e.Msg.Key, msg.Key)
	}
}

func TestRedeemPromoCode(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		s := sqlstore.NewPromoService(db)
		u := newUser(t, db, "u@example.com")
		v := newUser(t, db, "v@example.com")
		until := t0.Add(time.Hour)
		code := &salescoach.PromoCode{Code: "Launch", Plan: salescoach.PlanPromo, MaxRedemptions: ptr(1), ValidUntil: &until}
		mustNil(t, s.CreatePromoCode(ctx, code))

		_, err := s.RedeemPromoCode(ctx, "nope", u.ID, t0)
		wantMessage(t, err, salescoach.ENOTFOUND, salescoach.MsgPromoUnknown)
		// Expired at valid_until itself.
		_, err = s.RedeemPromoCode(ctx, "launch", u.ID, until)
		wantMessage(t, err, salescoach.ENOTFOUND, salescoach.MsgPromoUnknown)

		got, err := s.RedeemPromoCode(ctx, "LAUNCH", u.ID, until.Add(-time.Microsecond))
		mustNil(t, err)
		if got.ID != code.ID || got.Redemptions != 1 || got.Plan != salescoach.PlanPromo {
			t.Errorf("redeemed = %+v", got)
		}
		// The same user again: ECONFLICT before ELIMIT.
		_, err = s.RedeemPromoCode(ctx, "Launch", u.ID, t0)
		wantMessage(t, err, salescoach.ECONFLICT, salescoach.MsgPromoRedeemed)
		// Another user: used up.
		_, err = s.RedeemPromoCode(ctx, "Launch", v.ID, t0)
		wantMessage(t, err, salescoach.ELIMIT, salescoach.MsgPromoUsedUp)
		if n := count(t, db, `SELECT redemptions FROM promo_codes WHERE id = ?`, code.ID); n != 1 {
			t.Errorf("redemptions = %d, want 1", n)
		}

		// Inactive and not yet valid codes are unknown.
		off := &salescoach.PromoCode{Code: "OFF", Plan: salescoach.PlanPlus}
		mustNil(t, s.CreatePromoCode(ctx, off))
		_, err = s.UpdatePromoCode(ctx, off.ID, salescoach.PromoCodeUpdate{Active: ptr(false)})
		mustNil(t, err)
		_, err = s.RedeemPromoCode(ctx, "OFF", v.ID, t0)
		wantMessage(t, err, salescoach.ENOTFOUND, salescoach.MsgPromoUnknown)
		later := &salescoach.PromoCode{Code: "LATER", Plan: salescoach.PlanPlus}
		mustNil(t, s.CreatePromoCode(ctx, later))
		exec(t, db, `UPDATE promo_codes SET valid_from = ? WHERE id = ?`, t0.Add(time.Second), later.ID)
		_, err = s.RedeemPromoCode(ctx, "LATER", v.ID, t0)
		wantMessage(t, err, salescoach.ENOTFOUND, salescoach.MsgPromoUnknown)
		_, err = s.RedeemPromoCode(ctx, "LATER", v.ID, t0.Add(time.Second))
		mustNil(t, err)

		// Unlimited codes count on; unknown users and odd input change nothing.
		free := &salescoach.PromoCode{Code: "FREE", Plan: salescoach.PlanElite}
		mustNil(t, s.CreatePromoCode(ctx, free))
		_, err = s.RedeemPromoCode(ctx, "FREE", "01890000-0000-7000-8000-000000000000", t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = s.RedeemPromoCode(ctx, "FREE", "someone", t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = s.RedeemPromoCode(ctx, "", u.ID, t0)
		wantMessage(t, err, salescoach.ENOTFOUND, salescoach.MsgPromoUnknown)
		for _, who := range []*salescoach.User{u, v} {
			_, err = s.RedeemPromoCode(ctx, "free", who.ID, t0)
			mustNil(t, err)
		}
		if n := count(t, db, `SELECT redemptions FROM promo_codes WHERE id = ?`, free.ID); n != 2 {
			t.Errorf("unlimited code: redemptions = %d, want 2", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM promo_redemptions WHERE promo_code_id = ?`, free.ID); n != 2 {
			t.Errorf("unlimited code: %d redemption rows, want 2", n)
		}
	})
}

// TestRedeemPromoCodeConcurrent races 20 users for a code with 5 uses:
// exactly 5 win, whatever the interleaving.
func TestRedeemPromoCodeConcurrent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		s := sqlstore.NewPromoService(db)
		const n, limit = 20, 5
		users := make([]*salescoach.User, n)
		for i := range users {
			users[i] = newUser(t, db, fmt.Sprintf("racer%d@example.com", i))
		}
		code := &salescoach.PromoCode{Code: "RUSH", Plan: salescoach.PlanPromo, MaxRedemptions: ptr(limit)}
		mustNil(t, s.CreatePromoCode(ctx, code))
		warm(t, db, n)
		errs := race(n, func(i int) error {
			_, err := s.RedeemPromoCode(ctx, "rush", users[i].ID, t0)
			return err
		})
		won, limited := 0, 0
		for _, err := range errs {
			switch salescoach.ErrorCode(err) {
			case "":
				won++
			case salescoach.ELIMIT:
				limited++
			default:
				t.Errorf("unexpected error: %v", err)
			}
		}
		if won != limit || limited != n-limit {
			t.Errorf("%d redeemed, %d used up; want %d and %d", won, limited, limit, n-limit)
		}
		if got := count(t, db, `SELECT redemptions FROM promo_codes WHERE id = ?`, code.ID); got != limit {
			t.Errorf("redemptions = %d, want %d", got, limit)
		}
		if got := count(t, db, `SELECT COUNT(*) FROM promo_redemptions WHERE promo_code_id = ?`, code.ID); got != limit {
			t.Errorf("%d redemption rows, want %d", got, limit)
		}

		// One user racing themself on an unlimited code: one use.
		once := &salescoach.PromoCode{Code: "ONCE", Plan: salescoach.PlanPlus}
		mustNil(t, s.CreatePromoCode(ctx, once))
		errs = race(6, func(int) error {
			_, err := s.RedeemPromoCode(ctx, "ONCE", users[0].ID, t0)
			return err
		})
		won = 0
		for _, err := range errs {
			switch salescoach.ErrorCode(err) {
			case "":
				won++
			case salescoach.ECONFLICT:
			default:
				t.Errorf("unexpected error: %v", err)
			}
		}
		if won != 1 || count(t, db, `SELECT redemptions FROM promo_codes WHERE id = ?`, once.ID) != 1 {
			t.Errorf("%d of one user's racing redemptions succeeded, want 1 (redemptions %d)",
				won, count(t, db, `SELECT redemptions FROM promo_codes WHERE id = ?`, once.ID))
		}
	})
}
