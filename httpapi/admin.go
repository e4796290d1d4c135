package httpapi

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"salescoach"
	"salescoach/auth"
	"salescoach/mail"
)

// Admin limits.
const (
	maxQueryRunes = 200
	maxNameRunes  = 40 // of a first or last name: "First Last" fits a display name
)

// inviteTokenTTL is how long an invitation link works.
const inviteTokenTTL = 7 * 24 * time.Hour

// pageJSON is one page of a list with the number of all rows.
type pageJSON[T any] struct {
	Items []T `json:"items"`
	Total int `json:"total"`
}

// pageOf reads limit (1..100, default 50) and offset (≥ 0) from the query.
func pageOf(r *http.Request) (salescoach.Page, error) {
	p := salescoach.Page{Limit: salescoach.DefaultPageLimit}
	q := r.URL.Query()
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > salescoach.MaxPageLimit {
			return p, salescoach.FieldError("limit", salescoach.MsgBadPage)
		}
		p.Limit = n
	}
	if v := q.Get("offset"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return p, salescoach.FieldError("offset", salescoach.MsgBadPage)
		}
		p.Offset = n
	}
	return p, nil
}

// searchPageOf reads the search query q (at most 200 characters, trimmed)
// and the page of a searchable admin list.
func searchPageOf(r *http.Request) (string, salescoach.Page, error) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if utf8.RuneCountInString(q) > maxQueryRunes {
		return "", salescoach.Page{}, salescoach.FieldError("q", salescoach.MsgQueryTooLong.With("max", maxQueryRunes))
	}
	if hasControl(q) {
		return "", salescoach.Page{}, salescoach.FieldError("q", salescoach.MsgControlChar)
	}
	p, err := pageOf(r)
	return q, p, err
}

// adminUserJSON is AdminUserItem of the contract.
type adminUserJSON struct {
	ID             string `json:"id"`
	Email          string `json:"email"`
	DisplayName    string `json:"display_name"`
	IsAnonymous    bool   `json:"is_anonymous"`
	IsAdmin        bool   `json:"is_admin"`
	EmailConfirmed bool   `json:"email_confirmed"`
	Status         string `json:"status"`
	Level          int    `json:"level"`
	XP             int    `json:"xp"`
	Plan           string `json:"plan"`
	// SubscriptionStatus is the newest subscription's status, lower-cased.
	SubscriptionStatus string     `json:"subscription_status"`
	CreatedAt          time.Time  `json:"created_at"`
	LastActiveAt       *time.Time `json:"last_active_at"`
	// TeamName and TeamRole are the user's team and role; "" without one.
	TeamName string `json:"team_name"`
	TeamRole string `json:"team_role"`
}

// plans are the configured plan ids; billing holds them (the one source).
func (s *Server) plans() salescoach.PlanIDs {
	if s.Billing == nil {
		return salescoach.PlanIDs{}
	}
	return s.Billing.Plans
}

func (s *Server) toAdminUser(u *salescoach.AdminUser) adminUserJSON {
	return adminUserJSON{ID: u.ID, Email: u.Email, DisplayName: u.DisplayName, IsAnonymous: u.IsAnonymous,
		IsAdmin: u.IsAdmin, EmailConfirmed: u.EmailConfirmed, Status: u.Status, Level: u.Level, XP: u.XP,
		Plan: s.plans().Tier(u.PlanID), SubscriptionStatus: strings.ToLower(u.SubscriptionStatus),
		CreatedAt: u.CreatedAt, LastActiveAt: u.LastActiveAt, TeamName: u.TeamName, TeamRole: u.TeamRole}
}

func (s *Server) toAdminUsers(list []*salescoach.AdminUser) []adminUserJSON {
	out := make([]adminUserJSON, 0, len(list))
	for _, u := range list {
		out = append(out, s.toAdminUser(u))
	}
	return out
}

// handleAdminOverview answers the admin dashboard.
func (s *Server) handleAdminOverview(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	o, err := s.Admin.Overview(r.Context(), s.now())
	if err != nil {
		return err
	}
	perDay := o.NewUsersPerDay
	if perDay == nil {
		perDay = []salescoach.DayCount{}
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"users": o.Users, "activeSessions": o.ActiveSessions, "openFeedback": o.OpenFeedback,
		"chatsToday": o.ChatsToday, "chatsMonth": o.ChatsMonth, "newUsersPerDay": perDay,
		"newestUsers": s.toAdminUsers(o.NewestUsers),
	})
	return nil
}

func (s *Server) handleAdminUsers(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	q, p, err := searchPageOf(r)
	if err != nil {
		return err
	}
	list, total, err := s.Admin.ListUsers(r.Context(), q, p)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, pageJSON[adminUserJSON]{Items: s.toAdminUsers(list), Total: total})
	return nil
}

// adminTeamJSON is AdminTeamItem of the contract.
type adminTeamJSON struct {
	ID                 string           `json:"id"`
	Name               string           `json:"name"`
	OwnerID            string           `json:"owner_id"`
	OwnerEmail         string           `json:"owner_email"`
	Members            int              `json:"members"`
	Seats              int              `json:"seats"`
	SeatsAssigned      int              `json:"seats_assigned"`
	SubscriptionStatus string           `json:"subscription_status"`
	CancelAtPeriodEnd  bool             `json:"cancel_at_period_end"`
	CreatedAt          time.Time        `json:"created_at"`
	SSO                adminTeamSSOJSON `json:"sso"`
}

// adminTeamSSOJSON is a team's company sign-in in the admins' list.
type adminTeamSSOJSON struct {
	State    string   `json:"state"`
	Domains  []string `json:"domains"`
	Enforced bool     `json:"enforced"`
}

// handleAdminTeams lists teams with their owner, size and seats.
func (s *Server) handleAdminTeams(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	q, p, err := searchPageOf(r)
	if err != nil {
		return err
	}
	list, total, err := s.Admin.ListTeams(r.Context(), q, p)
	if err != nil {
		return err
	}
	sso := map[string]salescoach.AdminTeamSSO{}
	if s.TeamSSO != nil {
		ids := make([]string, 0, len(list))
		for _, t := range list {
			ids = append(ids, t.ID)
		}
		if sso, err = s.TeamSSO.AdminTeamSSO(r.Context(), ids); err != nil {
			return err
		}
	}
	items := make([]adminTeamJSON, 0, len(list))
	for _, t := range list {
		state := adminTeamSSOJSON{State: salescoach.SSOStateOff, Domains: []string{}}
		if a, ok := sso[t.ID]; ok {
			state = adminTeamSSOJSON{State: a.State, Domains: a.Domains, Enforced: a.Enforced}
		}
		items = append(items, adminTeamJSON{ID: t.ID, Name: t.Name, OwnerID: t.OwnerID, OwnerEmail: t.OwnerEmail,
			Members: t.Members, Seats: t.Seats, SeatsAssigned: t.SeatsAssigned,
			SubscriptionStatus: strings.ToLower(t.SubscriptionStatus), CancelAtPeriodEnd: t.CancelAtPeriodEnd, CreatedAt: t.CreatedAt,
			SSO: state})
	}
	writeJSON(w, http.StatusOK, pageJSON[adminTeamJSON]{Items: items, Total: total})
	return nil
}

type createUserRequest struct {
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Email     string `json:"email"`
}

// Valid checks the three required fields. Unlike other forms the headline is
// the first problem in the form's order (first name, last name, e-mail), so
// it checks them itself; see handleAdminCreateUser.
func (q *createUserRequest) Valid() salescoach.Problems {
	q.FirstName = strings.Join(strings.Fields(q.FirstName), " ")
	q.LastName = strings.Join(strings.Fields(q.LastName), " ")
	q.Email = strings.TrimSpace(q.Email)
	return nil
}

func (q *createUserRequest) validate() error {
	p := salescoach.Problems{}
	var order []string
	add := func(field string, msg salescoach.Msg) {
		p[field] = msg
		order = append(order, field)
	}
	switch {
	case q.FirstName == "":
		add("first_name", salescoach.MsgFirstNameMissing)
	case utf8.RuneCountInString(q.FirstName) > maxNameRunes:
		add("first_name", salescoach.MsgFirstNameTooLong.With("max", maxNameRunes))
	}
	switch {
	case q.LastName == "":
		add("last_name", salescoach.MsgLastNameMissing)
	case utf8.RuneCountInString(q.LastName) > maxNameRunes:
		add("last_name", salescoach.MsgLastNameTooLong.With("max", maxNameRunes))
	}
	if norm, err := auth.ValidateEmail(q.Email); err != nil {
		add("email", salescoach.MsgEmailAddressInvalid)
	} else {
		q.Email = norm
	}
	if len(order) > 0 {
		return &salescoach.Error{Code: salescoach.EINVALID, Msg: p[order[0]], Fields: p}
	}
	return nil
}

// handleAdminCreateUser creates an account for someone and mails them an
// invitation: a link to set their password, which also confirms the
// address.
func (s *Server) handleAdminCreateUser(w http.ResponseWriter, r *http.Request, admin *salescoach.User) error {
	req, err := decode[*createUserRequest](w, r, 0)
	if err != nil {
		return err
	}
	if err := req.validate(); err != nil {
		return err
	}
	ctx := r.Context()
	u, err := s.Users.CreateUser(ctx, salescoach.NewUser{Email: req.Email, DisplayName: truncateRunes(req.FirstName+" "+req.LastName, salescoach.MaxDisplayNameRunes)})
	if salescoach.ErrorCode(err) == salescoach.ECONFLICT {
		return &salescoach.Error{Code: salescoach.ECONFLICT, Msg: salescoach.MsgEmailRegistered, Fields: map[string]salescoach.Msg{"email": salescoach.MsgEmailRegistered}}
	} else if err != nil {
		return err
	}
	if err := s.sendInvitation(r, u, admin); err != nil {
		s.log.ErrorContext(ctx, "invitation mail failed", "user_id", u.ID, "err", err)
		return &salescoach.Error{Code: salescoach.EUNAVAILABLE, Msg: salescoach.MsgInviteNotSent,
			Details: salescoach.MsgInviteNotSentHint}
	}
	au, err := s.Admin.AdminUserByID(ctx, u.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, s.toAdminUser(au))
	return nil
}

// sendInvitation queues a mail to u with a link that sets their password.
func (s *Server) sendInvitation(r *http.Request, u, inviter *salescoach.User) error {
	raw := auth.NewOpaqueToken()
	now := s.now()
	m := mail.Invitation(mailLanguage(r), s.cfg.PublicURL+"/app/login?invite="+url.QueryEscape(raw), inviter.DisplayName)
	return s.queueTokenMail(r.Context(), u, m, &salescoach.OneTimeToken{
		TokenHash: auth.HashToken(raw), Purpose: salescoach.TokenInvite, UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(inviteTokenTTL),
	})
}

type patchUserRequest struct {
	IsAdmin *bool   `json:"is_admin"`
	Status  *string `json:"status"`
}

func (q *patchUserRequest) Valid() salescoach.Problems {
	if q.Status != nil && *q.Status != salescoach.UserStatusActive && *q.Status != salescoach.UserStatusDisabled {
		return salescoach.Problems{"status": salescoach.MsgUnknownStatus}
	}
	return nil
}

// handleAdminPatchUser grants or revokes admin and disables or re-enables an
// account. Disabling ends the user's sessions at once: every refresh token
// is revoked, and their open live-update streams close (see
// handleRealtime). Admins cannot lock themselves out.
func (s *Server) handleAdminPatchUser(w http.ResponseWriter, r *http.Request, admin *salescoach.User) error {
	id := r.PathValue("id")
	if !salescoach.IsUUID(id) {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgUserNotFound)
	}
	req, err := decode[*patchUserRequest](w, r, 0)
	if err != nil {
		return err
	}
	if strings.EqualFold(id, admin.ID) && ((req.IsAdmin != nil && !*req.IsAdmin) ||
		(req.Status != nil && *req.Status == salescoach.UserStatusDisabled)) {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgNotOnSelf)
	}
	ctx := r.Context()
	before, err := s.Admin.AdminUserByID(ctx, id)
	if err != nil {
		return userNotFound(err)
	}
	changed := false
	if req.IsAdmin != nil && *req.IsAdmin != before.IsAdmin {
		if err := s.Admin.SetUserAdmin(ctx, before.ID, *req.IsAdmin); err != nil {
			return userNotFound(err)
		}
		changed = true
	}
	if req.Status != nil && *req.Status != before.Status {
		if err := s.Users.SetStatus(ctx, before.ID, *req.Status); err != nil {
			return userNotFound(err)
		}
		if *req.Status == salescoach.UserStatusDisabled {
			if err := s.Sessions.RevokeUserTokens(ctx, before.ID, "", s.now()); err != nil {
				return err
			}
		}
		changed = true
	}
	if changed {
		// The user's tabs refetch; a disabled user's streams end on it.
		s.changed(r, before.ID, salescoach.ChangeUser, salescoach.OpUpdate, before.ID)
	}
	after, err := s.Admin.AdminUserByID(ctx, before.ID)
	if err != nil {
		return userNotFound(err)
	}
	writeJSON(w, http.StatusOK, s.toAdminUser(after))
	return nil
}

// userNotFound gives a store's ENOTFOUND the contract's text.
func userNotFound(err error) error {
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgUserNotFound)
	}
	return err
}

// adminConversationJSON is a conversation as the back-office lists it.
type adminConversationJSON struct {
	ID           string     `json:"id"`
	UserID       string     `json:"user_id"`
	UserEmail    string     `json:"user_email"`
	Title        string     `json:"title"`
	Mode         string     `json:"mode"`
	MessageCount int        `json:"message_count"`
	CreatedAt    time.Time  `json:"created_at"`
	CompletedAt  *time.Time `json:"completed_at"`
	DeletedAt    *time.Time `json:"deleted_at"`
}

func (s *Server) handleAdminConversations(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	q, p, err := searchPageOf(r)
	if err != nil {
		return err
	}
	list, total, err := s.Admin.ListConversations(r.Context(), q, p)
	if err != nil {
		return err
	}
	out := make([]adminConversationJSON, 0, len(list))
	for _, c := range list {
		out = append(out, adminConversationJSON{ID: c.ID, UserID: c.UserID, UserEmail: c.UserEmail, Title: c.Title,
			Mode: c.Mode, MessageCount: c.MessageCount, CreatedAt: c.CreatedAt, CompletedAt: c.CompletedAt, DeletedAt: c.DeletedAt})
	}
	writeJSON(w, http.StatusOK, pageJSON[adminConversationJSON]{Items: out, Total: total})
	return nil
}
