package sqlstore

import (
	"context"
	"strings"
	"time"

	"salescoach"
)

var _ salescoach.OutboxService = (*OutboxService)(nil)

// OutboxService stores outgoing mail until a sender has delivered it or
// given it up (see migrations/0020_mail_outbox.sql).
type OutboxService struct {
	db *DB
}

// NewOutboxService returns an OutboxService on db.
func NewOutboxService(db *DB) *OutboxService {
	return &OutboxService{db: db}
}

// maxRecipientLength bounds a stored address (RFC 5321 allows 320 octets
// at most in practice: 64 local, @, 255 domain).
const maxRecipientLength = 320

// EnqueueMail stores m as pending and due at m.CreatedAt (now when zero),
// with m.Token in the same transaction when that is set, and sets m.ID. A
// zero GiveUpAt becomes CreatedAt plus a day. It returns EINVALID when the
// recipient is empty or longer than 320 bytes, ENOTFOUND when the user does
// not exist, and ECONFLICT when the token's hash exists already.
func (s *OutboxService) EnqueueMail(ctx context.Context, m *salescoach.OutboxMail) error {
	to := strings.TrimSpace(m.Message.To)
	if to == "" || len(to) > maxRecipientLength {
		return salescoach.FieldError("email", salescoach.MsgEmailInvalid)
	}
	if m.CreatedAt.IsZero() {
		m.CreatedAt = s.db.now()
	}
	if m.GiveUpAt.IsZero() {
		m.GiveUpAt = m.CreatedAt.Add(24 * time.Hour)
	}
	m.CreatedAt, m.GiveUpAt = utc(m.CreatedAt), utc(m.GiveUpAt)
	id := newID()
	err := s.db.inTx(ctx, func(r runner) error {
		if m.Token != nil {
			if err := insertOneTimeToken(ctx, r, m.Token); err != nil {
				return err
			}
		}
		return insertOutboxMail(ctx, r, id, to, m)
	})
	if err != nil {
		return err
	}
	m.ID = id
	return nil
}

// insertOutboxMail stores m, addressed to to, as pending under id, in the
// caller's transaction: for writes whose mail must exist exactly when they
// do (EnqueueMail's token, an assignment's reminder mark).
func insertOutboxMail(ctx context.Context, r runner, id, to string, m *salescoach.OutboxMail) error {
	_, err := r.exec(ctx, `INSERT INTO mail_outbox (id, user_id, recipient, subject, body_text, body_html, link,
			due_at, give_up_at, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, m.UserID, to, m.Message.Subject, m.Message.Text, m.Message.HTML, m.Message.Link,
		m.CreatedAt, m.GiveUpAt, m.CreatedAt)
	return dbError(err, "insert outbox mail")
}

// ClaimMails claims up to limit due pending mails for lease in one
// statement: it moves their due_at to now+lease, stamps a new claim id and
// counts the attempt. On PostgreSQL the SELECT skips rows another sender's
// claim has locked, and the UPDATE checks its conditions again against the
// newest row version, so two senders never claim one mail; on SQLite the
// statement runs under the one write lock. The choice is materialised: as a
// plain IN subquery PostgreSQL may run it again for each updated row, and
// each run finds the next due mail, so LIMIT would not hold. It may claim
// fewer than limit while more are due (rows locked by another claim are
// skipped). It returns only driver errors.
func (s *OutboxService) ClaimMails(ctx context.Context, now time.Time, lease time.Duration, limit int) ([]*salescoach.OutboxMail, error) {
	lock := ""
	if s.db.pg() {
		lock = " FOR UPDATE SKIP LOCKED"
	}
	claimID := newID()
	rows, err := s.db.r().queryRows(ctx, `WITH due AS MATERIALIZED (
			SELECT id FROM mail_outbox WHERE status = 'pending' AND due_at <= ? ORDER BY due_at LIMIT ?`+lock+`)
		UPDATE mail_outbox SET due_at = ?, claim_id = ?, attempts = attempts + 1
		WHERE id IN (SELECT id FROM due) AND status = 'pending' AND due_at <= ?
		RETURNING id, user_id, recipient, subject, body_text, body_html, link, attempts, created_at, give_up_at`,
		now, limit, now.Add(lease), claimID, now)
	if err != nil {
		return nil, dbError(err, "claim outbox mails")
	}
	defer rows.Close()
	var out []*salescoach.OutboxMail
	for rows.Next() {
		m := &salescoach.OutboxMail{ClaimID: claimID}
		if err := rows.Scan(&m.ID, &m.UserID, &m.Message.To, &m.Message.Subject, &m.Message.Text, &m.Message.HTML,
			&m.Message.Link, &m.Attempts, scanTime(&m.CreatedAt), scanTime(&m.GiveUpAt)); err != nil {
			return nil, dbError(err, "scan outbox mail")
		}
		out = append(out, m)
	}
	return out, dbError(rows.Err(), "claim outbox mails")
}

// MarkMailSent marks the claimed mail sent and clears its bodies and link.
// It returns ECONFLICT when claimID is no longer the mail's claim.
func (s *OutboxService) MarkMailSent(ctx context.Context, id, claimID string, now time.Time) error {
	return s.finish(ctx, `UPDATE mail_outbox SET status = 'sent', done_at = ?, claim_id = NULL,
			body_text = '', body_html = '', link = ''
		WHERE id = ? AND claim_id = ? AND status = 'pending'`, now, id, claimID)
}

// RetryMail ends the claim, makes the mail due at at and notes reason. It
// returns ECONFLICT when claimID is no longer the mail's claim.
func (s *OutboxService) RetryMail(ctx context.Context, id, claimID string, at time.Time, reason string) error {
	return s.finish(ctx, `UPDATE mail_outbox SET due_at = ?, claim_id = NULL, last_error = ?
		WHERE id = ? AND claim_id = ? AND status = 'pending'`, at, truncateReason(reason), id, claimID)
}

// MarkMailFailed gives the claimed mail up, notes reason and clears its
// bodies and link. It returns ECONFLICT when claimID is no longer the
// mail's claim.
func (s *OutboxService) MarkMailFailed(ctx context.Context, id, claimID string, now time.Time, reason string) error {
	return s.finish(ctx, `UPDATE mail_outbox SET status = 'failed', done_at = ?, claim_id = NULL, last_error = ?,
			body_text = '', body_html = '', link = ''
		WHERE id = ? AND claim_id = ? AND status = 'pending'`, now, truncateReason(reason), id, claimID)
}

// finish runs one claim-guarded update and turns "no row changed" into
// ECONFLICT.
func (s *OutboxService) finish(ctx context.Context, q string, args ...any) error {
	res, err := s.db.r().exec(ctx, q, args...)
	if err != nil {
		return dbError(err, "update outbox mail")
	}
	n, err := rowsAffected(res)
	if err != nil {
		return err
	}
	if n == 0 {
		return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgConflict)
	}
	return nil
}

// truncateReason bounds the stored error code; codes are short, so this
// only guards against a caller passing something else.
func truncateReason(s string) string {
	if len(s) > 64 {
		return s[:64]
	}
	return s
}

// NextMailDue returns the due time of the earliest pending mail and false
// when none is pending. It returns only driver errors.
func (s *OutboxService) NextMailDue(ctx context.Context) (time.Time, bool, error) {
	var t time.Time
	err := s.db.r().queryRow(ctx, `SELECT due_at FROM mail_outbox WHERE status = 'pending' ORDER BY due_at LIMIT 1`).
		Scan(scanTime(&t))
	if noRows(err) {
		return time.Time{}, false, nil
	}
	if err != nil {
		return time.Time{}, false, dbError(err, "next outbox mail")
	}
	return t, true, nil
}

// PruneMails deletes sent and failed mails that finished before before and
// returns how many. It returns only driver errors.
func (s *OutboxService) PruneMails(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.db.r().exec(ctx, `DELETE FROM mail_outbox WHERE status <> 'pending' AND done_at < ?`, before)
	if err != nil {
		return 0, dbError(err, "prune outbox")
	}
	return rowsAffected(res)
}
