package mail_test

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"salescoach"
	"salescoach/mail"
	"salescoach/mail/mailtest"
)

// logBuffer collects log output for assertions.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

var fixedNow = time.Date(2025, 3, 1, 9, 30, 0, 0, time.FixedZone("CET", 3600))

func newMailer(t *testing.T, cfg mail.SMTPConfig) (*mail.SMTPMailer, *logBuffer) {
	t.Helper()
	logs := &logBuffer{}
	if cfg.Host == "" {
		cfg.Host = "127.0.0.1"
	}
	if cfg.From == "" {
		cfg.From = "Sales Coach <noreply@salescoach.example>"
	}
	cfg.Now = func() time.Time { return fixedNow }
	cfg.Logger = slog.New(slog.NewTextHandler(logs, nil))
	m, err := mail.NewSMTPMailer(cfg)
	if err != nil {
		t.Fatalf("NewSMTPMailer: %v", err)
	}
	return m, logs
}

const testLink = "https://app.example/app/confirm?token=abc&lang=de"

// parsed is a received message taken apart.
type parsed struct {
	header  netmail.Header
	subject string
	text    string
	html    string
}

func parse(t *testing.T, data []byte) parsed {
	t.Helper()
	if i := bytes.IndexByte(bytes.ReplaceAll(data, []byte("\r\n"), nil), '\n'); i >= 0 {
		t.Fatalf("message has a bare LF:\n%s", data)
	}
	msg, err := netmail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	p := parsed{header: msg.Header}
	p.subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	decode := func(cte string, r io.Reader) string {
		if cte != "quoted-printable" {
			t.Fatalf("Content-Transfer-Encoding = %q", cte)
		}
		b, err := io.ReadAll(quotedprintable.NewReader(r))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	switch mt {
	case "text/plain":
		p.text = decode(msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
	case "multipart/alternative":
		mr := multipart.NewReader(msg.Body, params["boundary"])
		for i := 0; ; i++ {
			part, err := mr.NextRawPart()
			if errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				t.Fatal(err)
			}
			body := decode(part.Header.Get("Content-Transfer-Encoding"), part)
			switch ct := part.Header.Get("Content-Type"); {
			case i == 0 && ct == "text/plain; charset=utf-8":
				p.text = body
			case i == 1 && ct == "text/html; charset=utf-8":
				p.html = body
			default:
				t.Fatalf("part %d has Content-Type %q", i, ct)
			}
		}
	default:
		t.Fatalf("Content-Type %q", mt)
	}
	return p
}

func TestSendPlainConnection(t *testing.T) {
	be := &mailtest.Backend{}
	cert, _ := mailtest.SelfSigned(t)
	port := mailtest.Start(t, be, mailtest.Plain, cert)
	m, _ := newMailer(t, mail.SMTPConfig{Port: port, TLS: mail.TLSNone})

	msg := mail.ConfirmEmail("de", testLink)
	msg.To = "max.mustermann@example.com"
	if err := m.Send(context.Background(), msg); err != nil {
		t.Fatalf("Send: %v", err)
	}
	got := be.Messages()
	if len(got) != 1 {
		t.Fatalf("server got %d messages", len(got))
	}
	r := got[0]
	if r.From != "noreply@salescoach.example" || len(r.To) != 1 || r.To[0] != "max.mustermann@example.com" || r.TLS || r.User != "" {
		t.Fatalf("envelope = %+v", r)
	}
	p := parse(t, r.Data)
	if p.subject != "Willkommen bei Sales Coach – bitte bestätige deine E-Mail-Adresse" {
		t.Errorf("subject = %q", p.subject)
	}
	if raw := p.header.Get("Subject"); !strings.HasPrefix(raw, "=?utf-8?q?") {
		t.Errorf("raw subject %q is not Q-encoded", raw)
	}
	from, err := p.header.AddressList("From")
	if err != nil || len(from) != 1 || from[0].Name != "Sales Coach" || from[0].Address != "noreply@salescoach.example" {
		t.Errorf("From = %v, %v", from, err)
	}
	to, err := p.header.AddressList("To")
	if err != nil || len(to) != 1 || to[0].Address != "max.mustermann@example.com" {
		t.Errorf("To = %v, %v", to, err)
	}
	if d, err := p.header.Date(); err != nil || !d.Equal(fixedNow) {
		t.Errorf("Date = %v, %v; want %v", d, err, fixedNow)
	}
	if !regexp.MustCompile(`^<[A-Z2-7]{26}@salescoach\.example>$`).MatchString(p.header.Get("Message-Id")) {
		t.Errorf("Message-ID = %q", p.header.Get("Message-Id"))
	}
	if p.header.Get("Mime-Version") != "1.0" || p.header.Get("Auto-Submitted") != "auto-generated" {
		t.Errorf("headers = %v", p.header)
	}
	if !strings.Contains(p.text, "\r\n"+testLink+"\r\n") || !strings.Contains(p.text, "E-Mail-Adresse bestätigen") {
		t.Errorf("text part lacks link or umlauts:\n%s", p.text)
	}
	if !strings.Contains(p.html, `href="https://app.example/app/confirm?token=abc&amp;lang=de"`) {
		t.Errorf("html part lacks the escaped link:\n%s", p.html)
	}
}

func TestSendStartTLSWithAuthPlain(t *testing.T) {
	be := &mailtest.Backend{User: "mailer", Pass: "s3cr3t-pässwort"}
	cert, pool := mailtest.SelfSigned(t)
	port := mailtest.Start(t, be, mailtest.StartTLS, cert)
	m, logs := newMailer(t, mail.SMTPConfig{
		Port: port, Username: "mailer", Password: "s3cr3t-pässwort",
		TLSConfig: &tls.Config{RootCAs: pool},
	})
	msg := mail.ResetPassword("en", "https://app.example/app/reset?token=xyz")
	msg.To = "eva@example.com"
	if err := m.Send(context.Background(), msg); err != nil {
		t.Fatalf("Send: %v\n%s", err, logs)
	}
	got := be.Messages()
	if len(got) != 1 || !got[0].TLS || got[0].User != "mailer" || got[0].To[0] != "eva@example.com" {
		t.Fatalf("received = %+v", got)
	}
	p := parse(t, got[0].Data)
	if p.subject != "Reset your Sales Coach password" || !strings.Contains(p.text, "https://app.example/app/reset?token=xyz") {
		t.Fatalf("subject %q, text:\n%s", p.subject, p.text)
	}
}

func TestSendImplicitTLS(t *testing.T) {
	be := &mailtest.Backend{User: "mailer", Pass: "pw"}
	cert, pool := mailtest.SelfSigned(t)
	port := mailtest.Start(t, be, mailtest.Implicit, cert)
	m, logs := newMailer(t, mail.SMTPConfig{
		Port: port, TLS: mail.TLSImplicit, Username: "mailer", Password: "pw",
		TLSConfig: &tls.Config{RootCAs: pool},
	})
	msg := mail.Invitation("de", "https://app.example/app/invite?token=t", "Jörg Müller")
	msg.To = "neu@example.com"
	if err := m.Send(context.Background(), msg); err != nil {
		t.Fatalf("Send: %v\n%s", err, logs)
	}
	got := be.Messages()
	if len(got) != 1 || !got[0].TLS || got[0].User != "mailer" {
		t.Fatalf("received = %+v", got)
	}
	p := parse(t, got[0].Data)
	if p.subject != "Einladung zu Sales Coach" || !strings.Contains(p.text, "Jörg Müller hat dich zu Sales Coach eingeladen.") {
		t.Fatalf("subject %q, text:\n%s", p.subject, p.text)
	}
}

func TestSendAuthLogin(t *testing.T) {
	be := &mailtest.Backend{User: "mailer", Pass: "pw", LoginOnly: true}
	cert, pool := mailtest.SelfSigned(t)
	port := mailtest.Start(t, be, mailtest.StartTLS, cert)
	m, logs := newMailer(t, mail.SMTPConfig{
		Port: port, Username: "mailer", Password: "pw", TLSConfig: &tls.Config{RootCAs: pool},
	})
	if err := m.Send(context.Background(), salescoach.MailMessage{To: "a@example.com", Subject: "Hallo", Text: "Hallo"}); err != nil {
		t.Fatalf("Send: %v\n%s", err, logs)
	}
	if got := be.Messages(); len(got) != 1 || got[0].User != "mailer" {
		t.Fatalf("received = %+v", got)
	}
}

func TestSendPlainTextOnly(t *testing.T) {
	be := &mailtest.Backend{}
	cert, _ := mailtest.SelfSigned(t)
	port := mailtest.Start(t, be, mailtest.Plain, cert)
	m, _ := newMailer(t, mail.SMTPConfig{Host: "localhost", Port: port, TLS: mail.TLSNone, From: "noreply@salescoach.example"})
	long := strings.Repeat("Einwandbehandlung ", 12) // beyond the 76-character line limit
	text := "Zeile eins\n.Zeile mit Punkt\n.\n" + long + "\nÄrger über Öl: ß€\n"
	if err := m.Send(context.Background(), salescoach.MailMessage{To: "<max@example.com>", Subject: "Nur Text", Text: text}); err != nil {
		t.Fatal(err)
	}
	got := be.Messages()
	if len(got) != 1 {
		t.Fatalf("received %d", len(got))
	}
	p := parse(t, got[0].Data)
	if want := strings.ReplaceAll(text, "\n", "\r\n"); p.text != want {
		t.Fatalf("text = %q; want %q", p.text, want)
	}
	if p.html != "" {
		t.Fatal("unexpected HTML part")
	}
}

func TestSendFailures(t *testing.T) {
	cert, pool := mailtest.SelfSigned(t)
	tests := []struct {
		name   string
		be     *mailtest.Backend
		mode   mailtest.Mode
		cfg    mail.SMTPConfig
		to     string
		noAuth bool // the server must not have seen an AUTH attempt
	}{
		{
			name: "recipient refused",
			be:   &mailtest.Backend{RejectRcpt: "weg@example.com"},
			mode: mailtest.Plain,
			cfg:  mail.SMTPConfig{TLS: mail.TLSNone},
			to:   "weg@example.com",
		},
		{
			name: "wrong password",
			be:   &mailtest.Backend{User: "mailer", Pass: "right"},
			mode: mailtest.StartTLS,
			cfg:  mail.SMTPConfig{Username: "mailer", Password: "wrong-Pa55word", TLSConfig: &tls.Config{RootCAs: pool}},
		},
		{
			name:   "STARTTLS demanded but not offered",
			be:     &mailtest.Backend{User: "mailer", Pass: "pw"},
			mode:   mailtest.Plain,
			cfg:    mail.SMTPConfig{Username: "mailer", Password: "the-Pa55word"},
			noAuth: true,
		},
		{
			name:   "untrusted certificate",
			be:     &mailtest.Backend{User: "mailer", Pass: "pw"},
			mode:   mailtest.StartTLS,
			cfg:    mail.SMTPConfig{Username: "mailer", Password: "the-Pa55word"},
			noAuth: true,
		},
		{
			name:   "implicit TLS against a plain server",
			be:     &mailtest.Backend{},
			mode:   mailtest.Plain,
			cfg:    mail.SMTPConfig{TLS: mail.TLSImplicit, TLSConfig: &tls.Config{RootCAs: pool}},
			noAuth: true,
		},
		{
			name: "authentication required but not configured",
			be:   &mailtest.Backend{User: "mailer", Pass: "pw"},
			mode: mailtest.StartTLS,
			cfg:  mail.SMTPConfig{TLSConfig: &tls.Config{RootCAs: pool}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := tt.cfg
			cfg.Port = mailtest.Start(t, tt.be, tt.mode, cert)
			m, logs := newMailer(t, cfg)
			to := tt.to
			if to == "" {
				to = "max@example.com"
			}
			err := m.Send(context.Background(), salescoach.MailMessage{To: to, Subject: "Test", Text: "Hallo"})
			if salescoach.ErrorCode(err) != salescoach.EUNAVAILABLE || salescoach.ErrorMessage(err) != "Die E-Mail konnte nicht gesendet werden." {
				t.Fatalf("err = %v; want EUNAVAILABLE", err)
			}
			if n := len(tt.be.Messages()); n != 0 {
				t.Fatalf("server accepted %d messages", n)
			}
			if _, tries := tt.be.Counts(); tt.noAuth && tries != 0 {
				t.Fatal("credentials were offered over an unverified connection")
			}
			if cfg.Password != "" && strings.Contains(logs.String(), cfg.Password) {
				t.Fatalf("the password reached the log:\n%s", logs)
			}
			if !strings.Contains(logs.String(), "mail not sent") {
				t.Fatalf("the cause was not logged:\n%s", logs)
			}
		})
	}
}

func TestSendRejectsHeaderInjection(t *testing.T) {
	be := &mailtest.Backend{}
	cert, _ := mailtest.SelfSigned(t)
	port := mailtest.Start(t, be, mailtest.Plain, cert)
	m, _ := newMailer(t, mail.SMTPConfig{Port: port, TLS: mail.TLSNone})
	for name, msg := range map[string]salescoach.MailMessage{
		"CRLF in To":         {To: "max@example.com\r\nBcc: victim@example.com", Subject: "x", Text: "x"},
		"LF in To":           {To: "max@example.com\nBcc: victim@example.com", Subject: "x", Text: "x"},
		"CRLF in Subject":    {To: "max@example.com", Subject: "Hallo\r\nBcc: victim@example.com", Text: "x"},
		"CR in Subject":      {To: "max@example.com", Subject: "Hallo\rX", Text: "x"},
		"two recipients":     {To: "max@example.com, eva@example.com", Subject: "x", Text: "x"},
		"not an address":     {To: "max", Subject: "x", Text: "x"},
		"empty recipient":    {To: "", Subject: "x", Text: "x"},
		"injected via name":  {To: "\"x\r\nBcc: v@example.com\" <max@example.com>", Subject: "x", Text: "x"},
		"LF in display name": {To: "Max\n <max@example.com>", Subject: "x", Text: "x"},
	} {
		t.Run(name, func(t *testing.T) {
			err := m.Send(context.Background(), msg)
			if salescoach.ErrorCode(err) != salescoach.EINVALID {
				t.Fatalf("err = %v; want EINVALID", err)
			}
		})
	}
	if sessions, _ := be.Counts(); sessions != 0 {
		t.Fatalf("the mailer connected %d times for refused messages", sessions)
	}
}

func TestSendTimeoutAndCancel(t *testing.T) {
	// A server that accepts connections and never greets.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		l.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	port := l.Addr().(*net.TCPAddr).Port
	msg := salescoach.MailMessage{To: "max@example.com", Subject: "x", Text: "x"}

	m, _ := newMailer(t, mail.SMTPConfig{Port: port, TLS: mail.TLSNone, Timeout: 50 * time.Millisecond})
	if err := m.Send(context.Background(), msg); salescoach.ErrorCode(err) != salescoach.EUNAVAILABLE {
		t.Fatalf("silent server: err = %v; want EUNAVAILABLE", err)
	}

	// Cancellation ends a send the timeout alone would let run for minutes.
	m, _ = newMailer(t, mail.SMTPConfig{Port: port, TLS: mail.TLSNone, Timeout: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Send(ctx, msg) }()
	cancel()
	if err := <-done; salescoach.ErrorCode(err) != salescoach.EUNAVAILABLE {
		t.Fatalf("cancelled: err = %v; want EUNAVAILABLE", err)
	}
}

func TestNewSMTPMailerConfig(t *testing.T) {
	for name, tc := range map[string]struct {
		cfg mail.SMTPConfig
		ok  bool
	}{
		"starttls default":      {mail.SMTPConfig{Host: "smtp.example.com", From: "a@example.com"}, true},
		"implicit":              {mail.SMTPConfig{Host: "smtp.example.com", From: "a@example.com", TLS: "tls"}, true},
		"none on localhost":     {mail.SMTPConfig{Host: "localhost", From: "a@example.com", TLS: "none"}, true},
		"none on ::1":           {mail.SMTPConfig{Host: "::1", From: "a@example.com", TLS: "none"}, true},
		"none on remote host":   {mail.SMTPConfig{Host: "smtp.example.com", From: "a@example.com", TLS: "none"}, false},
		"unknown mode":          {mail.SMTPConfig{Host: "smtp.example.com", From: "a@example.com", TLS: "ssl"}, false},
		"no host":               {mail.SMTPConfig{From: "a@example.com"}, false},
		"bad from":              {mail.SMTPConfig{Host: "smtp.example.com", From: "not an address"}, false},
		"from with CRLF":        {mail.SMTPConfig{Host: "smtp.example.com", From: "a@example.com\r\nBcc: b@example.com"}, false},
		"port out of range":     {mail.SMTPConfig{Host: "smtp.example.com", From: "a@example.com", Port: 70000}, false},
		"from with a nice name": {mail.SMTPConfig{Host: "smtp.example.com", From: "Sales Coach <a@example.com>"}, true},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := mail.NewSMTPMailer(tc.cfg)
			if tc.ok && err != nil {
				t.Fatalf("err = %v", err)
			}
			if !tc.ok && salescoach.ErrorCode(err) != salescoach.EINVALID {
				t.Fatalf("err = %v; want EINVALID", err)
			}
		})
	}
}

func TestSendAuthPlainOnLoopbackWithoutTLS(t *testing.T) {
	be := &mailtest.Backend{User: "dev", Pass: "dev-pw"}
	cert, _ := mailtest.SelfSigned(t)
	port := mailtest.Start(t, be, mailtest.Plain, cert)
	m, logs := newMailer(t, mail.SMTPConfig{Port: port, TLS: mail.TLSNone, Username: "dev", Password: "dev-pw"})
	if err := m.Send(context.Background(), salescoach.MailMessage{To: "max@example.com", Subject: "Grüße", Text: "Hallo"}); err != nil {
		t.Fatalf("Send: %v\n%s", err, logs)
	}
	got := be.Messages()
	if len(got) != 1 || got[0].User != "dev" || got[0].TLS {
		t.Fatalf("received = %+v", got)
	}
	if p := parse(t, got[0].Data); p.subject != "Grüße" {
		t.Fatalf("subject = %q", p.subject)
	}
}
