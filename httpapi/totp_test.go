package httpapi_test

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"salescoach/auth"
	"salescoach/auth/oidctest"
	"salescoach/blob"
	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func mustTOTP(t testing.TB, key []byte) *auth.TOTP {
	t.Helper()
	tp, err := auth.NewTOTP(key, "Sales Coach")
	if err != nil {
		t.Fatal(err)
	}
	return tp
}

// withAdminTOTP turns ADMIN_TOTP_REQUIRED on.
func withAdminTOTP(cfg *httpapi.Config, _ *httpapi.Deps) { cfg.AdminTOTPRequired = true }

// code is the authenticator app's code for secret at the server's time.
func (e *env) code(t testing.TB, secret string) string {
	t.Helper()
	c, err := totp.GenerateCode(secret, e.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// enableTOTP sets up two-factor sign-in for the signed-in c and returns the
// secret and the recovery codes. The confirming code's step is used
// afterwards, so the clock moves on one step.
func (c *client) enableTOTP(t testing.TB) (string, []string) {
	t.Helper()
	setup := c.do("POST", "/api/me/totp", nil).must(t, 200).json(t)
	secret := setup["secret"].(string)
	r := c.do("POST", "/api/me/totp/confirm", map[string]any{"code": c.e.code(t, secret)}).must(t, 200).json(t)
	var codes []string
	for _, rc := range r["recoveryCodes"].([]any) {
		codes = append(codes, rc.(string))
	}
	c.e.clock.Advance(30 * time.Second)
	return secret, codes
}

// The account newTOTPUser makes.
const totpAddr = "anna@example.com"

// newTOTPUser starts a server with a confirmed account (totpAddr, pw) that has
// two-factor sign-in on, and returns its signed-in client, the secret and the
// recovery codes.
func newTOTPUser(t *testing.T, db *sqlstore.DB) (*env, *client, string, []string) {
	t.Helper()
	e := newEnv(t, db)
	e.signUpConfirmed(totpAddr, pw)
	c := e.client()
	c.signIn(totpAddr, pw, false)
	secret, codes := c.enableTOTP(t)
	return e, c, secret, codes
}

// challenge signs in with the password and returns the code step's challenge.
func (c *client) challenge(t testing.TB, addr, password string) string {
	t.Helper()
	r := c.do("POST", "/api/auth/login", map[string]any{"email": addr, "password": password}).must(t, 200)
	m := r.json(t)
	if m["totp_required"] != true || m["access_token"] != nil || r.header.Get("Set-Cookie") != "" {
		t.Fatalf("sign-in with two-factor on answered %s (cookie %q)", r.body, r.header.Get("Set-Cookie"))
	}
	return m["challenge"].(string)
}

func TestTOTPEnrolAndSignIn(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed(totpAddr, pw)
		other := e.client()
		other.signIn(totpAddr, pw, false)
		c := e.client()
		c.signIn(totpAddr, pw, true)

		st := c.do("GET", "/api/me/totp", nil).must(t, 200).json(t)
		if st["enabled"] != false || st["pending"] != false || st["required"] != false {
			t.Fatalf("status before = %v", st)
		}
		setup := c.do("POST", "/api/me/totp", nil).must(t, 200).json(t)
		secret := setup["secret"].(string)
		if !strings.HasPrefix(setup["qrCode"].(string), "data:image/png;base64,") ||
			!strings.Contains(setup["otpauthUrl"].(string), "secret="+secret) {
			t.Fatalf("setup = %v", setup)
		}
		if n := countRows(t, db, `SELECT COUNT(*) FROM user_totp WHERE secret_sealed LIKE '%`+secret+`%'`); n != 0 {
			t.Fatal("the secret is stored in clear")
		}
		if c.do("GET", "/api/me/totp", nil).must(t, 200).json(t)["pending"] != true {
			t.Error("set-up not pending")
		}
		// Pending: sign-in does not ask for a code yet.
		e.client().signIn(totpAddr, pw, false)

		wantCode(t, c.do("POST", "/api/me/totp/confirm", map[string]any{}), 400, "totp_code_missing")
		wantCode(t, c.do("POST", "/api/me/totp/confirm", map[string]any{"code": "12345"}), 400, "totp_code_invalid")
		wrong := wantCode(t, c.do("POST", "/api/me/totp/confirm", map[string]any{"code": wrongCode(e.code(t, secret))}), 400, "totp_code_invalid")
		if fieldText(wrong, "code") == "" {
			t.Errorf("no field error: %v", wrong)
		}
		r := c.do("POST", "/api/me/totp/confirm", map[string]any{"code": e.code(t, secret)}).must(t, 200).json(t)
		codes := r["recoveryCodes"].([]any)
		if len(codes) != 10 {
			t.Fatalf("%d recovery codes", len(codes))
		}
		st = c.do("GET", "/api/me/totp", nil).must(t, 200).json(t)
		if st["enabled"] != true || st["pending"] != false || st["recoveryCodesLeft"] != float64(10) {
			t.Fatalf("status after = %v", st)
		}
		wantCode(t, c.do("POST", "/api/me/totp", nil), 409, "totp_already_enabled")
		wantCode(t, c.do("POST", "/api/me/totp/confirm", map[string]any{"code": e.code(t, secret)}), 409, "totp_not_pending")
		// Sessions started without the second factor end.
		wantCode(t, other.do("GET", "/api/me", nil), 401, "session_invalid")
		c.do("GET", "/api/me", nil).must(t, 200)

		// Sign-in now asks for the code.
		b := e.client()
		ch := b.challenge(t, totpAddr, pw)
		wantCode(t, b.do("POST", "/api/auth/refresh", nil), 401, "session_invalid")
		// The confirming code's step is spent.
		wantCode(t, b.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": e.code(t, secret)}), 401, "totp_code_invalid")
		wantCode(t, b.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": wrongCode(e.code(t, secret))}), 401, "totp_code_invalid")
		e.clock.Advance(30 * time.Second)
		code := e.code(t, secret)
		s := b.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": code}).must(t, 200).json(t)
		b.token = s["access_token"].(string)
		if b.userID(t) == "" {
			t.Fatal("no session")
		}
		b.do("POST", "/api/auth/refresh", nil).must(t, 200)
		// The challenge is spent, and so is the code.
		wantCode(t, b.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": code}), 401, "totp_challenge_invalid")
		ch2 := e.client().challenge(t, totpAddr, pw)
		wantCode(t, e.client().do("POST", "/api/auth/totp", map[string]any{"challenge": ch2, "code": code}), 401, "totp_code_invalid")
		// The previous step's code is still in the window but older than
		// the used one: refused too.
		// A recovery code works once, written any way.
		rc := codes[0].(string)
		d := e.client()
		d.do("POST", "/api/auth/totp", map[string]any{"challenge": ch2, "code": strings.ToUpper(rc)}).must(t, 200)
		ch3 := e.client().challenge(t, totpAddr, pw)
		wantCode(t, e.client().do("POST", "/api/auth/totp", map[string]any{"challenge": ch3, "code": rc}), 401, "totp_code_invalid")
		if n := c.do("GET", "/api/me/totp", nil).must(t, 200).json(t)["recoveryCodesLeft"]; n != float64(9) {
			t.Errorf("recovery codes left = %v, want 9", n)
		}
		// A wrong password still gets the ordinary answer, not a challenge.
		wantCode(t, e.client().do("POST", "/api/auth/login", map[string]any{"email": totpAddr, "password": "falsch123"}), 401, "invalid_credentials")
	})
}

// wrongCode is a six-digit code other than code.
func wrongCode(code string) string {
	if code == "000000" {
		return "000001"
	}
	return "000000"
}

// countRows runs a COUNT query without parameters.
func countRows(t *testing.T, db *sqlstore.DB, q string) int {
	t.Helper()
	var n int
	if err := db.SQL().QueryRowContext(t.Context(), q).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestTOTPSignInBadInput(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e, _, secret, _ := newTOTPUser(t, db)
		ch := e.client().challenge(t, totpAddr, pw)
		b := e.client()
		for _, tc := range []struct {
			name   string
			body   any
			status int
			code   string
		}{
			{"no code", map[string]any{"challenge": ch}, 400, "totp_code_missing"},
			{"code too long", map[string]any{"challenge": ch, "code": strings.Repeat("1", 33)}, 400, "totp_code_invalid"},
			{"challenge too long", map[string]any{"challenge": strings.Repeat("x", 257), "code": "123456"}, 400, "totp_challenge_invalid"},
			{"unknown field", map[string]any{"challenge": ch, "code": "123456", "user": "x"}, 400, "field_unknown"},
			{"code not a string", map[string]any{"challenge": ch, "code": 123456}, 400, "field_bad_type"},
			{"not JSON", "code=123456", 400, "request_bad_json"},
			{"no challenge", map[string]any{"code": "123456"}, 401, "totp_challenge_invalid"},
			{"unknown challenge", map[string]any{"challenge": "nope", "code": "123456"}, 401, "totp_challenge_invalid"},
		} {
			wantCode(t, b.do("POST", "/api/auth/totp", tc.body), tc.status, tc.code)
		}
		// None of these used an attempt: five wrong codes do, and the
		// fifth ends the challenge.
		for i := range 5 {
			want := "totp_code_invalid"
			if i == 4 {
				want = "totp_challenge_invalid"
			}
			wantCode(t, b.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": wrongCode(e.code(t, secret))}), 401, want)
		}
		wantCode(t, b.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": e.code(t, secret)}), 401, "totp_challenge_invalid")
		// Expired challenges are dead too.
		ch = e.client().challenge(t, totpAddr, pw)
		e.clock.Advance(5*time.Minute + time.Second)
		wantCode(t, b.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": e.code(t, secret)}), 401, "totp_challenge_invalid")
		// Ten wrong codes per user in 15 minutes, over any challenges, then
		// none at all.
		e.clock.Advance(15 * time.Minute)
		for range 2 {
			ch = e.client().challenge(t, totpAddr, pw)
			for range 4 {
				wantCode(t, b.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": wrongCode(e.code(t, secret))}), 401, "totp_code_invalid")
			}
		}
		ch = e.client().challenge(t, totpAddr, pw)
		for range 2 {
			b.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": wrongCode(e.code(t, secret))}).must(t, 401)
		}
		wantCode(t, b.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": e.code(t, secret)}), 429, "too_many_attempts")
		e.clock.Advance(15 * time.Minute)
		ch = e.client().challenge(t, totpAddr, pw)
		b.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": e.code(t, secret)}).must(t, 200)
	})
}

// The same code sent N times at once, on N sign-ins, makes exactly one
// session.
func TestTOTPCodeOnceConcurrently(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e, _, secret, _ := newTOTPUser(t, db)
		const n = 8
		clients, challenges := make([]*client, n), make([]string, n)
		for i := range n {
			clients[i] = e.client()
			challenges[i] = clients[i].challenge(t, totpAddr, pw)
		}
		code := e.code(t, secret)
		statuses := make([]int, n)
		start, done := make(chan struct{}), make(chan struct{})
		for i := range n {
			go func() {
				defer func() { done <- struct{}{} }()
				<-start
				statuses[i] = clients[i].do("POST", "/api/auth/totp", map[string]any{"challenge": challenges[i], "code": code}).status
			}()
		}
		close(start)
		for range n {
			<-done
		}
		ok := 0
		for _, s := range statuses {
			switch s {
			case 200:
				ok++
			case 401:
			default:
				t.Errorf("status %d", s)
			}
		}
		if ok != 1 {
			t.Errorf("%d of %d sign-ins with one code succeeded, want 1 (%v)", ok, n, statuses)
		}
	})
}

func TestTOTPDisableAndRecoveryCodes(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed(totpAddr, pw)
		c := e.client()
		c.signIn(totpAddr, pw, false)
		wantCode(t, c.do("POST", "/api/me/totp/recovery-codes", map[string]any{"password": pw}), 409, "totp_not_enabled")
		secret, old := c.enableTOTP(t)

		for _, path := range []string{"/api/me/totp/recovery-codes", "/api/me/totp/disable"} {
			wantCode(t, c.do("POST", path, map[string]any{}), 400, "totp_reauth_missing")
			m := wantCode(t, c.do("POST", path, map[string]any{"password": "falsch123"}), 400, "totp_password_wrong")
			if fieldText(m, "password") == "" {
				t.Errorf("%s: no password field error", path)
			}
			wantCode(t, c.do("POST", path, map[string]any{"code": wrongCode(e.code(t, secret))}), 400, "totp_code_invalid")
			wantCode(t, c.do("POST", path, map[string]any{"password": strings.Repeat("x", 1025)}), 400, "password_too_long")
			wantCode(t, e.client().do("POST", path, map[string]any{"password": pw}), 401, "sign_in_required")
		}
		r := c.do("POST", "/api/me/totp/recovery-codes", map[string]any{"password": pw}).must(t, 200).json(t)
		fresh := r["recoveryCodes"].([]any)
		if len(fresh) != 10 || fresh[0] == old[0] {
			t.Fatalf("new codes = %v", fresh)
		}
		// The old codes are gone, the new ones work (here for re-authentication).
		wantCode(t, c.do("POST", "/api/me/totp/recovery-codes", map[string]any{"code": old[1]}), 400, "totp_code_invalid")
		c.do("POST", "/api/me/totp/recovery-codes", map[string]any{"code": fresh[1]}).must(t, 200)

		c.do("POST", "/api/me/totp/disable", map[string]any{"code": e.code(t, secret)}).must(t, 204)
		if st := c.do("GET", "/api/me/totp", nil).must(t, 200).json(t); st["enabled"] != false || st["pending"] != false {
			t.Errorf("status after turning off = %v", st)
		}
		e.client().signIn(totpAddr, pw, false) // no code asked
		if n := countRows(t, db, `SELECT COUNT(*) FROM totp_recovery_codes`); n != 0 {
			t.Errorf("%d recovery codes kept", n)
		}
	})
}

func TestTOTPGuest(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := e.client()
		c.token = c.do("POST", "/api/auth/anonymous", nil).must(t, 200).json(t)["access_token"].(string)
		wantCode(t, c.do("POST", "/api/me/totp", nil), 403, "totp_guest")
		wantCode(t, e.client().do("GET", "/api/me/totp", nil), 401, "sign_in_required")
	})
}

func TestTOTPAfterGoogleSignIn(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := oidctest.New(t)
		e := newEnv(t, db, withProvider(t, "google", fake))
		c := e.client()
		c.callback(t, fake.Approve(t, c.startOAuth(t, "google")))
		c.token = c.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)["access_token"].(string)
		secret, _ := c.enableTOTP(t)
		// Without a password, a code re-authenticates.
		wantCode(t, c.do("POST", "/api/me/totp/recovery-codes", map[string]any{"password": "irgendwas"}), 400, "totp_password_wrong")

		b := e.client()
		if got := b.callback(t, fake.Approve(t, b.startOAuth(t, "google"))); got != "http://coach.test/app/login?totp=1" {
			t.Fatalf("callback went to %s", got)
		}
		wantCode(t, b.do("POST", "/api/auth/refresh", nil), 401, "session_invalid")
		wantCode(t, b.do("POST", "/api/auth/totp", map[string]any{"code": wrongCode(e.code(t, secret))}), 401, "totp_code_invalid")
		r := b.do("POST", "/api/auth/totp", map[string]any{"code": e.code(t, secret)}).must(t, 200)
		if !strings.Contains(strings.Join(r.header.Values("Set-Cookie"), "\n"), "sc_totp=;") {
			t.Error("the challenge cookie is not cleared")
		}
		b.do("POST", "/api/auth/refresh", nil).must(t, 200)
	})
}

func TestAdminTOTPRequired(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db, withAdminTOTP)
		const boss, pw = "boss@example.com", "geheim123"
		e.signUpConfirmed(boss, pw)
		e.signUpConfirmed("anna@example.com", pw)
		user := e.client()
		user.signIn("anna@example.com", pw, false)
		if got := user.do("GET", "/api/auth/is-admin", nil).must(t, 200).json(t); got["totpSetupRequired"] != nil {
			t.Errorf("a regular user is asked to set up: %v", got)
		}
		wantCode(t, user.do("GET", "/api/admin/overview", nil), 403, "forbidden")

		c := e.client()
		c.signIn(boss, pw, false) // a session, to set the factor up
		if got := c.do("GET", "/api/auth/is-admin", nil).must(t, 200).json(t); got["isAdmin"] != true || got["totpSetupRequired"] != true {
			t.Fatalf("is-admin = %v", got)
		}
		if got := c.do("GET", "/api/me/totp", nil).must(t, 200).json(t); got["required"] != true {
			t.Errorf("status = %v", got)
		}
		for _, path := range []string{"/api/admin/overview", "/api/admin/users", "/api/admin/settings"} {
			wantCode(t, c.do("GET", path, nil), 403, "totp_setup_required")
		}
		secret, _ := c.enableTOTP(t)
		if got := c.do("GET", "/api/auth/is-admin", nil).must(t, 200).json(t); got["totpSetupRequired"] != nil {
			t.Errorf("is-admin after set-up = %v", got)
		}
		// The session that set it up passed the second factor.
		c.do("GET", "/api/admin/overview", nil).must(t, 200)

		b := e.client()
		ch := b.challenge(t, boss, pw)
		wantCode(t, b.do("GET", "/api/admin/overview", nil), 401, "sign_in_required")
		wantCode(t, b.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": wrongCode(e.code(t, secret))}), 401, "totp_code_invalid")
		b.token = b.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": e.code(t, secret)}).must(t, 200).json(t)["access_token"].(string)
		b.do("GET", "/api/admin/overview", nil).must(t, 200)
		// Refreshed tokens belong to the same session.
		b.token = b.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)["access_token"].(string)
		b.do("GET", "/api/admin/users", nil).must(t, 200)

		// A session that did not pass the code step is refused.
		if _, err := db.SQL().ExecContext(t.Context(), `DELETE FROM session_two_factor`); err != nil {
			t.Fatal(err)
		}
		wantCode(t, b.do("GET", "/api/admin/overview", nil), 403, "totp_session_required")

		// Turning it off locks the back-office again.
		c.do("POST", "/api/me/totp/disable", map[string]any{"password": pw}).must(t, 204)
		wantCode(t, c.do("GET", "/api/admin/overview", nil), 403, "totp_setup_required")
	})
}

// Without ADMIN_TOTP_REQUIRED an admin without the second factor gets in.
func TestAdminTOTPNotRequired(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("boss@example.com", "geheim123")
		c := e.client()
		c.signIn("boss@example.com", "geheim123", false)
		c.do("GET", "/api/admin/overview", nil).must(t, 200)
		if got := c.do("GET", "/api/auth/is-admin", nil).must(t, 200).json(t); got["totpSetupRequired"] != nil {
			t.Errorf("is-admin = %v", got)
		}
	})
}

// Deleting an account with two-factor sign-in on asks for a code (or a
// recovery code) beside the password; a recovery code is used up even
// when the deletion fails afterwards.
func TestDeleteAccountWithTOTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		var fail atomic.Bool
		l, err := blob.NewLocal(t.TempDir(), "/avatars")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		e := newEnv(t, db, func(_ *httpapi.Config, d *httpapi.Deps) {
			d.Blobs = switchableDelete{l, &fail}
		})
		e.signUpConfirmed(totpAddr, pw)
		c := e.client()
		c.signIn(totpAddr, pw, false)
		if got := c.do("GET", "/api/me/reauth", nil).must(t, 200).json(t); got["method"] != "password" || got["twoFactor"] != false {
			t.Fatalf("reauth status without two-factor = %v", got)
		}
		secret, codes := c.enableTOTP(t)
		if got := c.do("GET", "/api/me/reauth", nil).must(t, 200).json(t); got["method"] != "password" || got["twoFactor"] != true {
			t.Fatalf("reauth status = %v", got)
		}
		del := func(extra map[string]any) response {
			body := map[string]any{"confirmation": "LÖSCHEN", "password": pw}
			for k, v := range extra {
				body[k] = v
			}
			return c.do("POST", "/api/me/delete", body)
		}
		left := func() int {
			return int(c.do("GET", "/api/me/totp", nil).must(t, 200).json(t)["recoveryCodesLeft"].(float64))
		}

		// Without a code, with a wrong one, with one too long: refused, as
		// a field error on the code.
		m := wantCode(t, del(nil), 400, "totp_code_missing")
		if fieldText(m, "code") == "" {
			t.Errorf("no code field error: %v", m)
		}
		m = wantCode(t, del(map[string]any{"code": wrongCode(e.code(t, secret))}), 400, "totp_code_invalid")
		if fieldText(m, "code") == "" {
			t.Errorf("no code field error: %v", m)
		}
		wantCode(t, del(map[string]any{"code": "AAAA-BBBB"}), 400, "totp_code_invalid")
		wantCode(t, del(map[string]any{"code": strings.Repeat("1", 33)}), 400, "totp_code_invalid")
		// A right recovery code with a wrong password uses nothing up.
		wantCode(t, del(map[string]any{"code": codes[0], "password": "falsch123"}), 400, "account_delete_password_wrong")
		if n := left(); n != 10 {
			t.Fatalf("%d recovery codes left after a wrong password, want 10", n)
		}
		// A recovery code is accepted and used up: the storage fails the
		// deletion here, and the same code is refused the next time.
		c.upload("file", "a.png", "image/png", testImage(t, "png")).must(t, 200)
		fail.Store(true)
		wantCode(t, del(map[string]any{"code": codes[0]}), 503, "account_delete_storage_failed")
		if n := left(); n != 9 {
			t.Fatalf("%d recovery codes left after using one, want 9", n)
		}
		fail.Store(false)
		wantCode(t, del(map[string]any{"code": codes[0]}), 400, "totp_code_invalid")
		c.do("GET", "/api/me", nil).must(t, 200)
		// The app's current code is accepted.
		del(map[string]any{"code": e.code(t, secret)}).must(t, 204)
		c.do("GET", "/api/me", nil).must(t, 401)
		if n := countRows(t, db, `SELECT COUNT(*) FROM totp_recovery_codes`); n != 0 {
			t.Errorf("%d recovery codes kept after the deletion", n)
		}

		// Wrong codes count against the user's brake of the sign-in code
		// step: after ten elsewhere, even a right code cannot delete.
		const addr = "bert@example.com"
		e.signUpConfirmed(addr, pw)
		b := e.client()
		b.signIn(addr, pw, false)
		bsecret, _ := b.enableTOTP(t)
		for range 10 {
			wantCode(t, b.do("POST", "/api/me/totp/recovery-codes", map[string]any{"code": wrongCode(e.code(t, bsecret))}), 400, "totp_code_invalid")
		}
		wantCode(t, b.do("POST", "/api/me/delete", map[string]any{"confirmation": "LÖSCHEN", "password": pw, "code": e.code(t, bsecret)}), 429, "too_many_attempts")
		b.do("GET", "/api/me", nil).must(t, 200)
	})
}
