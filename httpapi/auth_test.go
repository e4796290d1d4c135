package httpapi_test

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

const pw = "richtig-gut-1"

func TestSignupConfirmLogin(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := e.client()
		c.do("POST", "/api/auth/signup", map[string]any{"email": "Anna@Example.com", "password": pw, "company": "ACME", "termsAccepted": true}).must(t, 201)

		// Unconfirmed: the right password is not enough yet.
		r := c.do("POST", "/api/auth/login", map[string]any{"email": "anna@example.com", "password": pw}).must(t, 401)
		if got := r.json(t)["error"]; got != "Bitte bestätige zuerst deine E-Mail-Adresse." {
			t.Errorf("unconfirmed error = %q", got)
		}
		// The domain is lower-cased, the local part kept as typed.
		link := e.log.lastLink(t, "Anna@example.com")
		if !strings.HasPrefix(link, "http://coach.test/app/login?confirm=") {
			t.Fatalf("confirmation link %q does not point into the app", link)
		}
		tok := linkToken(t, link, "confirm")
		c.do("POST", "/api/auth/confirm", map[string]any{"token": tok}).must(t, 200)
		// A confirmation link works once.
		r = c.do("POST", "/api/auth/confirm", map[string]any{"token": tok}).must(t, 400)
		if got := r.json(t)["error"]; got != "Der Bestätigungslink ist ungültig oder abgelaufen." {
			t.Errorf("second confirm error = %q", got)
		}

		s := c.signIn("ANNA@example.com", pw, true)
		if s["token_type"] != "bearer" || s["expires_in"].(float64) != 900 {
			t.Errorf("session = %v", s)
		}
		user := s["user"].(map[string]any)
		if user["email"] != "Anna@example.com" || user["is_anonymous"] != false || user["email_confirmed_at"] == nil {
			t.Errorf("session user = %v", user)
		}
		// GET /api/auth/user answers the session's user.
		au := c.do("GET", "/api/auth/user", nil).must(t, 200).json(t)
		if au["id"] != user["id"] || au["email"] != "Anna@example.com" || au["is_anonymous"] != false {
			t.Errorf("auth user = %v, session user = %v", au, user)
		}
		me := c.do("GET", "/api/me", nil).must(t, 200).json(t)
		mu := me["user"].(map[string]any)
		if mu["company"] != "ACME" || mu["terms_version"].(float64) != 2 || mu["terms_accepted_at"] == nil {
			t.Errorf("me.user = %v", mu)
		}
		if lv := me["level"].(map[string]any); lv["level"].(float64) != 1 || lv["xpForNext"].(float64) != 320 {
			t.Errorf("me.level = %v", lv)
		}
		if got := c.do("GET", "/api/auth/is-admin", nil).must(t, 200).json(t); got["isAdmin"] != false {
			t.Errorf("is-admin = %v", got)
		}
		st := c.do("POST", "/api/me/streak", nil).must(t, 200).json(t)
		if st["streak"].(float64) != 1 || st["first"] != true {
			t.Errorf("streak = %v", st)
		}
		// The first activity of a day earns XP once.
		c.do("POST", "/api/me/streak", nil).must(t, 200)
		if xp := c.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any)["xp"]; xp.(float64) != 10 {
			t.Errorf("xp after the daily streak = %v, want 10", xp)
		}
	})
}

func TestSignupRejectsBadInput(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := e.client()
		tests := []struct {
			name   string
			body   any
			status int
			field  string
			msg    string
		}{
			{"malformed JSON", `{"email": "a@b.de", `, 400, "", "Die Anfrage ist kein gültiges JSON."},
			{"not an object", `[1,2]`, 400, "", "Die Anfrage muss ein JSON-Objekt sein."},
			{"unknown field", `{"email":"a@b.de","password":"12345678","termsAccepted":true,"admin":true}`, 400, "admin", "Dieses Feld gibt es nicht."},
			{"oversized body", `{"email":"a@b.de","company":"` + strings.Repeat("x", 70<<10) + `"}`, 413, "", "Die Anfrage ist zu groß."},
			{"7-character password", map[string]any{"email": "a@b.de", "password": "1234567", "termsAccepted": true}, 400, "password", "Das Passwort muss mindestens 8 Zeichen lang sein."},
			{"129-character password", map[string]any{"email": "a@b.de", "password": strings.Repeat("p", 129), "termsAccepted": true}, 400, "password", "Das Passwort darf höchstens 128 Zeichen lang sein."},
			{"e-mail without @", map[string]any{"email": "anna.example.com", "password": pw, "termsAccepted": true}, 400, "email", "Bitte gib eine gültige E-Mail-Adresse ein."},
			{"empty e-mail", map[string]any{"email": " ", "password": pw, "termsAccepted": true}, 400, "email", "Bitte gib deine E-Mail-Adresse ein."},
			{"terms not accepted", map[string]any{"email": "a@b.de", "password": pw, "termsAccepted": false}, 400, "termsAccepted",
				"Bitte akzeptiere unsere Nutzungsbedingungen und bestätige die Kenntnisnahme der Datenschutzerklärung, um fortzufahren."},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				r := c.do("POST", "/api/auth/signup", tt.body).must(t, tt.status)
				body := r.json(t)
				if tt.field != "" {
					if got := fieldText(body, tt.field); got != tt.msg {
						t.Errorf("fields = %v, want %s: %q", body["fields"], tt.field, tt.msg)
					}
				} else if body["error"] != tt.msg {
					t.Errorf("error = %q, want %q", body["error"], tt.msg)
				}
			})
		}
		if n := len(e.log.mails()); n != 0 {
			t.Errorf("%d mails sent for rejected sign-ups", n)
		}
	})
}

func TestSignupWithKnownEmailLooksFresh(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("ben@example.com", pw)
		first, err := e.users.UserByEmail(t.Context(), "ben@example.com")
		if err != nil {
			t.Fatal(err)
		}
		mailsBefore := len(e.log.mails())
		c := e.client()
		fresh := c.do("POST", "/api/auth/signup", map[string]any{"email": "new@example.com", "password": pw, "termsAccepted": true}).must(t, 201)
		known := c.do("POST", "/api/auth/signup", map[string]any{"email": "BEN@example.com", "password": "ein-anderes-pw", "termsAccepted": true}).must(t, 201)
		if string(fresh.body) != string(known.body) {
			t.Errorf("known e-mail answered %s, fresh %s", known.body, fresh.body)
		}
		again, err := e.users.UserByEmail(t.Context(), "ben@example.com")
		if err != nil || again.ID != first.ID {
			t.Fatalf("account changed: %v %v", again, err)
		}
		// Only the fresh address got a mail; the old password still works.
		if got := len(e.log.mails()) - mailsBefore; got != 1 {
			t.Errorf("%d mails, want 1 (for the fresh address only)", got)
		}
		c.signIn("ben@example.com", pw, false)
	})
}

func TestLoginFailuresAreGeneric(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("cara@example.com", pw)
		c := e.client()
		wrong := c.do("POST", "/api/auth/login", map[string]any{"email": "cara@example.com", "password": "falsch-falsch"}).must(t, 401)
		unknown := c.do("POST", "/api/auth/login", map[string]any{"email": "nobody@example.com", "password": "falsch-falsch"}).must(t, 401)
		if string(wrong.body) != string(unknown.body) {
			t.Errorf("wrong password %s differs from unknown e-mail %s", wrong.body, unknown.body)
		}
		if got := wrong.json(t)["error"]; got != "E-Mail oder Passwort ist falsch." {
			t.Errorf("error = %q", got)
		}
		if h := wrong.header.Get("Set-Cookie"); h != "" {
			t.Errorf("failed sign-in set a cookie: %s", h)
		}
	})
}

func TestRefreshRotationAndReuse(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("dora@example.com", pw)
		c := e.client()
		c.signIn("dora@example.com", pw, true)
		first := cookieValue(t, c, "sc_refresh")

		s := c.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)
		if s["access_token"] == "" {
			t.Fatal("refresh gave no access token")
		}
		second := cookieValue(t, c, "sc_refresh")
		if second == first {
			t.Fatal("refresh did not rotate the cookie")
		}

		// An attacker replays the first token (after the retry grace, within
		// which a replay just gets the same successor): the whole family
		// dies, the legitimate newer token too.
		e.clock.Advance(time.Minute)
		thief := e.client()
		thief.http.Jar.SetCookies(mustURL(e.srv.URL+"/api/auth"), []*http.Cookie{{Name: "sc_refresh", Value: first, Path: "/api/auth"}})
		thief.do("POST", "/api/auth/refresh", nil).must(t, 401)
		c.do("POST", "/api/auth/refresh", nil).must(t, 401)
	})
}

func TestRememberSetsPersistentCookie(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("emil@example.com", pw)
		for _, remember := range []bool{true, false} {
			c := e.client()
			r := c.do("POST", "/api/auth/login", map[string]any{"email": "emil@example.com", "password": pw, "remember": remember}).must(t, 200)
			ck := findSetCookie(r.header, "sc_refresh")
			if ck == nil || !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.Path != "/api/auth" {
				t.Fatalf("refresh cookie = %+v", ck)
			}
			if remember && ck.MaxAge <= 0 {
				t.Errorf("remember: cookie has no lifetime")
			}
			if !remember && (ck.MaxAge != 0 || !ck.Expires.IsZero()) {
				t.Errorf("no remember: cookie persists (MaxAge %d, Expires %v)", ck.MaxAge, ck.Expires)
			}
		}
	})
}

func TestLogoutRevokes(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("finn@example.com", pw)
		c := e.client()
		c.signIn("finn@example.com", pw, true)
		old := cookieValue(t, c, "sc_refresh")
		c.do("POST", "/api/auth/logout", nil).must(t, 204)
		replay := e.client()
		replay.http.Jar.SetCookies(mustURL(e.srv.URL+"/api/auth"), []*http.Cookie{{Name: "sc_refresh", Value: old, Path: "/api/auth"}})
		replay.do("POST", "/api/auth/refresh", nil).must(t, 401)
	})
}

func TestAccessTokenChecks(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("gina@example.com", pw)
		c := e.client()
		s := c.signIn("gina@example.com", pw, false)
		good := s["access_token"].(string)
		userID := s["user"].(map[string]any)["id"].(string)

		forged := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
			"sub": userID, "iss": "http://coach.test", "aud": "http://coach.test/api",
			"exp": e.clock.Now().Add(time.Hour).Unix(), "iat": e.clock.Now().Unix(),
		})
		forgedToken, _ := forged.SignedString([]byte("another-secret-another-secret-0123456"))
		payload := base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf(
			`{"sub":%q,"iss":"http://coach.test","aud":"http://coach.test/api","exp":%d}`, userID, e.clock.Now().Add(time.Hour).Unix())))
		algNone := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`)) + "." + payload + "."

		for name, tok := range map[string]string{"forged": forgedToken, "alg=none": algNone, "garbage": "abc.def.ghi"} {
			t.Run(name, func(t *testing.T) {
				bad := e.client()
				bad.token = tok
				bad.do("GET", "/api/me", nil).must(t, 401)
			})
		}
		c.do("GET", "/api/me", nil).must(t, 200)
		e.clock.Advance(16 * time.Minute)
		expired := e.client()
		expired.token = good
		if got := expired.do("GET", "/api/me", nil).must(t, 401).json(t)["error"]; got != "Sitzung ungültig oder abgelaufen." {
			t.Errorf("expired error = %q", got)
		}
		e.client().do("GET", "/api/me", nil).must(t, 401)
	})
}

func TestPasswordReset(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("hans@example.com", pw)
		other := e.client()
		other.signIn("hans@example.com", pw, true)

		c := e.client()
		unknown := c.do("POST", "/api/auth/recover", map[string]any{"email": "nobody@example.com"}).must(t, 200)
		known := c.do("POST", "/api/auth/recover", map[string]any{"email": "hans@example.com"}).must(t, 200)
		if string(unknown.body) != string(known.body) {
			t.Errorf("recover answers differ: %s vs %s", unknown.body, known.body)
		}
		tok := linkToken(t, e.log.lastLink(t, "hans@example.com"), "reset")
		c.do("POST", "/api/auth/reset", map[string]any{"token": tok, "password": "1234567"}).must(t, 400)
		c.do("POST", "/api/auth/reset", map[string]any{"token": tok, "password": "ganz-neues-pw"}).must(t, 200)
		// The link works once.
		if got := c.do("POST", "/api/auth/reset", map[string]any{"token": tok, "password": "noch-ein-pw"}).must(t, 400).json(t)["error"]; got != "Der Link zum Zurücksetzen ist ungültig oder abgelaufen." {
			t.Errorf("second reset error = %q", got)
		}
		c.do("POST", "/api/auth/login", map[string]any{"email": "hans@example.com", "password": pw}).must(t, 401)
		c.signIn("hans@example.com", "ganz-neues-pw", false)
		// Every other session ended.
		other.do("POST", "/api/auth/refresh", nil).must(t, 401)

		// An expired link is refused.
		c.token = ""
		c.do("POST", "/api/auth/recover", map[string]any{"email": "hans@example.com"}).must(t, 200)
		tok = linkToken(t, e.log.lastLink(t, "hans@example.com"), "reset")
		e.clock.Advance(61 * time.Minute)
		c.do("POST", "/api/auth/reset", map[string]any{"token": tok, "password": "zu-spaet-pw"}).must(t, 400)
	})
}

func TestAnonymousUpgrade(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		g := e.client()
		s := g.do("POST", "/api/auth/anonymous", nil).must(t, 200).json(t)
		g.token = s["access_token"].(string)
		if u := s["user"].(map[string]any); u["is_anonymous"] != true || u["email"] != "" {
			t.Fatalf("guest = %v", u)
		}
		me := g.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any)
		if me["terms_accepted_at"] != nil {
			t.Errorf("guest has accepted terms: %v", me)
		}
		g.do("POST", "/api/me/terms", map[string]any{"userAgent": "TestBrowser/1"}).must(t, 200)
		g.do("POST", "/api/consent", map[string]any{"consentType": "terms", "termsVersion": 2, "userAgent": "TestBrowser/1"}).must(t, 204)
		g.do("POST", "/api/consent", map[string]any{"consentType": "cookies", "termsVersion": 2}).must(t, 400)

		// Upgrading to an admin's address does not make the guest admin
		// before the address is confirmed.
		g.do("POST", "/api/auth/upgrade", map[string]any{"email": "boss@example.com", "password": pw}).must(t, 200)
		if got := g.do("GET", "/api/auth/is-admin", nil).must(t, 200).json(t); got["isAdmin"] != false {
			t.Fatalf("unconfirmed upgrade is admin: %v", got)
		}
		if me := g.do("GET", "/api/me", nil).must(t, 200).json(t); me["user"].(map[string]any)["is_admin"] != false {
			t.Fatalf("GET /api/me of an unconfirmed upgrade: is_admin = %v", me["user"].(map[string]any)["is_admin"])
		}
		tok := linkToken(t, e.log.lastLink(t, "boss@example.com"), "confirm")
		g.do("POST", "/api/auth/confirm", map[string]any{"token": tok}).must(t, 200)
		if got := g.do("GET", "/api/auth/is-admin", nil).must(t, 200).json(t); got["isAdmin"] != true {
			t.Errorf("confirmed admin e-mail is not admin: %v", got)
		}
		// The profile says the same, so a reload needs no role check.
		if me := g.do("GET", "/api/me", nil).must(t, 200).json(t); me["user"].(map[string]any)["is_admin"] != true {
			t.Errorf("GET /api/me of an admin: is_admin = %v", me["user"].(map[string]any)["is_admin"])
		}
		// The same account signs in with the new password and kept its terms.
		c := e.client()
		s2 := c.signIn("boss@example.com", pw, false)
		if s2["user"].(map[string]any)["id"] != s["user"].(map[string]any)["id"] {
			t.Errorf("upgrade created a new account")
		}
		g.do("POST", "/api/auth/upgrade", map[string]any{"email": "x@example.com", "password": pw}).must(t, 400)
	})
}

func TestSignInRateLimit(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := e.client()
		for i := 1; i <= 30; i++ {
			// Spoofed X-Forwarded-For values must not buy more attempts:
			// no proxy header is trusted in this configuration.
			c.ip = fmt.Sprintf("203.0.113.%d", i)
			c.do("POST", "/api/auth/login", map[string]any{"email": fmt.Sprintf("u%d@example.com", i), "password": "falsch-falsch"}).must(t, 401)
		}
		c.ip = "198.51.100.7"
		r := c.do("POST", "/api/auth/login", map[string]any{"email": "u31@example.com", "password": "falsch-falsch"}).must(t, 429)
		if ra := r.header.Get("Retry-After"); ra == "" || ra == "0" {
			t.Errorf("Retry-After = %q", ra)
		}
		// After the window the address may try again.
		e.clock.Advance(15*time.Minute + time.Second)
		c.do("POST", "/api/auth/login", map[string]any{"email": "u31@example.com", "password": "falsch-falsch"}).must(t, 401)
	})
}

func TestAdminEndpointsNeedTheFlag(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("ida@example.com", pw)
		e.signUpConfirmed("boss@example.com", pw)
		c := e.client()
		c.do("GET", "/api/admin/overview", nil).must(t, 401)
		c.signIn("ida@example.com", pw, false)
		c.do("GET", "/api/admin/overview", nil).must(t, 403)
		a := e.client()
		a.signIn("boss@example.com", pw, false)
		if got := a.do("GET", "/api/auth/is-admin", nil).must(t, 200).json(t); got["isAdmin"] != true {
			t.Fatalf("configured admin is not admin: %v", got)
		}
		ov := a.do("GET", "/api/admin/overview", nil).must(t, 200).json(t)
		if ov["users"].(float64) != 2 || ov["activeSessions"].(float64) != 2 {
			t.Errorf("overview = %v", ov)
		}
	})
}

func cookieValue(t *testing.T, c *client, name string) string {
	t.Helper()
	for _, ck := range c.http.Jar.Cookies(mustURL(c.e.srv.URL + "/api/auth/refresh")) {
		if ck.Name == name {
			return ck.Value
		}
	}
	t.Fatalf("no cookie %s", name)
	return ""
}

func findSetCookie(h http.Header, name string) *http.Cookie {
	for _, ck := range (&http.Response{Header: h}).Cookies() {
		if ck.Name == name {
			return ck
		}
	}
	return nil
}

func TestDisabledAccountIsLockedOut(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("karl@example.com", pw)
		c := e.client()
		c.signIn("karl@example.com", pw, true)
		u, err := e.users.UserByEmail(t.Context(), "karl@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if err := e.users.SetStatus(t.Context(), u.ID, "disabled"); err != nil {
			t.Fatal(err)
		}
		const locked = "Dieses Konto ist gesperrt."
		if got := c.do("GET", "/api/me", nil).must(t, 403).json(t)["error"]; got != locked {
			t.Errorf("me error = %q", got)
		}
		c.do("POST", "/api/auth/refresh", nil).must(t, 403)
		// The family is gone: even re-enabled, the old cookie is dead.
		if err := e.users.SetStatus(t.Context(), u.ID, "active"); err != nil {
			t.Fatal(err)
		}
		c.do("POST", "/api/auth/refresh", nil).must(t, 401)
		if err := e.users.SetStatus(t.Context(), u.ID, "disabled"); err != nil {
			t.Fatal(err)
		}
		if got := e.client().do("POST", "/api/auth/login", map[string]any{"email": "karl@example.com", "password": pw}).must(t, 403).json(t)["error"]; got != locked {
			t.Errorf("login error = %q", got)
		}
		// A wrong password never reveals that the account is locked.
		e.client().do("POST", "/api/auth/login", map[string]any{"email": "karl@example.com", "password": "falsch-falsch"}).must(t, 401)
	})
}

func TestSignupWithReferralCode(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("lena@example.com", pw)
		lena, err := e.users.UserByEmail(t.Context(), "lena@example.com")
		if err != nil {
			t.Fatal(err)
		}
		// Codes are handed out by the referral feature; here one is stored directly.
		q := "INSERT INTO referral_codes (user_id, code, created_at) VALUES (?, ?, ?)"
		if db.Dialect() == "postgres" {
			q = "INSERT INTO referral_codes (user_id, code, created_at) VALUES ($1, $2, $3)"
		}
		if _, err := db.SQL().ExecContext(t.Context(), q, lena.ID, "LENA42", e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		c := e.client()
		c.do("POST", "/api/auth/signup", map[string]any{"email": "max@example.com", "password": pw, "termsAccepted": true, "ref": "LENA42"}).must(t, 201)
		// An unknown code never fails a sign-up.
		c.do("POST", "/api/auth/signup", map[string]any{"email": "mia@example.com", "password": pw, "termsAccepted": true, "ref": "NOPE"}).must(t, 201)
		max, err := e.users.UserByEmail(t.Context(), "max@example.com")
		if err != nil {
			t.Fatal(err)
		}
		var referrer string
		q = "SELECT referrer_user_id FROM referral_signups WHERE referred_user_id = ?"
		if db.Dialect() == "postgres" {
			q = "SELECT referrer_user_id FROM referral_signups WHERE referred_user_id = $1"
		}
		if err := db.SQL().QueryRowContext(t.Context(), q, max.ID).Scan(&referrer); err != nil || referrer != lena.ID {
			t.Errorf("referral of max = %q (%v), want %s", referrer, err, lena.ID)
		}
		var n int
		if err := db.SQL().QueryRowContext(t.Context(), "SELECT COUNT(*) FROM referral_signups").Scan(&n); err != nil || n != 1 {
			t.Errorf("%d referral rows (%v), want 1", n, err)
		}
	})
}
