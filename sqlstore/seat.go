package sqlstore

import (
	"context"
	"time"

	"salescoach"
)

var _ salescoach.SeatService = (*SeatService)(nil)

// SeatService stores team subscriptions and seat assignments (migration
// 0036). A team subscription is a row of subscriptions with seats set;
// the team's current one is its newest by update_time. Seat changes lock
// that row first (a no-op UPDATE), so concurrent assignments and quantity
// changes of one team take turns on PostgreSQL as they do on SQLite, and
// the count they check is the count they write against.
type SeatService struct {
	db *DB
}

// NewSeatService returns a SeatService on db.
func NewSeatService(db *DB) *SeatService { return &SeatService{db: db} }

const teamSubscriptionColumns = subscriptionColumns + `, COALESCE(team_id, ''), COALESCE(seats, 0), COALESCE(pending_seats, 0)`

func scanTeamSubscription(s rowScanner) (*salescoach.TeamSubscription, error) {
	var t salescoach.TeamSubscription
	sub := &t.Subscription
	err := s.Scan(&sub.ID, &sub.UserID, &sub.PayPalID, &sub.PlanID, &sub.Status, scanTime(&sub.UpdateTime),
		&sub.CancelAtPeriodEnd, scanNullTime(&sub.CancelAt), scanNullTime(&sub.CycleStart), scanTime(&sub.CreatedAt),
		&t.TeamID, &t.Quantity, &t.PendingQuantity)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// currentTeamSubscription reads the team's newest subscription; nil
// without one.
func currentTeamSubscription(ctx context.Context, r runner, teamID string) (*salescoach.TeamSubscription, error) {
	t, err := scanTeamSubscription(r.queryRow(ctx, `SELECT `+teamSubscriptionColumns+` FROM subscriptions
		WHERE team_id = ? AND seats IS NOT NULL ORDER BY update_time DESC, created_at DESC, id DESC LIMIT 1`, teamID))
	if noRows(err) {
		return nil, nil
	}
	return t, dbError(err, "team subscription")
}

// ownerOf is membershipOf for the seat endpoints: EFORBIDDEN
// (MsgTeamOwnerOnly) for anyone but the owner.
func ownerOf(ctx context.Context, r runner, userID string) (membership, error) {
	m, err := membershipOf(ctx, r, userID)
	if err != nil {
		return m, err
	}
	if !salescoach.CanManageSeats(m.role) {
		return m, salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamOwnerOnly)
	}
	return m, nil
}

// lockedSeats is ownerOf and the team's current subscription, its row
// locked for the rest of the transaction, and the number of seats assigned.
func lockedSeats(ctx context.Context, r runner, callerID string) (membership, *salescoach.TeamSubscription, int, error) {
	m, err := ownerOf(ctx, r, callerID)
	if err != nil {
		return m, nil, 0, err
	}
	cur, assigned, err := teamSeatsLocked(ctx, r, m.teamID)
	return m, cur, assigned, err
}

// teamSeatsLocked is the team's current subscription, its row locked for
// the rest of the transaction, and the number of seats assigned.
func teamSeatsLocked(ctx context.Context, r runner, teamID string) (*salescoach.TeamSubscription, int, error) {
	cur, err := currentTeamSubscription(ctx, r, teamID)
	if err != nil {
		return nil, 0, err
	}
	if cur != nil {
		if _, err := r.exec(ctx, `UPDATE subscriptions SET seats = seats WHERE id = ?`, cur.ID); err != nil {
			return nil, 0, dbError(err, "lock team subscription")
		}
	}
	var assigned int
	if err := r.queryRow(ctx, `SELECT COUNT(*) FROM team_seats WHERE team_id = ?`, teamID).Scan(&assigned); err != nil {
		return nil, 0, dbError(err, "seats assigned")
	}
	return cur, assigned, nil
}

// seatFree is nil when the team's subscription cur, with assigned seats
// taken, has one more to give: ECONFLICT MsgSeatsNone without an active
// subscription, MsgSeatsFull when all are taken.
func seatFree(cur *salescoach.TeamSubscription, assigned int) error {
	if cur == nil || !cur.Active() {
		return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSeatsNone)
	}
	if assigned >= salescoach.SeatLimit(cur.Quantity, cur.PendingQuantity) {
		return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSeatsFull)
	}
	return nil
}

// giveSeat inserts userID's seat of teamID.
func giveSeat(ctx context.Context, r runner, teamID, userID string, now time.Time) error {
	_, err := r.exec(ctx, `INSERT INTO team_seats (team_id, user_id, assigned_at) VALUES (?, ?, ?)`, teamID, userID, utc(now))
	return dbError(err, "assign seat")
}

// freeSeatOnJoin gives userID, who has just joined teamID, one of its seats
// when one is free; none free is no error.
func freeSeatOnJoin(ctx context.Context, r runner, teamID, userID string, now time.Time) error {
	cur, assigned, err := teamSeatsLocked(ctx, r, teamID)
	if err != nil || seatFree(cur, assigned) != nil {
		return err
	}
	return giveSeat(ctx, r, teamID, userID, now)
}

// TeamSeats returns the caller's team's seats; the members for the owner
// only. ENOTFOUND (MsgNoTeam) without a team.
func (s *SeatService) TeamSeats(ctx context.Context, callerID string) (*salescoach.Seats, error) {
	r := s.db.r()
	m, err := membershipOf(ctx, r, callerID)
	if err != nil {
		return nil, err
	}
	out := &salescoach.Seats{Members: []salescoach.SeatMember{}}
	if out.Subscription, err = currentTeamSubscription(ctx, r, m.teamID); err != nil {
		return nil, err
	}
	if out.Subscription != nil {
		out.Quantity, out.Status = out.Subscription.Quantity, out.Subscription.Status
	}
	if err := r.queryRow(ctx, `SELECT COUNT(*) FROM team_seats WHERE team_id = ?`, m.teamID).Scan(&out.Assigned); err != nil {
		return nil, dbError(err, "seats assigned")
	}
	if !salescoach.CanManageSeats(m.role) {
		return out, nil
	}
	rows, err := r.queryRows(ctx, `SELECT m.user_id, u.display_name, COALESCE(u.email, ''), m.role,
			EXISTS (SELECT 1 FROM team_seats ts WHERE ts.team_id = m.team_id AND ts.user_id = m.user_id)
		FROM team_members m JOIN users u ON u.id = m.user_id
		WHERE m.team_id = ? ORDER BY lower(u.display_name), lower(COALESCE(u.email, '')), m.user_id`, m.teamID)
	if err != nil {
		return nil, dbError(err, "seat members")
	}
	defer rows.Close()
	for rows.Next() {
		var sm salescoach.SeatMember
		if err := rows.Scan(&sm.UserID, &sm.DisplayName, &sm.Email, &sm.Role, &sm.Seat); err != nil {
			return nil, dbError(err, "seat members")
		}
		out.Members = append(out.Members, sm)
	}
	return out, dbError(rows.Err(), "seat members")
}

// SeatOwnerTeam returns the owner's team and its current subscription.
// ENOTFOUND (MsgNoTeam), EFORBIDDEN (MsgTeamOwnerOnly).
func (s *SeatService) SeatOwnerTeam(ctx context.Context, callerID string) (*salescoach.Team, *salescoach.TeamSubscription, error) {
	r := s.db.r()
	ms, err := teamMembership(ctx, r, callerID)
	if err != nil {
		return nil, nil, err
	}
	if !salescoach.CanManageSeats(ms.Role) {
		return nil, nil, salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamOwnerOnly)
	}
	cur, err := currentTeamSubscription(ctx, r, ms.Team.ID)
	return &ms.Team, cur, err
}

// StartTeamSubscription stores a team subscription awaiting approval. See
// salescoach.SeatService.
func (s *SeatService) StartTeamSubscription(ctx context.Context, callerID string, sub *salescoach.TeamSubscription) error {
	if !salescoach.ValidSeatQuantity(sub.Quantity) {
		return salescoach.FieldError("quantity", salescoach.MsgSeatQuantity.With("max", salescoach.MaxSeats))
	}
	return s.db.inTx(ctx, func(r runner) error {
		m, cur, assigned, err := lockedSeats(ctx, r, callerID)
		if err != nil {
			return err
		}
		if cur != nil && cur.Active() {
			return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSeatsExist)
		}
		if sub.Quantity < assigned {
			return salescoach.FieldError("quantity", salescoach.MsgSeatsBelowAssigned)
		}
		now := s.db.now()
		if sub.UpdateTime.IsZero() {
			sub.UpdateTime = now
		}
		stored, err := scanTeamSubscription(r.queryRow(ctx, `INSERT INTO subscriptions (`+subscriptionColumns+`, team_id, seats)
			VALUES (?, ?, ?, ?, ?, ?, FALSE, NULL, NULL, ?, ?, ?)
			RETURNING `+teamSubscriptionColumns,
			newID(), callerID, sub.PayPalID, sub.PlanID, sub.Status, utc(sub.UpdateTime), utc(now), m.teamID, sub.Quantity))
		if err != nil {
			return conflictAs(dbError(err, "start team subscription"), salescoach.MsgSubscriptionTaken)
		}
		*sub = *stored
		return nil
	})
}

// SetSeatCount writes PayPal's quantity of a team subscription. See
// salescoach.SeatService.
func (s *SeatService) SetSeatCount(ctx context.Context, paypalID string, quantity int, at time.Time) error {
	if quantity < 0 {
		quantity = 0
	}
	_, err := s.db.r().exec(ctx, `UPDATE subscriptions SET seats = ?,
			pending_seats = CASE WHEN pending_seats = ? THEN NULL ELSE pending_seats END
		WHERE paypal_id = ? AND seats IS NOT NULL AND update_time <= ?`, quantity, quantity, paypalID, utc(at))
	return dbError(err, "set seat count")
}

// SetPendingSeats records or clears a quantity change awaiting approval.
// See salescoach.SeatService.
func (s *SeatService) SetPendingSeats(ctx context.Context, callerID, paypalID string, n int) error {
	return s.db.inTx(ctx, func(r runner) error {
		_, cur, assigned, err := lockedSeats(ctx, r, callerID)
		if err != nil {
			return err
		}
		if cur == nil || cur.PayPalID != paypalID {
			return notFound(salescoach.MsgSubscriptionMissing)
		}
		var pending any
		if n > 0 {
			if n < assigned {
				return salescoach.FieldError("quantity", salescoach.MsgSeatsBelowAssigned)
			}
			pending = n
		}
		_, err = r.exec(ctx, `UPDATE subscriptions SET pending_seats = ? WHERE id = ?`, pending, cur.ID)
		return dbError(err, "pending seats")
	})
}

// AssignSeat gives a member of the caller's team a seat. See
// salescoach.SeatService.
func (s *SeatService) AssignSeat(ctx context.Context, callerID, userID string, now time.Time) error {
	if !validID(userID) {
		return notFound(salescoach.MsgTeamMemberNotFound)
	}
	return s.db.inTx(ctx, func(r runner) error {
		m, cur, assigned, err := lockedSeats(ctx, r, callerID)
		if err != nil {
			return err
		}
		if _, err := targetRole(ctx, r, m.teamID, userID); err != nil {
			return err
		}
		var held int
		if err := r.queryRow(ctx, `SELECT COUNT(*) FROM team_seats WHERE user_id = ?`, userID).Scan(&held); err != nil {
			return dbError(err, "seat held")
		}
		if held > 0 {
			return nil
		}
		if err := seatFree(cur, assigned); err != nil {
			return err
		}
		return giveSeat(ctx, r, m.teamID, userID, now)
	})
}

// UnassignSeat takes a seat back. See salescoach.SeatService.
func (s *SeatService) UnassignSeat(ctx context.Context, callerID, userID string) error {
	if !validID(userID) {
		return notFound(salescoach.MsgTeamMemberNotFound)
	}
	return s.db.inTx(ctx, func(r runner) error {
		m, _, _, err := lockedSeats(ctx, r, callerID)
		if err != nil {
			return err
		}
		if _, err := targetRole(ctx, r, m.teamID, userID); err != nil {
			return err
		}
		_, err = r.exec(ctx, `DELETE FROM team_seats WHERE team_id = ? AND user_id = ?`, m.teamID, userID)
		return dbError(err, "unassign seat")
	})
}

// TeamSubscriptions lists the owner's team's subscriptions. See
// salescoach.SeatService.
func (s *SeatService) TeamSubscriptions(ctx context.Context, callerID string) ([]*salescoach.Subscription, error) {
	r := s.db.r()
	m, err := ownerOf(ctx, r, callerID)
	if err != nil {
		return nil, err
	}
	return subscriptionList(ctx, r, `team_id = ? AND seats IS NOT NULL`, m.teamID)
}

// subscriptionList reads the subscription rows that where selects (with
// args), newest first.
func subscriptionList(ctx context.Context, r runner, where string, args ...any) ([]*salescoach.Subscription, error) {
	rows, err := r.queryRows(ctx, `SELECT `+subscriptionColumns+` FROM subscriptions
		WHERE `+where+` ORDER BY update_time DESC, created_at DESC, id DESC`, args...)
	if err != nil {
		return nil, dbError(err, "subscriptions")
	}
	defer rows.Close()
	var out []*salescoach.Subscription
	for rows.Next() {
		sub, err := scanSubscription(rows)
		if err != nil {
			return nil, dbError(err, "subscriptions")
		}
		out = append(out, sub)
	}
	return out, dbError(rows.Err(), "subscriptions")
}

// SeatSubscription returns the current subscription of the team whose
// seat userID holds; ENOTFOUND without a seat or subscription.
func (s *SeatService) SeatSubscription(ctx context.Context, userID string) (*salescoach.Subscription, error) {
	if !validID(userID) {
		return nil, notFound(salescoach.MsgSubscriptionMissing)
	}
	t, err := scanTeamSubscription(s.db.r().queryRow(ctx, `SELECT `+teamSubscriptionColumns+` FROM subscriptions
		WHERE team_id = (SELECT team_id FROM team_seats WHERE user_id = ?) AND seats IS NOT NULL
		ORDER BY update_time DESC, created_at DESC, id DESC LIMIT 1`, userID))
	if noRows(err) {
		return nil, notFound(salescoach.MsgSubscriptionMissing)
	}
	if err != nil {
		return nil, dbError(err, "seat subscription")
	}
	return &t.Subscription, nil
}
