package httpapi

import (
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"salescoach"
)

// handleReferralCode answers the caller's referral code, creating it on the
// first call ('Link generieren'); the app builds the link {origin}/?ref={code}.
func (s *Server) handleReferralCode(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	code, err := s.Referrals.ReferralCode(r.Context(), u.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"code": code})
	return nil
}

// handleExistingReferralCode answers the caller's referral code without
// creating one ("" before 'Link generieren'), so the dashboard shows the
// link again after a reload.
func (s *Server) handleExistingReferralCode(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	code, err := s.Referrals.ExistingReferralCode(r.Context(), u.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"code": code})
	return nil
}

type referralJSON struct {
	CreatedAt   time.Time `json:"created_at"`
	DisplayName string    `json:"display_name"`
	// Initial is the first letter of the display name, else of the e-mail
	// address (which the referrer never sees), upper-cased; "" when there
	// is neither.
	Initial   string `json:"initial"`
	AvatarURL string `json:"avatar_url"`
}

// initialOf is the upper-cased first letter or digit of the display name,
// else of the e-mail address; "" when neither has one.
func initialOf(displayName, email string) string {
	for _, s := range []string{displayName, email} {
		for _, c := range strings.TrimSpace(s) {
			if unicode.IsLetter(c) || unicode.IsDigit(c) {
				return string(unicode.ToUpper(c))
			}
			if c == '@' || c == utf8.RuneError {
				break
			}
		}
	}
	return ""
}

// handleReferrals lists who signed up with the caller's code, newest first
// ('Registrierungen'), each with its initial for the avatar and the name of
// one without a display name.
func (s *Server) handleReferrals(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	list, err := s.Referrals.Referrals(r.Context(), u.ID)
	if err != nil {
		return err
	}
	out := make([]referralJSON, 0, len(list))
	for _, rs := range list {
		out = append(out, referralJSON{CreatedAt: rs.CreatedAt, DisplayName: rs.DisplayName, Initial: initialOf(rs.DisplayName, rs.Email),
			AvatarURL: s.avatarURL(rs.AvatarURL, rs.AvatarUpdatedAt, rs.CreatedAt)})
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// handleChallenges answers the nine challenges in display order with the
// caller's progress (see salescoach.ChallengeCardFor).
func (s *Server) handleChallenges(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	challenges, err := s.Catalog.Challenges(r.Context())
	if err != nil {
		return err
	}
	p, err := s.Users.ProfileByUserID(r.Context(), u.ID)
	if err != nil {
		return err
	}
	out := make([]salescoach.ChallengeCard, 0, len(challenges))
	for _, c := range challenges {
		out = append(out, salescoach.ChallengeCardFor(c, p.ChallengeValue(c.Key)))
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type subscriptionJSON struct {
	Tier   string `json:"tier"`
	Status string `json:"status"`
	// PayPalID is the PayPal subscription id the browser's cancel, undo and
	// plan change name.
	PayPalID          string     `json:"paypal_id"`
	PlanID            string     `json:"plan_id"`
	CancelAtPeriodEnd bool       `json:"cancel_at_period_end"`
	CancelAt          *time.Time `json:"cancel_at"`
	CycleStart        *time.Time `json:"cycle_start"`
}

// handleSubscription answers the caller's newest subscription: the tier its
// plan maps to (free, plus, elite; whether it is in force is the status,
// lower-cased, "" without any subscription), and its cancellation state.
func (s *Server) handleSubscription(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	out := subscriptionJSON{Tier: salescoach.PlanFree}
	sub, err := s.Training.Subscriptions.LatestSubscription(r.Context(), u.ID)
	switch salescoach.ErrorCode(err) {
	case "":
		out = s.subscriptionAnswer(sub)
	case salescoach.ENOTFOUND:
	default:
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
