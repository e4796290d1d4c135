// Package webfetch fetches a web page whose address a user typed and returns
// its readable text. It is the only way the server requests user-supplied
// URLs: every connection, including every redirect hop, goes through a dialer
// that allows only public unicast addresses (checked on the address actually
// connected to, after DNS) on ports 80 and 443, and no proxy is ever taken
// from the environment.
package webfetch

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding/charmap"

	"salescoach"
)

// Defaults applied by New for zero Config fields.
const (
	DefaultTimeout      = 5 * time.Second
	DefaultMaxBytes     = 2 << 20 // 2 MiB
	DefaultMaxRedirects = 5
	DefaultUserAgent    = "SalesCoach-ProductSummary/1.0 (+server-side page fetch)"

	// MaxURLLength is the longest URL, in bytes, that Fetch accepts.
	MaxURLLength = 2048
)

// User-facing messages. They never contain an address or any other detail of
// the failure; the Logger gets those.
var (
	msgURLEmpty    = salescoach.MsgURLEmpty
	msgURLInvalid  = salescoach.MsgURLInvalid
	msgBlocked     = salescoach.MsgURLBlocked
	msgUnavailable = salescoach.MsgURLUnavailable
	msgNoText      = salescoach.MsgURLNoText
)

// Config configures a Client. The zero value is usable: New fills in the
// defaults.
type Config struct {
	// Timeout bounds a whole Fetch: connecting, every redirect, the response
	// headers and reading the body. Zero means DefaultTimeout (5 s).
	Timeout time.Duration
	// MaxBytes is the largest body, after transfer decoding, that is read.
	// Zero means DefaultMaxBytes (2 MiB).
	MaxBytes int64
	// MaxRedirects is how many redirects one Fetch follows. Zero means
	// DefaultMaxRedirects (5); a negative value follows none.
	MaxRedirects int
	// UserAgent is sent with every request; empty means DefaultUserAgent.
	UserAgent string
	// Allow lists prefixes that may be connected to although they are not
	// public. It exists for tests against a local server (for example
	// 127.0.0.2/32); production leaves it empty. IPv4-mapped IPv6 addresses
	// are compared in their IPv4 form.
	Allow []netip.Prefix
	// AllowPorts lists ports permitted besides 80 and 443; for tests only.
	AllowPorts []int
	// Logger receives the details of refused and failed fetches (addresses,
	// causes) that the user message leaves out. Nil discards them.
	Logger *slog.Logger
}

// Page is the result of a successful Fetch.
type Page struct {
	// URL is the final address after redirects.
	URL string
	// Title is the document title, empty for plain text.
	Title string
	// Text is the readable text: paragraphs separated by a blank line, at
	// most MaxTextLength characters.
	Text string
	// ContentType is the media type of the response without parameters,
	// e.g. "text/html".
	ContentType string
}

// Client fetches user-supplied URLs safely. It is safe for concurrent use.
type Client struct {
	cfg       Config
	ports     map[int]bool
	log       *slog.Logger
	transport *http.Transport
	http      *http.Client
}

// New returns a Client for cfg, applying the defaults for zero fields.
func New(cfg Config) *Client {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	if cfg.MaxRedirects == 0 {
		cfg.MaxRedirects = DefaultMaxRedirects
	} else if cfg.MaxRedirects < 0 {
		cfg.MaxRedirects = 0
	}
	if cfg.UserAgent == "" {
		cfg.UserAgent = DefaultUserAgent
	}
	cfg.Allow = append([]netip.Prefix(nil), cfg.Allow...)
	c := &Client{cfg: cfg, ports: map[int]bool{80: true, 443: true}, log: cfg.Logger}
	for _, p := range cfg.AllowPorts {
		c.ports[p] = true
	}
	if c.log == nil {
		c.log = slog.New(slog.DiscardHandler)
	}

	dialer := &net.Dialer{
		Timeout:   cfg.Timeout,
		KeepAlive: 30 * time.Second,
		// The guard runs after DNS, on the socket about to connect, for every
		// address tried; that defeats DNS rebinding and redirects to internal
		// hosts alike, because there is no other path to a connection.
		ControlContext: c.control,
	}
	protocols := new(http.Protocols)
	protocols.SetHTTP1(true)
	c.transport = &http.Transport{
		// Never a proxy from HTTP_PROXY and friends: a proxy would make the
		// dialer check the proxy's address instead of the target's.
		Proxy:                  nil,
		DialContext:            dialer.DialContext,
		TLSClientConfig:        &tls.Config{MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout:    cfg.Timeout,
		ResponseHeaderTimeout:  cfg.Timeout,
		ExpectContinueTimeout:  time.Second,
		MaxIdleConns:           16,
		MaxIdleConnsPerHost:    2,
		IdleConnTimeout:        30 * time.Second,
		MaxResponseHeaderBytes: 64 << 10,
		// HTTP/1.1 only: one well-understood code path is enough for
		// fetching a page, and HTTP/2 would dial through the same guard anyway.
		Protocols: protocols,
	}
	c.http = &http.Client{
		Transport:     c.transport,
		CheckRedirect: c.checkRedirect,
		Timeout:       cfg.Timeout,
		// No Jar: cookies set by one hop must not travel to the next host.
	}
	return c
}

// blockedError is returned by the dialer guard and by the redirect check for
// a destination the policy refuses. Its text is for the log only.
type blockedError struct{ reason string }

func (e *blockedError) Error() string { return "webfetch: blocked: " + e.reason }

// errTooManyRedirects ends a redirect chain longer than MaxRedirects.
var errTooManyRedirects = errors.New("webfetch: too many redirects")

// control is the dialer's ControlContext: it runs once per connection attempt
// with the resolved address and refuses everything that is neither public
// nor explicitly allowed, and every port not allowed.
func (c *Client) control(_ context.Context, network, address string, _ syscall.RawConn) error {
	if network != "tcp4" && network != "tcp6" && network != "tcp" {
		return &blockedError{reason: "network " + network}
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		// Fail closed: an address the guard cannot read is not connected to.
		return &blockedError{reason: "unparsable address " + address}
	}
	if !c.ports[int(ap.Port())] {
		return &blockedError{reason: "port " + address}
	}
	if !c.addrAllowed(ap.Addr()) {
		return &blockedError{reason: "address " + address}
	}
	return nil
}

func (c *Client) addrAllowed(a netip.Addr) bool {
	if IsPublic(a) {
		return true
	}
	u := a.Unmap()
	if u.Zone() != "" {
		return false
	}
	for _, p := range c.cfg.Allow {
		if p.Contains(u) {
			return true
		}
	}
	return false
}

// checkRedirect validates each redirect target like the first URL (scheme,
// userinfo, port, length), refuses an https → http downgrade and limits the
// chain. The address is checked by the dialer when the hop connects.
func (c *Client) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) > c.cfg.MaxRedirects {
		return errTooManyRedirects
	}
	if err := c.checkURL(req.URL); err != nil {
		return &blockedError{reason: "redirect target: " + err.Error()}
	}
	if len(req.URL.String()) > MaxURLLength {
		return &blockedError{reason: "redirect target too long"}
	}
	// A page reached over TLS must not continue in clear text: the rest of
	// the chain could be tampered with and the downgrade is almost always a
	// misconfiguration or an attack.
	if prev := via[len(via)-1]; prev.URL.Scheme == "https" && req.URL.Scheme == "http" {
		return &blockedError{reason: "https to http downgrade"}
	}
	return nil
}

// checkURL returns an error when u is not an absolute http(s) URL with a
// host, without userinfo and on an allowed port. The error text is for the
// log; callers choose the user message.
func (c *Client) checkURL(u *url.URL) error {
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return fmt.Errorf("scheme %q", u.Scheme)
	case u.Opaque != "":
		return errors.New("opaque URL")
	case u.User != nil:
		return errors.New("userinfo")
	case u.Hostname() == "":
		return errors.New("no host")
	}
	port := u.Port()
	if port == "" {
		return nil // 80 or 443 by scheme, both always allowed
	}
	n, err := strconv.Atoi(port)
	if err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("port %q", port)
	}
	if !c.ports[n] {
		return &blockedError{reason: "port " + port}
	}
	return nil
}

func invalid(m salescoach.Msg) error     { return salescoach.NewError(salescoach.EINVALID, m) }
func unavailable(m salescoach.Msg) error { return salescoach.NewError(salescoach.EUNAVAILABLE, m) }

// Fetch requests rawURL with GET, follows redirects and returns the page's
// readable text. Every error is a *salescoach.Error:
//
//   - EINVALID "Bitte eine URL angeben." for an empty URL;
//   - EINVALID "Bitte eine gültige URL angeben." for a URL that is not an
//     absolute http or https URL with a host, carries user:password@, or is
//     longer than MaxURLLength;
//   - EINVALID "Diese Adresse ist nicht erlaubt." for a port other than 80 and
//     443, for a host that resolves to a non-public address, and for a
//     redirect to such a destination or from https to http;
//   - EINVALID "Die Seite konnte nicht geladen werden." for a 4xx answer and
//     for more than MaxRedirects redirects;
//   - EUNAVAILABLE "Die Seite konnte nicht geladen werden." for DNS failures,
//     refused connections, TLS failures, timeouts, cancellation of ctx and
//     5xx or other non-2xx answers (after a cancellation ctx.Err() tells the
//     caller it was its own doing);
//   - ETOOLARGE "Die Seite ist zu groß (max. 2 MB)." for a body over MaxBytes
//     (the size in the text follows MaxBytes);
//   - EINVALID "Diese Seite enthält keinen lesbaren Text." for a content type
//     other than text/html, application/xhtml+xml and text/plain, and for a
//     page without readable text.
func (c *Client) Fetch(ctx context.Context, rawURL string) (*Page, error) {
	rawURL = strings.TrimSpace(rawURL)
	if rawURL == "" {
		return nil, invalid(msgURLEmpty)
	}
	if len(rawURL) > MaxURLLength {
		return nil, invalid(msgURLInvalid)
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, invalid(msgURLInvalid)
	}
	u.Scheme = strings.ToLower(u.Scheme)
	if err := c.checkURL(u); err != nil {
		var be *blockedError
		if errors.As(err, &be) {
			c.log.Info("webfetch: url refused", "reason", be.reason)
			return nil, invalid(msgBlocked)
		}
		c.log.Info("webfetch: invalid url", "reason", err.Error())
		return nil, invalid(msgURLInvalid)
	}
	u.Fragment, u.RawFragment = "", ""

	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, invalid(msgURLInvalid)
	}
	req.Header.Set("User-Agent", c.cfg.UserAgent)
	req.Header.Set("Accept", "text/html,application/xhtml+xml,text/plain;q=0.9")
	req.Header.Set("Accept-Language", "de,en;q=0.8")

	resp, err := c.http.Do(req)
	if err != nil {
		return nil, c.requestError(ctx, u.Host, err)
	}
	defer resp.Body.Close()
	final := resp.Request.URL.String()

	switch {
	case resp.StatusCode >= 400 && resp.StatusCode < 500:
		c.log.Info("webfetch: client error status", "host", u.Host, "final", final, "status", resp.StatusCode)
		return nil, invalid(msgUnavailable)
	case resp.StatusCode < 200 || resp.StatusCode > 299:
		c.log.Info("webfetch: unusable status", "host", u.Host, "final", final, "status", resp.StatusCode)
		return nil, unavailable(msgUnavailable)
	}

	if resp.ContentLength > c.cfg.MaxBytes {
		c.log.Info("webfetch: body too large", "host", u.Host, "content_length", resp.ContentLength)
		return nil, c.tooLarge()
	}
	// Read one byte more than allowed so that an over-long body is detected
	// instead of silently cut; the limit applies after gzip decoding, so a
	// compression bomb is stopped as well.
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.cfg.MaxBytes+1))
	if err != nil {
		return nil, c.requestError(ctx, u.Host, err)
	}
	if int64(len(body)) > c.cfg.MaxBytes {
		c.log.Info("webfetch: body too large", "host", u.Host)
		return nil, c.tooLarge()
	}

	contentType := resp.Header.Get("Content-Type")
	if strings.TrimSpace(contentType) == "" {
		// Without a declared type, sniff like a browser would; the sniffer
		// only ever answers one of the accepted text types for text.
		contentType = http.DetectContentType(body)
		// The sniffer appends "charset=utf-8" to every text type; drop it so
		// that a meta charset or the UTF-8 check decides the encoding.
		contentType, _, _ = strings.Cut(contentType, ";")
	}
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		c.log.Info("webfetch: bad content type", "host", u.Host, "content_type", contentType)
		return nil, invalid(msgNoText)
	}
	page := &Page{URL: final, ContentType: mediaType}
	switch mediaType {
	case "text/html", "application/xhtml+xml":
		enc, name, _ := charset.DetermineEncoding(body, contentType)
		r := enc.NewDecoder().Reader(bytes.NewReader(body))
		page.Title, page.Text, err = ExtractText(r)
		if err != nil {
			c.log.Info("webfetch: extraction failed", "host", u.Host, "charset", name, "err", err)
			return nil, invalid(msgNoText)
		}
	case "text/plain":
		text, err := decodePlain(body, params["charset"])
		if err != nil {
			c.log.Info("webfetch: decoding failed", "host", u.Host, "err", err)
			return nil, invalid(msgNoText)
		}
		page.Text = plainText(text)
	default:
		c.log.Info("webfetch: content type refused", "host", u.Host, "content_type", mediaType)
		return nil, invalid(msgNoText)
	}
	if strings.TrimSpace(page.Text) == "" {
		return nil, invalid(msgNoText)
	}
	return page, nil
}

// decodePlain decodes a text/plain body: the declared charset wins, then a
// UTF-8 body (with or without BOM) is taken as is, else Windows-1252, which
// is what browsers assume for undeclared legacy text.
func decodePlain(body []byte, label string) (string, error) {
	if label != "" {
		if enc, _ := charset.Lookup(label); enc != nil {
			b, err := enc.NewDecoder().Bytes(body)
			return string(b), err
		}
	}
	body = bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	if utf8.Valid(body) {
		return string(body), nil
	}
	b, err := charmap.Windows1252.NewDecoder().Bytes(body)
	return string(b), err
}

func (c *Client) tooLarge() error {
	return salescoach.NewError(salescoach.ETOOLARGE, salescoach.MsgURLTooLarge.With("max", sizeLabel(c.cfg.MaxBytes)))
}

// sizeLabel renders a byte limit the way the message expects it ("2 MB").
func sizeLabel(n int64) string {
	const mib = 1 << 20
	if n >= mib {
		if n%mib == 0 {
			return strconv.FormatInt(n/mib, 10) + " MB"
		}
		return strings.Replace(strconv.FormatFloat(float64(n)/mib, 'f', 1, 64), ".", ",", 1) + " MB"
	}
	return strconv.FormatInt((n+1023)/1024, 10) + " KB"
}

// requestError maps a failure of the round trip (or of reading the body) to
// the user-facing error and logs the cause, which may name internal
// addresses, instead of showing it.
func (c *Client) requestError(ctx context.Context, host string, err error) error {
	var be *blockedError
	switch {
	case errors.As(err, &be):
		c.log.Warn("webfetch: destination refused", "host", host, "reason", be.reason)
		return invalid(msgBlocked)
	case errors.Is(err, errTooManyRedirects):
		c.log.Info("webfetch: too many redirects", "host", host, "max", c.cfg.MaxRedirects)
		return invalid(msgUnavailable)
	case ctx.Err() != nil:
		c.log.Info("webfetch: cancelled", "host", host, "err", ctx.Err())
		return unavailable(msgUnavailable)
	default:
		c.log.Info("webfetch: request failed", "host", host, "err", err)
		return unavailable(msgUnavailable)
	}
}
