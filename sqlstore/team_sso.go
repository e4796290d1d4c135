package sqlstore

import (
	"context"
	"slices"
	"strings"
	"time"

	"salescoach"
)

var _ salescoach.TeamSSOService = (*TeamSSOService)(nil)

// TeamSSOService stores the teams' company sign-in (migration 0042). The
// owner's methods read the caller's membership first (ownerOf) and touch
// only rows of the caller's team.
type TeamSSOService struct {
	db *DB
}

// NewTeamSSOService returns a TeamSSOService on db.
func NewTeamSSOService(db *DB) *TeamSSOService { return &TeamSSOService{db: db} }

const teamSSOColumns = `s.team_id, t.name, s.issuer, s.client_id, s.client_secret, s.config_version, s.enforced,
	s.default_role, s.active, s.admin_disabled_at, COALESCE(s.admin_disabled_by, ''), s.test_at, s.test_ok,
	s.test_version, s.test_subject, s.test_email, s.test_email_verified, s.test_error, s.client_secret_expires_at,
	s.created_at, s.updated_at`

// readTeamSSO reads the settings of teamID with its domains; nil when the
// team has none.
func readTeamSSO(ctx context.Context, r runner, teamID string) (*salescoach.TeamSSO, error) {
	if !validID(teamID) {
		return nil, nil
	}
	var s salescoach.TeamSSO
	var testAt *time.Time
	var t salescoach.SSOTest
	err := r.queryRow(ctx, `SELECT `+teamSSOColumns+` FROM team_sso s JOIN teams t ON t.id = s.team_id
		WHERE s.team_id = ?`, teamID).Scan(&s.TeamID, &s.TeamName, &s.Issuer, &s.ClientID, &s.SealedSecret,
		&s.ConfigVersion, &s.Enforced, &s.DefaultRole, &s.Active, scanNullTime(&s.AdminDisabledAt), &s.AdminDisabledBy,
		scanNullTime(&testAt), &t.OK, &t.ConfigVersion, &t.Subject, &t.Email, &t.EmailVerified, &t.Error,
		scanNullTime(&s.SecretExpiresAt), scanTime(&s.CreatedAt), scanTime(&s.UpdatedAt))
	if noRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, dbError(err, "team sso")
	}
	if testAt != nil {
		t.At = *testAt
		s.LastTest = &t
	}
	rows, err := r.queryRows(ctx, `SELECT domain, claimed FROM team_sso_domains WHERE team_id = ? ORDER BY domain`, teamID)
	if err != nil {
		return nil, dbError(err, "team sso domains")
	}
	defer rows.Close()
	s.Domains = []salescoach.SSODomain{}
	for rows.Next() {
		var d salescoach.SSODomain
		if err := rows.Scan(&d.Domain, &d.Claimed); err != nil {
			return nil, dbError(err, "team sso domains")
		}
		s.Domains = append(s.Domains, d)
	}
	return &s, dbError(rows.Err(), "team sso domains")
}

// TeamSSO returns the caller's team's settings (the owner only); nil
// without settings.
func (s *TeamSSOService) TeamSSO(ctx context.Context, callerID string) (*salescoach.TeamSSO, error) {
	r := s.db.r()
	m, err := ownerOf(ctx, r, callerID)
	if err != nil {
		return nil, err
	}
	return readTeamSSO(ctx, r, m.teamID)
}

// SaveTeamSSO stores the settings in one transaction: the row, the domain
// list (claims of domains kept stay), the rules of switching on, and, when
// enforcement begins, the end of the members' and managers' sessions.
// teamID must be the caller's team (the secret was sealed for it):
// ENOTFOUND (MsgNoTeam) otherwise.
func (s *TeamSSOService) SaveTeamSSO(ctx context.Context, callerID, teamID string, u salescoach.SSOUpdate, now time.Time) (*salescoach.TeamSSO, []string, error) {
	now = utc(now)
	var out *salescoach.TeamSSO
	var ended []string
	err := s.db.inTx(ctx, func(r runner) error {
		m, err := ownerOf(ctx, r, callerID)
		if err != nil {
			return err
		}
		if m.teamID != teamID {
			return notFound(salescoach.MsgNoTeam)
		}
		cur, err := readTeamSSO(ctx, r, teamID)
		if err != nil {
			return err
		}
		if cur == nil && u.SealedSecret == "" {
			return salescoach.FieldError("clientSecret", salescoach.MsgSSOSecretRequired)
		}
		// Another team's claim on a listed domain.
		for _, d := range u.Domains {
			var n int
			if err := r.queryRow(ctx, `SELECT COUNT(*) FROM team_sso_domains WHERE domain = ? AND claimed AND team_id <> ?`,
				d, teamID).Scan(&n); err != nil {
				return dbError(err, "save team sso: claims")
			}
			if n > 0 {
				return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSSODomainTaken.With("domain", d))
			}
		}
		if cur == nil {
			if _, err := r.exec(ctx, `INSERT INTO team_sso (team_id, issuer, client_id, client_secret, enforced, default_role,
					active, client_secret_expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, FALSE, ?, ?, ?)`,
				teamID, u.Issuer, u.ClientID, u.SealedSecret, u.Enforced, u.DefaultRole, utcPtr(u.SecretExpiresAt), now, now); err != nil {
				return dbError(err, "save team sso")
			}
		} else {
			changed := cur.Issuer != u.Issuer || cur.ClientID != u.ClientID || u.SealedSecret != ""
			secret, version, active := cur.SealedSecret, cur.ConfigVersion, cur.Active
			if u.SealedSecret != "" {
				secret = u.SealedSecret
			}
			if changed {
				version++
				active = false
			}
			if _, err := r.exec(ctx, `UPDATE team_sso SET issuer = ?, client_id = ?, client_secret = ?, config_version = ?,
					enforced = ?, default_role = ?, active = ?, updated_at = ? WHERE team_id = ?`,
				u.Issuer, u.ClientID, secret, version, u.Enforced, u.DefaultRole, active, now, teamID); err != nil {
				return dbError(err, "save team sso")
			}
			if !sameTime(cur.SecretExpiresAt, u.SecretExpiresAt) {
				// Another date (or none): reminded of anew.
				if _, err := r.exec(ctx, `UPDATE team_sso SET client_secret_expires_at = ?, secret_reminded_at = NULL
					WHERE team_id = ?`, utcPtr(u.SecretExpiresAt), teamID); err != nil {
					return dbError(err, "save team sso: secret expiry")
				}
			}
		}
		// The domain list: drop the ones no longer listed (their claims
		// with them), add the new ones unclaimed.
		args := []any{teamID}
		ph := make([]string, 0, len(u.Domains))
		for _, d := range u.Domains {
			ph = append(ph, "?")
			args = append(args, d)
		}
		q := `DELETE FROM team_sso_domains WHERE team_id = ?`
		if len(ph) > 0 {
			q += ` AND domain NOT IN (` + strings.Join(ph, ", ") + `)`
		}
		if _, err := r.exec(ctx, q, args...); err != nil {
			return dbError(err, "save team sso: domains")
		}
		for _, d := range u.Domains {
			if _, err := r.exec(ctx, `INSERT INTO team_sso_domains (team_id, domain) VALUES (?, ?)
				ON CONFLICT (team_id, domain) DO NOTHING`, teamID, d); err != nil {
				return dbError(err, "save team sso: domain")
			}
		}
		out, err = readTeamSSO(ctx, r, teamID)
		if err != nil {
			return err
		}
		if u.Active && out.Active && len(out.ClaimedDomains()) == 0 {
			// Staying on needs a claimed domain left.
			return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSSODomainUnclaimed)
		}
		if u.Active && !out.Active {
			if !out.TestCurrent() || !out.LastTest.OK {
				return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSSOTestRequired)
			}
			if len(out.ClaimedDomains()) == 0 {
				return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSSODomainUnclaimed)
			}
			if _, err := r.exec(ctx, `UPDATE team_sso SET active = TRUE, admin_disabled_at = NULL, admin_disabled_by = NULL
				WHERE team_id = ?`, teamID); err != nil {
				return dbError(err, "save team sso: activate")
			}
		} else if !u.Active && out.Active {
			if _, err := r.exec(ctx, `UPDATE team_sso SET active = FALSE WHERE team_id = ?`, teamID); err != nil {
				return dbError(err, "save team sso: deactivate")
			}
		}
		out, err = readTeamSSO(ctx, r, teamID)
		if err != nil {
			return err
		}
		if out.Active && out.Enforced && (cur == nil || !cur.Active || !cur.Enforced) {
			ended, err = endMemberSessions(ctx, r, teamID, now)
		}
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return out, ended, nil
}

// endMemberSessions revokes every session (refresh-token family) of the
// team's members and managers, whose access tokens then fail at once
// (SessionService.SessionUser), and returns their user ids: enforcement
// has begun, and everyone but the owner comes back through the company.
func endMemberSessions(ctx context.Context, r runner, teamID string, now time.Time) ([]string, error) {
	const members = `SELECT user_id FROM team_members WHERE team_id = ? AND role <> 'owner'`
	ids, err := r.queryStrings(ctx, members+` ORDER BY user_id`, teamID)
	if err != nil {
		return nil, dbError(err, "sso: enforced members")
	}
	if _, err := r.exec(ctx, `UPDATE refresh_tokens SET revoked_at = ?
		WHERE revoked_at IS NULL AND user_id IN (`+members+`)`, now, teamID); err != nil {
		return nil, dbError(err, "sso: end member sessions")
	}
	return ids, nil
}

// DeleteTeamSSO removes the caller's team's settings (domains cascade),
// identities and pending links.
func (s *TeamSSOService) DeleteTeamSSO(ctx context.Context, callerID string) error {
	return s.db.inTx(ctx, func(r runner) error {
		m, err := ownerOf(ctx, r, callerID)
		if err != nil {
			return err
		}
		for _, q := range []string{
			`DELETE FROM sso_pending_links WHERE team_id = ?`,
			`DELETE FROM sso_identities WHERE team_id = ?`,
			`DELETE FROM team_sso WHERE team_id = ?`,
		} {
			if _, err := r.exec(ctx, q, m.teamID); err != nil {
				return dbError(err, "delete team sso")
			}
		}
		return nil
	})
}

// RecordSSOTest stores the test; it claims nothing (issue 38: a sign-in at
// a provider the owner chose proves nothing about a domain).
func (s *TeamSSOService) RecordSSOTest(ctx context.Context, callerID, teamID string, t salescoach.SSOTest, domain string) (*salescoach.SSOTest, error) {
	r := s.db.r()
	m, err := ownerOf(ctx, r, callerID)
	if err != nil || m.teamID != teamID {
		return nil, notFound(salescoach.MsgSSONotConfigured)
	}
	t.At = utc(t.At)
	if t.OK {
		var listed, taken int
		if err := r.queryRow(ctx, `SELECT COALESCE(SUM(CASE WHEN team_id = ? THEN 1 ELSE 0 END), 0),
				COALESCE(SUM(CASE WHEN team_id <> ? AND claimed THEN 1 ELSE 0 END), 0)
			FROM team_sso_domains WHERE domain = ?`, teamID, teamID, domain).Scan(&listed, &taken); err != nil {
			return nil, dbError(err, "sso test: domain")
		}
		switch {
		case taken > 0:
			t.OK, t.Error = false, salescoach.MsgSSODomainTaken.Key
		case listed == 0:
			t.OK, t.Error = false, salescoach.MsgSSOForeignDomain.Key
		}
	}
	res, err := r.exec(ctx, `UPDATE team_sso SET test_at = ?, test_ok = ?, test_version = ?, test_subject = ?, test_email = ?,
			test_email_verified = ?, test_error = ? WHERE team_id = ?`,
		t.At, t.OK, t.ConfigVersion, truncateRunes(t.Subject, 255), truncateRunes(t.Email, 320), t.EmailVerified, t.Error, teamID)
	if err := oneRowOr(res, err, "sso test", notFound(salescoach.MsgSSONotConfigured)); err != nil {
		return nil, err
	}
	return &t, nil
}

// ClaimSSODomain claims the domain in a statement of its own: the partial
// unique index on claimed domains decides between teams claiming at once (a
// unique violation would abort a PostgreSQL transaction), so exactly one
// wins and the others get MsgSSODomainTaken.
func (s *TeamSSOService) ClaimSSODomain(ctx context.Context, callerID, teamID, domain string, now time.Time) (*salescoach.TeamSSO, error) {
	domain = strings.ToLower(domain)
	if salescoach.IsFreeMailDomain(domain) {
		return nil, salescoach.FieldError("domain", salescoach.MsgSSODomainFreeMail.With("domain", domain))
	}
	r := s.db.r()
	m, err := ownerOf(ctx, r, callerID)
	if err != nil {
		return nil, err
	}
	if m.teamID != teamID {
		return nil, notFound(salescoach.MsgSSONotConfigured)
	}
	res, err := r.exec(ctx, `UPDATE team_sso_domains SET claimed = TRUE, claimed_at = ?
		WHERE team_id = ? AND domain = ? AND NOT claimed`, utc(now), teamID, domain)
	if e := constraintError(err); e != nil && e.Code == salescoach.ECONFLICT {
		return nil, salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSSODomainTaken.With("domain", domain))
	} else if err != nil {
		return nil, dbError(err, "claim sso domain")
	}
	if n, err := rowsAffected(res); err != nil {
		return nil, err
	} else if n == 0 {
		// Claimed by this team before (done), or not listed.
		var listed int
		if err := r.queryRow(ctx, `SELECT COUNT(*) FROM team_sso_domains WHERE team_id = ? AND domain = ?`,
			teamID, domain).Scan(&listed); err != nil {
			return nil, dbError(err, "claim sso domain")
		}
		if listed == 0 {
			return nil, salescoach.FieldError("domain", salescoach.MsgSSODomainNotListed.With("domain", domain))
		}
	}
	out, err := readTeamSSO(ctx, r, teamID)
	if err == nil && out == nil {
		return nil, notFound(salescoach.MsgSSONotConfigured)
	}
	return out, err
}

// truncateRunes cuts s to at most n runes.
func truncateRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// TeamSSOByID returns the team's settings; ENOTFOUND without.
func (s *TeamSSOService) TeamSSOByID(ctx context.Context, teamID string) (*salescoach.TeamSSO, error) {
	out, err := readTeamSSO(ctx, s.db.r(), teamID)
	if err == nil && out == nil {
		return nil, notFound(salescoach.MsgSSONotConfigured)
	}
	return out, err
}

// ActiveTeamSSOForDomain finds the team whose active sign-in claims domain.
func (s *TeamSSOService) ActiveTeamSSOForDomain(ctx context.Context, domain string) (*salescoach.TeamSSO, error) {
	var teamID string
	err := s.db.r().queryRow(ctx, `SELECT d.team_id FROM team_sso_domains d JOIN team_sso s ON s.team_id = d.team_id
		WHERE d.domain = ? AND d.claimed AND s.active`, strings.ToLower(domain)).Scan(&teamID)
	if noRows(err) {
		return nil, notFound(salescoach.MsgSSONotConfigured)
	}
	if err != nil {
		return nil, dbError(err, "sso team for domain")
	}
	return s.TeamSSOByID(ctx, teamID)
}

// SSOIdentityUser returns the user of (teamID, subject).
func (s *TeamSSOService) SSOIdentityUser(ctx context.Context, teamID, subject string) (string, error) {
	var userID string
	err := s.db.r().queryRow(ctx, `SELECT user_id FROM sso_identities WHERE team_id = ? AND subject = ?`, teamID, subject).Scan(&userID)
	if noRows(err) {
		return "", notFound(salescoach.MsgIdentityNotFound)
	}
	return userID, dbError(err, "sso identity")
}

// linkIdentity inserts the identity; the same user again is done.
func linkIdentity(ctx context.Context, r runner, teamID, subject, userID, email string, now time.Time) error {
	var owner string
	err := r.queryRow(ctx, `SELECT user_id FROM sso_identities WHERE team_id = ? AND subject = ?`, teamID, subject).Scan(&owner)
	switch {
	case err == nil && owner == userID:
		return nil
	case err == nil:
		return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgIdentityTaken)
	case !noRows(err):
		return dbError(err, "link sso identity")
	}
	_, err = r.exec(ctx, `INSERT INTO sso_identities (team_id, subject, user_id, email, created_at) VALUES (?, ?, ?, ?, ?)`,
		teamID, subject, userID, truncateRunes(email, 320), utc(now))
	return conflictAs(dbError(err, "link sso identity"), salescoach.MsgIdentityTaken)
}

// enterTeam lets userID into teamID by the rules of EnterSSOTeam: their
// address's domain claimed by the team, then a member already or joining
// from no team, with a free seat of the team's when it has one.
func enterTeam(ctx context.Context, r runner, teamID, userID, role string, now time.Time) error {
	var email string
	err := r.queryRow(ctx, `SELECT COALESCE(email, '') FROM users WHERE id = ?`, userID).Scan(&email)
	if noRows(err) {
		return notFound(salescoach.MsgNoUser)
	}
	if err != nil {
		return dbError(err, "sso enter: user")
	}
	var claimed int
	if d := salescoach.EmailDomain(email); d != "" {
		if err := r.queryRow(ctx, `SELECT COUNT(*) FROM team_sso_domains WHERE team_id = ? AND domain = ? AND claimed`,
			teamID, d).Scan(&claimed); err != nil {
			return dbError(err, "sso enter: domain")
		}
	}
	if claimed == 0 {
		return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgSSOForeignDomain)
	}
	var current string
	err = r.queryRow(ctx, `SELECT team_id FROM team_members WHERE user_id = ?`, userID).Scan(&current)
	switch {
	case err == nil && current == teamID:
		return nil
	case err == nil:
		return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgTeamAlreadyMember)
	case !noRows(err):
		return dbError(err, "sso enter: membership")
	}
	if role != salescoach.RoleManager {
		role = salescoach.RoleMember
	}
	var ms *salescoach.Membership
	if err := joinTeam(ctx, r, teamID, userID, role, utc(now), &ms); err != nil {
		return err
	}
	// Joining by the company's sign-in, nobody hands out a seat: one is
	// given when the team has one free.
	return freeSeatOnJoin(ctx, r, teamID, userID, now)
}

// LinkSSOIdentity links the identity and lets the user into the team, in
// one transaction.
func (s *TeamSSOService) LinkSSOIdentity(ctx context.Context, teamID, subject, userID, email, role string, now time.Time) error {
	return s.db.inTx(ctx, func(r runner) error {
		if err := linkIdentity(ctx, r, teamID, subject, userID, email, now); err != nil {
			return err
		}
		return enterTeam(ctx, r, teamID, userID, role, now)
	})
}

// EnterSSOTeam lets the user into the team (enterTeam).
func (s *TeamSSOService) EnterSSOTeam(ctx context.Context, teamID, userID, role string, now time.Time) error {
	return s.db.inTx(ctx, func(r runner) error { return enterTeam(ctx, r, teamID, userID, role, now) })
}

// RemoveSSOIdentities deletes the user's company identities and pending
// links in one transaction.
func (s *TeamSSOService) RemoveSSOIdentities(ctx context.Context, userID string) error {
	if !validID(userID) {
		return nil
	}
	return s.db.inTx(ctx, func(r runner) error {
		for _, q := range []string{
			`DELETE FROM sso_pending_links WHERE user_id = ?`,
			`DELETE FROM sso_identities WHERE user_id = ?`,
		} {
			if _, err := r.exec(ctx, q, userID); err != nil {
				return dbError(err, "remove sso identities")
			}
		}
		return nil
	})
}

// CreateSSOLink stores a pending link.
func (s *TeamSSOService) CreateSSOLink(ctx context.Context, l *salescoach.SSOPendingLink) error {
	_, err := s.db.r().exec(ctx, `INSERT INTO sso_pending_links (token_hash, team_id, user_id, subject, email, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, l.TokenHash, l.TeamID, l.UserID, l.Subject, truncateRunes(l.Email, 320),
		utc(l.CreatedAt), utc(l.ExpiresAt))
	return dbError(err, "create sso link")
}

// SSOLink reads a live pending link.
func (s *TeamSSOService) SSOLink(ctx context.Context, tokenHash string, now time.Time) (*salescoach.SSOPendingLink, error) {
	var l salescoach.SSOPendingLink
	err := s.db.r().queryRow(ctx, `SELECT l.token_hash, l.team_id, t.name, l.user_id, l.subject, l.email, l.created_at, l.expires_at
		FROM sso_pending_links l JOIN teams t ON t.id = l.team_id
		WHERE l.token_hash = ? AND l.used_at IS NULL AND l.expires_at > ?`, tokenHash, utc(now)).
		Scan(&l.TokenHash, &l.TeamID, &l.TeamName, &l.UserID, &l.Subject, &l.Email, scanTime(&l.CreatedAt), scanTime(&l.ExpiresAt))
	if noRows(err) {
		return nil, notFound(salescoach.MsgSSOLinkInvalid)
	}
	if err != nil {
		return nil, dbError(err, "sso link")
	}
	return &l, nil
}

// CompleteSSOLink uses the link (one guarded UPDATE), links and joins.
func (s *TeamSSOService) CompleteSSOLink(ctx context.Context, tokenHash string, now time.Time) (*salescoach.SSOPendingLink, error) {
	now = utc(now)
	var l salescoach.SSOPendingLink
	err := s.db.inTx(ctx, func(r runner) error {
		err := r.queryRow(ctx, `UPDATE sso_pending_links SET used_at = ?
			WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
			RETURNING token_hash, team_id, user_id, subject, email, created_at, expires_at`, now, tokenHash, now).
			Scan(&l.TokenHash, &l.TeamID, &l.UserID, &l.Subject, &l.Email, scanTime(&l.CreatedAt), scanTime(&l.ExpiresAt))
		if noRows(err) {
			return notFound(salescoach.MsgSSOLinkInvalid)
		}
		if err != nil {
			return dbError(err, "use sso link")
		}
		var role string
		err = r.queryRow(ctx, `SELECT s.default_role, t.name FROM team_sso s JOIN teams t ON t.id = s.team_id
			WHERE s.team_id = ? AND s.active`, l.TeamID).Scan(&role, &l.TeamName)
		if noRows(err) {
			return notFound(salescoach.MsgSSOLinkInvalid)
		}
		if err != nil {
			return dbError(err, "use sso link: team")
		}
		if err := linkIdentity(ctx, r, l.TeamID, l.Subject, l.UserID, l.Email, now); err != nil {
			return err
		}
		return enterTeam(ctx, r, l.TeamID, l.UserID, role, now)
	})
	if err != nil {
		return nil, err
	}
	return &l, nil
}

// SSORequired reports whether userID is a member or manager of a team whose
// company sign-in is active and enforced.
func (s *TeamSSOService) SSORequired(ctx context.Context, userID string) (bool, error) {
	if !validID(userID) {
		return false, nil
	}
	var n int
	err := s.db.r().queryRow(ctx, `SELECT COUNT(*) FROM team_members m JOIN team_sso s ON s.team_id = m.team_id
		WHERE m.user_id = ? AND m.role <> 'owner' AND s.active AND s.enforced`, userID).Scan(&n)
	return n > 0, dbError(err, "sso required")
}

// DisableTeamSSO switches the team's sign-in off and records the admin.
func (s *TeamSSOService) DisableTeamSSO(ctx context.Context, teamID, adminID string, now time.Time) error {
	if !validID(teamID) {
		return notFound(salescoach.MsgSSONotConfigured)
	}
	res, err := s.db.r().exec(ctx, `UPDATE team_sso SET active = FALSE, admin_disabled_at = ?, admin_disabled_by = ?, updated_at = ?
		WHERE team_id = ?`, utc(now), nullString(adminID), utc(now), teamID)
	return oneRowOr(res, err, "disable team sso", notFound(salescoach.MsgSSONotConfigured))
}

// AdminTeamSSO reads the state of the listed teams' sign-in.
func (s *TeamSSOService) AdminTeamSSO(ctx context.Context, teamIDs []string) (map[string]salescoach.AdminTeamSSO, error) {
	out := map[string]salescoach.AdminTeamSSO{}
	ids := slices.DeleteFunc(slices.Clone(teamIDs), func(id string) bool { return !validID(id) })
	if len(ids) == 0 {
		return out, nil
	}
	ph := strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", ")
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	r := s.db.r()
	rows, err := r.queryRows(ctx, `SELECT s.team_id, s.active, s.enforced, s.admin_disabled_at IS NOT NULL,
			d.domain, COALESCE(d.claimed, FALSE)
		FROM team_sso s LEFT JOIN team_sso_domains d ON d.team_id = s.team_id
		WHERE s.team_id IN (`+ph+`) ORDER BY s.team_id, d.domain`, args...)
	if err != nil {
		return nil, dbError(err, "admin team sso")
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var active, enforced, disabled, claimed bool
		var domain *string
		if err := rows.Scan(&id, &active, &enforced, &disabled, &domain, &claimed); err != nil {
			return nil, dbError(err, "admin team sso")
		}
		a, ok := out[id]
		if !ok {
			a = salescoach.AdminTeamSSO{State: salescoach.SSOStateConfigured, Domains: []string{}, Enforced: enforced}
			switch {
			case active:
				a.State = salescoach.SSOStateActive
			case disabled:
				a.State = salescoach.SSOStateDisabled
			}
		}
		if domain != nil && claimed {
			a.Domains = append(a.Domains, *domain)
		}
		out[id] = a
	}
	return out, dbError(rows.Err(), "admin team sso")
}

// sameTime reports whether a and b are both nil or the same instant.
func sameTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(*b)
}

// maxSecretRemindersPerRun bounds one run of RemindSecretExpiry; the next
// run takes the rest.
const maxSecretRemindersPerRun = 200

// RemindSecretExpiry queues the owners' reminders of expiring client
// secrets. See salescoach.TeamSSOService. Each is queued in a transaction
// of its own (queueReminder): the guarded UPDATE of secret_reminded_at (it
// matches only while unreminded and the date is still the one read) and
// the outbox row.
func (s *TeamSSOService) RemindSecretExpiry(ctx context.Context, now time.Time, compose func(salescoach.SSOSecretReminder) salescoach.MailMessage) (int, error) {
	now = utc(now)
	rows, err := s.db.r().queryRows(ctx, `SELECT s.team_id, t.name, s.client_secret_expires_at, u.id, COALESCE(u.email, ''), u.language
		FROM team_sso s
		JOIN teams t ON t.id = s.team_id
		JOIN team_members m ON m.team_id = s.team_id AND m.role = 'owner'
		JOIN users u ON u.id = m.user_id
		WHERE s.secret_reminded_at IS NULL AND s.client_secret_expires_at > ? AND s.client_secret_expires_at <= ?
		ORDER BY s.client_secret_expires_at, s.team_id LIMIT ?`, now, now.Add(salescoach.SSOSecretReminderLead), maxSecretRemindersPerRun)
	if err != nil {
		return 0, dbError(err, "secret reminders")
	}
	defer rows.Close()
	var due []salescoach.SSOSecretReminder
	for rows.Next() {
		var rm salescoach.SSOSecretReminder
		if err := rows.Scan(&rm.TeamID, &rm.TeamName, scanTime(&rm.ExpiresAt), &rm.UserID, &rm.Email, &rm.Language); err != nil {
			return 0, dbError(err, "secret reminders")
		}
		due = append(due, rm)
	}
	if err := rows.Err(); err != nil {
		return 0, dbError(err, "secret reminders")
	}
	rows.Close()
	sent := 0
	for _, rm := range due {
		queued, err := s.db.queueReminder(ctx, `UPDATE team_sso SET secret_reminded_at = ?
			WHERE team_id = ? AND secret_reminded_at IS NULL AND client_secret_expires_at = ?`, []any{now, rm.TeamID, utc(rm.ExpiresAt)},
			rm.UserID, rm.Email, rm.ExpiresAt, now, func() salescoach.MailMessage { return compose(rm) })
		if err != nil {
			return sent, err
		}
		if queued {
			sent++
		}
	}
	return sent, nil
}
