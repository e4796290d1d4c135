package salescoach

import (
	"context"
	"strings"
)

// ExportTable is one table's rows of a user's data export, each row a map
// from column name to value (text, number, boolean, time or nil). Columns
// that hold secrets (password and token hashes) are never part of it.
type ExportTable struct {
	Name string
	Rows []map[string]any
}

// ExportConversation is one of a user's chats with its messages, oldest
// first, for the data export.
type ExportConversation struct {
	Conversation *Conversation
	Messages     []*Message
}

// DeletedAccount is what remains to be done outside the database after an
// account was deleted: the avatar key to remove from the blob store ("" for
// none).
type DeletedAccount struct {
	UserID    string
	AvatarKey string
}

// PrivacyService reads a user's stored data for the export (GDPR art. 15
// and 20) and deletes an account with everything that belongs to it (art.
// 17).
type PrivacyService interface {
	// ExportTables returns the user's rows of every table that holds data
	// about them (profile, consent, feedback, referrals, subscriptions,
	// sessions, ...), except conversations and messages, which
	// ExportConversations pages through. It returns ENOTFOUND when there is
	// no such user.
	ExportTables(ctx context.Context, userID string) ([]ExportTable, error)
	// ExportConversations returns up to limit of the user's conversations
	// (deleted ones included: they are still stored) in creation order after
	// the one with id after ("" for the start), each with its messages. An
	// empty result ends the paging. It returns only driver errors.
	ExportConversations(ctx context.Context, userID, after string, limit int) ([]*ExportConversation, error)
	// UserSubscriptions lists every subscription row the user's deletion
	// ends, newest first: the user's own, and those of the team the user
	// owns (deleted with the account). It returns only driver errors.
	UserSubscriptions(ctx context.Context, userID string) ([]*Subscription, error)
	// DeleteAccount deletes the user and, in the same transaction, every
	// row that belongs to them; rows kept for the law or the statistics
	// (consent records, page views, feedback) lose everything that names
	// the user. It returns ENOTFOUND when there is no such user.
	DeleteAccount(ctx context.Context, userID string) (*DeletedAccount, error)
}

// The typed confirmations of an account deletion, one per app language.
const (
	DeleteConfirmDE = "LÖSCHEN"
	DeleteConfirmEN = "DELETE"
)

// DeleteConfirmed reports whether typed is one of the deletion
// confirmations, ignoring surrounding space and case.
func DeleteConfirmed(typed string) bool {
	t := strings.ToUpper(strings.TrimSpace(typed))
	return t == DeleteConfirmDE || t == DeleteConfirmEN
}
