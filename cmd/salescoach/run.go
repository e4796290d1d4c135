package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"salescoach"
	"salescoach/auth"
	"salescoach/billing"
	"salescoach/blob"
	"salescoach/coach"
	"salescoach/coach/openai"
	"salescoach/coach/trainer"
	"salescoach/dnstxt"
	"salescoach/httpapi"
	"salescoach/jobs"
	"salescoach/mail"
	"salescoach/realtime"
	"salescoach/scenarios"
	"salescoach/sqlstore"
	"salescoach/training"
	"salescoach/voice"
	"salescoach/web"
	"salescoach/webfetch"
)

const usage = `Usage: salescoach [command] [flags]

Commands:
  serve                  serve the app and the API (the default)
  migrate                apply database migrations and exit
  admin grant EMAIL      make the user with that e-mail an admin
  admin revoke EMAIL     take admin rights away
  copy                   copy the SQLite installation into a new PostgreSQL database
                         (--from FILE, --to postgres://...; see docs/operations.md)
  healthcheck            exit 0 when this machine's server answers /healthz

Run "salescoach serve --help" for the settings.
`

// run is the whole program; main only wires it to the process. Tests call
// it directly with their own arguments, environment and outputs.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	args = args[1:]
	cmd := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		cfg, err := loadConfig("salescoach serve", args, getenv, stderr)
		if err != nil {
			return err
		}
		return serve(ctx, cfg, stdout)
	case "migrate":
		cfg, err := loadConfig("salescoach migrate", args, getenv, stderr)
		if err != nil {
			return err
		}
		db, err := openDB(ctx, cfg)
		if err != nil {
			return err
		}
		defer db.Close()
		fmt.Fprintln(stdout, "migrations applied")
		return nil
	case "admin":
		if len(args) < 2 || (args[0] != "grant" && args[0] != "revoke") {
			fmt.Fprint(stderr, usage)
			return errors.New("admin needs grant or revoke and an e-mail")
		}
		action, email := args[0], args[1]
		cfg, err := loadConfig("salescoach admin", args[2:], getenv, stderr)
		if err != nil {
			return err
		}
		db, err := openDB(ctx, cfg)
		if err != nil {
			return err
		}
		defer db.Close()
		if err := sqlstore.NewUserService(db).SetAdmin(ctx, email, action == "grant"); err != nil {
			if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
				return fmt.Errorf("no user with e-mail %s", email)
			}
			return err
		}
		fmt.Fprintf(stdout, "admin %sed for %s\n", action, email)
		return nil
	case "copy":
		return runCopy(ctx, args, getenv, stdout, stderr)
	case "healthcheck":
		return runHealthcheck(ctx, args, getenv, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
}

// openDB opens the configured database and applies the migrations.
func openDB(ctx context.Context, cfg *Config) (*sqlstore.DB, error) {
	dsn := cfg.DatabaseURL
	if dsn == "" {
		dsn = filepath.Join(cfg.DataDir, "salescoach.db")
	}
	dsn = strings.TrimPrefix(dsn, "sqlite:")
	db, err := sqlstore.Open(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("migrate database: %w", err)
	}
	return db, nil
}

func newLogger(cfg *Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// Connection limits of the HTTP server (docs/decisions.md, 2026-11-24). A
// request's headers must arrive within readHeaderTimeout and stay under
// maxHeaderBytes; a kept-alive connection is closed after idleTimeout without
// a request. There is deliberately no ReadTimeout: request bodies get
// per-request read deadlines sized for them in httpapi (deadline.go). And no
// WriteTimeout: it would cut live-update streams and streamed chat replies,
// which end by themselves (token expiry, the model call's LLM_TIMEOUT).
const (
	readHeaderTimeout = 10 * time.Second
	idleTimeout       = 120 * time.Second
	maxHeaderBytes    = 64 << 10
)

// newHTTPServer is a server of h with the connection limits above; the
// public server and the private metrics server share them.
func newHTTPServer(h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// serve runs the HTTP server until ctx ends, then shuts down gracefully.
func serve(ctx context.Context, cfg *Config, stdout io.Writer) error {
	log := newLogger(cfg, stdout)
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return fmt.Errorf("data folder: %w", err)
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	secret, err := jwtSecret(ctx, cfg, db, log)
	if err != nil {
		return err
	}
	users := sqlstore.NewUserService(db)
	if err := syncAdmins(ctx, users, cfg.AdminEmails, log); err != nil {
		return err
	}

	// The built-in scenario library: a bad file stops the start, naming
	// the file and the field.
	library, err := scenarios.Library()
	if err != nil {
		return err
	}
	scenarioStore := sqlstore.NewScenarioService(db)
	if err := scenarioStore.SeedBuiltIn(ctx, library); err != nil {
		return fmt.Errorf("built-in scenarios: %w", err)
	}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	if cfg.PublicURL == "" {
		cfg.PublicURL = fmt.Sprintf("http://localhost:%d", ln.Addr().(*net.TCPAddr).Port)
	}

	issuer, err := auth.NewIssuer(secret, cfg.PublicURL, cfg.PublicURL+"/api", cfg.AccessTTL, time.Now)
	if err != nil {
		ln.Close()
		return err
	}
	// The authenticator secrets' key: TOTP_KEY, else the access-token
	// secret (NewTOTP derives its own keys from either with HKDF).
	totpKey := secret
	if cfg.TOTPKey != "" {
		totpKey = []byte(cfg.TOTPKey)
	}
	totpService, err := auth.NewTOTP(totpKey, "Sales Coach")
	if err != nil {
		ln.Close()
		return err
	}
	// The company sign-in's client secrets: SSO_KEY, else the access-token
	// secret (NewSSOSealer derives its own key with HKDF).
	ssoKey := secret
	if cfg.SSOKey != "" {
		ssoKey = []byte(cfg.SSOKey)
	}
	ssoSealer, err := auth.NewSSOSealer(ssoKey)
	if err != nil {
		ln.Close()
		return err
	}
	providers, err := oauthProviders(ctx, cfg, log)
	if err != nil {
		ln.Close()
		return err
	}
	var mailer salescoach.Mailer = mail.NewLogMailer(log)
	if cfg.SMTPHost != "" {
		m, err := mail.NewSMTPMailer(mail.SMTPConfig{Host: cfg.SMTPHost, Port: cfg.SMTPPort, Username: cfg.SMTPUsername,
			Password: cfg.SMTPPassword, From: cfg.SMTPFrom, TLS: smtpTLSModes[cfg.SMTPTLS], Logger: log})
		if err != nil {
			ln.Close()
			return fmt.Errorf("SMTP: %w", err)
		}
		mailer = m
	}

	engine, err := newEngine(cfg, log)
	if err != nil {
		ln.Close()
		return err
	}
	stt, tts, err := newVoice(cfg, log)
	if err != nil {
		ln.Close()
		return err
	}
	blobs, closeBlobs, err := newBlobStore(cfg, log)
	if err != nil {
		ln.Close()
		return err
	}
	defer closeBlobs()
	conversations := sqlstore.NewConversationService(db)
	progress := sqlstore.NewProgressService(db)
	catalog := sqlstore.NewCatalogService(db)
	hub := realtime.NewHub()
	if db.Dialect() == sqlstore.DialectPostgres {
		// Other app processes on the same database see this one's changes
		// and the other way round.
		bridge := realtime.NewBridge(hub, db.SQL(), cfg.DatabaseURL, log)
		go bridge.Run(ctx)
		// Serving before the listener is up would miss other processes'
		// changes; a database that cannot be reached now is retried in the
		// background.
		select {
		case <-bridge.Ready():
		case <-time.After(10 * time.Second):
			log.Warn("live updates from other processes are not received yet")
		case <-ctx.Done():
		}
	}
	// Prometheus metrics and pprof on the private METRICS_ADDR (nothing when
	// empty); the model and the mail server are measured by wrapping them.
	meter, stopMetrics, err := startMetrics(cfg, db, hub, log)
	if err != nil {
		ln.Close()
		return err
	}
	defer stopMetrics()
	engine, mailer = meter.Engine(engine), meter.Mailer(mailer)
	// Billing holds the plan ids; the chat quota asks it for a plan's tier.
	billingService, err := newBilling(cfg, sqlstore.NewSubscriptionService(db), sqlstore.NewPromoService(db), log)
	if err != nil {
		ln.Close()
		return err
	}
	billingService.Changes = hub
	runner := &jobs.Runner{Store: sqlstore.NewJobStore(db), Holder: processName(), Log: log,
		Jobs: backgroundJobs(db, billingService, cfg.PublicURL, log)}
	// The jobs stop before the database closes (defers run last first).
	jobsCtx, stopJobs := context.WithCancel(ctx)
	jobsDone := make(chan struct{})
	go func() { defer close(jobsDone); runner.Run(jobsCtx, jobTick) }()
	defer func() { stopJobs(); <-jobsDone }()
	var limiter salescoach.RateLimiter // nil: in this process
	if db.Dialect() == sqlstore.DialectPostgres {
		limiter = sqlstore.NewRateLimiter(db)
	}
	settings := sqlstore.NewSettingsService(db)
	// This process keeps itself alive as the holder of its chats' turn
	// claims, so a chat it was answering when it died is free a few seconds
	// later. The first beat is in before any request; the heartbeat ends
	// (and frees its claims) only after the server has drained its
	// requests: its context is not run's, which ends when shutdown begins.
	heartbeat := &training.Heartbeat{Holders: sqlstore.NewClaimHolderService(db), ID: processName(), Now: time.Now, Log: log}
	if err := heartbeat.Start(ctx); err != nil {
		ln.Close()
		return fmt.Errorf("claim holder: %w", err)
	}
	beatCtx, stopBeat := context.WithCancel(context.WithoutCancel(ctx))
	beatDone := make(chan struct{})
	go func() { defer close(beatDone); heartbeat.Run(beatCtx) }()
	defer func() { stopBeat(); <-beatDone }()
	teams := sqlstore.NewTeamService(db)
	assignments := sqlstore.NewAssignmentService(db)
	seats := sqlstore.NewSeatService(db)
	billingService.Seats = seats
	trainingService := &training.Service{
		Conversations: conversations, Progress: progress, Users: users, Catalog: catalog,
		Subscriptions: sqlstore.NewSubscriptionService(db), Engine: engine, Changes: hub, Scenarios: scenarioStore,
		Tiers: billingService, Now: time.Now, Log: log, Settings: settings, Holder: heartbeat.ID,
		Team: teams, Assignments: assignments, Seats: seats, PlansForSale: billingService.Configured,
	}
	if engine.Name() != "builtin" {
		// A model server whose scoring or evaluation calls fail does not
		// stop the chat: the built-in trainer judges instead.
		trainingService.Fallback = trainer.New()
	}

	// Mail goes out from the outbox, by this process or another on the
	// same database, through mailer as built (and wrapped, if so) above, so
	// that a wrapper sees every send. Returning waits for the sender to
	// record its last send.
	outbox := mail.NewOutbox(mail.OutboxConfig{Store: sqlstore.NewOutboxService(db), Mailer: mailer, Logger: log})
	outboxCtx, stopOutbox := context.WithCancel(ctx)
	outboxDone := make(chan struct{})
	go func() { outbox.Run(outboxCtx); close(outboxDone) }()
	defer func() { stopOutbox(); <-outboxDone }()

	api := httpapi.New(httpapi.Config{
		PublicURL: cfg.PublicURL, CookieSecure: cfg.cookieSecure(), AdminEmails: cfg.AdminEmails,
		ProxyHeader: cfg.ProxyHeader, TrustedProxies: cfg.TrustedProxies,
		AccessTTL: cfg.AccessTTL, RefreshTTLRemember: cfg.RefreshTTL, SignupsPerHour: cfg.SignupsPerHour, AuthAttemptsPerIP: cfg.AuthAttemptsPerIP,
		LegalDir:          filepath.Join(cfg.DataDir, "legal"),
		AdminTOTPRequired: cfg.AdminTOTPRequired,
	}, httpapi.Deps{
		Logger: log, Users: users, Sessions: sqlstore.NewSessionService(db), Tokens: sqlstore.NewTokenService(db),
		Identities: sqlstore.NewIdentityService(db), Consents: sqlstore.NewConsentService(db),
		PageViews: sqlstore.NewPageViewService(db), Vitals: sqlstore.NewWebVitalService(db), Referrals: sqlstore.NewReferralService(db),
		Catalog: catalog, Outbox: outbox, Issuer: issuer, OAuth: providers,
		Feedback: sqlstore.NewFeedbackService(db), Admin: sqlstore.NewAdminService(db),
		CatalogAdmin: catalog, Promos: sqlstore.NewPromoService(db), Settings: settings,
		Conversations: conversations, Progress: progress, Training: trainingService, Billing: billingService,
		Skills: sqlstore.NewSkillService(db), Scenarios: scenarioStore,
		Fetcher: webfetch.New(webfetch.Config{Logger: log, Allow: cfg.FetchAllow, AllowPorts: cfg.FetchAllowPorts}),
		Hub:     hub, Blobs: blobs, Limiter: limiter,
		STT: stt, TTS: tts, Voice: sqlstore.NewVoiceService(db),
		TwoFactor: sqlstore.NewTwoFactorService(db), TOTP: totpService,
		Ready: db.Ping, App: web.Dist(), Metrics: observer(meter),
		Privacy: sqlstore.NewPrivacyService(db),
		Teams:   teams, Assignments: assignments, Seats: seats,
		TeamSSO: sqlstore.NewTeamSSOService(db), SSOSealer: ssoSealer,
		SSOFetch: webfetch.New(webfetch.Config{Logger: log, Allow: cfg.SSOAllow, AllowPorts: cfg.SSOAllowPorts,
			Timeout: auth.DefaultProviderTimeout}),
		SSODNS: dnstxt.New(cfg.SSODNSServer, salescoach.SSODNSTimeout),
	})
	srv := newHTTPServer(api.Handler(), log)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	if len(cfg.FetchAllow) > 0 || len(cfg.FetchAllowPorts) > 0 {
		log.Warn("FETCH_ALLOW/FETCH_ALLOW_PORTS are set: the product-website fetch may reach these non-public networks and ports; use only in tests",
			"networks", fmt.Sprint(cfg.FetchAllow), "ports", fmt.Sprint(cfg.FetchAllowPorts))
	}
	log.Info("listening", "addr", ln.Addr().String(), "public_url", cfg.PublicURL, "database", db.Dialect(), "engine", engine.Name(),
		"mail", map[bool]string{true: "smtp", false: "log"}[cfg.SMTPHost != ""], "avatars", cfg.BlobStore,
		"stt", cfg.STTProvider, "tts", cfg.TTSProvider)

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	return shutdown(srv, api, errc, cfg, log)
}

// shutdown stops the server without losing work (a rolling restart): /readyz
// answers 503 at once and live-update streams are told to reconnect, which
// their clients do through the load balancer to another process; after
// SHUTDOWN_DELAY the listener closes, and requests in flight (streamed chat
// replies) get up to SHUTDOWN_TIMEOUT to finish. Only then does serve return
// and close the database. Requests still running after that are cut, and the
// error says so.
func shutdown(srv *http.Server, api *httpapi.Server, errc <-chan error, cfg *Config, log *slog.Logger) error {
	log.Info("shutting down", "delay", cfg.ShutdownDelay.String(), "timeout", cfg.ShutdownTimeout.String())
	api.Drain()
	if cfg.ShutdownDelay > 0 {
		select {
		case <-time.After(cfg.ShutdownDelay):
		case err := <-errc:
			return err
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		_ = srv.Close()
		return fmt.Errorf("shutdown: requests still running after %s were cut: %w", cfg.ShutdownTimeout, err)
	}
	log.Info("stopped")
	return nil
}

// jwtSecret returns the configured secret (JWT_SECRET) or else a generated
// one, so that sessions survive restarts without configuration. On SQLite
// the generated secret lives in the data folder, as it always has. On
// PostgreSQL it lives in the database, so that every process sharing it
// signs and checks tokens with the same key: the first process to start
// stores its candidate, the others read it. The candidate is the data
// folder's secret when an earlier version generated one there, so that an
// installation's tokens stay valid across the upgrade.
func jwtSecret(ctx context.Context, cfg *Config, db *sqlstore.DB, log *slog.Logger) ([]byte, error) {
	if cfg.JWTSecret != "" {
		return []byte(cfg.JWTSecret), nil
	}
	path := filepath.Join(cfg.DataDir, "secrets", "jwt.key")
	s, err := readSecretFile(path)
	if err != nil {
		return nil, err
	}
	if db.Dialect() == sqlstore.DialectPostgres {
		candidate := s
		if candidate == "" {
			candidate = newSecret()
		}
		stored, err := db.InstallationSecret(ctx, "jwt", candidate)
		if err != nil {
			return nil, fmt.Errorf("access-token secret: %w", err)
		}
		if len(stored) < 64 {
			return nil, errors.New("the database's access-token secret is damaged: set JWT_SECRET")
		}
		if s != "" && stored != s {
			log.Warn("the data folder's secrets/jwt.key is not the installation's secret in the database; using the database's", "file", path)
		}
		return []byte(stored), nil
	}
	if s != "" {
		return []byte(s), nil
	}
	s = newSecret()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, []byte(s+"\n"), 0o600); err != nil {
		return nil, err
	}
	return []byte(s), nil
}

// readSecretFile returns the secret generated into path before, "" when
// there is none, and an error when the file is damaged or unreadable.
func readSecretFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	} else if err != nil {
		return "", err
	}
	s := strings.TrimSpace(string(b))
	if len(s) < 64 {
		return "", fmt.Errorf("%s is damaged: delete it to generate a new one", path)
	}
	return s, nil
}

// newSecret returns 256 random bits in hex.
func newSecret() string {
	raw := make([]byte, 32)
	_, _ = rand.Read(raw) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(raw)
}

// syncAdmins grants admin to the configured e-mails whose accounts have a
// confirmed address. Unconfirmed ones get it when they confirm.
func syncAdmins(ctx context.Context, users salescoach.UserService, emails []string, log *slog.Logger) error {
	for _, e := range emails {
		u, err := users.UserByEmail(ctx, e)
		if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
			continue
		} else if err != nil {
			return err
		}
		if u.EmailConfirmedAt != nil && !u.IsAdmin {
			if err := users.SetAdmin(ctx, e, true); err != nil {
				return err
			}
			log.Info("admin granted by ADMIN_EMAILS", "user_id", u.ID)
		}
	}
	return nil
}

// oauthProviders builds the configured social sign-ins. Discovery happens on
// first use, so a provider that is down does not stop start-up.
func oauthProviders(ctx context.Context, cfg *Config, log *slog.Logger) (map[string]*auth.Provider, error) {
	out := map[string]*auth.Provider{}
	if cfg.GoogleClientID != "" {
		pc := auth.GoogleConfig(cfg.GoogleClientID, cfg.GoogleClientSecret, cfg.PublicURL+"/api/auth/oauth/google/callback")
		pc.Issuer, pc.Logger = cfg.GoogleIssuer, log
		p, err := newProvider(ctx, pc, log)
		if err != nil {
			return nil, err
		}
		out["google"] = p
	}
	if cfg.AppleClientID != "" {
		secret, err := auth.AppleClientSecretFunc(cfg.AppleTeamID, cfg.AppleKeyID, cfg.AppleClientID, []byte(cfg.ApplePrivateKey), time.Now)
		if err != nil {
			return nil, fmt.Errorf("apple sign-in: %w", err)
		}
		pc := auth.AppleConfig(cfg.AppleClientID, secret, cfg.PublicURL+"/api/auth/oauth/apple/callback")
		pc.Issuer, pc.Logger = cfg.AppleIssuer, log
		p, err := newProvider(ctx, pc, log)
		if err != nil {
			return nil, err
		}
		out["apple"] = p
	}
	return out, nil
}

// newProvider builds a provider. A configuration error stops start-up; a
// provider that cannot be reached now is only logged, because discovery is
// retried on first use.
func newProvider(ctx context.Context, pc auth.ProviderConfig, log *slog.Logger) (*auth.Provider, error) {
	p, err := auth.NewProvider(ctx, pc)
	if p == nil {
		return nil, fmt.Errorf("%s sign-in: %w", pc.Name, err)
	}
	if err != nil {
		log.Warn("sign-in provider not reachable yet", "provider", pc.Name, "err", err)
	}
	return p, nil
}

// smtpTLSModes maps SMTP_TLS values to the mail package's modes.
var smtpTLSModes = map[string]string{"starttls": mail.TLSStartTLS, "tls": mail.TLSImplicit, "none": mail.TLSNone}

// newEngine picks the AI customer: an OpenAI-compatible server when
// LLM_BASE_URL is set, the built-in trainer otherwise.
func newEngine(cfg *Config, log *slog.Logger) (coach.Engine, error) {
	if cfg.LLMBaseURL == "" {
		return trainer.New(), nil
	}
	e, err := openai.New(openai.Config{BaseURL: cfg.LLMBaseURL, APIKey: cfg.LLMAPIKey, Model: cfg.LLMModel,
		Timeout: cfg.LLMTimeout, Logger: log})
	if err != nil {
		return nil, fmt.Errorf("model server: %w", err)
	}
	return e, nil
}

// newBlobStore builds the avatar store: the folder DATA_DIR/avatars, served
// by this server at /avatars/, or an S3-compatible bucket. The returned
// function releases it.
func newBlobStore(cfg *Config, log *slog.Logger) (salescoach.BlobStore, func(), error) {
	if cfg.BlobStore == "s3" {
		s, err := blob.NewS3(blob.S3Config{Endpoint: cfg.S3Endpoint, Region: cfg.S3Region, Bucket: cfg.S3Bucket,
			AccessKeyID: cfg.S3AccessKeyID, SecretAccessKey: cfg.S3SecretAccessKey, PublicURL: cfg.S3PublicURL,
			Timeout: cfg.S3Timeout, Logger: log})
		if err != nil {
			return nil, nil, fmt.Errorf("avatar storage: %w", err)
		}
		return s, func() {}, nil
	}
	l, err := blob.NewLocal(filepath.Join(cfg.DataDir, "avatars"), "/avatars")
	if err != nil {
		return nil, nil, fmt.Errorf("avatar storage: %w", err)
	}
	return l, func() { l.Close() }, nil
}

// newBilling builds the billing service; without PAYPAL_CLIENT_ID it has no
// PayPal and payments are not configured. The secret is never logged.
func newBilling(cfg *Config, store salescoach.BillingStore, promos salescoach.PromoService, log *slog.Logger) (*billing.Service, error) {
	svc := &billing.Service{Store: store, Promos: promos, Log: log, PublicURL: cfg.PublicURL,
		Plans:    salescoach.PlanIDs{Plus: cfg.PlanPlus, Elite: cfg.PlanElite, Promo: cfg.PlanPromo, Team: cfg.PlanTeam},
		ClientID: cfg.PayPalClientID, SDKURL: cfg.PayPalSDKURL, PromoPrice: cfg.PromoPrice}
	if cfg.PayPalClientID == "" {
		return svc, nil
	}
	pp, err := billing.NewPayPal(billing.PayPalConfig{ClientID: cfg.PayPalClientID, Secret: cfg.PayPalSecret,
		APIBase: cfg.PayPalAPIBase, WebhookID: cfg.PayPalWebhookID})
	if err != nil {
		return nil, fmt.Errorf("PayPal: %w", err)
	}
	svc.PayPal = pp
	if cfg.PayPalWebhookID == "" {
		log.Warn("PAYPAL_WEBHOOK_ID is not set: every PayPal webhook is refused; subscriptions are kept true by the reconcile only")
	}
	if cfg.PayPalSDKURL != "" {
		log.Warn("PAYPAL_SDK_URL is set: browsers load this script instead of PayPal's; use only in tests", "url", cfg.PayPalSDKURL)
	}
	log.Info("payments", "paypal_api", cfg.PayPalAPIBase, "client_id", cfg.PayPalClientID)
	return svc, nil
}

// processName tells this process apart from others sharing the database
// (the background jobs' leases).
func processName() string {
	host, _ := os.Hostname()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%s-%d-%x", host, os.Getpid(), b)
}

// newVoice builds the speech providers of STT_PROVIDER and TTS_PROVIDER; nil
// for none, so that the browser uses its own.
func newVoice(cfg *Config, log *slog.Logger) (voice.Transcriber, voice.Synthesizer, error) {
	var (
		stt voice.Transcriber
		tts voice.Synthesizer
	)
	if cfg.STTProvider == "openai" {
		o, err := voice.NewOpenAI(voice.OpenAIConfig{BaseURL: cfg.STTBaseURL, APIKey: cfg.STTAPIKey, Model: cfg.STTModel,
			Timeout: cfg.VoiceTimeout, Logger: log})
		if err != nil {
			return nil, nil, fmt.Errorf("speech-to-text: %w", err)
		}
		stt = o
	}
	switch cfg.TTSProvider {
	case "openai":
		o, err := voice.NewOpenAI(voice.OpenAIConfig{BaseURL: cfg.TTSBaseURL, APIKey: cfg.TTSAPIKey, Model: cfg.TTSModel,
			Voice: cfg.TTSVoice, Timeout: cfg.VoiceTimeout, Logger: log})
		if err != nil {
			return nil, nil, fmt.Errorf("text-to-speech: %w", err)
		}
		tts = o
	case "polly":
		p, err := voice.NewPolly(voice.PollyConfig{Region: cfg.AWSRegion, AccessKeyID: cfg.AWSAccessKey,
			SecretAccessKey: cfg.AWSSecretKey, Endpoint: cfg.PollyURL, Timeout: cfg.VoiceTimeout, Logger: log})
		if err != nil {
			return nil, nil, fmt.Errorf("text-to-speech: %w", err)
		}
		tts = p
	}
	return stt, tts, nil
}
