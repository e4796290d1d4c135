package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/netip"
	"net/url"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"salescoach/voice"
)

// Config is every setting of the server. Each has an environment variable
// and a flag of the same meaning; a flag given on the command line wins.
// Secrets also come from FILE variants (SMTP_PASSWORD_FILE, ...), so they can
// be mounted instead of exported.
type Config struct {
	Addr        string
	PublicURL   string
	DataDir     string
	DatabaseURL string
	LogFormat   string // text or json
	LogLevel    string // debug, info, warn, error

	SMTPHost     string
	SMTPPort     int
	SMTPUsername string
	SMTPPassword string
	SMTPFrom     string
	SMTPTLS      string // starttls, tls or none

	AdminEmails []string

	GoogleClientID     string
	GoogleClientSecret string
	GoogleIssuer       string
	AppleClientID      string
	AppleTeamID        string
	AppleKeyID         string
	ApplePrivateKey    string // PEM of the .p8 key
	AppleIssuer        string

	CookieSecure   string // auto, true or false
	ProxyHeader    string
	TrustedProxies []netip.Prefix
	JWTSecret      string

	AccessTTL  time.Duration
	RefreshTTL time.Duration

	LLMBaseURL string
	LLMAPIKey  string
	LLMModel   string
	LLMTimeout time.Duration

	PlanPlus, PlanElite, PlanPromo, PlanTeam string
	// PromoPrice is the promo plan's monthly price in euros (0: not shown).
	PromoPrice int

	PayPalClientID  string
	PayPalSecret    string
	PayPalAPIBase   string // a URL; "sandbox" and "live" are resolved when read
	PayPalWebhookID string
	PayPalSDKURL    string

	SignupsPerHour    int
	AuthAttemptsPerIP int

	FetchAllow      []netip.Prefix
	FetchAllowPorts []int

	// SSOAllow and SSOAllowPorts open networks and ports besides public
	// addresses on 80/443 to the teams' company sign-in providers (an
	// internal Keycloak); SSOKey seals their client secrets ("" derives a
	// key from the access-token secret).
	SSOAllow      []netip.Prefix
	SSOAllowPorts []int
	SSOKey        string
	// SSODNSServer is the DNS server (host:port) asked for the TXT
	// records that prove a team's domains; "" asks the system's resolver.
	SSODNSServer string

	BlobStore         string // local or s3
	S3Endpoint        string
	S3Region          string
	S3Bucket          string
	S3AccessKeyID     string
	S3SecretAccessKey string
	S3PublicURL       string
	S3Timeout         time.Duration

	STTProvider  string // openai or none
	STTBaseURL   string
	STTAPIKey    string
	STTModel     string
	TTSProvider  string // openai, polly or none
	TTSBaseURL   string
	TTSAPIKey    string
	TTSModel     string
	TTSVoice     string // the OpenAI voice (TTS_PROVIDER=openai)
	AWSRegion    string
	AWSAccessKey string
	AWSSecretKey string
	PollyURL     string
	VoiceTimeout time.Duration

	// MetricsAddr is the private address of /metrics and pprof; empty: none.
	MetricsAddr string
	// TOTPKey encrypts the secrets of authenticator apps ("" derives a key
	// from the access-token secret); AdminTOTPRequired makes two-factor
	// sign-in mandatory for admins.
	TOTPKey           string
	AdminTOTPRequired bool
	// ShutdownDelay is how long a stopping process keeps serving after
	// /readyz turned 503, for load balancers that only follow health checks;
	// ShutdownTimeout bounds the wait for requests in flight after that.
	ShutdownDelay   time.Duration
	ShutdownTimeout time.Duration
}

// setting describes one configuration value: its variable, flag and help.
type setting struct {
	env, flag, def, help string
	secret               bool // also read from ENV_FILE; never printed
	set                  func(c *Config, v string) error
}

func str(p func(*Config) *string) func(*Config, string) error {
	return func(c *Config, v string) error { *p(c) = strings.TrimSpace(v); return nil }
}

var settings = []setting{
	{"ADDR", "addr", ":8080", "address to listen on (host:port; port 0 picks a free one)", false, func(c *Config, v string) error {
		if _, _, err := net.SplitHostPort(v); err != nil {
			return fmt.Errorf("must be host:port, e.g. :8080")
		}
		c.Addr = v
		return nil
	}},
	{"PUBLIC_URL", "public-url", "", "origin that mails and OAuth redirects point to (default http://localhost:<port>)", false, func(c *Config, v string) error {
		v = strings.TrimRight(strings.TrimSpace(v), "/")
		if v == "" {
			return nil
		}
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" || u.RawQuery != "" {
			return fmt.Errorf("must be an origin such as https://coach.example.com")
		}
		c.PublicURL = v
		return nil
	}},
	{"DATA_DIR", "data-dir", "./data", "folder for the SQLite database, generated secrets, avatars and legal pages", false, str(func(c *Config) *string { return &c.DataDir })},
	{"DATABASE_URL", "database-url", "", "postgres://... for PostgreSQL; empty means SQLite in DATA_DIR", true, func(c *Config, v string) error {
		v = strings.TrimSpace(v)
		if v != "" && !strings.HasPrefix(v, "postgres://") && !strings.HasPrefix(v, "postgresql://") && !strings.HasPrefix(v, "sqlite:") {
			return fmt.Errorf("must start with postgres://, postgresql:// or sqlite:")
		}
		c.DatabaseURL = v
		return nil
	}},
	{"LOG_FORMAT", "log-format", "text", "log format: text or json", false, oneOf(func(c *Config) *string { return &c.LogFormat }, "text", "json")},
	{"LOG_LEVEL", "log-level", "info", "log level: debug, info, warn or error", false, oneOf(func(c *Config) *string { return &c.LogLevel }, "debug", "info", "warn", "error")},
	{"SMTP_HOST", "smtp-host", "", "SMTP server; without it mails are written to the log", false, str(func(c *Config) *string { return &c.SMTPHost })},
	{"SMTP_PORT", "smtp-port", "587", "SMTP port", false, func(c *Config, v string) error {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 1 || n > 65535 {
			return fmt.Errorf("must be a port number")
		}
		c.SMTPPort = n
		return nil
	}},
	{"SMTP_USERNAME", "smtp-username", "", "SMTP user name", false, str(func(c *Config) *string { return &c.SMTPUsername })},
	{"SMTP_PASSWORD", "smtp-password", "", "SMTP password", true, str(func(c *Config) *string { return &c.SMTPPassword })},
	{"SMTP_FROM", "smtp-from", "", "sender address of mails, e.g. Sales Coach <coach@example.com>", false, str(func(c *Config) *string { return &c.SMTPFrom })},
	{"SMTP_TLS", "smtp-tls", "starttls", "SMTP encryption: starttls, tls or none", false, oneOf(func(c *Config) *string { return &c.SMTPTLS }, "starttls", "tls", "none")},
	{"ADMIN_EMAILS", "admin-emails", "", "comma-separated e-mails that are admins once confirmed", false, func(c *Config, v string) error {
		c.AdminEmails = nil
		for _, e := range strings.Split(v, ",") {
			e = strings.ToLower(strings.TrimSpace(e))
			if e == "" {
				continue
			}
			if !strings.Contains(e, "@") {
				return fmt.Errorf("%q is not an e-mail address", e)
			}
			c.AdminEmails = append(c.AdminEmails, e)
		}
		return nil
	}},
	{"GOOGLE_CLIENT_ID", "google-client-id", "", "Google OAuth client id; enables 'Mit Google anmelden'", false, str(func(c *Config) *string { return &c.GoogleClientID })},
	{"GOOGLE_CLIENT_SECRET", "google-client-secret", "", "Google OAuth client secret", true, str(func(c *Config) *string { return &c.GoogleClientSecret })},
	{"GOOGLE_ISSUER", "google-issuer", "https://accounts.google.com", "Google's OpenID issuer (changed only for tests)", false, urlSetting(func(c *Config) *string { return &c.GoogleIssuer })},
	{"APPLE_CLIENT_ID", "apple-client-id", "", "Apple Services ID; enables 'Mit Apple anmelden'", false, str(func(c *Config) *string { return &c.AppleClientID })},
	{"APPLE_TEAM_ID", "apple-team-id", "", "Apple developer team id", false, str(func(c *Config) *string { return &c.AppleTeamID })},
	{"APPLE_KEY_ID", "apple-key-id", "", "id of the Sign in with Apple key", false, str(func(c *Config) *string { return &c.AppleKeyID })},
	{"APPLE_PRIVATE_KEY", "apple-private-key", "", "PEM of the Sign in with Apple .p8 key", true, func(c *Config, v string) error { c.ApplePrivateKey = v; return nil }},
	{"APPLE_ISSUER", "apple-issuer", "https://appleid.apple.com", "Apple's OpenID issuer (changed only for tests)", false, urlSetting(func(c *Config) *string { return &c.AppleIssuer })},
	{"COOKIE_SECURE", "cookie-secure", "auto", "Secure cookies and HSTS: auto (when PUBLIC_URL is https), true or false", false, oneOf(func(c *Config) *string { return &c.CookieSecure }, "auto", "true", "false")},
	{"TRUSTED_PROXY_HEADER", "trusted-proxy-header", "", "header with the client address set by your proxy, e.g. X-Forwarded-For; empty trusts none", false, str(func(c *Config) *string { return &c.ProxyHeader })},
	{"TRUSTED_PROXIES", "trusted-proxies", "127.0.0.1/32,::1/128", "comma-separated networks of proxies allowed to set that header", false, func(c *Config, v string) error {
		c.TrustedProxies = nil
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			pfx, err := netip.ParsePrefix(p)
			if err != nil {
				return fmt.Errorf("%q is not a network such as 10.0.0.0/8", p)
			}
			c.TrustedProxies = append(c.TrustedProxies, pfx)
		}
		return nil
	}},
	{"JWT_SECRET", "jwt-secret", "", "secret for access tokens (≥ 32 bytes); when empty generated into DATA_DIR (SQLite) or the database (PostgreSQL)", true, func(c *Config, v string) error {
		if v != "" && len(v) < 32 {
			return fmt.Errorf("must be at least 32 bytes")
		}
		c.JWTSecret = v
		return nil
	}},
	{"LLM_BASE_URL", "llm-base-url", "", "OpenAI-compatible API base URL, e.g. https://api.openai.com/v1 or http://localhost:11434/v1; empty uses the built-in trainer", false, func(c *Config, v string) error {
		if strings.TrimSpace(v) == "" {
			c.LLMBaseURL = ""
			return nil
		}
		return urlSetting(func(c *Config) *string { return &c.LLMBaseURL })(c, v)
	}},
	{"LLM_API_KEY", "llm-api-key", "", "API key of the model server (empty for servers without keys, e.g. Ollama)", true, str(func(c *Config) *string { return &c.LLMAPIKey })},
	{"LLM_MODEL", "llm-model", "", "model name, e.g. gpt-4o-mini or llama3.1; required with LLM_BASE_URL", false, str(func(c *Config) *string { return &c.LLMModel })},
	{"LLM_TIMEOUT", "llm-timeout", "60s", "time limit of one model call", false, duration(func(c *Config) *time.Duration { return &c.LLMTimeout }, time.Second, 10*time.Minute)},
	{"PAYPAL_PLAN_PLUS", "paypal-plan-plus", "", "PayPal plan id of Plus (250 chats a month)", false, str(func(c *Config) *string { return &c.PlanPlus })},
	{"PAYPAL_PLAN_ELITE", "paypal-plan-elite", "", "PayPal plan id of Elite (1000 chats a month)", false, str(func(c *Config) *string { return &c.PlanElite })},
	{"PAYPAL_PLAN_TEAM", "paypal-plan-team", "", "PayPal plan id of the team plan 'Team' (25 euros per seat and month, with a quantity; empty: no seats sold)", false, str(func(c *Config) *string { return &c.PlanTeam })},
	{"PAYPAL_PLAN_PROMO", "paypal-plan-promo", "", "PayPal plan id of the promotional Elite plan", false, str(func(c *Config) *string { return &c.PlanPromo })},
	{"PAYPAL_PROMO_PRICE", "paypal-promo-price", "", "monthly price in euros of the promo plan as set up at PayPal, shown with a valid promo code (empty: no price shown)", false, func(c *Config, v string) error {
		if v = strings.TrimSpace(v); v == "" {
			c.PromoPrice = 0
			return nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 10000 {
			return fmt.Errorf("must be whole euros between 1 and 10000")
		}
		c.PromoPrice = n
		return nil
	}},
	{"PAYPAL_CLIENT_ID", "paypal-client-id", "", "PayPal REST app client id; enables payments (with PAYPAL_CLIENT_SECRET and the Plus and Elite plan ids)", false, str(func(c *Config) *string { return &c.PayPalClientID })},
	{"PAYPAL_CLIENT_SECRET", "paypal-client-secret", "", "PayPal REST app secret", true, str(func(c *Config) *string { return &c.PayPalSecret })},
	{"PAYPAL_API_BASE", "paypal-api-base", "sandbox", "PayPal API: sandbox, live, or the URL of a test server (cmd/paypalfake)", false, func(c *Config, v string) error {
		switch v = strings.TrimSpace(v); strings.ToLower(v) {
		case "", "sandbox":
			c.PayPalAPIBase = "https://api-m.sandbox.paypal.com"
			return nil
		case "live":
			c.PayPalAPIBase = "https://api-m.paypal.com"
			return nil
		}
		if err := optionalBaseURL(func(c *Config) *string { return &c.PayPalAPIBase })(c, v); err != nil {
			return fmt.Errorf("must be sandbox, live or an http(s) URL")
		}
		return nil
	}},
	{"PAYPAL_WEBHOOK_ID", "paypal-webhook-id", "", "id of the webhook set up in the PayPal app; every webhook delivery is verified against it", false, str(func(c *Config) *string { return &c.PayPalWebhookID })},
	{"PAYPAL_SDK_URL", "paypal-sdk-url", "", "FOR TESTS ONLY: the browser script to load instead of PayPal's, e.g. http://127.0.0.1:9090/sdk/js of cmd/paypalfake", false, optionalBaseURL(func(c *Config) *string { return &c.PayPalSDKURL })},
	{"SIGNUP_LIMIT_PER_HOUR", "signup-limit-per-hour", "10", "accounts (sign-ups, guests) one address may create per hour", false, perAddressLimit(func(c *Config) *int { return &c.SignupsPerHour })},
	{"AUTH_LIMIT_PER_15MIN", "auth-limit-per-15min", "30", "sign-ins and mail-link uses (confirm, reset, invitation) one address may try per 15 minutes", false, perAddressLimit(func(c *Config) *int { return &c.AuthAttemptsPerIP })},
	{"BLOB_STORE", "blob-store", "local", "where avatars are kept: local (DATA_DIR/avatars, served by this server) or s3 (an S3-compatible bucket)", false, oneOf(func(c *Config) *string { return &c.BlobStore }, "local", "s3")},
	{"S3_ENDPOINT", "s3-endpoint", "", "S3-compatible endpoint, e.g. https://s3.eu-central-1.amazonaws.com or http://localhost:9000 (MinIO); required with BLOB_STORE=s3", false, optionalBaseURL(func(c *Config) *string { return &c.S3Endpoint })},
	{"S3_REGION", "s3-region", "us-east-1", "region of the bucket, used in request signatures", false, func(c *Config, v string) error {
		v = strings.TrimSpace(v)
		if !s3RegionPattern.MatchString(v) {
			return fmt.Errorf("must be a region name such as eu-central-1")
		}
		c.S3Region = v
		return nil
	}},
	{"S3_BUCKET", "s3-bucket", "avatars", "bucket for avatars (addressed path-style: S3_ENDPOINT/S3_BUCKET/key)", false, func(c *Config, v string) error {
		v = strings.TrimSpace(v)
		if !s3BucketPattern.MatchString(v) || strings.Contains(v, "..") {
			return fmt.Errorf("must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens")
		}
		c.S3Bucket = v
		return nil
	}},
	{"S3_ACCESS_KEY_ID", "s3-access-key-id", "", "access key id for the bucket; required with BLOB_STORE=s3", false, str(func(c *Config) *string { return &c.S3AccessKeyID })},
	{"S3_SECRET_ACCESS_KEY", "s3-secret-access-key", "", "secret access key for the bucket; required with BLOB_STORE=s3", true, str(func(c *Config) *string { return &c.S3SecretAccessKey })},
	{"S3_PUBLIC_URL", "s3-public-url", "", "public base URL browsers load avatars from (default S3_ENDPOINT/S3_BUCKET), e.g. a CDN; the bucket must allow public reads", false, optionalBaseURL(func(c *Config) *string { return &c.S3PublicURL })},
	{"FETCH_ALLOW", "fetch-allow", "", "FOR TESTS ONLY: comma-separated networks the product-website fetch may reach besides public addresses", false, func(c *Config, v string) error {
		c.FetchAllow = nil
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			pfx, err := netip.ParsePrefix(p)
			if err != nil {
				return fmt.Errorf("%q is not a network such as 127.0.0.1/32", p)
			}
			c.FetchAllow = append(c.FetchAllow, pfx)
		}
		return nil
	}},
	{"FETCH_ALLOW_PORTS", "fetch-allow-ports", "", "FOR TESTS ONLY: comma-separated ports the product-website fetch may use besides 80 and 443", false, func(c *Config, v string) error {
		c.FetchAllowPorts = nil
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p == "" {
				continue
			}
			n, err := strconv.Atoi(p)
			if err != nil || n < 1 || n > 65535 {
				return fmt.Errorf("%q is not a port", p)
			}
			c.FetchAllowPorts = append(c.FetchAllowPorts, n)
		}
		return nil
	}},
	{"SSO_ALLOW", "sso-allow", "", "comma-separated networks (e.g. 10.20.0.0/16) the teams' company sign-in providers may be reached in besides public addresses, for a provider on an internal network such as a company's Keycloak; the issuer must be https, plain http only when the issuer's host is an IP literal inside these networks (a local test provider, 127.0.0.1/32)", false, networks(func(c *Config) *[]netip.Prefix { return &c.SSOAllow })},
	{"SSO_ALLOW_PORTS", "sso-allow-ports", "", "comma-separated ports the company sign-in providers may use besides 80 and 443 (e.g. 8443 for an internal Keycloak)", false, ports(func(c *Config) *[]int { return &c.SSOAllowPorts })},
	{"SSO_KEY", "sso-key", "", "key (≥ 32 bytes) that encrypts the client secrets of the teams' company sign-in and makes their domains' DNS tokens; empty derives one from the access-token secret, so changing JWT_SECRET then makes every team enter its client secret again (and publish new TXT values for new proofs)", true, func(c *Config, v string) error {
		if v != "" && len(v) < 32 {
			return fmt.Errorf("must be at least 32 bytes")
		}
		c.SSOKey = v
		return nil
	}},
	{"SSO_DNS_SERVER", "sso-dns-server", "", "DNS server (host:port, e.g. 10.0.0.2:53) asked for the TXT records that prove a team's company sign-in domains (_salescoach-challenge.<domain>), for split-horizon DNS; empty asks the system's resolver", false, func(c *Config, v string) error {
		v = strings.TrimSpace(v)
		if v == "" {
			c.SSODNSServer = ""
			return nil
		}
		host, port, err := net.SplitHostPort(v)
		if n, perr := strconv.Atoi(port); err != nil || host == "" || perr != nil || n < 1 || n > 65535 {
			return fmt.Errorf("must be host:port, e.g. 10.0.0.2:53")
		}
		c.SSODNSServer = v
		return nil
	}},
	{"S3_TIMEOUT", "s3-timeout", "30s", "time limit of one storage request", false, duration(func(c *Config) *time.Duration { return &c.S3Timeout }, time.Second, 5*time.Minute)},
	{"STT_PROVIDER", "stt-provider", "none", "speech-to-text for voice training: openai (any OpenAI-compatible audio API) or none (the browser's own recognition, where it has one)", false, oneOf(func(c *Config) *string { return &c.STTProvider }, "openai", "none")},
	{"STT_BASE_URL", "stt-base-url", "", "base URL of the speech-to-text API, e.g. http://localhost:8000/v1 (Speaches); empty is OpenAI's", false, optionalBaseURL(func(c *Config) *string { return &c.STTBaseURL })},
	{"STT_API_KEY", "stt-api-key", "", "API key of the speech-to-text server (empty for servers without keys)", true, str(func(c *Config) *string { return &c.STTAPIKey })},
	{"STT_MODEL", "stt-model", "whisper-1", "transcription model, e.g. whisper-1, gpt-4o-mini-transcribe or Systran/faster-whisper-small", false, str(func(c *Config) *string { return &c.STTModel })},
	{"TTS_PROVIDER", "tts-provider", "none", "text-to-speech for voice training: openai (any OpenAI-compatible audio API), polly (Amazon Polly) or none (the browser's own speech synthesis)", false, oneOf(func(c *Config) *string { return &c.TTSProvider }, "openai", "polly", "none")},
	{"TTS_BASE_URL", "tts-base-url", "", "base URL of the text-to-speech API with TTS_PROVIDER=openai; empty is OpenAI's", false, optionalBaseURL(func(c *Config) *string { return &c.TTSBaseURL })},
	{"TTS_API_KEY", "tts-api-key", "", "API key of the text-to-speech server with TTS_PROVIDER=openai", true, str(func(c *Config) *string { return &c.TTSAPIKey })},
	{"TTS_MODEL", "tts-model", "tts-1", "speech model with TTS_PROVIDER=openai, e.g. tts-1 or gpt-4o-mini-tts", false, str(func(c *Config) *string { return &c.TTSModel })},
	{"TTS_VOICE", "tts-voice", voice.DefaultOpenAIVoice, "voice with TTS_PROVIDER=openai for every request that names none of the API's voices (the specification's voices are Polly's): alloy, coral, nova, … or the server's own name, e.g. af_heart (Speaches/Kokoro)", false, func(c *Config, v string) error {
		v = strings.TrimSpace(v)
		if !voice.ValidOpenAIVoice(v) {
			return fmt.Errorf("must be a voice name of letters, digits, '_', '.' or '-' (at most 64), e.g. alloy or nova")
		}
		c.TTSVoice = v
		return nil
	}},
	{"AWS_REGION", "aws-region", "eu-central-1", "AWS region of Amazon Polly (TTS_PROVIDER=polly)", false, func(c *Config, v string) error {
		v = strings.TrimSpace(v)
		if !s3RegionPattern.MatchString(v) {
			return fmt.Errorf("must be a region name such as eu-central-1")
		}
		c.AWSRegion = v
		return nil
	}},
	{"AWS_ACCESS_KEY_ID", "aws-access-key-id", "", "AWS access key id for Amazon Polly; required with TTS_PROVIDER=polly", false, str(func(c *Config) *string { return &c.AWSAccessKey })},
	{"AWS_SECRET_ACCESS_KEY", "aws-secret-access-key", "", "AWS secret access key for Amazon Polly; required with TTS_PROVIDER=polly", true, str(func(c *Config) *string { return &c.AWSSecretKey })},
	{"POLLY_ENDPOINT", "polly-endpoint", "", "endpoint of Amazon Polly, e.g. a VPC endpoint or a local fake in tests; empty is the region's", false, optionalBaseURL(func(c *Config) *string { return &c.PollyURL })},
	{"VOICE_TIMEOUT", "voice-timeout", "30s", "time limit of one speech-to-text or text-to-speech call", false, duration(func(c *Config) *time.Duration { return &c.VoiceTimeout }, time.Second, 5*time.Minute)},
	{"ACCESS_TOKEN_TTL", "access-token-ttl", "15m", "lifetime of an access token", false, duration(func(c *Config) *time.Duration { return &c.AccessTTL }, time.Minute, 24*time.Hour)},
	{"REFRESH_TOKEN_TTL", "refresh-token-ttl", "720h", "idle lifetime of a refresh token", false, duration(func(c *Config) *time.Duration { return &c.RefreshTTL }, time.Hour, 365*24*time.Hour)},
	{"METRICS_ADDR", "metrics-addr", "", "private address (host:port, e.g. 127.0.0.1:9090) serving Prometheus metrics at /metrics and pprof at /debug/pprof/; empty serves neither. Keep it unreachable from the internet", false, func(c *Config, v string) error {
		if v = strings.TrimSpace(v); v == "" {
			c.MetricsAddr = ""
			return nil
		}
		if _, _, err := net.SplitHostPort(v); err != nil {
			return fmt.Errorf("must be host:port, e.g. 127.0.0.1:9090")
		}
		c.MetricsAddr = v
		return nil
	}},
	{"TOTP_KEY", "totp-key", "", "key (≥ 32 bytes) that encrypts the secrets of authenticator apps; empty derives one from the access-token secret, so changing JWT_SECRET then turns every user's two-factor sign-in unusable (recovery codes still work)", true, func(c *Config, v string) error {
		if v != "" && len(v) < 32 {
			return fmt.Errorf("must be at least 32 bytes")
		}
		c.TOTPKey = v
		return nil
	}},
	{"ADMIN_TOTP_REQUIRED", "admin-totp-required", "false", "true makes two-factor sign-in (authenticator app) mandatory for admins: the back-office refuses an admin without it", false, func(c *Config, v string) error {
		b, err := strconv.ParseBool(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("must be true or false")
		}
		c.AdminTOTPRequired = b
		return nil
	}},
	{"SHUTDOWN_DELAY", "shutdown-delay", "0s", "on SIGTERM, keep serving this long with /readyz at 503 before closing the listener (for load balancers that only follow health checks)", false, duration(func(c *Config) *time.Duration { return &c.ShutdownDelay }, 0, time.Minute)},
	{"SHUTDOWN_TIMEOUT", "shutdown-timeout", "30s", "on SIGTERM, how long requests in flight (streamed chat replies) may still take", false, duration(func(c *Config) *time.Duration { return &c.ShutdownTimeout }, time.Second, 10*time.Minute)},
}

// networks parses a comma-separated list of networks such as 10.0.0.0/8.
func networks(p func(*Config) *[]netip.Prefix) func(*Config, string) error {
	return func(c *Config, v string) error {
		var out []netip.Prefix
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s == "" {
				continue
			}
			pfx, err := netip.ParsePrefix(s)
			if err != nil {
				return fmt.Errorf("%q is not a network such as 10.0.0.0/8", s)
			}
			out = append(out, pfx.Masked())
		}
		*p(c) = out
		return nil
	}
}

// ports parses a comma-separated list of ports.
func ports(p func(*Config) *[]int) func(*Config, string) error {
	return func(c *Config, v string) error {
		var out []int
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s == "" {
				continue
			}
			n, err := strconv.Atoi(s)
			if err != nil || n < 1 || n > 65535 {
				return fmt.Errorf("%q is not a port", s)
			}
			out = append(out, n)
		}
		*p(c) = out
		return nil
	}
}

// perAddressLimit parses a rate limit per client address: a whole number
// from 1 to 100000.
func perAddressLimit(p func(*Config) *int) func(*Config, string) error {
	return func(c *Config, v string) error {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 1 || n > 100000 {
			return fmt.Errorf("must be a whole number from 1 to 100000")
		}
		*p(c) = n
		return nil
	}
}

func oneOf(p func(*Config) *string, allowed ...string) func(*Config, string) error {
	return func(c *Config, v string) error {
		v = strings.ToLower(strings.TrimSpace(v))
		for _, a := range allowed {
			if v == a {
				*p(c) = v
				return nil
			}
		}
		return fmt.Errorf("must be one of %s", strings.Join(allowed, ", "))
	}
}

// Patterns of S3 names: AWS's rules, which S3-compatible services share.
var (
	s3RegionPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,62}$`)
	s3BucketPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$`)
)

// optionalBaseURL accepts "" or an http(s) URL without query or fragment;
// a trailing slash is dropped.
func optionalBaseURL(p func(*Config) *string) func(*Config, string) error {
	return func(c *Config, v string) error {
		v = strings.TrimSpace(v)
		if v == "" {
			*p(c) = ""
			return nil
		}
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			return fmt.Errorf("must be an http(s) URL without query, e.g. https://s3.example.com")
		}
		*p(c) = strings.TrimRight(u.String(), "/")
		return nil
	}
}

func urlSetting(p func(*Config) *string) func(*Config, string) error {
	return func(c *Config, v string) error {
		u, err := url.Parse(strings.TrimSpace(v))
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return fmt.Errorf("must be an http(s) URL")
		}
		*p(c) = strings.TrimRight(u.String(), "/")
		return nil
	}
}

func duration(p func(*Config) *time.Duration, lo, hi time.Duration) func(*Config, string) error {
	return func(c *Config, v string) error {
		d, err := time.ParseDuration(strings.TrimSpace(v))
		if err != nil || d < lo || d > hi {
			return fmt.Errorf("must be a duration between %s and %s, e.g. 15m", lo, hi)
		}
		*p(c) = d
		return nil
	}
}

// errHelp is returned when the user asked for --help; it is not a failure.
var errHelp = flag.ErrHelp

// loadConfig reads the environment, then the flags in args. Any malformed
// value stops start-up with a message naming the variable and the flag.
func loadConfig(name string, args []string, getenv func(string) string, stderr io.Writer) (*Config, error) {
	c := &Config{}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	values := make([]*string, len(settings))
	for i, s := range settings {
		v := s.def
		if e := getenv(s.env); e != "" {
			v = e
		}
		if s.secret {
			if file := getenv(s.env + "_FILE"); file != "" {
				b, err := os.ReadFile(file)
				if err != nil {
					return nil, fmt.Errorf("%s_FILE: %w", s.env, err)
				}
				v = strings.TrimRight(string(b), "\r\n")
			}
		}
		values[i] = &v
		help := fmt.Sprintf("%s (env %s)", s.help, s.env)
		if s.secret {
			help = fmt.Sprintf("%s (env %s or %s_FILE)", s.help, s.env, s.env)
		}
		defShown := s.def
		fs.Func(s.flag, help+defaultNote(defShown), func(f string) error { *values[i] = f; return nil })
	}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: %s [flags]\n\nEvery flag can also be set by the environment variable named in its help.\n\n", name)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	var errs []error
	for i, s := range settings {
		if err := s.set(c, *values[i]); err != nil {
			errs = append(errs, fmt.Errorf("%s (--%s): %w", s.env, s.flag, err))
		}
	}
	if c.GoogleClientID != "" && c.GoogleClientSecret == "" {
		errs = append(errs, errors.New("GOOGLE_CLIENT_SECRET is required with GOOGLE_CLIENT_ID"))
	}
	if c.AppleClientID != "" && (c.AppleTeamID == "" || c.AppleKeyID == "" || c.ApplePrivateKey == "") {
		errs = append(errs, errors.New("APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY are required with APPLE_CLIENT_ID"))
	}
	if c.LLMBaseURL != "" && c.LLMModel == "" {
		errs = append(errs, errors.New("LLM_MODEL is required with LLM_BASE_URL"))
	}
	if c.BlobStore == "s3" && (c.S3Endpoint == "" || c.S3AccessKeyID == "" || c.S3SecretAccessKey == "") {
		errs = append(errs, errors.New("S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required with BLOB_STORE=s3"))
	}
	if c.PayPalClientID != "" && (c.PayPalSecret == "" || c.PlanPlus == "" || c.PlanElite == "") {
		errs = append(errs, errors.New("PAYPAL_CLIENT_SECRET, PAYPAL_PLAN_PLUS and PAYPAL_PLAN_ELITE are required with PAYPAL_CLIENT_ID"))
	}
	if c.TTSProvider == "polly" && (c.AWSAccessKey == "" || c.AWSSecretKey == "") {
		errs = append(errs, errors.New("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are required with TTS_PROVIDER=polly"))
	}
	if c.SMTPHost != "" && c.SMTPFrom == "" {
		errs = append(errs, errors.New("SMTP_FROM is required with SMTP_HOST"))
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("configuration: %w", errors.Join(errs...))
	}
	return c, nil
}

func defaultNote(def string) string {
	if def == "" {
		return ""
	}
	return fmt.Sprintf(" [default %s]", def)
}

// cookieSecure resolves COOKIE_SECURE against the public URL.
func (c *Config) cookieSecure() bool {
	switch c.CookieSecure {
	case "true":
		return true
	case "false":
		return false
	}
	return strings.HasPrefix(c.PublicURL, "https://")
}
