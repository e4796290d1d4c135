package httpapi_test

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestInvitationBelongsToItsAddress (issue 38): a forwarded invitation
// does not let another account in; the answer names the invited address,
// and the invitation still works for its person.
func TestInvitationBelongsToItsAddress(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		e := te.e
		anna := chatUser(t, e, "Anna@firma.de")
		te.owner.do("POST", "/api/team/invitations", map[string]any{"email": "anna@firma.de", "role": "manager"}).must(t, 201)
		token := linkToken(t, e.log.lastLink(t, "anna@firma.de"), "token")

		m := wantCode(t, te.loner.do("POST", "/api/team/join", map[string]any{"token": token}), 403, "team_invitation_other_email")
		if m["error"] != "Diese Einladung gilt für anna@firma.de. Melde dich ab und mit dieser Adresse an, um sie anzunehmen." ||
			m["invitedEmail"] != "anna@firma.de" || m["params"].(map[string]any)["email"] != "anna@firma.de" {
			t.Errorf("answer = %v", m)
		}
		// Someone in a team gets the same answer: it is not theirs at all.
		wantCode(t, te.member.do("POST", "/api/team/join", map[string]any{"token": token}), 403, "team_invitation_other_email")
		wantCode(t, te.loner.do("GET", "/api/team", nil), 404, "team_not_found")

		got := anna.do("POST", "/api/team/join", map[string]any{"token": token}).must(t, 200).json(t)
		if got["id"] != te.teamID || got["role"] != "manager" {
			t.Errorf("anna joined = %v", got)
		}
		// Used up: for anyone else now simply invalid.
		wantCode(t, te.loner.do("POST", "/api/team/join", map[string]any{"token": token}), 404, "team_invitation_invalid")
	})
}

// TestInvitationNamesItsTeam (issue 40): the page an invitation or join
// link opens names the team before anyone signs in; a used, expired,
// revoked or made-up token, or none, names nothing.
func TestInvitationNamesItsTeam(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		e := te.e
		anon := e.client()
		teamOf := func(token string) response {
			return anon.do("GET", "/api/team/invitation?token="+url.QueryEscape(token), nil)
		}
		te.owner.do("POST", "/api/team/invitations", map[string]any{"email": "anna@firma.de", "role": "member"}).must(t, 201)
		token := linkToken(t, e.log.lastLink(t, "anna@firma.de"), "token")
		joinToken := linkToken(t, te.owner.do("GET", "/api/team", nil).must(t, 200).json(t)["joinUrl"].(string), "token")
		for _, tok := range []string{token, joinToken} {
			if got := teamOf(tok).must(t, 200).json(t); got["teamName"] != "Vertrieb Nord" {
				t.Errorf("team of %q = %v", tok, got)
			}
		}
		wantCode(t, teamOf("made-up"), 404, "team_invitation_invalid")
		wantCode(t, teamOf(""), 400, "team_invitation_invalid")
		wantCode(t, teamOf(strings.Repeat("x", 201)), 400, "team_invitation_invalid")
		anna := chatUser(t, e, "anna@firma.de")
		anna.do("POST", "/api/team/join", map[string]any{"token": token}).must(t, 200)
		wantCode(t, teamOf(token), 404, "team_invitation_invalid")
		// A new join link ends the old one.
		te.owner.do("POST", "/api/team/join-link", nil).must(t, 200)
		wantCode(t, teamOf(joinToken), 404, "team_invitation_invalid")
		// Expired.
		te.owner.do("POST", "/api/team/invitations", map[string]any{"email": "ben@firma.de", "role": "member"}).must(t, 201)
		ben := linkToken(t, e.log.lastLink(t, "ben@firma.de"), "token")
		teamOf(ben).must(t, 200)
		e.clock.Advance(15 * 24 * time.Hour)
		wantCode(t, teamOf(ben), 404, "team_invitation_invalid")
	})
}

// TestInvitationRulesAndList: refusals on the address, one pending
// invitation per address, the pending list for owner and managers,
// 'Erneut senden' and 'Zurückziehen'.
func TestInvitationRulesAndList(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		e := te.e
		invite := func(c *client, addr, role string) response {
			t.Helper()
			return c.do("POST", "/api/team/invitations", map[string]any{"email": addr, "role": role})
		}
		for addr, code := range map[string]string{
			"a@b": "team_invitation_email_invalid", "anna@localhost": "team_invitation_email_invalid",
			"anna@[10.0.0.1]": "team_invitation_email_invalid", "Owner@Example.com": "team_invitation_self",
			"member@example.com": "team_invitation_member", "MANAGER@example.com": "team_invitation_member",
		} {
			m := wantCode(t, invite(te.owner, addr, "member"), 400, code)
			if fieldText(m, "email") == "" {
				t.Errorf("%s: no email field in %v", addr, m)
			}
		}

		// Accounts made first: confirming an invited address joins at once.
		xUser, yUser := chatUser(t, e, "x@firma.de"), chatUser(t, e, "y@firma.de")
		x := invite(te.owner, "x@firma.de", "member").must(t, 201).json(t)
		oldX := linkToken(t, e.log.lastLink(t, "x@firma.de"), "token")
		e.clock.Advance(time.Minute)
		y := invite(te.owner, "y@firma.de", "manager").must(t, 201).json(t)
		oldY := linkToken(t, e.log.lastLink(t, "y@firma.de"), "token")
		e.clock.Advance(time.Minute)
		// Inviting x again (by a manager, as a member): replaces the first.
		x2 := invite(te.manager, "X@Firma.de", "member").must(t, 201).json(t)
		if x2["id"] == x["id"] {
			t.Error("the second invitation has the first one's id")
		}
		newX := linkToken(t, e.log.lastLink(t, "X@firma.de"), "token")

		list := func(c *client) []any {
			t.Helper()
			return c.do("GET", "/api/team/invitations", nil).must(t, 200).json(t)["items"].([]any)
		}
		items := list(te.manager)
		if len(items) != 2 {
			t.Fatalf("pending = %v", items)
		}
		first, second := items[0].(map[string]any), items[1].(map[string]any)
		if first["id"] != x2["id"] || first["email"] != "X@firma.de" || first["role"] != "member" ||
			second["id"] != y["id"] || second["role"] != "manager" || second["createdAt"] == nil || second["expiresAt"] == nil {
			t.Errorf("pending, newest first = %v", items)
		}
		wantCode(t, xUser.do("POST", "/api/team/join", map[string]any{"token": oldX}), 404, "team_invitation_invalid")

		// 'Erneut senden': a new link and expiry, the old link dead; the
		// owner's for a manager invitation.
		yPath := "/api/team/invitations/" + y["id"].(string)
		wantCode(t, te.manager.do("POST", yPath+"/resend", nil), 403, "team_owner_only")
		wantCode(t, te.outsider.do("POST", yPath+"/resend", nil), 404, "team_invitation_not_found")
		e.clock.Advance(5 * time.Minute)
		resent := te.owner.do("POST", yPath+"/resend", nil).must(t, 200).json(t)
		if resent["id"] != y["id"] || resent["email"] != "y@firma.de" || resent["role"] != "manager" ||
			resent["expiresAt"] != e.clock.Now().Add(7*24*time.Hour).Format(time.RFC3339) {
			t.Errorf("resent = %v (now %s)", resent, e.clock.Now())
		}
		newY := linkToken(t, e.log.lastLink(t, "y@firma.de"), "token")
		if newY == oldY {
			t.Fatal("the same link was sent again")
		}
		wantCode(t, yUser.do("POST", "/api/team/join", map[string]any{"token": oldY}), 404, "team_invitation_invalid")

		// 'Zurückziehen': the link stops working.
		xPath := "/api/team/invitations/" + x2["id"].(string)
		wantCode(t, te.outsider.do("DELETE", xPath, nil), 404, "team_invitation_not_found")
		wantCode(t, te.member.do("DELETE", xPath, nil), 403, "team_forbidden")
		te.manager.do("DELETE", xPath, nil).must(t, 204)
		wantCode(t, te.owner.do("DELETE", xPath, nil), 404, "team_invitation_not_found")
		wantCode(t, xUser.do("POST", "/api/team/join", map[string]any{"token": newX}), 404, "team_invitation_invalid")

		if got := yUser.do("POST", "/api/team/join", map[string]any{"token": newY}).must(t, 200).json(t); got["role"] != "manager" {
			t.Errorf("y joined = %v", got)
		}
		if items := list(te.owner); len(items) != 0 {
			t.Errorf("still pending: %v", items)
		}
		wantCode(t, te.owner.do("POST", yPath+"/resend", nil), 404, "team_invitation_not_found")
	})
}
