package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"salescoach"
)

var _ salescoach.ScenarioService = (*ScenarioService)(nil)

// ScenarioService stores scenarios: the users' own, the teams', the
// admins' public ones and the built-in library (SeedBuiltIn). Who may see
// and change a row is decided in each query (scenarioVisible,
// scenarioChangeable), never by loading and checking in Go.
type ScenarioService struct {
	db *DB
}

// NewScenarioService returns a ScenarioService on db.
func NewScenarioService(db *DB) *ScenarioService {
	return &ScenarioService{db: db}
}

// scenarioVisible returns the condition under which the user sees a row,
// with its arguments: public ones, their own personal ones, and those of
// the team they are in (membership read in the query, so leaving the team
// ends the access at once).
func scenarioVisible(userID string) (string, []any) {
	return `(scope = 'public' OR (scope = 'mine' AND owner_id = ?)
		OR (scope = 'team' AND team_id IN (SELECT team_id FROM team_members WHERE user_id = ?)))`, []any{userID, userID}
}

// scenarioChangeable returns the condition under which the user changes a
// row, with its arguments: their own personal ones, public ones that are
// not built in when they are an admin (the flag, read in the query), and
// their team's when they are its owner or a manager (the role, read in the
// query: salescoach.IsManager).
func scenarioChangeable(userID string) (string, []any) {
	return `(NOT built_in AND ((scope = 'mine' AND owner_id = ?)
		OR (scope = 'public' AND EXISTS (SELECT 1 FROM users WHERE id = ? AND is_admin))
		OR (scope = 'team' AND team_id IN (SELECT team_id FROM team_members
			WHERE user_id = ? AND role IN ('` + salescoach.RoleOwner + `', '` + salescoach.RoleManager + `')))))`,
		[]any{userID, userID, userID}
}

// scenarioColumns are what scanScenario reads, the editable flag last.
const scenarioColumns = `id, COALESCE(owner_id, ''), COALESCE(team_id, ''), scope, built_in, body, created_at, updated_at`

// selectScenarios returns the start of a SELECT of scenarioColumns and
// whether the user may change each row, with the arguments of its
// placeholders (the WHERE clause's follow).
func selectScenarios(userID string) (string, []any) {
	cond, args := scenarioChangeable(userID)
	return `SELECT ` + scenarioColumns + `, CASE WHEN ` + cond + ` THEN 1 ELSE 0 END FROM scenarios`, args
}

// maxScenarioID bounds the ids the store looks up: UUIDs, and the built-in
// library's "builtin-<slug>-<lang>".
const maxScenarioID = 120

func scanScenario(s rowScanner) (*salescoach.Scenario, error) {
	var (
		sc   salescoach.Scenario
		body string
		id   string
	)
	var owner, team, scope string
	var builtIn bool
	var editable int
	var created, updated time.Time
	if err := s.Scan(&id, &owner, &team, &scope, &builtIn, &body, scanTime(&created), scanTime(&updated), &editable); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(body), &sc); err != nil {
		return nil, fmt.Errorf("sqlstore: scenario %s: %w", id, err)
	}
	sc.ID, sc.OwnerID, sc.TeamID, sc.Scope, sc.BuiltIn, sc.CreatedAt, sc.UpdatedAt = id, owner, team, scope, builtIn, created, updated
	sc.Editable = editable == 1
	return &sc, nil
}

// scenarioBody is the stored JSON of s: the API's shape without what the
// columns hold (id, scope, built-in).
func scenarioBody(s *salescoach.Scenario) (string, error) {
	c := *s
	c.ID, c.Scope, c.BuiltIn, c.Editable = "", "", false, false
	b, err := json.Marshal(&c)
	if err != nil {
		return "", fmt.Errorf("sqlstore: encode scenario: %w", err)
	}
	return string(b), nil
}

// scenarioSearch is the text the list's query is matched against.
func scenarioSearch(s *salescoach.Scenario) string {
	p := s.Persona
	return strings.ToLower(strings.Join([]string{s.Title, s.Product, p.Name, p.Role, p.Company, p.Industry}, "\n"))
}

// likeEscape escapes LIKE's wildcards (with \ as the ESCAPE character).
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// validScenarioID reports whether id could name a scenario (letters,
// digits and hyphens); any other id is ENOTFOUND without a query.
func validScenarioID(id string) bool {
	if id == "" || len(id) > maxScenarioID {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

var (
	errScenarioNotFound = notFound(salescoach.MsgScenarioNotFound)
	errScenarioReadOnly = salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgScenarioReadOnly)
)

// CreateScenario stores s (validated by the caller) for u with s.Scope
// (ScopeMine when empty), filling in ID, OwnerID, TeamID, Editable and the
// times. A personal scenario is anyone's to create; a public one an
// admin's (the flag, read in the insert itself); a team one the owner's
// and managers' of the team u is in, which becomes its team (never one the
// caller names) and holds it instead of an owner (role and team read in
// the insert itself). It returns EFORBIDDEN (MsgForbidden) for a public
// one by a non-admin, EFORBIDDEN (MsgTeamForbidden) for a team one by a
// member, ENOTFOUND (MsgNoTeam) for a team one by a user without a team,
// ENOTFOUND when u does not exist, and EINVALID for an unknown scope.
func (s *ScenarioService) CreateScenario(ctx context.Context, u *salescoach.User, sc *salescoach.Scenario) error {
	if sc.Scope == "" {
		sc.Scope = salescoach.ScopeMine
	}
	switch sc.Scope {
	case salescoach.ScopeMine, salescoach.ScopePublic, salescoach.ScopeTeam:
	default:
		return salescoach.FieldError("scope", salescoach.MsgScenarioBadChoice)
	}
	if !validID(u.ID) {
		return notFound(salescoach.MsgNoUser)
	}
	now := utc(s.db.now())
	sc.ID, sc.OwnerID, sc.TeamID, sc.BuiltIn, sc.CreatedAt, sc.UpdatedAt = newID(), u.ID, "", false, now, now
	body, err := scenarioBody(sc)
	if err != nil {
		return err
	}
	if sc.Scope == salescoach.ScopeTeam {
		return s.createTeamScenario(ctx, u, sc, body)
	}
	// The row is inserted only when its creator exists and, for a public
	// scenario, is an admin.
	res, err := s.db.r().exec(ctx, `INSERT INTO scenarios (id, owner_id, team_id, scope, built_in, language, situation,
			title, buyer, industry, search, body, created_at, updated_at)
		SELECT ?, id, NULL, ?, FALSE, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM users WHERE id = ? AND (? OR is_admin)`,
		sc.ID, sc.Scope, sc.Language, sc.Situation, sc.Title, sc.Persona.Buyer, strings.ToLower(sc.Persona.Industry),
		scenarioSearch(sc), body, now, now, u.ID, sc.Scope == salescoach.ScopeMine)
	if err != nil {
		return dbError(err, "insert scenario")
	}
	if n, err := rowsAffected(res); err != nil {
		return err
	} else if n == 0 {
		var exists int
		if err := s.db.r().queryRow(ctx, `SELECT COUNT(*) FROM users WHERE id = ?`, u.ID).Scan(&exists); err != nil {
			return dbError(err, "find user")
		}
		if exists == 0 {
			return notFound(salescoach.MsgNoUser)
		}
		return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgForbidden)
	}
	sc.Editable = true
	return nil
}

// createTeamScenario inserts sc (its ID, body and times set) as a scenario
// of the team u owns or manages, as CreateScenario says.
func (s *ScenarioService) createTeamScenario(ctx context.Context, u *salescoach.User, sc *salescoach.Scenario, body string) error {
	var team string
	err := s.db.r().queryRow(ctx, `INSERT INTO scenarios (id, owner_id, team_id, scope, built_in, language, situation,
			title, buyer, industry, search, body, created_at, updated_at)
		SELECT ?, NULL, team_id, 'team', FALSE, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM team_members
		WHERE user_id = ? AND role IN (?, ?)
		RETURNING team_id`,
		sc.ID, sc.Language, sc.Situation, sc.Title, sc.Persona.Buyer, strings.ToLower(sc.Persona.Industry),
		scenarioSearch(sc), body, sc.CreatedAt, sc.UpdatedAt, u.ID, salescoach.RoleOwner, salescoach.RoleManager).Scan(&team)
	if noRows(err) {
		var member int
		if err := s.db.r().queryRow(ctx, `SELECT COUNT(*) FROM team_members WHERE user_id = ?`, u.ID).Scan(&member); err != nil {
			return dbError(err, "find team")
		}
		if member == 0 {
			return notFound(salescoach.MsgNoTeam)
		}
		return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTeamForbidden)
	}
	if err != nil {
		return dbError(err, "insert team scenario")
	}
	sc.OwnerID, sc.TeamID, sc.Editable = "", team, true
	return nil
}

// Scenario returns a scenario u may see. It returns ENOTFOUND
// (MsgScenarioNotFound) when there is none or u may not see it.
func (s *ScenarioService) Scenario(ctx context.Context, u *salescoach.User, id string) (*salescoach.Scenario, error) {
	if !validScenarioID(id) {
		return nil, errScenarioNotFound
	}
	sel, args := selectScenarios(u.ID)
	visible, vargs := scenarioVisible(u.ID)
	sc, err := scanScenario(s.db.r().queryRow(ctx, sel+` WHERE id = ? AND `+visible, append(append(args, id), vargs...)...))
	if noRows(err) {
		return nil, errScenarioNotFound
	}
	if err != nil {
		return nil, dbError(err, "get scenario")
	}
	return sc, nil
}

// Scenarios lists the scenarios u may see that match f, newest first (the
// built-in library after the rest, by title), one page of them
// (Page.Normalize), with the number of all matches. It returns EINVALID
// for an unknown scope and otherwise only driver errors.
func (s *ScenarioService) Scenarios(ctx context.Context, u *salescoach.User, f salescoach.ScenarioFilter) ([]*salescoach.Scenario, int, error) {
	visible, args := scenarioVisible(u.ID)
	where := []string{visible}
	eq := func(col, v string) {
		if v != "" {
			where = append(where, col+" = ?")
			args = append(args, v)
		}
	}
	switch f.Scope {
	case "", salescoach.ScopeMine, salescoach.ScopeTeam, salescoach.ScopePublic:
		eq("scope", f.Scope)
	default:
		return nil, 0, salescoach.FieldError("scope", salescoach.MsgScenarioBadChoice)
	}
	eq("situation", f.Situation)
	eq("language", f.Language)
	eq("buyer", f.Buyer)
	eq("industry", strings.ToLower(strings.TrimSpace(f.Industry)))
	if q := strings.ToLower(strings.TrimSpace(f.Query)); q != "" {
		where = append(where, `search LIKE ? ESCAPE '\'`)
		args = append(args, "%"+likeEscape(q)+"%")
	}
	cond := strings.Join(where, " AND ")
	var total int
	if err := s.db.r().queryRow(ctx, `SELECT COUNT(*) FROM scenarios WHERE `+cond, args...).Scan(&total); err != nil {
		return nil, 0, dbError(err, "count scenarios")
	}
	p := f.Page.Normalize()
	sel, selArgs := selectScenarios(u.ID)
	rows, err := s.db.r().queryRows(ctx, sel+` WHERE `+cond+`
		ORDER BY built_in, CASE WHEN built_in THEN title END, created_at DESC, id DESC LIMIT ? OFFSET ?`,
		append(append(selArgs, args...), p.Limit, p.Offset)...)
	if err != nil {
		return nil, 0, dbError(err, "list scenarios")
	}
	defer rows.Close()
	var out []*salescoach.Scenario
	for rows.Next() {
		sc, err := scanScenario(rows)
		if err != nil {
			return nil, 0, dbError(err, "list scenarios")
		}
		out = append(out, sc)
	}
	return out, total, dbError(rows.Err(), "list scenarios")
}

// writable answers ENOTFOUND when u may not see the scenario and
// EFORBIDDEN when u may see but not change it, within r's transaction.
func writable(ctx context.Context, r runner, u *salescoach.User, id string) error {
	var visible, changeable int
	canChange, args := scenarioChangeable(u.ID)
	canSee, seeArgs := scenarioVisible(u.ID)
	err := r.queryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN `+canChange+` THEN 1 ELSE 0 END), 0)
		FROM scenarios WHERE id = ? AND `+canSee, append(append(args, id), seeArgs...)...).Scan(&visible, &changeable)
	if err != nil {
		return dbError(err, "check scenario")
	}
	switch {
	case visible == 0:
		return errScenarioNotFound
	case changeable == 0:
		return errScenarioReadOnly
	}
	return nil
}

// UpdateScenario replaces the content of a scenario u may change with sc's
// (validated by the caller; its scope stays), and fills in sc's stored
// fields. It returns ENOTFOUND when u may not see it and EFORBIDDEN
// (MsgScenarioReadOnly) when u may see but not change it (someone else's
// public one, the built-in library).
func (s *ScenarioService) UpdateScenario(ctx context.Context, u *salescoach.User, sc *salescoach.Scenario) error {
	if !validScenarioID(sc.ID) {
		return errScenarioNotFound
	}
	body, err := scenarioBody(sc)
	if err != nil {
		return err
	}
	now := utc(s.db.now())
	return s.db.inTx(ctx, func(r runner) error {
		if err := writable(ctx, r, u, sc.ID); err != nil {
			return err
		}
		canChange, args := scenarioChangeable(u.ID)
		// Only a row u may change is updated, so the editable flag it
		// returns is 1.
		stored, err := scanScenario(r.queryRow(ctx, `UPDATE scenarios SET language = ?, situation = ?, title = ?, buyer = ?,
				industry = ?, search = ?, body = ?, updated_at = ?
			WHERE id = ? AND `+canChange+` RETURNING `+scenarioColumns+`, 1`,
			append([]any{sc.Language, sc.Situation, sc.Title, sc.Persona.Buyer, strings.ToLower(sc.Persona.Industry),
				scenarioSearch(sc), body, now, sc.ID}, args...)...))
		if noRows(err) {
			return errScenarioReadOnly
		}
		if err != nil {
			return dbError(err, "update scenario")
		}
		*sc = *stored
		return nil
	})
}

// DeleteScenario removes a scenario u may change; chats started on it keep
// their snapshot and their scenario id. ENOTFOUND / EFORBIDDEN as
// UpdateScenario.
func (s *ScenarioService) DeleteScenario(ctx context.Context, u *salescoach.User, id string) error {
	if !validScenarioID(id) {
		return errScenarioNotFound
	}
	return s.db.inTx(ctx, func(r runner) error {
		if err := writable(ctx, r, u, id); err != nil {
			return err
		}
		canChange, args := scenarioChangeable(u.ID)
		res, err := r.exec(ctx, `DELETE FROM scenarios WHERE id = ? AND `+canChange, append([]any{id}, args...)...)
		if err != nil {
			return dbError(err, "delete scenario")
		}
		if n, err := rowsAffected(res); err != nil {
			return err
		} else if n == 0 {
			return errScenarioReadOnly
		}
		return nil
	})
}

// ScenarioStats returns the user's results on each of the scenarios whose
// ids are given (at most salescoach.MaxPageLimit of them are looked at):
// attempts are the chats started on it (deleted ones too, as XP stays when
// a chat is deleted), wins the won practice chats and passed exams, the
// best score the best evaluation total. Ids without chats are missing from
// the map. It returns only driver errors.
func (s *ScenarioService) ScenarioStats(ctx context.Context, userID string, ids []string) (map[string]salescoach.ScenarioStats, error) {
	out := map[string]salescoach.ScenarioStats{}
	args := []any{userID}
	for _, id := range ids {
		if validScenarioID(id) && len(args) <= salescoach.MaxPageLimit {
			args = append(args, id)
		}
	}
	if !validID(userID) || len(args) == 1 {
		return out, nil
	}
	rows, err := s.db.r().queryRows(ctx, `SELECT scenario_id, mode, completed_at IS NOT NULL, COALESCE(evaluation, '')
		FROM conversations WHERE user_id = ? AND scenario_id IN (?`+strings.Repeat(", ?", len(args)-2)+`)`, args...)
	if err != nil {
		return nil, dbError(err, "scenario stats")
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id, mode, evaluation string
			completed            bool
		)
		if err := rows.Scan(&id, &mode, &completed, &evaluation); err != nil {
			return nil, dbError(err, "scenario stats")
		}
		st := out[id]
		st.Attempts++
		var ev struct {
			TotalPercent int `json:"totalPercent"`
			Exam         *struct {
				Passed bool `json:"passed"`
			} `json:"exam"`
		}
		if evaluation != "" {
			// An evaluation that does not parse counts as none: the stats
			// are a summary, not the place to fail a list.
			if json.Unmarshal([]byte(evaluation), &ev) == nil {
				st.BestScore = max(st.BestScore, salescoach.ClampPercent(ev.TotalPercent))
			}
		}
		switch {
		case mode == salescoach.ModePractice && completed:
			st.Wins++
		case mode == salescoach.ModeExam && ev.Exam != nil && ev.Exam.Passed:
			st.Wins++
		}
		out[id] = st
	}
	return out, dbError(rows.Err(), "scenario stats")
}

// SeedBuiltIn makes the built-in library in the table exactly list (each
// with its stable ID, validated by the caller): new ones are inserted,
// changed ones replaced, ones no longer shipped removed (chats on them
// keep their snapshot). It is one transaction, and safe when several
// processes start at once. It returns only driver errors.
func (s *ScenarioService) SeedBuiltIn(ctx context.Context, list []*salescoach.Scenario) error {
	now := utc(s.db.now())
	return s.db.inTx(ctx, func(r runner) error {
		keep := make([]any, 0, len(list))
		for _, sc := range list {
			body, err := scenarioBody(sc)
			if err != nil {
				return err
			}
			keep = append(keep, sc.ID)
			// Unchanged rows are left as they are (their updated_at too).
			if _, err := r.exec(ctx, `INSERT INTO scenarios (id, owner_id, team_id, scope, built_in, language, situation,
					title, buyer, industry, search, body, created_at, updated_at)
				VALUES (?, NULL, NULL, 'public', TRUE, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (id) DO UPDATE SET language = excluded.language, situation = excluded.situation,
					title = excluded.title, buyer = excluded.buyer, industry = excluded.industry,
					search = excluded.search, body = excluded.body, updated_at = excluded.updated_at
				WHERE scenarios.built_in AND scenarios.body <> excluded.body`,
				sc.ID, sc.Language, sc.Situation, sc.Title, sc.Persona.Buyer, strings.ToLower(sc.Persona.Industry),
				scenarioSearch(sc), body, now, now); err != nil {
				return dbError(err, "seed scenario")
			}
		}
		q := `DELETE FROM scenarios WHERE built_in`
		if len(keep) > 0 {
			q += ` AND id NOT IN (?` + strings.Repeat(", ?", len(keep)-1) + `)`
		}
		_, err := r.exec(ctx, q, keep...)
		return dbError(err, "remove old built-in scenarios")
	})
}
