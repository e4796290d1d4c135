package httpapi_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// teamEnv is a team over HTTP: an owner, a manager and a member, an
// outsider who owns another team, and a loner without one.
type teamEnv struct {
	e                                       *env
	owner, manager, member, outsider, loner *client
	ownerID, managerID, memberID, outID     string
	teamID, otherID                         string
}

func newTeamEnv(t *testing.T, db *sqlstore.DB) *teamEnv {
	t.Helper()
	e := newEnv(t, db)
	te := &teamEnv{e: e}
	te.owner, te.manager, te.member = chatUser(t, e, "owner@example.com"), chatUser(t, e, "manager@example.com"), chatUser(t, e, "member@example.com")
	te.outsider, te.loner = chatUser(t, e, "outsider@example.com"), chatUser(t, e, "loner@example.com")
	te.ownerID, te.managerID, te.memberID, te.outID = te.owner.userID(t), te.manager.userID(t), te.member.userID(t), te.outsider.userID(t)
	team := te.owner.do("POST", "/api/teams", map[string]any{"name": "Vertrieb Nord"}).must(t, 201).json(t)
	te.teamID = team["id"].(string)
	te.otherID = te.outsider.do("POST", "/api/teams", map[string]any{"name": "Vertrieb Süd"}).must(t, 201).json(t)["id"].(string)

	// The manager by invitation (the mail's link), the member by the join link.
	te.owner.do("POST", "/api/team/invitations", map[string]any{"email": "manager@example.com", "role": "manager"}).must(t, 201)
	te.manager.do("POST", "/api/team/join", map[string]any{"token": linkToken(t, e.log.lastLink(t, "manager@example.com"), "token")}).must(t, 200)
	joinURL := te.owner.do("GET", "/api/team", nil).must(t, 200).json(t)["joinUrl"].(string)
	te.member.do("POST", "/api/team/join", map[string]any{"token": linkToken(t, joinURL, "token")}).must(t, 200)
	return te
}

func TestTeamFoundAndRead(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		e := te.e
		link := e.log.lastLink(t, "manager@example.com")
		if !strings.HasPrefix(link, "http://coach.test/app/team/join?token=") {
			t.Errorf("invitation link %q", link)
		}
		got := te.member.do("GET", "/api/team", nil).must(t, 200).json(t)
		if got["id"] != te.teamID || got["name"] != "Vertrieb Nord" || got["role"] != "member" || got["memberCount"] != float64(3) ||
			fmt.Sprint(got["seats"]) != "map[assigned:0 quantity:0 status:]" {
			t.Errorf("member's team = %v", got)
		}
		if _, ok := got["joinUrl"]; ok {
			t.Error("a member sees the join link")
		}
		got = te.manager.do("GET", "/api/team", nil).must(t, 200).json(t)
		if got["role"] != "manager" || got["joinUrl"] == nil {
			t.Errorf("manager's team = %v", got)
		}
		wantCode(t, te.loner.do("GET", "/api/team", nil), 404, "team_not_found")
		wantCode(t, te.member.do("POST", "/api/teams", map[string]any{"name": "Noch eins"}), 409, "team_already_member")
		wantCode(t, te.loner.do("POST", "/api/teams", map[string]any{"name": " "}), 400, "team_name_required")

		// A guest (no confirmed address) may not found or join a team.
		guest := e.client()
		guest.token = guest.do("POST", "/api/auth/anonymous", nil).must(t, 200).json(t)["access_token"].(string)
		wantCode(t, guest.do("POST", "/api/teams", map[string]any{"name": "Team"}), 403, "team_email_unconfirmed")
		wantCode(t, guest.do("POST", "/api/team/join", map[string]any{"token": linkToken(t, got["joinUrl"].(string), "token")}), 403, "team_email_unconfirmed")
	})
}

// TestTeamPermissionsOverHTTP: every endpoint as owner, manager, member,
// another team's owner and someone without a team.
func TestTeamPermissionsOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		type step struct {
			who          *client
			method, path string
			body         any
			status       int
			code         string
		}
		member, manager, owner := "/api/team/members/"+te.memberID, "/api/team/members/"+te.managerID, "/api/team/members/"+te.ownerID
		outsider := "/api/team/members/" + te.outID
		steps := []step{
			{te.member, "GET", "/api/team/members", nil, 403, "team_forbidden"},
			{te.member, "GET", manager, nil, 403, "team_forbidden"},
			{te.loner, "GET", "/api/team/members", nil, 404, "team_not_found"},
			{te.outsider, "GET", member, nil, 404, "team_member_not_found"},
			{te.manager, "GET", outsider, nil, 404, "team_member_not_found"},
			{te.manager, "GET", "/api/team/members/not-a-uuid", nil, 404, "team_member_not_found"},
			{te.manager, "GET", "/api/team/members?range=5", nil, 400, "bad_period"},
			{te.manager, "GET", "/api/team/members?sort=password", nil, 400, "team_bad_sort"},
			{te.manager, "GET", "/api/team/members?page=0", nil, 400, "invalid_data"},
			{te.member, "POST", "/api/team/invitations", map[string]any{"email": "x@example.com"}, 403, "team_forbidden"},
			{te.manager, "POST", "/api/team/invitations", map[string]any{"email": "x@example.com", "role": "manager"}, 403, "team_owner_only"},
			{te.owner, "POST", "/api/team/invitations", map[string]any{"email": "x@example.com", "role": "owner"}, 400, "team_bad_role"},
			{te.owner, "POST", "/api/team/invitations", map[string]any{"email": "kein mail"}, 400, "team_invitation_email_invalid"},
			{te.loner, "POST", "/api/team/invitations", map[string]any{"email": "x@example.com"}, 404, "team_not_found"},
			{te.member, "GET", "/api/team/invitations", nil, 403, "team_forbidden"},
			{te.loner, "GET", "/api/team/invitations", nil, 404, "team_not_found"},
			{te.member, "POST", "/api/team/invitations/0193d000-0000-7000-8000-000000000000/resend", nil, 403, "team_forbidden"},
			{te.owner, "POST", "/api/team/invitations/0193d000-0000-7000-8000-000000000000/resend", nil, 404, "team_invitation_not_found"},
			{te.owner, "DELETE", "/api/team/invitations/not-an-id", nil, 404, "team_invitation_not_found"},
			{te.loner, "DELETE", "/api/team/invitations/0193d000-0000-7000-8000-000000000000", nil, 404, "team_not_found"},
			{te.manager, "PATCH", member, map[string]any{"role": "manager"}, 403, "team_owner_only"},
			{te.member, "PATCH", member, map[string]any{"role": "manager"}, 403, "team_forbidden"},
			{te.owner, "PATCH", outsider, map[string]any{"role": "member"}, 404, "team_member_not_found"},
			{te.owner, "PATCH", owner, map[string]any{"role": "member"}, 403, "team_owner_only"},
			{te.owner, "PATCH", member, map[string]any{"role": "chef"}, 400, "team_bad_role"},
			{te.member, "DELETE", manager, nil, 403, "team_forbidden"},
			{te.manager, "DELETE", owner, nil, 403, "team_owner_only"},
			{te.outsider, "DELETE", member, nil, 404, "team_member_not_found"},
			{te.manager, "POST", "/api/team/join-link", nil, 403, "team_owner_only"},
			{te.member, "DELETE", "/api/team", nil, 403, "team_owner_only"},
			{te.owner, "POST", "/api/team/leave", nil, 409, "team_owner_cannot_leave"},
			{te.loner, "POST", "/api/team/leave", nil, 404, "team_not_found"},
			{te.member, "GET", "/api/team/leaderboard?period=year", nil, 400, "team_bad_leaderboard_period"},
			{te.loner, "GET", "/api/team/leaderboard", nil, 404, "team_not_found"},
			{te.member, "GET", "/api/team/conversations/0193d000-0000-7000-8000-000000000000", nil, 403, "team_forbidden"},
			{te.manager, "GET", "/api/team/conversations/0193d000-0000-7000-8000-000000000000", nil, 404, "conversation_not_found"},
			{te.outsider, "POST", "/api/team/join", map[string]any{"token": "falsch"}, 409, "team_already_member"},
			{te.loner, "POST", "/api/team/join", map[string]any{"token": "falsch"}, 404, "team_invitation_invalid"},
			// Allowed: a manager reads the table and a member's page, the
			// owner makes the member a manager and back, a manager removes a
			// member (who may join again by the link).
			{te.manager, "GET", "/api/team/members?sort=-answers&range=7&q=example", nil, 200, ""},
			{te.manager, "GET", member + "?range=90", nil, 200, ""},
			{te.owner, "GET", manager, nil, 200, ""},
			{te.owner, "PATCH", member, map[string]any{"role": "manager"}, 204, ""},
			{te.owner, "PATCH", member, map[string]any{"role": "member"}, 204, ""},
			{te.manager, "DELETE", member, nil, 204, ""},
			{te.member, "GET", "/api/team", nil, 404, "team_not_found"},
		}
		for i, s := range steps {
			r := s.who.do(s.method, s.path, s.body)
			if r.status != s.status {
				t.Fatalf("step %d %s %s: status %d, want %d: %s", i, s.method, s.path, r.status, s.status, r.body)
			}
			if s.code != "" {
				if got := r.json(t)["code"]; got != s.code {
					t.Errorf("step %d %s %s: code %v, want %s", i, s.method, s.path, got, s.code)
				}
			}
		}
		page := te.manager.do("GET", "/api/team/members?sort=role", nil).must(t, 200).json(t)
		if page["total"] != float64(2) || page["pageSize"] != float64(50) {
			t.Errorf("page after the removal = %v", page)
		}
	})
}

// TestTeamHandOverAndDelete: the owner hands over, becomes a manager and
// may leave; the new owner deletes the team; everyone keeps their account.
func TestTeamHandOverAndDelete(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		te.owner.do("PATCH", "/api/team/members/"+te.managerID, map[string]any{"role": "owner"}).must(t, 204)
		if got := te.owner.do("GET", "/api/team", nil).must(t, 200).json(t)["role"]; got != "manager" {
			t.Errorf("old owner's role %v", got)
		}
		te.owner.do("POST", "/api/team/leave", nil).must(t, 204)
		wantCode(t, te.owner.do("GET", "/api/team", nil), 404, "team_not_found")
		te.owner.do("GET", "/api/me", nil).must(t, 200)
		// The old join link is dead after a reset.
		old := te.manager.do("GET", "/api/team", nil).must(t, 200).json(t)["joinUrl"].(string)
		fresh := te.manager.do("POST", "/api/team/join-link", nil).must(t, 200).json(t)["url"].(string)
		if fresh == old {
			t.Fatal("the join link did not change")
		}
		wantCode(t, te.owner.do("POST", "/api/team/join", map[string]any{"token": linkToken(t, old, "token")}), 404, "team_invitation_invalid")
		te.manager.do("DELETE", "/api/team", nil).must(t, 204)
		wantCode(t, te.member.do("GET", "/api/team", nil), 404, "team_not_found")
		te.member.do("GET", "/api/me", nil).must(t, 200)
	})
}

// TestTeamInvitationOverHTTP: the link works once and for 7 days; an
// address without an account signs up and joins when it confirms.
func TestTeamInvitationOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		e := te.e
		// Used once already (by the manager).
		tok := linkToken(t, e.log.lastLink(t, "manager@example.com"), "token")
		wantCode(t, te.loner.do("POST", "/api/team/join", map[string]any{"token": tok}), 404, "team_invitation_invalid")

		te.manager.do("POST", "/api/team/invitations", map[string]any{"email": "loner@example.com"}).must(t, 201)
		tok = linkToken(t, e.log.lastLink(t, "loner@example.com"), "token")
		e.clock.Advance(7*24*time.Hour + time.Minute)
		te.loner = e.client()
		te.loner.signIn("loner@example.com", pw, false)
		wantCode(t, te.loner.do("POST", "/api/team/join", map[string]any{"token": tok}), 404, "team_invitation_invalid")

		// A new address: the mail's link leads to sign-up; confirming joins.
		te.owner = e.client()
		te.owner.signIn("owner@example.com", pw, false)
		te.owner.do("POST", "/api/team/invitations", map[string]any{"email": "Neu@Example.com", "role": "manager"}).must(t, 201)
		e.signUpConfirmed("neu@example.com", pw)
		neu := e.client()
		neu.signIn("neu@example.com", pw, false)
		got := neu.do("GET", "/api/team", nil).must(t, 200).json(t)
		if got["id"] != te.teamID || got["role"] != "manager" {
			t.Errorf("joined on confirmation: %v", got)
		}
	})
}

// TestTeamSharedChatOverHTTP is the privacy rule: a practice transcript is
// 404 to the manager until shared, then readable, then 404 again after the
// share is revoked; only the chat's author shares it.
func TestTeamSharedChatOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		chat := te.member.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Guten Tag, hier ist Mia."}, 200)["conversationId"].(string)
		path := "/api/team/conversations/" + chat
		wantCode(t, te.manager.do("GET", path, nil), 404, "conversation_not_found")
		if got := te.member.do("GET", "/api/conversations/"+chat+"/share", nil).must(t, 200).json(t); got["shared"] != false {
			t.Errorf("share before = %v", got)
		}
		wantCode(t, te.manager.do("POST", "/api/conversations/"+chat+"/share", nil), 404, "conversation_not_found")
		wantCode(t, te.loner.do("POST", "/api/conversations/"+chat+"/share", nil), 404, "conversation_not_found")
		if got := te.member.do("POST", "/api/conversations/"+chat+"/share", nil).must(t, 200).json(t); got["shared"] != true || got["sharedAt"] == nil {
			t.Errorf("share = %v", got)
		}
		body := te.manager.do("GET", path, nil).must(t, 200).json(t)
		author, _ := body["author"].(map[string]any)
		msgs, _ := body["chat"].(map[string]any)["messages"].([]any)
		if author["userId"] != te.memberID || len(msgs) < 2 {
			t.Errorf("shared chat = %v", body)
		}
		te.owner.do("GET", path, nil).must(t, 200)
		wantCode(t, te.member.do("GET", path, nil), 403, "team_forbidden")
		wantCode(t, te.outsider.do("GET", path, nil), 404, "conversation_not_found")
		// The member's page lists it, with what the list shows.
		page := "/api/team/members/" + te.memberID
		list := transcriptsOf(t, te.manager.do("GET", page, nil))
		if len(list) != 1 || list[0]["conversationId"] != chat || list[0]["mode"] != "Übung" || list[0]["difficulty"] != float64(1) ||
			list[0]["sharedAt"] == nil || list[0]["assignment"] != nil || list[0]["score"] != nil {
			t.Errorf("member page transcripts = %v", list)
		}
		wantCode(t, te.outsider.do("GET", page, nil), 404, "team_member_not_found")
		te.member.do("DELETE", "/api/conversations/"+chat+"/share", nil).must(t, 204)
		wantCode(t, te.manager.do("GET", path, nil), 404, "conversation_not_found")
		if list := transcriptsOf(t, te.owner.do("GET", page, nil)); len(list) != 0 {
			t.Errorf("member page after revoking = %v", list)
		}
		wantCode(t, te.loner.do("POST", "/api/conversations/"+te.loner.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo."}, 200)["conversationId"].(string)+"/share", nil), 404, "team_not_found")
	})
}

// transcriptsOf reads the transcripts of a member page's answer.
func transcriptsOf(t *testing.T, r response) []map[string]any {
	t.Helper()
	out := []map[string]any{}
	for _, item := range r.must(t, 200).json(t)["transcripts"].([]any) {
		out = append(out, item.(map[string]any))
	}
	return out
}

// TestTeamLeaderboardOverHTTP: XP of chats counts for the week; a member
// who hides in the profile is left out and told so.
func TestTeamLeaderboardOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		te.member.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Guten Tag, hier ist Mia."}, 200)
		lb := te.manager.do("GET", "/api/team/leaderboard?period=week", nil).must(t, 200).json(t)
		entries := lb["entries"].([]any)
		first := entries[0].(map[string]any)
		if len(entries) != 3 || first["userId"] != te.memberID || first["xp"].(float64) <= 0 || first["place"] != float64(1) {
			t.Fatalf("leaderboard = %v", lb)
		}
		if own := lb["own"].(map[string]any); own["place"] != float64(2) || own["hidden"] != false {
			t.Errorf("manager's own = %v", own)
		}
		me := te.member.do("PATCH", "/api/me", map[string]any{"leaderboard_visible": false}).must(t, 200).json(t)
		if me["profile"].(map[string]any)["leaderboard_visible"] != false {
			t.Errorf("profile = %v", me["profile"])
		}
		lb = te.member.do("GET", "/api/team/leaderboard?period=month", nil).must(t, 200).json(t)
		for _, en := range lb["entries"].([]any) {
			if en.(map[string]any)["userId"] == te.memberID {
				t.Error("a hidden member is listed")
			}
		}
		if own := lb["own"].(map[string]any); own["place"] != nil || own["hidden"] != true || own["xp"].(float64) <= 0 {
			t.Errorf("hidden own = %v", own)
		}
	})
}

// TestTeamLiveUpdate: when a member finishes a chat, the team's owner and
// managers get a "team" change naming the member; the member's other team
// mates and other teams get none.
func TestTeamLiveUpdate(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	te := newTeamEnv(t, db)
	mgr, out := openStream(t, te.manager), openStream(t, te.outsider)
	for _, s := range []<-chan sseEvent{mgr, out} {
		if ev := next(t, s); ev.name != "ready" {
			t.Fatalf("first event %q", ev.name)
		}
	}
	exam := te.member.chat(t, map[string]any{"mode": "Prüfung", "message": "Guten Tag, hier ist Mia."}, 200)["conversationId"].(string)
	te.member.do("POST", "/api/conversations/"+exam+"/finish", nil).must(t, 200)
	ev := next(t, mgr)
	if ev.name != "change" || ev.data["type"] != "team" || ev.data["id"] != te.memberID {
		t.Fatalf("manager's event = %+v", ev)
	}
	// The outsider's stream got nothing of it: the next event it sees is
	// its own change, published now.
	te.outsider.do("PATCH", "/api/me", map[string]any{"display_name": "Otto"}).must(t, 200)
	if ev := next(t, out); ev.data["type"] != "user" {
		t.Errorf("outsider's event = %+v", ev)
	}
}
