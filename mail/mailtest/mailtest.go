// Package mailtest runs a real SMTP server (github.com/emersion/go-smtp) on
// loopback for tests: it records every accepted message, can demand
// authentication, refuse a recipient or refuse mail for a while, and lets a
// test wait for deliveries without sleeping.
package mailtest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"io"
	"math/big"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Received is one message as the server got it.
type Received struct {
	From string
	To   []string
	Data []byte
	User string // the authenticated user, "" without AUTH
	TLS  bool   // whether the session was encrypted when DATA arrived
}

// Backend is the server's storage and behaviour. The zero value accepts
// every message without authentication.
type Backend struct {
	// User and Pass, when User is set, are the only credentials AUTH
	// accepts, and MAIL FROM needs them.
	User, Pass string
	// LoginOnly offers AUTH LOGIN instead of PLAIN.
	LoginOnly bool
	// RejectRcpt is refused with 550 at RCPT TO.
	RejectRcpt string

	mu       sync.Mutex
	msgs     []Received
	sessions int
	authTry  int
	refusing bool
	// changed is closed and replaced whenever a message arrives.
	changed chan struct{}
}

// NewSession implements smtp.Backend.
func (b *Backend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	b.mu.Lock()
	b.sessions++
	b.mu.Unlock()
	return &session{b: b, conn: c}, nil
}

// Messages returns the accepted messages, oldest first.
func (b *Backend) Messages() []Received {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]Received(nil), b.msgs...)
}

// Counts returns how many sessions were opened and AUTH attempts made.
func (b *Backend) Counts() (sessions, authTries int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sessions, b.authTry
}

// SetRefusing makes the server answer DATA with a temporary failure (451)
// while on is true, as a server with a full queue does.
func (b *Backend) SetRefusing(on bool) {
	b.mu.Lock()
	b.refusing = on
	b.mu.Unlock()
}

// WaitFor waits until at least n messages have arrived and reports whether
// they did within timeout.
func (b *Backend) WaitFor(n int, timeout time.Duration) bool {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		b.mu.Lock()
		if len(b.msgs) >= n {
			b.mu.Unlock()
			return true
		}
		if b.changed == nil {
			b.changed = make(chan struct{})
		}
		ch := b.changed
		b.mu.Unlock()
		select {
		case <-ch:
		case <-deadline.C:
			return false
		}
	}
}

type session struct {
	b    *Backend
	conn *smtp.Conn
	user string
	cur  Received
}

func (s *session) AuthMechanisms() []string {
	if s.b.LoginOnly {
		return []string{sasl.Login}
	}
	return []string{sasl.Plain}
}

func (s *session) Auth(mech string) (sasl.Server, error) {
	s.b.mu.Lock()
	s.b.authTry++
	s.b.mu.Unlock()
	check := func(username, password string) error {
		if username != s.b.User || password != s.b.Pass {
			return smtp.ErrAuthFailed
		}
		s.user = username
		return nil
	}
	if mech == sasl.Login {
		return &loginServer{check: check}, nil
	}
	return sasl.NewPlainServer(func(identity, username, password string) error {
		return check(username, password)
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.b.User != "" && s.user == "" {
		return smtp.ErrAuthRequired
	}
	s.cur = Received{From: from, User: s.user}
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if to == s.b.RejectRcpt {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user here"}
	}
	s.cur.To = append(s.cur.To, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.cur.Data = data
	_, s.cur.TLS = s.conn.TLSConnectionState()
	s.b.mu.Lock()
	defer s.b.mu.Unlock()
	if s.b.refusing {
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "Try again later"}
	}
	s.b.msgs = append(s.b.msgs, s.cur)
	if s.b.changed != nil {
		close(s.b.changed)
		s.b.changed = nil
	}
	return nil
}

func (s *session) Reset()        { s.cur = Received{} }
func (s *session) Logout() error { return nil }

// loginServer is the server side of AUTH LOGIN, which go-sasl lacks.
type loginServer struct {
	check func(user, pass string) error
	user  string
	step  int
}

func (l *loginServer) Next(response []byte) ([]byte, bool, error) {
	switch l.step {
	case 0:
		l.step++
		if response != nil {
			l.user = string(response)
			l.step++
			return []byte("Password:"), false, nil
		}
		return []byte("Username:"), false, nil
	case 1:
		l.user = string(response)
		l.step++
		return []byte("Password:"), false, nil
	default:
		return nil, true, l.check(l.user, string(response))
	}
}

type quietLog struct{}

func (quietLog) Printf(string, ...any) {}
func (quietLog) Println(...any)        {}

// Mode is how the server speaks TLS.
type Mode int

// The server modes.
const (
	Plain    Mode = iota // no TLS at all
	StartTLS             // offers STARTTLS
	Implicit             // TLS from the first byte
)

// Start runs a server for be on a free loopback port until the test ends
// and returns the port. cert is needed for StartTLS and Implicit.
func Start(t testing.TB, be *Backend, mode Mode, cert tls.Certificate) int {
	t.Helper()
	return StartAt(t, be, mode, cert, "127.0.0.1:0")
}

// StartAt is Start on addr, so that a test can bring a server back on the
// port a mailer is configured with (see FreePort).
func StartAt(t testing.TB, be *Backend, mode Mode, cert tls.Certificate, addr string) int {
	t.Helper()
	s := smtp.NewServer(be)
	s.Domain = "localhost"
	s.ReadTimeout = 10 * time.Second
	s.WriteTimeout = 10 * time.Second
	s.AllowInsecureAuth = mode == Plain
	s.ErrorLog = quietLog{} // failure tests break connections on purpose
	tlsCfg := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	switch mode {
	case StartTLS:
		s.TLSConfig = tlsCfg
	case Implicit:
		l = tls.NewListener(l, tlsCfg)
	}
	go func() { _ = s.Serve(l) }()
	t.Cleanup(func() { _ = s.Close() })
	return l.Addr().(*net.TCPAddr).Port
}

// FreePort returns a loopback port that nothing listens on (for now): a
// mailer pointed at it meets a server that is down.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return port
}

// SelfSigned returns a certificate for 127.0.0.1 and localhost and a pool
// that trusts it.
func SelfSigned(t testing.TB) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "test smtp"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		DNSNames:              []string{"localhost"},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}
