package httpapi

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"
	"unicode/utf8"

	"salescoach"
	"salescoach/auth"
	"salescoach/mail"
)

// Teams (issue 27). Who may do what is decided in salescoach.TeamService
// (the store checks the caller's role and team before it touches a row);
// the handlers decode, call and convert. Without a team every /api/team*
// answer is 404 team_not_found; a member calling a manager's endpoint gets
// 403 team_forbidden; another team's ids are 404.

// teamJSON is GET /api/team's answer.
type teamJSON struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Role        string `json:"role"`
	MemberCount int    `json:"memberCount"`
	// Seats are the team plan's seats: paid, assigned, and the team
	// subscription's PayPal status ("" until seats are sold).
	Seats seatSummaryJSON `json:"seats"`
	// JoinURL is the team's join link, for owners and managers only.
	JoinURL string `json:"joinUrl,omitempty"`
}

func (s *Server) toTeamJSON(ms *salescoach.Membership) teamJSON {
	out := teamJSON{ID: ms.Team.ID, Name: ms.Team.Name, Role: ms.Role, MemberCount: ms.MemberCount}
	if salescoach.IsManager(ms.Role) {
		out.JoinURL = s.teamJoinURL(ms.Team.JoinToken)
	}
	return out
}

// teamJoinURL is the app's join page with token.
func (s *Server) teamJoinURL(token string) string {
	return s.cfg.PublicURL + "/app/team/join?token=" + url.QueryEscape(token)
}

type createTeamRequest struct {
	Name string `json:"name"`
}

func (q *createTeamRequest) Valid() salescoach.Problems {
	name, problem := salescoach.NormalizeTeamName(q.Name)
	if problem != nil {
		return salescoach.Problems{"name": *problem}
	}
	q.Name = name
	return nil
}

// handleCreateTeam founds a team with the caller as owner: 201 {id, name,
// role: "owner", ...}.
func (s *Server) handleCreateTeam(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*createTeamRequest](w, r, 0)
	if err != nil {
		return err
	}
	ms, err := s.Teams.CreateTeam(r.Context(), u, req.Name, auth.NewOpaqueToken(), s.now())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, s.toTeamJSON(ms))
	return nil
}

func (s *Server) handleMyTeam(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	ms, err := s.Teams.MyTeam(r.Context(), u.ID)
	if err != nil {
		return err
	}
	out := s.toTeamJSON(ms)
	if out.Seats, err = s.teamSeats(r, u.ID); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type inviteRequest struct {
	Email string `json:"email"`
	Role  string `json:"role"`
}

func (q *inviteRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	addr, ok := salescoach.NormalizeInviteEmail(q.Email)
	if !ok {
		p["email"] = salescoach.MsgTeamInvitationEmailInvalid
	}
	q.Email = addr
	if q.Role == "" {
		q.Role = salescoach.RoleMember
	}
	if q.Role != salescoach.RoleManager && q.Role != salescoach.RoleMember {
		p["role"] = salescoach.MsgTeamBadRole
	}
	return p
}

// handleInvite invites an address to the caller's team: the invitation
// (its token stored hashed; a pending one to the same address replaced) and
// then its mail through the outbox. When the mail cannot be queued, the
// invitation is removed again.
func (s *Server) handleInvite(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.teamInvite, u.ID); err != nil {
		return err
	}
	req, err := decode[*inviteRequest](w, r, 0)
	if err != nil {
		return err
	}
	raw, now := auth.NewOpaqueToken(), s.now()
	inv := &salescoach.Invitation{Email: req.Email, Role: req.Role, TokenHash: auth.HashToken(raw),
		CreatedAt: now, ExpiresAt: now.Add(salescoach.InvitationTTL)}
	team, err := s.Teams.CreateInvitation(r.Context(), u.ID, inv)
	if err != nil {
		return err
	}
	if err := s.mailInvitation(r, u, team, inv, raw); err != nil {
		if derr := s.Teams.DeleteInvitation(context.WithoutCancel(r.Context()), inv.ID); derr != nil {
			s.log.ErrorContext(r.Context(), "team: invitation left after its mail failed", "invitation_id", inv.ID, "err", derr)
		}
		return err
	}
	writeJSON(w, http.StatusCreated, toInvitationSentJSON(inv))
	return nil
}

// mailInvitation queues the invitation's mail with the link
// <PUBLIC_URL>/app/team/join?token=<raw> under the inviter's account (the
// outbox's mails belong to an account; the invited person may have none),
// given up when the invitation expires.
func (s *Server) mailInvitation(r *http.Request, inviter *salescoach.User, team *salescoach.Team, inv *salescoach.Invitation, raw string) error {
	m := mail.TeamInvitation(mailLanguage(r), team.Name, s.teamJoinURL(raw))
	m.To = inv.Email
	return s.Outbox.Enqueue(r.Context(), &salescoach.OutboxMail{UserID: inviter.ID, Message: m, CreatedAt: s.now(),
		GiveUpAt: inv.ExpiresAt})
}

// invitationSentJSON is what inviting and sending again answer.
type invitationSentJSON struct {
	ID        string    `json:"id"`
	Email     string    `json:"email"`
	Role      string    `json:"role"`
	ExpiresAt time.Time `json:"expiresAt"`
}

func toInvitationSentJSON(inv *salescoach.Invitation) invitationSentJSON {
	return invitationSentJSON{ID: inv.ID, Email: inv.Email, Role: inv.Role, ExpiresAt: inv.ExpiresAt}
}

// invitationJSON is a pending invitation in the owner's list.
type invitationJSON struct {
	ID        string    `json:"id"`
	Email     string    `json:"email"`
	Role      string    `json:"role"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// handlePendingInvitations lists the team's pending invitations for its
// owner and managers.
func (s *Server) handlePendingInvitations(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	list, err := s.Teams.PendingInvitations(r.Context(), u.ID, s.now())
	if err != nil {
		return err
	}
	items := make([]invitationJSON, 0, len(list))
	for _, inv := range list {
		items = append(items, invitationJSON{ID: inv.ID, Email: inv.Email, Role: inv.Role, CreatedAt: inv.CreatedAt, ExpiresAt: inv.ExpiresAt})
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items})
	return nil
}

// handleResendInvitation sends an unused invitation again ('Erneut
// senden'): a new token and expiry, so the old link stops working, and a
// new mail. It counts as an invitation against the inviter's limit.
func (s *Server) handleResendInvitation(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.teamInvite, u.ID); err != nil {
		return err
	}
	raw := auth.NewOpaqueToken()
	inv, team, err := s.Teams.RenewInvitation(r.Context(), u.ID, r.PathValue("id"), auth.HashToken(raw),
		s.now().Add(salescoach.InvitationTTL))
	if err != nil {
		return err
	}
	// A mail that cannot be queued leaves the invitation with a link
	// nobody has; sending again gives it a working one.
	if err := s.mailInvitation(r, u, team, inv, raw); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toInvitationSentJSON(inv))
	return nil
}

// handleRevokeInvitation withdraws an unused invitation ('Zurückziehen').
func (s *Server) handleRevokeInvitation(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.Teams.RevokeInvitation(r.Context(), u.ID, r.PathValue("id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type joinTeamRequest struct {
	Token string `json:"token"`
}

func (q *joinTeamRequest) Valid() salescoach.Problems {
	if q.Token == "" || len(q.Token) > 200 {
		return salescoach.Problems{"token": salescoach.MsgTeamInvitationInvalid}
	}
	return nil
}

// handleJoinTeam joins the caller to the team of an invitation token or a
// join link's token. It counts against the mail-link attempts of the
// caller's address, as confirming and resetting do.
func (s *Server) handleJoinTeam(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.tokenUse, s.ip.of(r)); err != nil {
		return err
	}
	req, err := decode[*joinTeamRequest](w, r, 0)
	if err != nil {
		return err
	}
	ms, err := s.Teams.Join(r.Context(), u, auth.HashToken(req.Token), req.Token, s.now())
	var e *salescoach.Error
	if errors.As(err, &e) && e.Msg.Key == salescoach.MsgTeamInvitationOtherEmail.Key {
		// The invitation is another address's: the answer names it for
		// the page, which offers to sign out and in with it.
		status, body := errorPayload(w, r, s.log, err)
		body.InvitedEmail, _ = e.Msg.Params["email"].(string)
		writeJSON(w, status, body)
		return nil
	}
	if err != nil {
		return err
	}
	s.tellManagers(r.Context(), u.ID)
	writeJSON(w, http.StatusOK, s.toTeamJSON(ms))
	return nil
}

// handleInvitationTeam answers GET /api/team/invitation?token=: the name
// of the team an invitation or join link leads into, for the sign-in page
// it opens before anyone signs in (no session needed: the token is the
// proof, and it is rate-limited per address as every token's use is).
func (s *Server) handleInvitationTeam(w http.ResponseWriter, r *http.Request) error {
	if s.Teams == nil {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgTeamInvitationInvalid)
	}
	if err := s.rateLimit(s.limits.tokenUse, s.ip.of(r)); err != nil {
		return err
	}
	token := r.URL.Query().Get("token")
	if err := (&joinTeamRequest{Token: token}).Valid(); err != nil {
		return salescoach.FieldErrors(err)
	}
	name, err := s.Teams.InvitationTeam(r.Context(), auth.HashToken(token), token, s.now())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"teamName": name})
	return nil
}

// joinInvitedTeam joins a user whose address was just confirmed to the
// team that invited it before they had an account. A failure is logged:
// the confirmation stands, and the link in the mail still works.
func (s *Server) joinInvitedTeam(ctx context.Context, u *salescoach.User) {
	if s.Teams == nil {
		return
	}
	ms, err := s.Teams.JoinByEmail(ctx, u, s.now())
	if err != nil {
		s.log.ErrorContext(ctx, "team: joining on confirmation failed", "user_id", u.ID, "err", err)
		return
	}
	if ms != nil {
		s.tellManagers(ctx, u.ID)
	}
}

// handleResetJoinLink gives the team a new join link (owner only); the old
// one stops working.
func (s *Server) handleResetJoinLink(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	team, err := s.Teams.ResetJoinToken(r.Context(), u.ID, auth.NewOpaqueToken())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"url": s.teamJoinURL(team.JoinToken)})
	return nil
}

// memberJSON is a row of the members table.
type memberJSON struct {
	UserID          string         `json:"userId"`
	DisplayName     string         `json:"displayName"`
	Email           string         `json:"email"`
	Role            string         `json:"role"`
	JoinedAt        time.Time      `json:"joinedAt"`
	LastActivity    *time.Time     `json:"lastActivity"`
	Chats           int            `json:"chats"`
	Answers         int            `json:"answers"`
	Techniques      map[string]int `json:"techniques"`
	WeakestFamilies []string       `json:"weakestFamilies"`
}

func toMemberJSON(m *salescoach.Member) memberJSON {
	return memberJSON{UserID: m.UserID, DisplayName: m.DisplayName, Email: m.Email, Role: m.Role, JoinedAt: m.JoinedAt,
		LastActivity: m.LastActivity, Chats: m.Chats, Answers: m.Answers, Techniques: m.Techniques, WeakestFamilies: m.WeakestFamilies}
}

// teamRange reads ?range= (7, 30 or 90 days; 30 when absent).
func teamRange(r *http.Request) (int, error) {
	q := r.URL.Query()
	days, err := rangeDays(q.Get("range"), salescoach.DefaultProgressRange)
	if err != nil || len(q["range"]) > 1 {
		return 0, salescoach.FieldError("range", salescoach.MsgBadPeriod)
	}
	return days, nil
}

// handleTeamMembers answers one page of the members table:
// ?q= searches name and e-mail, ?sort= one of name, email, role, joinedAt,
// lastActivity, chats, answers (a leading "-" descends), ?page= from 1,
// ?range= the period of the figures (7, 30, 90 days).
func (s *Server) handleTeamMembers(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	days, err := teamRange(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	page := 1
	if p := q.Get("page"); p != "" {
		if page, err = strconv.Atoi(p); err != nil || page < 1 || page > 100_000 {
			return salescoach.FieldError("page", salescoach.MsgInvalidData)
		}
	}
	if utf8.RuneCountInString(q.Get("q")) > salescoach.MaxTeamSearchRune {
		return salescoach.FieldError("q", salescoach.MsgInvalidData)
	}
	if len(q["sort"]) > 1 {
		return salescoach.FieldError("sort", salescoach.MsgTeamBadSort)
	}
	res, err := s.Teams.Members(r.Context(), u.ID, salescoach.MemberQuery{Search: q.Get("q"), Sort: q.Get("sort"), Page: page, Days: days}, s.now())
	if err != nil {
		return err
	}
	members := make([]memberJSON, 0, len(res.Members))
	for _, m := range res.Members {
		members = append(members, toMemberJSON(m))
	}
	writeJSON(w, http.StatusOK, map[string]any{"members": members, "total": res.Total, "page": res.Page,
		"pageSize": res.PageSize, "range": days})
	return nil
}

// memberTranscriptJSON is a chat on a member's page whose transcript the
// caller reads at GET /api/team/conversations/{id}.
type memberTranscriptJSON struct {
	ConversationID string     `json:"conversationId"`
	Title          string     `json:"title"`
	Mode           string     `json:"mode"`
	Difficulty     *int       `json:"difficulty"` // null for an exam, as in a chat's JSON
	CreatedAt      time.Time  `json:"createdAt"`
	CompletedAt    *time.Time `json:"completedAt"`
	Score          *int       `json:"score"`
	SharedAt       *time.Time `json:"sharedAt"`
	// Assignment names the team's assignment the chat was started on.
	Assignment *assignmentRefJSON `json:"assignment"`
}

type assignmentRefJSON struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

func toMemberTranscriptJSON(t *salescoach.MemberTranscript) memberTranscriptJSON {
	out := memberTranscriptJSON{ConversationID: t.ConversationID, Title: t.Title, Mode: t.Mode, CreatedAt: t.CreatedAt,
		CompletedAt: t.CompletedAt, Score: t.Score, SharedAt: t.SharedAt}
	if t.Mode == salescoach.ModePractice {
		d := t.Difficulty
		out.Difficulty = &d
	}
	if t.AssignmentID != "" {
		out.Assignment = &assignmentRefJSON{ID: t.AssignmentID, Title: t.AssignmentTitle}
	}
	return out
}

// handleTeamMember answers a member's page: the table's row, their
// progress report over ?range= (techniques, weeks, families, evaluated
// exams with their totals) and the chats whose transcripts the caller may
// read (shared with the team, exams of its assignments) — what
// docs/privacy.md says managers see.
func (s *Server) handleTeamMember(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	days, err := teamRange(r)
	if err != nil {
		return err
	}
	m, err := s.Teams.Member(r.Context(), u.ID, r.PathValue("userId"), days, s.now())
	if err != nil {
		return err
	}
	rep, err := s.Skills.Progress(r.Context(), m.UserID, days, s.now())
	if err != nil {
		return err
	}
	list, err := s.Teams.MemberTranscripts(r.Context(), u.ID, m.UserID)
	if err != nil {
		return err
	}
	transcripts := make([]memberTranscriptJSON, 0, len(list))
	for _, t := range list {
		transcripts = append(transcripts, toMemberTranscriptJSON(t))
	}
	writeJSON(w, http.StatusOK, map[string]any{"member": toMemberJSON(m), "progress": rep, "transcripts": transcripts})
	return nil
}

type setRoleRequest struct {
	Role string `json:"role"`
}

func (q *setRoleRequest) Valid() salescoach.Problems {
	if !salescoach.ValidRole(q.Role) {
		return salescoach.Problems{"role": salescoach.MsgTeamBadRole}
	}
	return nil
}

// handleSetMemberRole changes a member's role (owner only); "owner" hands
// the team over and the caller becomes a manager.
func (s *Server) handleSetMemberRole(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*setRoleRequest](w, r, 0)
	if err != nil {
		return err
	}
	userID := r.PathValue("userId")
	if err := s.Teams.SetRole(r.Context(), u.ID, userID, req.Role); err != nil {
		return err
	}
	s.changed(r, userID, salescoach.ChangeTeam, salescoach.OpUpdate, userID)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) handleRemoveMember(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	userID := r.PathValue("userId")
	if err := s.Teams.RemoveMember(r.Context(), u.ID, userID); err != nil {
		return err
	}
	s.changed(r, userID, salescoach.ChangeTeam, salescoach.OpDelete, userID)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) handleLeaveTeam(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	// The watchers are read while the caller is still in the team.
	watchers := s.teamWatchers(r.Context(), u.ID)
	if err := s.Teams.Leave(r.Context(), u.ID); err != nil {
		return err
	}
	s.publishTeam(r.Context(), watchers, u.ID)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// handleDeleteTeam deletes the caller's team (owner only). Its team
// subscription is cancelled at PayPal first, for good (the seats end with
// the team), as deleting an account cancels its subscriptions: when PayPal
// fails, nothing is deleted (503 team_delete_subscription_failed).
func (s *Server) handleDeleteTeam(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if s.Seats != nil {
		subs, err := s.Seats.TeamSubscriptions(r.Context(), u.ID)
		if err != nil {
			return err
		}
		if err := s.Billing.CancelTeamForDeletion(r.Context(), subs); err != nil {
			return err
		}
	}
	if err := s.Teams.DeleteTeam(r.Context(), u.ID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// shareJSON says whether a chat is shared with the caller's team.
type shareJSON struct {
	Shared   bool       `json:"shared"`
	SharedAt *time.Time `json:"sharedAt"`
}

func toShareJSON(sc *salescoach.SharedChat) shareJSON {
	if sc == nil {
		return shareJSON{}
	}
	at := sc.SharedAt
	return shareJSON{Shared: true, SharedAt: &at}
}

// handleShareConversation shares the caller's chat with their team ('Mit
// meinem Team teilen').
func (s *Server) handleShareConversation(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	sc, err := s.Teams.ShareConversation(r.Context(), u.ID, r.PathValue("id"), s.now())
	if err != nil {
		return err
	}
	s.tellManagers(r.Context(), u.ID)
	writeJSON(w, http.StatusOK, toShareJSON(sc))
	return nil
}

// handleUnshareConversation revokes the share; the team's managers get 404
// for the chat from then on.
func (s *Server) handleUnshareConversation(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.Teams.UnshareConversation(r.Context(), u.ID, r.PathValue("id")); err != nil {
		return err
	}
	s.tellManagers(r.Context(), u.ID)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) handleConversationShare(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	sc, err := s.Teams.ConversationShare(r.Context(), u.ID, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toShareJSON(sc))
	return nil
}

// handleTeamConversation answers a chat a member shared with the caller's
// team, as its author sees it (chat), and who wrote it (author). A chat not shared is 404
// (whether it exists is not revealed).
func (s *Server) handleTeamConversation(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	c, err := s.Teams.SharedConversation(r.Context(), u.ID, r.PathValue("id"))
	if err != nil {
		return err
	}
	body, err := s.conversationBody(r, c)
	if err != nil {
		return err
	}
	author, err := s.Users.UserByID(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	scores, err := s.Teams.SharedAnswerScores(r.Context(), u.ID, c.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"chat": body, "answerScores": scores,
		"author": map[string]string{"userId": author.ID, "displayName": author.DisplayName, "email": author.Email}})
	return nil
}

// handleLeaderboard answers the team's leaderboard for ?period=week|month
// (week when absent).
func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	period := r.URL.Query().Get("period")
	if period == "" {
		period = salescoach.LeaderboardWeek
	}
	lb, err := s.Teams.Leaderboard(r.Context(), u.ID, period, s.now())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, lb)
	return nil
}

// teamWatchers lists the owner and managers of userID's team; a failure is
// logged and leaves the list empty (a live update is a courtesy).
func (s *Server) teamWatchers(ctx context.Context, userID string) []string {
	if s.Teams == nil {
		return nil
	}
	ids, err := s.Teams.TeamManagers(ctx, userID)
	if err != nil {
		s.log.WarnContext(ctx, "team: watchers not read", "user_id", userID, "err", err)
	}
	return ids
}

// publishTeam tells each watcher that member's figures changed.
func (s *Server) publishTeam(ctx context.Context, watchers []string, member string) {
	if s.Hub == nil || len(watchers) == 0 {
		return
	}
	changes := make([]salescoach.Change, 0, len(watchers))
	for _, id := range watchers {
		changes = append(changes, salescoach.Change{UserID: id, Type: salescoach.ChangeTeam, Op: salescoach.OpUpdate, ID: member})
	}
	s.Hub.Publish(ctx, changes...)
}

// tellManagers tells the owner and managers of member's team that the
// member's figures or shares changed.
func (s *Server) tellManagers(ctx context.Context, member string) {
	s.publishTeam(ctx, s.teamWatchers(ctx, member), member)
}

// requireTeams is requireUser for the team endpoints; without a team store
// they answer 404 team_not_found.
func (s *Server) requireTeams(next userHandlerFunc) http.Handler {
	return s.requireUser(func(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
		if s.Teams == nil {
			return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgNoTeam)
		}
		return next(w, r, u)
	})
}
