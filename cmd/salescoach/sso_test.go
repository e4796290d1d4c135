package main

import (
	"net/url"
	"testing"

	"salescoach/auth/oidctest"
	"salescoach/dnstxt/dnstest"
)

// TestServeProvesDomainsThroughSSODNSServer: the real binary asks the DNS
// server SSO_DNS_SERVER names for a company sign-in domain's TXT record,
// and claims the domain once the record is there.
func TestServeProvesDomainsThroughSSODNSServer(t *testing.T) {
	dns := dnstest.New(t)
	idp := oidctest.New(t)
	idpURL, _ := url.Parse(idp.URL())
	base, out := startServer(t, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json",
		"SSO_ALLOW", "127.0.0.1/32", "SSO_ALLOW_PORTS", idpURL.Port(), "SSO_DNS_SERVER", dns.Addr()))
	token := signedInToken(t, base, out, "owner@firma.de")
	if st, _, body := sendJSON(t, "POST", base, "/api/teams", token, map[string]any{"name": "Firma"}); st != 201 {
		t.Fatalf("team = %d %s", st, body)
	}
	st, settings, body := sendJSON(t, "PUT", base, "/api/team/sso", token, map[string]any{"issuer": idp.Issuer(),
		"clientId": idp.ClientID(), "clientSecret": idp.ClientSecret(), "domains": []string{"firma.de"}})
	if st != 200 {
		t.Fatalf("settings = %d %s", st, body)
	}
	d := settings["domains"].([]any)[0].(map[string]any)
	name, value := d["dnsName"].(string), d["dnsValue"].(string)
	if name != "_salescoach-challenge.firma.de" || d["claimed"] != false {
		t.Fatalf("domain = %v", d)
	}
	verify := map[string]any{"domain": "firma.de"}
	if st, e, _ := sendJSON(t, "POST", base, "/api/team/sso/domains/verify", token, verify); st != 409 || e["code"] != "sso_domain_unverified" {
		t.Fatalf("without the record = %d %v", st, e)
	}
	dns.Set(name, value)
	st, settings, body = sendJSON(t, "POST", base, "/api/team/sso/domains/verify", token, verify)
	if st != 200 || settings["domains"].([]any)[0].(map[string]any)["claimed"] != true {
		t.Fatalf("with the record = %d %s", st, body)
	}
	if dns.Queries(name) < 2 {
		t.Errorf("the DNS server was asked %d times", dns.Queries(name))
	}
}
