package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"unicode"

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

// errorBody is the JSON shape of every error answer: a stable machine code
// (the message key, or the error category for errors without one), the
// German text as a readable default, the values of the text's placeholders,
// and per field the same three.
type errorBody struct {
	Code    string         `json:"code"`
	Error   string         `json:"error"`
	Params  map[string]any `json:"params,omitempty"`
	Details string         `json:"details,omitempty"`
	// DetailsCode is the key of Details, with its placeholders in Params.
	DetailsCode string               `json:"detailsCode,omitempty"`
	Fields      map[string]fieldBody `json:"fields,omitempty"`
	// ConversationID names the chat a failed first message created, so the
	// client continues it instead of starting (and paying for) another.
	ConversationID string `json:"conversationId,omitempty"`
	// RetryAfter repeats the Retry-After header's seconds, for answers that
	// cannot carry a header any more (an error event in a stream).
	RetryAfter int `json:"retryAfter,omitempty"`
	// InvitedEmail names the address an invitation is for, when another
	// account tried it (POST /api/team/join).
	InvitedEmail string `json:"invitedEmail,omitempty"`
}

// fieldBody is one field's problem in an error answer.
type fieldBody struct {
	Code   string         `json:"code"`
	Error  string         `json:"error"`
	Params map[string]any `json:"params,omitempty"`
}

// msgParams turns a message's placeholders into JSON values: a message
// nested in another (the reason of 'Upload fehlgeschlagen: {reason}')
// becomes a fieldBody, so that clients can translate it too.
func msgParams(m salescoach.Msg) map[string]any {
	if len(m.Params) == 0 {
		return nil
	}
	out := make(map[string]any, len(m.Params))
	for k, v := range m.Params {
		if inner, ok := v.(salescoach.Msg); ok {
			v = fieldBody{Code: inner.Key, Error: inner.String(), Params: msgParams(inner)}
		}
		out[k] = v
	}
	return out
}

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
	if clientGone(r) && (status >= 500 || errors.Is(err, context.Canceled)) {
		// The client closed the request (a closed tab, a navigation, an
		// aborted fetch) and its context ended what the handler was doing:
		// no server fault, and nobody reads the answer. Logged as what it
		// is, with nginx's 499, so that neither the log nor the metrics
		// count it among the server's errors; the cause stays in the line.
		logger.InfoContext(r.Context(), "request cancelled by the client", "method", r.Method, "path", r.URL.Path, "err", err)
		return StatusClientClosedRequest, errorBody{Code: "client_closed_request", Error: "Client Closed Request"}
	}
	var e *salescoach.Error
	if errors.As(err, &e) && code != salescoach.EINTERNAL {
		if e.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
		}
		body := errorBody{Code: e.Msg.Key, Error: e.Message(), Params: msgParams(e.Msg), RetryAfter: e.RetryAfter}
		if body.Code == "" {
			body.Code = code
		}
		if e.Details.Text != "" {
			body.Details, body.DetailsCode = e.Details.String(), e.Details.Key
			for k, v := range msgParams(e.Details) {
				if body.Params == nil {
					body.Params = map[string]any{}
				}
				body.Params[k] = v
			}
		}
		if len(e.Fields) > 0 {
			body.Fields = make(map[string]fieldBody, len(e.Fields))
			for name, m := range e.Fields {
				body.Fields[name] = fieldBody{Code: m.Key, Error: m.String(), Params: msgParams(m)}
			}
		}
		return status, body
	}
	logger.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	return status, errorBody{Code: salescoach.MsgInternal.Key, Error: salescoach.MsgInternal.Text}
}

// StatusClientClosedRequest is the status of a request whose client went
// away before the answer: nginx's 499 "client closed request", which access
// logs and dashboards already know. It is never sent to a client that
// listens.
const StatusClientClosedRequest = 499

// clientGone reports whether the request's client closed it: net/http
// cancels the request's context then (a server-side deadline ends it with
// context.DeadlineExceeded instead, which stays a server error).
func clientGone(r *http.Request) bool {
	return errors.Is(r.Context().Err(), context.Canceled)
}

// isKey reports whether err is (or wraps) an *salescoach.Error with m's key.
func isKey(err error, m salescoach.Msg) bool {
	var e *salescoach.Error
	return errors.As(err, &e) && e.Msg.Key == m.Key
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
	Valid() salescoach.Problems
}

// maxJSONBody bounds every JSON request body.
const maxJSONBody = 64 << 10

// decode reads one JSON object of at most limit bytes (maxJSONBody when limit
// is 0) into v, refuses control characters in its texts and validates it.
// Errors: ETOOLARGE over the limit, EINVALID for malformed JSON, anything but
// one object (null, an array, a number, trailing data), a field of the wrong
// type, unknown fields, control characters or failed validation.
func decode[T validator](w http.ResponseWriter, r *http.Request, limit int64) (T, error) {
	var v T
	if limit == 0 {
		limit = maxJSONBody
	}
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(strings.ToLower(ct), "application/json") {
		return v, salescoach.NewError(salescoach.EINVALID, salescoach.MsgNotJSON)
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return v, salescoach.NewError(salescoach.ETOOLARGE, salescoach.MsgTooLarge)
		}
		return v, salescoach.NewError(salescoach.EINVALID, salescoach.MsgBadJSON)
	}
	// Only one object may come: T is a pointer to a struct, which JSON null
	// would leave nil, and arrays, strings or numbers cannot fill it.
	if !startsObject(raw) {
		if json.Valid(raw) {
			return v, salescoach.NewError(salescoach.EINVALID, salescoach.MsgNotJSONObject)
		}
		return v, salescoach.NewError(salescoach.EINVALID, salescoach.MsgBadJSON)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return v, decodeError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return v, salescoach.NewError(salescoach.EINVALID, salescoach.MsgNotJSONObject)
	}
	if path := duplicateKey(raw); path != "" {
		return v, salescoach.FieldError(path, salescoach.MsgDuplicateField)
	}
	if problems := controlCharacters(v); len(problems) > 0 {
		return v, salescoach.FieldErrors(problems)
	}
	if problems := v.Valid(); len(problems) > 0 {
		return v, salescoach.FieldErrors(problems)
	}
	return v, nil
}

// startsObject reports whether raw, after JSON white space, opens an object:
// JSON null, arrays, strings and numbers cannot be a request body.
func startsObject(raw []byte) bool {
	start := bytes.TrimLeft(raw, " \t\r\n")
	return len(start) > 0 && start[0] == '{'
}

// duplicateKey is the path of the first key that an object in raw, a
// valid JSON document, holds twice ("quantity", "persona.role",
// "objections.0.hint"), or "" when none does. encoding/json would keep the
// last value silently, and the server act on a value the client may not
// have meant.
func duplicateKey(raw []byte) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	path, _ := duplicateIn(dec, "")
	return path
}

// duplicateIn reads one value from dec, whose path is path, and answers the
// path of a key held twice within it.
func duplicateIn(dec *json.Decoder, path string) (string, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", err
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return "", nil
	}
	keys := map[string]bool{}
	for i := 0; dec.More(); i++ {
		name := strconv.Itoa(i)
		if d == '{' {
			if tok, err = dec.Token(); err != nil {
				return "", err
			}
			name, _ = tok.(string)
			if keys[name] {
				return joinPath(path, name), nil
			}
			keys[name] = true
		}
		if dup, err := duplicateIn(dec, joinPath(path, name)); dup != "" || err != nil {
			return dup, err
		}
	}
	_, err = dec.Token() // the closing delimiter
	return "", err
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// decodeError names the field of a type mismatch or an unknown field.
func decodeError(err error) error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && typeErr.Field != "" {
		return salescoach.FieldError(typeErr.Field, salescoach.MsgBadFieldType)
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if name, err := strconv.Unquote(name); err == nil && len(name) <= 64 {
			return salescoach.FieldError(name, salescoach.MsgUnknownField)
		}
	}
	return salescoach.NewError(salescoach.EINVALID, salescoach.MsgBadJSON)
}

// controlCharacters finds the texts of v (a request body: structs, pointers,
// slices, maps) that hold a control character other than tab and newline.
// Such characters have no place in what people type, PostgreSQL refuses NUL
// outright, and refusing them here keeps both databases alike. Problems are
// named by the JSON path of the field (message, challenges.0.name).
func controlCharacters(v any) salescoach.Problems {
	p := salescoach.Problems{}
	walkTexts(reflect.ValueOf(v), "", func(path, s string) {
		if hasControl(s) {
			p[path] = salescoach.MsgControlChar
		}
	})
	return p
}

// hasControl reports whether s holds a C0 or C1 control character other
// than tab and newline (a carriage return included: browsers send line
// breaks as LF).
func hasControl(s string) bool {
	for _, c := range s {
		if unicode.IsControl(c) && c != '\t' && c != '\n' {
			return true
		}
	}
	return false
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// walkTexts calls fn with every string inside v and its JSON path.
func walkTexts(v reflect.Value, path string, fn func(path, s string)) {
	join := func(name string) string {
		if path == "" {
			return name
		}
		return path + "." + name
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkTexts(v.Elem(), path, fn)
		}
	case reflect.String:
		fn(path, v.String())
	case reflect.Struct:
		t := v.Type()
		// A type that reads its own JSON (a nullable field, say) is one
		// field: its parts keep the field's path.
		own := reflect.PointerTo(t).Implements(unmarshalerType)
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if own || f.Anonymous && f.Tag.Get("json") == "" {
				walkTexts(v.Field(i), path, fn)
				continue
			}
			walkTexts(v.Field(i), join(name), fn)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walkTexts(v.Index(i), join(strconv.Itoa(i)), fn)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			key := iter.Key()
			if key.Kind() == reflect.String {
				fn(join(key.String()), key.String())
				walkTexts(iter.Value(), join(key.String()), fn)
			}
		}
	}
}
