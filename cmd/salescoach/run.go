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
	"salescoach/httpapi"
	"salescoach/mail"
	"salescoach/realtime"
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

// serve runs the HTTP server until ctx ends, then shuts down gracefully.
func serve(ctx context.Context, cfg *Config, stdout io.Writer) error {
	log := newLogger(cfg, stdout)
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return fmt.Errorf("data folder: %w", err)
	}
	secret, err := jwtSecret(cfg)
	if err != nil {
		return err
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	users := sqlstore.NewUserService(db)
	if err := syncAdmins(ctx, users, cfg.AdminEmails, log); err != nil {
		return err
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
	// Billing holds the plan ids; the chat quota asks it for a plan's tier.
	billingService, err := newBilling(cfg, sqlstore.NewSubscriptionService(db), sqlstore.NewPromoService(db), log)
	if err != nil {
		ln.Close()
		return err
	}
	billingService.Changes = hub
	go billingService.Run(ctx, time.Minute, 15*time.Minute)
	trainingService := &training.Service{
		Conversations: conversations, Progress: progress, Users: users, Catalog: catalog,
		Subscriptions: sqlstore.NewSubscriptionService(db), Engine: engine, Changes: hub,
		Tiers: billingService, Now: time.Now, Log: log,
	}

	api := httpapi.New(httpapi.Config{
		PublicURL: cfg.PublicURL, CookieSecure: cfg.cookieSecure(), AdminEmails: cfg.AdminEmails,
		ProxyHeader: cfg.ProxyHeader, TrustedProxies: cfg.TrustedProxies,
		AccessTTL: cfg.AccessTTL, RefreshTTLRemember: cfg.RefreshTTL, SignupsPerHour: cfg.SignupsPerHour, AuthAttemptsPerIP: cfg.AuthAttemptsPerIP,
		LegalDir: filepath.Join(cfg.DataDir, "legal"),
	}, httpapi.Deps{
		Logger: log, Users: users, Sessions: sqlstore.NewSessionService(db), Tokens: sqlstore.NewTokenService(db),
		Identities: sqlstore.NewIdentityService(db), Consents: sqlstore.NewConsentService(db),
		PageViews: sqlstore.NewPageViewService(db), Vitals: sqlstore.NewWebVitalService(db), Referrals: sqlstore.NewReferralService(db),
		Catalog: catalog, Mailer: mailer, Issuer: issuer, OAuth: providers,
		Feedback: sqlstore.NewFeedbackService(db), Admin: sqlstore.NewAdminService(db),
		CatalogAdmin: catalog, Promos: sqlstore.NewPromoService(db),
		Conversations: conversations, Progress: progress, Training: trainingService, Billing: billingService,
		Fetcher: webfetch.New(webfetch.Config{Logger: log, Allow: cfg.FetchAllow, AllowPorts: cfg.FetchAllowPorts}),
		Hub:     hub, Blobs: blobs,
		STT: stt, TTS: tts, Voice: sqlstore.NewVoiceService(db),
		Ready: db.Ping, App: web.Dist(),
		Privacy: sqlstore.NewPrivacyService(db),
	})
	srv := &http.Server{
		Handler:           api.Handler(),
		ReadHeaderTimeout: readHeaderTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
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
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// jwtSecret returns the configured secret or the one generated into the data
// folder on first start, so sessions survive restarts without configuration.
func jwtSecret(cfg *Config) ([]byte, error) {
	if cfg.JWTSecret != "" {
		return []byte(cfg.JWTSecret), nil
	}
	path := filepath.Join(cfg.DataDir, "secrets", "jwt.key")
	b, err := os.ReadFile(path)
	if err == nil {
		s := strings.TrimSpace(string(b))
		if len(s) < 64 {
			return nil, fmt.Errorf("%s is damaged: delete it to generate a new one", path)
		}
		return []byte(s), nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return nil, err
	}
	s := hex.EncodeToString(raw)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	if err := os.WriteFile(path, []byte(s+"\n"), 0o600); err != nil {
		return nil, err
	}
	return []byte(s), nil
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
		Plans:    salescoach.PlanIDs{Plus: cfg.PlanPlus, Elite: cfg.PlanElite, Promo: cfg.PlanPromo},
		ClientID: cfg.PayPalClientID, SDKURL: cfg.PayPalSDKURL, Holder: processName()}
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
// (the billing jobs' lease).
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
