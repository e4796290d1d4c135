package sqlstore

import (
	"context"
	"slices"
	"strings"
	"time"

	"salescoach"
)

var _ salescoach.PromoService = (*PromoService)(nil)

// maxPromoCodeLen bounds a code looked up for a redemption (the HTTP layer
// allows 32 characters); longer input can match nothing.
const maxPromoCodeLen = 64

// PromoService stores promo codes and their redemptions. promo_codes.plan_id
// holds the code's tier key (one of salescoach.PromoPlans).
type PromoService struct {
	db *DB
}

// NewPromoService returns a PromoService on db.
func NewPromoService(db *DB) *PromoService {
	return &PromoService{db: db}
}

const promoColumns = `id, code, plan_id, description, active, max_redemptions, redemptions, valid_until,
	created_at, updated_at`

func scanPromoCode(s rowScanner) (*salescoach.PromoCode, error) {
	var c salescoach.PromoCode
	err := s.Scan(&c.ID, &c.Code, &c.Plan, &c.Description, &c.Active, &c.MaxRedemptions, &c.Redemptions,
		scanNullTime(&c.ValidUntil), scanTime(&c.CreatedAt), scanTime(&c.UpdatedAt))
	if err != nil {
		return nil, err
	}
	return &c, nil
}

// CreatePromoCode stores c as a new, active code without redemptions,
// filling in c.ID, c.CreatedAt (now when zero), c.UpdatedAt, c.Active and
// c.Redemptions. It returns EINVALID for an empty code, a plan outside
// salescoach.PromoPlans or a limit below 1, and ECONFLICT when the code is
// taken (case-insensitively).
func (s *PromoService) CreatePromoCode(ctx context.Context, c *salescoach.PromoCode) error {
	switch {
	case c.Code == "":
		return salescoach.FieldError("code", salescoach.MsgPromoCodeEmpty)
	case !slices.Contains(salescoach.PromoPlans, c.Plan):
		return salescoach.FieldError("plan", salescoach.MsgPromoPlan)
	case c.MaxRedemptions != nil && *c.MaxRedemptions < 1:
		return salescoach.FieldError("max_redemptions", salescoach.MsgPromoMax)
	}
	now := utc(s.db.now())
	if c.CreatedAt.IsZero() {
		c.CreatedAt = now
	}
	c.ID, c.CreatedAt, c.UpdatedAt, c.Active, c.Redemptions = newID(), utc(c.CreatedAt), now, true, 0
	c.ValidUntil = utcPtr(c.ValidUntil)
	_, err := s.db.r().exec(ctx, `INSERT INTO promo_codes (`+promoColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		c.ID, c.Code, c.Plan, c.Description, c.Active, c.MaxRedemptions, c.Redemptions, c.ValidUntil,
		c.CreatedAt, c.UpdatedAt)
	return conflictAs(dbError(err, "insert promo code"), salescoach.MsgPromoTaken)
}

// PromoCodes lists all codes, newest first. It returns only driver errors.
func (s *PromoService) PromoCodes(ctx context.Context) ([]*salescoach.PromoCode, error) {
	rows, err := s.db.r().queryRows(ctx, `SELECT `+promoColumns+` FROM promo_codes ORDER BY created_at DESC, id DESC`)
	if err != nil {
		return nil, dbError(err, "promo codes")
	}
	defer rows.Close()
	out := []*salescoach.PromoCode{}
	for rows.Next() {
		c, err := scanPromoCode(rows)
		if err != nil {
			return nil, dbError(err, "promo codes")
		}
		out = append(out, c)
	}
	return out, dbError(rows.Err(), "promo codes")
}

// UpdatePromoCode applies upd in one statement and returns the code as
// stored. ClearMax and ClearValidUntil win over a value given beside them.
// It returns ENOTFOUND when there is no such code and EINVALID when a new
// limit is below 1 or below the redemptions so far (the table's CHECK, so
// a redemption racing the update cannot slip past it).
func (s *PromoService) UpdatePromoCode(ctx context.Context, id string, upd salescoach.PromoCodeUpdate) (*salescoach.PromoCode, error) {
	if upd.MaxRedemptions != nil && !upd.ClearMax && *upd.MaxRedemptions < 1 {
		return nil, salescoach.FieldError("max_redemptions", salescoach.MsgPromoMax)
	}
	if !validID(id) {
		return nil, notFound(salescoach.MsgPromoNotFound)
	}
	setMax := upd.MaxRedemptions != nil && !upd.ClearMax
	setUntil := upd.ValidUntil != nil && !upd.ClearValidUntil
	var maxVal, untilVal any
	if setMax {
		maxVal = *upd.MaxRedemptions
	}
	if setUntil {
		untilVal = utc(*upd.ValidUntil)
	}
	c, err := scanPromoCode(s.db.r().queryRow(ctx, `UPDATE promo_codes SET
			description = COALESCE(?, description),
			active = COALESCE(?, active),
			max_redemptions = CASE WHEN ? THEN NULL WHEN ? THEN ? ELSE max_redemptions END,
			valid_until = CASE WHEN ? THEN NULL WHEN ? THEN ? ELSE valid_until END,
			updated_at = ?
		WHERE id = ?
		RETURNING `+promoColumns,
		upd.Description, upd.Active, upd.ClearMax, setMax, maxVal, upd.ClearValidUntil, setUntil, untilVal,
		s.db.now(), id))
	if noRows(err) {
		return nil, notFound(salescoach.MsgPromoNotFound)
	}
	if err != nil {
		err = dbError(err, "update promo code")
		if salescoach.ErrorCode(err) == salescoach.EINVALID {
			return nil, salescoach.FieldError("max_redemptions", salescoach.MsgPromoMaxBelow)
		}
		return nil, err
	}
	return c, nil
}

// RedeemPromoCode uses the code (case-insensitively) for the user in one
// transaction and returns the code as it is then:
//   - ENOTFOUND (MsgPromoUnknown) when no code matches, or it is inactive,
//     not yet valid or expired (valid_until <= at);
//   - ECONFLICT (MsgPromoRedeemed) when the user redeemed it before;
//   - ELIMIT (MsgPromoUsedUp) when its redemptions reached the limit;
//   - ENOTFOUND (user not found) when there is no such user.
//
// One guarded UPDATE decides whether a use is left: both databases
// serialise the writers of the code's row, and PostgreSQL re-checks the
// guard against the committed count, so at most max_redemptions
// redemptions ever succeed. The unique (code, user) row catches a user's
// second redemption even when both race; the failing transaction rolls its
// increment back.
func (s *PromoService) RedeemPromoCode(ctx context.Context, code, userID string, at time.Time) (*salescoach.PromoCode, error) {
	var out *salescoach.PromoCode
	err := s.db.inTx(ctx, func(r runner) error {
		var err error
		out, _, err = redeemPromo(ctx, r, s.db.now(), code, userID, at)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// redeemPromo is RedeemPromoCode's work inside the caller's transaction;
// it also returns the new redemption's id.
func redeemPromo(ctx context.Context, r runner, now time.Time, code, userID string, at time.Time) (*salescoach.PromoCode, string, error) {
	unknown := salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgPromoUnknown)
	if code == "" || len(code) > maxPromoCodeLen {
		return nil, "", unknown
	}
	if !validID(userID) {
		return nil, "", notFound(salescoach.MsgNoUser)
	}
	// Codes are ASCII, so lower() agrees with Go's in both databases; the
	// comparison uses the unique index on lower(code).
	var id string
	err := r.queryRow(ctx, `SELECT id FROM promo_codes
		WHERE lower(code) = ? AND active = TRUE
		  AND (valid_from IS NULL OR valid_from <= ?)
		  AND (valid_until IS NULL OR valid_until > ?)`, strings.ToLower(code), at, at).Scan(&id)
	if noRows(err) {
		return nil, "", unknown
	}
	if err != nil {
		return nil, "", dbError(err, "find promo code")
	}
	var n int
	if err := r.queryRow(ctx, `SELECT COUNT(*) FROM promo_redemptions WHERE promo_code_id = ? AND user_id = ?`,
		id, userID).Scan(&n); err != nil {
		return nil, "", dbError(err, "check promo redemption")
	}
	if n > 0 {
		return nil, "", salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgPromoRedeemed)
	}
	out, err := scanPromoCode(r.queryRow(ctx, `UPDATE promo_codes SET redemptions = redemptions + 1, updated_at = ?
		WHERE id = ? AND (max_redemptions IS NULL OR redemptions < max_redemptions)
		RETURNING `+promoColumns, now, id))
	if noRows(err) {
		return nil, "", salescoach.NewError(salescoach.ELIMIT, salescoach.MsgPromoUsedUp)
	}
	if err != nil {
		return nil, "", dbError(err, "use promo code")
	}
	redemption := newID()
	_, err = r.exec(ctx, `INSERT INTO promo_redemptions (id, promo_code_id, user_id, created_at) VALUES (?, ?, ?, ?)`,
		redemption, id, userID, at)
	switch salescoach.ErrorCode(dbError(err, "")) {
	case "":
		return out, redemption, nil
	case salescoach.ECONFLICT:
		return nil, "", salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgPromoRedeemed)
	case salescoach.ENOTFOUND:
		return nil, "", notFound(salescoach.MsgNoUser)
	}
	return nil, "", dbError(err, "insert promo redemption")
}

// CheckPromoCode answers the code (case-insensitively) when the user could
// redeem it at that time, changing nothing: ENOTFOUND (MsgPromoUnknown)
// when no usable code matches, ECONFLICT (MsgPromoRedeemed) when the user
// redeemed it before, ELIMIT (MsgPromoUsedUp) when its uses are exhausted.
// Only RedeemPromoCode decides; this is what the promo field shows.
func (s *PromoService) CheckPromoCode(ctx context.Context, code, userID string, at time.Time) (*salescoach.PromoCode, error) {
	unknown := salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgPromoUnknown)
	if code == "" || len(code) > maxPromoCodeLen || !validID(userID) {
		return nil, unknown
	}
	c, err := scanPromoCode(s.db.r().queryRow(ctx, `SELECT `+promoColumns+` FROM promo_codes
		WHERE lower(code) = ? AND active = TRUE
		  AND (valid_from IS NULL OR valid_from <= ?)
		  AND (valid_until IS NULL OR valid_until > ?)`, strings.ToLower(code), at, at))
	if noRows(err) {
		return nil, unknown
	}
	if err != nil {
		return nil, dbError(err, "check promo code")
	}
	var n int
	if err := s.db.r().queryRow(ctx, `SELECT COUNT(*) FROM promo_redemptions WHERE promo_code_id = ? AND user_id = ?`,
		c.ID, userID).Scan(&n); err != nil {
		return nil, dbError(err, "check promo redemption")
	}
	if n > 0 {
		return nil, salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgPromoRedeemed)
	}
	if c.MaxRedemptions != nil && c.Redemptions >= *c.MaxRedemptions {
		return nil, salescoach.NewError(salescoach.ELIMIT, salescoach.MsgPromoUsedUp)
	}
	return c, nil
}
