package sqlstore

import (
	"context"
	"slices"
	"strings"
	"time"

	"salescoach"
)

var _ salescoach.TeamService = (*TeamService)(nil)

// TeamService stores teams (migration 0033). Each method first reads the
// caller's membership (team and role), decides with salescoach's permission
// functions, and then touches only rows of that team: every query that
// reads or changes another user's rows names the caller's team id.
type TeamService struct {
	db *DB
}

// NewTeamService returns a TeamService on db.
func NewTeamService(db *DB) *TeamService { return &TeamService{db: db} }

// membership is the caller's team id and role.
type membership struct {
	teamID, role string
}

// membershipOf reads userID's team and role; ENOTFOUND (MsgNoTeam) without
// one.
func membershipOf(ctx context.Context, r runner, userID string) (membership, error) {
	var m membership
	if !validID(userID) {
		return m, notFound(salescoach.MsgNoTeam)
	}
	err := r.queryRow(ctx, `SELECT team_id, role FROM team_members WHERE user_id = ?`, userID).Scan(&m.teamID, &m.role)
	if noRows(err) {
		return m, notFound(salescoach.MsgNoTeam)
	}
	return m, dbError(err, "team membership")
}

// managerOf is membershipOf for the managers' endpoints: EFORBIDDEN
// (MsgTeamForbidden) for a member.
func managerOf(ctx context.Context, r runner, userID string) (membership, error) {
	m, err := membershipOf(ctx, r, userID)
	if err != nil {
		return m, err
	}
	if !salescoach.CanSeeMember(m.role) {
		return m, salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamForbidden)
	}
	return m, nil
}

// teamMembership reads the caller's team, role and the team's size.
func teamMembership(ctx context.Context, r runner, userID string) (*salescoach.Membership, error) {
	if !validID(userID) {
		return nil, notFound(salescoach.MsgNoTeam)
	}
	var ms salescoach.Membership
	err := r.queryRow(ctx, `SELECT t.id, t.name, t.owner_id, t.join_token, t.created_at, m.role,
			(SELECT COUNT(*) FROM team_members n WHERE n.team_id = t.id)
		FROM team_members m JOIN teams t ON t.id = m.team_id
		WHERE m.user_id = ?`, userID).Scan(&ms.Team.ID, &ms.Team.Name, &ms.Team.OwnerID, &ms.Team.JoinToken,
		scanTime(&ms.Team.CreatedAt), &ms.Role, &ms.MemberCount)
	if noRows(err) {
		return nil, notFound(salescoach.MsgNoTeam)
	}
	if err != nil {
		return nil, dbError(err, "my team")
	}
	return &ms, nil
}

// CreateTeam founds the team and its owner row in one transaction. The
// unique owner_id and team_members.user_id make two concurrent foundings
// for one user end with one team: the second fails on a key and rolls
// back. It returns EFORBIDDEN (MsgTeamEmailUnconfirmed) for a guest or
// unconfirmed account, EINVALID for a bad name, ECONFLICT
// (MsgTeamAlreadyMember) when u is in a team.
func (s *TeamService) CreateTeam(ctx context.Context, u *salescoach.User, name, joinToken string, now time.Time) (*salescoach.Membership, error) {
	if !salescoach.CanFoundTeam(u) {
		return nil, salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamEmailUnconfirmed)
	}
	name, problem := salescoach.NormalizeTeamName(name)
	if problem != nil {
		return nil, salescoach.FieldError("name", *problem)
	}
	now = utc(now)
	var ms *salescoach.Membership
	err := s.db.inTx(ctx, func(r runner) error {
		var n int
		if err := r.queryRow(ctx, `SELECT COUNT(*) FROM team_members WHERE user_id = ?`, u.ID).Scan(&n); err != nil {
			return dbError(err, "create team: membership")
		}
		if n > 0 {
			return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgTeamAlreadyMember)
		}
		id := newID()
		if _, err := r.exec(ctx, `INSERT INTO teams (id, name, owner_id, join_token, created_at) VALUES (?, ?, ?, ?, ?)`,
			id, name, u.ID, joinToken, now); err != nil {
			return conflictAs(dbError(err, "create team"), salescoach.MsgTeamAlreadyMember)
		}
		if _, err := r.exec(ctx, `INSERT INTO team_members (team_id, user_id, role, joined_at) VALUES (?, ?, 'owner', ?)`,
			id, u.ID, now); err != nil {
			return conflictAs(dbError(err, "create team: owner"), salescoach.MsgTeamAlreadyMember)
		}
		var err error
		ms, err = teamMembership(ctx, r, u.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return ms, nil
}

// MyTeam returns the caller's membership; ENOTFOUND (MsgNoTeam) without one.
func (s *TeamService) MyTeam(ctx context.Context, userID string) (*salescoach.Membership, error) {
	return teamMembership(ctx, s.db.r(), userID)
}

// CreateInvitation stores inv for the caller's team, replacing a pending
// invitation of the team to the same address in the same transaction (the
// partial unique index of migration 0044 keeps one per address). It
// returns ENOTFOUND without a team, EINVALID (field role) for a role other
// than manager or member, EINVALID (field email) for an address mail
// cannot reach, the caller's own or one of the team's members, EFORBIDDEN
// when the caller's role may not invite that role.
func (s *TeamService) CreateInvitation(ctx context.Context, callerID string, inv *salescoach.Invitation) (*salescoach.Team, error) {
	if inv.Role != salescoach.RoleManager && inv.Role != salescoach.RoleMember {
		return nil, salescoach.FieldError("role", salescoach.MsgTeamBadRole)
	}
	email, ok := salescoach.NormalizeInviteEmail(inv.Email)
	if !ok {
		return nil, salescoach.FieldError("email", salescoach.MsgTeamInvitationEmailInvalid)
	}
	lower := strings.ToLower(email)
	var team *salescoach.Team
	err := s.db.inTx(ctx, func(r runner) error {
		ms, err := teamMembership(ctx, r, callerID)
		if err != nil {
			return err
		}
		if !salescoach.IsManager(ms.Role) {
			return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamForbidden)
		}
		if !salescoach.CanInvite(ms.Role, inv.Role) {
			return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamOwnerOnly)
		}
		// The caller, or another member of the team, by address.
		var self bool
		var members int
		if err := r.queryRow(ctx, `SELECT COALESCE(MAX(CASE WHEN u.id = ? THEN 1 ELSE 0 END), 0) = 1, COUNT(*)
			FROM team_members m JOIN users u ON u.id = m.user_id
			WHERE m.team_id = ? AND u.email_lower = ?`, callerID, ms.Team.ID, lower).Scan(&self, &members); err != nil {
			return dbError(err, "create invitation: members")
		}
		switch {
		case self:
			return salescoach.FieldError("email", salescoach.MsgTeamInvitationSelf)
		case members > 0:
			return salescoach.FieldError("email", salescoach.MsgTeamInvitationMember)
		}
		if _, err := r.exec(ctx, `DELETE FROM team_invitations WHERE team_id = ? AND email_lower = ? AND used_at IS NULL`,
			ms.Team.ID, lower); err != nil {
			return dbError(err, "create invitation: replace")
		}
		inv.ID, inv.TeamID, inv.InvitedBy, inv.Email = newID(), ms.Team.ID, callerID, email
		inv.CreatedAt, inv.ExpiresAt = utc(inv.CreatedAt), utc(inv.ExpiresAt)
		if _, err := r.exec(ctx, `INSERT INTO team_invitations (id, team_id, token_hash, email, email_lower, role, invited_by, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, inv.ID, inv.TeamID, inv.TokenHash, email, lower, inv.Role,
			callerID, inv.CreatedAt, inv.ExpiresAt); err != nil {
			return dbError(err, "create invitation")
		}
		team = &ms.Team
		return nil
	})
	if err != nil {
		return nil, err
	}
	return team, nil
}

// PendingInvitations reads the team's unused, unexpired invitations for an
// owner or manager.
func (s *TeamService) PendingInvitations(ctx context.Context, callerID string, now time.Time) ([]*salescoach.Invitation, error) {
	r := s.db.r()
	m, err := managerOf(ctx, r, callerID)
	if err != nil {
		return nil, err
	}
	rows, err := r.queryRows(ctx, `SELECT `+invitationColumns+` FROM team_invitations
		WHERE team_id = ? AND used_at IS NULL AND expires_at > ?
		ORDER BY created_at DESC, id DESC LIMIT ?`, m.teamID, utc(now), salescoach.MaxPendingInvitations)
	if err != nil {
		return nil, dbError(err, "pending invitations")
	}
	defer rows.Close()
	out := []*salescoach.Invitation{}
	for rows.Next() {
		inv, err := scanInvitation(rows)
		if err != nil {
			return nil, dbError(err, "pending invitations")
		}
		out = append(out, inv)
	}
	return out, dbError(rows.Err(), "pending invitations")
}

const invitationColumns = `id, team_id, email, role, COALESCE(invited_by, ''), created_at, expires_at`

func scanInvitation(s rowScanner) (*salescoach.Invitation, error) {
	var inv salescoach.Invitation
	err := s.Scan(&inv.ID, &inv.TeamID, &inv.Email, &inv.Role, &inv.InvitedBy, scanTime(&inv.CreatedAt), scanTime(&inv.ExpiresAt))
	return &inv, err
}

// invitationOf reads the unused invitation id of the caller's team and
// checks the caller may manage it: owners any, managers those of the roles
// they may invite. The change that follows is guarded by used_at again, so
// an invitation used meanwhile is not found.
func invitationOf(ctx context.Context, r runner, callerID, id string) (*salescoach.Invitation, *salescoach.Membership, error) {
	ms, err := teamMembership(ctx, r, callerID)
	if err != nil {
		return nil, nil, err
	}
	if !salescoach.IsManager(ms.Role) {
		return nil, nil, salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamForbidden)
	}
	if !validID(id) {
		return nil, nil, notFound(salescoach.MsgTeamInvitationNotFound)
	}
	inv, err := scanInvitation(r.queryRow(ctx, `SELECT `+invitationColumns+` FROM team_invitations
		WHERE id = ? AND team_id = ? AND used_at IS NULL`, id, ms.Team.ID))
	if noRows(err) {
		return nil, nil, notFound(salescoach.MsgTeamInvitationNotFound)
	}
	if err != nil {
		return nil, nil, dbError(err, "invitation")
	}
	if !salescoach.CanInvite(ms.Role, inv.Role) {
		return nil, nil, salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamOwnerOnly)
	}
	return inv, ms, nil
}

// RenewInvitation sets a new token and expiry on an unused invitation of
// the caller's team.
func (s *TeamService) RenewInvitation(ctx context.Context, callerID, id, tokenHash string, expiresAt time.Time) (*salescoach.Invitation, *salescoach.Team, error) {
	var inv *salescoach.Invitation
	var team *salescoach.Team
	err := s.db.inTx(ctx, func(r runner) error {
		var ms *salescoach.Membership
		var err error
		if inv, ms, err = invitationOf(ctx, r, callerID, id); err != nil {
			return err
		}
		inv.TokenHash, inv.ExpiresAt, team = tokenHash, utc(expiresAt), &ms.Team
		res, err := r.exec(ctx, `UPDATE team_invitations SET token_hash = ?, expires_at = ?
			WHERE id = ? AND team_id = ? AND used_at IS NULL`, tokenHash, inv.ExpiresAt, inv.ID, ms.Team.ID)
		return oneRowOr(res, err, "renew invitation", notFound(salescoach.MsgTeamInvitationNotFound))
	})
	if err != nil {
		return nil, nil, err
	}
	return inv, team, nil
}

// RevokeInvitation deletes an unused invitation of the caller's team.
func (s *TeamService) RevokeInvitation(ctx context.Context, callerID, id string) error {
	return s.db.inTx(ctx, func(r runner) error {
		inv, ms, err := invitationOf(ctx, r, callerID, id)
		if err != nil {
			return err
		}
		res, err := r.exec(ctx, `DELETE FROM team_invitations WHERE id = ? AND team_id = ? AND used_at IS NULL`, inv.ID, ms.Team.ID)
		return oneRowOr(res, err, "revoke invitation", notFound(salescoach.MsgTeamInvitationNotFound))
	})
}

// DeleteInvitation removes an invitation whose mail could not be queued.
func (s *TeamService) DeleteInvitation(ctx context.Context, id string) error {
	_, err := s.db.r().exec(ctx, `DELETE FROM team_invitations WHERE id = ?`, id)
	return dbError(err, "delete invitation")
}

// Join uses an invitation (one guarded UPDATE: of concurrent joins with
// one invitation, one matches the unused row) or the team's join link, and
// adds u in the same transaction; when u is in a team the transaction
// rolls back and the invitation stays unused — unless it is the invitation
// u joined that team with, which answers u's membership again.
func (s *TeamService) Join(ctx context.Context, u *salescoach.User, tokenHash, joinToken string, now time.Time) (*salescoach.Membership, error) {
	if !salescoach.CanFoundTeam(u) {
		return nil, salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamEmailUnconfirmed)
	}
	now = utc(now)
	var ms *salescoach.Membership
	err := s.db.inTx(ctx, func(r runner) error {
		// An invitation is its address's: another account changes nothing
		// and learns whom it is for (the person holding the mail may sign
		// in with that address and try again).
		var invited string
		err := r.queryRow(ctx, `SELECT email FROM team_invitations WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`,
			tokenHash, now).Scan(&invited)
		if err != nil && !noRows(err) {
			return dbError(err, "join: invitation")
		}
		if err == nil && !strings.EqualFold(invited, u.Email) {
			return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamInvitationOtherEmail.With("email", invited))
		}
		var n int
		if err := r.queryRow(ctx, `SELECT COUNT(*) FROM team_members WHERE user_id = ?`, u.ID).Scan(&n); err != nil {
			return dbError(err, "join: membership")
		}
		if n > 0 {
			// The invitation u joined with already (signing up through it
			// joins on confirmation, before its link is opened again):
			// the membership it gave, not a conflict.
			var mine int
			if err := r.queryRow(ctx, `SELECT COUNT(*) FROM team_invitations i
				JOIN team_members m ON m.team_id = i.team_id AND m.user_id = i.used_by
				WHERE i.token_hash = ? AND i.used_by = ?`, tokenHash, u.ID).Scan(&mine); err != nil {
				return dbError(err, "join: own invitation")
			}
			if mine > 0 {
				var err error
				ms, err = teamMembership(ctx, r, u.ID)
				return err
			}
			return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgTeamAlreadyMember)
		}
		var teamID, role string
		err = r.queryRow(ctx, `UPDATE team_invitations SET used_at = ?, used_by = ?
			WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? AND email_lower = ?
			RETURNING team_id, role`, now, u.ID, tokenHash, now, strings.ToLower(u.Email)).Scan(&teamID, &role)
		if noRows(err) {
			role = salescoach.RoleMember
			err = r.queryRow(ctx, `SELECT id FROM teams WHERE join_token = ?`, joinToken).Scan(&teamID)
		}
		if noRows(err) {
			return notFound(salescoach.MsgTeamInvitationInvalid)
		}
		if err != nil {
			return dbError(err, "join: token")
		}
		return joinTeam(ctx, r, teamID, u.ID, role, now, &ms)
	})
	if err != nil {
		return nil, err
	}
	return ms, nil
}

// InvitationTeam names the team of an invitation or join link. See
// salescoach.TeamService.
func (s *TeamService) InvitationTeam(ctx context.Context, tokenHash, joinToken string, now time.Time) (string, error) {
	var name string
	err := s.db.r().queryRow(ctx, `SELECT t.name FROM teams t
		WHERE t.id = (SELECT i.team_id FROM team_invitations i WHERE i.token_hash = ? AND i.used_at IS NULL AND i.expires_at > ?)
			OR t.join_token = ?
		LIMIT 1`, tokenHash, utc(now), joinToken).Scan(&name)
	if noRows(err) {
		return "", notFound(salescoach.MsgTeamInvitationInvalid)
	}
	return name, dbError(err, "invitation team")
}

// joinTeam adds userID to the team with the team's whole-team assignments
// still due, and reads the membership into *ms. The team's row is locked
// first (see CreateAssignment).
func joinTeam(ctx context.Context, r runner, teamID, userID, role string, now time.Time, ms **salescoach.Membership) error {
	if err := lockTeam(ctx, r, teamID); err != nil {
		return err
	}
	if _, err := r.exec(ctx, `INSERT INTO team_members (team_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)`,
		teamID, userID, role, now); err != nil {
		return conflictAs(dbError(err, "join team"), salescoach.MsgTeamAlreadyMember)
	}
	if err := assignWholeTeam(ctx, r, teamID, userID, now); err != nil {
		return err
	}
	var err error
	*ms, err = teamMembership(ctx, r, userID)
	return err
}

// JoinByEmail uses the newest pending invitation to u's address. Nothing
// happens (nil, nil) without one, for an account that is not confirmed, or
// when u is in a team.
func (s *TeamService) JoinByEmail(ctx context.Context, u *salescoach.User, now time.Time) (*salescoach.Membership, error) {
	if !salescoach.CanFoundTeam(u) {
		return nil, nil
	}
	now = utc(now)
	var ms *salescoach.Membership
	err := s.db.inTx(ctx, func(r runner) error {
		var n int
		if err := r.queryRow(ctx, `SELECT COUNT(*) FROM team_members WHERE user_id = ?`, u.ID).Scan(&n); err != nil {
			return dbError(err, "join by e-mail: membership")
		}
		if n > 0 {
			return nil
		}
		var teamID, role string
		err := r.queryRow(ctx, `UPDATE team_invitations SET used_at = ?, used_by = ?
			WHERE id = (SELECT id FROM team_invitations WHERE email_lower = ? AND used_at IS NULL AND expires_at > ?
				ORDER BY created_at DESC, id DESC LIMIT 1)
			AND used_at IS NULL
			RETURNING team_id, role`, now, u.ID, strings.ToLower(u.Email), now).Scan(&teamID, &role)
		if noRows(err) {
			return nil
		}
		if err != nil {
			return dbError(err, "join by e-mail")
		}
		return joinTeam(ctx, r, teamID, u.ID, role, now, &ms)
	})
	if err != nil {
		return nil, err
	}
	return ms, nil
}

// ResetJoinToken sets the caller's team's join token: EFORBIDDEN unless
// the caller is its owner.
func (s *TeamService) ResetJoinToken(ctx context.Context, callerID, joinToken string) (*salescoach.Team, error) {
	var team *salescoach.Team
	err := s.db.inTx(ctx, func(r runner) error {
		m, err := membershipOf(ctx, r, callerID)
		if err != nil {
			return err
		}
		if !salescoach.CanManageJoinLink(m.role) {
			return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamOwnerOnly)
		}
		if _, err := r.exec(ctx, `UPDATE teams SET join_token = ? WHERE id = ? AND owner_id = ?`, joinToken, m.teamID, callerID); err != nil {
			return dbError(err, "reset join token")
		}
		ms, err := teamMembership(ctx, r, callerID)
		if err != nil {
			return err
		}
		team = &ms.Team
		return nil
	})
	if err != nil {
		return nil, err
	}
	return team, nil
}

// memberSortSQL maps MemberSorts to the SQL expression over team_members
// m and users u they sort by; a figure's is the correlated subquery of that
// figure alone (memberFigureSQL), so a page sorted by one figure computes
// only that one for every member and the others for the page.
var memberSortSQL = map[string]string{
	"name": "lower(u.display_name)", "email": "COALESCE(u.email_lower, '')",
	"role":     "CASE m.role WHEN 'owner' THEN 0 WHEN 'manager' THEN 1 ELSE 2 END",
	"joinedAt": "m.joined_at", "lastActivity": memberLastActivitySQL, "chats": memberChatsSQL, "answers": memberAnswersSQL,
}

// The members table's figures of member m. Each reads index ranges without
// touching the rows themselves: migration 0037's live chats by user and
// time, 0040's running totals of answers by user and day.
const (
	memberLastActivitySQL = `(SELECT MAX(c.updated_at) FROM conversations c WHERE c.user_id = m.user_id AND c.deleted_at IS NULL)`
	// memberChatsSQL takes the period's first instant.
	memberChatsSQL = `(SELECT COUNT(*) FROM conversations c WHERE c.user_id = m.user_id AND c.deleted_at IS NULL AND c.created_at >= ?)`
	// memberAnswersSQL takes the period's first day: the newest running
	// total of migration 0040 minus the last one before that day, two index
	// seeks whatever the period.
	memberAnswersSQL = `(COALESCE((SELECT t.answers FROM skill_answer_totals t WHERE t.user_id = m.user_id
		ORDER BY t.day DESC LIMIT 1), 0) - COALESCE((SELECT t.answers FROM skill_answer_totals t
		WHERE t.user_id = m.user_id AND t.day < ? ORDER BY t.day DESC LIMIT 1), 0))`
)

// periodStart is the first instant and UTC day of the last days days up to
// now's day.
func periodStart(days int, now time.Time) (time.Time, string) {
	now = now.UTC()
	start := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, -(days - 1))
	return start, salescoach.Day(start)
}

// memberRowsQuery selects members of one team (the first ?) with their
// figures since a time (second ?) and day (third ?); the caller adds the
// condition on m and u that picks whom.
const memberRowsQuery = `SELECT u.id, u.display_name, COALESCE(u.email, ''), m.role, m.joined_at,
		` + memberLastActivitySQL + `, ` + memberChatsSQL + `, ` + memberAnswersSQL + `
	FROM team_members m JOIN users u ON u.id = m.user_id
	WHERE m.team_id = ? AND `

// memberSearchSQL is the members table's search: ? empty, or two LIKE
// patterns against the lower-cased name and e-mail.
const memberSearchSQL = `(? = '' OR lower(u.display_name) LIKE ? ESCAPE '\' OR u.email_lower LIKE ? ESCAPE '\')`

// Members reads one page of the caller's team: the page's user ids in one
// query (computing for every member only the figure it sorts by), their
// rows with all figures in a second, then the page's technique and family
// figures in two more; every one is bounded by the team id.
func (s *TeamService) Members(ctx context.Context, callerID string, q salescoach.MemberQuery, now time.Time) (*salescoach.MemberPage, error) {
	if !salescoach.ValidProgressRange(q.Days) {
		return nil, salescoach.FieldError("range", salescoach.MsgBadPeriod)
	}
	if !salescoach.ValidMemberSort(q.Sort) {
		return nil, salescoach.FieldError("sort", salescoach.MsgTeamBadSort)
	}
	search, err := searchText(q.Search)
	if err != nil {
		return nil, err
	}
	if q.Page < 1 {
		q.Page = 1
	}
	r := s.db.r()
	m, err := managerOf(ctx, r, callerID)
	if err != nil {
		return nil, err
	}
	start, startDay := periodStart(q.Days, now)
	pattern := containsPattern(search)
	page := &salescoach.MemberPage{Members: []*salescoach.Member{}, Page: q.Page, PageSize: salescoach.TeamMembersPage}
	if err := r.queryRow(ctx, `SELECT COUNT(*) FROM team_members m JOIN users u ON u.id = m.user_id
		WHERE m.team_id = ? AND `+memberSearchSQL, m.teamID, search, pattern, pattern).Scan(&page.Total); err != nil {
		return nil, dbError(err, "members: count")
	}
	key, desc := strings.TrimPrefix(q.Sort, "-"), strings.HasPrefix(q.Sort, "-")
	if key == "" {
		key = "name"
	}
	col, dir := memberSortSQL[key], " ASC"
	if desc {
		dir = " DESC"
	}
	order := col + dir
	var sortArgs []any
	switch key {
	case "lastActivity":
		// Members without any chat last, whichever the direction: a
		// missing time sorts as the far future or past (one subquery per
		// member instead of two for an IS NULL key besides).
		never := "'9999-12-31'"
		if desc {
			never = "'0001-01-01'"
		}
		order = "COALESCE(" + col + ", " + never + ")" + dir
	case "chats":
		sortArgs = []any{start}
	case "answers":
		sortArgs = []any{startDay}
	}
	// The page's ids first, then their rows with every figure.
	args := append(append([]any{m.teamID, search, pattern, pattern}, sortArgs...), salescoach.TeamMembersPage,
		(q.Page-1)*salescoach.TeamMembersPage)
	ids, err := r.queryStrings(ctx, `SELECT m.user_id FROM team_members m JOIN users u ON u.id = m.user_id
		WHERE m.team_id = ? AND `+memberSearchSQL+`
		ORDER BY `+order+`, COALESCE(u.email_lower, ''), m.user_id LIMIT ? OFFSET ?`, args...)
	if err != nil {
		return nil, dbError(err, "members: page")
	}
	if len(ids) == 0 {
		return page, nil
	}
	args = []any{start, startDay, m.teamID}
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := r.queryRows(ctx, memberRowsQuery+`m.user_id IN (`+strings.Repeat(", ?", len(ids))[2:]+`)`, args...)
	if err != nil {
		return nil, dbError(err, "members")
	}
	defer rows.Close()
	byID := make(map[string]*salescoach.Member, len(ids))
	for rows.Next() {
		mem, err := scanMember(rows)
		if err != nil {
			return nil, dbError(err, "members")
		}
		byID[mem.UserID] = mem
	}
	if err := rows.Err(); err != nil {
		return nil, dbError(err, "members")
	}
	rows.Close()
	for _, id := range ids {
		if mem := byID[id]; mem != nil {
			page.Members = append(page.Members, mem)
		}
	}
	if err := memberSkills(ctx, r, m.teamID, startDay, page.Members); err != nil {
		return nil, err
	}
	return page, nil
}

func scanMember(s rowScanner) (*salescoach.Member, error) {
	var mem salescoach.Member
	err := s.Scan(&mem.UserID, &mem.DisplayName, &mem.Email, &mem.Role, scanTime(&mem.JoinedAt),
		scanNullTime(&mem.LastActivity), &mem.Chats, &mem.Answers)
	if err != nil {
		return nil, err
	}
	mem.Techniques, mem.WeakestFamilies = map[string]int{}, []string{}
	return &mem, nil
}

// memberSkills fills the members' technique rates and weakest families of
// the period (periodFigures), reading only rows of users in teamID.
func memberSkills(ctx context.Context, r runner, teamID, startDay string, members []*salescoach.Member) error {
	if len(members) == 0 {
		return nil
	}
	byID := make(map[string]*salescoach.Member, len(members))
	for _, mem := range members {
		byID[mem.UserID] = mem
	}
	q, args := periodFigures(r, "technique", teamID, startDay, members)
	rows, err := r.queryRows(ctx, q, args...)
	if err != nil {
		return dbError(err, "members: techniques")
	}
	defer rows.Close()
	for rows.Next() {
		var (
			userID, tech string
			shown, total int
		)
		if err := rows.Scan(&userID, &tech, &shown, &total); err != nil {
			return dbError(err, "members: techniques")
		}
		if rate := salescoach.Rate(shown, total); rate != nil && byID[userID] != nil {
			byID[userID].Techniques[tech] = *rate
		}
	}
	if err := rows.Err(); err != nil {
		return dbError(err, "members: techniques")
	}
	rows.Close()

	type fam struct {
		key          string
		answers, sum int
	}
	fams := map[string][]fam{}
	q, args = periodFigures(r, "family", teamID, startDay, members)
	rows, err = r.queryRows(ctx, q, args...)
	if err != nil {
		return dbError(err, "members: families")
	}
	defer rows.Close()
	for rows.Next() {
		var (
			userID string
			f      fam
		)
		if err := rows.Scan(&userID, &f.key, &f.answers, &f.sum); err != nil {
			return dbError(err, "members: families")
		}
		if f.answers >= salescoach.MinFamilyAnswers && salescoach.ValidFamily(f.key) {
			fams[userID] = append(fams[userID], f)
		}
	}
	if err := rows.Err(); err != nil {
		return dbError(err, "members: families")
	}
	for userID, list := range fams {
		// Lowest average first (a/b < c/d as a·d < c·b), then catalogue
		// order.
		slices.SortFunc(list, func(a, b fam) int {
			l, r := a.sum*b.answers, b.sum*a.answers
			if l != r {
				return l - r
			}
			return slices.Index(salescoach.SkillFamilies, a.key) - slices.Index(salescoach.SkillFamilies, b.key)
		})
		for i := 0; i < len(list) && i < 3; i++ {
			byID[userID].WeakestFamilies = append(byID[userID].WeakestFamilies, list[i].key)
		}
	}
	return nil
}

// periodFigures is the query, and its arguments, of the members' technique
// (kind "technique": user, technique, shown, total) or family (kind
// "family": user, family, answers, score sum) figures of the period.
//
// On SQLite it reads migration 0041's running totals: the pair's newest
// row minus its last row before the period, four index seeks per member
// and technique (family) whatever the period. On PostgreSQL it sums the
// period's day rows, as SQLite did before 0041: measured on the 2 000-member
// benchmark, PostgreSQL sums the 10 000–30 000 index entries of a page in
// a few milliseconds but pays about 5 µs for each of the 3 400 subqueries
// of the totals (a page sorted by name: 13.5 ms against 27 ms), while the
// pure-Go SQLite pays more per entry read than per seek (90 days sorted by
// answers: 60 ms against 40 ms). 0041 therefore exists on SQLite only.
func periodFigures(r runner, kind, teamID, startDay string, members []*salescoach.Member) (string, []any) {
	days, totals, keys, a, b := "skill_technique_days", "skill_technique_totals", salescoach.SkillTechniques, "shown", "total"
	if kind == "family" {
		days, totals, keys, a, b = "skill_family_days", "skill_family_totals", salescoach.SkillFamilies, "answers", "score_sum"
	}
	if r.pg {
		args := []any{teamID, startDay}
		for _, mem := range members {
			args = append(args, mem.UserID)
		}
		return `SELECT d.user_id, d.` + kind + `, SUM(d.` + a + `), SUM(d.` + b + `)
			FROM ` + days + ` d JOIN team_members m ON m.user_id = d.user_id AND m.team_id = ?
			WHERE d.day >= ? AND d.user_id IN (` + strings.Repeat(", ?", len(members))[2:] + `)
			GROUP BY d.user_id, d.` + kind, args
	}
	// last is the figure col of the pair's newest row (before the period
	// when before): one index seek.
	last := func(col, before string) string {
		return `COALESCE((SELECT t.` + col + ` FROM ` + totals + ` t WHERE t.user_id = k.column1 AND t.` + kind + ` = k.column2` + before +
			` ORDER BY t.day DESC LIMIT 1), 0)`
	}
	args := make([]any, 0, 2*len(members)*len(keys)+3)
	args = append(args, startDay, startDay) // the select list's, first
	for _, mem := range members {
		for _, k := range keys {
			args = append(args, mem.UserID, k)
		}
	}
	return `SELECT k.column1, k.column2, ` + last(a, "") + ` - ` + last(a, ` AND t.day < ?`) + `, ` + last(b, "") + ` - ` + last(b, ` AND t.day < ?`) + `
		FROM (VALUES ` + strings.Repeat(", (?, ?)", len(members)*len(keys))[2:] + `) k
		JOIN team_members m ON m.user_id = k.column1 AND m.team_id = ?`, append(args, teamID)
}

// Member reads one member of the caller's team with their figures.
func (s *TeamService) Member(ctx context.Context, callerID, userID string, days int, now time.Time) (*salescoach.Member, error) {
	if !salescoach.ValidProgressRange(days) {
		return nil, salescoach.FieldError("range", salescoach.MsgBadPeriod)
	}
	r := s.db.r()
	m, err := managerOf(ctx, r, callerID)
	if err != nil {
		return nil, err
	}
	if !validID(userID) {
		return nil, notFound(salescoach.MsgTeamMemberNotFound)
	}
	start, startDay := periodStart(days, now)
	mem, err := scanMember(r.queryRow(ctx, memberRowsQuery+`m.user_id = ?`, start, startDay, m.teamID, userID))
	if noRows(err) {
		return nil, notFound(salescoach.MsgTeamMemberNotFound)
	}
	if err != nil {
		return nil, dbError(err, "member")
	}
	if err := memberSkills(ctx, r, m.teamID, startDay, []*salescoach.Member{mem}); err != nil {
		return nil, err
	}
	return mem, nil
}

// targetRole reads the role of userID in teamID; ENOTFOUND when they are
// not in it.
func targetRole(ctx context.Context, r runner, teamID, userID string) (string, error) {
	if !validID(userID) {
		return "", notFound(salescoach.MsgTeamMemberNotFound)
	}
	var role string
	err := r.queryRow(ctx, `SELECT role FROM team_members WHERE team_id = ? AND user_id = ?`, teamID, userID).Scan(&role)
	if noRows(err) {
		return "", notFound(salescoach.MsgTeamMemberNotFound)
	}
	return role, dbError(err, "member role")
}

// SetRole changes a member's role in one transaction; handing ownership
// over demotes the caller to manager first (one owner row per team) and
// moves teams.owner_id.
func (s *TeamService) SetRole(ctx context.Context, callerID, userID, role string) error {
	if !salescoach.ValidRole(role) {
		return salescoach.FieldError("role", salescoach.MsgTeamBadRole)
	}
	return s.db.inTx(ctx, func(r runner) error {
		m, err := membershipOf(ctx, r, callerID)
		if err != nil {
			return err
		}
		if !salescoach.IsManager(m.role) {
			return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamForbidden)
		}
		if _, err := targetRole(ctx, r, m.teamID, userID); err != nil {
			return err
		}
		if !salescoach.CanChangeRole(m.role, callerID == userID, role) {
			return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamOwnerOnly)
		}
		if role == salescoach.RoleOwner {
			if _, err := r.exec(ctx, `UPDATE team_members SET role = 'manager' WHERE team_id = ? AND user_id = ?`, m.teamID, callerID); err != nil {
				return dbError(err, "hand over: demote")
			}
			if _, err := r.exec(ctx, `UPDATE teams SET owner_id = ? WHERE id = ?`, userID, m.teamID); err != nil {
				return dbError(err, "hand over: owner")
			}
		}
		_, err = r.exec(ctx, `UPDATE team_members SET role = ? WHERE team_id = ? AND user_id = ?`, role, m.teamID, userID)
		return dbError(err, "set role")
	})
}

// leaveTeam deletes userID's membership of teamID, their shares with it
// and the team's assignments they have not done.
func leaveTeam(ctx context.Context, r runner, teamID, userID string) error {
	if err := lockTeam(ctx, r, teamID); err != nil {
		return err
	}
	if err := dropOpenAssignments(ctx, r, teamID, userID); err != nil {
		return err
	}
	if _, err := r.exec(ctx, `DELETE FROM conversation_shares WHERE team_id = ?
		AND conversation_id IN (SELECT id FROM conversations WHERE user_id = ?)`, teamID, userID); err != nil {
		return dbError(err, "leave: shares")
	}
	res, err := r.exec(ctx, `DELETE FROM team_members WHERE team_id = ? AND user_id = ? AND role <> 'owner'`, teamID, userID)
	if err != nil {
		return dbError(err, "leave team")
	}
	return oneRow(res, salescoach.MsgTeamMemberNotFound)
}

// RemoveMember takes a member out of the caller's team.
func (s *TeamService) RemoveMember(ctx context.Context, callerID, userID string) error {
	return s.db.inTx(ctx, func(r runner) error {
		m, err := membershipOf(ctx, r, callerID)
		if err != nil {
			return err
		}
		if !salescoach.IsManager(m.role) {
			return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamForbidden)
		}
		target, err := targetRole(ctx, r, m.teamID, userID)
		if err != nil {
			return err
		}
		if !salescoach.CanRemove(m.role, target, callerID == userID) {
			return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamOwnerOnly)
		}
		return leaveTeam(ctx, r, m.teamID, userID)
	})
}

// Leave takes the caller out of their team; ECONFLICT for the owner.
func (s *TeamService) Leave(ctx context.Context, callerID string) error {
	return s.db.inTx(ctx, func(r runner) error {
		m, err := membershipOf(ctx, r, callerID)
		if err != nil {
			return err
		}
		if !salescoach.CanLeave(m.role) {
			return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgTeamOwnerCannotLeave)
		}
		return leaveTeam(ctx, r, m.teamID, callerID)
	})
}

// DeleteTeam deletes the caller's team; its rows cascade.
func (s *TeamService) DeleteTeam(ctx context.Context, callerID string) error {
	return s.db.inTx(ctx, func(r runner) error {
		m, err := membershipOf(ctx, r, callerID)
		if err != nil {
			return err
		}
		if m.role != salescoach.RoleOwner {
			return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamOwnerOnly)
		}
		res, err := r.exec(ctx, `DELETE FROM teams WHERE id = ? AND owner_id = ?`, m.teamID, callerID)
		if err != nil {
			return dbError(err, "delete team")
		}
		return oneRow(res, salescoach.MsgNoTeam)
	})
}

// ownChat checks that the conversation is the caller's and not deleted.
func ownChat(ctx context.Context, r runner, callerID, conversationID string) error {
	if !validID(conversationID) || !validID(callerID) {
		return notFound(salescoach.MsgConversationNotFound)
	}
	var n int
	if err := r.queryRow(ctx, `SELECT COUNT(*) FROM conversations WHERE id = ? AND user_id = ? AND deleted_at IS NULL`,
		conversationID, callerID).Scan(&n); err != nil {
		return dbError(err, "own chat")
	}
	if n == 0 {
		return notFound(salescoach.MsgConversationNotFound)
	}
	return nil
}

// ShareConversation shares the caller's chat with their current team (a
// share with a former team is replaced).
func (s *TeamService) ShareConversation(ctx context.Context, callerID, conversationID string, now time.Time) (*salescoach.SharedChat, error) {
	var sc *salescoach.SharedChat
	err := s.db.inTx(ctx, func(r runner) error {
		if err := ownChat(ctx, r, callerID, conversationID); err != nil {
			return err
		}
		m, err := membershipOf(ctx, r, callerID)
		if err != nil {
			return err
		}
		if _, err := r.exec(ctx, `INSERT INTO conversation_shares (conversation_id, team_id, shared_at) VALUES (?, ?, ?)
			ON CONFLICT (conversation_id) DO UPDATE SET team_id = excluded.team_id,
				shared_at = CASE WHEN conversation_shares.team_id = excluded.team_id THEN conversation_shares.shared_at ELSE excluded.shared_at END`,
			conversationID, m.teamID, utc(now)); err != nil {
			return dbError(err, "share chat")
		}
		sc, err = chatShare(ctx, r, conversationID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return sc, nil
}

func chatShare(ctx context.Context, r runner, conversationID string) (*salescoach.SharedChat, error) {
	sc := salescoach.SharedChat{ConversationID: conversationID}
	err := r.queryRow(ctx, `SELECT team_id, shared_at FROM conversation_shares WHERE conversation_id = ?`, conversationID).
		Scan(&sc.TeamID, scanTime(&sc.SharedAt))
	if noRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, dbError(err, "chat share")
	}
	return &sc, nil
}

// UnshareConversation ends the sharing of the caller's chat.
func (s *TeamService) UnshareConversation(ctx context.Context, callerID, conversationID string) error {
	return s.db.inTx(ctx, func(r runner) error {
		if err := ownChat(ctx, r, callerID, conversationID); err != nil {
			return err
		}
		_, err := r.exec(ctx, `DELETE FROM conversation_shares WHERE conversation_id = ?
			AND conversation_id IN (SELECT id FROM conversations WHERE user_id = ?)`, conversationID, callerID)
		return dbError(err, "unshare chat")
	})
}

// ConversationShare reads the share of the caller's chat with their
// current team; nil when it is not shared with it.
func (s *TeamService) ConversationShare(ctx context.Context, callerID, conversationID string) (*salescoach.SharedChat, error) {
	r := s.db.r()
	if err := ownChat(ctx, r, callerID, conversationID); err != nil {
		return nil, err
	}
	sc, err := chatShare(ctx, r, conversationID)
	if err != nil || sc == nil {
		return nil, err
	}
	if m, err := membershipOf(ctx, r, callerID); err != nil || m.teamID != sc.TeamID {
		return nil, nil
	}
	return sc, nil
}

// SharedConversation reads a chat shared with the caller's team by one of
// its current members, or an exam of theirs started on one of the team's
// assignments (issue 27: those transcripts are visible to the managers),
// for its owner and managers. The one query names the caller's team in
// each condition (teamReadableChat): the share's or the assignment's, the
// author's membership.
func (s *TeamService) SharedConversation(ctx context.Context, callerID, conversationID string) (*salescoach.Conversation, error) {
	r := s.db.r()
	m, err := managerOf(ctx, r, callerID)
	if err != nil {
		return nil, err
	}
	if !validID(conversationID) {
		return nil, notFound(salescoach.MsgConversationNotFound)
	}
	c, err := scanConversation(r.queryRow(ctx, `SELECT `+conversationSelect+` FROM conversations c
		WHERE c.id = ? AND `+teamReadableChat, conversationID, m.teamID, m.teamID, m.teamID))
	if noRows(err) {
		return nil, notFound(salescoach.MsgConversationNotFound)
	}
	if err != nil {
		return nil, dbError(err, "shared chat")
	}
	if !salescoach.CanReadSharedChat(m.role, true) {
		return nil, notFound(salescoach.MsgConversationNotFound)
	}
	return c, nil
}

// Leaderboard sums the team's XP days of the period in one query bounded
// by the team id, and ranks them (salescoach.RankLeaderboard).
func (s *TeamService) Leaderboard(ctx context.Context, callerID, period string, now time.Time) (*salescoach.Leaderboard, error) {
	since, ok := salescoach.LeaderboardSince(period, now)
	if !ok {
		return nil, salescoach.FieldError("period", salescoach.MsgTeamBadLeaderboard)
	}
	r := s.db.r()
	m, err := membershipOf(ctx, r, callerID)
	if err != nil {
		return nil, err
	}
	rows, err := r.queryRows(ctx, `SELECT tm.user_id, u.display_name, p.leaderboard_visible, COALESCE(SUM(x.xp), 0)
		FROM team_members tm
		JOIN users u ON u.id = tm.user_id
		JOIN profiles p ON p.user_id = tm.user_id
		LEFT JOIN xp_days x ON x.user_id = tm.user_id AND x.day >= ?
		WHERE tm.team_id = ?
		GROUP BY tm.user_id, u.display_name, p.leaderboard_visible`, salescoach.Day(since), m.teamID)
	if err != nil {
		return nil, dbError(err, "leaderboard")
	}
	defer rows.Close()
	var list []salescoach.LeaderboardRow
	for rows.Next() {
		var lr salescoach.LeaderboardRow
		if err := rows.Scan(&lr.UserID, &lr.DisplayName, &lr.Visible, &lr.XP); err != nil {
			return nil, dbError(err, "leaderboard")
		}
		list = append(list, lr)
	}
	if err := rows.Err(); err != nil {
		return nil, dbError(err, "leaderboard")
	}
	lb := &salescoach.Leaderboard{Period: period, Since: salescoach.Day(since)}
	lb.Entries, lb.Own = salescoach.RankLeaderboard(list, callerID)
	return lb, nil
}

// TeamManagers lists the owner and managers of userID's team but userID.
func (s *TeamService) TeamManagers(ctx context.Context, userID string) ([]string, error) {
	if !validID(userID) {
		return nil, nil
	}
	ids, err := s.db.r().queryStrings(ctx, `SELECT w.user_id FROM team_members m
		JOIN team_members w ON w.team_id = m.team_id AND w.role IN ('owner', 'manager') AND w.user_id <> m.user_id
		WHERE m.user_id = ? ORDER BY w.user_id`, userID)
	return ids, dbError(err, "team managers")
}
