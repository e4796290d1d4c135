package httpapi_test

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
)

// This file checks every answer of the server that the httpapi tests
// receive against docs/api/openapi.yaml: the status must be documented for
// the route and method, the content type must be one the description lists,
// and a JSON body must match the response's schema. newEnv puts the check in
// front of the server, so every test of this package also tests the API
// description (and through it the web app's generated types).

const apiDocPath = "../docs/api/openapi.yaml"

// apiOp is one documented operation.
type apiOp struct {
	key   string // "GET /api/me"
	route *routers.Route
}

// apiSpec is the parsed API description with a router over its paths.
type apiSpec struct {
	doc *openapi3.T
	mux *http.ServeMux
	ops map[string]*apiOp // by the mux pattern, the same as key
}

// loadAPISpec parses, resolves and validates the description once per test
// process (parsing is the expensive part of a check).
var loadAPISpec = sync.OnceValues(func() (*apiSpec, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(apiDocPath)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", apiDocPath, err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("%s is not a valid OpenAPI document: %w", apiDocPath, err)
	}
	s := &apiSpec{doc: doc, mux: http.NewServeMux(), ops: map[string]*apiOp{}}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			key := method + " " + path
			// The paths use the same {name} wildcards as net/http's patterns,
			// so a ServeMux finds the operation exactly as the server does.
			s.mux.Handle(key, http.NotFoundHandler())
			s.ops[key] = &apiOp{key: key, route: &routers.Route{Spec: doc, Path: path, PathItem: item, Method: method, Operation: op}}
		}
	}
	return s, nil
})

// mustAPISpec returns the parsed description or fails the test.
func mustAPISpec(t testing.TB) *apiSpec {
	t.Helper()
	s, err := loadAPISpec()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// find returns the operation a request addresses, or nil for paths the
// description does not cover (the app's pages, unknown API paths).
func (s *apiSpec) find(r *http.Request) *apiOp {
	_, pattern := s.mux.Handler(r)
	return s.ops[pattern]
}

// isJSON reports whether a Content-Type names JSON.
func isJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && (mt == "application/json" || strings.HasSuffix(mt, "+json"))
}

// check compares one answer with the description of op. body is the whole
// body for JSON answers and nil otherwise (streams, audio, images).
func (s *apiSpec) check(op *apiOp, r *http.Request, status int, header http.Header, body []byte) error {
	ref := op.route.Operation.Responses.Status(status)
	if ref == nil || ref.Value == nil {
		return fmt.Errorf("status %d is not documented", status)
	}
	ct := header.Get("Content-Type")
	content := ref.Value.Content
	if len(content) == 0 {
		if isJSON(ct) && len(bytes.TrimSpace(body)) > 0 {
			return fmt.Errorf("answers %s, but the description of %d has no content", ct, status)
		}
		return nil
	}
	if ct == "" && status == http.StatusNoContent {
		return nil
	}
	if content.Get(ct) == nil {
		return fmt.Errorf("answers Content-Type %q, the description of %d lists %v", ct, status, slices.Sorted(maps.Keys(content)))
	}
	if !isJSON(ct) {
		return nil
	}
	req := r.Clone(context.Background())
	req.Body = http.NoBody
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, Route: op.route},
		Status:                 status,
		Header:                 header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	return openapi3filter.ValidateResponse(context.Background(), in)
}

// exercised holds the operations (keys) that answered at least once in this
// test process; TestMain checks that none was left out.
var exercised sync.Map

// anyTestFailed is set when a test that used the checked server failed: the
// coverage of a failed run says nothing.
var anyTestFailed atomic.Bool

// recorder passes an answer through and keeps a copy of a JSON body.
type recorder struct {
	http.ResponseWriter
	status int
	header http.Header // as sent with the status
	keep   bool
	body   bytes.Buffer
}

func (w *recorder) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
		w.header = w.ResponseWriter.Header().Clone()
		w.keep = isJSON(w.header.Get("Content-Type"))
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *recorder) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.keep && w.body.Len() < 8<<20 {
		w.body.Write(p)
	}
	return w.ResponseWriter.Write(p)
}

// Flush sends what streams wrote so far (the server's own recorder flushes
// only writers that are http.Flushers).
func (w *recorder) Flush() {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	_ = http.NewResponseController(w.ResponseWriter).Flush()
}

// Unwrap lets http.ResponseController reach the server's writer (flushes of
// streams, read and write deadlines).
func (w *recorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// checkedHandler checks every answer of next against the description and
// keeps the failures in e. They are reported when the test ends, after the
// server has finished every request: a handler may still run when the
// client already has its answer.
func (e *env) checkedHandler(spec *apiSpec, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		op := spec.find(r)
		if op == nil {
			next.ServeHTTP(w, r)
			return
		}
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if r.Context().Err() != nil {
			// The client went away (499): no client reads this answer, so
			// it is no part of the contract.
			return
		}
		if rec.status == 0 {
			rec.status, rec.header = http.StatusOK, w.Header().Clone()
		}
		exercised.Store(op.key, true)
		var body []byte
		if rec.keep {
			body = rec.body.Bytes()
		}
		if err := spec.check(op, r, rec.status, rec.header, body); err != nil {
			e.apiMu.Lock()
			e.apiErrs = append(e.apiErrs, fmt.Sprintf("%s %s (%s) answered %d against docs/api/openapi.yaml: %v\nbody: %.600s",
				r.Method, r.URL.RequestURI(), op.key, rec.status, err, body))
			e.apiMu.Unlock()
		}
	})
}

// reportAPIMismatches fails the test for each answer that did not match the
// description. It must run after the server closed.
func (e *env) reportAPIMismatches() {
	e.apiMu.Lock()
	defer e.apiMu.Unlock()
	for _, msg := range e.apiErrs {
		e.t.Errorf("%s", msg)
	}
	if e.t.Failed() {
		anyTestFailed.Store(true)
	}
}

// checkExercised is called by TestMain after a complete run: every
// documented operation must have answered at least once, except those
// listed in notExercised with the reason.
func checkExercised() error {
	for _, name := range []string{"test.run", "test.skip", "test.list"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return nil // a partial run
		}
	}
	if f := flag.Lookup("test.short"); f != nil && f.Value.String() == "true" {
		return nil
	}
	if anyTestFailed.Load() {
		return nil
	}
	spec, err := loadAPISpec()
	if err != nil {
		return err
	}
	var missing []string
	for key := range spec.ops {
		if _, ok := exercised.Load(key); !ok && notExercised[key] == "" {
			missing = append(missing, key)
		}
	}
	for key := range notExercised {
		if spec.ops[key] == nil {
			missing = append(missing, key+" (listed in notExercised, but not documented)")
		} else if _, ok := exercised.Load(key); ok {
			missing = append(missing, key+" (listed in notExercised, but a test exercised it: remove it from the list)")
		}
	}
	if len(missing) == 0 {
		return nil
	}
	slices.Sort(missing)
	return errors.New("no httpapi test exercised these operations of docs/api/openapi.yaml, so their answers went unchecked:\n  " +
		strings.Join(missing, "\n  "))
}

// notExercised lists the documented operations that no httpapi test calls,
// each with the reason; checkExercised keeps the list exact.
var notExercised = map[string]string{}

// TestOpenAPIResponsesHaveSchemas keeps the description strict: every JSON
// answer has a schema, and every object in an answer's schema lists its
// required fields and says whether other fields may appear.
func TestOpenAPIResponsesHaveSchemas(t *testing.T) {
	spec := mustAPISpec(t)
	for key, op := range spec.ops {
		for status, ref := range op.route.Operation.Responses.Map() {
			if ref.Value == nil {
				t.Errorf("%s %s: unresolved response", key, status)
				continue
			}
			for mt, media := range ref.Value.Content {
				if !isJSON(mt) {
					continue
				}
				if media.Schema == nil || media.Schema.Value == nil {
					t.Errorf("%s %s %s: no schema", key, status, mt)
					continue
				}
				where := fmt.Sprintf("%s %s", key, status)
				if media.Schema.Ref != "" {
					where += " (" + media.Schema.Ref + ")"
				}
				for _, problem := range looseObjects(media.Schema, "", map[*openapi3.Schema]bool{}) {
					t.Errorf("%s: %s", where, problem)
				}
			}
		}
	}
}

// looseObjects lists the objects in s that do not say which fields they
// require or whether others may appear. Objects that say
// additionalProperties (true or a schema) are maps and exempt.
func looseObjects(ref *openapi3.SchemaRef, at string, seen map[*openapi3.Schema]bool) []string {
	if ref == nil || ref.Value == nil || seen[ref.Value] {
		return nil
	}
	s := ref.Value
	seen[s] = true
	name := at
	if name == "" {
		name = "the body"
	}
	if ref.Ref != "" {
		name += " (" + ref.Ref + ")"
	}
	var out []string
	if s.Type.Is(openapi3.TypeObject) && len(s.AllOf) == 0 {
		ap := s.AdditionalProperties
		isMap := ap.Schema != nil || (ap.Has != nil && *ap.Has)
		if !isMap {
			if ap.Has == nil {
				out = append(out, name+": an object without additionalProperties: false")
			}
			if len(s.Properties) > 0 && s.Required == nil {
				out = append(out, name+": an object without a required list")
			}
		}
	}
	for _, prop := range slices.Sorted(maps.Keys(s.Properties)) {
		out = append(out, looseObjects(s.Properties[prop], at+"."+prop, seen)...)
	}
	if s.Items != nil {
		out = append(out, looseObjects(s.Items, at+"[]", seen)...)
	}
	if s.AdditionalProperties.Schema != nil {
		out = append(out, looseObjects(s.AdditionalProperties.Schema, at+".*", seen)...)
	}
	for _, group := range [][]*openapi3.SchemaRef{s.AllOf, s.OneOf, s.AnyOf} {
		for i, sub := range group {
			out = append(out, looseObjects(sub, fmt.Sprintf("%s<%d>", at, i), seen)...)
		}
	}
	return out
}

// TestAPICheckFindsDrift shows that the check of every answer fails on the
// kinds of drift it is there for.
func TestAPICheckFindsDrift(t *testing.T) {
	spec := mustAPISpec(t)
	jsonHeader := http.Header{"Content-Type": {"application/json; charset=utf-8"}}
	usage := `{"used": 3, "quota": 10, "plan": "free", "cycleStart": "2026-11-01T00:00:00Z"}`
	for _, tt := range []struct {
		name, method, path string
		status             int
		header             http.Header
		body               string
		want               string // "" for a match, else a part of the error
	}{
		{"matching body", "GET", "/api/me/usage", 200, jsonHeader, usage, ""},
		{"missing field", "GET", "/api/me/usage", 200, jsonHeader, `{"used": 3, "plan": "free", "cycleStart": "2026-11-01T00:00:00Z"}`, "quota"},
		{"unknown field", "GET", "/api/me/usage", 200, jsonHeader, strings.Replace(usage, `"used"`, `"limit": 1, "used"`, 1), "limit"},
		{"wrong type", "GET", "/api/me/usage", 200, jsonHeader, strings.Replace(usage, `"used": 3`, `"used": "3"`, 1), "used"},
		{"value outside the enum", "GET", "/api/me/usage", 200, jsonHeader, strings.Replace(usage, `"free"`, `"gold"`, 1), "plan"},
		{"malformed date-time", "GET", "/api/me/usage", 200, jsonHeader, strings.Replace(usage, `2026-11-01T00:00:00Z`, `yesterday`, 1), "cycleStart"},
		{"undocumented status", "GET", "/api/me/usage", 418, jsonHeader, `{"code": "internal", "error": "x"}`, "status 418 is not documented"},
		{"error body with an unknown field", "GET", "/api/me/usage", 401, jsonHeader, `{"code": "unauthorized", "error": "x", "hint": "y"}`, "hint"},
		{"error code outside the catalogue", "GET", "/api/me/usage", 401, jsonHeader, `{"code": "nope", "error": "x"}`, "code"},
		{"other content type", "GET", "/api/me/usage", 200, http.Header{"Content-Type": {"text/html"}}, "", "text/html"},
		{"JSON where none is documented", "POST", "/api/auth/logout", 204, jsonHeader, `{"ok": true}`, "has no content"},
		{"nested object", "GET", "/api/conversations/6f1c2a3e-0000-4000-8000-000000000001", 200, jsonHeader,
			`{"conversation": {"id": "6f1c2a3e-0000-4000-8000-000000000001", "title": "", "mode": "Übung", "difficulty": 4, "created_at": "2026-11-01T00:00:00Z", "completed_at": null},
			  "messages": [], "stage": 1, "totalStages": 1, "progress": 0, "completed": false, "score": null, "evaluation": null, "engine": "builtin"}`, "difficulty"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, _ := http.NewRequest(tt.method, "http://coach.test"+tt.path, nil)
			op := spec.find(r)
			if op == nil {
				t.Fatalf("%s %s: no documented operation", tt.method, tt.path)
			}
			var body []byte
			if isJSON(tt.header.Get("Content-Type")) {
				body = []byte(tt.body)
			}
			err := spec.check(op, r, tt.status, tt.header, body)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("unexpected mismatch: %v", err)
			case tt.want != "" && err == nil:
				t.Fatalf("no mismatch found, want one about %q", tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Fatalf("mismatch %v does not name %q", err, tt.want)
			}
		})
	}
}

// TestAPICheckFindsOperations maps requests to the documented operations as
// the server's router does, and leaves the app's pages alone.
func TestAPICheckFindsOperations(t *testing.T) {
	spec := mustAPISpec(t)
	for _, tt := range []struct{ method, path, want string }{
		{"GET", "/api/conversations/abc", "GET /api/conversations/{id}"},
		{"POST", "/api/conversations/abc/hint", "POST /api/conversations/{id}/hint"},
		{"GET", "/api/admin/conversations/abc", "GET /api/admin/conversations/{id}"},
		{"GET", "/api/auth/oauth/google/callback?code=1", "GET /api/auth/oauth/{provider}/callback"},
		{"GET", "/app/chat", ""},
		{"GET", "/api/nothing-here", ""},
		{"DELETE", "/api/me", ""},
	} {
		r, _ := http.NewRequest(tt.method, "http://coach.test"+tt.path, nil)
		got := ""
		if op := spec.find(r); op != nil {
			got = op.key
		}
		if got != tt.want {
			t.Errorf("%s %s: operation %q, want %q", tt.method, tt.path, got, tt.want)
		}
	}
}
