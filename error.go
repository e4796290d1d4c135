// Package salescoach holds the domain of Sales Coach: its types, the rules that
// need no I/O, and the service interfaces that adapters (sqlstore, auth, mail,
// httpapi, ...) implement or consume. It imports no adapter.
package salescoach

import (
	"errors"
	"fmt"
	"slices"
)

// Error codes. httpapi maps each to one HTTP status in a single table.
const (
	EINVALID      = "invalid"      // the request is malformed or fails validation
	ENOTFOUND     = "not_found"    // the object does not exist or is not the caller's
	ECONFLICT     = "conflict"     // the object exists already or changed meanwhile
	EUNAUTHORIZED = "unauthorized" // no valid credentials
	EFORBIDDEN    = "forbidden"    // valid credentials without the right
	ELIMIT        = "limit"        // a rate limit or quota is exhausted
	ETOOLARGE     = "too_large"    // a body or file is over its size limit
	EUNAVAILABLE  = "unavailable"  // a dependency is down or not configured
	EINTERNAL     = "internal"     // anything else; never shown to the user in detail
)

// Error is the one error type of the domain. Code is the category that
// decides the HTTP status; Msg is what a user may read (a machine key plus the
// specification's German text); Details adds a second line for the user;
// Fields names form fields with their messages.
type Error struct {
	Code    string
	Msg     Msg
	Details Msg
	Fields  map[string]Msg
	// RetryAfter is the number of seconds a client should wait: for ELIMIT,
	// and for an EUNAVAILABLE whose dependency is only passingly down (a
	// model server that is unreachable or overloaded). Zero says nothing.
	RetryAfter int
}

// Error implements the error interface.
func (e *Error) Error() string {
	return fmt.Sprintf("salescoach error: code=%s key=%s message=%s", e.Code, e.Msg.Key, e.Msg.String())
}

// Message returns the user-readable German text of e.
func (e *Error) Message() string { return e.Msg.String() }

// NewError returns an *Error with the given code and message.
func NewError(code string, m Msg) *Error {
	return &Error{Code: code, Msg: m}
}

// Errorf returns an *Error with the given code and a formatted message that
// has no key: for operators (start-up configuration) and internal errors, not
// for texts a user reads.
func Errorf(code string, format string, args ...any) *Error {
	return &Error{Code: code, Msg: Msg{Text: fmt.Sprintf(format, args...)}}
}

// Problems are the validation problems of a request by field name.
type Problems map[string]Msg

// FieldError returns an EINVALID error for one field.
func FieldError(field string, m Msg) *Error {
	return &Error{Code: EINVALID, Msg: m, Fields: map[string]Msg{field: m}}
}

// FieldErrors returns an EINVALID error for the fields, headlined by the
// message of the first field in name order, so that a multi-field error
// reads the same every time.
func FieldErrors(fields Problems) *Error {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var m Msg
	if len(keys) > 0 {
		m = fields[keys[0]]
	}
	return &Error{Code: EINVALID, Msg: m, Fields: fields}
}

// ErrorCode returns the code of err when it is (or wraps) an *Error, EINTERNAL
// for any other non-nil error and "" for nil.
func ErrorCode(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Code
	}
	return EINTERNAL
}

// ErrorMessage returns the user-readable German message of err when it is (or
// wraps) an *Error and a generic text otherwise.
func ErrorMessage(err error) string {
	var e *Error
	if err == nil {
		return ""
	} else if errors.As(err, &e) {
		return e.Message()
	}
	return MsgInternal.Text
}

// IsUUID reports whether s is a UUID in its canonical 36-character form
// (8-4-4-4-12 hex digits), the only form our ids take. Any other id can match
// nothing, so callers answer it as not found without asking the database.
func IsUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	for i, c := range s {
		switch {
		case i == 8 || i == 13 || i == 18 || i == 23:
			if c != '-' {
				return false
			}
		case (c < '0' || c > '9') && (c < 'a' || c > 'f') && (c < 'A' || c > 'F'):
			return false
		}
	}
	return true
}
