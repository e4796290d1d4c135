package httpapi_test

import (
	"testing"

	"salescoach/auth/oidctest"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestSignupTakesTheInterfaceLanguage: whoever signs up on the English
// login page gets an English account (customer, hints and scores in
// English); without a language the account keeps Standard (de); anything
// but de and en is refused.
func TestSignupTakesTheInterfaceLanguage(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		for _, tt := range []struct{ addr, sent, want string }{
			{"english@example.com", "en", "en"},
			{"deutsch@example.com", "de", "de"},
			{"standard@example.com", "", ""},
		} {
			c := e.client()
			body := map[string]any{"email": tt.addr, "password": pw, "termsAccepted": true}
			if tt.sent != "" {
				body["language"] = tt.sent
			}
			c.do("POST", "/api/auth/signup", body).must(t, 201)
			tok := linkToken(t, e.log.lastLink(t, tt.addr), "confirm")
			c.do("POST", "/api/auth/confirm", map[string]any{"token": tok}).must(t, 200)
			c.signIn(tt.addr, pw, false)
			if got := c.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any)["language"]; got != tt.want {
				t.Errorf("%s signed up with %q: language %q, want %q", tt.addr, tt.sent, got, tt.want)
			}
		}
		r := e.client().do("POST", "/api/auth/signup", map[string]any{"email": "fr@example.com", "password": pw,
			"termsAccepted": true, "language": "fr"}).must(t, 400)
		if got := fieldText(r.json(t), "language"); got != "Bitte wähle Standard (de), Deutsch oder Englisch." {
			t.Errorf("language fr: field text %q", got)
		}
	})
}

// TestSignupConfirmationMailInTheInterfaceLanguage: the confirmation mail
// of an English sign-up is English even when the browser asks for German.
func TestSignupConfirmationMailInTheInterfaceLanguage(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := e.client()
		c.do("POST", "/api/auth/signup", map[string]any{"email": "mail@example.com", "password": pw,
			"termsAccepted": true, "language": "en"}).must(t, 201)
		mails := e.log.mails()
		if len(mails) != 1 {
			t.Fatalf("%d mails, want 1", len(mails))
		}
		if got := mails[0]["subject"]; got != "Welcome to Sales Coach – please confirm your email address" {
			t.Errorf("subject %q, want the English one", got)
		}
	})
}

// TestOAuthSignupTakesTheInterfaceLanguage: a Google sign-up started on the
// English login page creates an English account; the language travels in
// the sign-in's state. An existing account keeps its own language.
func TestOAuthSignupTakesTheInterfaceLanguage(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := oidctest.New(t)
		e := newEnv(t, db, withProvider(t, "google", fake))
		language := func(c *client) any {
			s := c.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)
			c.token = s["access_token"].(string)
			return c.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any)["language"]
		}
		c := e.client()
		start := c.do("GET", "/api/auth/oauth/google?remember=1&language=en", nil).must(t, 302).header.Get("Location")
		if got := c.callback(t, fake.Approve(t, start)); got != oauthOK {
			t.Fatalf("callback went to %s\n%s", got, e.log.String())
		}
		if got := language(c); got != "en" {
			t.Errorf("Google sign-up from the English page: language %q, want en", got)
		}
		// Signing in again from the German page changes nothing.
		c2 := e.client()
		start = c2.do("GET", "/api/auth/oauth/google?language=de", nil).must(t, 302).header.Get("Location")
		c2.callback(t, fake.Approve(t, start))
		if got := language(c2); got != "en" {
			t.Errorf("after a sign-in from the German page: language %q, want en (kept)", got)
		}

		// Another person, a page without (or with a bad) language: Standard.
		fake.SetUser(oidctest.User{Subject: "42", Email: "max@example.com", EmailVerified: true, Name: "Max"})
		c3 := e.client()
		start = c3.do("GET", "/api/auth/oauth/google?language=xx", nil).must(t, 302).header.Get("Location")
		c3.callback(t, fake.Approve(t, start))
		if got := language(c3); got != "" {
			t.Errorf("Google sign-up with language=xx: language %q, want Standard", got)
		}
	})
}
