package sqlstore_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// teamFixture is a team of an owner, a manager and a member, and an
// outsider in a second team.
type teamFixture struct {
	s                                *sqlstore.TeamService
	owner, manager, member, outsider *salescoach.User
	team, other                      *salescoach.Membership
}

func newTeamFixture(t *testing.T, db *sqlstore.DB) *teamFixture {
	t.Helper()
	ctx := t.Context()
	f := &teamFixture{s: sqlstore.NewTeamService(db)}
	f.owner, f.manager, f.member, f.outsider = newUser(t, db, "owner@example.com"), newUser(t, db, "manager@example.com"),
		newUser(t, db, "member@example.com"), newUser(t, db, "outsider@example.com")
	var err error
	f.team, err = f.s.CreateTeam(ctx, f.owner, " Vertrieb Nord ", "join-nord", t0)
	mustNil(t, err)
	f.other, err = f.s.CreateTeam(ctx, f.outsider, "Vertrieb Süd", "join-sued", t0)
	mustNil(t, err)
	f.invite(t, f.owner, "manager@example.com", salescoach.RoleManager, "hash-manager")
	_, err = f.s.Join(ctx, f.manager, "hash-manager", "raw-manager", t0)
	mustNil(t, err)
	_, err = f.s.Join(ctx, f.member, "no-such-hash", "join-nord", t0)
	mustNil(t, err)
	return f
}

func (f *teamFixture) invite(t *testing.T, by *salescoach.User, addr, role, hash string) {
	t.Helper()
	_, err := f.s.CreateInvitation(t.Context(), by.ID, &salescoach.Invitation{Email: addr, Role: role, TokenHash: hash,
		CreatedAt: t0, ExpiresAt: t0.Add(salescoach.InvitationTTL)})
	mustNil(t, err)
}

func TestTeamFoundAndMyTeam(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		if f.team.Team.Name != "Vertrieb Nord" || f.team.Role != salescoach.RoleOwner || f.team.MemberCount != 1 {
			t.Errorf("founded = %+v", f.team)
		}
		ms, err := f.s.MyTeam(ctx, f.member.ID)
		mustNil(t, err)
		if ms.Team.ID != f.team.Team.ID || ms.Role != salescoach.RoleMember || ms.MemberCount != 3 {
			t.Errorf("member's team = %+v", ms)
		}
		ms, err = f.s.MyTeam(ctx, f.manager.ID)
		mustNil(t, err)
		if ms.Role != salescoach.RoleManager {
			t.Errorf("manager's role = %s", ms.Role)
		}
		loner := newUser(t, db, "loner@example.com")
		_, err = f.s.MyTeam(ctx, loner.ID)
		wantCode(t, err, salescoach.ENOTFOUND)

		// In a team already: 409; unconfirmed or guest: 403; no name: 400.
		_, err = f.s.CreateTeam(ctx, f.member, "Zweites Team", "join-2", t0)
		wantCode(t, err, salescoach.ECONFLICT)
		unconfirmed, err := sqlstore.NewUserService(db).CreateUser(ctx, salescoach.NewUser{Email: "new@example.com", PasswordHash: "h"})
		mustNil(t, err)
		_, err = f.s.CreateTeam(ctx, unconfirmed, "Team", "join-3", t0)
		wantCode(t, err, salescoach.EFORBIDDEN)
		_, err = f.s.CreateTeam(ctx, newUser(t, db, ""), "Team", "join-4", t0)
		wantCode(t, err, salescoach.EFORBIDDEN)
		_, err = f.s.CreateTeam(ctx, loner, "   ", "join-5", t0)
		wantCode(t, err, salescoach.EINVALID)
	})
}

// TestTeamFoundOnce: of N foundings for one user released at once, exactly
// one makes a team.
func TestTeamFoundOnce(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewTeamService(db)
		u := newUser(t, db, "founder@example.com")
		const n = 8
		warm(t, db, n)
		errs := race(n, func(i int) error {
			_, err := s.CreateTeam(t.Context(), u, "Team", fmt.Sprintf("join-%d", i), t0)
			return err
		})
		ok, conflict := 0, 0
		for _, err := range errs {
			switch salescoach.ErrorCode(err) {
			case "":
				ok++
			case salescoach.ECONFLICT:
				conflict++
			default:
				t.Errorf("unexpected error %v", err)
			}
		}
		if ok != 1 || conflict != n-1 {
			t.Fatalf("%d founded, %d conflicts", ok, conflict)
		}
		if c := count(t, db, `SELECT COUNT(*) FROM teams`); c != 1 {
			t.Errorf("%d teams", c)
		}
	})
}

// TestTeamInvitationSingleUseAndExpiry: an invitation works once, for its
// address only (of the invited account's sessions and other accounts racing
// for it, the invited account joins once and the others are refused without
// using it up), not after its 7 days, and a user in a team does not use it
// up.
func TestTeamInvitationSingleUseAndExpiry(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		f.invite(t, f.manager, "Racer@Example.com", salescoach.RoleMember, "hash-race")
		invited := newUser(t, db, "racer@example.com")
		const n = 6
		others := make([]*salescoach.User, n)
		for i := range others {
			others[i] = newUser(t, db, fmt.Sprintf("racer%d@example.com", i))
		}
		warm(t, db, n)
		// Other accounts at once: each is refused and learns whom it is
		// for; the invitation stays unused.
		errs := race(n, func(i int) error {
			_, err := f.s.Join(ctx, others[i], "hash-race", "raw-race", t0.Add(time.Hour))
			return err
		})
		for _, err := range errs {
			if e := wantCode(t, err, salescoach.EFORBIDDEN); e.Msg.Key != "team_invitation_other_email" ||
				e.Msg.Params["email"] != "Racer@example.com" {
				t.Errorf("another account: %v", e)
			}
		}
		if c := count(t, db, `SELECT COUNT(*) FROM team_invitations WHERE token_hash = 'hash-race' AND used_at IS NULL`); c != 1 {
			t.Fatal("refused joins used the invitation up")
		}
		// The invited account's sessions at once: it joins once.
		errs = race(n, func(int) error {
			_, err := f.s.Join(ctx, invited, "hash-race", "raw-race", t0.Add(time.Hour))
			return err
		})
		// A session that lost the race finds the invitation used.
		if byCode(t, errs, "", salescoach.ENOTFOUND)[""] == 0 {
			t.Fatal("the invited account did not join")
		}
		if c := count(t, db, `SELECT COUNT(*) FROM team_members WHERE user_id = ?`, invited.ID); c != 1 {
			t.Errorf("%d memberships", c)
		}
		if c := count(t, db, `SELECT COUNT(*) FROM team_invitations WHERE token_hash = 'hash-race' AND used_by = ?`, invited.ID); c != 1 {
			t.Errorf("the invitation is not used by the invited account")
		}
		for _, u := range others {
			if _, err := f.s.MyTeam(ctx, u.ID); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
				t.Errorf("%s joined: %v", u.Email, err)
			}
		}

		// Someone in a team cannot use an invitation, which stays unused.
		f.invite(t, f.owner, "outsider@example.com", salescoach.RoleManager, "hash-out")
		_, err := f.s.Join(ctx, f.outsider, "hash-out", "raw", t0)
		wantCode(t, err, salescoach.ECONFLICT)
		if c := count(t, db, `SELECT COUNT(*) FROM team_invitations WHERE token_hash = 'hash-out' AND used_at IS NULL`); c != 1 {
			t.Error("a refused join used the invitation up")
		}
		// Another account learns whom it is for, and uses nothing up.
		f.invite(t, f.owner, "late@example.com", salescoach.RoleManager, "hash-late")
		_, err = f.s.Join(ctx, newUser(t, db, "forwarded@example.com"), "hash-late", "raw", t0)
		if e := wantCode(t, err, salescoach.EFORBIDDEN); e.Msg.Key != "team_invitation_other_email" ||
			e.Message() != "Diese Einladung gilt für late@example.com. Melde dich ab und mit dieser Adresse an, um sie anzunehmen." {
			t.Errorf("forwarded invitation: %v", e)
		}
		late := newUser(t, db, "LATE@example.com")
		// Expired after 7 days.
		_, err = f.s.Join(ctx, late, "hash-late", "raw", t0.Add(salescoach.InvitationTTL+time.Second))
		wantCode(t, err, salescoach.ENOTFOUND)
		ms, err := f.s.Join(ctx, late, "hash-late", "raw", t0.Add(salescoach.InvitationTTL-time.Second))
		mustNil(t, err)
		if ms.Role != salescoach.RoleManager {
			t.Errorf("joined as %s, want manager", ms.Role)
		}
		// The join link stays a bearer link.
		if _, err := f.s.Join(ctx, newUser(t, db, "anyone@example.com"), "no-such-hash", "join-nord", t0); err != nil {
			t.Errorf("join link: %v", err)
		}
	})
}

// TestTeamInvitationRules: invitations go only to addresses mail reaches,
// not to oneself or a member; a second invitation to an address replaces
// the first; the owner and managers list the pending ones, newest first,
// and renew or revoke them as they may invite them; another team's are
// not found.
func TestTeamInvitationRules(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		create := func(by *salescoach.User, addr, role, hash string, at time.Time) (*salescoach.Invitation, error) {
			inv := &salescoach.Invitation{Email: addr, Role: role, TokenHash: hash, CreatedAt: at, ExpiresAt: at.Add(salescoach.InvitationTTL)}
			_, err := f.s.CreateInvitation(ctx, by.ID, inv)
			return inv, err
		}
		for addr, key := range map[string]string{
			"a@b": "team_invitation_email_invalid", "a@localhost": "team_invitation_email_invalid",
			"a@[10.0.0.1]": "team_invitation_email_invalid", "Anna <a@example.com>": "team_invitation_email_invalid",
			"OWNER@example.com": "team_invitation_self", "Member@Example.com": "team_invitation_member",
			"manager@example.com": "team_invitation_member",
		} {
			_, err := create(f.owner, addr, salescoach.RoleMember, "h-"+addr, t0)
			if e := wantCode(t, err, salescoach.EINVALID); e.Fields["email"].Key != key {
				t.Errorf("%s: %v, want %s", addr, e.Fields, key)
			}
		}
		// Another team's member may be invited (they may leave theirs).
		first, err := create(f.owner, "anna@firma.de", salescoach.RoleMember, "h-anna-1", t0)
		mustNil(t, err)
		_, err = create(f.owner, "outsider@example.com", salescoach.RoleMember, "h-out", t0.Add(time.Minute))
		mustNil(t, err)
		// Again to the same address: replaced, the old link no longer works.
		second, err := create(f.owner, "Anna@Firma.de", salescoach.RoleManager, "h-anna-2", t0.Add(2*time.Minute))
		mustNil(t, err)
		if c := count(t, db, `SELECT COUNT(*) FROM team_invitations WHERE id = ?`, first.ID); c != 0 {
			t.Error("the replaced invitation is left")
		}
		// Another team invites the same address: its own invitation.
		_, err = create(f.outsider, "anna@firma.de", salescoach.RoleMember, "h-anna-sued", t0)
		mustNil(t, err)

		list, err := f.s.PendingInvitations(ctx, f.manager.ID, t0.Add(time.Hour))
		mustNil(t, err)
		var got []string
		for _, inv := range list {
			got = append(got, inv.Email+"/"+inv.Role)
		}
		if want := []string{"Anna@firma.de/manager", "outsider@example.com/member"}; !slices.Equal(got, want) {
			t.Errorf("pending = %v, want %v", got, want)
		}
		if list[0].ID != second.ID || !list[0].CreatedAt.Equal(t0.Add(2*time.Minute)) || list[0].InvitedBy != f.owner.ID {
			t.Errorf("first item = %+v", list[0])
		}
		_, err = f.s.PendingInvitations(ctx, f.member.ID, t0)
		wantCode(t, err, salescoach.EFORBIDDEN)
		// Expired ones are not pending.
		if list, err := f.s.PendingInvitations(ctx, f.owner.ID, t0.Add(salescoach.InvitationTTL+time.Hour)); err != nil || len(list) != 0 {
			t.Errorf("after 8 days: %d pending, %v", len(list), err)
		}

		// Renew: a new token and expiry; the old link is dead.
		_, _, err = f.s.RenewInvitation(ctx, f.manager.ID, second.ID, "h-anna-3", t0.Add(48*time.Hour))
		wantCode(t, err, salescoach.EFORBIDDEN) // a manager invitation: the owner's
		_, _, err = f.s.RenewInvitation(ctx, f.member.ID, second.ID, "h-anna-3", t0.Add(48*time.Hour))
		wantCode(t, err, salescoach.EFORBIDDEN)
		_, _, err = f.s.RenewInvitation(ctx, f.outsider.ID, second.ID, "h-anna-3", t0.Add(48*time.Hour))
		if e := wantCode(t, err, salescoach.ENOTFOUND); e.Msg.Key != "team_invitation_not_found" {
			t.Errorf("another team's: %v", e)
		}
		inv, team, err := f.s.RenewInvitation(ctx, f.owner.ID, second.ID, "h-anna-3", t0.Add(48*time.Hour))
		mustNil(t, err)
		if inv.ID != second.ID || inv.Email != "Anna@firma.de" || inv.Role != salescoach.RoleManager ||
			!inv.ExpiresAt.Equal(t0.Add(48*time.Hour)) || team.Name != "Vertrieb Nord" {
			t.Errorf("renewed = %+v, %+v", inv, team)
		}
		anna := newUser(t, db, "anna@firma.de")
		_, err = f.s.Join(ctx, anna, "h-anna-2", "raw", t0.Add(time.Hour))
		wantCode(t, err, salescoach.ENOTFOUND)

		// Revoke: a manager the member invitations, the owner any.
		outs, err := f.s.PendingInvitations(ctx, f.owner.ID, t0)
		mustNil(t, err)
		outID := outs[1].ID
		wantCode(t, f.s.RevokeInvitation(ctx, f.manager.ID, second.ID), salescoach.EFORBIDDEN)
		wantCode(t, f.s.RevokeInvitation(ctx, f.outsider.ID, outID), salescoach.ENOTFOUND)
		wantCode(t, f.s.RevokeInvitation(ctx, f.owner.ID, "not-an-id"), salescoach.ENOTFOUND)
		mustNil(t, f.s.RevokeInvitation(ctx, f.manager.ID, outID))
		wantCode(t, f.s.RevokeInvitation(ctx, f.manager.ID, outID), salescoach.ENOTFOUND)

		// A used invitation is neither renewed nor revoked.
		_, err = f.s.Join(ctx, anna, "h-anna-3", "raw", t0.Add(time.Hour))
		mustNil(t, err)
		_, _, err = f.s.RenewInvitation(ctx, f.owner.ID, second.ID, "h-anna-4", t0.Add(48*time.Hour))
		wantCode(t, err, salescoach.ENOTFOUND)
		wantCode(t, f.s.RevokeInvitation(ctx, f.owner.ID, second.ID), salescoach.ENOTFOUND)
	})
}

// TestTeamInvitationSameAddressRace: owners inviting one address at once
// leave one pending invitation.
func TestTeamInvitationSameAddressRace(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		const n = 6
		warm(t, db, n)
		errs := race(n, func(i int) error {
			_, err := f.s.CreateInvitation(ctx, f.owner.ID, &salescoach.Invitation{Email: "same@example.org",
				Role: salescoach.RoleMember, TokenHash: fmt.Sprintf("h-same-%d", i), CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)})
			return err
		})
		if byCode(t, errs, "", salescoach.ECONFLICT)[""] == 0 {
			t.Error("no invitation saved")
		}
		if c := count(t, db, `SELECT COUNT(*) FROM team_invitations WHERE email_lower = 'same@example.org' AND used_at IS NULL`); c != 1 {
			t.Errorf("%d pending invitations to one address", c)
		}
	})
}

// TestTeamJoinByEmail: a person invited before they had an account joins
// when they confirm the address, in the invitation's role, and opening the
// invitation's link afterwards answers that membership; without an
// invitation nothing happens.
func TestTeamJoinByEmail(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		f.invite(t, f.owner, "New.Person@Example.com", salescoach.RoleManager, "hash-new")
		u := newUser(t, db, "new.person@example.com")
		ms, err := f.s.JoinByEmail(ctx, u, t0.Add(time.Hour))
		mustNil(t, err)
		if ms == nil || ms.Team.ID != f.team.Team.ID || ms.Role != salescoach.RoleManager {
			t.Fatalf("joined = %+v", ms)
		}
		// Used up.
		_, err = f.s.Join(ctx, newUser(t, db, "x@example.com"), "hash-new", "raw", t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		// Its own link, opened after the confirmation joined: the same
		// membership, not "already in a team"; after leaving it is used
		// up for them too, and another invitation still conflicts.
		again, err := f.s.Join(ctx, u, "hash-new", "raw", t0.Add(2*time.Hour))
		mustNil(t, err)
		if again.Team.ID != f.team.Team.ID || again.Role != salescoach.RoleManager {
			t.Errorf("own invitation again = %+v", again)
		}
		_, err = f.s.Join(ctx, u, "hash-manager", "raw", t0)
		wantCode(t, err, salescoach.ECONFLICT)
		mustNil(t, f.s.Leave(ctx, u.ID))
		_, err = f.s.Join(ctx, u, "hash-new", "raw", t0.Add(3*time.Hour))
		wantCode(t, err, salescoach.ENOTFOUND)
		ms, err = f.s.JoinByEmail(ctx, newUser(t, db, "nobody@example.com"), t0)
		if err != nil || ms != nil {
			t.Errorf("without an invitation: %+v, %v", ms, err)
		}
	})
}

// TestTeamPermissions: what each role may do to whom, and that another
// team's ids are not found.
func TestTeamPermissions(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		inv := func(by *salescoach.User, role string) error {
			_, err := f.s.CreateInvitation(ctx, by.ID, &salescoach.Invitation{Email: "x@example.com", Role: role,
				TokenHash: "h-" + by.ID + role, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)})
			return err
		}
		wantCode(t, inv(f.member, salescoach.RoleMember), salescoach.EFORBIDDEN)
		wantCode(t, inv(f.manager, salescoach.RoleManager), salescoach.EFORBIDDEN)
		mustNil(t, inv(f.manager, salescoach.RoleMember))
		mustNil(t, inv(f.owner, salescoach.RoleManager))
		wantCode(t, inv(f.owner, salescoach.RoleOwner), salescoach.EINVALID)

		q := salescoach.MemberQuery{Days: 30}
		_, err := f.s.Members(ctx, f.member.ID, q, t0)
		wantCode(t, err, salescoach.EFORBIDDEN)
		_, err = f.s.Member(ctx, f.manager.ID, f.outsider.ID, 30, t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = f.s.Member(ctx, f.member.ID, f.owner.ID, 30, t0)
		wantCode(t, err, salescoach.EFORBIDDEN)

		// Roles: only the owner, never another team's member.
		wantCode(t, f.s.SetRole(ctx, f.manager.ID, f.member.ID, salescoach.RoleManager), salescoach.EFORBIDDEN)
		wantCode(t, f.s.SetRole(ctx, f.member.ID, f.member.ID, salescoach.RoleManager), salescoach.EFORBIDDEN)
		wantCode(t, f.s.SetRole(ctx, f.owner.ID, f.outsider.ID, salescoach.RoleMember), salescoach.ENOTFOUND)
		wantCode(t, f.s.SetRole(ctx, f.owner.ID, f.owner.ID, salescoach.RoleMember), salescoach.EFORBIDDEN)
		wantCode(t, f.s.SetRole(ctx, f.owner.ID, f.member.ID, "boss"), salescoach.EINVALID)

		// Removal: a manager removes members only; a member no one.
		wantCode(t, f.s.RemoveMember(ctx, f.member.ID, f.manager.ID), salescoach.EFORBIDDEN)
		wantCode(t, f.s.RemoveMember(ctx, f.manager.ID, f.owner.ID), salescoach.EFORBIDDEN)
		wantCode(t, f.s.RemoveMember(ctx, f.owner.ID, f.outsider.ID), salescoach.ENOTFOUND)
		wantCode(t, f.s.RemoveMember(ctx, f.owner.ID, f.owner.ID), salescoach.EFORBIDDEN)
		mustNil(t, f.s.RemoveMember(ctx, f.manager.ID, f.member.ID))
		_, err = f.s.MyTeam(ctx, f.member.ID)
		wantCode(t, err, salescoach.ENOTFOUND)

		// The owner cannot leave; the join link is the owner's to reset.
		wantCode(t, f.s.Leave(ctx, f.owner.ID), salescoach.ECONFLICT)
		_, err = f.s.ResetJoinToken(ctx, f.manager.ID, "new-link")
		wantCode(t, err, salescoach.EFORBIDDEN)
		team, err := f.s.ResetJoinToken(ctx, f.owner.ID, "new-link")
		mustNil(t, err)
		if team.JoinToken != "new-link" {
			t.Errorf("join token %q", team.JoinToken)
		}
		_, err = f.s.Join(ctx, f.member, "nope", "join-nord", t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = f.s.Join(ctx, f.member, "nope", "new-link", t0)
		mustNil(t, err)

		// Handing over: the old owner becomes a manager and may leave.
		mustNil(t, f.s.SetRole(ctx, f.owner.ID, f.manager.ID, salescoach.RoleOwner))
		for who, want := range map[*salescoach.User]string{f.owner: salescoach.RoleManager, f.manager: salescoach.RoleOwner} {
			ms, err := f.s.MyTeam(ctx, who.ID)
			mustNil(t, err)
			if ms.Role != want || ms.Team.OwnerID != f.manager.ID {
				t.Errorf("%s: role %s owner %s", who.Email, ms.Role, ms.Team.OwnerID)
			}
		}
		mustNil(t, f.s.Leave(ctx, f.owner.ID))
		wantCode(t, f.s.DeleteTeam(ctx, f.member.ID), salescoach.EFORBIDDEN)
		mustNil(t, f.s.DeleteTeam(ctx, f.manager.ID))
		if c := count(t, db, `SELECT COUNT(*) FROM team_members WHERE team_id = ?`, f.team.Team.ID); c != 0 {
			t.Errorf("%d memberships left", c)
		}
		if c := count(t, db, `SELECT COUNT(*) FROM team_invitations WHERE team_id = ?`, f.team.Team.ID); c != 0 {
			t.Errorf("%d invitations left", c)
		}
		// Leaving keeps the account.
		_, err = sqlstore.NewUserService(db).UserByID(ctx, f.owner.ID)
		mustNil(t, err)
	})
}

// TestTeamSharedChatPrivacy: a practice chat is not found by the manager
// until its author shares it, readable then, and not found after the
// share is revoked or the author left the team; other teams never see it.
func TestTeamSharedChatPrivacy(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		chat := start(t, sqlstore.NewConversationService(db), practice(f.member.ID, t0))
		read := func(who *salescoach.User) error {
			_, err := f.s.SharedConversation(ctx, who.ID, chat.ID)
			return err
		}
		wantCode(t, read(f.manager), salescoach.ENOTFOUND)
		// Only the author shares.
		_, err := f.s.ShareConversation(ctx, f.manager.ID, chat.ID, t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		sc, err := f.s.ShareConversation(ctx, f.member.ID, chat.ID, t0)
		mustNil(t, err)
		if sc.TeamID != f.team.Team.ID {
			t.Errorf("shared with %s", sc.TeamID)
		}
		mustNil(t, read(f.manager))
		mustNil(t, read(f.owner))
		wantCode(t, read(f.member), salescoach.EFORBIDDEN)
		wantCode(t, read(f.outsider), salescoach.ENOTFOUND)
		mustNil(t, f.s.UnshareConversation(ctx, f.member.ID, chat.ID))
		wantCode(t, read(f.manager), salescoach.ENOTFOUND)
		got, err := f.s.ConversationShare(ctx, f.member.ID, chat.ID)
		if err != nil || got != nil {
			t.Errorf("share after revoke: %+v, %v", got, err)
		}

		_, err = f.s.ShareConversation(ctx, f.member.ID, chat.ID, t0)
		mustNil(t, err)
		mustNil(t, f.s.Leave(ctx, f.member.ID))
		wantCode(t, read(f.manager), salescoach.ENOTFOUND)
		// Without a team there is no one to share with.
		_, err = f.s.ShareConversation(ctx, f.member.ID, chat.ID, t0)
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}

// TestTeamMembersFigures: the members table's figures come from the
// member's own chats and skill rows of the period, search and sort work,
// and other teams' members are never listed.
func TestTeamMembersFigures(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		conv := sqlstore.NewConversationService(db)
		for i := range 2 {
			start(t, conv, practice(f.member.ID, t0.Add(-time.Duration(i)*time.Hour)))
		}
		start(t, conv, practice(f.member.ID, t0.AddDate(0, 0, -40)))
		start(t, conv, practice(f.outsider.ID, t0))
		day := salescoach.Day(t0)
		exec(t, db, `INSERT INTO skill_technique_days (user_id, day, technique, shown, total) VALUES (?, ?, 'question', 1, 4), (?, ?, 'question', 3, 3)`,
			f.member.ID, day, f.outsider.ID, day)
		exec(t, db, `INSERT INTO skill_family_days (user_id, day, family, answers, score_sum, attempts, solved) VALUES
			(?, ?, 'price', 3, 60, 1, 0), (?, ?, 'trust', 3, 240, 1, 1), (?, ?, 'timing', 1, 0, 1, 0)`,
			f.member.ID, day, f.member.ID, day, f.member.ID, day)

		page, err := f.s.Members(ctx, f.manager.ID, salescoach.MemberQuery{Days: 30, Sort: "-chats"}, t0)
		mustNil(t, err)
		if page.Total != 3 || len(page.Members) != 3 {
			t.Fatalf("page = %+v", page)
		}
		m := page.Members[0]
		if m.UserID != f.member.ID || m.Chats != 2 || m.Answers != 7 || m.LastActivity == nil {
			t.Errorf("member row = %+v", m)
		}
		if m.Techniques["question"] != 25 || len(m.Techniques) != 1 {
			t.Errorf("techniques = %v", m.Techniques)
		}
		if len(m.WeakestFamilies) != 2 || m.WeakestFamilies[0] != "price" || m.WeakestFamilies[1] != "trust" {
			t.Errorf("weakest families = %v", m.WeakestFamilies)
		}
		for _, mem := range page.Members {
			if mem.UserID == f.outsider.ID {
				t.Error("another team's member is listed")
			}
		}
		page, err = f.s.Members(ctx, f.owner.ID, salescoach.MemberQuery{Days: 30, Search: "MANAGER@"}, t0)
		mustNil(t, err)
		if page.Total != 1 || page.Members[0].UserID != f.manager.ID {
			t.Errorf("search = %+v", page.Members)
		}
		page, err = f.s.Members(ctx, f.owner.ID, salescoach.MemberQuery{Days: 7, Sort: "role"}, t0)
		mustNil(t, err)
		if page.Members[0].Role != salescoach.RoleOwner || page.Members[2].Role != salescoach.RoleMember {
			t.Errorf("by role: %s, %s", page.Members[0].Role, page.Members[2].Role)
		}
		page, err = f.s.Members(ctx, f.owner.ID, salescoach.MemberQuery{Days: 30, Sort: "lastActivity"}, t0)
		mustNil(t, err)
		if page.Members[0].UserID != f.member.ID {
			t.Errorf("by last activity, first: %s", page.Members[0].Email)
		}
		// Members without chats are last in either direction.
		page, err = f.s.Members(ctx, f.owner.ID, salescoach.MemberQuery{Days: 30, Sort: "-lastActivity"}, t0)
		mustNil(t, err)
		if page.Members[0].UserID != f.member.ID || page.Members[1].LastActivity != nil {
			t.Errorf("by last activity descending, first: %s", page.Members[0].Email)
		}
		_, err = f.s.Members(ctx, f.owner.ID, salescoach.MemberQuery{Days: 30, Sort: "password"}, t0)
		wantCode(t, err, salescoach.EINVALID)
		_, err = f.s.Members(ctx, f.owner.ID, salescoach.MemberQuery{Days: 5}, t0)
		wantCode(t, err, salescoach.EINVALID)

		one, err := f.s.Member(ctx, f.owner.ID, f.member.ID, 90, t0)
		mustNil(t, err)
		if one.Chats != 3 || one.Answers != 7 {
			t.Errorf("member over 90 days = %+v", one)
		}
	})
}

// TestTeamLeaderboard: XP awarded through AddProgress counts on its day;
// the week and the month sum their days; hidden members are left out and
// told so; equal XP share a place; other teams do not appear.
func TestTeamLeaderboard(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		progress := sqlstore.NewProgressService(db)
		// t0 is Tuesday 2026-03-10: the week began on Monday the 9th.
		award := func(u *salescoach.User, at time.Time, xp int) {
			db.SetClock(func() time.Time { return at })
			_, _, err := progress.AddProgress(ctx, u.ID, salescoach.ProgressDelta{XP: xp})
			mustNil(t, err)
		}
		award(f.member, t0, 30)
		award(f.member, t0.Add(-24*time.Hour), 20) // Monday: this week
		award(f.member, t0.AddDate(0, 0, -5), 100) // last week, this month
		award(f.manager, t0, 50)
		award(f.owner, t0.AddDate(0, -1, 0), 500) // last month
		award(f.outsider, t0, 1000)
		if c := count(t, db, `SELECT xp FROM xp_days WHERE user_id = ? AND day = ?`, f.member.ID, salescoach.Day(t0)); c != 30 {
			t.Errorf("member's XP of the day = %d", c)
		}

		lb, err := f.s.Leaderboard(ctx, f.member.ID, salescoach.LeaderboardWeek, t0)
		mustNil(t, err)
		want := []salescoach.LeaderboardEntry{{UserID: f.member.ID, XP: 50, Place: 1}, {UserID: f.manager.ID, XP: 50, Place: 1},
			{UserID: f.owner.ID, XP: 0, Place: 3}}
		if lb.Since != "2026-03-09" || len(lb.Entries) != 3 {
			t.Fatalf("week = %+v", lb)
		}
		for i, e := range lb.Entries {
			// The two with 50 XP share place 1 (in name, then id order).
			if e.XP != want[i].XP || e.Place != want[i].Place || (i == 2 && e.UserID != f.owner.ID) {
				t.Errorf("week entry %d = %+v, want %+v", i, e, want[i])
			}
		}
		if lb.Entries[0].UserID == lb.Entries[1].UserID || lb.Entries[0].UserID == f.owner.ID || lb.Entries[1].UserID == f.owner.ID {
			t.Errorf("week places 1: %+v", lb.Entries[:2])
		}
		if lb.Own.Place == nil || *lb.Own.Place != 1 || lb.Own.XP != 50 || lb.Own.Hidden {
			t.Errorf("own = %+v", lb.Own)
		}
		lb, err = f.s.Leaderboard(ctx, f.member.ID, salescoach.LeaderboardMonth, t0)
		mustNil(t, err)
		if lb.Since != "2026-03-01" || lb.Entries[0].UserID != f.member.ID || lb.Entries[0].XP != 150 {
			t.Errorf("month = %+v", lb.Entries)
		}

		// The member hides: not listed, and told so.
		hide := false
		_, _, err = sqlstore.NewUserService(db).UpdateProfile(ctx, f.member.ID, salescoach.ProfileUpdate{LeaderboardVisible: &hide})
		mustNil(t, err)
		lb, err = f.s.Leaderboard(ctx, f.member.ID, salescoach.LeaderboardMonth, t0)
		mustNil(t, err)
		for _, e := range lb.Entries {
			if e.UserID == f.member.ID {
				t.Error("a hidden member is listed")
			}
		}
		if lb.Own.Place != nil || !lb.Own.Hidden || lb.Own.XP != 150 {
			t.Errorf("hidden own = %+v", lb.Own)
		}
		lb, err = f.s.Leaderboard(ctx, f.owner.ID, salescoach.LeaderboardMonth, t0)
		mustNil(t, err)
		if len(lb.Entries) != 2 || lb.Entries[0].UserID != f.manager.ID {
			t.Errorf("owner's view = %+v", lb.Entries)
		}
		_, err = f.s.Leaderboard(ctx, f.owner.ID, "year", t0)
		wantCode(t, err, salescoach.EINVALID)
		_, err = f.s.Leaderboard(ctx, newUser(t, db, "solo@example.com").ID, salescoach.LeaderboardWeek, t0)
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}

// TestTeamManagers: the watchers of a member are the team's owner and
// managers; a user without a team has none.
func TestTeamManagers(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f := newTeamFixture(t, db)
		ids, err := f.s.TeamManagers(t.Context(), f.member.ID)
		mustNil(t, err)
		if len(ids) != 2 || !(ids[0] == f.owner.ID || ids[1] == f.owner.ID) || !(ids[0] == f.manager.ID || ids[1] == f.manager.ID) {
			t.Errorf("watchers = %v", ids)
		}
		ids, err = f.s.TeamManagers(t.Context(), newUser(t, db, "solo@example.com").ID)
		if err != nil || len(ids) != 0 {
			t.Errorf("solo: %v, %v", ids, err)
		}
	})
}

// TestTeamInvitationGoesWithInvitedAccount: deleting an account deletes
// the invitations to its address (they name the person), used or not;
// other invitations stay.
func TestTeamInvitationGoesWithInvitedAccount(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f := newTeamFixture(t, db)
		f.invite(t, f.owner, "Gone@Example.com", salescoach.RoleMember, "hash-gone")
		f.invite(t, f.owner, "stays@example.com", salescoach.RoleMember, "hash-stays")
		gone := newUser(t, db, "gone@example.com")
		_, err := sqlstore.NewPrivacyService(db).DeleteAccount(t.Context(), gone.ID)
		mustNil(t, err)
		if c := count(t, db, `SELECT COUNT(*) FROM team_invitations WHERE email_lower = 'gone@example.com'`); c != 0 {
			t.Errorf("%d invitations to the deleted address left", c)
		}
		if c := count(t, db, `SELECT COUNT(*) FROM team_invitations WHERE email = 'stays@example.com'`); c != 1 {
			t.Errorf("the other invitation went too")
		}
		// The manager's used invitation stays, without the manager once
		// they are gone.
		_, err = sqlstore.NewPrivacyService(db).DeleteAccount(t.Context(), f.manager.ID)
		mustNil(t, err)
		if c := count(t, db, `SELECT COUNT(*) FROM team_invitations WHERE used_by IS NOT NULL OR email_lower = 'manager@example.com'`); c != 0 {
			t.Errorf("the deleted manager is still named by %d invitations", c)
		}
	})
}

// TestAnswerTotalsFollowFamilyDays: migration 0040's running totals, kept
// by triggers, give the members table the same answers per period as the
// family day rows summed, whatever order the rows arrive in (a day before
// the newest, too), after updates and deletions; an account's deletion
// takes its totals along.
func TestAnswerTotalsFollowFamilyDays(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		day := func(ago int) string { return salescoach.Day(t0.AddDate(0, 0, -ago)) }
		ins := func(u *salescoach.User, ago int, family string, n int) {
			exec(t, db, `INSERT INTO skill_family_days (user_id, day, family, answers, score_sum, attempts, solved) VALUES (?, ?, ?, ?, 0, 0, 0)`,
				u.ID, day(ago), family, n)
		}
		ins(f.member, 3, "price", 2)
		ins(f.member, 50, "price", 5) // before the newest day
		ins(f.member, 3, "trust", 1)
		ins(f.member, 0, "price", 4)
		ins(f.member, 10, "timing", 3) // between two days
		ins(f.outsider, 3, "price", 9)
		ins(f.manager, 100, "price", 6) // before every period
		tech := func(ago int, technique string, shown, total int) {
			exec(t, db, `INSERT INTO skill_technique_days (user_id, day, technique, shown, total) VALUES (?, ?, ?, ?, ?)`,
				f.member.ID, day(ago), technique, shown, total)
		}
		tech(3, "question", 1, 4)
		tech(50, "question", 3, 3) // before the newest day
		tech(0, "question", 0, 2)
		tech(10, "benefit", 2, 2)
		tech(100, "benefit", 0, 5) // before every period
		exec(t, db, `UPDATE skill_technique_days SET shown = shown + 1, total = total + 1 WHERE user_id = ? AND day = ? AND technique = 'question'`, f.member.ID, day(3))
		exec(t, db, `DELETE FROM skill_technique_days WHERE user_id = ? AND day = ? AND technique = 'question'`, f.member.ID, day(0))
		exec(t, db, `UPDATE skill_family_days SET answers = answers + 2 WHERE user_id = ? AND day = ? AND family = 'trust'`, f.member.ID, day(3))
		exec(t, db, `UPDATE skill_family_days SET score_sum = 10 WHERE user_id = ? AND day = ?`, f.member.ID, day(10))
		exec(t, db, `DELETE FROM skill_family_days WHERE user_id = ? AND day = ? AND family = 'price'`, f.member.ID, day(3))

		check := func(when string) {
			t.Helper()
			for _, days := range salescoach.ProgressRanges {
				startDay := day(days - 1)
				for _, u := range []*salescoach.User{f.owner, f.manager, f.member} {
					want := count(t, db, `SELECT COALESCE(SUM(answers), 0) FROM skill_family_days WHERE user_id = ? AND day >= ?`, u.ID, startDay)
					m, err := f.s.Member(ctx, f.owner.ID, u.ID, days, t0)
					mustNil(t, err)
					if m.Answers != want {
						t.Errorf("%s: %s over %d days: %d answers, want %d", when, u.Email, days, m.Answers, want)
					}
					// Technique rates from 0041's totals equal the day rows' sums.
					for _, k := range salescoach.SkillTechniques {
						shown := count(t, db, `SELECT COALESCE(SUM(shown), 0) FROM skill_technique_days WHERE user_id = ? AND technique = ? AND day >= ?`, u.ID, k, startDay)
						total := count(t, db, `SELECT COALESCE(SUM(total), 0) FROM skill_technique_days WHERE user_id = ? AND technique = ? AND day >= ?`, u.ID, k, startDay)
						got, ok := m.Techniques[k]
						if rate := salescoach.Rate(shown, total); (rate == nil) == ok || (rate != nil && *rate != got) {
							t.Errorf("%s: %s over %d days: %s = %v (%t), want %d of %d", when, u.Email, days, k, got, ok, shown, total)
						}
					}
				}
			}
			page, err := f.s.Members(ctx, f.owner.ID, salescoach.MemberQuery{Days: 90, Sort: "-answers"}, t0)
			mustNil(t, err)
			if page.Members[0].UserID != f.member.ID || page.Members[0].Answers != 15 || page.Members[1].Answers != 0 {
				t.Errorf("%s: by answers: %+v, %+v", when, page.Members[0], page.Members[1])
			}
			// From 0041's family totals: price 9 answers (5 + 4) and trust
			// 3, both averaging 0 (catalogue order), then timing (3
			// answers, 10 points).
			if w := page.Members[0].WeakestFamilies; !slices.Equal(w, []string{"price", "trust", "timing"}) {
				t.Errorf("%s: weakest families over 90 days: %v", when, w)
			}
		}
		check("triggers")

		// An account's deletion takes its totals along.
		_, err := sqlstore.NewPrivacyService(db).DeleteAccount(ctx, f.outsider.ID)
		mustNil(t, err)
		if left := count(t, db, `SELECT COUNT(*) FROM skill_answer_totals WHERE user_id = ?`, f.outsider.ID); left != 0 {
			t.Errorf("%d totals left of a deleted account", left)
		}
	})
}

// TestAnswerTotalsBackfill: migrations 0040 and 0041 build the running
// totals of the day rows already there.
func TestAnswerTotalsBackfill(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) { testAnswerTotalsBackfill(t, emptySQLite(t)) })
	t.Run("postgres", func(t *testing.T) { testAnswerTotalsBackfill(t, farFromUTCPostgres(t)) })
}

func testAnswerTotalsBackfill(t *testing.T, db *sqlstore.DB) {
	ctx := t.Context()
	mustNil(t, db.MigrateUpTo(ctx, "0038_scenario_team"))
	ann := newUser(t, db, "ann@example.com")
	bob := newUser(t, db, "bob@example.com")
	for _, r := range []struct {
		u      *salescoach.User
		day    string
		family string
		n      int
	}{
		{ann, "2026-03-01", "price", 2}, {ann, "2026-03-01", "trust", 3}, {ann, "2026-03-05", "price", 1},
		{ann, "2026-02-20", "timing", 4}, {bob, "2026-03-05", "price", 7},
	} {
		exec(t, db, `INSERT INTO skill_family_days (user_id, day, family, answers, score_sum, attempts, solved) VALUES (?, ?, ?, ?, 0, 0, 0)`,
			r.u.ID, r.day, r.family, r.n)
	}
	exec(t, db, `INSERT INTO skill_technique_days (user_id, day, technique, shown, total) VALUES (?, '2026-03-05', 'question', 1, 2), (?, '2026-03-01', 'question', 2, 2)`,
		ann.ID, ann.ID)
	mustNil(t, db.Migrate(ctx))
	// 0041's backfill (SQLite only).
	if db.Dialect() == sqlstore.DialectSQLite {
		if got := count(t, db, `SELECT shown * 100 + total FROM skill_technique_totals WHERE user_id = ? AND technique = 'question' AND day = '2026-03-05'`, ann.ID); got != 304 {
			t.Errorf("question totals on 03-05: %d, want 3 shown of 4", got)
		}
		if got := count(t, db, `SELECT answers FROM skill_family_totals WHERE user_id = ? AND family = 'price' AND day = '2026-03-05'`, ann.ID); got != 3 {
			t.Errorf("price totals on 03-05: %d, want 3", got)
		}
	}
	for _, c := range []struct {
		u    *salescoach.User
		day  string
		want int
	}{{ann, "2026-02-20", 4}, {ann, "2026-03-01", 9}, {ann, "2026-03-05", 10}, {bob, "2026-03-05", 7}} {
		if got := count(t, db, `SELECT answers FROM skill_answer_totals WHERE user_id = ? AND day = ?`, c.u.ID, c.day); got != c.want {
			t.Errorf("%s on %s: %d, want %d", c.u.Email, c.day, got, c.want)
		}
	}
	if n := count(t, db, `SELECT COUNT(*) FROM skill_answer_totals`); n != 4 {
		t.Errorf("%d totals, want 4", n)
	}
}
