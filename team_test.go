package salescoach_test

import (
	"strings"
	"testing"
	"time"

	"salescoach"
)

const (
	owner   = salescoach.RoleOwner
	manager = salescoach.RoleManager
	member  = salescoach.RoleMember
)

func TestTeamPermissionRules(t *testing.T) {
	invite := []struct {
		role, invited string
		want          bool
	}{
		{owner, manager, true}, {owner, member, true}, {owner, owner, false},
		{manager, member, true}, {manager, manager, false}, {manager, owner, false},
		{member, member, false}, {"", member, false},
	}
	for _, c := range invite {
		if got := salescoach.CanInvite(c.role, c.invited); got != c.want {
			t.Errorf("CanInvite(%s, %s) = %v", c.role, c.invited, got)
		}
	}
	roles := []struct {
		role string
		self bool
		to   string
		want bool
	}{
		{owner, false, manager, true}, {owner, false, owner, true}, {owner, false, member, true},
		{owner, true, member, false}, {owner, false, "chef", false},
		{manager, false, member, false}, {member, false, manager, false},
	}
	for _, c := range roles {
		if got := salescoach.CanChangeRole(c.role, c.self, c.to); got != c.want {
			t.Errorf("CanChangeRole(%s, self=%v, %s) = %v", c.role, c.self, c.to, got)
		}
	}
	remove := []struct {
		role, target string
		self         bool
		want         bool
	}{
		{owner, manager, false, true}, {owner, member, false, true}, {owner, owner, true, false},
		{manager, member, false, true}, {manager, manager, false, false}, {manager, owner, false, false},
		{manager, manager, true, false}, {member, member, false, false},
	}
	for _, c := range remove {
		if got := salescoach.CanRemove(c.role, c.target, c.self); got != c.want {
			t.Errorf("CanRemove(%s, %s, self=%v) = %v", c.role, c.target, c.self, got)
		}
	}
	for role, want := range map[string][4]bool{
		// leave, see member, read a shared chat, read an unshared chat
		owner:   {false, true, true, false},
		manager: {true, true, true, false},
		member:  {true, false, false, false},
	} {
		got := [4]bool{salescoach.CanLeave(role), salescoach.CanSeeMember(role),
			salescoach.CanReadSharedChat(role, true), salescoach.CanReadSharedChat(role, false)}
		if got != want {
			t.Errorf("%s: leave, see, shared, unshared = %v, want %v", role, got, want)
		}
	}
	if !salescoach.CanManageJoinLink(owner) || salescoach.CanManageJoinLink(manager) {
		t.Error("only the owner resets the join link")
	}
	now := time.Now()
	if salescoach.CanFoundTeam(&salescoach.User{Email: "a@example.com"}) ||
		salescoach.CanFoundTeam(&salescoach.User{IsAnonymous: true, EmailConfirmedAt: &now}) ||
		!salescoach.CanFoundTeam(&salescoach.User{Email: "a@example.com", EmailConfirmedAt: &now}) {
		t.Error("CanFoundTeam: confirmed accounts with an address only")
	}
}

func TestRankLeaderboard(t *testing.T) {
	rows := []salescoach.LeaderboardRow{
		{UserID: "u1", DisplayName: "Berta", XP: 50, Visible: true},
		{UserID: "u2", DisplayName: "Anna", XP: 50, Visible: true},
		{UserID: "u3", DisplayName: "Carl", XP: 90, Visible: false},
		{UserID: "u4", DisplayName: "Dora", XP: 10, Visible: true},
	}
	for i := 5; i < 16; i++ {
		rows = append(rows, salescoach.LeaderboardRow{UserID: "x" + strings.Repeat("z", i), XP: 1, Visible: true})
	}
	entries, own := salescoach.RankLeaderboard(rows, "u4")
	if len(entries) != salescoach.LeaderboardTop {
		t.Fatalf("%d entries", len(entries))
	}
	if entries[0].UserID != "u2" || entries[1].UserID != "u1" || entries[0].Place != 1 || entries[1].Place != 1 ||
		entries[2].UserID != "u4" || entries[2].Place != 3 || entries[3].Place != 4 || entries[9].Place != 4 {
		t.Errorf("entries = %+v", entries)
	}
	if own.Place == nil || *own.Place != 3 || own.XP != 10 || own.Hidden {
		t.Errorf("own = %+v", own)
	}
	for _, e := range entries {
		if e.UserID == "u3" {
			t.Error("a hidden row is listed")
		}
	}
	_, own = salescoach.RankLeaderboard(rows, "u3")
	if own.Place != nil || !own.Hidden || own.XP != 90 {
		t.Errorf("hidden own = %+v", own)
	}
	// Places past the top 10 are still counted for one's own.
	_, own = salescoach.RankLeaderboard(rows, "x"+strings.Repeat("z", 15))
	if own.Place == nil || *own.Place != 4 {
		t.Errorf("own beyond the top = %+v", own)
	}
}

func TestLeaderboardSince(t *testing.T) {
	sun := time.Date(2026, 11, 29, 23, 0, 0, 0, time.UTC)
	if d, ok := salescoach.LeaderboardSince("week", sun); !ok || salescoach.Day(d) != "2026-11-23" {
		t.Errorf("week of Sunday = %v", d)
	}
	if d, ok := salescoach.LeaderboardSince("month", sun); !ok || salescoach.Day(d) != "2026-11-01" {
		t.Errorf("month = %v", d)
	}
	if _, ok := salescoach.LeaderboardSince("year", sun); ok {
		t.Error("year accepted")
	}
}

func TestTeamNameAndInviteEmail(t *testing.T) {
	if n, m := salescoach.NormalizeTeamName("  Nord  "); n != "Nord" || m != nil {
		t.Errorf("Nord: %q %v", n, m)
	}
	if _, m := salescoach.NormalizeTeamName(strings.Repeat("ä", 101)); m == nil || m.Key != "team_name_too_long" {
		t.Errorf("long name: %v", m)
	}
	for addr, want := range map[string]bool{"a@example.com": true, " a@example.com ": true, "Anna <a@example.com>": false, "kein": false, "": false,
		// Addresses mail cannot reach (issue 38).
		"a@b": false, "a@localhost": false, "a@[10.0.0.1]": false, "a@10.0.0.1": false, "a@example.-com": false,
		"a@example..com": false, "a@-example.com": false, "a@.example.com": false, "a@example.com.": false,
		strings.Repeat("x", 65) + "@example.com": false, "a@" + strings.Repeat("x", 64) + ".com": false,
		"anna.müller@müller.de": true, "a@xn--mller-kva.de": true, "a+tag@sub.example.co.uk": true, "a@example.123": false,
	} {
		if _, ok := salescoach.NormalizeInviteEmail(addr); ok != want {
			t.Errorf("NormalizeInviteEmail(%q) = %v", addr, ok)
		}
	}
	if got, _ := salescoach.NormalizeInviteEmail(" Anna@Firma.DE "); got != "Anna@firma.de" {
		t.Errorf("normalised = %q", got)
	}
}

func TestIsFreeMailDomain(t *testing.T) {
	for d, want := range map[string]bool{
		"gmail.com": true, "googlemail.com": true, "outlook.com": true, "hotmail.com": true, "live.com": true,
		"yahoo.com": true, "icloud.com": true, "web.de": true, "gmx.de": true, "gmx.net": true, "t-online.de": true,
		"freenet.de": true, "posteo.de": true, "mail.de": true, "gmx.at": true, "gmx.ch": true, "aol.com": true,
		"proton.me": true, "protonmail.com": true, "me.com": true, "msn.com": true, "yahoo.de": true, "arcor.de": true,
		"1und1.de": true,
		// Under a provider's domain is the provider's too.
		"mx.gmail.com": true, "a.b.web.de": true,
		// Companies, and hosts whose names merely resemble a provider's.
		"firma.de": false, "acme.com": false, "ionos.de": false, "gmail.com.example": false, "notgmail.com": false,
		"de": false, "com": false,
	} {
		if got := salescoach.IsFreeMailDomain(d); got != want {
			t.Errorf("IsFreeMailDomain(%q) = %v, want %v", d, got, want)
		}
	}
}

func TestSSOChallenge(t *testing.T) {
	if got := salescoach.SSOChallengeName("firma.de"); got != "_salescoach-challenge.firma.de" {
		t.Errorf("name = %q", got)
	}
	if got := salescoach.SSOChallengeValue("abc"); got != "salescoach-verification=abc" {
		t.Errorf("value = %q", got)
	}
}
