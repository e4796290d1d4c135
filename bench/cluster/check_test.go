package cluster

import (
	"context"
	"fmt"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestMain(m *testing.M) { sqlstoretest.Main(m) }

// TestCheckStored checks the benchmark's own judge on real databases: it
// must see an acknowledged message that is not stored, chats that do not
// alternate, and a user text stored twice in a row; a chat that is fine must
// pass.
func TestCheckStored(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		u, err := sqlstore.NewUserService(db).CreateUser(ctx, salescoach.NewUser{Email: "judge@example.com", TermsAccepted: true})
		if err != nil {
			t.Fatal(err)
		}
		convs := sqlstore.NewConversationService(db)
		chat := func(roles ...string) (string, []string) {
			t.Helper()
			c := &salescoach.Conversation{UserID: u.ID, Mode: salescoach.ModePractice, Difficulty: 1, TotalStages: 1}
			if err := convs.StartConversation(ctx, c, 100, time.Time{}); err != nil {
				t.Fatal(err)
			}
			var ids []string
			last := ""
			for i, r := range roles {
				text := "Kunde"
				switch r {
				case salescoach.RoleUser:
					text = fmt.Sprintf("Antwort %d", i)
					last = text
				case "repeat":
					r, text = salescoach.RoleUser, last
				}
				m := &salescoach.Message{ConversationID: c.ID, Role: r, Content: text}
				if err := convs.AddMessage(ctx, m); err != nil {
					t.Fatal(err)
				}
				ids = append(ids, m.ID)
			}
			return c.ID, ids
		}
		u1, a1 := salescoach.RoleUser, salescoach.RoleAssistant
		good, g := chat(u1, a1, u1, a1, salescoach.RoleSystem)
		mixed, m := chat(u1, a1, u1, u1, a1, a1)
		resent, r := chat(u1, a1, "repeat", a1)
		acks := []ack{
			{u.ID, good, g[0], g[1]}, {u.ID, good, g[2], g[3]},
			{u.ID, mixed, m[0], m[1]}, {u.ID, mixed, m[2], m[4]}, {u.ID, mixed, m[3], m[5]},
			{u.ID, resent, r[2], r[3]},
			{u.ID, good, g[2], "00000000-0000-4000-8000-000000000000"},
		}
		got, err := checkStored(ctx, db, acks)
		if err != nil {
			t.Fatal(err)
		}
		want := lostResult{conversations: 3, messages: 15, missing: 1, notAlternating: 1, repeated: 1}
		if got != want {
			t.Errorf("checkStored = %+v, want %+v", got, want)
		}
	})
}
