// Package dnstest is a DNS server for tests: it answers TXT queries over
// UDP and TCP from records set at run time, so that company sign-in's
// domain proof (package dnstxt) is tested against real DNS messages. The
// Go tests start it in-process (New); cmd/dnsfake runs it on its own for
// the end-to-end tests, with a small HTTP API (ControlHandler) to set the
// records.
package dnstest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/miekg/dns"
)

// Server answers DNS queries for the names it holds: a TXT query with the
// name's TXT records, any other type with none (NODATA), a name it does not
// hold with NXDOMAIN. While failing, it answers SERVFAIL to everything.
type Server struct {
	mu      sync.Mutex
	records map[string][]string // by lower-case fully qualified name
	queries map[string]int
	failing bool

	addr     string
	udp, tcp *dns.Server
}

// New starts a Server on a free port of 127.0.0.1 and stops it when the test
// ends.
func New(t testing.TB) *Server {
	t.Helper()
	s, err := Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// Start serves DNS on addr (host:port) over UDP and TCP, both on the same
// port; port 0 picks a port free for both. It returns once both listen.
func Start(addr string) (*Server, error) {
	s := &Server{records: map[string][]string{}, queries: map[string]int{}}
	var (
		ln  net.Listener
		pc  net.PacketConn
		err error
	)
	// A free TCP port may be taken for UDP: try a few.
	for range 20 {
		ln, err = net.Listen("tcp", addr)
		if err != nil {
			return nil, err
		}
		pc, err = net.ListenPacket("udp", ln.Addr().String())
		if err == nil {
			break
		}
		ln.Close()
		if _, port, _ := net.SplitHostPort(addr); port != "0" {
			return nil, err
		}
	}
	if err != nil {
		return nil, err
	}
	s.addr = ln.Addr().String()
	started := make(chan struct{}, 2)
	notify := func() { started <- struct{}{} }
	s.udp = &dns.Server{PacketConn: pc, Handler: s, NotifyStartedFunc: notify}
	s.tcp = &dns.Server{Listener: ln, Handler: s, NotifyStartedFunc: notify}
	failed := make(chan error, 2)
	for _, srv := range []*dns.Server{s.udp, s.tcp} {
		go func() {
			if err := srv.ActivateAndServe(); err != nil {
				failed <- err
			}
		}()
	}
	for range 2 {
		select {
		case <-started:
		case err := <-failed:
			_ = s.Close()
			return nil, err
		}
	}
	return s, nil
}

// Addr is the host:port the server answers at, over UDP and TCP.
func (s *Server) Addr() string { return s.addr }

// Close stops the server.
func (s *Server) Close() error {
	return errors.Join(s.udp.Shutdown(), s.tcp.Shutdown())
}

// fqdn is name lower-cased with its trailing dot.
func fqdn(name string) string { return dns.Fqdn(strings.ToLower(strings.TrimSpace(name))) }

// Set gives name (with or without the trailing dot, any case) these TXT
// records, one per value, replacing the ones it had. No values: the name
// exists without a TXT record.
func (s *Server) Set(name string, values ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.records[fqdn(name)] = append([]string{}, values...)
}

// Delete removes name: it answers NXDOMAIN again.
func (s *Server) Delete(name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.records, fqdn(name))
}

// SetFailing makes the server answer SERVFAIL to every query (true), or
// answer again (false).
func (s *Server) SetFailing(failing bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failing = failing
}

// Queries counts the queries for name that reached the server.
func (s *Server) Queries(name string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.queries[fqdn(name)]
}

// ServeDNS answers one query.
func (s *Server) ServeDNS(w dns.ResponseWriter, req *dns.Msg) {
	m := new(dns.Msg)
	m.SetReply(req)
	m.Authoritative = true
	if len(req.Question) != 1 {
		m.Rcode = dns.RcodeFormatError
		_ = w.WriteMsg(m)
		return
	}
	q := req.Question[0]
	name := strings.ToLower(q.Name)
	s.mu.Lock()
	values, known := s.records[name]
	failing := s.failing
	s.queries[name]++
	s.mu.Unlock()
	switch {
	case failing:
		m.Rcode = dns.RcodeServerFailure
	case !known:
		m.Rcode = dns.RcodeNameError
	case q.Qtype == dns.TypeTXT || q.Qtype == dns.TypeANY:
		for _, v := range values {
			m.Answer = append(m.Answer, &dns.TXT{
				Hdr: dns.RR_Header{Name: q.Name, Rrtype: dns.TypeTXT, Class: dns.ClassINET, Ttl: 60},
				Txt: characterStrings(v)})
		}
	}
	if _, udp := w.RemoteAddr().(*net.UDPAddr); udp {
		// Over UDP an answer too large is truncated (TC set), and the
		// client asks again over TCP.
		size := dns.MinMsgSize
		if opt := req.IsEdns0(); opt != nil {
			size = int(opt.UDPSize())
		}
		m.Truncate(size)
	}
	_ = w.WriteMsg(m)
}

// characterStrings splits a TXT value into the at most 255 bytes long
// strings a record holds; resolvers join them again.
func characterStrings(v string) []string {
	out := []string{}
	for len(v) > 255 {
		out = append(out, v[:255])
		v = v[255:]
	}
	return append(out, v)
}

// recordsRequest is PUT /records' body.
type recordsRequest struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

// ControlHandler is the HTTP API that sets the records:
//
//	PUT /records {"name": "_salescoach-challenge.firma.de", "values": ["salescoach-verification=…"]} → 204
//	DELETE /records?name=_salescoach-challenge.firma.de → 204
//
// Names are taken with or without the trailing dot, in any case. A name that
// is not a domain name, or a body that is not such an object, is 400.
func (s *Server) ControlHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("PUT /records", func(w http.ResponseWriter, r *http.Request) {
		var req recordsRequest
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 64<<10))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			http.Error(w, "body: "+err.Error(), http.StatusBadRequest)
			return
		}
		if err := checkName(req.Name); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		s.Set(req.Name, req.Values...)
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("DELETE /records", func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Query().Get("name")
		if err := checkName(name); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		s.Delete(name)
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}

func checkName(name string) error {
	if _, ok := dns.IsDomainName(strings.TrimSpace(name)); !ok || strings.TrimSpace(name) == "" {
		return fmt.Errorf("name %q is not a domain name", name)
	}
	return nil
}
