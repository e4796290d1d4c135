package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"salescoach"
)

var _ salescoach.ConversationService = (*ConversationService)(nil)

// ConversationService stores chats, their messages, the chat_starts ledger
// behind the monthly quota and model token usage.
type ConversationService struct {
	db *DB
}

// NewConversationService returns a ConversationService on db.
func NewConversationService(db *DB) *ConversationService {
	return &ConversationService{db: db}
}

// validID reports whether s is one of our ids (salescoach.IsUUID). Methods
// answer any other id with ENOTFOUND (or an empty result) without asking the
// database: it could not match, and it keeps arbitrary client input out of
// the queries.
func validID(s string) bool { return salescoach.IsUUID(s) }

// conversationColumns lists a conversation's columns in scanConversation's
// order. The list leaves out pdf_text (see Conversations); fmt fills it in.
const conversationColumns = `id, user_id, title, mode, COALESCE(difficulty, 0), COALESCE(product_override, ''),
	COALESCE(pdf_name, ''), %s, stage, total_stages, progress, objections, last_score,
	COALESCE(scored_message_id, ''), xp_messages, COALESCE(evaluation, ''),
	created_at, updated_at, completed_at, deleted_at, COALESCE(scenario_id, ''), scenario_json,
	COALESCE(assignment_id, '')`

var (
	conversationSelect     = fmt.Sprintf(conversationColumns, `COALESCE(pdf_text, '')`)
	conversationListSelect = fmt.Sprintf(conversationColumns, `''`)
)

func scanConversation(s rowScanner) (*salescoach.Conversation, error) {
	var (
		c          salescoach.Conversation
		objections string
		lastScore  sql.NullString
		scenario   sql.NullString
	)
	err := s.Scan(&c.ID, &c.UserID, &c.Title, &c.Mode, &c.Difficulty, &c.ProductOverride,
		&c.PDFName, &c.PDFText, &c.Stage, &c.TotalStages, &c.Progress, &objections, &lastScore,
		&c.ScoredMessageID, &c.XPMessages, &c.Evaluation,
		scanTime(&c.CreatedAt), scanTime(&c.UpdatedAt), scanNullTime(&c.CompletedAt), scanNullTime(&c.DeletedAt),
		&c.ScenarioID, &scenario, &c.AssignmentID)
	if err != nil {
		return nil, err
	}
	if scenario.Valid {
		c.Scenario = new(salescoach.Scenario)
		if err := json.Unmarshal([]byte(scenario.String), c.Scenario); err != nil {
			return nil, fmt.Errorf("sqlstore: conversation %s: scenario: %w", c.ID, err)
		}
	}
	if objections != "" {
		if err := json.Unmarshal([]byte(objections), &c.Objections); err != nil {
			return nil, fmt.Errorf("sqlstore: conversation %s: objections: %w", c.ID, err)
		}
	}
	if lastScore.Valid {
		c.LastScore = new(salescoach.ScoreResult)
		if err := json.Unmarshal([]byte(lastScore.String), c.LastScore); err != nil {
			return nil, fmt.Errorf("sqlstore: conversation %s: last score: %w", c.ID, err)
		}
	}
	return &c, nil
}

// stateJSON encodes the JSON columns of c: objections as the empty string
// when there are none (so nil reads back as nil), last_score as NULL when
// nil.
func stateJSON(c *salescoach.Conversation) (objections string, lastScore any, err error) {
	if len(c.Objections) > 0 {
		b, err := json.Marshal(c.Objections)
		if err != nil {
			return "", nil, fmt.Errorf("sqlstore: encode objections: %w", err)
		}
		objections = string(b)
	}
	if c.LastScore != nil {
		b, err := json.Marshal(c.LastScore)
		if err != nil {
			return "", nil, fmt.Errorf("sqlstore: encode last score: %w", err)
		}
		lastScore = string(b)
	}
	return objections, lastScore, nil
}

// nullInt maps 0 to NULL for optional integer columns (difficulty).
func nullInt(n int) any {
	if n == 0 {
		return nil
	}
	return n
}

// StartConversation creates c and one chat_starts row in one transaction,
// unless the user has started quota or more chats since cycleStart (deleted
// chats included: the ledger outlives them). It fills in c.ID when empty and
// c.CreatedAt (now) when zero, and sets c.UpdatedAt to c.CreatedAt when zero;
// the chat_starts row gets c.CreatedAt. It stores no messages: the caller
// adds the first ones with AddMessage.
//
// The transaction first writes the user's row, which makes concurrent starts
// of one user queue on that row lock in PostgreSQL (SQLite's immediate
// transactions queue anyway), so each counts the starts committed before it:
// of N concurrent starts at quota-1 used, exactly one succeeds.
//
// It returns ELIMIT (with the limit in Details) when the quota is used up,
// ENOTFOUND when the user does not exist or c.UserID is not a UUID, and
// EINVALID when c.ID is set but not a UUID or a field breaks a constraint
// (mode, difficulty 1..3, progress 0..100, negative counters).
func (s *ConversationService) StartConversation(ctx context.Context, c *salescoach.Conversation, quota int, cycleStart time.Time) error {
	if !validID(c.UserID) {
		return notFound(salescoach.MsgNoUser)
	}
	if c.ID == "" {
		c.ID = newID()
	} else if !validID(c.ID) {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgBadID)
	}
	if c.CreatedAt.IsZero() {
		c.CreatedAt = s.db.now()
	}
	if c.UpdatedAt.IsZero() {
		c.UpdatedAt = c.CreatedAt
	}
	c.CreatedAt, c.UpdatedAt = utc(c.CreatedAt), utc(c.UpdatedAt)
	c.CompletedAt, c.DeletedAt = utcPtr(c.CompletedAt), nil
	objections, lastScore, err := stateJSON(c)
	if err != nil {
		return err
	}
	var scenario any
	if c.Scenario != nil {
		b, err := json.Marshal(c.Scenario)
		if err != nil {
			return fmt.Errorf("sqlstore: encode scenario: %w", err)
		}
		scenario = string(b)
	}
	return s.db.inTx(ctx, func(r runner) error {
		res, err := r.exec(ctx, `UPDATE users SET updated_at = updated_at WHERE id = ?`, c.UserID)
		if err != nil {
			return dbError(err, "lock user")
		}
		if n, err := rowsAffected(res); err != nil {
			return err
		} else if n == 0 {
			return notFound(salescoach.MsgNoUser)
		}
		var used int
		if err := r.queryRow(ctx, `SELECT COUNT(*) FROM chat_starts WHERE user_id = ? AND created_at >= ?`,
			c.UserID, cycleStart).Scan(&used); err != nil {
			return dbError(err, "count chat starts")
		}
		if used >= quota {
			return &salescoach.Error{Code: salescoach.ELIMIT, Msg: salescoach.MsgChatLimit.With("quota", quota),
				Details: salescoach.MsgChatLimitDetails.With("quota", quota)}
		}
		if _, err := r.exec(ctx, `INSERT INTO conversations (id, user_id, title, mode, difficulty,
				product_override, pdf_name, pdf_text, stage, total_stages, progress, objections,
				last_score, scored_message_id, xp_messages, evaluation, created_at, updated_at, completed_at,
				scenario_id, scenario_json, assignment_id)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			c.ID, c.UserID, c.Title, c.Mode, nullInt(c.Difficulty),
			nullString(c.ProductOverride), nullString(c.PDFName), nullString(c.PDFText),
			c.Stage, c.TotalStages, c.Progress, objections,
			lastScore, nullString(c.ScoredMessageID), c.XPMessages, nullString(c.Evaluation),
			c.CreatedAt, c.UpdatedAt, c.CompletedAt, nullString(c.ScenarioID), scenario, nullString(c.AssignmentID)); err != nil {
			return dbError(err, "insert conversation")
		}
		if _, err := r.exec(ctx, `INSERT INTO chat_starts (id, user_id, conversation_id, created_at) VALUES (?, ?, ?, ?)`,
			newID(), c.UserID, c.ID, c.CreatedAt); err != nil {
			return dbError(err, "insert chat start")
		}
		return nil
	})
}

// CountChatStarts counts the chats the user started since the time (deleted
// ones included); a user id that is not a UUID has none. It returns only
// driver errors.
func (s *ConversationService) CountChatStarts(ctx context.Context, userID string, since time.Time) (int, error) {
	if !validID(userID) {
		return 0, nil
	}
	var n int
	err := s.db.r().queryRow(ctx, `SELECT COUNT(*) FROM chat_starts WHERE user_id = ? AND created_at >= ?`,
		userID, since).Scan(&n)
	return n, dbError(err, "count chat starts")
}

// Conversation returns the user's conversation. It returns ENOTFOUND when it
// does not exist, belongs to another user or is deleted, and when either id
// is not a UUID.
func (s *ConversationService) Conversation(ctx context.Context, userID, id string) (*salescoach.Conversation, error) {
	if !validID(userID) || !validID(id) {
		return nil, notFound(salescoach.MsgConversationNotFound)
	}
	c, err := scanConversation(s.db.r().queryRow(ctx, `SELECT `+conversationSelect+` FROM conversations
		WHERE id = ? AND user_id = ? AND deleted_at IS NULL`, id, userID))
	if noRows(err) {
		return nil, notFound(salescoach.MsgConversationNotFound)
	}
	return c, dbError(err, "conversation")
}

// ConversationByID returns any conversation, deleted ones included (for
// admins). It returns ENOTFOUND when there is none or id is not a UUID.
func (s *ConversationService) ConversationByID(ctx context.Context, id string) (*salescoach.Conversation, error) {
	if !validID(id) {
		return nil, notFound(salescoach.MsgConversationNotFound)
	}
	c, err := scanConversation(s.db.r().queryRow(ctx, `SELECT `+conversationSelect+` FROM conversations
		WHERE id = ?`, id))
	if noRows(err) {
		return nil, notFound(salescoach.MsgConversationNotFound)
	}
	return c, dbError(err, "conversation by id")
}

// Conversations lists the user's conversations that are not deleted, newest
// first (by created_at, then id). PDFText is left empty: it may hold 200 000
// characters per chat and no list shows it; Conversation returns it. A user
// id that is not a UUID has none. It returns only driver errors.
func (s *ConversationService) Conversations(ctx context.Context, userID string) ([]*salescoach.Conversation, error) {
	if !validID(userID) {
		return nil, nil
	}
	rows, err := s.db.r().queryRows(ctx, `SELECT `+conversationListSelect+` FROM conversations
		WHERE user_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, id DESC`, userID)
	if err != nil {
		return nil, dbError(err, "conversations")
	}
	defer rows.Close()
	var out []*salescoach.Conversation
	for rows.Next() {
		c, err := scanConversation(rows)
		if err != nil {
			return nil, dbError(err, "conversations")
		}
		out = append(out, c)
	}
	return out, dbError(rows.Err(), "conversations")
}

const messageColumns = `id, conversation_id, role, content, COALESCE(pdf_name, ''), is_completion, created_at`

// Messages lists a conversation's messages, oldest first: by created_at,
// then by the order they were added (messages stamped with the same instant
// keep their order). The caller checks ownership first. An unknown
// conversation, or an id that is not a UUID, has none. It returns only
// driver errors.
func (s *ConversationService) Messages(ctx context.Context, conversationID string) ([]*salescoach.Message, error) {
	if !validID(conversationID) {
		return nil, nil
	}
	return messages(ctx, s.db.r(), conversationID)
}

// messages lists a conversation's messages, oldest first; see Messages.
func messages(ctx context.Context, r runner, conversationID string) ([]*salescoach.Message, error) {
	rows, err := r.queryRows(ctx, `SELECT `+messageColumns+` FROM messages
		WHERE conversation_id = ? ORDER BY created_at, seq, id`, conversationID)
	if err != nil {
		return nil, dbError(err, "messages")
	}
	defer rows.Close()
	var out []*salescoach.Message
	for rows.Next() {
		m, err := scanMessage(rows)
		if err != nil {
			return nil, dbError(err, "messages")
		}
		out = append(out, m)
	}
	return out, dbError(rows.Err(), "messages")
}

// scanMessage reads one row of messageColumns.
func scanMessage(s rowScanner) (*salescoach.Message, error) {
	var m salescoach.Message
	err := s.Scan(&m.ID, &m.ConversationID, &m.Role, &m.Content, &m.PDFName, &m.IsCompletion, scanTime(&m.CreatedAt))
	return &m, err
}

// AddMessage appends a message, filling in m.ID when empty and m.CreatedAt
// (now) when zero. It does not check ownership or deletion; the caller does.
//
// It numbers the message after the conversation's last one (see Messages) in
// one transaction that first writes the conversation's row, so concurrent
// additions to one chat queue and never share a number.
//
// It returns ENOTFOUND when the conversation does not exist or its id is not
// a UUID, EINVALID when m.ID is set but not a UUID or the role is not one of
// the salescoach.Role* values, and ECONFLICT when m.ID exists already.
func (s *ConversationService) AddMessage(ctx context.Context, m *salescoach.Message) error {
	if err := s.prepareMessage(m); err != nil {
		return err
	}
	return s.db.inTx(ctx, func(r runner) error { return insertMessage(ctx, r, m) })
}

// insertMessage appends m after locking its conversation row, so that
// concurrent appends get distinct sequence numbers.
func insertMessage(ctx context.Context, r runner, m *salescoach.Message) error {
	res, err := r.exec(ctx, `UPDATE conversations SET updated_at = updated_at WHERE id = ?`, m.ConversationID)
	if err != nil {
		return dbError(err, "lock conversation")
	}
	if n, err := rowsAffected(res); err != nil {
		return err
	} else if n == 0 {
		return notFound(salescoach.MsgConversationNotFound)
	}
	return appendMessage(ctx, r, m)
}

// appendMessage inserts m numbered after the conversation's last message, in
// one statement. The caller's transaction must hold the conversation's row
// (it wrote it before), so that no concurrent append takes the same number.
func appendMessage(ctx context.Context, r runner, m *salescoach.Message) error {
	_, err := r.execStmt(ctx, appendMessageStmt(m))
	return err
}

// appendMessageStmt is appendMessage's statement.
func appendMessageStmt(m *salescoach.Message) stmt {
	return stmt{q: `INSERT INTO messages (id, conversation_id, role, content, pdf_name, is_completion, created_at, seq)
		VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM messages WHERE conversation_id = ?))`,
		args: []any{m.ID, m.ConversationID, m.Role, m.Content, nullString(m.PDFName), m.IsCompletion, m.CreatedAt, m.ConversationID},
		op:   "insert message"}
}

// prepareMessage checks m and fills its id and time.
func (s *ConversationService) prepareMessage(m *salescoach.Message) error {
	if !validID(m.ConversationID) {
		return notFound(salescoach.MsgConversationNotFound)
	}
	if m.ID == "" {
		m.ID = newID()
	} else if !validID(m.ID) {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgBadID)
	}
	if m.CreatedAt.IsZero() {
		m.CreatedAt = s.db.now()
	}
	m.CreatedAt = utc(m.CreatedAt)
	return nil
}

// SaveTurn stores the end of a chat turn in one transaction: c's state saved
// as SaveState does (releasing c.Claim when set), end.Messages appended in
// order, end.Progress added to the user's XP and counters as AddProgress
// does, end.Usage recorded as RecordTokenUsage does, and end.Answer added
// to the skill analytics (SkillService). Either all of it is stored or
// nothing. The state is written first: that write holds the
// conversation's row, so the messages are numbered without another lock.
//
// It returns ENOTFOUND when the conversation is gone, ECONFLICT with
// MsgChatBusy when c.Claim no longer holds it, EINVALID for a negative delta
// or a message of another conversation.
func (s *ConversationService) SaveTurn(ctx context.Context, c *salescoach.Conversation, end salescoach.TurnEnd) error {
	if !validID(c.ID) || !validID(c.UserID) {
		return notFound(salescoach.MsgConversationNotFound)
	}
	if err := checkDelta(end.Progress); err != nil {
		return err
	}
	for _, m := range end.Messages {
		if m.ConversationID != c.ID {
			return salescoach.Errorf(salescoach.EINVALID, "message of another conversation")
		}
		if err := s.prepareMessage(m); err != nil {
			return err
		}
	}
	for _, u := range end.Usage {
		if err := s.prepareUsage(u); err != nil {
			return err
		}
	}
	if end.Answer != nil {
		if err := checkSkillAnswer(c, end.Answer); err != nil {
			return err
		}
	}
	now := utc(s.db.now())
	if s.db.pg() {
		return s.saveTurnPipelined(ctx, c, end, now)
	}
	return s.db.inTx(ctx, func(r runner) error {
		if err := saveState(ctx, r, c, now); err != nil {
			return err
		}
		for _, m := range end.Messages {
			if err := appendMessage(ctx, r, m); err != nil {
				return err
			}
		}
		if end.Progress != (salescoach.ProgressDelta{}) {
			if err := addProgress(ctx, r, c.UserID, end.Progress, now); err != nil {
				return err
			}
		}
		if end.Answer != nil {
			for _, st := range skillStmts(end.Answer) {
				if _, err := r.execStmt(ctx, st); err != nil {
					return err
				}
			}
		}
		return insertUsage(ctx, r, end.Usage)
	})
}

// saveTurnPipelined is SaveTurn on PostgreSQL: its statements go out in
// one round trip, the commit (with the level, should it change) in a second.
func (s *ConversationService) saveTurnPipelined(ctx context.Context, c *salescoach.Conversation, end salescoach.TurnEnd, now time.Time) error {
	state, err := saveStateStmt(c, now)
	if err != nil {
		return err
	}
	var (
		changed     int64 = -1 // rows the state statement changed, once known
		xp, level   int
		user        = true
		hasProgress = end.Progress != (salescoach.ProgressDelta{})
	)
	err = s.db.pipeline(ctx, func(p *pipe) error {
		p.queue(state).Exec(func(ct pgconn.CommandTag) error {
			changed = ct.RowsAffected()
			return nil
		})
		for _, m := range end.Messages {
			p.queue(appendMessageStmt(m))
		}
		if hasProgress {
			xpSt, countersSt := progressStmts(c.UserID, end.Progress, now)
			p.queue(xpSt).QueryRow(func(row pgx.Row) error {
				err := row.Scan(&xp, &level)
				if noRows(err) {
					user, err = false, nil
				}
				return err
			})
			p.queue(countersSt)
			if st, ok := xpDayStmt(c.UserID, end.Progress.XP, now); ok {
				p.queue(st)
			}
		}
		if end.Answer != nil {
			for _, st := range skillStmts(end.Answer) {
				p.queue(st)
			}
		}
		for _, st := range usageStmts(end.Usage) {
			p.queue(st)
		}
		err := p.send(ctx, "save turn")
		switch {
		case changed == 0:
			// The chat is gone or taken (also when a later statement
			// failed, a message of a deleted chat, say): explained below.
			return errStateUnmatched
		case err != nil:
			return err
		case !user:
			return notFound(salescoach.MsgNoUser)
		}
		if err := stateSaved(ctx, p.runner(), c, changed, now); err != nil {
			return err
		}
		if st, ok := levelStmt(c.UserID, xp, level); hasProgress && ok {
			p.queue(st)
		}
		return p.commit(ctx)
	})
	if errors.Is(err, errStateUnmatched) {
		// After the rollback, on any connection: the reads that say why
		// must not wait for a second connection while holding one.
		return stateSaved(ctx, s.db.r(), c, 0, now)
	}
	return err
}

// errStateUnmatched tells saveTurnPipelined's caller that the state matched
// no row.
var errStateUnmatched = errors.New("sqlstore: conversation state matched no row")

// DeleteMessage removes one message of the conversation. It returns
// ENOTFOUND when the conversation has no such message or either id is not a
// UUID.
func (s *ConversationService) DeleteMessage(ctx context.Context, conversationID, messageID string) error {
	if !validID(conversationID) || !validID(messageID) {
		return notFound(salescoach.MsgMessageNotFound)
	}
	res, err := s.db.r().exec(ctx, `DELETE FROM messages WHERE id = ? AND conversation_id = ?`, messageID, conversationID)
	if err != nil {
		return dbError(err, "delete message")
	}
	return oneRow(res, salescoach.MsgMessageNotFound)
}

// oneRow turns an UPDATE or DELETE that changed no row into ENOTFOUND with
// msg.
func oneRow(res sql.Result, msg salescoach.Msg) error {
	n, err := rowsAffected(res)
	if err != nil {
		return err
	}
	if n == 0 {
		return notFound(msg)
	}
	return nil
}

// SaveState writes the scoring state (stage, total stages, progress,
// objections), title, completion time, last score, scored message, XP-message
// count and evaluation of c, and sets c.UpdatedAt and updated_at to now. It
// matches c.ID together with c.UserID and only a conversation that is not
// deleted. It is a plain write, last writer wins: callers that must not
// score one message twice compare ScoredMessageID first.
//
// It returns ENOTFOUND when that conversation does not exist, is deleted,
// belongs to another user or either id is not a UUID, and EINVALID when a
// value breaks a constraint (progress 0..100, negative counters).
func (s *ConversationService) SaveState(ctx context.Context, c *salescoach.Conversation) error {
	if !validID(c.ID) || !validID(c.UserID) {
		return notFound(salescoach.MsgConversationNotFound)
	}
	return saveState(ctx, s.db.r(), c, utc(s.db.now()))
}

// Rename sets the title of the user's conversation and its updated_at to
// now. It returns ENOTFOUND when the conversation does not exist, belongs to
// another user, is deleted or either id is not a UUID.
// saveState writes c's scoring state; see SaveState. With c.Claim set it
// writes only while that claim holds the conversation, and releases it.
func saveState(ctx context.Context, r runner, c *salescoach.Conversation, now time.Time) error {
	st, err := saveStateStmt(c, now)
	if err != nil {
		return err
	}
	res, err := r.execStmt(ctx, st)
	if err != nil {
		return err
	}
	n, err := rowsAffected(res)
	if err != nil {
		return err
	}
	return stateSaved(ctx, r, c, n, now)
}

// saveStateStmt is saveState's statement.
func saveStateStmt(c *salescoach.Conversation, now time.Time) (stmt, error) {
	objections, lastScore, err := stateJSON(c)
	if err != nil {
		return stmt{}, err
	}
	q := `UPDATE conversations SET stage = ?, total_stages = ?, progress = ?,
			objections = ?, title = ?, completed_at = ?, last_score = ?, scored_message_id = ?,
			xp_messages = ?, evaluation = ?, updated_at = ?`
	args := []any{c.Stage, c.TotalStages, c.Progress, objections, c.Title, utcPtr(c.CompletedAt), lastScore,
		nullString(c.ScoredMessageID), c.XPMessages, nullString(c.Evaluation), now, c.ID, c.UserID}
	if c.Claim != "" {
		q += `, turn_claim = NULL, turn_claimed_until = NULL
		WHERE id = ? AND user_id = ? AND deleted_at IS NULL AND turn_claim = ?`
		args = append(args, c.Claim)
	} else {
		q += ` WHERE id = ? AND user_id = ? AND deleted_at IS NULL`
	}
	return stmt{q: q, args: args, op: "save conversation state"}, nil
}

// stateSaved finishes saveState once its statement changed n rows: it says
// why nothing matched, or notes the save in c.
func stateSaved(ctx context.Context, r runner, c *salescoach.Conversation, n int64, now time.Time) error {
	if n == 0 {
		if c.Claim == "" {
			return notFound(salescoach.MsgConversationNotFound)
		}
		return claimLost(ctx, r, c.UserID, c.ID)
	}
	c.UpdatedAt, c.CompletedAt, c.Claim = now, utcPtr(c.CompletedAt), ""
	return nil
}

// AttachPDF sets the PDF of the user's conversation. ENOTFOUND when the
// conversation is not the user's or is deleted.
func (s *ConversationService) AttachPDF(ctx context.Context, userID, id, name, text string, now time.Time) error {
	if !validID(id) || !validID(userID) {
		return notFound(salescoach.MsgConversationNotFound)
	}
	res, err := s.db.r().exec(ctx, `UPDATE conversations SET pdf_name = ?, pdf_text = ?, updated_at = ?
		WHERE id = ? AND user_id = ? AND deleted_at IS NULL`, nullString(name), nullString(text), utc(now), id, userID)
	if err != nil {
		return dbError(err, "attach pdf")
	}
	return oneRow(res, salescoach.MsgConversationNotFound)
}

func (s *ConversationService) Rename(ctx context.Context, userID, id, title string, now time.Time) error {
	if !validID(userID) || !validID(id) {
		return notFound(salescoach.MsgConversationNotFound)
	}
	res, err := s.db.r().exec(ctx, `UPDATE conversations SET title = ?, updated_at = ?
		WHERE id = ? AND user_id = ? AND deleted_at IS NULL`, title, now, id, userID)
	if err != nil {
		return dbError(err, "rename conversation")
	}
	return oneRow(res, salescoach.MsgConversationNotFound)
}

// SoftDelete hides the user's conversation by setting deleted_at (and
// updated_at) to now; its messages stay for admins, and its chat start still
// counts against the quota. It returns ENOTFOUND when the conversation does
// not exist, belongs to another user, is deleted already or either id is not
// a UUID.
func (s *ConversationService) SoftDelete(ctx context.Context, userID, id string, now time.Time) error {
	if !validID(userID) || !validID(id) {
		return notFound(salescoach.MsgConversationNotFound)
	}
	res, err := s.db.r().exec(ctx, `UPDATE conversations SET deleted_at = ?, updated_at = ?
		WHERE id = ? AND user_id = ? AND deleted_at IS NULL`, now, now, id, userID)
	if err != nil {
		return dbError(err, "delete conversation")
	}
	return oneRow(res, salescoach.MsgConversationNotFound)
}

// DeleteHistory soft-deletes all the user's conversations that are not
// deleted yet, in one statement, and returns how many it hid (0 for a user id
// that is not a UUID). It returns only driver errors.
func (s *ConversationService) DeleteHistory(ctx context.Context, userID string, now time.Time) (int, error) {
	if !validID(userID) {
		return 0, nil
	}
	res, err := s.db.r().exec(ctx, `UPDATE conversations SET deleted_at = ?, updated_at = ?
		WHERE user_id = ? AND deleted_at IS NULL`, now, now, userID)
	if err != nil {
		return 0, dbError(err, "delete history")
	}
	n, err := rowsAffected(res)
	return int(n), err
}

// RecordTokenUsage appends u, setting u.CreatedAt to now when it is zero; an
// empty ConversationID stores NULL. It adds u to the daily roll-up
// token_usage_days (its UTC day and user) in the same transaction, which the
// admin usage report reads. It returns ENOTFOUND when the user or the
// conversation does not exist or its id is not a UUID, and EINVALID for
// negative token counts.
func (s *ConversationService) RecordTokenUsage(ctx context.Context, u *salescoach.TokenUsage) error {
	if err := s.prepareUsage(u); err != nil {
		return err
	}
	return s.db.inTx(ctx, func(r runner) error { return insertUsage(ctx, r, []*salescoach.TokenUsage{u}) })
}

// prepareUsage checks u's ids and fills its time.
func (s *ConversationService) prepareUsage(u *salescoach.TokenUsage) error {
	if !validID(u.UserID) || (u.ConversationID != "" && !validID(u.ConversationID)) {
		return notFound(salescoach.MsgMissingRef)
	}
	if u.CreatedAt.IsZero() {
		u.CreatedAt = s.db.now()
	}
	u.CreatedAt = utc(u.CreatedAt)
	return nil
}

// insertUsage appends the raw rows of usage in one statement and adds them
// to token_usage_days, one statement per day and user (a turn's calls share
// one). The raw rows go first: their CHECKs and foreign keys vet the usage
// before it is counted.
func insertUsage(ctx context.Context, r runner, usage []*salescoach.TokenUsage) error {
	for _, st := range usageStmts(usage) {
		if _, err := r.execStmt(ctx, st); err != nil {
			return err
		}
	}
	return nil
}

// usageStmts are insertUsage's statements (none for no usage).
func usageStmts(usage []*salescoach.TokenUsage) []stmt {
	if len(usage) == 0 {
		return nil
	}
	q := `INSERT INTO token_usage (id, user_id, conversation_id, model, purpose, tokens_in, tokens_out, created_at) VALUES `
	args := make([]any, 0, 8*len(usage))
	type dayUser struct{ day, user string }
	type sums struct{ in, out, calls int }
	var order []dayUser
	days := map[dayUser]*sums{}
	for i, u := range usage {
		if i > 0 {
			q += ", "
		}
		q += "(?, ?, ?, ?, ?, ?, ?, ?)"
		args = append(args, newID(), u.UserID, nullString(u.ConversationID), u.Model, u.Purpose, u.TokensIn, u.TokensOut, u.CreatedAt)
		k := dayUser{salescoach.Day(u.CreatedAt), u.UserID}
		if days[k] == nil {
			days[k] = &sums{}
			order = append(order, k)
		}
		days[k].in += u.TokensIn
		days[k].out += u.TokensOut
		days[k].calls++
	}
	out := []stmt{{q: q, args: args, op: "insert token usage"}}
	for _, k := range order {
		d := days[k]
		out = append(out, stmt{q: `INSERT INTO token_usage_days (day, user_id, tokens_in, tokens_out, calls)
			VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (day, user_id) DO UPDATE SET tokens_in = token_usage_days.tokens_in + excluded.tokens_in,
				tokens_out = token_usage_days.tokens_out + excluded.tokens_out,
				calls = token_usage_days.calls + excluded.calls`,
			args: []any{k.day, k.user, d.in, d.out, d.calls}, op: "count token usage"})
	}
	return out
}

// errChatBusy answers a request on a conversation another request's claim
// holds.
var errChatBusy = salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgChatBusy)

// claimSQL takes the claim of a conversation in one compare-and-set: it
// matches the user's conversation that is not deleted and that no claim
// holds (none, one that has lapsed, or one whose holder process is no
// longer alive: see claim_holders), and returns the conversation. Its
// arguments: token, until, holder (nil for none), id, user id, now, now.
var claimSQL = `UPDATE conversations SET turn_claim = ?, turn_claimed_until = ?, turn_claim_holder = ?
	WHERE id = ? AND user_id = ? AND deleted_at IS NULL
		AND (turn_claim IS NULL OR turn_claimed_until <= ?
			OR (turn_claim_holder IS NOT NULL AND NOT EXISTS (SELECT 1 FROM claim_holders h
				WHERE h.id = conversations.turn_claim_holder AND h.alive_until > ?)))`

// claim runs claimSQL, with running set to claim only a conversation that
// is not completed. When nothing matched it says why: ENOTFOUND,
// errCompleted or errChatBusy.
func claim(ctx context.Context, r runner, userID, id string, c salescoach.TurnClaim, now time.Time, running bool) (*salescoach.Conversation, error) {
	if err := claimable(userID, id, c); err != nil {
		return nil, err
	}
	st := claimStmt(userID, id, c, now, running)
	conv, err := scanConversation(r.queryRow(ctx, st.q, st.args...))
	if noRows(err) {
		return nil, claimRefused(ctx, r, userID, id, running)
	}
	if err != nil {
		return nil, dbError(err, st.op)
	}
	conv.Claim = c.Token
	return conv, nil
}

// claimable checks claim's arguments before any query: ENOTFOUND for an id
// that is not a UUID, EINVALID for an empty token.
func claimable(userID, id string, c salescoach.TurnClaim) error {
	if !validID(userID) || !validID(id) {
		return notFound(salescoach.MsgConversationNotFound)
	}
	if c.Token == "" {
		return salescoach.Errorf(salescoach.EINVALID, "empty claim token")
	}
	return nil
}

// claimStmt is claim's statement, which returns the claimed conversation.
func claimStmt(userID, id string, c salescoach.TurnClaim, now time.Time, running bool) stmt {
	q := claimSQL
	if running {
		q += ` AND completed_at IS NULL`
	}
	return stmt{q: q + ` RETURNING ` + conversationSelect, args: []any{c.Token, c.Until, nullString(c.Holder), id, userID, now, now},
		op: "claim conversation"}
}

// claimRefused says why a claim matched nothing: ENOTFOUND, errCompleted
// (with running) or errChatBusy.
func claimRefused(ctx context.Context, r runner, userID, id string, running bool) error {
	var completed bool
	err := r.queryRow(ctx, `SELECT completed_at IS NOT NULL FROM conversations
		WHERE id = ? AND user_id = ? AND deleted_at IS NULL`, id, userID).Scan(&completed)
	switch {
	case noRows(err):
		return notFound(salescoach.MsgConversationNotFound)
	case err != nil:
		return dbError(err, "claim conversation")
	case running && completed:
		return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgChatCompleted)
	}
	return errChatBusy
}

// claimLost tells why a write under a claim matched no row: ENOTFOUND when
// the conversation is gone, else errChatBusy (the claim lapsed and another
// request took the conversation).
func claimLost(ctx context.Context, r runner, userID, id string) error {
	var one int
	err := r.queryRow(ctx, `SELECT 1 FROM conversations WHERE id = ? AND user_id = ? AND deleted_at IS NULL`,
		id, userID).Scan(&one)
	if noRows(err) {
		return notFound(salescoach.MsgConversationNotFound)
	} else if err != nil {
		return dbError(err, "conversation claim")
	}
	return errChatBusy
}

// BeginTurn claims the user's running conversation for one turn and appends
// the user's message m, in one transaction: the claim (a compare-and-set on
// the conversation's row, which also holds that row for the append), the
// messages so far, and m. m is not stored when the last message is a human
// one (RoleUser or RoleSeller) with the same content, a resend after a
// failed turn: the stored message is returned instead. m's ID and CreatedAt
// are filled in when empty; its ConversationID is set to id.
//
// It returns the conversation with Claim set, its messages before the
// user's message (oldest first) and the user's message as stored. It
// returns ENOTFOUND when the conversation is not the user's, is deleted or
// either id is not a UUID, ECONFLICT with MsgChatCompleted when it is
// completed, ECONFLICT with MsgChatBusy while another request's claim holds
// it (until that claim's Until has passed by now), and EINVALID for an
// empty token or a role outside the salescoach.Role* values.
func (s *ConversationService) BeginTurn(ctx context.Context, userID, id string, c salescoach.TurnClaim, now time.Time,
	m *salescoach.Message) (*salescoach.Conversation, []*salescoach.Message, *salescoach.Message, error) {
	m.ConversationID = id
	if err := s.prepareMessage(m); err != nil {
		return nil, nil, nil, err
	}
	if s.db.pg() {
		return s.beginTurnPipelined(ctx, userID, id, c, now, m)
	}
	var (
		conv    *salescoach.Conversation
		history []*salescoach.Message
		stored  = m
	)
	err := s.db.inTx(ctx, func(r runner) error {
		if r.pg {
			// This commit need not wait for the disk: the turn's answer
			// goes out only after SaveTurn's commit, which waits for the
			// log up to itself and so for this one too. A database crash
			// in between loses the message and the claim, and the client,
			// which got an error, sends it again.
			if _, err := r.exec(ctx, `SET LOCAL synchronous_commit = off`); err != nil {
				return dbError(err, "begin turn")
			}
		}
		var err error
		if conv, err = claim(ctx, r, userID, id, c, now, true); err != nil {
			return err
		}
		if history, err = messages(ctx, r, id); err != nil {
			return err
		}
		if resent(history, m) {
			stored, history = history[len(history)-1], history[:len(history)-1]
			return nil
		}
		return appendMessage(ctx, r, m)
	})
	if err != nil {
		return nil, nil, nil, err
	}
	return conv, history, stored, nil
}

// resent reports whether m repeats the last message of history, a human
// one: a resend after a failed turn, which is not stored again.
func resent(history []*salescoach.Message, m *salescoach.Message) bool {
	n := len(history)
	return n > 0 && salescoach.IsHumanRole(history[n-1].Role) && history[n-1].Content == m.Content
}

// beginTurnPipelined is BeginTurn on PostgreSQL: the claim and the history
// go out in one round trip, the user's message with the commit in a second.
func (s *ConversationService) beginTurnPipelined(ctx context.Context, userID, id string, c salescoach.TurnClaim, now time.Time,
	m *salescoach.Message) (*salescoach.Conversation, []*salescoach.Message, *salescoach.Message, error) {
	if err := claimable(userID, id, c); err != nil {
		return nil, nil, nil, err
	}
	var (
		conv    *salescoach.Conversation
		history []*salescoach.Message
		stored  = m
	)
	err := s.db.pipeline(ctx, func(p *pipe) error {
		// See BeginTurn: this commit need not wait for the disk.
		p.queue(stmt{q: `SET LOCAL synchronous_commit = off`, op: "begin turn"})
		p.queue(claimStmt(userID, id, c, now, true)).QueryRow(func(row pgx.Row) error {
			var err error
			if conv, err = scanConversation(row); noRows(err) {
				conv, err = nil, nil
			}
			return err
		})
		// The history is read in the same round trip, so only while the
		// claim just taken holds the chat: a claim that failed reads
		// nothing of a chat that may not be the user's.
		p.queue(stmt{q: `SELECT ` + messageColumns + ` FROM messages
			WHERE conversation_id = ? AND EXISTS (SELECT 1 FROM conversations c WHERE c.id = ? AND c.turn_claim = ?)
			ORDER BY created_at, seq, id`, args: []any{id, id, c.Token}}).Query(func(rows pgx.Rows) error {
			for rows.Next() {
				m, err := scanMessage(rows)
				if err != nil {
					return err
				}
				history = append(history, m)
			}
			return rows.Err()
		})
		if err := p.send(ctx, "begin turn"); err != nil {
			return err
		}
		if conv == nil {
			return claimRefused(ctx, p.runner(), userID, id, true)
		}
		conv.Claim = c.Token
		if resent(history, m) {
			stored, history = history[len(history)-1], history[:len(history)-1]
		} else {
			p.queue(appendMessageStmt(m))
		}
		return p.commit(ctx)
	})
	if err != nil {
		return nil, nil, nil, err
	}
	return conv, history, stored, nil
}

// ClaimConversation claims the user's conversation, completed or not, for a
// request that changes its state (an evaluation, ending an exam), in one
// compare-and-set, and returns it with Claim set. It returns ENOTFOUND when
// the conversation is not the user's, is deleted or either id is not a
// UUID, ECONFLICT with MsgChatBusy while another request's claim holds it,
// and EINVALID for an empty token.
func (s *ConversationService) ClaimConversation(ctx context.Context, userID, id string, c salescoach.TurnClaim, now time.Time) (*salescoach.Conversation, error) {
	return claim(ctx, s.db.r(), userID, id, c, now, false)
}

// RenewClaim moves the end of the claim c on the conversation to c.Until. It
// returns ECONFLICT with MsgChatBusy when that claim no longer holds the
// conversation (it lapsed and was taken, was released, or the conversation
// is gone).
func (s *ConversationService) RenewClaim(ctx context.Context, id string, c salescoach.TurnClaim) error {
	if !validID(id) || c.Token == "" {
		return errChatBusy
	}
	res, err := s.db.r().exec(ctx, `UPDATE conversations SET turn_claimed_until = ? WHERE id = ? AND turn_claim = ?`,
		c.Until, id, c.Token)
	if err != nil {
		return dbError(err, "renew conversation claim")
	}
	if n, err := rowsAffected(res); err != nil {
		return err
	} else if n == 0 {
		return errChatBusy
	}
	return nil
}

// ReleaseClaim ends the claim with that token on the conversation, if it
// still holds it; otherwise it does nothing. It returns only driver errors.
func (s *ConversationService) ReleaseClaim(ctx context.Context, id, token string) error {
	if !validID(id) || token == "" {
		return nil
	}
	_, err := s.db.r().exec(ctx, `UPDATE conversations SET turn_claim = NULL, turn_claimed_until = NULL
		WHERE id = ? AND turn_claim = ?`, id, token)
	return dbError(err, "release conversation claim")
}

// PreviousExamEvaluation returns the evaluation of the user's newest
// evaluated, not deleted exam created before the time (other than id), ""
// when there is none or an id is not a UUID. It returns only driver errors.
func (s *ConversationService) PreviousExamEvaluation(ctx context.Context, userID, id string, before time.Time) (string, error) {
	if !validID(userID) || !validID(id) {
		return "", nil
	}
	var ev string
	err := s.db.r().queryRow(ctx, `SELECT evaluation FROM conversations
		WHERE user_id = ? AND id <> ? AND mode = ? AND deleted_at IS NULL AND evaluation IS NOT NULL
			AND evaluation <> '' AND created_at < ?
		ORDER BY created_at DESC, id DESC LIMIT 1`, userID, id, salescoach.ModeExam, utc(before)).Scan(&ev)
	if noRows(err) {
		return "", nil
	}
	return ev, dbError(err, "previous exam")
}
