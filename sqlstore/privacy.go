package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"salescoach"
)

var _ salescoach.PrivacyService = (*PrivacyService)(nil)

// PrivacyService reads a user's data for the export and deletes accounts.
type PrivacyService struct {
	db *DB
}

// NewPrivacyService returns a PrivacyService on db.
func NewPrivacyService(db *DB) *PrivacyService {
	return &PrivacyService{db: db}
}

// colKind says how an export column is scanned, so that both databases give
// the same JSON (SQLite hands booleans back as integers and some times as
// text).
type colKind int

const (
	colText colKind = iota
	colInt
	colBool
	colTime
)

// exportCol is one column of an export table: the SQL expression and the
// name it is exported under.
type exportCol struct {
	expr, name string
	kind       colKind
}

func textCol(name string) exportCol { return exportCol{name, name, colText} }
func intCol(name string) exportCol  { return exportCol{name, name, colInt} }
func boolCol(name string) exportCol { return exportCol{name, name, colBool} }
func timeCol(name string) exportCol { return exportCol{name, name, colTime} }

// exportSpec is one table of the export: the columns, and the FROM/WHERE
// part with one ? for the user id. Secrets (password and token hashes) and
// other users' ids are left out on purpose.
type exportSpec struct {
	name string
	cols []exportCol
	from string
}

// exportSpecs lists every table that holds rows about a user, except
// conversations and messages (paged separately). docs/privacy.md describes
// the same list; a table added to the schema is found by the deletion test,
// which scans every table.
var exportSpecs = []exportSpec{
	{"user", []exportCol{textCol("id"), {"COALESCE(email, '')", "email", colText}, timeCol("email_confirmed_at"),
		boolCol("is_anonymous"), boolCol("is_admin"), textCol("company"), textCol("display_name"), textCol("avatar_url"),
		timeCol("avatar_updated_at"), textCol("role"), textCol("formality"), textCol("language"), textCol("tone_preset_id"),
		intCol("level"), intCol("xp"), textCol("status"), timeCol("terms_accepted_at"), intCol("terms_version"),
		textCol("terms_user_agent"), timeCol("created_at"), timeCol("updated_at")},
		`FROM users WHERE id = ?`},
	{"profile", []exportCol{textCol("product_description"), boolCol("has_seen_intro"), intCol("streak"),
		textCol("last_active_day"), intCol("progress"), intCol("objections_solved_count"), intCol("messages_sent_count"),
		intCol("fast_answers_count"), intCol("feedback_count"), intCol("calls_count"), intCol("hints_count"),
		intCol("perfect_answers_count"), intCol("completed_chats_count"), boolCol("leaderboard_visible"), timeCol("updated_at")},
		`FROM profiles WHERE user_id = ?`},
	{"training_score", []exportCol{intCol("score"), timeCol("updated_at")},
		`FROM training_scores WHERE user_id = ?`},
	{"consent_records", []exportCol{textCol("id"), textCol("consent_type"), intCol("terms_version"), textCol("user_agent"), timeCol("created_at")},
		`FROM consent_audit WHERE user_id = ? ORDER BY created_at, id`},
	{"feedback", []exportCol{textCol("id"), textCol("email"), textCol("name"), textCol("subject"), textCol("type"), textCol("message"),
		textCol("status"), timeCol("created_at"), timeCol("updated_at")},
		`FROM feedback WHERE user_id = ? ORDER BY created_at, id`},
	{"referral_code", []exportCol{textCol("code"), timeCol("created_at")},
		`FROM referral_codes WHERE user_id = ?`},
	// The people a user invited are other users: only the time of each
	// sign-up is the inviter's data.
	{"referrals_made", []exportCol{timeCol("created_at")},
		`FROM referral_signups WHERE referrer_user_id = ? ORDER BY created_at`},
	{"referred_by", []exportCol{timeCol("created_at")},
		`FROM referral_signups WHERE referred_user_id = ?`},
	{"subscriptions", []exportCol{textCol("id"), textCol("paypal_id"), textCol("plan_id"), textCol("status"), timeCol("update_time"),
		boolCol("cancel_at_period_end"), timeCol("cancel_at"), timeCol("cycle_start"), timeCol("created_at")},
		`FROM subscriptions WHERE user_id = ? ORDER BY created_at, id`},
	{"promo_redemptions", []exportCol{{"r.id", "id", colText}, {"p.code", "code", colText},
		{"r.subscription_id", "subscription_id", colText}, {"r.created_at", "created_at", colTime}},
		`FROM promo_redemptions r JOIN promo_codes p ON p.id = r.promo_code_id WHERE r.user_id = ? ORDER BY r.created_at, r.id`},
	{"sessions", []exportCol{textCol("family_id"), boolCol("remember"), textCol("user_agent"), textCol("ip"), timeCol("created_at"),
		timeCol("expires_at"), timeCol("used_at"), timeCol("revoked_at")},
		`FROM refresh_tokens WHERE user_id = ? ORDER BY created_at, id`},
	{"mail_links", []exportCol{textCol("purpose"), timeCol("created_at"), timeCol("expires_at"), timeCol("used_at")},
		`FROM one_time_tokens WHERE user_id = ? ORDER BY created_at`},
	// Whether two-factor sign-in is on, since when, and how many recovery
	// codes are left; never the secret or the codes' hashes.
	{"two_factor", []exportCol{
		{"EXISTS (SELECT 1 FROM user_totp t WHERE t.user_id = u.id AND t.confirmed_at IS NOT NULL)", "enabled", colBool},
		{"(SELECT t.confirmed_at FROM user_totp t WHERE t.user_id = u.id)", "enabled_at", colTime},
		{"(SELECT COUNT(*) FROM totp_recovery_codes c WHERE c.user_id = u.id)", "recovery_codes_left", colInt}},
		`FROM users u WHERE u.id = ?`},
	{"linked_accounts", []exportCol{textCol("provider"), textCol("subject"), textCol("email"), timeCol("created_at")},
		`FROM identities WHERE user_id = ? ORDER BY created_at, id`},
	{"chat_starts", []exportCol{textCol("conversation_id"), timeCol("created_at")},
		`FROM chat_starts WHERE user_id = ? ORDER BY created_at, id`},
	{"token_usage", []exportCol{textCol("conversation_id"), textCol("model"), textCol("purpose"), intCol("tokens_in"),
		intCol("tokens_out"), timeCol("created_at")},
		`FROM token_usage WHERE user_id = ? ORDER BY created_at, id`},
	{"voice_usage", []exportCol{textCol("kind"), textCol("provider"), intCol("audio_ms"), intCol("characters"), timeCol("created_at")},
		`FROM voice_usage WHERE user_id = ? ORDER BY created_at, id`},
	{"voice_calls", []exportCol{textCol("id"), intCol("turns"), timeCol("started_at"), timeCol("finished_at")},
		`FROM voice_calls WHERE user_id = ? ORDER BY started_at, id`},
	{"page_views", []exportCol{textCol("path"), textCol("source"), timeCol("created_at")},
		`FROM page_views WHERE user_id = ? ORDER BY created_at, id`},
	// The skill analytics ('Mein Fortschritt'): every scored answer with the
	// techniques it showed and was assessed on (named, not as the stored
	// bit sets), and the daily sums the progress page reads.
	{"skill_answers", []exportCol{textCol("message_id"), textCol("conversation_id"), intCol("stage"), textCol("family"),
		intCol("score"), boolCol("solved"), {techniqueNames("shown"), "techniques_shown", colText},
		{techniqueNames("assessed"), "techniques_assessed", colText}, timeCol("created_at")},
		`FROM skill_answers WHERE user_id = ? ORDER BY created_at, message_id`},
	{"skill_technique_days", []exportCol{textCol("day"), textCol("technique"), intCol("shown"), intCol("total")},
		`FROM skill_technique_days WHERE user_id = ? ORDER BY day, technique`},
	{"skill_family_days", []exportCol{textCol("day"), textCol("family"), intCol("answers"), intCol("score_sum"),
		intCol("attempts"), intCol("solved")},
		`FROM skill_family_days WHERE user_id = ? ORDER BY day, family`},
	// The scenarios the user built (issue 28), each with its content as
	// the scenario's JSON.
	{"scenarios", []exportCol{textCol("id"), textCol("scope"), textCol("title"), textCol("body"), timeCol("created_at"),
		timeCol("updated_at")},
		`FROM scenarios WHERE owner_id = ? ORDER BY created_at, id`},
	// Teams (issue 27): the user's membership (the team's name, their role,
	// since when; not the other members), the chats they share with it, and
	// their XP per day (the leaderboard's sums).
	{"team_membership", []exportCol{{"t.name", "team", colText}, {"m.role", "role", colText}, {"m.joined_at", "joined_at", colTime}},
		`FROM team_members m JOIN teams t ON t.id = m.team_id WHERE m.user_id = ?`},
	{"shared_chats", []exportCol{{"s.conversation_id", "conversation_id", colText}, {"s.shared_at", "shared_at", colTime}},
		`FROM conversation_shares s JOIN conversations c ON c.id = s.conversation_id WHERE c.user_id = ? ORDER BY s.shared_at, s.conversation_id`},
	{"xp_days", []exportCol{textCol("day"), intCol("xp")},
		`FROM xp_days WHERE user_id = ? ORDER BY day`},
}

// techniqueNames is an SQL expression that spells the bit set in column
// col of skill_answers as the techniques' keys, separated by spaces.
func techniqueNames(col string) string {
	parts := make([]string, len(salescoach.SkillTechniques))
	for i, k := range salescoach.SkillTechniques {
		parts[i] = fmt.Sprintf("CASE WHEN (%s & %d) <> 0 THEN ' %s' ELSE '' END", col, 1<<i, k)
	}
	return "TRIM(" + strings.Join(parts, " || ") + ")"
}

// ExportTables returns the user's rows of every table in exportSpecs. It
// returns ENOTFOUND when there is no such user.
func (s *PrivacyService) ExportTables(ctx context.Context, userID string) ([]salescoach.ExportTable, error) {
	if !validID(userID) {
		return nil, notFound(salescoach.MsgNoUser)
	}
	r := s.db.r()
	out := make([]salescoach.ExportTable, 0, len(exportSpecs))
	for _, spec := range exportSpecs {
		rows, err := exportRows(ctx, r, spec, userID)
		if err != nil {
			return nil, err
		}
		if spec.name == "user" && len(rows) == 0 {
			return nil, notFound(salescoach.MsgNoUser)
		}
		out = append(out, salescoach.ExportTable{Name: spec.name, Rows: rows})
	}
	return out, nil
}

// exportRows reads one export table's rows of the user.
func exportRows(ctx context.Context, r runner, spec exportSpec, userID string) ([]map[string]any, error) {
	exprs := make([]string, len(spec.cols))
	for i, c := range spec.cols {
		exprs[i] = c.expr
	}
	rows, err := r.queryRows(ctx, `SELECT `+strings.Join(exprs, ", ")+` `+spec.from, userID)
	if err != nil {
		return nil, dbError(err, "export "+spec.name)
	}
	defer rows.Close()
	out := []map[string]any{}
	for rows.Next() {
		dest := make([]any, len(spec.cols))
		for i, c := range spec.cols {
			switch c.kind {
			case colText:
				dest[i] = new(sql.NullString)
			case colInt:
				dest[i] = new(sql.NullInt64)
			case colBool:
				dest[i] = new(sql.NullBool)
			case colTime:
				dest[i] = scanNullTime(new(*time.Time))
			}
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, dbError(err, "export "+spec.name)
		}
		row := make(map[string]any, len(spec.cols))
		for i, c := range spec.cols {
			var v any
			switch d := dest[i].(type) {
			case *sql.NullString:
				if d.Valid {
					v = d.String
				}
			case *sql.NullInt64:
				if d.Valid {
					v = d.Int64
				}
			case *sql.NullBool:
				if d.Valid {
					v = d.Bool
				}
			case nullTimeDest:
				if *d.p != nil {
					v = **d.p
				}
			}
			row[c.name] = v
		}
		out = append(out, row)
	}
	return out, dbError(rows.Err(), "export "+spec.name)
}

// ExportConversations returns up to limit of the user's conversations after
// the one with id after, ordered by (created_at, id), each with its
// messages. It returns only driver errors.
func (s *PrivacyService) ExportConversations(ctx context.Context, userID, after string, limit int) ([]*salescoach.ExportConversation, error) {
	if !validID(userID) || (after != "" && !validID(after)) || limit <= 0 {
		return nil, nil
	}
	r := s.db.r()
	q := `SELECT ` + conversationSelect + ` FROM conversations WHERE user_id = ?`
	args := []any{userID}
	if after != "" {
		// The cursor row must be the user's too, or the page is empty.
		q += ` AND EXISTS (SELECT 1 FROM conversations a WHERE a.id = ? AND a.user_id = conversations.user_id
			AND (conversations.created_at > a.created_at OR (conversations.created_at = a.created_at AND conversations.id > a.id)))`
		args = append(args, after)
	}
	q += ` ORDER BY created_at, id LIMIT ?`
	args = append(args, limit)
	rows, err := r.queryRows(ctx, q, args...)
	if err != nil {
		return nil, dbError(err, "export conversations")
	}
	var out []*salescoach.ExportConversation
	for rows.Next() {
		c, err := scanConversation(rows)
		if err != nil {
			rows.Close()
			return nil, dbError(err, "export conversations")
		}
		out = append(out, &salescoach.ExportConversation{Conversation: c})
	}
	if err := rows.Close(); err != nil {
		return nil, dbError(err, "export conversations")
	}
	if err := rows.Err(); err != nil {
		return nil, dbError(err, "export conversations")
	}
	conversations := NewConversationService(s.db)
	for _, ec := range out {
		if ec.Messages, err = conversations.Messages(ctx, ec.Conversation.ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// UserSubscriptions lists the subscription rows the user's deletion ends,
// newest first: their own (personal plans, team plans they bought) and
// those of the team they own, which goes with them (bought, maybe, by an
// owner before them). It returns only driver errors.
func (s *PrivacyService) UserSubscriptions(ctx context.Context, userID string) ([]*salescoach.Subscription, error) {
	if !validID(userID) {
		return nil, nil
	}
	return subscriptionList(ctx, s.db.r(), `user_id = ?
		OR (seats IS NOT NULL AND team_id IN (SELECT id FROM teams WHERE owner_id = ?))`, userID, userID)
}

// DeleteAccount deletes the user in one transaction. The foreign keys
// delete what is the user's alone (profile, chats, messages, sessions, mail
// links, identities, referrals both ways, subscriptions, promo redemptions,
// usage rows, voice calls) and detach what is kept: consent records and page
// views lose their user id. Feedback is kept for the product team without
// the sender: user id, e-mail and name are cleared, also on feedback the
// person sent as a visitor with the same address. The promo codes'
// redemption counters and the daily page-view counts are anonymous and stay.
// It returns ENOTFOUND when there is no such user.
func (s *PrivacyService) DeleteAccount(ctx context.Context, userID string) (*salescoach.DeletedAccount, error) {
	if !validID(userID) {
		return nil, notFound(salescoach.MsgNoUser)
	}
	d := &salescoach.DeletedAccount{UserID: userID}
	err := s.db.inTx(ctx, func(r runner) error {
		var emailLower sql.NullString
		err := r.queryRow(ctx, `SELECT avatar_url, email_lower FROM users WHERE id = ?`, userID).Scan(&d.AvatarKey, &emailLower)
		if noRows(err) {
			return notFound(salescoach.MsgNoUser)
		} else if err != nil {
			return dbError(err, "delete account: read user")
		}
		if _, err := r.exec(ctx, `UPDATE feedback SET user_id = NULL, email = '', name = ''
			WHERE user_id = ? OR (? <> '' AND lower(email) = ?)`, userID, emailLower.String, emailLower.String); err != nil {
			return dbError(err, "delete account: anonymise feedback")
		}
		// Invitations to the address that wait unused name the person;
		// those of teams the user owns go with the team below.
		if emailLower.String != "" {
			if _, err := r.exec(ctx, `DELETE FROM team_invitations WHERE email_lower = ?`, emailLower.String); err != nil {
				return dbError(err, "delete account: team invitations")
			}
		}
		res, err := r.exec(ctx, `DELETE FROM users WHERE id = ?`, userID)
		if err != nil {
			return dbError(err, "delete account")
		}
		if n, err := rowsAffected(res); err != nil {
			return err
		} else if n == 0 {
			return notFound(salescoach.MsgNoUser)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}
