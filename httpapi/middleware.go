package httpapi

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"time"

	"salescoach"
	"salescoach/billing"
)

type ctxKey int

const (
	ctxRequestID ctxKey = iota
	ctxCaller
)

// caller is who is asking: set by authenticate when a valid bearer token came
// with the request.
type caller struct {
	UserID    string
	SessionID string
	Anonymous bool
	ExpiresAt time.Time // of the access token
}

func callerFrom(ctx context.Context) *caller {
	c, _ := ctx.Value(ctxCaller).(*caller)
	return c
}

// statusRecorder remembers the status a handler wrote, for the access log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}

// Flush lets streaming handlers (server-sent events) flush through the recorder.
func (r *statusRecorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// accessLog logs one line per request. It logs the path without the query,
// because queries carry OAuth codes and states.
func (s *Server) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := newRequestID()
		w.Header().Set("X-Request-Id", id)
		ctx := context.WithValue(r.Context(), ctxRequestID, id)
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					// A handler that has sent part of an answer ends it
					// unterminated (a broken speech stream): let net/http
					// drop the connection after the access log line.
					s.log.WarnContext(ctx, "request", "request_id", id, "method", r.Method, "path", r.URL.Path,
						"status", rec.status, "bytes", rec.bytes, "aborted", true, "duration_ms", time.Since(start).Milliseconds(),
						"ip", s.ip.of(r))
					panic(v)
				}
				s.log.ErrorContext(ctx, "panic", "request_id", id, "panic", v, "stack", string(debug.Stack()))
				if rec.status == 0 {
					writeJSON(rec, http.StatusInternalServerError, errorBody{Code: salescoach.MsgInternal.Key, Error: salescoach.MsgInternal.Text})
				}
			}
			level := slog.LevelInfo
			if rec.status >= 500 {
				level = slog.LevelError
			}
			s.log.Log(ctx, level, "request", "request_id", id, "method", r.Method, "path", r.URL.Path,
				"status", rec.status, "bytes", rec.bytes, "duration_ms", time.Since(start).Milliseconds(),
				"ip", s.ip.of(r))
		}()
		next.ServeHTTP(rec, r.WithContext(ctx))
	})
}

func newRequestID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// contentSecurityPolicy is strict: the app ships no inline script and talks
// only to its own origin; its one inline style, the rules of the status
// index.html paints before its stylesheet has arrived, is admitted by hash
// (styleHashes, from inlineStyleHashes). Images may also come from
// imgOrigin, the public bucket of the avatars, when there is one. With
// payments, PayPal's origins are admitted, and the app's page (only it)
// carries a nonce for the inline styles and scripts PayPal's script adds
// (appDocumentCSP).
func contentSecurityPolicy(imgOrigin string, pay []string, nonce string, styleHashes []string) string {
	img := "img-src 'self' data: blob:"
	if imgOrigin != "" {
		img += " " + imgOrigin
	}
	script, style, connect, frame := "script-src 'self'", "style-src 'self'", "connect-src 'self'", ""
	for _, h := range styleHashes {
		style += " " + h
	}
	if len(pay) > 0 {
		// PayPal's script, its buttons' frames and the calls they make
		// (https://developer.paypal.com/sdk/js/best-practices/), only when
		// payments are configured.
		p := " " + strings.Join(pay, " ")
		script, connect, frame, img = script+p, connect+p, "frame-src 'self'"+p+"; ", img+p
	}
	if nonce != "" {
		// PayPal's alternative to 'unsafe-inline': its script puts the
		// nonce it is given (data-csp-nonce) on what it adds inline.
		script += " 'nonce-" + nonce + "'"
		style += " 'nonce-" + nonce + "'"
	}
	return "default-src 'self'; " + script + "; " + style + "; " + img + "; " +
		"font-src 'self'; " + connect + "; " + frame + "media-src 'self' blob:; object-src 'none'; base-uri 'self'; " +
		"form-action 'self'; frame-ancestors 'none'"
}

// inlineStyleHashes are the CSP sources ('sha256-…') of the <style>
// elements of the app's index.html, computed from the bytes served, so the
// policy admits exactly the style the build wrote and nothing else.
func inlineStyleHashes(app fs.FS) []string {
	if app == nil {
		return nil
	}
	page, err := fs.ReadFile(app, "index.html")
	if err != nil {
		return nil
	}
	var hashes []string
	for {
		_, after, ok := bytes.Cut(page, []byte("<style>"))
		if !ok {
			return hashes
		}
		body, rest, ok := bytes.Cut(after, []byte("</style>"))
		if !ok {
			return hashes
		}
		sum := sha256.Sum256(body)
		hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		page = rest
	}
}

// newCSPNonce is a fresh nonce for one answer (128 random bits).
func newCSPNonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}

// paypalOrigins are the origins PayPal's browser script needs: PayPal's
// own, or the origin of PAYPAL_SDK_URL (the fake) in tests. None without
// payments.
func paypalOrigins(b *billing.Service) []string {
	if !b.Configured() {
		return nil
	}
	if u, err := url.Parse(b.SDKURL); err == nil && b.SDKURL != "" && u.Host != "" {
		return []string{u.Scheme + "://" + u.Host}
	}
	return []string{"https://*.paypal.com", "https://*.paypalobjects.com"}
}

// securityHeaders sets the headers every answer carries.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	// The values are built once and shared by every answer instead of a
	// new one-element slice per header and request (Header.Set): a handler
	// that sets one of these headers replaces the slice, Add copies it
	// (its capacity is its length), so no answer can change another's.
	fixed := [][2]string{
		{"Content-Security-Policy", s.csp},
		{"X-Content-Type-Options", "nosniff"},
		{"X-Frame-Options", "DENY"},
		{"Referrer-Policy", "same-origin"},
		{"Permissions-Policy", "microphone=(self), camera=(), geolocation=()"},
		// PayPal's checkout window talks to its opener.
		{"Cross-Origin-Opener-Policy", s.coop},
	}
	if s.cfg.CookieSecure {
		fixed = append(fixed, [2]string{"Strict-Transport-Security", "max-age=31536000; includeSubDomains"})
	}
	type header struct {
		key   string
		value []string
	}
	headers := make([]header, len(fixed))
	for i, kv := range fixed {
		headers[i] = header{http.CanonicalHeaderKey(kv[0]), []string{kv[1]}[:1:1]}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for _, hv := range headers {
			h[hv.key] = hv.value
		}
		next.ServeHTTP(w, r)
	})
}

// authenticate reads a bearer token when present. An invalid token is an
// error at once, so a client learns to refresh instead of being treated as
// signed out.
func (s *Server) authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := r.Header.Get("Authorization")
		if h == "" {
			next.ServeHTTP(w, r)
			return
		}
		token, ok := strings.CutPrefix(h, "Bearer ")
		if !ok {
			writeError(w, r, s.log, salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgSessionInvalid))
			return
		}
		claims, err := s.Issuer.Verify(strings.TrimSpace(token))
		if err != nil {
			writeError(w, r, s.log, err)
			return
		}
		c := &caller{UserID: claims.UserID, SessionID: claims.SessionFamilyID, Anonymous: claims.Anonymous, ExpiresAt: claims.ExpiresAt}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxCaller, c)))
	})
}

// handlerFunc is a handler that returns its error instead of writing it, so
// that every failure is answered by writeError in one place.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// userHandlerFunc is a handlerFunc that also receives the signed-in user.
type userHandlerFunc func(w http.ResponseWriter, r *http.Request, u *salescoach.User) error

// handle adapts a handlerFunc to http.Handler.
func (s *Server) handle(fn handlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := fn(w, r); err != nil {
			writeError(w, r, s.log, err)
		}
	})
}

// requireUser lets only signed-in, active users through and hands the handler
// the current user row.
func (s *Server) requireUser(next userHandlerFunc) http.Handler {
	return s.handle(func(w http.ResponseWriter, r *http.Request) error {
		c := callerFrom(r.Context())
		if c == nil {
			return salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgSignInRequired)
		}
		u, err := s.activeUser(r.Context(), c)
		if err != nil {
			return err
		}
		return next(w, r, u)
	})
}

// activeUser loads the caller's account with the state of the session the
// access token was issued for: errNoSession when the account is gone or the
// session ended (sign-out, password reset, refresh-token reuse, disabling),
// errDisabled when the account is disabled. Disabled comes first, so a
// disabled user learns why rather than being sent to sign in again.
func (s *Server) activeUser(ctx context.Context, c *caller) (*salescoach.User, error) {
	u, live, err := s.Sessions.SessionUser(ctx, c.UserID, c.SessionID)
	return liveUser(u, live, err)
}

// liveUser is activeUser's verdict on a session lookup's answer.
func liveUser(u *salescoach.User, live bool, err error) (*salescoach.User, error) {
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
		return nil, errNoSession
	} else if err != nil {
		return nil, err
	}
	if u.Status == salescoach.UserStatusDisabled {
		return nil, errDisabled
	}
	if !live {
		return nil, errNoSession
	}
	return u, nil
}

// profileHandlerFunc is a userHandlerFunc that also receives the user's
// profile.
type profileHandlerFunc func(w http.ResponseWriter, r *http.Request, u *salescoach.User, p *salescoach.Profile) error

// requireUserProfile is requireUser for a handler that needs the profile
// too: the session check, the user and the profile come in one query
// (SessionUserProfile), with activeUser's verdicts.
func (s *Server) requireUserProfile(next profileHandlerFunc) http.Handler {
	return s.handle(func(w http.ResponseWriter, r *http.Request) error {
		c := callerFrom(r.Context())
		if c == nil {
			return salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgSignInRequired)
		}
		u, p, live, err := s.Sessions.SessionUserProfile(r.Context(), c.UserID, c.SessionID)
		if u, err = liveUser(u, live, err); err != nil {
			return err
		}
		return next(w, r, u, p)
	})
}

// requireAdmin is requireUser for users with the admin flag.
func (s *Server) requireAdmin(next userHandlerFunc) http.Handler {
	return s.requireUser(func(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
		if !u.IsAdmin {
			return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgForbidden)
		}
		if s.cfg.AdminTOTPRequired {
			if err := s.requireSecondFactor(r.Context(), u, callerFrom(r.Context())); err != nil {
				return err
			}
		}
		return next(w, r, u)
	})
}

var errDisabled = salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgAccountDisabled)

// rateLimit answers 429 with Retry-After when key's limiter is exhausted.
func (s *Server) rateLimit(l *limiter, key string) error {
	if ok, retry := l.allow(key); !ok {
		return &salescoach.Error{Code: salescoach.ELIMIT, Msg: salescoach.MsgTooManyAttempts, RetryAfter: retry}
	}
	return nil
}
