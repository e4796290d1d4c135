package sqlstore

import (
	"context"
	"time"

	"salescoach"
)

var _ salescoach.SessionService = (*SessionService)(nil)

// SessionService stores refresh tokens.
type SessionService struct {
	db *DB
}

// NewSessionService returns a SessionService on db.
func NewSessionService(db *DB) *SessionService {
	return &SessionService{db: db}
}

const refreshColumns = `id, user_id, family_id, token_hash, remember, created_at, expires_at,
	used_at, revoked_at, user_agent, ip`

func scanRefreshToken(s rowScanner) (*salescoach.RefreshToken, error) {
	var t salescoach.RefreshToken
	err := s.Scan(&t.ID, &t.UserID, &t.FamilyID, &t.TokenHash, &t.Remember, scanTime(&t.CreatedAt),
		scanTime(&t.ExpiresAt), scanNullTime(&t.UsedAt), scanNullTime(&t.RevokedAt), &t.UserAgent, &t.IP)
	if err != nil {
		return nil, err
	}
	return &t, nil
}

func insertRefreshToken(ctx context.Context, r runner, t *salescoach.RefreshToken) error {
	_, err := r.exec(ctx, `INSERT INTO refresh_tokens (`+refreshColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		t.ID, t.UserID, t.FamilyID, t.TokenHash, t.Remember, t.CreatedAt, t.ExpiresAt,
		t.UsedAt, t.RevokedAt, t.UserAgent, t.IP)
	return dbError(err, "insert refresh token")
}

// fillRefreshToken gives t an id, a family and a creation time where the
// caller left them empty, and normalises its times to what the database
// keeps, so that t matches the stored row.
func (s *SessionService) fillRefreshToken(t *salescoach.RefreshToken) {
	if t.ID == "" {
		t.ID = newID()
	}
	if t.FamilyID == "" {
		t.FamilyID = newID()
	}
	if t.CreatedAt.IsZero() {
		t.CreatedAt = s.db.now()
	}
	t.CreatedAt = utc(t.CreatedAt)
	t.ExpiresAt = utc(t.ExpiresAt)
	t.UsedAt = utcPtr(t.UsedAt)
	t.RevokedAt = utcPtr(t.RevokedAt)
}

// CreateRefreshToken stores a new token, starting a new family when
// t.FamilyID is "". It fills in t.ID, t.FamilyID and t.CreatedAt (now) when
// empty. It returns ECONFLICT when the hash exists already and ENOTFOUND when
// the user does not exist.
func (s *SessionService) CreateRefreshToken(ctx context.Context, t *salescoach.RefreshToken) error {
	s.fillRefreshToken(t)
	return insertRefreshToken(ctx, s.db.r(), t)
}

// RotateRefreshToken atomically marks the token with oldHash used and stores
// next in the same family. next takes UserID, FamilyID and Remember from the
// old token (a caller holding only the cookie cannot know them); its ID and
// CreatedAt are filled in when empty (CreatedAt with now). It returns
//   - EUNAUTHORIZED when no token has that hash, or it is expired or revoked;
//   - EUNAUTHORIZED with Message "reuse" after revoking the whole family,
//     when the token was used before (reuse detection), together with the
//     reused token as stored before the revocation.
//
// A token used at most salescoach.RefreshRetryGrace before now is not reuse
// when next.TokenHash names its successor and that successor is still
// unused, unrevoked and unexpired: a retry. Then next is set to the stored
// successor and the old token is returned as on the first rotation. Callers
// that derive the successor from the old token (auth.SuccessorToken) thus
// give every copy of one refresh the same answer; of N concurrent rotations
// with different successors exactly one succeeds and the others count as
// reuse. On success it returns the old token as it is now stored.
func (s *SessionService) RotateRefreshToken(ctx context.Context, oldHash string, next *salescoach.RefreshToken, now time.Time) (*salescoach.RefreshToken, error) {
	var (
		old   *salescoach.RefreshToken
		reuse bool
	)
	err := s.db.inTx(ctx, func(r runner) error {
		// One guarded statement decides the winner: only a token that is
		// unused, unrevoked and unexpired at this instant is updated, and
		// both databases serialise the writers of one row.
		var err error
		old, err = scanRefreshToken(r.queryRow(ctx, `UPDATE refresh_tokens SET used_at = ?
			WHERE token_hash = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?
			RETURNING `+refreshColumns, now, oldHash, now))
		if noRows(err) {
			// The statements below see the winner's successor: PostgreSQL
			// reads each statement's own snapshot (read committed) after the
			// winner's commit released the row, and SQLite's writers run
			// one after another.
			old, reuse, err = retryOrReuse(ctx, r, oldHash, next, now)
			// Commit the revocation (if any) before reporting.
			return err
		}
		if err != nil {
			return dbError(err, "rotate refresh token")
		}
		next.UserID = old.UserID
		next.FamilyID = old.FamilyID
		next.Remember = old.Remember
		if next.CreatedAt.IsZero() {
			next.CreatedAt = now
		}
		s.fillRefreshToken(next)
		return insertRefreshToken(ctx, r, next)
	})
	switch {
	case err != nil:
		return nil, err
	case reuse:
		return old, salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgSessionReused)
	case old == nil:
		return nil, salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgSessionExpired)
	}
	return old, nil
}

// retryOrReuse looks at a token that failed the rotation guard. A retry
// within the grace window (see RotateRefreshToken) sets next to the stored
// successor and returns the old token. Otherwise, when the token was used
// before, this is reuse: it revokes the family (again, if need be) and
// returns the token with true. Unknown, expired and revoked unused tokens
// return nil and false.
func retryOrReuse(ctx context.Context, r runner, hash string, next *salescoach.RefreshToken, now time.Time) (*salescoach.RefreshToken, bool, error) {
	old, err := scanRefreshToken(r.queryRow(ctx, `SELECT `+refreshColumns+` FROM refresh_tokens WHERE token_hash = ?`, hash))
	if noRows(err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, dbError(err, "check refresh reuse")
	}
	if old.UsedAt == nil {
		return nil, false, nil
	}
	if old.RevokedAt == nil && !now.After(old.UsedAt.Add(salescoach.RefreshRetryGrace)) && next.TokenHash != "" {
		succ, err := scanRefreshToken(r.queryRow(ctx, `SELECT `+refreshColumns+` FROM refresh_tokens
			WHERE token_hash = ? AND family_id = ? AND user_id = ?
			  AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?`,
			next.TokenHash, old.FamilyID, old.UserID, now))
		switch {
		case err == nil:
			*next = *succ
			return old, false, nil
		case !noRows(err):
			return nil, false, dbError(err, "check refresh retry")
		}
	}
	if _, err := r.exec(ctx, `UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL`,
		now, old.FamilyID); err != nil {
		return nil, false, dbError(err, "revoke family")
	}
	return old, true, nil
}

// RevokeFamilyByHash revokes the family of the token with that hash. It
// returns no error when there is no such token.
func (s *SessionService) RevokeFamilyByHash(ctx context.Context, hash string, now time.Time) error {
	_, err := s.db.r().exec(ctx, `UPDATE refresh_tokens SET revoked_at = ?
		WHERE revoked_at IS NULL
		  AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ?)`, now, hash)
	return dbError(err, "revoke family")
}

// RevokeUserTokens revokes every family of the user except the one named
// (pass "" to revoke all). It returns no error when there is nothing to
// revoke.
func (s *SessionService) RevokeUserTokens(ctx context.Context, userID, exceptFamilyID string, now time.Time) error {
	_, err := s.db.r().exec(ctx, `UPDATE refresh_tokens SET revoked_at = ?
		WHERE user_id = ? AND revoked_at IS NULL AND family_id <> ?`, now, userID, exceptFamilyID)
	return dbError(err, "revoke user tokens")
}

// SessionUser returns the user with that id and whether the session
// familyID is live: some token of the family belongs to the user and is not
// revoked. Revocation always covers a whole family, so one revoked token
// would do too; asking for a live one also refuses a family that never
// existed. One query answers both, so an authenticated request costs no
// more round trips than loading the user. It returns ENOTFOUND when there
// is no such user.
func (s *SessionService) SessionUser(ctx context.Context, userID, familyID string) (*salescoach.User, bool, error) {
	var live bool
	u, err := scanUser(extraScan{s.db.r().queryRowPrepared(ctx, sessionUserQuery, familyID, userID), []any{&live}})
	if noRows(err) {
		return nil, false, notFound(salescoach.MsgNoUser)
	}
	if err != nil {
		return nil, false, dbError(err, "session user")
	}
	return u, live, nil
}

// sessionUserQuery is SessionUser's one query, run on every authenticated
// request.
const sessionUserQuery = `SELECT ` + userColumns + `,
			EXISTS (SELECT 1 FROM refresh_tokens t
				WHERE t.family_id = ? AND t.user_id = users.id AND t.revoked_at IS NULL)
		FROM users WHERE id = ?`

// SessionUserProfile is SessionUser that also returns the user's profile,
// in the same one query: GET /api/me needs all three, and on PostgreSQL a
// second query is a second round trip. The session part is
// sessionUserQuery itself, so what counts as live is the same. A user
// always has a profile (both are written in one transaction, the profile
// goes with the user), so no row means no user. It returns ENOTFOUND when
// there is no such user.
func (s *SessionService) SessionUserProfile(ctx context.Context, userID, familyID string) (*salescoach.User, *salescoach.Profile, bool, error) {
	var (
		live bool
		rec  destRecorder
	)
	p, _ := scanProfile(&rec) // p is filled by the row's Scan below
	row := s.db.r().queryRowPrepared(ctx, sessionUserProfileQuery, familyID, userID, userID)
	u, err := scanUser(extraScan{row, append([]any{&live}, rec.dest...)})
	if noRows(err) {
		return nil, nil, false, notFound(salescoach.MsgNoUser)
	}
	if err != nil {
		return nil, nil, false, dbError(err, "session user and profile")
	}
	return u, p, live, nil
}

// sessionUserProfileQuery joins sessionUserQuery's one row with the
// profile's: two derived tables, so both keep their column lists (users and
// profiles share column names).
const sessionUserProfileQuery = `SELECT s.*, p.* FROM (` + sessionUserQuery + `) s,
		(SELECT ` + profileColumns + ` FROM profiles WHERE user_id = ?) p`

// extraScan appends destinations to a scan, so a query can select a row's
// usual columns plus a few more and still use the row's scan function.
type extraScan struct {
	rowScanner
	extra []any
}

func (e extraScan) Scan(dest ...any) error {
	return e.rowScanner.Scan(append(dest, e.extra...)...)
}

// destRecorder is a rowScanner that only keeps the destinations it is
// given, so a scan function's destinations can be filled by another row's
// Scan (one whose columns come after the first row type's). It suits scan
// functions that do nothing with the values after Scan, as scanProfile.
type destRecorder struct{ dest []any }

func (d *destRecorder) Scan(dest ...any) error {
	d.dest = dest
	return nil
}

// SessionAddresses returns the distinct client addresses of the refresh
// tokens (revoked ones too: the address was the owner's) of the user with
// that e-mail, compared case-insensitively, created since the given time; at
// most 100, none for an unknown e-mail. It returns only driver errors.
func (s *SessionService) SessionAddresses(ctx context.Context, email string, since time.Time) ([]string, error) {
	rows, err := s.db.r().queryRows(ctx, `SELECT DISTINCT t.ip FROM refresh_tokens t
		JOIN users u ON u.id = t.user_id
		WHERE u.email_lower = ? AND t.created_at >= ? AND t.ip <> ''
		LIMIT 100`, normEmail(email), since)
	if err != nil {
		return nil, dbError(err, "session addresses")
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var ip string
		if err := rows.Scan(&ip); err != nil {
			return nil, dbError(err, "session addresses")
		}
		out = append(out, ip)
	}
	return out, dbError(rows.Err(), "session addresses")
}

// CountActiveSessions counts users with a refresh token used or created since
// the given time and not revoked. It returns only driver errors.
func (s *SessionService) CountActiveSessions(ctx context.Context, since time.Time) (int, error) {
	var n int
	err := s.db.r().queryRow(ctx, `SELECT COUNT(DISTINCT user_id) FROM refresh_tokens
		WHERE revoked_at IS NULL AND (created_at >= ? OR used_at >= ?)`, since, since).Scan(&n)
	return n, dbError(err, "count active sessions")
}
