package salescoach

import (
	"cmp"
	"context"
	"net/mail"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// Teams (issue 27): a sales organisation trains together. A user is in at
// most one team, as its owner, a manager or a member. Who may do what is
// decided by the plain functions below, which the store's TeamService calls
// before it touches a row; its queries filter by the team besides, so that
// no id of another team ever reaches a row.

// Team roles.
const (
	RoleOwner   = "owner"
	RoleManager = "manager"
	RoleMember  = "member"
)

// Limits and lifetimes of teams.
const (
	MaxTeamNameRunes  = 100
	InvitationTTL     = 7 * 24 * time.Hour
	TeamMembersPage   = 50  // members per page of the members table
	LeaderboardTop    = 10  // places the leaderboard lists
	MaxTeamSearchRune = 100 // the members table's search text
	// MaxPendingInvitations bounds the pending invitations listed: the
	// newest.
	MaxPendingInvitations = 500
)

// Leaderboard periods.
const (
	LeaderboardWeek  = "week"
	LeaderboardMonth = "month"
)

// ChangeTeam is the live-update kind that tells a team's managers that a
// member's figures changed (a chat ended); ID is the member's user id.
const ChangeTeam = "team"

// ValidRole reports whether r is one of the three roles.
func ValidRole(r string) bool {
	return r == RoleOwner || r == RoleManager || r == RoleMember
}

// IsManager reports whether role sees the team's figures: owners and
// managers.
func IsManager(role string) bool { return role == RoleOwner || role == RoleManager }

// CanInvite reports whether a user of role may invite someone as invited:
// owners invite managers and members, managers only members, members no
// one. Ownership is handed over, never given by invitation.
func CanInvite(role, invited string) bool {
	switch role {
	case RoleOwner:
		return invited == RoleManager || invited == RoleMember
	case RoleManager:
		return invited == RoleMember
	}
	return false
}

// CanChangeRole reports whether a user of role may give another member the
// role to: only the owner, to anyone but themselves (to is RoleOwner when
// ownership is handed over; the old owner becomes a manager).
func CanChangeRole(role string, self bool, to string) bool {
	return role == RoleOwner && !self && ValidRole(to)
}

// CanRemove reports whether a user of role may remove a member of role
// target from the team: the owner anyone but themselves, a manager only
// members. Leaving is not removing (see CanLeave).
func CanRemove(role, target string, self bool) bool {
	if self {
		return false
	}
	switch role {
	case RoleOwner:
		return target != RoleOwner
	case RoleManager:
		return target == RoleMember
	}
	return false
}

// CanLeave reports whether a user of role may leave the team: anyone but
// the owner, who hands ownership over or deletes the team first.
func CanLeave(role string) bool { return role != RoleOwner }

// CanSeeMember reports whether a user of role sees a team member's figures
// (activity, technique rates, families, exam results): owners and managers,
// for the members of their own team (the store checks the team).
func CanSeeMember(role string) bool { return IsManager(role) }

// CanReadSharedChat reports whether a user of role may read a chat its
// author shared with their team: owners and managers of that team. A chat
// not shared is private to its author, whatever the role.
func CanReadSharedChat(role string, shared bool) bool { return shared && IsManager(role) }

// CanManageJoinLink reports whether a user of role may reset the team's
// join link: the owner. Owners and managers may see it (IsManager).
func CanManageJoinLink(role string) bool { return role == RoleOwner }

// CanFoundTeam reports whether u may found a team: a confirmed account with
// an e-mail address, not a guest. Whether u is in a team already is the
// store's to check.
func CanFoundTeam(u *User) bool {
	return u != nil && !u.IsAnonymous && u.Email != "" && u.EmailConfirmedAt != nil
}

// Team is a sales organisation on Sales Coach.
type Team struct {
	ID      string
	Name    string
	OwnerID string
	// JoinToken is the secret of the team's join link
	// (<BASE_URL>/app/team/join?token=...), which owners and managers share
	// and the owner resets.
	JoinToken string
	CreatedAt time.Time
}

// Membership is the caller's place in a team: the team, its size and the
// caller's role.
type Membership struct {
	Team        Team
	Role        string
	MemberCount int
}

// Member is one row of the members table: who, their role, and their
// figures over the period (ManagerView only).
type Member struct {
	UserID       string
	DisplayName  string
	Email        string
	Role         string
	JoinedAt     time.Time
	LastActivity *time.Time // the newest change of one of their chats
	Chats        int        // chats started in the period
	Answers      int        // scored answers in the period
	// Techniques are the rates (percent) of the techniques assessed in the
	// period, by key; a technique never assessed is absent.
	Techniques map[string]int
	// WeakestFamilies are up to three families with the lowest average
	// score among those with MinFamilyAnswers answers in the period.
	WeakestFamilies []string
}

// MemberQuery asks for one page of the members table.
type MemberQuery struct {
	Search string // matched against name and e-mail, case-insensitively
	// Sort is one of MemberSorts, with a leading "-" for descending order;
	// "" sorts by name.
	Sort string
	Page int // 1-based
	Days int // the period, one of ProgressRanges
}

// MemberSorts are the columns the members table sorts by.
var MemberSorts = []string{"name", "email", "role", "joinedAt", "lastActivity", "chats", "answers"}

// MemberPage is one page of the members table.
type MemberPage struct {
	Members  []*Member
	Total    int // members matching the search
	Page     int
	PageSize int
}

// Invitation is an invitation by e-mail to a team: single use, valid for
// InvitationTTL. Only the hash of its token is stored.
type Invitation struct {
	ID        string
	TeamID    string
	TokenHash string
	Email     string
	Role      string // RoleManager or RoleMember
	InvitedBy string
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    *time.Time
}

// SharedChat records that a chat's author shared it with their team.
type SharedChat struct {
	ConversationID string
	TeamID         string
	SharedAt       time.Time
}

// MaxMemberTranscripts bounds the chats a member's page lists
// (TeamService.MemberTranscripts): the newest.
const MaxMemberTranscripts = 20

// MemberTranscript is a chat of a team member whose transcript the team's
// owner and managers may read: one the member shared with the team, or an
// exam they started on one of the team's assignments (docs/privacy.md).
type MemberTranscript struct {
	ConversationID string
	Title          string
	Mode           string // ModePractice or ModeExam
	Difficulty     int    // 1..3 in practice
	CreatedAt      time.Time
	CompletedAt    *time.Time
	// Score is the total (percent) of the chat's evaluation, nil while it
	// has none.
	Score *int
	// SharedAt is when the member shared the chat with the team, nil for
	// an assignment's exam they did not share.
	SharedAt *time.Time
	// AssignmentID and AssignmentTitle name the team's assignment the chat
	// was started on, "" for none.
	AssignmentID, AssignmentTitle string
}

// LeaderboardEntry is one place of the leaderboard.
type LeaderboardEntry struct {
	UserID      string `json:"userId"`
	DisplayName string `json:"displayName"`
	XP          int    `json:"xp"`
	Place       int    `json:"place"`
}

// Leaderboard is the team's XP ranking over a period: the top places of
// the members who show themselves, and the caller's own standing.
type Leaderboard struct {
	Period  string             `json:"period"`
	Since   string             `json:"since"` // the period's first day, YYYY-MM-DD (UTC)
	Entries []LeaderboardEntry `json:"entries"`
	Own     LeaderboardOwn     `json:"own"`
}

// LeaderboardOwn is the caller's standing: their place among the shown
// members (nil while they hide themselves) and their XP of the period.
type LeaderboardOwn struct {
	Place  *int `json:"place"`
	XP     int  `json:"xp"`
	Hidden bool `json:"hidden"`
}

// LeaderboardSince is the first day of period at now: the Monday (UTC) of
// the week, or the first of the month. ok is false for another period.
func LeaderboardSince(period string, now time.Time) (time.Time, bool) {
	now = now.UTC()
	switch period {
	case LeaderboardWeek:
		return WeekStart(now), true
	case LeaderboardMonth:
		return time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC), true
	}
	return time.Time{}, false
}

// LeaderboardRow is a member's XP of the period as the store reads it.
type LeaderboardRow struct {
	UserID      string
	DisplayName string
	XP          int
	Visible     bool
}

// RankLeaderboard orders the rows by XP (then name, then id), gives equal
// XP the same place (1, 1, 3), lists the first LeaderboardTop places of the
// visible rows and the standing of the row of callerID. Hidden rows take
// no place and are never listed.
func RankLeaderboard(rows []LeaderboardRow, callerID string) ([]LeaderboardEntry, LeaderboardOwn) {
	visible := make([]LeaderboardRow, 0, len(rows))
	own := LeaderboardOwn{}
	for _, r := range rows {
		if r.UserID == callerID {
			own.XP, own.Hidden = r.XP, !r.Visible
		}
		if r.Visible {
			visible = append(visible, r)
		}
	}
	sortLeaderboard(visible)
	entries := []LeaderboardEntry{}
	place := 0
	for i, r := range visible {
		if i == 0 || r.XP != visible[i-1].XP {
			place = i + 1
		}
		if r.UserID == callerID {
			p := place
			own.Place = &p
		}
		if i < LeaderboardTop {
			entries = append(entries, LeaderboardEntry{UserID: r.UserID, DisplayName: r.DisplayName, XP: r.XP, Place: place})
		}
	}
	return entries, own
}

func sortLeaderboard(rows []LeaderboardRow) {
	slices.SortFunc(rows, func(a, b LeaderboardRow) int {
		if a.XP != b.XP {
			return cmp.Compare(b.XP, a.XP)
		}
		if c := cmp.Compare(a.DisplayName, b.DisplayName); c != 0 {
			return c
		}
		return cmp.Compare(a.UserID, b.UserID)
	})
}

// NormalizeTeamName trims name and checks it: 1 to MaxTeamNameRunes runes.
func NormalizeTeamName(name string) (string, *Msg) {
	name = strings.TrimSpace(name)
	if name == "" {
		return name, &MsgTeamNameRequired
	}
	if utf8.RuneCountInString(name) > MaxTeamNameRunes {
		m := MsgTeamNameTooLong.With("max", MaxTeamNameRunes)
		return name, &m
	}
	return name, nil
}

// NormalizeInviteEmail trims an invited address and checks that mail can
// reach it: one bare address (no display name) of at most 254 characters
// with a local part of at most 64, at a domain of the public DNS — labels
// of letters, digits and inner hyphens (an internationalised domain counts
// in its ASCII form), at least one dot, a top-level label that is not a
// number. a@b, a@localhost and a@[10.0.0.1] are refused: an invitation
// there would only bounce. It returns the address with its domain
// lower-cased.
func NormalizeInviteEmail(addr string) (string, bool) {
	addr = strings.TrimSpace(addr)
	if addr == "" || len(addr) > 254 || !utf8.ValidString(addr) {
		return addr, false
	}
	a, err := mail.ParseAddress(addr)
	if err != nil || a.Address != addr || a.Name != "" {
		return addr, false
	}
	at := strings.LastIndexByte(addr, '@')
	if at <= 0 || at > 64 {
		return addr, false
	}
	domain := strings.ToLower(addr[at+1:])
	ascii, err := idna.Lookup.ToASCII(domain)
	if err != nil || !ValidSSODomain(ascii) {
		return addr, false
	}
	tld := ascii[strings.LastIndexByte(ascii, '.')+1:]
	if strings.Trim(tld, "0123456789") == "" {
		return addr, false
	}
	return addr[:at] + "@" + domain, true
}

// ValidMemberSort reports whether s names a column of MemberSorts, with an
// optional leading "-", or is empty (the default order); "-" alone names
// none.
func ValidMemberSort(s string) bool {
	return s == "" || slices.Contains(MemberSorts, strings.TrimPrefix(s, "-"))
}

// TeamService stores teams, their members, invitations, shared chats and
// the leaderboard. Every method takes the caller's user id and decides with
// the functions above what the caller may do; every query that reads
// another user's rows is bounded by the caller's team. Without a team a
// caller gets ENOTFOUND (MsgNoTeam); ids of another team's members or chats
// are ENOTFOUND as if they did not exist; a member asking for a manager's
// view gets EFORBIDDEN.
type TeamService interface {
	// CreateTeam founds a team named name with u as its owner and a fresh
	// join token. EFORBIDDEN (MsgTeamEmailUnconfirmed) when u may not found
	// one (CanFoundTeam), ECONFLICT (MsgTeamAlreadyMember) when u is in a
	// team already (of two concurrent calls for one user, one succeeds).
	CreateTeam(ctx context.Context, u *User, name, joinToken string, now time.Time) (*Membership, error)
	// MyTeam returns the caller's membership; ENOTFOUND without a team.
	MyTeam(ctx context.Context, userID string) (*Membership, error)
	// CreateInvitation stores an invitation of the caller's team (its
	// TeamID, InvitedBy and ID are set from the caller). A pending
	// invitation of the team to the same address (case-insensitive) is
	// replaced: its link stops working. EFORBIDDEN when CanInvite refuses,
	// EINVALID for a role that is not manager or member and, with field
	// email, for an address mail cannot reach (MsgTeamInvitationEmailInvalid,
	// NormalizeInviteEmail), the caller's own (MsgTeamInvitationSelf) and
	// one of an account in the team (MsgTeamInvitationMember). ECONFLICT
	// when another invitation to the address is saved at the same moment.
	CreateInvitation(ctx context.Context, callerID string, inv *Invitation) (*Team, error)
	// PendingInvitations lists the caller's team's unused, unexpired
	// invitations, newest first, at most MaxPendingInvitations. EFORBIDDEN
	// (MsgTeamForbidden) for a member.
	PendingInvitations(ctx context.Context, callerID string, now time.Time) ([]*Invitation, error)
	// RenewInvitation gives an unused invitation of the caller's team a new
	// token (tokenHash) and expiry, so that the old link stops working, and
	// returns it with its team. ENOTFOUND (MsgTeamInvitationNotFound) for
	// an id not of an unused invitation of the caller's team, EFORBIDDEN as
	// CanInvite decides for the invitation's role.
	RenewInvitation(ctx context.Context, callerID, id, tokenHash string, expiresAt time.Time) (*Invitation, *Team, error)
	// RevokeInvitation deletes an unused invitation of the caller's team.
	// ENOTFOUND and EFORBIDDEN as RenewInvitation.
	RevokeInvitation(ctx context.Context, callerID, id string) error
	// DeleteInvitation removes an invitation (when its mail could not be
	// queued). Only driver errors.
	DeleteInvitation(ctx context.Context, id string) error
	// Join makes u a member of the team that tokenHash opens: an unused,
	// unexpired invitation to u's address (which is used up at once: of
	// concurrent joins with one invitation exactly one succeeds) in its
	// role, or the team's join link as a member. ENOTFOUND
	// (MsgTeamInvitationInvalid) for an unknown, used or expired token,
	// EFORBIDDEN (MsgTeamEmailUnconfirmed) for an unconfirmed account,
	// EFORBIDDEN (MsgTeamInvitationOtherEmail, its email the invited
	// address) for an invitation to another address, ECONFLICT
	// (MsgTeamAlreadyMember) when u is in a team; then the invitation stays
	// unused.
	Join(ctx context.Context, u *User, tokenHash, joinToken string, now time.Time) (*Membership, error)
	// InvitationTeam names the team an unused, unexpired invitation
	// (tokenHash) or a join link (joinToken) leads into, for the page the
	// link opens before anyone signs in; ENOTFOUND
	// (MsgTeamInvitationInvalid) for any other token.
	InvitationTeam(ctx context.Context, tokenHash, joinToken string, now time.Time) (string, error)
	// JoinByEmail joins u to the team of the newest unused, unexpired
	// invitation to u's e-mail address (sign-up through an invitation:
	// the account joins when its address is confirmed). It returns nil,
	// nil when there is no such invitation or u is in a team already.
	JoinByEmail(ctx context.Context, u *User, now time.Time) (*Membership, error)
	// ResetJoinToken sets the team's join token (owner only, EFORBIDDEN
	// else).
	ResetJoinToken(ctx context.Context, callerID, joinToken string) (*Team, error)
	// Members returns one page of the caller's team's members with their
	// figures. EFORBIDDEN for a member, EINVALID for a bad sort or period.
	Members(ctx context.Context, callerID string, q MemberQuery, now time.Time) (*MemberPage, error)
	// Member returns one member of the caller's team with their figures.
	// EFORBIDDEN for a member caller, ENOTFOUND for a user not in the team.
	Member(ctx context.Context, callerID, userID string, days int, now time.Time) (*Member, error)
	// SetRole gives a member of the caller's team role; RoleOwner hands
	// ownership over (the caller becomes a manager). EFORBIDDEN unless
	// CanChangeRole, ENOTFOUND for a user not in the team.
	SetRole(ctx context.Context, callerID, userID, role string) error
	// RemoveMember takes a user out of the caller's team (their account and
	// chats stay; their shares with the team end). EFORBIDDEN unless
	// CanRemove, ENOTFOUND for a user not in the team.
	RemoveMember(ctx context.Context, callerID, userID string) error
	// Leave takes the caller out of their team. ECONFLICT
	// (MsgTeamOwnerCannotLeave) for the owner.
	Leave(ctx context.Context, callerID string) error
	// DeleteTeam deletes the caller's team with its memberships,
	// invitations, shares and assignments (owner only: EFORBIDDEN else).
	// Its team subscriptions stay, without the team; the caller cancels
	// them at PayPal first (SeatService.TeamSubscriptions).
	DeleteTeam(ctx context.Context, callerID string) error
	// ShareConversation shares the caller's own chat with their team.
	// ENOTFOUND (MsgConversationNotFound) for a chat not theirs, ENOTFOUND
	// (MsgNoTeam) without a team.
	ShareConversation(ctx context.Context, callerID, conversationID string, now time.Time) (*SharedChat, error)
	// UnshareConversation ends the sharing (done when not shared).
	// ENOTFOUND for a chat not the caller's.
	UnshareConversation(ctx context.Context, callerID, conversationID string) error
	// ConversationShare returns the chat's share, nil when not shared.
	// ENOTFOUND for a chat not the caller's.
	ConversationShare(ctx context.Context, callerID, conversationID string) (*SharedChat, error)
	// SharedConversation returns a chat a member of the caller's team
	// shared with it, for the team's owner and managers (CanReadSharedChat).
	// ENOTFOUND for anything else, including a chat not shared, so that a
	// private chat's existence is not revealed; EFORBIDDEN for a member.
	SharedConversation(ctx context.Context, callerID, conversationID string) (*Conversation, error)
	// SharedAnswerScores returns the score of each of the seller's scored
	// answers (by message id) in a chat SharedConversation lets the caller
	// read, so that the managers see what its author saw; the same errors.
	SharedAnswerScores(ctx context.Context, callerID, conversationID string) (map[string]int, error)
	// MemberTranscripts lists the chats of userID, a member of the caller's
	// team, that SharedConversation lets the caller read: the newest
	// MaxMemberTranscripts, newest first. A revoked share, a deleted chat
	// and another team's chats are not listed. EFORBIDDEN
	// (MsgTeamForbidden) for a member, ENOTFOUND (MsgTeamMemberNotFound)
	// for a user not in the team.
	MemberTranscripts(ctx context.Context, callerID, userID string) ([]*MemberTranscript, error)
	// TeamProgress returns the progress report of the caller's team over
	// the last days UTC days up to now's day, in the shape of
	// SkillService.Progress: the sums over the team's current members (a
	// member who left no longer counts, one who joined brings their
	// history), with no exams (the member pages list them) and no
	// recommendation. EFORBIDDEN (MsgTeamForbidden) for a member, ENOTFOUND
	// (MsgNoTeam) without a team, EINVALID (field range) for a days not in
	// ProgressRanges.
	TeamProgress(ctx context.Context, callerID string, days int, now time.Time) (*ProgressReport, error)
	// Leaderboard ranks the caller's team by XP earned since the period's
	// first day (LeaderboardSince). EINVALID for another period.
	Leaderboard(ctx context.Context, callerID, period string, now time.Time) (*Leaderboard, error)
	// TeamManagers returns the user ids of the owner and managers of
	// userID's team, userID left out; none without a team.
	TeamManagers(ctx context.Context, userID string) ([]string, error)
}

// TeamWatchers finds who watches a user's training: the owner and managers
// of their team (TeamService.TeamManagers).
type TeamWatchers interface {
	TeamManagers(ctx context.Context, userID string) ([]string, error)
}

// Team messages.
var (
	MsgNoTeam                = newMsg("team_not_found", "Du bist in keinem Team.")
	MsgTeamMemberNotFound    = newMsg("team_member_not_found", "Dieses Teammitglied gibt es nicht.")
	MsgTeamAlreadyMember     = newMsg("team_already_member", "Du bist bereits in einem Team.")
	MsgTeamEmailUnconfirmed  = newMsg("team_email_unconfirmed", "Bitte bestätige zuerst deine E-Mail-Adresse.")
	MsgTeamForbidden         = newMsg("team_forbidden", "Das dürfen nur Inhaber und Manager des Teams.")
	MsgTeamOwnerOnly         = newMsg("team_owner_only", "Das darf nur der Inhaber des Teams.")
	MsgTeamOwnerCannotLeave  = newMsg("team_owner_cannot_leave", "Als Inhaber übergib das Team zuerst an jemand anderen oder lösche es.")
	MsgTeamInvitationInvalid = newMsg("team_invitation_invalid", "Diese Einladung ist ungültig, abgelaufen oder wurde schon verwendet.")
	// MsgTeamInvitationOtherEmail: an invitation belongs to its address
	// (issue 38); {email} is the invited one.
	MsgTeamInvitationOtherEmail   = newMsg("team_invitation_other_email", "Diese Einladung gilt für {email}. Melde dich ab und mit dieser Adresse an, um sie anzunehmen.")
	MsgTeamInvitationEmailInvalid = newMsg("team_invitation_email_invalid", "An diese Adresse kann keine E-Mail zugestellt werden. Bitte prüfe sie.")
	MsgTeamInvitationSelf         = newMsg("team_invitation_self", "Du kannst dich nicht selbst einladen.")
	MsgTeamInvitationMember       = newMsg("team_invitation_member", "Diese Person ist bereits in deinem Team.")
	MsgTeamInvitationNotFound     = newMsg("team_invitation_not_found", "Diese Einladung gibt es nicht mehr.")
	MsgTeamNameRequired           = newMsg("team_name_required", "Bitte gib einen Teamnamen ein.")
	MsgTeamNameTooLong            = newMsg("team_name_too_long", "Der Teamname darf höchstens {max} Zeichen lang sein.")
	MsgTeamBadRole                = newMsg("team_bad_role", "Ungültige Rolle.")
	MsgTeamBadSort                = newMsg("team_bad_sort", "Ungültige Sortierung.")
	MsgTeamBadLeaderboard         = newMsg("team_bad_leaderboard_period", "Ungültiger Zeitraum: week oder month.")
	// MsgTeamDeleteCancelFailed: deleting a team cancels its team plan at
	// PayPal first; when that fails, the team stays.
	MsgTeamDeleteCancelFailed = newMsg("team_delete_subscription_failed", "Das Team-Abo konnte nicht gekündigt werden. Das Team wurde nicht gelöscht. Bitte versuche es später erneut.")
)
