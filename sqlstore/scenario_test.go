package sqlstore_test

import (
	"fmt"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// testScenario is a valid scenario with one custom and one catalogue
// objection.
func testScenario(title string) *salescoach.Scenario {
	return &salescoach.Scenario{Title: title, Language: salescoach.LanguageDE, Situation: salescoach.SituationColdCall,
		Product: "Eine Software für Zeiterfassung.",
		Persona: salescoach.Persona{Name: "Frau Krämer", Role: "Geschäftsführerin", Company: "Krämer Bau GmbH",
			Industry: "Bauwesen", Buyer: salescoach.BuyerB2B, Personality: "skeptisch", Formality: salescoach.FormalitySie},
		Objections: []salescoach.Objection{
			{Wordings: []string{"Das haben wir schon mit Excel."}, Concern: "Umstellung kostet Zeit",
				Criteria: []string{"Einführung in einem Tag", "Import der Excel-Listen"}},
			{Family: "price"},
		}}
}

func TestScenarioScopes(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewScenarioService(db)
		ctx := t.Context()
		ann := newUser(t, db, "ann@example.com")
		bob := newUser(t, db, "bob@example.com")
		admin := newUser(t, db, "admin@example.com")
		exec(t, db, `UPDATE users SET is_admin = TRUE WHERE id = ?`, admin.ID)

		// Personal: the owner's only.
		mine := testScenario("Zeiterfassung Bau")
		mustNil(t, s.CreateScenario(ctx, ann, mine))
		if mine.ID == "" || mine.Scope != salescoach.ScopeMine || mine.OwnerID != ann.ID {
			t.Fatalf("created %+v", mine)
		}
		got, err := s.Scenario(ctx, ann, mine.ID)
		mustNil(t, err)
		if got.Title != "Zeiterfassung Bau" || got.Persona.Name != "Frau Krämer" || len(got.Objections) != 2 ||
			got.Objections[0].Criteria[1] != "Import der Excel-Listen" || got.Objections[1].Family != "price" || got.BuiltIn {
			t.Errorf("read back %+v", got)
		}
		_, err = s.Scenario(ctx, bob, mine.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = s.Scenario(ctx, admin, mine.ID)
		wantCode(t, err, salescoach.ENOTFOUND) // admins do not read others' personal ones
		edit := *got
		edit.Title = "Fremd"
		wantCode(t, s.UpdateScenario(ctx, bob, &edit), salescoach.ENOTFOUND)
		wantCode(t, s.DeleteScenario(ctx, bob, mine.ID), salescoach.ENOTFOUND)
		edit.Title = "Zeiterfassung Hochbau"
		mustNil(t, s.UpdateScenario(ctx, ann, &edit))
		if edit.Title != "Zeiterfassung Hochbau" || edit.Scope != salescoach.ScopeMine || edit.OwnerID != ann.ID {
			t.Errorf("updated %+v", edit)
		}

		// Public: visible to all, changed by admins only.
		pub := testScenario("Öffentlich")
		pub.Scope = salescoach.ScopePublic
		wantCode(t, s.CreateScenario(ctx, ann, pub), salescoach.EFORBIDDEN)
		mustNil(t, s.CreateScenario(ctx, admin, pub))
		for _, u := range []*salescoach.User{ann, bob} {
			_, err := s.Scenario(ctx, u, pub.ID)
			mustNil(t, err)
		}
		ed := *pub
		ed.Title = "Gekapert"
		wantCode(t, s.UpdateScenario(ctx, bob, &ed), salescoach.EFORBIDDEN)
		wantCode(t, s.DeleteScenario(ctx, bob, pub.ID), salescoach.EFORBIDDEN)
		ed.Title = "Öffentlich neu"
		mustNil(t, s.UpdateScenario(ctx, admin, &ed))

		// An admin whose flag is taken away loses the right at once.
		exec(t, db, `UPDATE users SET is_admin = FALSE WHERE id = ?`, admin.ID)
		wantCode(t, s.DeleteScenario(ctx, admin, pub.ID), salescoach.EFORBIDDEN)
		exec(t, db, `UPDATE users SET is_admin = TRUE WHERE id = ?`, admin.ID)

		// Team: without a team nobody creates one, admins neither.
		team := testScenario("Team")
		team.Scope = salescoach.ScopeTeam
		wantCode(t, s.CreateScenario(ctx, admin, team), salescoach.ENOTFOUND)
		bad := testScenario("x")
		bad.Scope = "world"
		wantCode(t, s.CreateScenario(ctx, ann, bad), salescoach.EINVALID)

		// Built-in: everyone sees it, nobody changes it.
		lib := testScenario("Bibliothek")
		lib.ID = "builtin-software-de"
		mustNil(t, s.SeedBuiltIn(ctx, []*salescoach.Scenario{lib}))
		b, err := s.Scenario(ctx, bob, "builtin-software-de")
		mustNil(t, err)
		if !b.BuiltIn || b.Scope != salescoach.ScopePublic || b.OwnerID != "" {
			t.Errorf("built-in read as %+v", b)
		}
		bEdit := *b
		wantCode(t, s.UpdateScenario(ctx, admin, &bEdit), salescoach.EFORBIDDEN)
		wantCode(t, s.DeleteScenario(ctx, admin, b.ID), salescoach.EFORBIDDEN)

		// Ids that cannot be one are not found without a query.
		for _, id := range []string{"", "a b", "x\x00", string(make([]byte, 200))} {
			_, err := s.Scenario(ctx, ann, id)
			wantCode(t, err, salescoach.ENOTFOUND)
		}

		// Deleting: the owner may.
		mustNil(t, s.DeleteScenario(ctx, ann, mine.ID))
		_, err = s.Scenario(ctx, ann, mine.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
		mustNil(t, s.DeleteScenario(ctx, admin, pub.ID))
	})
}

func TestSeedBuiltInScenarios(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewScenarioService(db)
		ctx := t.Context()
		u := newUser(t, db, "seed@example.com")
		a, b := testScenario("A"), testScenario("B")
		a.ID, b.ID = "builtin-a-de", "builtin-b-de"
		mustNil(t, s.SeedBuiltIn(ctx, []*salescoach.Scenario{a, b}))
		// Several processes starting at once seed the same list.
		for _, err := range race(4, func(int) error { return s.SeedBuiltIn(ctx, []*salescoach.Scenario{a, b}) }) {
			mustNil(t, err)
		}
		a2 := testScenario("A neu")
		a2.ID = a.ID
		mustNil(t, s.SeedBuiltIn(ctx, []*salescoach.Scenario{a2}))
		items, total, err := s.Scenarios(ctx, u, salescoach.ScenarioFilter{})
		mustNil(t, err)
		if total != 1 || len(items) != 1 || items[0].ID != a.ID || items[0].Title != "A neu" {
			t.Errorf("after reseeding: %d %+v", total, items)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM scenarios`); n != 1 {
			t.Errorf("%d rows, want 1", n)
		}
	})
}

func TestListScenarios(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewScenarioService(db)
		ctx := t.Context()
		ann := newUser(t, db, "list-ann@example.com")
		bob := newUser(t, db, "list-bob@example.com")
		admin := newUser(t, db, "list-admin@example.com")
		exec(t, db, `UPDATE users SET is_admin = TRUE WHERE id = ?`, admin.ID)

		clock := t0
		db.SetClock(func() time.Time { return clock })
		add := func(u *salescoach.User, scope, title string, edit func(*salescoach.Scenario)) *salescoach.Scenario {
			t.Helper()
			sc := testScenario(title)
			sc.Scope = scope
			if edit != nil {
				edit(sc)
			}
			mustNil(t, s.CreateScenario(ctx, u, sc))
			clock = clock.Add(time.Minute)
			return sc
		}
		a1 := add(ann, salescoach.ScopeMine, "Solaranlage Einfamilienhaus", func(sc *salescoach.Scenario) {
			sc.Situation, sc.Persona.Buyer, sc.Persona.Industry = salescoach.SituationFollowUp, salescoach.BuyerB2C, "Energie"
		})
		a2 := add(ann, salescoach.ScopeMine, "100% Rabatt_Aktion", nil)
		add(bob, salescoach.ScopeMine, "Bobs Szenario", nil)
		p1 := add(admin, salescoach.ScopePublic, "Versicherung Gewerbe", func(sc *salescoach.Scenario) {
			sc.Language = salescoach.LanguageEN
		})
		lib := testScenario("Autohaus")
		lib.ID = "builtin-autohaus-de"
		mustNil(t, s.SeedBuiltIn(ctx, []*salescoach.Scenario{lib}))

		ids := func(items []*salescoach.Scenario) []string {
			var out []string
			for _, it := range items {
				out = append(out, it.ID)
			}
			return out
		}
		cases := []struct {
			name  string
			f     salescoach.ScenarioFilter
			want  []string
			total int
		}{
			{"all, newest first, library last", salescoach.ScenarioFilter{}, []string{p1.ID, a2.ID, a1.ID, lib.ID}, 4},
			{"mine", salescoach.ScenarioFilter{Scope: salescoach.ScopeMine}, []string{a2.ID, a1.ID}, 2},
			{"public", salescoach.ScenarioFilter{Scope: salescoach.ScopePublic}, []string{p1.ID, lib.ID}, 2},
			{"team: none yet", salescoach.ScenarioFilter{Scope: salescoach.ScopeTeam}, nil, 0},
			{"situation", salescoach.ScenarioFilter{Situation: salescoach.SituationFollowUp}, []string{a1.ID}, 1},
			{"language", salescoach.ScenarioFilter{Language: salescoach.LanguageEN}, []string{p1.ID}, 1},
			{"buyer", salescoach.ScenarioFilter{Buyer: salescoach.BuyerB2C}, []string{a1.ID}, 1},
			{"industry ignores case", salescoach.ScenarioFilter{Industry: "ENERGIE"}, []string{a1.ID}, 1},
			{"search title", salescoach.ScenarioFilter{Query: "solar"}, []string{a1.ID}, 1},
			{"search umlaut, any case", salescoach.ScenarioFilter{Query: "KRÄMER", Scope: salescoach.ScopeMine}, []string{a2.ID, a1.ID}, 2},
			{"% is a character", salescoach.ScenarioFilter{Query: "100%"}, []string{a2.ID}, 1},
			{"_ is a character (else s_h finds Geschäftsführerin)", salescoach.ScenarioFilter{Query: "s_h"}, nil, 0},
			{"_ found as itself", salescoach.ScenarioFilter{Query: "t_a"}, []string{a2.ID}, 1},
			{"page", salescoach.ScenarioFilter{Page: salescoach.Page{Limit: 2, Offset: 1}}, []string{a2.ID, a1.ID}, 4},
		}
		for _, c := range cases {
			items, total, err := s.Scenarios(ctx, ann, c.f)
			mustNil(t, err)
			if fmt.Sprint(ids(items)) != fmt.Sprint(c.want) || total != c.total {
				t.Errorf("%s: %v (total %d), want %v (total %d)", c.name, ids(items), total, c.want, c.total)
			}
		}
		_, _, err := s.Scenarios(ctx, ann, salescoach.ScenarioFilter{Scope: "all"})
		wantCode(t, err, salescoach.EINVALID)
	})
}

func TestScenarioChatsAndStats(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewScenarioService(db)
		convs := sqlstore.NewConversationService(db)
		ctx := t.Context()
		ann := newUser(t, db, "stats-ann@example.com")
		bob := newUser(t, db, "stats-bob@example.com")
		sc := testScenario("Statistik")
		mustNil(t, s.CreateScenario(ctx, ann, sc))

		start := func(u *salescoach.User, mode string) *salescoach.Conversation {
			t.Helper()
			snap := *sc
			c := &salescoach.Conversation{UserID: u.ID, Mode: mode, Difficulty: 1, TotalStages: 1,
				Objections: []string{"custom1"}, ScenarioID: sc.ID, Scenario: &snap, CreatedAt: t0}
			if mode == salescoach.ModeExam {
				c.Difficulty, c.TotalStages = 3, 3
			}
			mustNil(t, convs.StartConversation(ctx, c, 100, t0.Add(-time.Hour)))
			return c
		}
		won := start(ann, salescoach.ModePractice)
		exec(t, db, `UPDATE conversations SET completed_at = ?, evaluation = ? WHERE id = ?`, t0,
			`{"totalPercent": 64, "scores": []}`, won.ID)
		start(ann, salescoach.ModePractice) // not won
		passed := start(ann, salescoach.ModeExam)
		exec(t, db, `UPDATE conversations SET completed_at = ?, evaluation = ? WHERE id = ?`, t0,
			`{"totalPercent": 81, "exam": {"passed": true, "passMark": 70}}`, passed.ID)
		failed := start(ann, salescoach.ModeExam)
		exec(t, db, `UPDATE conversations SET completed_at = ?, evaluation = ?, deleted_at = ? WHERE id = ?`, t0,
			`{"totalPercent": 92, "exam": {"passed": false, "passMark": 95}}`, t0, failed.ID)
		start(bob, salescoach.ModePractice) // bob's attempt is not ann's

		stats, err := s.ScenarioStats(ctx, ann.ID, []string{sc.ID, "builtin-none-de"})
		mustNil(t, err)
		if got := stats[sc.ID]; got != (salescoach.ScenarioStats{Attempts: 4, Wins: 2, BestScore: 92}) {
			t.Errorf("ann's stats = %+v, want 4 attempts, 2 wins, best 92", got)
		}
		if _, ok := stats["builtin-none-de"]; ok || len(stats) != 1 {
			t.Errorf("stats = %+v", stats)
		}
		stats, err = s.ScenarioStats(ctx, bob.ID, []string{sc.ID})
		mustNil(t, err)
		if got := stats[sc.ID]; got != (salescoach.ScenarioStats{Attempts: 1}) {
			t.Errorf("bob's stats = %+v", got)
		}

		// The chat keeps its snapshot: edits and deletion change nothing.
		edit := *sc
		edit.Title = "Geändert"
		edit.Objections = []salescoach.Objection{{Family: "no_need"}}
		mustNil(t, s.UpdateScenario(ctx, ann, &edit))
		c, err := convs.Conversation(ctx, ann.ID, won.ID)
		mustNil(t, err)
		if c.ScenarioID != sc.ID || c.Scenario == nil || c.Scenario.Title != "Statistik" ||
			len(c.Scenario.Objections) != 2 || c.Scenario.Objections[0].Concern != "Umstellung kostet Zeit" {
			t.Errorf("snapshot = %q %+v", c.ScenarioID, c.Scenario)
		}
		mustNil(t, s.DeleteScenario(ctx, ann, sc.ID))
		c, err = convs.Conversation(ctx, ann.ID, won.ID)
		mustNil(t, err)
		if c.Scenario == nil || c.Scenario.Title != "Statistik" {
			t.Errorf("snapshot after deletion = %+v", c.Scenario)
		}
		list, err := convs.Conversations(ctx, ann.ID)
		mustNil(t, err)
		if len(list) == 0 || list[0].Scenario == nil {
			t.Errorf("the list lost the snapshot")
		}
		// A catalogue chat has none.
		plain := &salescoach.Conversation{UserID: ann.ID, Mode: salescoach.ModePractice, Difficulty: 1, TotalStages: 1}
		mustNil(t, convs.StartConversation(ctx, plain, 100, t0.Add(-time.Hour)))
		c, err = convs.Conversation(ctx, ann.ID, plain.ID)
		mustNil(t, err)
		if c.Scenario != nil || c.ScenarioID != "" {
			t.Errorf("catalogue chat has scenario %q %+v", c.ScenarioID, c.Scenario)
		}
	})
}

// TestTeamScenarios checks the team scope for every role: the team's owner
// and managers create, change and delete its scenarios, its members see and
// use them, another team and users without a team never see them.
func TestTeamScenarios(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewScenarioService(db)
		ctx := t.Context()
		f := newTeamFixture(t, db)
		loner := newUser(t, db, "loner@example.com")
		admin := newUser(t, db, "team-admin@example.com")
		exec(t, db, `UPDATE users SET is_admin = TRUE WHERE id = ?`, admin.ID)
		teamID := f.team.Team.ID

		create := func(u *salescoach.User, title string) (*salescoach.Scenario, error) {
			sc := testScenario(title)
			sc.Scope = salescoach.ScopeTeam
			// The team is the creator's, whatever the caller sets.
			sc.TeamID, sc.OwnerID = f.other.Team.ID, f.outsider.ID
			return sc, s.CreateScenario(ctx, u, sc)
		}
		byOwner, err := create(f.owner, "Vom Inhaber")
		mustNil(t, err)
		if byOwner.TeamID != teamID || byOwner.OwnerID != "" || byOwner.Scope != salescoach.ScopeTeam || !byOwner.Editable {
			t.Fatalf("created %+v", byOwner)
		}
		byManager, err := create(f.manager, "Vom Manager")
		mustNil(t, err)
		_, err = create(f.member, "Vom Mitglied")
		wantCode(t, err, salescoach.EFORBIDDEN)
		_, err = create(loner, "Ohne Team")
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = create(admin, "Vom Admin")
		wantCode(t, err, salescoach.ENOTFOUND)
		other, err := create(f.outsider, "Anderes Team")
		mustNil(t, err)
		if other.TeamID != f.other.Team.ID {
			t.Errorf("the other team's scenario went to team %s", other.TeamID)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM scenarios WHERE scope = 'team' AND team_id = ?`, teamID); n != 2 {
			t.Errorf("%d scenarios of the team, want 2", n)
		}

		// Who sees which, and whether it is theirs to change.
		for _, c := range []struct {
			name     string
			u        *salescoach.User
			want     []string // the team filter's list
			editable bool
		}{
			{"owner", f.owner, []string{byManager.ID, byOwner.ID}, true},
			{"manager", f.manager, []string{byManager.ID, byOwner.ID}, true},
			{"member", f.member, []string{byManager.ID, byOwner.ID}, false},
			{"other team", f.outsider, []string{other.ID}, true},
			{"no team", loner, nil, false},
			{"admin without a team", admin, nil, false},
		} {
			items, total, err := s.Scenarios(ctx, c.u, salescoach.ScenarioFilter{Scope: salescoach.ScopeTeam})
			mustNil(t, err)
			var ids []string
			for _, it := range items {
				ids = append(ids, it.ID)
				if it.Editable != c.editable {
					t.Errorf("%s: %s editable = %v, want %v", c.name, it.Title, it.Editable, c.editable)
				}
			}
			if fmt.Sprint(ids) != fmt.Sprint(c.want) || total != len(c.want) {
				t.Errorf("%s: team list %v (total %d), want %v", c.name, ids, total, c.want)
			}
			all, _, err := s.Scenarios(ctx, c.u, salescoach.ScenarioFilter{})
			mustNil(t, err)
			if len(all) != len(c.want) {
				t.Errorf("%s: the unfiltered list has %d, want %d", c.name, len(all), len(c.want))
			}
			got, err := s.Scenario(ctx, c.u, byOwner.ID)
			if c.want != nil && c.u != f.outsider {
				mustNil(t, err)
				if got.Editable != c.editable || got.TeamID != teamID {
					t.Errorf("%s: read %+v", c.name, got)
				}
			} else {
				wantCode(t, err, salescoach.ENOTFOUND)
			}
		}

		// Changing: a manager changes the owner's, a member nothing, the
		// other team and users without a team do not even find it.
		edit := func(u *salescoach.User, title string) error {
			sc := *byOwner
			sc.Title = title
			return s.UpdateScenario(ctx, u, &sc)
		}
		mustNil(t, edit(f.manager, "Vom Manager geändert"))
		wantCode(t, edit(f.member, "Gekapert"), salescoach.EFORBIDDEN)
		wantCode(t, edit(f.outsider, "Gekapert"), salescoach.ENOTFOUND)
		wantCode(t, edit(loner, "Gekapert"), salescoach.ENOTFOUND)
		wantCode(t, edit(admin, "Gekapert"), salescoach.ENOTFOUND)
		updated := *byOwner
		updated.Title = "Vom Inhaber neu"
		mustNil(t, s.UpdateScenario(ctx, f.owner, &updated))
		if updated.Title != "Vom Inhaber neu" || updated.Scope != salescoach.ScopeTeam || updated.TeamID != teamID || !updated.Editable {
			t.Errorf("updated %+v", updated)
		}
		wantCode(t, s.DeleteScenario(ctx, f.member, byOwner.ID), salescoach.EFORBIDDEN)
		wantCode(t, s.DeleteScenario(ctx, f.outsider, byOwner.ID), salescoach.ENOTFOUND)
		wantCode(t, s.DeleteScenario(ctx, loner, byOwner.ID), salescoach.ENOTFOUND)

		// The role is read in each query: a member made manager may change
		// them, a manager made member no longer may.
		mustNil(t, f.s.SetRole(ctx, f.owner.ID, f.member.ID, salescoach.RoleManager))
		mustNil(t, f.s.SetRole(ctx, f.owner.ID, f.manager.ID, salescoach.RoleMember))
		mustNil(t, edit(f.member, "Vom neuen Manager"))
		wantCode(t, edit(f.manager, "Vom alten Manager"), salescoach.EFORBIDDEN)
		_, err = create(f.manager, "Nicht mehr")
		wantCode(t, err, salescoach.EFORBIDDEN)

		// Whoever leaves the team no longer sees its scenarios.
		mustNil(t, f.s.Leave(ctx, f.manager.ID))
		_, err = s.Scenario(ctx, f.manager, byOwner.ID)
		wantCode(t, err, salescoach.ENOTFOUND)

		// A creator's account going leaves the team's scenario; the team
		// going takes them with it, and only its own.
		exec(t, db, `DELETE FROM users WHERE id = ?`, f.manager.ID)
		_, err = s.Scenario(ctx, f.owner, byManager.ID)
		mustNil(t, err)
		mustNil(t, s.DeleteScenario(ctx, f.owner, byManager.ID))
		mustNil(t, f.s.DeleteTeam(ctx, f.owner.ID))
		if n := count(t, db, `SELECT COUNT(*) FROM scenarios WHERE team_id = ?`, teamID); n != 0 {
			t.Errorf("%d scenarios of the deleted team left", n)
		}
		_, err = s.Scenario(ctx, f.outsider, other.ID)
		mustNil(t, err)
	})
}

// TestScenarioEditable checks the editable flag the store reads with every
// scenario, for the personal, public and built-in scopes.
func TestScenarioEditable(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewScenarioService(db)
		ctx := t.Context()
		ann := newUser(t, db, "edit-ann@example.com")
		admin := newUser(t, db, "edit-admin@example.com")
		exec(t, db, `UPDATE users SET is_admin = TRUE WHERE id = ?`, admin.ID)
		mine := testScenario("Meins")
		mustNil(t, s.CreateScenario(ctx, ann, mine))
		pub := testScenario("Öffentlich")
		pub.Scope = salescoach.ScopePublic
		mustNil(t, s.CreateScenario(ctx, admin, pub))
		lib := testScenario("Bibliothek")
		lib.ID = "builtin-edit-de"
		mustNil(t, s.SeedBuiltIn(ctx, []*salescoach.Scenario{lib}))
		for _, c := range []struct {
			u    *salescoach.User
			id   string
			want bool
		}{
			{ann, mine.ID, true}, {ann, pub.ID, false}, {ann, lib.ID, false},
			{admin, pub.ID, true}, {admin, lib.ID, false},
		} {
			got, err := s.Scenario(ctx, c.u, c.id)
			mustNil(t, err)
			if got.Editable != c.want {
				t.Errorf("%s reads %s as editable %v, want %v", c.u.Email, got.Title, got.Editable, c.want)
			}
		}
	})
}
