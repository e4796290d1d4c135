package sqlstore

import (
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"salescoach"
)

// constraintError translates a violated constraint of either driver into a
// domain error and returns nil for any other error. It is the one place that
// knows both drivers' codes:
//   - unique or primary key → ECONFLICT;
//   - check or not-null → EINVALID (a value outside an enum, a negative count);
//   - foreign key → ENOTFOUND (the row referred to does not exist; our
//     deletes cascade or set NULL, so a foreign-key error comes from a write
//     that names a missing row).
func constraintError(err error) *salescoach.Error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "23505":
			return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgConflict)
		case "23514", "23502":
			return salescoach.NewError(salescoach.EINVALID, salescoach.MsgInvalidData)
		case "23503":
			return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgMissingRef)
		}
		return nil
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY:
			return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgConflict)
		case sqlite3.SQLITE_CONSTRAINT_CHECK, sqlite3.SQLITE_CONSTRAINT_NOTNULL:
			return salescoach.NewError(salescoach.EINVALID, salescoach.MsgInvalidData)
		case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgMissingRef)
		}
	}
	return nil
}

// dbError returns the domain error for a constraint violation and otherwise
// wraps err with the operation's name, for the log.
func dbError(err error, op string) error {
	if err == nil {
		return nil
	}
	if e := constraintError(err); e != nil {
		return e
	}
	return fmt.Errorf("sqlstore: %s: %w", op, err)
}

// conflictAs returns err with msg as its message when it is an ECONFLICT
// domain error, and err unchanged otherwise.
func conflictAs(err error, msg salescoach.Msg) error {
	var e *salescoach.Error
	if errors.As(err, &e) && e.Code == salescoach.ECONFLICT {
		return salescoach.NewError(salescoach.ECONFLICT, msg)
	}
	return err
}

func notFound(msg salescoach.Msg) error {
	return salescoach.NewError(salescoach.ENOTFOUND, msg)
}
