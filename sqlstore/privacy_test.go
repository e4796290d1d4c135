package sqlstore_test

import (
	"fmt"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestExportConversationsPages: the export reads a user's conversations
// page by page in creation order, ties of an instant broken by id, deleted
// ones included, with their messages; another user's cursor or rows never
// come back.
func TestExportConversationsPages(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		p := sqlstore.NewPrivacyService(db)
		ann, bob := newUser(t, db, "ann@example.com"), newUser(t, db, "bob@example.com")
		var want []string
		for i := range 7 {
			id := fmt.Sprintf("0193d000-0000-7000-8000-%012d", 7-i) // ids fall while times rise
			at := t0.Add(time.Duration(i/2) * time.Minute)          // pairs share an instant
			exec(t, db, `INSERT INTO conversations (id, user_id, mode, difficulty, created_at, updated_at, deleted_at) VALUES (?, ?, 'Übung', 1, ?, ?, ?)`,
				id, ann.ID, at, at, map[bool]any{true: at, false: nil}[i == 3])
			exec(t, db, `INSERT INTO messages (id, conversation_id, role, content, seq, created_at) VALUES (?, ?, 'user', ?, 1, ?)`,
				fmt.Sprintf("0193e000-0000-7000-8000-%012d", i), id, fmt.Sprintf("Nachricht %d", i), at)
			want = append(want, id)
		}
		// Within an instant the smaller id comes first.
		for i := 0; i+1 < len(want); i += 2 {
			want[i], want[i+1] = want[i+1], want[i]
		}
		bobsID := "0193d000-0000-7000-8000-999999999999"
		exec(t, db, `INSERT INTO conversations (id, user_id, mode, difficulty, created_at, updated_at) VALUES (?, ?, 'Übung', 1, ?, ?)`,
			bobsID, bob.ID, t0, t0)

		var got []string
		after := ""
		for {
			page, err := p.ExportConversations(ctx, ann.ID, after, 3)
			mustNil(t, err)
			if len(page) == 0 {
				break
			}
			for _, c := range page {
				if c.Conversation.UserID != ann.ID || len(c.Messages) != 1 {
					t.Fatalf("conversation %+v with %d messages", c.Conversation, len(c.Messages))
				}
				got = append(got, c.Conversation.ID)
			}
			after = page[len(page)-1].Conversation.ID
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("order %v, want %v", got, want)
		}
		if page, err := p.ExportConversations(ctx, ann.ID, bobsID, 10); err != nil || len(page) != 0 {
			t.Errorf("another user's cursor gave %d conversations, %v", len(page), err)
		}
		page, err := p.ExportConversations(ctx, bob.ID, "", 10)
		mustNil(t, err)
		if len(page) != 1 || page[0].Conversation.ID != bobsID {
			t.Errorf("bob's export: %d conversations", len(page))
		}
	})
}

// TestExportTablesAreTheUsers: the tables hold the user's rows, never the
// password hash, and an unknown user is ENOTFOUND.
func TestExportTablesAreTheUsers(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		p := sqlstore.NewPrivacyService(db)
		ann, bob := newUser(t, db, "ann@example.com"), newUser(t, db, "bob@example.com")
		feedback := sqlstore.NewFeedbackService(db)
		for _, u := range []*salescoach.User{ann, bob} {
			mustNil(t, feedback.CreateFeedback(ctx, &salescoach.Feedback{UserID: &u.ID, Email: u.Email, Type: "bug", Message: "von " + u.Email, CreatedAt: t0}))
		}
		tables, err := p.ExportTables(ctx, ann.ID)
		mustNil(t, err)
		byName := map[string][]map[string]any{}
		for _, tb := range tables {
			byName[tb.Name] = tb.Rows
		}
		user := byName["user"]
		if len(user) != 1 || user[0]["email"] != "ann@example.com" || user[0]["is_anonymous"] != false {
			t.Errorf("user = %v", user)
		}
		if _, ok := user[0]["password_hash"]; ok {
			t.Error("the password hash is exported")
		}
		if created, ok := user[0]["created_at"].(time.Time); !ok || created.Location() != time.UTC {
			t.Errorf("created_at = %#v", user[0]["created_at"])
		}
		if fb := byName["feedback"]; len(fb) != 1 || fb[0]["message"] != "von ann@example.com" {
			t.Errorf("feedback = %v", fb)
		}
		_, err = p.ExportTables(ctx, "0193d000-0000-7000-8000-000000000000")
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}

// TestDeleteAccountOnce: of N deletions of one account released at once,
// exactly one deletes it; the rest find no user. Feedback the person sent,
// signed in or as a visitor with the same address, stays without them.
func TestDeleteAccountOnce(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		p := sqlstore.NewPrivacyService(db)
		ann, bob := newUser(t, db, "Ann@Example.com"), newUser(t, db, "bob@example.com")
		mustNil(t, sqlstore.NewUserService(db).SetPassword(ctx, ann.ID, "hash"))
		exec(t, db, `UPDATE users SET avatar_url = ? WHERE id = ?`, ann.ID+"/"+ann.ID+".png", ann.ID)
		feedback := sqlstore.NewFeedbackService(db)
		mustNil(t, feedback.CreateFeedback(ctx, &salescoach.Feedback{UserID: &ann.ID, Email: "Ann@Example.com", Name: "Ann", Type: "bug", Message: "eins", CreatedAt: t0}))
		mustNil(t, feedback.CreateFeedback(ctx, &salescoach.Feedback{Email: "ann@example.COM", Name: "Ann", Type: "bug", Message: "zwei", CreatedAt: t0}))
		mustNil(t, feedback.CreateFeedback(ctx, &salescoach.Feedback{UserID: &bob.ID, Email: "bob@example.com", Name: "Bob", Type: "bug", Message: "drei", CreatedAt: t0}))

		const n = 8
		var deleted []*salescoach.DeletedAccount
		errs := race(n, func(int) error {
			d, err := p.DeleteAccount(ctx, ann.ID)
			if err == nil {
				deleted = append(deleted, d)
			}
			return err
		})
		ok, gone := 0, 0
		for _, err := range errs {
			switch salescoach.ErrorCode(err) {
			case "":
				ok++
			case salescoach.ENOTFOUND:
				gone++
			default:
				t.Errorf("unexpected error %v", err)
			}
		}
		if ok != 1 || gone != n-1 {
			t.Fatalf("%d deleted, %d not found", ok, gone)
		}
		if deleted[0].AvatarKey != ann.ID+"/"+ann.ID+".png" {
			t.Errorf("avatar key %q", deleted[0].AvatarKey)
		}
		if c := count(t, db, `SELECT COUNT(*) FROM feedback WHERE user_id IS NULL AND email = '' AND name = ''`); c != 2 {
			t.Errorf("%d anonymised feedback rows, want 2", c)
		}
		if c := count(t, db, `SELECT COUNT(*) FROM feedback WHERE user_id = ? AND email = 'bob@example.com'`, bob.ID); c != 1 {
			t.Errorf("bob's feedback changed")
		}
		_, err := sqlstore.NewUserService(db).UserByID(ctx, bob.ID)
		mustNil(t, err)
	})
}
