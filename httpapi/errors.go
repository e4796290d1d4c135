package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"salescoach"
)

// statusByCode is the one table that maps domain error codes to HTTP statuses.
var statusByCode = map[string]int{
	salescoach.EINVALID:      http.StatusBadRequest,
	salescoach.ENOTFOUND:     http.StatusNotFound,
	salescoach.ECONFLICT:     http.StatusConflict,
	salescoach.EUNAUTHORIZED: http.StatusUnauthorized,
	salescoach.EFORBIDDEN:    http.StatusForbidden,
	salescoach.ELIMIT:        http.StatusTooManyRequests,
	salescoach.ETOOLARGE:     http.StatusRequestEntityTooLarge,
	salescoach.EUNAVAILABLE:  http.StatusServiceUnavailable,
	salescoach.EINTERNAL:     http.StatusInternalServerError,
}

// errorBody is the JSON shape of every error answer.
type errorBody struct {
	Error   string            `json:"error"`
	Details string            `json:"details,omitempty"`
	Fields  map[string]string `json:"fields,omitempty"`
	// ConversationID names the chat a failed first message created, so the
	// client continues it instead of starting (and paying for) another.
	ConversationID string `json:"conversationId,omitempty"`
	// RetryAfter repeats the Retry-After header's seconds, for answers that
	// cannot carry a header any more (an error event in a stream).
	RetryAfter int `json:"retryAfter,omitempty"`
}

// genericInternal is what the user reads for any error that is not a
// *salescoach.Error; the cause goes to the log only.
const genericInternal = "Leider ist ein Fehler aufgetreten."

// writeError answers with the status of err's code. Errors that are not
// *salescoach.Error, and EINTERNAL ones, are logged with their cause and
// answered with a generic text.
func writeError(w http.ResponseWriter, r *http.Request, logger *slog.Logger, err error) {
	status, body := errorPayload(w, r, logger, err)
	writeJSON(w, status, body)
}

// errorPayload is the status and body of an error answer; see writeError.
func errorPayload(w http.ResponseWriter, r *http.Request, logger *slog.Logger, err error) (int, errorBody) {
	code := salescoach.ErrorCode(err)
	status := statusByCode[code]
	if status == 0 {
		status = http.StatusInternalServerError
	}
	var e *salescoach.Error
	if errors.As(err, &e) && code != salescoach.EINTERNAL {
		if e.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
		}
		return status, errorBody{Error: e.Message, Details: e.Details, Fields: e.Fields, RetryAfter: e.RetryAfter}
	}
	logger.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	return status, errorBody{Error: genericInternal}
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// validator is implemented by request bodies; Valid returns the problems by
// field name, empty when the request is fine.
type validator interface {
	Valid() map[string]string
}

// maxJSONBody bounds every JSON request body.
const maxJSONBody = 64 << 10

// decode reads one JSON object of at most limit bytes (maxJSONBody when limit
// is 0) into v and validates it. Errors: ETOOLARGE over the limit, EINVALID for
// malformed JSON, unknown fields, trailing data or failed validation.
func decode[T validator](w http.ResponseWriter, r *http.Request, limit int64) (T, error) {
	var v T
	if limit == 0 {
		limit = maxJSONBody
	}
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(strings.ToLower(ct), "application/json") {
		return v, salescoach.Errorf(salescoach.EINVALID, "Die Anfrage muss JSON sein.")
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return v, salescoach.Errorf(salescoach.ETOOLARGE, "Die Anfrage ist zu groß.")
		}
		return v, salescoach.Errorf(salescoach.EINVALID, "Die Anfrage ist kein gültiges JSON.")
	}
	if err := dec.Decode(&struct{}{}); err != io.EOF {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return v, salescoach.Errorf(salescoach.ETOOLARGE, "Die Anfrage ist zu groß.")
		}
		return v, salescoach.Errorf(salescoach.EINVALID, "Die Anfrage ist kein gültiges JSON.")
	}
	if problems := v.Valid(); len(problems) > 0 {
		return v, salescoach.FieldErrors(problems)
	}
	return v, nil
}
