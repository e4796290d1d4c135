package sqlstore

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"salescoach"
)

var _ salescoach.UserService = (*UserService)(nil)

// UserService stores accounts and their profiles.
type UserService struct {
	db *DB
}

// NewUserService returns a UserService on db.
func NewUserService(db *DB) *UserService {
	return &UserService{db: db}
}

// normEmail is the form e-mails are compared in.
func normEmail(email string) string {
	return strings.ToLower(email)
}

const userColumns = `id, COALESCE(email, ''), email_confirmed_at, is_anonymous, is_admin, company,
	display_name, avatar_url, avatar_updated_at, role, formality, language, tone_preset_id, level, xp, status,
	terms_accepted_at, terms_version, terms_user_agent, created_at, updated_at`

func scanUser(s rowScanner) (*salescoach.User, error) {
	var (
		u    salescoach.User
		tone sql.NullString
		ua   sql.NullString
	)
	err := s.Scan(&u.ID, &u.Email, scanNullTime(&u.EmailConfirmedAt), &u.IsAnonymous, &u.IsAdmin, &u.Company,
		&u.DisplayName, &u.AvatarURL, scanNullTime(&u.AvatarUpdatedAt), &u.Role, &u.Formality, &u.Language, &tone, &u.Level, &u.XP, &u.Status,
		scanNullTime(&u.TermsAcceptedAt), &u.TermsVersion, &ua, scanTime(&u.CreatedAt), scanTime(&u.UpdatedAt))
	if err != nil {
		return nil, err
	}
	if tone.Valid {
		u.TonePresetID = &tone.String
	}
	if ua.Valid {
		u.TermsUserAgent = &ua.String
	}
	return &u, nil
}

func userByID(ctx context.Context, r runner, id string) (*salescoach.User, error) {
	u, err := scanUser(r.queryRowPrepared(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
	if noRows(err) {
		return nil, notFound(salescoach.MsgNoUser)
	}
	return u, dbError(err, "user by id")
}

// CreateUser creates a user and its profile in one transaction. An empty
// Email or PasswordHash is stored as NULL. When nu.TermsAccepted is set, it
// records acceptance of the current terms version on the user and appends a
// "terms" row to the consent audit. It returns ECONFLICT when the e-mail is
// taken (compared case-insensitively) and EINVALID when an anonymous user is
// given an e-mail or a language other than Standard, de and en.
func (s *UserService) CreateUser(ctx context.Context, nu salescoach.NewUser) (*salescoach.User, error) {
	if nu.Language != salescoach.LanguageStandard && nu.Language != salescoach.LanguageDE && nu.Language != salescoach.LanguageEN {
		return nil, salescoach.FieldError("language", salescoach.MsgBadLanguage)
	}
	now := utc(s.db.now())
	id := newID()
	var confirmedAt, termsAt *time.Time
	var termsVersion int
	var termsUA any
	if nu.EmailConfirmed {
		confirmedAt = &now
	}
	if nu.TermsAccepted {
		termsAt = &now
		termsVersion = salescoach.TermsVersionCurrent
		termsUA = nu.TermsUserAgent
	}
	var u *salescoach.User
	err := s.db.inTx(ctx, func(r runner) error {
		_, err := r.exec(ctx, `INSERT INTO users (id, email, email_lower, email_confirmed_at, password_hash,
				is_anonymous, is_admin, company, display_name, terms_accepted_at, terms_version,
				terms_user_agent, language, created_at, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			id, nullString(nu.Email), nullString(normEmail(nu.Email)), confirmedAt, nullString(nu.PasswordHash),
			nu.IsAnonymous, nu.IsAdmin, nu.Company, nu.DisplayName, termsAt, termsVersion,
			termsUA, nu.Language, now, now)
		if err != nil {
			return conflictAs(dbError(err, "insert user"), salescoach.MsgEmailTaken)
		}
		if _, err := r.exec(ctx, `INSERT INTO profiles (user_id, updated_at) VALUES (?, ?)`, id, now); err != nil {
			return dbError(err, "insert profile")
		}
		if nu.TermsAccepted {
			if _, err := r.exec(ctx, `INSERT INTO consent_audit (id, user_id, consent_type, terms_version, user_agent, created_at)
				VALUES (?, ?, 'terms', ?, ?, ?)`, newID(), id, termsVersion, nu.TermsUserAgent, now); err != nil {
				return dbError(err, "insert consent")
			}
		}
		u, err = userByID(ctx, r, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

// UserByID returns the user with that id, or ENOTFOUND when there is none.
func (s *UserService) UserByID(ctx context.Context, id string) (*salescoach.User, error) {
	return userByID(ctx, s.db.r(), id)
}

// UserByEmail returns the user with that e-mail (compared
// case-insensitively), or ENOTFOUND when there is none.
func (s *UserService) UserByEmail(ctx context.Context, email string) (*salescoach.User, error) {
	if email == "" {
		return nil, notFound(salescoach.MsgNoUser)
	}
	u, err := scanUser(s.db.r().queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE email_lower = ?`, normEmail(email)))
	if noRows(err) {
		return nil, notFound(salescoach.MsgNoUser)
	}
	return u, dbError(err, "user by email")
}

// PasswordHash returns the stored hash, "" for users without a password, and
// ENOTFOUND when there is no such user.
func (s *UserService) PasswordHash(ctx context.Context, userID string) (string, error) {
	var h string
	err := s.db.r().queryRow(ctx, `SELECT COALESCE(password_hash, '') FROM users WHERE id = ?`, userID).Scan(&h)
	if noRows(err) {
		return "", notFound(salescoach.MsgNoUser)
	}
	return h, dbError(err, "password hash")
}

// updateUser runs an UPDATE of one user and turns "no row" into ENOTFOUND.
func (s *UserService) updateUser(ctx context.Context, op, query string, args ...any) error {
	res, err := s.db.r().exec(ctx, query, args...)
	if err != nil {
		return dbError(err, op)
	}
	n, err := rowsAffected(res)
	if err != nil {
		return err
	}
	if n == 0 {
		return notFound(salescoach.MsgNoUser)
	}
	return nil
}

// SetPassword replaces the password hash ("" removes the password). It
// returns ENOTFOUND when there is no such user.
func (s *UserService) SetPassword(ctx context.Context, userID, hash string) error {
	return s.updateUser(ctx, "set password",
		`UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?`, nullString(hash), s.db.now(), userID)
}

// ConfirmEmail marks the e-mail as confirmed at the given time; a later call
// keeps the first time. It returns ENOTFOUND when there is no such user.
func (s *UserService) ConfirmEmail(ctx context.Context, userID string, at time.Time) error {
	return s.updateUser(ctx, "confirm email",
		`UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, ?), updated_at = ? WHERE id = ?`,
		at, s.db.now(), userID)
}

// UpgradeAnonymous gives an anonymous guest an e-mail and password, after
// which the user is no longer anonymous; the address stays unconfirmed. It
// returns ECONFLICT when the e-mail is taken, EINVALID when the user is not
// anonymous and ENOTFOUND when there is no such user.
func (s *UserService) UpgradeAnonymous(ctx context.Context, userID, email, passwordHash string) (*salescoach.User, error) {
	if email == "" {
		return nil, salescoach.FieldError("email", salescoach.MsgEmailMissing)
	}
	var u *salescoach.User
	err := s.db.inTx(ctx, func(r runner) error {
		res, err := r.exec(ctx, `UPDATE users SET email = ?, email_lower = ?, email_confirmed_at = NULL,
				password_hash = ?, is_anonymous = FALSE, updated_at = ?
			WHERE id = ? AND is_anonymous = TRUE`,
			email, normEmail(email), nullString(passwordHash), s.db.now(), userID)
		if err != nil {
			return conflictAs(dbError(err, "upgrade anonymous"), salescoach.MsgEmailTaken)
		}
		n, err := rowsAffected(res)
		if err != nil {
			return err
		}
		u, err = userByID(ctx, r, userID)
		if err != nil {
			return err
		}
		if n == 0 {
			return salescoach.NewError(salescoach.EINVALID, salescoach.MsgHasEmail)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

// AcceptTerms records acceptance of the given terms version with the
// browser's user agent. It does not write the consent audit; the consent call
// does that. It returns ENOTFOUND when there is no such user and EINVALID for
// a version below 1.
func (s *UserService) AcceptTerms(ctx context.Context, userID string, version int, userAgent string, at time.Time) (*salescoach.User, error) {
	if version < 1 {
		return nil, salescoach.NewError(salescoach.EINVALID, salescoach.MsgUnknownTerms)
	}
	var u *salescoach.User
	err := s.db.inTx(ctx, func(r runner) error {
		res, err := r.exec(ctx, `UPDATE users SET terms_accepted_at = ?, terms_version = ?, terms_user_agent = ?, updated_at = ?
			WHERE id = ?`, at, version, userAgent, s.db.now(), userID)
		if err != nil {
			return dbError(err, "accept terms")
		}
		if n, err := rowsAffected(res); err != nil {
			return err
		} else if n == 0 {
			return notFound(salescoach.MsgNoUser)
		}
		u, err = userByID(ctx, r, userID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

// SetAdmin sets or clears the admin flag of the user with that e-mail
// (compared case-insensitively). It returns ENOTFOUND when there is no such
// user.
func (s *UserService) SetAdmin(ctx context.Context, email string, admin bool) error {
	return s.updateUser(ctx, "set admin",
		`UPDATE users SET is_admin = ?, updated_at = ? WHERE email_lower = ?`, admin, s.db.now(), normEmail(email))
}

// SetStatus sets UserStatusActive or UserStatusDisabled. It returns EINVALID
// for any other status and ENOTFOUND when there is no such user.
func (s *UserService) SetStatus(ctx context.Context, userID, status string) error {
	if status != salescoach.UserStatusActive && status != salescoach.UserStatusDisabled {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgUnknownStatus)
	}
	return s.updateUser(ctx, "set status",
		`UPDATE users SET status = ?, updated_at = ? WHERE id = ?`, status, s.db.now(), userID)
}

// CountUsers counts all accounts, guests included. It returns only driver
// errors.
func (s *UserService) CountUsers(ctx context.Context) (int, error) {
	var n int
	err := s.db.r().queryRow(ctx, `SELECT COUNT(*) FROM users`).Scan(&n)
	return n, dbError(err, "count users")
}

const profileColumns = `user_id, product_description, has_seen_intro, streak, COALESCE(last_active_day, ''),
	progress, objections_solved_count, messages_sent_count, fast_answers_count, feedback_count,
	calls_count, hints_count, perfect_answers_count, completed_chats_count, leaderboard_visible, updated_at`

func scanProfile(s rowScanner) (*salescoach.Profile, error) {
	var p salescoach.Profile
	err := s.Scan(&p.UserID, &p.ProductDescription, &p.HasSeenIntro, &p.Streak, &p.LastActiveDay,
		&p.Progress, &p.ObjectionsSolvedCount, &p.MessagesSentCount, &p.FastAnswersCount, &p.FeedbackCount,
		&p.CallsCount, &p.HintsCount, &p.PerfectAnswersCount, &p.CompletedChatsCount, &p.LeaderboardVisible, scanTime(&p.UpdatedAt))
	if err != nil {
		return nil, err
	}
	return &p, nil
}

func profileByUserID(ctx context.Context, r runner, userID string) (*salescoach.Profile, error) {
	p, err := scanProfile(r.queryRowPrepared(ctx, `SELECT `+profileColumns+` FROM profiles WHERE user_id = ?`, userID))
	if noRows(err) {
		return nil, notFound(salescoach.MsgNoUser)
	}
	return p, dbError(err, "profile")
}

// ProfileByUserID returns the user's profile, or ENOTFOUND when there is no
// such user.
func (s *UserService) ProfileByUserID(ctx context.Context, userID string) (*salescoach.Profile, error) {
	return profileByUserID(ctx, s.db.r(), userID)
}

// dayLayout is the layout of Profile.LastActiveDay.
const dayLayout = "2006-01-02"

// TouchStreak applies the daily-streak rule for the UTC day of day: the first
// call of a day adds one to the streak when the previous active day was
// yesterday and restarts it at 1 otherwise; further calls that day, and calls
// for a day before the last active one, change nothing. It reports whether
// this call was the first of the day. It returns ENOTFOUND when there is no
// such user.
func (s *UserService) TouchStreak(ctx context.Context, userID string, day time.Time) (*salescoach.Profile, bool, error) {
	today := day.UTC().Format(dayLayout)
	yesterday := day.UTC().AddDate(0, 0, -1).Format(dayLayout)
	var (
		p     *salescoach.Profile
		first bool
	)
	err := s.db.inTx(ctx, func(r runner) error {
		// The guard makes the day's first call the only one that changes the
		// row, even when several requests of the same user race.
		res, err := r.exec(ctx, `UPDATE profiles
			SET streak = CASE WHEN last_active_day = ? THEN streak + 1 ELSE 1 END,
				last_active_day = ?, updated_at = ?
			WHERE user_id = ? AND (last_active_day IS NULL OR last_active_day < ?)`,
			yesterday, today, s.db.now(), userID, today)
		if err != nil {
			return dbError(err, "touch streak")
		}
		n, err := rowsAffected(res)
		if err != nil {
			return err
		}
		first = n == 1
		p, err = profileByUserID(ctx, r, userID)
		return err
	})
	if err != nil {
		return nil, false, err
	}
	return p, first, nil
}

// UpdateProfile applies upd to the users row (display name, role, formality,
// language, tone preset) and the profiles row (product description, intro)
// in one transaction and returns both as stored. It returns EINVALID with
// fields when upd fails Normalize or names an unknown tone preset, and
// ENOTFOUND when there is no such user.
func (s *UserService) UpdateProfile(ctx context.Context, userID string, upd salescoach.ProfileUpdate) (*salescoach.User, *salescoach.Profile, error) {
	if problems := upd.Normalize(); len(problems) > 0 {
		return nil, nil, salescoach.FieldErrors(problems)
	}
	now := s.db.now()
	if upd.UsersRowOnly() {
		u, err := s.updateUserColumns(ctx, userID, upd, now)
		if err != nil {
			return nil, nil, err
		}
		p, err := profileByUserID(ctx, s.db.r(), userID)
		if err != nil {
			return nil, nil, err
		}
		return u, p, nil
	}
	var (
		u *salescoach.User
		p *salescoach.Profile
	)
	err := s.db.inTx(ctx, func(r runner) error {
		if upd.TonePresetID != nil && *upd.TonePresetID != "" {
			var n int
			if err := r.queryRow(ctx, `SELECT COUNT(*) FROM tone_presets WHERE id = ?`, *upd.TonePresetID).Scan(&n); err != nil {
				return dbError(err, "tone preset exists")
			}
			if n == 0 {
				return salescoach.FieldError("tone_preset_id", salescoach.MsgUnknownTonePreset)
			}
		}
		// COALESCE keeps a column whose field is nil; the tone preset needs a
		// flag because NULL is also a value it can be set to.
		var tone any
		if upd.TonePresetID != nil {
			tone = nullString(*upd.TonePresetID)
		}
		res, err := r.execPrepared(ctx, `UPDATE users SET
				display_name = COALESCE(?, display_name),
				role = COALESCE(?, role),
				formality = COALESCE(?, formality),
				language = COALESCE(?, language),
				tone_preset_id = CASE WHEN ? THEN ? ELSE tone_preset_id END,
				updated_at = ?
			WHERE id = ?`,
			upd.DisplayName, upd.Role, upd.Formality, upd.Language, upd.TonePresetID != nil, tone, now, userID)
		if err != nil {
			return dbError(err, "update user profile")
		}
		if n, err := rowsAffected(res); err != nil {
			return err
		} else if n == 0 {
			return notFound(salescoach.MsgNoUser)
		}
		if upd.ProductDescription != nil || upd.HasSeenIntro != nil || upd.LeaderboardVisible != nil {
			if _, err := r.exec(ctx, `UPDATE profiles SET
					product_description = COALESCE(?, product_description),
					has_seen_intro = COALESCE(?, has_seen_intro),
					leaderboard_visible = COALESCE(?, leaderboard_visible),
					updated_at = ?
				WHERE user_id = ?`, upd.ProductDescription, upd.HasSeenIntro, upd.LeaderboardVisible, now, userID); err != nil {
				return dbError(err, "update profile")
			}
		}
		if u, err = userByID(ctx, r, userID); err != nil {
			return err
		}
		p, err = profileByUserID(ctx, r, userID)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return u, p, nil
}

// updateUserColumns is UpdateProfile when only plain columns of the users
// row change (display name, role, formality, language: what the settings
// page saves most): one statement, atomic by itself, that returns the row
// as stored, so no transaction and no second read of the row; the profile
// is read after it.
func (s *UserService) updateUserColumns(ctx context.Context, userID string, upd salescoach.ProfileUpdate, now time.Time) (*salescoach.User, error) {
	release, err := s.db.admitWriter(ctx)
	if err != nil {
		return nil, err
	}
	u, err := scanUser(s.db.r().queryRowPrepared(ctx, `UPDATE users SET
			display_name = COALESCE(?, display_name),
			role = COALESCE(?, role),
			formality = COALESCE(?, formality),
			language = COALESCE(?, language),
			updated_at = ?
		WHERE id = ?
		RETURNING `+userColumns, upd.DisplayName, upd.Role, upd.Formality, upd.Language, now, userID))
	release()
	if noRows(err) {
		return nil, notFound(salescoach.MsgNoUser)
	} else if err != nil {
		return nil, dbError(err, "update user profile")
	}
	return u, nil
}

// UpdateUserColumns applies an update of users-row columns only (display
// name, role, formality, language) in one statement and returns the user as
// stored. PATCH /api/me reads the profile with its session check, so the
// plain profile edit is two statements, not three (issue 30). EINVALID with
// fields when upd fails Normalize or changes anything else, ENOTFOUND when
// there is no such user.
func (s *UserService) UpdateUserColumns(ctx context.Context, userID string, upd salescoach.ProfileUpdate) (*salescoach.User, error) {
	if problems := upd.Normalize(); len(problems) > 0 {
		return nil, salescoach.FieldErrors(problems)
	}
	if !upd.UsersRowOnly() {
		return nil, salescoach.Errorf(salescoach.EINVALID, "UpdateUserColumns: the update changes more than the users row")
	}
	return s.updateUserColumns(ctx, userID, upd, s.db.now())
}

// SetAvatar stores key ("" for none) as the user's avatar, set at the given
// time (cleared with the key), and returns the value it replaced, so that
// the caller deletes the file that was really replaced even when two
// uploads race. It returns ENOTFOUND when there is no such user.
func (s *UserService) SetAvatar(ctx context.Context, userID, key string, at time.Time) (string, error) {
	var prev string
	var when *time.Time
	if key != "" {
		when = &at
	}
	err := s.db.inTx(ctx, func(r runner) error {
		// Touching the row first locks it on PostgreSQL, so the read below
		// and the write after it see no other upload in between (SQLite's
		// transaction holds the write lock from its start).
		res, err := r.exec(ctx, `UPDATE users SET updated_at = ? WHERE id = ?`, s.db.now(), userID)
		if err != nil {
			return dbError(err, "lock user")
		}
		if n, err := rowsAffected(res); err != nil {
			return err
		} else if n == 0 {
			return notFound(salescoach.MsgNoUser)
		}
		if err := r.queryRow(ctx, `SELECT avatar_url FROM users WHERE id = ?`, userID).Scan(&prev); err != nil {
			return dbError(err, "read avatar")
		}
		_, err = r.exec(ctx, `UPDATE users SET avatar_url = ?, avatar_updated_at = ? WHERE id = ?`, key, when, userID)
		return dbError(err, "set avatar")
	})
	if err != nil {
		return "", err
	}
	return prev, nil
}
