package httpapi

import "net/http"

// routes lists the whole HTTP surface in one place.
func (s *Server) routes(mux *http.ServeMux) {
	// Health.
	mux.HandleFunc("GET /healthz", s.handleHealthz)
	mux.HandleFunc("GET /readyz", s.handleReadyz)

	// Accounts and sessions.
	mux.HandleFunc("GET /api/auth/providers", s.handleProviders)
	mux.HandleFunc("POST /api/auth/signup", s.handleSignup)
	mux.HandleFunc("POST /api/auth/confirm", s.handleConfirm)
	mux.HandleFunc("POST /api/auth/login", s.handleLogin)
	mux.HandleFunc("POST /api/auth/refresh", s.handleRefresh)
	mux.HandleFunc("POST /api/auth/logout", s.handleLogout)
	mux.HandleFunc("POST /api/auth/recover", s.handleRecover)
	mux.HandleFunc("POST /api/auth/reset", s.handleReset)
	mux.HandleFunc("POST /api/auth/anonymous", s.handleAnonymous)
	mux.Handle("POST /api/auth/upgrade", s.requireUser(s.handleUpgrade))
	mux.HandleFunc("GET /api/auth/oauth/{provider}", s.handleOAuthStart)
	mux.HandleFunc("GET /api/auth/oauth/{provider}/callback", s.handleOAuthCallback)
	mux.HandleFunc("POST /api/auth/oauth/{provider}/callback", s.handleOAuthCallback)
	mux.Handle("GET /api/auth/user", s.requireUser(s.handleAuthUser))
	mux.Handle("GET /api/auth/is-admin", s.requireUser(s.handleIsAdmin))

	// Consent and terms.
	mux.HandleFunc("POST /api/consent", s.handleConsent)
	mux.Handle("POST /api/me/terms", s.requireUser(s.handleAcceptTerms))

	// The signed-in user.
	mux.Handle("GET /api/me", s.requireUser(s.handleMe))
	mux.Handle("POST /api/me/streak", s.requireUser(s.handleStreak))

	// Catalogues.
	mux.Handle("GET /api/tone-presets", s.requireUser(s.handleTonePresets))

	// Admin back-office.
	mux.Handle("GET /api/admin/overview", s.requireAdmin(s.handleAdminOverview))

	// Tracking.
	mux.HandleFunc("POST /api/track", s.handleTrack)

	// Anything else under /api is a JSON 404, never the app.
	mux.HandleFunc("/api/", s.handleAPINotFound)

	// The app, the landing page and the legal pages.
	mux.HandleFunc("GET /app", s.handleAppRedirect)
	mux.HandleFunc("GET /app/", s.handleApp)
	mux.HandleFunc("GET /{$}", s.handleLanding)
	mux.HandleFunc("GET /impressum", s.handleLegal("impressum"))
	mux.HandleFunc("GET /legal", s.handleLegal("terms"))
	mux.HandleFunc("GET /legal/privacy", s.handleLegal("privacy"))
	mux.HandleFunc("GET /legal/subprocessors", s.handleLegal("subprocessors"))
	mux.HandleFunc("GET /pages.css", s.handlePagesCSS)
}
