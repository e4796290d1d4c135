package oidctest_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"salescoach/auth/oidctest"
)

const redirect = "https://app.example/callback"

func noRedirect() *http.Client {
	return &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func authURL(s *oidctest.Server, mutate func(url.Values)) string {
	q := url.Values{
		"response_type":         {"code"},
		"client_id":             {oidctest.DefaultClientID},
		"redirect_uri":          {redirect},
		"scope":                 {"openid email"},
		"state":                 {"st"},
		"nonce":                 {"no"},
		"code_challenge":        {"E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"},
		"code_challenge_method": {"S256"},
	}
	if mutate != nil {
		mutate(q)
	}
	return s.Issuer() + "/authorize?" + q.Encode()
}

func TestAuthorizeValidates(t *testing.T) {
	s := oidctest.New(t, oidctest.WithRedirectURIs(redirect))
	for name, tc := range map[string]struct {
		mutate    func(url.Values)
		status    int
		wantError string // OAuth error in the redirect
	}{
		"ok":                  {nil, http.StatusFound, ""},
		"unknown client":      {func(q url.Values) { q.Set("client_id", "evil") }, http.StatusBadRequest, ""},
		"foreign redirect":    {func(q url.Values) { q.Set("redirect_uri", "https://evil.example/cb") }, http.StatusBadRequest, ""},
		"implicit flow":       {func(q url.Values) { q.Set("response_type", "token") }, http.StatusFound, "unsupported_response_type"},
		"no PKCE":             {func(q url.Values) { q.Del("code_challenge") }, http.StatusFound, "invalid_request"},
		"plain PKCE":          {func(q url.Values) { q.Set("code_challenge_method", "plain") }, http.StatusFound, "invalid_request"},
		"unknown answer mode": {func(q url.Values) { q.Set("response_mode", "fragment") }, http.StatusBadRequest, ""},
	} {
		t.Run(name, func(t *testing.T) {
			resp, err := noRedirect().Get(authURL(s, tc.mutate))
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.status {
				t.Fatalf("status = %d; want %d", resp.StatusCode, tc.status)
			}
			if tc.status != http.StatusFound {
				return
			}
			loc, _ := url.Parse(resp.Header.Get("Location"))
			if !strings.HasPrefix(loc.String(), redirect+"?") || loc.Query().Get("state") != "st" {
				t.Fatalf("Location = %s", loc)
			}
			if got := loc.Query().Get("error"); got != tc.wantError {
				t.Fatalf("error = %q; want %q", got, tc.wantError)
			}
			if tc.wantError == "" && loc.Query().Get("code") == "" {
				t.Fatal("no code")
			}
		})
	}
}

func TestFormPostPage(t *testing.T) {
	s := oidctest.New(t)
	u := authURL(s, func(q url.Values) { q.Set("response_mode", "form_post"); q.Set("state", `a"<b>&c`) })
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	page := string(body)
	for _, want := range []string{`<form method="post" action="` + redirect + `">`, `<button type="submit">`, `name="code"`, `a&#34;&lt;b&gt;&amp;c`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q:\n%s", want, page)
		}
	}
	cb := s.Approve(t, u)
	if cb.Method != http.MethodPost || cb.URL != redirect || cb.Form.Get("state") != `a"<b>&c` || cb.Form.Get("code") == "" {
		t.Fatalf("callback = %+v", cb)
	}
}
