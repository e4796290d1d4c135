package httpapi_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"salescoach/blob"
	"salescoach/blob/s3test"
	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// sqlExec runs fixture SQL written with ? placeholders on either database.
func (e *env) sqlExec(q string, args ...any) {
	e.t.Helper()
	if e.db.Dialect() == sqlstore.DialectPostgres {
		var b strings.Builder
		n := 0
		for _, r := range q {
			if r == '?' {
				n++
				fmt.Fprintf(&b, "$%d", n)
				continue
			}
			b.WriteRune(r)
		}
		q = b.String()
	}
	if _, err := e.db.SQL().ExecContext(e.t.Context(), q, args...); err != nil {
		e.t.Fatalf("exec %q: %v", q, err)
	}
}

// sqlCount runs a COUNT query without parameters.
func (e *env) sqlCount(q string) int {
	e.t.Helper()
	var n int
	if err := e.db.SQL().QueryRowContext(e.t.Context(), q).Scan(&n); err != nil {
		e.t.Fatalf("count %q: %v", q, err)
	}
	return n
}

// blobStore is a blob store for the privacy tests with a way to list
// everything it holds: file or object names with their contents.
type blobStore struct {
	name  string
	setup func(t *testing.T) (envOption, func() map[string][]byte)
}

var privacyStores = []blobStore{
	{"local", func(t *testing.T) (envOption, func() map[string][]byte) {
		dir := filepath.Join(t.TempDir(), "avatars")
		l, err := blob.NewLocal(dir, "/avatars")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		all := func() map[string][]byte {
			out := map[string][]byte{}
			err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				rel, _ := filepath.Rel(dir, p)
				if d.IsDir() {
					out[rel+"/"] = nil
					return nil
				}
				b, err := os.ReadFile(p)
				out[rel] = b
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		return func(_ *httpapi.Config, d *httpapi.Deps) { d.Blobs = l }, all
	}},
	{"s3", func(t *testing.T) (envOption, func() map[string][]byte) {
		srv := s3test.New(t, "avatars")
		s, err := blob.NewS3(blob.S3Config{Endpoint: srv.URL, Region: s3test.Region, Bucket: "avatars",
			AccessKeyID: s3test.AccessKeyID, SecretAccessKey: s3test.SecretAccessKey})
		if err != nil {
			t.Fatal(err)
		}
		all := func() map[string][]byte {
			out := map[string][]byte{}
			for _, k := range srv.Keys("avatars") {
				b, _, _ := srv.Object("avatars", k)
				out[k] = b
			}
			return out
		}
		return func(_ *httpapi.Config, d *httpapi.Deps) { d.Blobs = s }, all
	}},
}

// seedEverything gives the signed-in user c (password pw) a row in every
// table that can hold one: through the API where there is a call for it,
// by SQL otherwise. referrer is a user whose code c signed up with.
func seedEverything(t *testing.T, e *env, c *client, addr string) (conversationID string) {
	t.Helper()
	id := c.userID(t)
	c.do("PATCH", "/api/me", map[string]any{"display_name": "Vera Voss", "role": "Vertrieb", "product_description": "Vera verkauft Kassen."}).must(t, 200)
	c.upload("file", "me.png", "image/png", testImage(t, "png")).must(t, 200)
	a := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo, hier ist Vera mit CloudKasse."}, 200)
	conversationID = a["conversationId"].(string)
	// An answer to the customer's objection: scored, so it counts in the
	// skill analytics.
	c.chat(t, map[string]any{"conversationId": conversationID, "message": "Das verstehe ich. Was genau ist Ihnen dabei wichtig?"}, 200)
	c.do("POST", "/api/conversations/"+conversationID+"/score", map[string]any{}).must(t, 200)
	c.do("POST", "/api/conversations/"+conversationID+"/evaluation", map[string]any{}).must(t, 200)
	c.do("POST", "/api/feedback", map[string]any{"type": "bug", "subject": "Knopf", "message": "Der Knopf klemmt.", "email": addr, "name": "Vera Voss"}).must(t, 201)
	// A scenario of her own, naming her address.
	c.do("POST", "/api/scenarios", with(scenarioBody("Veras Szenario"), "product", "Kassen, Fragen an "+addr)).must(t, 201)
	c.do("POST", "/api/consent", map[string]any{"consentType": "terms", "termsVersion": 1, "userAgent": "VeraBrowser/1"}).must(t, 204)
	c.do("POST", "/api/track", map[string]any{"path": "/dashboard", "source": "direct"}).must(t, 204)
	c.do("POST", "/api/referrals/code", nil).must(t, 200)
	c.do("POST", "/api/voice/calls", nil).must(t, 201)
	// A team she owns, an invitation she sent, a chat she shares.
	c.do("POST", "/api/teams", map[string]any{"name": "Veras Team"}).must(t, 201)
	c.do("POST", "/api/team/invitations", map[string]any{"email": "tina.team@example.com"}).must(t, 201)
	c.do("POST", "/api/conversations/"+conversationID+"/share", nil).must(t, 200)
	e.client().do("POST", "/api/auth/recover", map[string]any{"email": addr}).must(t, 200)
	now := e.clock.Now()
	e.sqlExec(`INSERT INTO identities (id, user_id, provider, subject, email, created_at) VALUES (?, ?, 'google', ?, ?, ?)`,
		"0193a000-0000-7000-8000-000000000001", id, "google-"+id, addr, now)
	e.sqlExec(`INSERT INTO voice_usage (id, user_id, kind, provider, audio_ms, characters, created_at) VALUES (?, ?, 'stt', 'fake', 1200, 0, ?)`,
		"0193a000-0000-7000-8000-000000000002", id, now)
	e.sqlExec(`INSERT INTO subscriptions (id, user_id, paypal_id, plan_id, status, update_time, created_at) VALUES (?, ?, ?, 'P-PLUS', 'CANCELLED', ?, ?)`,
		"0193a000-0000-7000-8000-000000000003", id, "I-VERA0000001", now, now)
	e.sqlExec(`INSERT INTO promo_codes (id, code, plan_id, redemptions, created_at, updated_at) VALUES (?, 'VERAPROMO', 'P-PROMO', 1, ?, ?)`,
		"0193a000-0000-7000-8000-000000000004", now, now)
	e.sqlExec(`INSERT INTO promo_redemptions (id, promo_code_id, user_id, subscription_id, created_at) VALUES (?, ?, ?, ?, ?)`,
		"0193a000-0000-7000-8000-000000000005", "0193a000-0000-7000-8000-000000000004", id, "0193a000-0000-7000-8000-000000000003", now)
	e.sqlExec(`INSERT INTO training_scores (user_id, score, updated_at) VALUES (?, 42, ?)`, id, now)
	e.sqlExec(`INSERT INTO token_usage (id, user_id, conversation_id, model, purpose, tokens_in, tokens_out, created_at) VALUES (?, ?, ?, 'trainer', 'chat', 10, 20, ?)`,
		"0193a000-0000-7000-8000-000000000006", id, conversationID, now)
	// A Google re-authentication under way, and one passed.
	e.sqlExec(`INSERT INTO oauth_states (state_hash, provider, intent, user_id, family_id, created_at, expires_at) VALUES ('state-vera', 'google', 'reauth', ?, 'fam-vera', ?, ?)`,
		id, now, now.Add(10*time.Minute))
	e.sqlExec(`INSERT INTO reauth_proofs (family_id, user_id, provider, created_at, expires_at) VALUES ('fam-vera', ?, 'google', ?, ?)`,
		id, now, now.Add(5*time.Minute))
	return conversationID
}

// TestDeleteAccountLeavesNoTrace: after a user deletes their account, no
// column of any table (listed from the schema) and no file or object of the
// avatar store holds their id or e-mail; what is kept (consent records,
// page views, feedback) is kept without them, and other users keep
// everything. Their sessions end at once everywhere, live streams included,
// and they cannot sign in again.
func TestDeleteAccountLeavesNoTrace(t *testing.T) {
	t.Parallel()
	for _, store := range privacyStores {
		t.Run(store.name, func(t *testing.T) {
			sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
				opt, stored := store.setup(t)
				e := newEnv(t, db, opt)
				// Otto invites Vera, Vera invites Tina: referrals both ways.
				otto := chatUser(t, e, "otto@example.com")
				ottoID := otto.userID(t)
				ottoCode := otto.do("POST", "/api/referrals/code", nil).must(t, 200).json(t)["code"].(string)
				otto.upload("file", "otto.png", "image/png", testImage(t, "png")).must(t, 200)
				ottoChat := otto.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Otto hier."}, 200)["conversationId"].(string)
				otto.do("POST", "/api/feedback", feedbackBody("Ottos Feedback.")).must(t, 201)

				addr := "vera.voss@example.com"
				e.client().do("POST", "/api/auth/signup", map[string]any{"email": addr, "password": pw, "termsAccepted": true, "ref": ottoCode}).must(t, 201)
				tok := linkToken(t, e.log.lastLink(t, addr), "confirm")
				e.client().do("POST", "/api/auth/confirm", map[string]any{"token": tok}).must(t, 200)
				vera := e.client()
				vera.signIn(addr, pw, true)
				veraID := vera.userID(t)
				seedEverything(t, e, vera, addr)
				veraCode := vera.do("POST", "/api/referrals/code", nil).must(t, 200).json(t)["code"].(string)
				e.client().do("POST", "/api/auth/signup", map[string]any{"email": "tina@example.com", "password": pw, "termsAccepted": true, "ref": veraCode}).must(t, 201)
				// Feedback Vera sent as a visitor, with her address.
				e.client().do("POST", "/api/feedback", map[string]any{"type": "general", "subject": "Hallo", "message": "Vorab eine Frage.", "email": addr, "name": "Vera"}).must(t, 201)
				// A second device, and a live stream on it.
				phone := e.client()
				phone.signIn(addr, pw, false)
				stream := openStream(t, phone)
				if ev := next(t, stream); ev.name != "ready" {
					t.Fatalf("first event %q", ev.name)
				}

				// The seed reached every table it should, so the scan below
				// proves something.
				for _, table := range []string{"users", "profiles", "training_scores", "refresh_tokens", "one_time_tokens",
					"identities", "consent_audit", "page_views", "referral_codes", "referral_signups", "subscriptions",
					"promo_redemptions", "conversations", "messages", "chat_starts", "token_usage", "feedback",
					"voice_usage", "voice_calls", "skill_answers", "skill_technique_days", "skill_family_days", "scenarios",
					"teams", "team_members", "team_invitations", "conversation_shares", "xp_days"} {
					if e.sqlCount("SELECT COUNT(*) FROM "+table) == 0 {
						t.Fatalf("seed left %s empty", table)
					}
				}
				if hits := sqlstoretest.FindText(t, db, addr); len(hits) == 0 {
					t.Fatal("the e-mail is nowhere before the deletion")
				}
				if !storeMentions(stored(), veraID) {
					t.Fatal("no avatar of Vera stored before the deletion")
				}
				consents, views, feedback := e.sqlCount("SELECT COUNT(*) FROM consent_audit"), e.sqlCount("SELECT COUNT(*) FROM page_views"), e.sqlCount("SELECT COUNT(*) FROM feedback")

				// Wrong password, missing confirmation: nothing happens.
				wantCode(t, vera.do("POST", "/api/me/delete", map[string]any{"password": "wrong password", "confirmation": "LÖSCHEN"}), 400, "account_delete_password_wrong")
				wantCode(t, vera.do("POST", "/api/me/delete", map[string]any{"password": pw, "confirmation": "ja"}), 400, "account_delete_confirm")
				vera.do("GET", "/api/me", nil).must(t, 200)

				vera.do("POST", "/api/me/delete", map[string]any{"password": pw, "confirmation": "löschen"}).must(t, 204)

				for _, who := range []*client{vera, phone} {
					who.do("GET", "/api/me", nil).must(t, 401)
					who.do("POST", "/api/auth/refresh", nil).must(t, 401)
				}
				for {
					ev, ok := nextOrEnd(t, stream)
					if !ok {
						break
					}
					if ev.name != "change" {
						t.Errorf("event %q after the deletion", ev.name)
					}
				}
				wantCode(t, e.client().do("POST", "/api/auth/login", map[string]any{"email": addr, "password": pw, "remember": false}), 401, "invalid_credentials")

				if hits := sqlstoretest.FindText(t, db, veraID); len(hits) > 0 {
					t.Errorf("Vera's id is still stored: %v", hits)
				}
				if hits := sqlstoretest.FindText(t, db, addr); len(hits) > 0 {
					t.Errorf("Vera's e-mail is still stored: %v", hits)
				}
				if all := stored(); storeMentions(all, veraID) || storeMentions(all, addr) {
					t.Errorf("the avatar store still names Vera: %v", keysOfStore(all))
				}
				// Kept without her: consent records, page views, feedback.
				if got := e.sqlCount("SELECT COUNT(*) FROM consent_audit"); got != consents {
					t.Errorf("consent records %d, want %d", got, consents)
				}
				if got := e.sqlCount("SELECT COUNT(*) FROM page_views"); got != views {
					t.Errorf("page views %d, want %d", got, views)
				}
				if got := e.sqlCount("SELECT COUNT(*) FROM feedback"); got != feedback {
					t.Errorf("feedback %d, want %d", got, feedback)
				}
				// Otto keeps everything.
				otto.do("GET", "/api/conversations/"+ottoChat, nil).must(t, 200)
				if !storeMentions(stored(), ottoID) {
					t.Error("Otto's avatar went too")
				}
				if got := otto.do("GET", "/api/feedback", nil).must(t, 200).list(t); len(got) != 1 {
					t.Errorf("Otto's feedback: %v", got)
				}
				if e.sqlCount("SELECT COUNT(*) FROM users WHERE email_lower = 'tina@example.com'") != 1 {
					t.Error("Tina, whom Vera invited, went too")
				}
			})
		})
	}
}

// storeMentions reports whether a name or content of the store holds s.
func storeMentions(all map[string][]byte, s string) bool {
	for k, b := range all {
		if strings.Contains(k, s) || bytes.Contains(b, []byte(s)) {
			return true
		}
	}
	return false
}

func keysOfStore(all map[string][]byte) []string {
	out := make([]string, 0, len(all))
	for k := range all {
		out = append(out, k)
	}
	return out
}

// TestDeleteAccountRules: guests confirm by typing only; a user without a
// password is sent to set one; an admin deletes others from the users list
// but not themself; a user is not an admin.
func TestDeleteAccountRules(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		guest := e.client()
		guest.token = guest.do("POST", "/api/auth/anonymous", map[string]any{}).must(t, 200).json(t)["access_token"].(string)
		guest.do("GET", "/api/me", nil).must(t, 200)
		guest.do("POST", "/api/me/delete", map[string]any{"confirmation": "DELETE"}).must(t, 204)
		guest.do("GET", "/api/me", nil).must(t, 401)

		social := signedIn(t, e, "sofia@example.com")
		sofiaID := social.userID(t)
		if err := e.users.SetPassword(t.Context(), sofiaID, ""); err != nil {
			t.Fatal(err)
		}
		wantCode(t, social.do("POST", "/api/me/delete", map[string]any{"password": "", "confirmation": "LÖSCHEN"}), 403, "account_delete_needs_password")
		social.do("GET", "/api/me", nil).must(t, 200)

		boss := admin(t, e)
		bossID := boss.userID(t)
		wantCode(t, social.do("DELETE", "/api/admin/users/"+bossID, nil), 403, "forbidden")
		wantCode(t, boss.do("DELETE", "/api/admin/users/"+bossID, nil), 400, "account_delete_self")
		wantCode(t, boss.do("DELETE", "/api/admin/users/0193a000-0000-7000-8000-00000000abcd", nil), 404, "user_not_found")
		boss.do("DELETE", "/api/admin/users/"+sofiaID, nil).must(t, 204)
		social.do("GET", "/api/me", nil).must(t, 401)
		wantCode(t, boss.do("DELETE", "/api/admin/users/"+sofiaID, nil), 404, "user_not_found")
		boss.do("GET", "/api/me", nil).must(t, 200)
	})
}

// TestDeleteAccountCancelsSubscriptionFirst: an active PayPal subscription
// is cancelled at PayPal before the account goes; while PayPal fails,
// nothing is deleted.
func TestDeleteAccountCancelsSubscriptionFirst(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, time.Second)
		c, uid := p.user("anna")
		sub := p.fake.Subscribe("P-PLUS", uid)
		c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": sub, "withdrawalWaiver": true}).must(t, 200)

		cancelsFail(p.fake)
		wantCode(t, c.do("POST", "/api/me/delete", map[string]any{"password": "correct horse battery", "confirmation": "LÖSCHEN"}), 503, "account_delete_subscription_failed")
		c.do("GET", "/api/me", nil).must(t, 200)
		if got := p.fake.Subscription(sub).Status; got != "ACTIVE" {
			t.Fatalf("PayPal status %s after the failed deletion", got)
		}

		p.fake.FailWith(nil)
		c.do("POST", "/api/me/delete", map[string]any{"password": "correct horse battery", "confirmation": "LÖSCHEN"}).must(t, 204)
		if got := p.fake.Subscription(sub).Status; got != "CANCELLED" {
			t.Errorf("PayPal status %s after the deletion, want CANCELLED", got)
		}
		if n := p.count("SELECT COUNT(*) FROM users"); n != 0 {
			t.Errorf("%d users left", n)
		}
	})
}

// readZip reads every file of a ZIP answer.
func readZip(t *testing.T, body []byte) map[string][]byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatalf("not a ZIP: %v", err)
	}
	out := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name] = b
	}
	return out
}

// TestExportHoldsOwnDataOnly: the export is a ZIP with the caller's
// account, every conversation (JSON and transcript, read page by page) and
// the avatar, and nothing of another user; three exports an hour.
func TestExportHoldsOwnDataOnly(t *testing.T) {
	t.Parallel()
	for _, store := range privacyStores {
		t.Run(store.name, func(t *testing.T) {
			sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
				opt, _ := store.setup(t)
				e := newEnv(t, db, func(cfg *httpapi.Config, d *httpapi.Deps) {
					opt(cfg, d)
					cfg.ChatPerMinute = 1000
				})
				otto := chatUser(t, e, "otto@example.com")
				ottoID := otto.userID(t)
				otto.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Ottos geheimes Angebot."}, 200)
				otto.do("POST", "/api/feedback", feedbackBody("Ottos Feedback.")).must(t, 201)

				addr := "vera.voss@example.com"
				vera := chatUser(t, e, addr)
				veraID := vera.userID(t)
				first := seedEverything(t, e, vera, addr)
				// More chats than one export page holds (beyond the monthly
				// quota, so written directly), some at the same instant.
				const chats = 23
				for i := 1; i < chats; i++ {
					cid := fmt.Sprintf("0193b000-0000-7000-8000-%012d", i)
					at := e.clock.Now().Add(time.Duration(i/3) * time.Second)
					e.sqlExec(`INSERT INTO conversations (id, user_id, title, mode, difficulty, created_at, updated_at) VALUES (?, ?, ?, 'Übung', 1, ?, ?)`,
						cid, veraID, fmt.Sprintf("Chat %d", i), at, at)
					e.sqlExec(`INSERT INTO messages (id, conversation_id, role, content, seq, created_at) VALUES (?, ?, 'user', ?, 1, ?)`,
						fmt.Sprintf("0193c000-0000-7000-8000-%012d", i), cid, fmt.Sprintf("Veras Chat Nummer %d.", i), at)
				}

				res := vera.do("GET", "/api/me/export", nil).must(t, 200)
				if ct := res.header.Get("Content-Type"); ct != "application/zip" {
					t.Fatalf("Content-Type %q", ct)
				}
				if cd := res.header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment;") {
					t.Fatalf("Content-Disposition %q", cd)
				}
				files := readZip(t, res.body)
				var account map[string]any
				if err := json.Unmarshal(files["account.json"], &account); err != nil {
					t.Fatalf("account.json: %v", err)
				}
				user := account["user"].(map[string]any)
				if user["id"] != veraID || user["email"] != addr || user["display_name"] != "Vera Voss" {
					t.Errorf("user = %v", user)
				}
				for _, k := range []string{"consent_records", "feedback", "sessions", "subscriptions", "promo_redemptions", "token_usage", "voice_calls", "page_views", "linked_accounts", "mail_links",
					"skill_answers", "skill_technique_days", "skill_family_days", "scenarios", "team_membership", "shared_chats", "xp_days"} {
					if rows, _ := account[k].([]any); len(rows) == 0 {
						t.Errorf("account.json has no %s", k)
					}
				}
				if answers, _ := account["skill_answers"].([]any); len(answers) == 1 {
					a := answers[0].(map[string]any)
					if a["conversation_id"] != first || a["stage"] != float64(1) || a["family"] == "" {
						t.Errorf("skill answer = %v", a)
					}
					if shown, _ := a["techniques_assessed"].(string); !strings.Contains(shown, "acknowledge") || strings.Contains(shown, "  ") {
						t.Errorf("skill answer's techniques = %q", shown)
					}
				} else {
					t.Errorf("skill_answers = %v", account["skill_answers"])
				}
				if account["referral_code"] == nil || account["profile"] == nil {
					t.Errorf("account.json lacks referral code or profile")
				}
				if _, ok := user["password_hash"]; ok {
					t.Error("the export holds the password hash")
				}
				var convs, transcripts int
				var firstFound bool
				for name, b := range files {
					switch {
					case strings.HasPrefix(name, "conversations/") && strings.HasSuffix(name, ".json"):
						convs++
						var c map[string]any
						if err := json.Unmarshal(b, &c); err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						if c["id"] == first {
							firstFound = true
							msgs := c["messages"].([]any)
							if len(msgs) < 2 || msgs[0].(map[string]any)["content"] != "Hallo, hier ist Vera mit CloudKasse." {
								t.Errorf("first conversation's messages: %v", msgs)
							}
							if ev, _ := c["evaluation"].(map[string]any); ev["scores"] == nil || c["objections"] == nil {
								t.Errorf("first conversation lacks its evaluation or state: %v", c)
							}
						}
					case strings.HasPrefix(name, "conversations/") && strings.HasSuffix(name, ".md"):
						transcripts++
					}
					for _, foreign := range []string{ottoID, "otto@example.com", "Ottos geheimes Angebot.", "Ottos Feedback."} {
						if bytes.Contains(b, []byte(foreign)) {
							t.Errorf("%s holds Otto's %q", name, foreign)
						}
					}
				}
				if convs != chats || transcripts != chats || !firstFound {
					t.Errorf("%d conversations, %d transcripts (first found: %v), want %d", convs, transcripts, firstFound, chats)
				}
				if avatar, ok := files["avatar.png"]; !ok || !bytes.Equal(avatar, testImage(t, "png")) {
					t.Errorf("avatar missing or changed (%d bytes)", len(avatar))
				}

				vera.do("GET", "/api/me/export", nil).must(t, 200)
				vera.do("GET", "/api/me/export", nil).must(t, 200)
				wantCode(t, vera.do("GET", "/api/me/export", nil), 429, "too_many_attempts")
				// The limit is per user.
				otto.do("GET", "/api/me/export", nil).must(t, 200)
				e.client().do("GET", "/api/me/export", nil).must(t, 401)
			})
		})
	}
}

// TestExportTwoFactorStatus: the export says whether two-factor sign-in is
// on, since when, and how many recovery codes are left, and holds neither
// the secret (plain or sealed) nor any recovery code or its hash.
func TestExportTwoFactorStatus(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e, c, secret, codes := newTOTPUser(t, db)
		enabledAt := e.clock.Now().Add(-30 * time.Second)
		// One recovery code is used up by a sign-in.
		other := e.client()
		ch := other.challenge(t, totpAddr, pw)
		other.do("POST", "/api/auth/totp", map[string]any{"challenge": ch, "code": codes[0]}).must(t, 200)

		files := readZip(t, c.do("GET", "/api/me/export", nil).must(t, 200).body)
		var account struct {
			TwoFactor struct {
				Enabled           bool       `json:"enabled"`
				EnabledAt         *time.Time `json:"enabled_at"`
				RecoveryCodesLeft int        `json:"recovery_codes_left"`
			} `json:"two_factor"`
		}
		if err := json.Unmarshal(files["account.json"], &account); err != nil {
			t.Fatalf("account.json: %v", err)
		}
		tf := account.TwoFactor
		if !tf.Enabled || tf.EnabledAt == nil || !tf.EnabledAt.Equal(enabledAt) || tf.RecoveryCodesLeft != len(codes)-1 {
			t.Errorf("two_factor = %+v, want on since %v with %d codes", tf, enabledAt, len(codes)-1)
		}
		var sealed string
		if err := db.SQL().QueryRowContext(t.Context(), `SELECT secret_sealed FROM user_totp`).Scan(&sealed); err != nil {
			t.Fatal(err)
		}
		secrets := append([]string{secret, sealed}, codes...)
		rows, err := db.SQL().QueryContext(t.Context(), `SELECT code_hash FROM totp_recovery_codes`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var h string
			if err := rows.Scan(&h); err != nil {
				t.Fatal(err)
			}
			secrets = append(secrets, h)
		}
		rows.Close()
		for name, b := range files {
			for _, s := range secrets {
				if bytes.Contains(b, []byte(s)) {
					t.Errorf("%s holds a secret or recovery code", name)
				}
			}
		}

		// Without two-factor sign-in: off, no codes.
		plain := signedIn(t, e, "plain@example.com")
		if err := json.Unmarshal(readZip(t, plain.do("GET", "/api/me/export", nil).must(t, 200).body)["account.json"], &account); err != nil {
			t.Fatal(err)
		}
		if tf := account.TwoFactor; tf.Enabled || tf.EnabledAt != nil || tf.RecoveryCodesLeft != 0 {
			t.Errorf("two_factor without it = %+v", tf)
		}
	})
}
