package httpapi

import (
	"net/http"
	"strings"
	"time"

	"salescoach"
	"salescoach/billing"
)

// Seats (issue 27 point 6): the owner buys the team plan's seats, changes
// their number and assigns them. Who may is decided in the store
// (salescoach.SeatService: the owner only, 403 team_owner_only for managers
// and members, 404 for users outside the team); PayPal's part is billing's.

// seatSummaryJSON is GET /api/team's seats: what every member sees.
type seatSummaryJSON struct {
	Quantity int    `json:"quantity"`
	Assigned int    `json:"assigned"`
	Status   string `json:"status"`
}

// seatMemberJSON is one member on the seat page.
type seatMemberJSON struct {
	UserID      string `json:"userId"`
	DisplayName string `json:"displayName"`
	Email       string `json:"email"`
	Role        string `json:"role"`
	Seat        bool   `json:"seat"`
}

// seatsJSON is GET /api/team/seats: the owner's seat page.
type seatsJSON struct {
	seatSummaryJSON
	// Configured: seats can be bought (payments and PAYPAL_PLAN_TEAM).
	Configured      bool             `json:"configured"`
	PricePerSeat    int              `json:"pricePerSeat"`
	MaxSeats        int              `json:"maxSeats"`
	SubscriptionID  string           `json:"subscriptionId"`
	PendingQuantity int              `json:"pendingQuantity"`
	CancelPending   bool             `json:"cancelAtPeriodEnd"`
	CancelAt        *time.Time       `json:"cancelAt"`
	Members         []seatMemberJSON `json:"members"`
}

func toSeatSummary(st *salescoach.Seats) seatSummaryJSON {
	return seatSummaryJSON{Quantity: st.Quantity, Assigned: st.Assigned, Status: st.Status}
}

// teamSeats is GET /api/team's seats of the caller's team; zero without
// seats configured.
func (s *Server) teamSeats(r *http.Request, userID string) (seatSummaryJSON, error) {
	if s.Seats == nil {
		return seatSummaryJSON{}, nil
	}
	st, err := s.Seats.TeamSeats(r.Context(), userID)
	if err != nil {
		return seatSummaryJSON{}, err
	}
	return toSeatSummary(st), nil
}

func (s *Server) requireSeats(next userHandlerFunc) http.Handler {
	return s.requireTeams(func(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
		if s.Seats == nil {
			return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgNoTeam)
		}
		return next(w, r, u)
	})
}

// writeSeats answers the owner's seat page.
func (s *Server) writeSeats(w http.ResponseWriter, r *http.Request, u *salescoach.User, status int) error {
	if _, _, err := s.Seats.SeatOwnerTeam(r.Context(), u.ID); err != nil {
		return err
	}
	st, err := s.Seats.TeamSeats(r.Context(), u.ID)
	if err != nil {
		return err
	}
	out := seatsJSON{seatSummaryJSON: toSeatSummary(st), Configured: s.Billing.SeatsConfigured(),
		PricePerSeat: billing.PriceSeat, MaxSeats: salescoach.MaxSeats, Members: make([]seatMemberJSON, 0, len(st.Members))}
	if sub := st.Subscription; sub != nil {
		out.SubscriptionID, out.PendingQuantity = sub.PayPalID, sub.PendingQuantity
		out.CancelPending, out.CancelAt = sub.CancelAtPeriodEnd, sub.CancelAt
	}
	for _, m := range st.Members {
		out.Members = append(out.Members, seatMemberJSON{UserID: m.UserID, DisplayName: m.DisplayName, Email: m.Email, Role: m.Role, Seat: m.Seat})
	}
	writeJSON(w, status, out)
	return nil
}

// handleTeamSeats answers the owner's seat page.
func (s *Server) handleTeamSeats(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	return s.writeSeats(w, r, u, http.StatusOK)
}

type seatQuantityRequest struct {
	Quantity int `json:"quantity"`
}

func (q *seatQuantityRequest) Valid() salescoach.Problems {
	if !salescoach.ValidSeatQuantity(q.Quantity) {
		return salescoach.Problems{"quantity": salescoach.MsgSeatQuantity.With("max", salescoach.MaxSeats)}
	}
	return nil
}

// handleBuySeats starts the checkout of quantity seats: 201 {approveUrl},
// PayPal's page where the owner approves; PayPal sends them back to
// /app/team/seats?paypal=approved&subscription_id=....
func (s *Server) handleBuySeats(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*seatQuantityRequest](w, r, 0)
	if err != nil {
		return err
	}
	link, err := s.Billing.BuySeats(r.Context(), u.ID, req.Quantity)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]string{"approveUrl": link})
	return nil
}

// handleReviseSeats asks PayPal to change the number of seats: {approveUrl}
// where the owner approves it. Below the seats assigned: 400.
func (s *Server) handleReviseSeats(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*seatQuantityRequest](w, r, 0)
	if err != nil {
		return err
	}
	link, err := s.Billing.ReviseSeats(r.Context(), u.ID, req.Quantity)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"approveUrl": link})
	return nil
}

type confirmSeatsRequest struct {
	SubscriptionID string `json:"subscriptionID"`
}

func (q *confirmSeatsRequest) Valid() salescoach.Problems {
	q.SubscriptionID = strings.TrimSpace(q.SubscriptionID)
	if !billing.ValidSubscriptionID(q.SubscriptionID) {
		return salescoach.Problems{"subscriptionID": salescoach.MsgSubscriptionID}
	}
	return nil
}

// handleConfirmSeats reads the team subscription back from PayPal after the
// owner came back from approving, and answers the seat page.
func (s *Server) handleConfirmSeats(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*confirmSeatsRequest](w, r, 0)
	if err != nil {
		return err
	}
	if err := s.Billing.ConfirmSeats(r.Context(), u.ID, req.SubscriptionID); err != nil {
		return err
	}
	return s.writeSeats(w, r, u, http.StatusOK)
}

type cancelSeatsRequest struct {
	Reason string `json:"reason,omitempty"`
}

func (q *cancelSeatsRequest) Valid() salescoach.Problems {
	q.Reason = strings.TrimSpace(q.Reason)
	return nil
}

// handleCancelSeats ends the team subscription at the end of the paid
// period (seats keep Plus until then), and answers the seat page.
func (s *Server) handleCancelSeats(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*cancelSeatsRequest](w, r, 0)
	if err != nil {
		return err
	}
	if _, err := s.Billing.CancelSeats(r.Context(), u.ID, req.Reason); err != nil {
		return err
	}
	return s.writeSeats(w, r, u, http.StatusOK)
}

// uncancelSeatsRequest is POST /api/team/seats/uncancel's optional body:
// an empty object.
type uncancelSeatsRequest struct{}

func (q *uncancelSeatsRequest) Valid() salescoach.Problems { return nil }

// handleUncancelSeats undoes the cancellation before the period ends.
func (s *Server) handleUncancelSeats(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	// It takes no body; one that is sent must be a JSON object, as
	// everywhere.
	if r.ContentLength != 0 {
		if _, err := decode[*uncancelSeatsRequest](w, r, 0); err != nil {
			return err
		}
	}
	if _, err := s.Billing.UncancelSeats(r.Context(), u.ID); err != nil {
		return err
	}
	return s.writeSeats(w, r, u, http.StatusOK)
}

// handleAssignSeat gives a member a seat and answers the seat page; all
// seats taken or no active team subscription: 409.
func (s *Server) handleAssignSeat(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	userID := r.PathValue("userId")
	if err := s.Seats.AssignSeat(r.Context(), u.ID, userID, s.now()); err != nil {
		return err
	}
	s.changed(r, userID, salescoach.ChangeUser, salescoach.OpUpdate, userID)
	return s.writeSeats(w, r, u, http.StatusOK)
}

// handleUnassignSeat takes a member's seat back and answers the seat page.
func (s *Server) handleUnassignSeat(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	userID := r.PathValue("userId")
	if err := s.Seats.UnassignSeat(r.Context(), u.ID, userID); err != nil {
		return err
	}
	s.changed(r, userID, salescoach.ChangeUser, salescoach.OpUpdate, userID)
	return s.writeSeats(w, r, u, http.StatusOK)
}
