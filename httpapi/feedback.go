package httpapi

import (
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"salescoach"
	"salescoach/auth"
)

// ownFeedbackLimit is how many of their own submissions the feedback page lists.
const ownFeedbackLimit = 20

// Feedback limits.
const (
	maxFeedbackEmailLength = 254
)

type feedbackRequest struct {
	Type    string `json:"type"`
	Subject string `json:"subject"`
	Message string `json:"message"`
	Email   string `json:"email"`
	Name    string `json:"name"`
}

// Valid trims the fields; the checks depend on whether the sender is signed
// in, so validate does them.
func (q *feedbackRequest) Valid() salescoach.Problems {
	q.Subject = strings.TrimSpace(q.Subject)
	q.Message = strings.TrimSpace(q.Message)
	q.Email = strings.TrimSpace(q.Email)
	q.Name = strings.TrimSpace(q.Name)
	return nil
}

// validate checks the submission. A signed-out sender must give an e-mail
// to be answered at; a given one must be valid either way.
func (q *feedbackRequest) validate(signedIn bool) salescoach.Problems {
	p := salescoach.Problems{}
	if !slices.Contains(salescoach.FeedbackTypes, q.Type) {
		p["type"] = salescoach.MsgFeedbackType
	}
	if q.Message == "" {
		p["message"] = salescoach.MsgFeedbackEmpty
	} else if utf8.RuneCountInString(q.Message) > salescoach.MaxFeedbackMessageRunes {
		p["message"] = salescoach.MsgFeedbackTooLong.With("max", salescoach.MaxFeedbackMessageRunes)
	}
	if utf8.RuneCountInString(q.Subject) > salescoach.MaxFeedbackSubjectRunes {
		p["subject"] = salescoach.MsgFeedbackSubject.With("max", salescoach.MaxFeedbackSubjectRunes)
	}
	if utf8.RuneCountInString(q.Name) > salescoach.MaxFeedbackNameRunes {
		p["name"] = salescoach.MsgFeedbackName.With("max", salescoach.MaxFeedbackNameRunes)
	}
	if q.Email != "" || !signedIn {
		if norm, err := auth.ValidateEmail(q.Email); err != nil || len(q.Email) > maxFeedbackEmailLength {
			p["email"] = salescoach.MsgEmailAddressInvalid
		} else {
			q.Email = norm
		}
	}
	return p
}

// feedbackJSON is a submission as its sender sees it.
type feedbackJSON struct {
	ID        string    `json:"id"`
	Type      string    `json:"type"`
	Subject   string    `json:"subject"`
	Message   string    `json:"message,omitempty"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

// handleFeedback stores a submission of the feedback page. Signing in is
// optional: a signed-in sender's account supplies the reply address and
// name when none is given, and earns the feedback counter and XP.
func (s *Server) handleFeedback(w http.ResponseWriter, r *http.Request) error {
	c := callerFrom(r.Context())
	limit := s.limits.feedbackAnon
	if c != nil {
		limit = s.limits.feedbackUser
	}
	if err := s.rateLimit(limit, s.ip.of(r)); err != nil {
		return err
	}
	var u *salescoach.User
	if c != nil {
		var err error
		if u, err = s.activeUser(r.Context(), c); err != nil {
			return err
		}
	}
	req, err := decode[*feedbackRequest](w, r, 0)
	if err != nil {
		return err
	}
	if p := req.validate(u != nil); len(p) > 0 {
		return salescoach.FieldErrors(p)
	}
	f := &salescoach.Feedback{Email: req.Email, Name: req.Name, Subject: req.Subject, Type: req.Type,
		Message: req.Message, CreatedAt: s.now()}
	if u != nil {
		f.UserID = &u.ID
		if f.Email == "" {
			f.Email = u.Email
		}
		if f.Name == "" {
			f.Name = truncateRunes(u.DisplayName, salescoach.MaxFeedbackNameRunes)
		}
	}
	if err := s.Feedback.CreateFeedback(r.Context(), f); err != nil {
		if u != nil && salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
			return errNoSession
		}
		return err
	}
	if u != nil {
		// The counter and XP changed with the submission.
		s.changed(r, u.ID, salescoach.ChangeProfile, salescoach.OpUpdate, u.ID)
		s.changed(r, u.ID, salescoach.ChangeUser, salescoach.OpUpdate, u.ID)
		s.changed(r, u.ID, salescoach.ChangeFeedback, salescoach.OpInsert, f.ID)
	}
	writeJSON(w, http.StatusCreated, feedbackJSON{ID: f.ID, Type: f.Type, Subject: f.Subject, Message: f.Message,
		Status: f.Status, CreatedAt: f.CreatedAt})
	return nil
}

// handleOwnFeedback lists the caller's newest submissions with their status.
func (s *Server) handleOwnFeedback(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	list, err := s.Feedback.UserFeedback(r.Context(), u.ID, ownFeedbackLimit)
	if err != nil {
		return err
	}
	out := make([]feedbackJSON, 0, len(list))
	for _, f := range list {
		out = append(out, feedbackJSON{ID: f.ID, Type: f.Type, Subject: f.Subject, Status: f.Status, CreatedAt: f.CreatedAt})
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// adminFeedbackJSON is a submission as the back-office lists it.
type adminFeedbackJSON struct {
	ID        string    `json:"id"`
	UserID    *string   `json:"user_id"`
	Email     string    `json:"email"`
	Name      string    `json:"name"`
	Subject   string    `json:"subject"`
	Type      string    `json:"type"`
	Message   string    `json:"message"`
	Status    string    `json:"status"`
	CreatedAt time.Time `json:"created_at"`
}

func toAdminFeedback(f *salescoach.Feedback) adminFeedbackJSON {
	return adminFeedbackJSON{ID: f.ID, UserID: f.UserID, Email: f.Email, Name: f.Name, Subject: f.Subject, Type: f.Type,
		Message: f.Message, Status: f.Status, CreatedAt: f.CreatedAt}
}

func (s *Server) handleAdminFeedback(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	p, err := pageOf(r)
	if err != nil {
		return err
	}
	list, total, err := s.Feedback.ListFeedback(r.Context(), p)
	if err != nil {
		return err
	}
	out := make([]adminFeedbackJSON, 0, len(list))
	for _, f := range list {
		out = append(out, toAdminFeedback(f))
	}
	writeJSON(w, http.StatusOK, pageJSON[adminFeedbackJSON]{Items: out, Total: total})
	return nil
}

type feedbackStatusRequest struct {
	Status string `json:"status"`
}

func (q *feedbackStatusRequest) Valid() salescoach.Problems {
	if !slices.Contains(salescoach.FeedbackStatuses, q.Status) {
		return salescoach.Problems{"status": salescoach.MsgUnknownStatus}
	}
	return nil
}

// handleAdminFeedbackStatus sets a submission's status; its sender's open
// tabs hear of it.
func (s *Server) handleAdminFeedbackStatus(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	id := r.PathValue("id")
	if !salescoach.IsUUID(id) {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgFeedbackNotFound)
	}
	req, err := decode[*feedbackStatusRequest](w, r, 0)
	if err != nil {
		return err
	}
	f, err := s.Feedback.SetFeedbackStatus(r.Context(), id, req.Status, s.now())
	switch salescoach.ErrorCode(err) {
	case "":
	case salescoach.ENOTFOUND:
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgFeedbackNotFound)
	case salescoach.EINVALID:
		return salescoach.FieldError("status", salescoach.MsgUnknownStatus)
	default:
		return err
	}
	if f.UserID != nil {
		s.changed(r, *f.UserID, salescoach.ChangeFeedback, salescoach.OpUpdate, f.ID)
	}
	writeJSON(w, http.StatusOK, toAdminFeedback(f))
	return nil
}

// truncateRunes cuts s to at most n runes.
func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
