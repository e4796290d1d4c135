// Package dnstxt reads DNS TXT records for company sign-in's domain proof
// (issue 38): the team publishes _salescoach-challenge.<domain>, and the
// server looks it up here. It asks the system's resolver, or one DNS server
// given by the operator (SSO_DNS_SERVER: split-horizon DNS, and the tests'
// own server). The server's address never comes from a request; the names
// asked for are the fixed challenge label under a domain the owner listed.
package dnstxt

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"salescoach"
)

var _ salescoach.TXTLookup = (*Resolver)(nil)

// Resolver looks TXT records up with Go's own DNS client, which sends the
// query over UDP and repeats it over TCP when the answer is truncated, and
// follows CNAMEs only as far as the answering resolver does.
type Resolver struct {
	r       *net.Resolver
	timeout time.Duration
}

// New returns a Resolver that asks server (host:port) for every lookup, or
// the system's resolvers (/etc/resolv.conf) when server is "". A lookup
// gives up after timeout (salescoach.SSODNSTimeout when zero).
func New(server string, timeout time.Duration) *Resolver {
	if timeout <= 0 {
		timeout = salescoach.SSODNSTimeout
	}
	r := &net.Resolver{PreferGo: true}
	if server != "" {
		var d net.Dialer
		r.Dial = func(ctx context.Context, network, _ string) (net.Conn, error) {
			// Whichever name server resolv.conf names, this one answers.
			return d.DialContext(ctx, network, server)
		}
	}
	return &Resolver{r: r, timeout: timeout}
}

// LookupTXT returns the values of name's TXT records, each record's strings
// joined. The name is asked for as a fully qualified name, so no search
// domain of resolv.conf is appended. ENOTFOUND when the name does not exist
// or has no TXT record; EUNAVAILABLE (MsgSSODNSUnavailable) when the server
// fails (SERVFAIL, REFUSED), cannot be reached or does not answer in time.
func (r *Resolver) LookupTXT(ctx context.Context, name string) ([]string, error) {
	ctx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	if !strings.HasSuffix(name, ".") {
		name += "."
	}
	values, err := r.r.LookupTXT(ctx, name)
	if err == nil {
		return values, nil
	}
	if ctx.Err() != nil && errors.Is(ctx.Err(), context.Canceled) {
		return nil, ctx.Err() // the client went away, not the DNS
	}
	var de *net.DNSError
	if errors.As(err, &de) && de.IsNotFound {
		return nil, salescoach.Errorf(salescoach.ENOTFOUND, "dns: %s has no TXT record", name)
	}
	// The cause stays in the chain for the log; the answer is the message.
	return nil, fmt.Errorf("dns: TXT %s: %v: %w", name, err,
		&salescoach.Error{Code: salescoach.EUNAVAILABLE, Msg: salescoach.MsgSSODNSUnavailable})
}
