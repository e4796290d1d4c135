// Package mail delivers Sales Coach's e-mail: SMTPMailer sends through an SMTP
// server, LogMailer writes each mail's recipient, subject and link to the log
// when no server is configured, and ConfirmEmail, ResetPassword and Invitation
// write the texts in German and English.
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"strconv"
	"strings"
	"time"

	"salescoach"
)

// TLS modes of SMTPConfig.
const (
	// TLSStartTLS connects in plain text and upgrades with STARTTLS before
	// anything else is sent; a server that does not offer it is an error,
	// never a silent fallback to plain text.
	TLSStartTLS = "starttls"
	// TLSImplicit speaks TLS from the first byte (submissions port 465).
	TLSImplicit = "tls"
	// TLSNone sends in plain text. It is accepted only for a loopback host
	// (a local relay or a test server).
	TLSNone = "none"
)

// Default timeouts of an SMTPMailer.
const (
	DefaultDialTimeout = 10 * time.Second
	DefaultSendTimeout = 30 * time.Second
)

// SMTPConfig configures an SMTPMailer.
type SMTPConfig struct {
	Host string
	// Port defaults to 587 for TLSStartTLS, 465 for TLSImplicit and 25 for
	// TLSNone.
	Port int
	// Username and Password authenticate with AUTH PLAIN (or LOGIN when the
	// server offers only that). No authentication when Username is "".
	Username string
	Password string
	// From is the sender, bare ("noreply@example.com") or with a name
	// ("Sales Coach <noreply@example.com>").
	From string
	// TLS is TLSStartTLS (the default when ""), TLSImplicit or TLSNone.
	TLS string
	// TLSConfig overrides the TLS client configuration. Only tests need it
	// (to trust a self-signed certificate); ServerName defaults to Host.
	TLSConfig *tls.Config
	// HelloName is the name sent with EHLO ("localhost" when "").
	HelloName string
	// DialTimeout bounds connecting (DefaultDialTimeout when zero).
	DialTimeout time.Duration
	// Timeout bounds a whole Send from dialling to QUIT (DefaultSendTimeout
	// when zero), on top of the caller's context.
	Timeout time.Duration
	// Now stamps the Date header (time.Now when nil).
	Now func() time.Time
	// Logger receives the cause of failed sends (slog.Default() when nil).
	// Neither the password nor message bodies are ever logged.
	Logger *slog.Logger
}

// SMTPMailer sends mail through one SMTP server, one connection per message.
// It is safe for concurrent use.
type SMTPMailer struct {
	cfg  SMTPConfig
	from *mail.Address
	log  *slog.Logger
}

var _ salescoach.Mailer = (*SMTPMailer)(nil)

// NewSMTPMailer checks cfg and returns a mailer. It returns EINVALID when Host
// is missing, From is not an address, the TLS mode is unknown, or TLSNone is
// combined with a host that is not loopback (credentials and links would
// cross the network in plain text). It does not connect: the server may be
// down at start-up and up when the first mail goes out.
func NewSMTPMailer(cfg SMTPConfig) (*SMTPMailer, error) {
	invalid := func(msg string) error { return salescoach.Errorf(salescoach.EINVALID, "SMTP: %s", msg) }
	if cfg.Host == "" || strings.ContainsAny(cfg.Host, " \r\n/") {
		return nil, invalid("the host is missing or malformed")
	}
	from, err := mail.ParseAddress(cfg.From)
	if err != nil || strings.ContainsAny(cfg.From, "\r\n") {
		return nil, invalid("the sender (From) is not a valid address")
	}
	switch cfg.TLS {
	case "":
		cfg.TLS = TLSStartTLS
	case TLSStartTLS, TLSImplicit:
	case TLSNone:
		if !isLoopback(cfg.Host) {
			return nil, invalid(`TLS mode "none" is only allowed for localhost`)
		}
	default:
		return nil, invalid(fmt.Sprintf("unknown TLS mode %q (use starttls, tls or none)", cfg.TLS))
	}
	if cfg.Port == 0 {
		cfg.Port = map[string]int{TLSStartTLS: 587, TLSImplicit: 465, TLSNone: 25}[cfg.TLS]
	}
	if cfg.Port < 1 || cfg.Port > 65535 {
		return nil, invalid("the port is out of range")
	}
	if cfg.HelloName == "" {
		cfg.HelloName = "localhost"
	}
	if cfg.DialTimeout <= 0 {
		cfg.DialTimeout = DefaultDialTimeout
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultSendTimeout
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	m := &SMTPMailer{cfg: cfg, from: from, log: cfg.Logger}
	if m.log == nil {
		m.log = slog.Default()
	}
	return m, nil
}

// Send delivers msg. It returns EINVALID when the recipient is not one valid
// address or To or Subject contain a line break (header injection), and
// EUNAVAILABLE when the server cannot be reached, the TLS handshake or
// authentication fails, the server refuses sender, recipient or message, or
// ctx or the send timeout ends first.
func (m *SMTPMailer) Send(ctx context.Context, msg salescoach.MailMessage) error {
	to, err := checkMessage(msg)
	if err != nil {
		return err
	}
	raw, err := m.compose(to, msg)
	if err != nil {
		return err
	}
	if err := m.deliver(ctx, to.Address, raw); err != nil {
		m.log.Warn("mail not sent", "host", m.cfg.Host, "port", m.cfg.Port, "to", to.Address, "err", err)
		return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgMailNotSent)
	}
	return nil
}

// checkMessage refuses line breaks before anything reaches a header: the
// address parser and the Q-encoding would mask some of them, but a caller
// that passes one has a bug worth seeing.
func checkMessage(msg salescoach.MailMessage) (*mail.Address, error) {
	if strings.ContainsAny(msg.To, "\r\n") || strings.ContainsAny(msg.Subject, "\r\n") {
		return nil, salescoach.Errorf(salescoach.EINVALID, "Ungültige E-Mail-Kopfzeile.")
	}
	to, err := mail.ParseAddress(msg.To)
	if err != nil {
		return nil, salescoach.FieldError("email", salescoach.MsgEmailInvalid)
	}
	return to, nil
}

// compose renders msg as an RFC 5322 message: quoted-printable UTF-8 text,
// multipart/alternative when there is an HTML part.
func (m *SMTPMailer) compose(to *mail.Address, msg salescoach.MailMessage) ([]byte, error) {
	var b bytes.Buffer
	h := func(k, v string) { b.WriteString(k + ": " + v + "\r\n") }
	h("From", m.from.String())
	h("To", to.String())
	h("Subject", mime.QEncoding.Encode("utf-8", msg.Subject))
	h("Date", m.cfg.Now().Format(time.RFC1123Z))
	h("Message-ID", "<"+rand.Text()+"@"+domainOf(m.from.Address)+">")
	h("MIME-Version", "1.0")
	// RFC 3834: automatic replies (vacation notices) should not answer.
	h("Auto-Submitted", "auto-generated")

	if msg.HTML == "" {
		h("Content-Type", "text/plain; charset=utf-8")
		h("Content-Transfer-Encoding", "quoted-printable")
		b.WriteString("\r\n")
		if err := writeQP(&b, msg.Text); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	}

	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	h("Content-Type", mime.FormatMediaType("multipart/alternative", map[string]string{"boundary": mw.Boundary()}))
	b.WriteString("\r\n")
	for _, part := range []struct{ ctype, content string }{
		{"text/plain; charset=utf-8", msg.Text},
		{"text/html; charset=utf-8", msg.HTML},
	} {
		w, err := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {part.ctype},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return nil, salescoach.Errorf(salescoach.EINTERNAL, "Interner Fehler.")
		}
		if err := writeQP(w, part.content); err != nil {
			return nil, err
		}
	}
	if err := mw.Close(); err != nil {
		return nil, salescoach.Errorf(salescoach.EINTERNAL, "Interner Fehler.")
	}
	b.Write(body.Bytes())
	return b.Bytes(), nil
}

// writeQP encodes s as quoted-printable; in text mode the encoder also turns
// every line break into CRLF, as SMTP requires.
func writeQP(w interface{ Write([]byte) (int, error) }, s string) error {
	qp := quotedprintable.NewWriter(w)
	if _, err := qp.Write([]byte(s)); err != nil {
		return salescoach.Errorf(salescoach.EINTERNAL, "Interner Fehler.")
	}
	if err := qp.Close(); err != nil {
		return salescoach.Errorf(salescoach.EINTERNAL, "Interner Fehler.")
	}
	return nil
}

func domainOf(addr string) string {
	if i := strings.LastIndexByte(addr, '@'); i >= 0 {
		return addr[i+1:]
	}
	return "localhost"
}

// deliver runs one SMTP transaction. Its errors are for the log only.
func (m *SMTPMailer) deliver(ctx context.Context, rcpt string, raw []byte) error {
	ctx, cancel := context.WithTimeout(ctx, m.cfg.Timeout)
	defer cancel()
	addr := net.JoinHostPort(m.cfg.Host, strconv.Itoa(m.cfg.Port))
	d := &net.Dialer{Timeout: m.cfg.DialTimeout}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("dial: %w", err)
	}
	defer conn.Close()
	// net/smtp has no context support: the deadline bounds every read and
	// write, and cancellation moves it to the past to unblock them.
	deadline, _ := ctx.Deadline()
	_ = conn.SetDeadline(deadline)
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()

	tlsCfg := m.tlsConfig()
	if m.cfg.TLS == TLSImplicit {
		tc := tls.Client(conn, tlsCfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			return fmt.Errorf("tls handshake: %w", err)
		}
		conn = tc
	}
	c, err := smtp.NewClient(conn, m.cfg.Host)
	if err != nil {
		return fmt.Errorf("greeting: %w", err)
	}
	defer c.Close()
	if err := c.Hello(m.cfg.HelloName); err != nil {
		return fmt.Errorf("ehlo: %w", err)
	}
	if m.cfg.TLS == TLSStartTLS {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			return errors.New("the server does not offer STARTTLS")
		}
		if err := c.StartTLS(tlsCfg); err != nil {
			return fmt.Errorf("starttls: %w", err)
		}
	}
	if m.cfg.Username != "" {
		a, err := m.auth(c)
		if err != nil {
			return err
		}
		if err := c.Auth(a); err != nil {
			return fmt.Errorf("auth: %w", err)
		}
	}
	if err := c.Mail(m.from.Address); err != nil {
		return fmt.Errorf("mail from: %w", err)
	}
	if err := c.Rcpt(rcpt); err != nil {
		return fmt.Errorf("rcpt to: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("data: %w", err)
	}
	if _, err := w.Write(raw); err != nil {
		return fmt.Errorf("data: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("data: %w", err)
	}
	// The server has accepted the message; a failing QUIT changes nothing.
	_ = c.Quit()
	return nil
}

func (m *SMTPMailer) tlsConfig() *tls.Config {
	var c *tls.Config
	if m.cfg.TLSConfig != nil {
		c = m.cfg.TLSConfig.Clone()
	} else {
		c = &tls.Config{}
	}
	if c.ServerName == "" {
		c.ServerName = m.cfg.Host
	}
	if c.MinVersion == 0 {
		c.MinVersion = tls.VersionTLS12
	}
	return c
}

// auth picks PLAIN, or LOGIN for servers that offer only that (Microsoft
// 365, for one).
func (m *SMTPMailer) auth(c *smtp.Client) (smtp.Auth, error) {
	ok, mechs := c.Extension("AUTH")
	if !ok {
		return nil, errors.New("the server offers no AUTH although a username is configured")
	}
	offered := strings.Fields(strings.ToUpper(mechs))
	has := func(mech string) bool {
		for _, o := range offered {
			if o == mech {
				return true
			}
		}
		return false
	}
	switch {
	case has("PLAIN"):
		return smtp.PlainAuth("", m.cfg.Username, m.cfg.Password, m.cfg.Host), nil
	case has("LOGIN"):
		return &loginAuth{username: m.cfg.Username, password: m.cfg.Password, host: m.cfg.Host}, nil
	}
	return nil, fmt.Errorf("no supported AUTH mechanism among %q", mechs)
}

// loginAuth implements the LOGIN mechanism, which net/smtp lacks. Like
// smtp.PlainAuth it refuses to send credentials unencrypted except to
// loopback.
type loginAuth struct {
	username, password, host string
	step                     int
}

func (a *loginAuth) Start(server *smtp.ServerInfo) (string, []byte, error) {
	if !server.TLS && !isLoopback(server.Name) {
		return "", nil, errors.New("unencrypted connection")
	}
	if server.Name != a.host {
		return "", nil, errors.New("wrong host name")
	}
	a.step = 0
	return "LOGIN", nil, nil
}

func (a *loginAuth) Next(fromServer []byte, more bool) ([]byte, error) {
	if !more {
		return nil, nil
	}
	a.step++
	prompt := strings.ToLower(strings.TrimSpace(string(fromServer)))
	switch {
	case strings.HasPrefix(prompt, "username"), prompt == "" && a.step == 1:
		return []byte(a.username), nil
	case strings.HasPrefix(prompt, "password"), prompt == "" && a.step == 2:
		return []byte(a.password), nil
	}
	return nil, errors.New("unexpected LOGIN challenge")
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}
