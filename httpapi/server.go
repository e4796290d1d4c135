// Package httpapi serves the JSON API under /api, the built React app under
// /app, the landing and legal pages, and the health endpoints.
package httpapi

import (
	"cmp"
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"sync"
	"time"

	"salescoach"
	"salescoach/auth"
	"salescoach/billing"
	"salescoach/realtime"
	"salescoach/training"
	"salescoach/voice"
	"salescoach/webfetch"
)

// Config is what the HTTP layer needs to know about its deployment.
type Config struct {
	// PublicURL is the site origin mails and OAuth redirects point to, without
	// a trailing slash (e.g. https://coach.example.com).
	PublicURL string
	// CookieSecure marks cookies Secure and enables HSTS.
	CookieSecure bool
	// AdminEmails are lower-cased addresses that are admins by configuration.
	AdminEmails []string
	// ProxyHeader names the header holding the client address (e.g.
	// X-Forwarded-For); it is believed only from TrustedProxies.
	ProxyHeader    string
	TrustedProxies []netip.Prefix
	// AccessTTL is the lifetime of an access token.
	AccessTTL time.Duration
	// RefreshTTLRemember and RefreshTTLSession are the idle lifetimes of a
	// refresh token with and without 'Angemeldet bleiben'.
	RefreshTTLRemember time.Duration
	RefreshTTLSession  time.Duration
	// SignupsPerHour bounds the accounts (sign-ups, guests, social sign-in
	// starts) one address may create per hour (10 when zero).
	SignupsPerHour int
	// AuthAttemptsPerIP bounds the sign-ins and mail-link uses (confirm,
	// reset, invitation) one address may try per 15 minutes (30 when zero).
	AuthAttemptsPerIP int
	// ChatPerMinute bounds the chat messages one user may send per minute
	// (30 when zero).
	ChatPerMinute int
	// STTPerMinute and TTSPerMinute bound the transcriptions (30 when
	// zero) and syntheses (120 when zero) one user may ask for per minute.
	STTPerMinute, TTSPerMinute int
	// LegalDir holds operator-supplied Markdown for the legal pages; files
	// missing there fall back to the shipped placeholders.
	LegalDir string
	// BodyIdleTimeout is the longest pause within a request body before the
	// request and its connection end (15 s when zero; see deadline.go).
	BodyIdleTimeout time.Duration
	// AdminTOTPRequired makes two-factor sign-in mandatory for admins: the
	// admin API refuses an admin without it, or whose session did not pass
	// the code step (ADMIN_TOTP_REQUIRED).
	AdminTOTPRequired bool
	// StreamHeartbeat is how often an idle live-update stream gets a
	// heartbeat, which also finds clients that have gone (25 s when zero).
	StreamHeartbeat time.Duration
	// StreamWriteTimeout is how long one write to a live-update stream may
	// block before the stream is dropped (10 s when zero).
	StreamWriteTimeout time.Duration
}

// Deps are the services the handlers use.
type Deps struct {
	Logger     *slog.Logger
	Now        func() time.Time
	Users      salescoach.UserService
	Sessions   salescoach.SessionService
	Tokens     salescoach.TokenService
	Identities salescoach.IdentityService
	Consents   salescoach.ConsentService
	PageViews  salescoach.PageViewService
	Vitals     salescoach.WebVitalService // the web vitals browsers report
	Referrals  salescoach.ReferralService
	Catalog    salescoach.CatalogService
	// Outbox takes the mails the handlers send; they go out after the
	// answer, retried while the mail server is down.
	Outbox salescoach.MailQueue
	// Feedback stores the feedback page's submissions.
	Feedback salescoach.FeedbackService
	// Admin, CatalogAdmin and Promos back the admin back-office.
	Admin        salescoach.AdminService
	CatalogAdmin salescoach.CatalogAdmin
	Promos       salescoach.PromoService
	// Settings keeps the back-office's settings (the exams' pass mark); nil:
	// the defaults, not editable.
	Settings salescoach.SettingsService
	// Conversations and Progress back the chat screens; Training runs chats.
	Conversations salescoach.ConversationService
	Progress      salescoach.ProgressService
	Training      *training.Service
	// Skills reads the progress page's skill analytics.
	Skills salescoach.SkillService
	// Scenarios stores the scenarios (issue 28).
	Scenarios salescoach.ScenarioService
	// Billing runs PayPal subscriptions; nil or unconfigured: payments are
	// not configured.
	Billing *billing.Service
	// Blobs stores avatars. When it is also a salescoach.BlobReader (the
	// local folder), the server serves its files at /avatars/.
	Blobs salescoach.BlobStore
	// Fetcher loads product websites for the summary, SSRF-safe.
	Fetcher *webfetch.Client
	// Hub delivers live updates to open event streams (and, bridged, to
	// other processes).
	Hub    *realtime.Hub
	Issuer *auth.Issuer
	// OAuth holds the configured providers by name ("google", "apple").
	OAuth map[string]*auth.Provider
	// STT and TTS transcribe and speak for the voice training; nil when no
	// provider is configured (the browser then uses its own). Voice records
	// their usage and the voice calls.
	STT   voice.Transcriber
	TTS   voice.Synthesizer
	Voice salescoach.VoiceService
	// Limiter keeps the rate limits' buckets; nil: in this process
	// (salescoach.NewMemoryRateLimiter). With several processes on one
	// PostgreSQL database it is sqlstore's, so that they share the limits.
	Limiter salescoach.RateLimiter
	// TwoFactor stores authenticator apps and sign-in challenges; TOTP
	// seals their secrets and checks codes (two-factor sign-in, totp.go).
	TwoFactor salescoach.TwoFactorService
	TOTP      *auth.TOTP
	// Ready reports whether the server can take traffic (the database answers).
	Ready func(ctx context.Context) error
	// App is the built React app (index.html at its root).
	App fs.FS
	// Metrics, when not nil, is told about every request and chat turn.
	Metrics Observer
	// Privacy reads the data export and deletes accounts.
	Privacy salescoach.PrivacyService
	// Teams stores teams, their members, invitations, shared chats and the
	// leaderboard; nil: the team endpoints answer 404.
	Teams salescoach.TeamService
	// Assignments stores the teams' assignments; nil: their endpoints
	// answer 404.
	Assignments salescoach.AssignmentService
	// Seats stores team subscriptions and their seats (the same store
	// billing's Seats is); nil: GET /api/team shows no seats and the seat
	// endpoints answer 404.
	Seats salescoach.SeatService
	// TeamSSO stores the teams' company sign-in; SSOSealer seals its client
	// secrets; SSOFetch is the SSRF-guarded client its providers are
	// reached through (SSO_ALLOW, SSO_ALLOW_PORTS). TeamSSO nil: the
	// company sign-in endpoints answer 404 and nobody is refused at login.
	TeamSSO   salescoach.TeamSSOService
	SSOSealer *auth.SSOSealer
	SSOFetch  *webfetch.Client
	// SSODNS looks up the TXT records that prove a team's domains
	// (SSO_DNS_SERVER, else the system's resolver); nil: no domain can be
	// proven (503 sso_dns_unavailable).
	SSODNS salescoach.TXTLookup
}

// Server is the HTTP front of Sales Coach.
type Server struct {
	Deps
	cfg Config
	log *slog.Logger
	// gzCache holds the gzip form of app files by name.
	gzCache sync.Map
	// preloads are the first pages' lazy files (the app's preload.json),
	// read once.
	preloads    map[string]appPreloads
	preloadOnce sync.Once
	now         func() time.Time
	ip          clientIP
	// csp is the Content-Security-Policy of every answer; the app's page
	// gets its own with a nonce when payments are on (cspImg, cspPay).
	csp    string
	cspImg string
	cspPay []string
	// cspStyles admits index.html's inline style by its hash.
	cspStyles []string
	// coop is the Cross-Origin-Opener-Policy (PayPal's popup needs its opener).
	coop string
	// refreshKey derives a refresh token's successor (auth.SuccessorToken).
	refreshKey []byte
	// totp are the limits of two-factor sign-in (totp.go).
	totp totpLimits
	// draining is closed by Drain when the process is about to stop.
	draining  chan struct{}
	drainOnce sync.Once
	// streams are the live-update streams taken over from net/http (sse.go).
	streams *sseStreams
	// ssoProviders caches a provider per team and configuration version
	// (sso.go).
	ssoProviders ssoCache

	limits struct {
		loginIP, loginFailPair, loginFailAccount, signup, signupMail, recoverIP, recoverAccount, refresh, anonymous, tokenUse, upgrade, track, chat, summary, avatar,
		feedbackAnon, feedbackUser, engineCheck, promo, stt, tts, calls, vitals, export, deleteAccount, teamInvite, ssoVerify *limiter
	}
}

// New builds a Server. Deps.Logger and Deps.Now default to slog.Default and
// time.Now.
func New(cfg Config, deps Deps) *Server {
	s := &Server{Deps: deps, cfg: cfg, log: deps.Logger, now: deps.Now, draining: make(chan struct{})}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.now == nil {
		s.now = time.Now
	}
	s.ip = clientIP{header: cfg.ProxyHeader, proxies: cfg.TrustedProxies}
	s.streams = newSSEStreams(s)
	if s.Limiter == nil {
		s.Limiter = salescoach.NewMemoryRateLimiter()
	}
	// The limits are recorded in docs/decisions.md; tests rely on the
	// sign-in one (30 per 15 minutes per address).
	s.limits.loginIP = s.newLimiter("loginIP", cmp.Or(cfg.AuthAttemptsPerIP, 30), 15*time.Minute)
	s.limits.loginFailPair = s.newLimiter("loginFailPair", 10, 15*time.Minute)
	s.limits.loginFailAccount = s.newLimiter("loginFailAccount", 20, 15*time.Minute)
	s.limits.signup = s.newLimiter("signup", cmp.Or(cfg.SignupsPerHour, 10), time.Hour)
	s.limits.signupMail = s.newLimiter("signupMail", 3, time.Hour)
	s.limits.recoverIP = s.newLimiter("recoverIP", 10, time.Hour)
	s.limits.recoverAccount = s.newLimiter("recoverAccount", 3, time.Hour)
	s.limits.refresh = s.newLimiter("refresh", 120, 15*time.Minute)
	s.limits.anonymous = s.newLimiter("anonymous", cmp.Or(cfg.SignupsPerHour, 10), time.Hour)
	s.limits.tokenUse = s.newLimiter("tokenUse", cmp.Or(cfg.AuthAttemptsPerIP, 30), 15*time.Minute)
	s.limits.upgrade = s.newLimiter("upgrade", 10, time.Hour)
	s.limits.track = s.newLimiter("track", 600, time.Hour)
	s.limits.vitals = s.newLimiter("vitals", 600, time.Hour)
	s.limits.chat = s.newLimiter("chat", cmp.Or(cfg.ChatPerMinute, 30), time.Minute)
	s.limits.summary = s.newLimiter("summary", 20, time.Hour)
	s.limits.avatar = s.newLimiter("avatar", 30, time.Hour)
	s.limits.feedbackAnon = s.newLimiter("feedbackAnon", 5, time.Hour)
	s.limits.feedbackUser = s.newLimiter("feedbackUser", 30, time.Hour)
	s.limits.engineCheck = s.newLimiter("engineCheck", 30, 15*time.Minute)
	// A voice turn is one transcription and a few syntheses (the reply is
	// spoken sentence by sentence).
	s.limits.stt = s.newLimiter("stt", cmp.Or(cfg.STTPerMinute, 30), time.Minute)
	s.limits.tts = s.newLimiter("tts", cmp.Or(cfg.TTSPerMinute, 120), time.Minute)
	s.limits.calls = s.newLimiter("calls", 30, time.Hour)
	s.limits.promo = s.newLimiter("promo", 20, time.Hour)
	s.totp = s.newTOTPLimits()
	// A data export reads everything the user has; deletion checks a
	// password.
	s.limits.export = s.newLimiter("export", 3, time.Hour)
	s.limits.deleteAccount = s.newLimiter("delete-account", 10, 15*time.Minute)
	// Invitations send mail to addresses the inviter types: bounded per
	// inviter (a large team joins through the join link).
	s.limits.teamInvite = s.newLimiter("team-invite", 200, time.Hour)
	// A domain check asks DNS: bounded per owner.
	s.limits.ssoVerify = s.newLimiter("sso-verify", 30, time.Hour)
	s.cspImg, s.cspPay = blobOrigin(deps.Blobs), paypalOrigins(deps.Billing)
	s.cspStyles = inlineStyleHashes(deps.App)
	s.csp = contentSecurityPolicy(s.cspImg, s.cspPay, "", s.cspStyles)
	s.coop = "same-origin"
	if deps.Billing.Configured() {
		s.coop = "same-origin-allow-popups"
	}
	if deps.Issuer != nil {
		s.refreshKey = deps.Issuer.SubKey("refresh-successor")
	}
	return s
}

// blobOrigin is the origin avatars load from when it is not this server
// (a public bucket), "" otherwise.
func blobOrigin(b salescoach.BlobStore) string {
	if b == nil {
		return ""
	}
	u, err := url.Parse(b.URL("x"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// Handler returns the root handler with every middleware applied.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	s.routes(mux)
	csrf := http.NewCrossOriginProtection()
	// Apple posts the OAuth answer cross-site (response_mode=form_post); the
	// state, nonce and binding cookie protect that callback instead.
	csrf.AddInsecureBypassPattern("POST /api/auth/oauth/{provider}/callback")
	csrf.AddInsecureBypassPattern("POST /api/auth/sso/callback")
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, s.log, salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgForeignOrigin))
	}))
	return s.observe(mux, s.bodyDeadline(s.accessLog(s.securityHeaders(csrf.Handler(s.authenticate(mux))))))
}
