package sqlstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"salescoach"
)

var _ salescoach.AdminService = (*AdminService)(nil)

// maxQueryRunes bounds the search text of the admin lists.
const maxQueryRunes = 200

// activeWindow is how far back the overview counts session activity.
const activeWindow = 15 * time.Minute

// newUsersDays and newestUsers size the overview's sign-up figures.
const (
	newUsersDays = 30
	newestUsers  = 5
)

// AdminService answers the back-office's reads.
type AdminService struct {
	db *DB
}

// NewAdminService returns an AdminService on db.
func NewAdminService(db *DB) *AdminService {
	return &AdminService{db: db}
}

// currentPlanOf is the current plan id of the user whose id is the
// expression u, read from user_plans (see newestPlanOf), and the empty
// string when the user has none.
func currentPlanOf(u string) string {
	return `COALESCE((SELECT p.plan_id FROM user_plans p WHERE p.user_id = ` + u + `), '')`
}

// latestStatusOf is the PayPal status of the newest subscription of the
// user whose id is the expression u, "" without one.
func latestStatusOf(u string) string {
	return `COALESCE((SELECT s.status FROM subscriptions s WHERE s.user_id = ` + u + ` AND s.seats IS NULL
		ORDER BY s.update_time DESC, s.created_at DESC, s.id DESC LIMIT 1), '')`
}

// adminUserSelect reads users (as u) in scanAdminUser's order.
var adminUserSelect = `SELECT u.id, COALESCE(u.email, ''), u.display_name, u.is_anonymous, u.is_admin,
	u.email_confirmed_at IS NOT NULL, u.status, u.level, u.xp, ` + currentPlanOf("u.id") + `, ` + latestStatusOf("u.id") + `, u.created_at,
	(SELECT MAX(COALESCE(t.used_at, t.created_at)) FROM refresh_tokens t WHERE t.user_id = u.id),
	COALESCE((SELECT tm.name FROM team_members m JOIN teams tm ON tm.id = m.team_id WHERE m.user_id = u.id), ''),
	COALESCE((SELECT m.role FROM team_members m WHERE m.user_id = u.id), '')
	FROM users u`

func scanAdminUser(s rowScanner) (*salescoach.AdminUser, error) {
	var u salescoach.AdminUser
	err := s.Scan(&u.ID, &u.Email, &u.DisplayName, &u.IsAnonymous, &u.IsAdmin, &u.EmailConfirmed, &u.Status,
		&u.Level, &u.XP, &u.PlanID, &u.SubscriptionStatus, scanTime(&u.CreatedAt), scanNullTime(&u.LastActiveAt),
		&u.TeamName, &u.TeamRole)
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// likeEscaper escapes LIKE's wildcards and its escape character (\, named
// in every ESCAPE clause below), so that a search matches its text
// literally.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// containsPattern is the LIKE pattern (with ESCAPE '\') of a lowercased
// substring search for q.
func containsPattern(q string) string {
	return "%" + likeEscaper.Replace(strings.ToLower(q)) + "%"
}

// searchText trims q and refuses one longer than maxQueryRunes.
func searchText(q string) (string, error) {
	q = strings.TrimSpace(q)
	if utf8.RuneCountInString(q) > maxQueryRunes {
		return "", salescoach.NewError(salescoach.EINVALID, salescoach.MsgQueryTooLong.With("max", maxQueryRunes))
	}
	return q, nil
}

// dayOf is the SQL of the UTC day ("YYYY-MM-DD") of a timestamp column.
// SQLite stores times as UTC text (see utc), which date() reads.
func (db *DB) dayOf(col string) string {
	if db.pg() {
		return `to_char(` + col + ` AT TIME ZONE 'UTC', 'YYYY-MM-DD')`
	}
	return `date(` + col + `)`
}

// midnight is the start of t's UTC day.
func midnight(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// parseDay parses a "YYYY-MM-DD" day as its UTC midnight.
func parseDay(s string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil
}

// period parses from..to (inclusive days) into the half-open range of
// times [from 00:00, to+1 00:00). EINVALID when either is no day or from is
// after to.
func period(from, to string) (time.Time, time.Time, error) {
	f, ok1 := parseDay(from)
	t, ok2 := parseDay(to)
	if !ok1 || !ok2 || f.After(t) {
		return time.Time{}, time.Time{}, salescoach.NewError(salescoach.EINVALID, salescoach.MsgBadPeriod)
	}
	return f, t.AddDate(0, 0, 1), nil
}

// count runs a COUNT query.
func (s *AdminService) count(ctx context.Context, op, q string, args ...any) (int, error) {
	var n int
	err := s.db.r().queryRow(ctx, q, args...).Scan(&n)
	return n, dbError(err, op)
}

// Overview computes the admin dashboard as of now. It returns only driver
// errors.
func (s *AdminService) Overview(ctx context.Context, now time.Time) (*salescoach.Overview, error) {
	var (
		o   salescoach.Overview
		err error
	)
	today := midnight(now)
	month := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	if o.Users, err = s.count(ctx, "count users", `SELECT COUNT(*) FROM users`); err != nil {
		return nil, err
	}
	if o.ActiveSessions, err = NewSessionService(s.db).CountActiveSessions(ctx, now.Add(-activeWindow)); err != nil {
		return nil, err
	}
	if o.OpenFeedback, err = s.count(ctx, "count open feedback", `SELECT COUNT(*) FROM feedback WHERE status <> ?`,
		salescoach.FeedbackDone); err != nil {
		return nil, err
	}
	if o.ChatsToday, err = s.count(ctx, "count chats today", `SELECT COUNT(*) FROM conversations WHERE created_at >= ?`,
		today); err != nil {
		return nil, err
	}
	if o.ChatsMonth, err = s.count(ctx, "count chats this month", `SELECT COUNT(*) FROM conversations WHERE created_at >= ?`,
		month); err != nil {
		return nil, err
	}
	if o.NewUsersPerDay, err = s.newUsersPerDay(ctx, today); err != nil {
		return nil, err
	}
	if o.NewestUsers, err = s.users(ctx, "newest users", "", nil, salescoach.Page{Limit: newestUsers}); err != nil {
		return nil, err
	}
	return &o, nil
}

// newUsersPerDay counts sign-ups of the newUsersDays UTC days ending with
// today's, oldest first, days without any as 0.
func (s *AdminService) newUsersPerDay(ctx context.Context, today time.Time) ([]salescoach.DayCount, error) {
	start := today.AddDate(0, 0, -(newUsersDays - 1))
	day := s.db.dayOf("created_at")
	rows, err := s.db.r().queryRows(ctx, `SELECT `+day+`, COUNT(*) FROM users
		WHERE created_at >= ? AND created_at < ? GROUP BY `+day, start, today.AddDate(0, 0, 1))
	if err != nil {
		return nil, dbError(err, "new users per day")
	}
	defer rows.Close()
	byDay := map[string]int{}
	for rows.Next() {
		var (
			d string
			n int
		)
		if err := rows.Scan(&d, &n); err != nil {
			return nil, dbError(err, "new users per day")
		}
		byDay[d] = n
	}
	if err := rows.Err(); err != nil {
		return nil, dbError(err, "new users per day")
	}
	out := make([]salescoach.DayCount, newUsersDays)
	for i := range out {
		d := salescoach.Day(start.AddDate(0, 0, i))
		out[i] = salescoach.DayCount{Day: d, Count: byDay[d]}
	}
	return out, nil
}

// ListUsers lists accounts newest first, one page (Page.Normalize) with the
// number of all matches. A query (trimmed; at most maxQueryRunes, else
// EINVALID) keeps users whose e-mail or display name contains it,
// case-insensitively (SQLite folds only ASCII letters of display names), or
// whose id it is.
func (s *AdminService) ListUsers(ctx context.Context, query string, p salescoach.Page) ([]*salescoach.AdminUser, int, error) {
	q, err := searchText(query)
	if err != nil {
		return nil, 0, err
	}
	var (
		where string
		args  []any
	)
	if q != "" {
		pat := containsPattern(q)
		where = ` WHERE (u.email_lower LIKE ? ESCAPE '\' OR lower(u.display_name) LIKE ? ESCAPE '\'`
		args = []any{pat, pat}
		if validID(q) {
			where += ` OR u.id = ?`
			args = append(args, strings.ToLower(q))
		}
		where += `)`
	}
	p = p.Normalize()
	total, err := s.count(ctx, "count users", `SELECT COUNT(*) FROM users u`+where, args...)
	if err != nil {
		return nil, 0, err
	}
	if p.Offset >= total {
		return []*salescoach.AdminUser{}, total, nil
	}
	items, err := s.users(ctx, "list users", where, args, p)
	if err != nil {
		return nil, 0, err
	}
	return items, total, nil
}

// users reads one page of users (as u) matching where, newest first. The
// page's ids are chosen first (on the (created_at, id) index when there is
// no where), so the per-user subqueries run for its rows only, not for the
// rows an offset skips.
func (s *AdminService) users(ctx context.Context, op, where string, args []any, p salescoach.Page) ([]*salescoach.AdminUser, error) {
	rows, err := s.db.r().queryRows(ctx, adminUserSelect+`
		JOIN (SELECT u.id FROM users u`+where+` ORDER BY u.created_at DESC, u.id DESC LIMIT ? OFFSET ?) page
			ON page.id = u.id
		ORDER BY u.created_at DESC, u.id DESC`,
		append(slices.Clip(args), p.Limit, p.Offset)...)
	if err != nil {
		return nil, dbError(err, op)
	}
	defer rows.Close()
	out := []*salescoach.AdminUser{}
	for rows.Next() {
		u, err := scanAdminUser(rows)
		if err != nil {
			return nil, dbError(err, op)
		}
		out = append(out, u)
	}
	return out, dbError(rows.Err(), op)
}

// AdminUserByID returns the user as the back-office lists them, or
// ENOTFOUND when there is none.
func (s *AdminService) AdminUserByID(ctx context.Context, id string) (*salescoach.AdminUser, error) {
	if !validID(id) {
		return nil, notFound(salescoach.MsgNoUser)
	}
	u, err := scanAdminUser(s.db.r().queryRow(ctx, adminUserSelect+` WHERE u.id = ?`, strings.ToLower(id)))
	if noRows(err) {
		return nil, notFound(salescoach.MsgNoUser)
	}
	if err != nil {
		return nil, dbError(err, "admin user")
	}
	return u, nil
}

// SetUserAdmin sets or clears the admin flag. It returns ENOTFOUND when
// there is no such user.
func (s *AdminService) SetUserAdmin(ctx context.Context, userID string, admin bool) error {
	if !validID(userID) {
		return notFound(salescoach.MsgNoUser)
	}
	res, err := s.db.r().exec(ctx, `UPDATE users SET is_admin = ?, updated_at = ? WHERE id = ?`,
		admin, s.db.now(), strings.ToLower(userID))
	if err != nil {
		return dbError(err, "set admin")
	}
	if n, err := rowsAffected(res); err != nil {
		return err
	} else if n == 0 {
		return notFound(salescoach.MsgNoUser)
	}
	return nil
}

// ListConversations lists conversations newest first, deleted ones too,
// one page (Page.Normalize) with the number of all matches. A query (as in
// ListUsers) keeps those whose title or owner's e-mail contains it or whose
// id it is.
func (s *AdminService) ListConversations(ctx context.Context, query string, p salescoach.Page) ([]*salescoach.AdminConversation, int, error) {
	q, err := searchText(query)
	if err != nil {
		return nil, 0, err
	}
	p = p.Normalize()
	// matches selects (id, created_at) of the matching conversations: all
	// of them, or the union of the title matches, the owner matches and the
	// id, each of which an index can serve (a trigram index on PostgreSQL
	// for the substrings), where one OR over a join could not.
	matches, args := "conversations", []any(nil)
	countSQL := `SELECT COUNT(*) FROM conversations`
	if q != "" {
		pat := containsPattern(q)
		matches = `(SELECT id, created_at FROM conversations WHERE lower(title) LIKE ? ESCAPE '\'
			UNION SELECT c.id, c.created_at FROM conversations c JOIN users u ON u.id = c.user_id
				WHERE u.email_lower LIKE ? ESCAPE '\'`
		args = []any{pat, pat}
		if validID(q) {
			matches += ` UNION SELECT id, created_at FROM conversations WHERE id = ?`
			args = append(args, strings.ToLower(q))
		}
		matches += `)`
		countSQL = `SELECT COUNT(*) FROM ` + matches + ` m`
	}
	total, err := s.count(ctx, "count conversations", countSQL, args...)
	if err != nil {
		return nil, 0, err
	}
	if p.Offset >= total {
		return []*salescoach.AdminConversation{}, total, nil
	}
	// The page is chosen first; the owner and the message count are read
	// for its rows only.
	rows, err := s.db.r().queryRows(ctx, `SELECT c.id, c.user_id, COALESCE(u.email, ''), c.title, c.mode,
			(SELECT COUNT(*) FROM messages m WHERE m.conversation_id = c.id),
			c.created_at, c.completed_at, c.deleted_at
		FROM (SELECT m.id FROM `+matches+` m ORDER BY m.created_at DESC, m.id DESC LIMIT ? OFFSET ?) page
		JOIN conversations c ON c.id = page.id
		JOIN users u ON u.id = c.user_id
		ORDER BY c.created_at DESC, c.id DESC`, append(slices.Clip(args), p.Limit, p.Offset)...)
	if err != nil {
		return nil, 0, dbError(err, "list conversations")
	}
	defer rows.Close()
	items := []*salescoach.AdminConversation{}
	for rows.Next() {
		var c salescoach.AdminConversation
		if err := rows.Scan(&c.ID, &c.UserID, &c.UserEmail, &c.Title, &c.Mode, &c.MessageCount,
			scanTime(&c.CreatedAt), scanNullTime(&c.CompletedAt), scanNullTime(&c.DeletedAt)); err != nil {
			return nil, 0, dbError(err, "list conversations")
		}
		items = append(items, &c)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, dbError(err, "list conversations")
	}
	return items, total, nil
}

// challengeColumn names the profiles column that feeds each challenge, as
// salescoach.(*Profile).ChallengeValue reads it.
var challengeColumn = map[string]string{
	salescoach.ChallengeObjectionsSolved: "objections_solved_count",
	salescoach.ChallengeMessagesSent:     "messages_sent_count",
	salescoach.ChallengeFastAnswers:      "fast_answers_count",
	salescoach.ChallengeFeedback:         "feedback_count",
	salescoach.ChallengeCalls:            "calls_count",
	salescoach.ChallengeHints:            "hints_count",
	salescoach.ChallengePerfectAnswers:   "perfect_answers_count",
	salescoach.ChallengeCompletedChats:   "completed_chats_count",
	salescoach.ChallengeDailyStreak:      "streak",
}

// ChallengeCompletions counts, for every challenge, the profiles whose
// counter reached its target (a staged challenge's first threshold), in one
// pass over profiles (COUNT(*) FILTER, which PostgreSQL runs about twice as
// fast as SUM(CASE ...)); most completions first, ties in the challenges'
// order. It returns only driver errors.
func (s *AdminService) ChallengeCompletions(ctx context.Context) ([]salescoach.ChallengeCompletions, error) {
	challenges, err := NewCatalogService(s.db).Challenges(ctx)
	if err != nil {
		return nil, err
	}
	if len(challenges) == 0 {
		return []salescoach.ChallengeCompletions{}, nil
	}
	sums := make([]string, len(challenges))
	args := make([]any, len(challenges))
	for i, c := range challenges {
		col, ok := challengeColumn[c.Key]
		if !ok {
			return nil, fmt.Errorf("sqlstore: challenge completions: no counter for challenge %q", c.Key)
		}
		sums[i] = `COUNT(*) FILTER (WHERE ` + col + ` >= ?)`
		args[i] = c.Target
		if c.Target <= 0 {
			args[i] = salescoach.ChallengeThresholds[0]
		}
	}
	counts := make([]int, len(challenges))
	dest := make([]any, len(challenges))
	for i := range counts {
		dest[i] = &counts[i]
	}
	if err := s.db.r().queryRow(ctx, `SELECT `+strings.Join(sums, ", ")+` FROM profiles`, args...).Scan(dest...); err != nil {
		return nil, dbError(err, "challenge completions")
	}
	out := make([]salescoach.ChallengeCompletions, len(challenges))
	for i, c := range challenges {
		out[i] = salescoach.ChallengeCompletions{Key: c.Key, Completions: counts[i]}
	}
	// Stable: ties keep the challenges' order.
	slices.SortStableFunc(out, func(a, b salescoach.ChallengeCompletions) int { return b.Completions - a.Completions })
	return out, nil
}

// usagePerUser sums the daily token roll-up token_usage_days and
// voice_usage per user over a period (its arguments: the first and last
// day as "YYYY-MM-DD", then the half-open range of times [from, end) of
// the same days). Model calls count as calls; speech calls add their audio
// length and characters only.
const usagePerUser = `SELECT user_id, SUM(tin) AS tin, SUM(tout) AS tout, SUM(calls) AS calls,
		SUM(stt) AS stt, SUM(tts) AS tts
	FROM (SELECT user_id, tokens_in AS tin, tokens_out AS tout, calls, 0 AS stt, 0 AS tts
			FROM token_usage_days WHERE day >= ? AND day <= ?
		UNION ALL
		SELECT user_id, 0, 0, 0, audio_ms, characters
			FROM voice_usage WHERE created_at >= ? AND created_at < ?) usage
	GROUP BY user_id`

// UsageReport sums the model tokens of the UTC days f.From..f.To: totals,
// by current plan (most tokens first, ties by plan id) and one page
// (Page.Normalize) of the users with usage, most tokens first, ties by user
// id. It returns EINVALID when a day is malformed or From is after To.
//
// The tokens are read from the daily roll-up token_usage_days, which
// RecordTokenUsage and SaveTurn keep (one row per user and day instead of
// one per model call), and the plans from user_plans, which the
// subscription writes keep.
//
// One statement sums per user once (the CTE, materialized because both
// parts read it) and returns two kinds of rows: the sums by plan (every user
// with usage is in exactly one plan's row, so the plans add up to the
// totals), and the page, with names and plans read for its rows only.
// Measured against two statements that each summed per user and other
// forms in docs/performance.md.
func (s *AdminService) UsageReport(ctx context.Context, f salescoach.UsageFilter) (*salescoach.UsageReport, error) {
	from, end, err := period(f.From, f.To)
	if err != nil {
		return nil, err
	}
	p := f.Page.Normalize()
	rows, err := s.db.r().queryRows(ctx, `WITH per AS MATERIALIZED (`+usagePerUser+`)
		SELECT 0, '', '', '', COALESCE(pl.plan_id, ''), CAST(SUM(per.tin) AS BIGINT), CAST(SUM(per.tout) AS BIGINT),
			CAST(SUM(per.calls) AS BIGINT), COUNT(*), CAST(SUM(per.stt) AS BIGINT), CAST(SUM(per.tts) AS BIGINT)
		FROM per LEFT JOIN user_plans pl ON pl.user_id = per.user_id
		GROUP BY COALESCE(pl.plan_id, '')
		UNION ALL
		SELECT 1, page.user_id, COALESCE(u.email, ''), u.display_name, COALESCE(pl.plan_id, ''),
			page.tin, page.tout, page.calls, 1, page.stt, page.tts
		FROM (SELECT user_id, tin, tout, calls, stt, tts FROM per ORDER BY tin + tout DESC, user_id LIMIT ? OFFSET ?) page
		JOIN users u ON u.id = page.user_id
		LEFT JOIN user_plans pl ON pl.user_id = page.user_id`, f.From, f.To, from, end, p.Limit, p.Offset)
	if err != nil {
		return nil, dbError(err, "usage report")
	}
	defer rows.Close()
	rep := &salescoach.UsageReport{ByPlan: []salescoach.PlanTokens{}, Users: []salescoach.UserTokens{}}
	for rows.Next() {
		var (
			kind         int
			ut           salescoach.UserTokens
			calls, users int64
		)
		if err := rows.Scan(&kind, &ut.UserID, &ut.Email, &ut.DisplayName, &ut.PlanID, &ut.TokensIn, &ut.TokensOut,
			&calls, &users, &ut.STTMillis, &ut.TTSChars); err != nil {
			return nil, dbError(err, "usage report")
		}
		ut.Calls = int(calls)
		if kind == 1 {
			rep.Users = append(rep.Users, ut)
			continue
		}
		pt := salescoach.PlanTokens{PlanID: ut.PlanID, TokenTotals: salescoach.TokenTotals{TokensIn: ut.TokensIn,
			TokensOut: ut.TokensOut, Calls: ut.Calls, Users: int(users), STTMillis: ut.STTMillis, TTSChars: ut.TTSChars}}
		rep.ByPlan = append(rep.ByPlan, pt)
		rep.Totals.TokensIn += pt.TokensIn
		rep.Totals.TokensOut += pt.TokensOut
		rep.Totals.Calls += pt.Calls
		rep.Totals.STTMillis += pt.STTMillis
		rep.Totals.TTSChars += pt.TTSChars
		rep.Totals.Users += pt.Users
	}
	if err := rows.Err(); err != nil {
		return nil, dbError(err, "usage report")
	}
	rep.UserCount = rep.Totals.Users
	slices.SortFunc(rep.ByPlan, func(a, b salescoach.PlanTokens) int {
		return cmpTokens(a.TokensIn+a.TokensOut, b.TokensIn+b.TokensOut, a.PlanID, b.PlanID)
	})
	slices.SortFunc(rep.Users, func(a, b salescoach.UserTokens) int {
		return cmpTokens(a.TokensIn+a.TokensOut, b.TokensIn+b.TokensOut, a.UserID, b.UserID)
	})
	return rep, nil
}

// cmpTokens orders by tokens, most first, then by key.
func cmpTokens(ta, tb int64, ka, kb string) int {
	if c := cmp.Compare(tb, ta); c != 0 {
		return c
	}
	return strings.Compare(ka, kb)
}

// PageViewCounts counts the page views of the UTC days from..to
// (inclusive) by source and page kind from the daily rollup, ordered by
// source and kind; pairs without views are left out. It returns EINVALID
// when a day is malformed or from is after to.
func (s *AdminService) PageViewCounts(ctx context.Context, from, to string) ([]salescoach.PageViewCount, error) {
	if _, _, err := period(from, to); err != nil {
		return nil, err
	}
	// Days are YYYY-MM-DD text, which orders like the days.
	rows, err := s.db.r().queryRows(ctx, `SELECT source, kind, SUM(views) FROM page_view_days
		WHERE day >= ? AND day <= ? GROUP BY source, kind HAVING SUM(views) > 0
		ORDER BY source, kind`, from, to)
	if err != nil {
		return nil, dbError(err, "page view counts")
	}
	defer rows.Close()
	out := []salescoach.PageViewCount{}
	for rows.Next() {
		var c salescoach.PageViewCount
		if err := rows.Scan(&c.Source, &c.Kind, &c.Views); err != nil {
			return nil, dbError(err, "page view counts")
		}
		out = append(out, c)
	}
	return out, dbError(rows.Err(), "page view counts")
}

// Compliance counts users by the terms version they accepted (version 0:
// never; AcceptTerms sets the version and terms_accepted_at together, so
// the version alone tells, and an index-only scan counts it) and the
// consent audit's rows since auditSince, by version and by type. It returns
// only driver errors.
func (s *AdminService) Compliance(ctx context.Context, auditSince time.Time) (*salescoach.ComplianceStats, error) {
	var c salescoach.ComplianceStats
	rows, err := s.db.r().queryRows(ctx, `SELECT terms_version, COUNT(*) FROM users GROUP BY terms_version`)
	if err != nil {
		return nil, dbError(err, "terms counts")
	}
	defer rows.Close()
	for rows.Next() {
		var version, n int
		if err := rows.Scan(&version, &n); err != nil {
			return nil, dbError(err, "terms counts")
		}
		switch version {
		case 0:
			c.WithoutTerms += n
		case 1:
			c.TermsV1 += n
		case 2:
			c.TermsV2 += n
		default:
			c.TermsOther += n
		}
	}
	if err := rows.Err(); err != nil {
		return nil, dbError(err, "terms counts")
	}
	err = s.db.r().queryRow(ctx, `SELECT COUNT(*), COUNT(*) FILTER (WHERE terms_version = 1),
			COUNT(*) FILTER (WHERE terms_version = 2), COUNT(*) FILTER (WHERE consent_type = 'terms'),
			COUNT(*) FILTER (WHERE consent_type = 'withdrawal_waiver')
		FROM consent_audit WHERE created_at >= ?`, auditSince).Scan(&c.AuditTotal, &c.AuditV1, &c.AuditV2, &c.AuditTerms, &c.AuditWaiver)
	if err != nil {
		return nil, dbError(err, "consent audit counts")
	}
	return &c, nil
}

// OrphanedSubscriptions lists the newest limit (1 to 100) records of
// subscriptions approved for accounts that no longer exist, newest first.
func (s *AdminService) OrphanedSubscriptions(ctx context.Context, limit int) ([]*salescoach.OrphanedSubscription, error) {
	limit = min(max(limit, 1), 100)
	rows, err := s.db.r().queryRows(ctx, `SELECT paypal_id, user_id, plan_id, via, reason, cancelled_at, error, recorded_at
		FROM orphaned_subscriptions ORDER BY recorded_at DESC, paypal_id LIMIT ?`, limit)
	if err != nil {
		return nil, dbError(err, "orphaned subscriptions")
	}
	defer rows.Close()
	var out []*salescoach.OrphanedSubscription
	for rows.Next() {
		var o salescoach.OrphanedSubscription
		if err := rows.Scan(&o.PayPalID, &o.UserID, &o.PlanID, &o.Via, &o.Reason, scanNullTime(&o.CancelledAt),
			&o.Error, scanTime(&o.RecordedAt)); err != nil {
			return nil, dbError(err, "orphaned subscriptions")
		}
		out = append(out, &o)
	}
	return out, dbError(rows.Err(), "orphaned subscriptions")
}

// ListTeams lists teams newest first, one page with the number of all
// matches; a query (trimmed; at most maxQueryRunes, else EINVALID) keeps
// teams whose name or owner's e-mail contains it, case-insensitively. The
// seats are those of each team's current subscription (its newest).
func (s *AdminService) ListTeams(ctx context.Context, query string, p salescoach.Page) ([]*salescoach.AdminTeam, int, error) {
	q, err := searchText(query)
	if err != nil {
		return nil, 0, err
	}
	where, args := "", []any{}
	if q != "" {
		pat := containsPattern(q)
		where = ` WHERE (lower(t.name) LIKE ? ESCAPE '\' OR o.email_lower LIKE ? ESCAPE '\')`
		args = []any{pat, pat}
	}
	var total int
	if err := s.db.r().queryRow(ctx, `SELECT COUNT(*) FROM teams t JOIN users o ON o.id = t.owner_id`+where, args...).Scan(&total); err != nil {
		return nil, 0, dbError(err, "count teams")
	}
	out := []*salescoach.AdminTeam{}
	if p.Offset >= total {
		return out, total, nil
	}
	current := `(SELECT s.id FROM subscriptions s WHERE s.team_id = t.id AND s.seats IS NOT NULL
		ORDER BY s.update_time DESC, s.created_at DESC, s.id DESC LIMIT 1)`
	rows, err := s.db.r().queryRows(ctx, `SELECT t.id, t.name, t.owner_id, COALESCE(o.email, ''),
			(SELECT COUNT(*) FROM team_members m WHERE m.team_id = t.id),
			COALESCE((SELECT s.seats FROM subscriptions s WHERE s.id = `+current+`), 0),
			(SELECT COUNT(*) FROM team_seats ts WHERE ts.team_id = t.id),
			COALESCE((SELECT s.status FROM subscriptions s WHERE s.id = `+current+`), ''),
			COALESCE((SELECT s.cancel_at_period_end FROM subscriptions s WHERE s.id = `+current+`), FALSE),
			t.created_at
		FROM teams t JOIN users o ON o.id = t.owner_id`+where+`
		ORDER BY t.created_at DESC, t.id DESC LIMIT ? OFFSET ?`, append(args, p.Limit, p.Offset)...)
	if err != nil {
		return nil, 0, dbError(err, "list teams")
	}
	defer rows.Close()
	for rows.Next() {
		var t salescoach.AdminTeam
		if err := rows.Scan(&t.ID, &t.Name, &t.OwnerID, &t.OwnerEmail, &t.Members, &t.Seats, &t.SeatsAssigned,
			&t.SubscriptionStatus, &t.CancelAtPeriodEnd, scanTime(&t.CreatedAt)); err != nil {
			return nil, 0, dbError(err, "list teams")
		}
		out = append(out, &t)
	}
	return out, total, dbError(rows.Err(), "list teams")
}
