package sqlstore_test

import (
	"fmt"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestTeamMemberTranscripts: a member's page lists the chats the managers
// may read (shared with the team, exams of the team's assignments), newest
// first and at most MaxMemberTranscripts; a private chat, an assignment's
// practice chat, a deleted chat, a revoked share and another team's chats
// are not listed; a member, another team and a user outside the team get
// nothing.
func TestTeamMemberTranscripts(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		chats := sqlstore.NewConversationService(db)
		assignments := sqlstore.NewAssignmentService(db)
		ids := func(list []*salescoach.MemberTranscript) []string {
			out := []string{}
			for _, tr := range list {
				out = append(out, tr.ConversationID)
			}
			return out
		}
		list := func(callerID, userID string) []*salescoach.MemberTranscript {
			t.Helper()
			got, err := f.s.MemberTranscripts(ctx, callerID, userID)
			mustNil(t, err)
			return got
		}

		shared := start(t, chats, practice(f.member.ID, t0.Add(time.Hour)))
		mustNil(t, chats.Rename(ctx, f.member.ID, shared.ID, "Geteilt", t0.Add(time.Hour)))
		_, err := f.s.ShareConversation(ctx, f.member.ID, shared.ID, t0.Add(2*time.Hour))
		mustNil(t, err)
		start(t, chats, practice(f.member.ID, t0.Add(3*time.Hour))) // private
		exam, err := assignments.CreateAssignment(ctx, f.manager.ID, examFor(f.member.ID), t0)
		mustNil(t, err)
		examChat := assignedChat(t, db, f.member.ID, exam.ID, salescoach.ModeExam, true, t0.Add(4*time.Hour))
		examChat.Evaluation = `{"totalPercent":77,"categories":[]}`
		mustNil(t, chats.SaveState(ctx, examChat))
		pr := examFor(f.member.ID)
		pr.Mode = salescoach.ModePractice
		practiceA, err := assignments.CreateAssignment(ctx, f.manager.ID, pr, t0)
		mustNil(t, err)
		assignedChat(t, db, f.member.ID, practiceA.ID, salescoach.ModePractice, true, t0.Add(5*time.Hour)) // private
		gone := start(t, chats, practice(f.member.ID, t0.Add(6*time.Hour)))
		_, err = f.s.ShareConversation(ctx, f.member.ID, gone.ID, t0.Add(6*time.Hour))
		mustNil(t, err)
		mustNil(t, chats.SoftDelete(ctx, f.member.ID, gone.ID, t0.Add(7*time.Hour)))
		// The manager's own shared chat is on the manager's page, not the
		// member's; the outsider's is their team's.
		own := start(t, chats, practice(f.manager.ID, t0.Add(time.Hour)))
		_, err = f.s.ShareConversation(ctx, f.manager.ID, own.ID, t0.Add(time.Hour))
		mustNil(t, err)
		theirs := start(t, chats, practice(f.outsider.ID, t0.Add(time.Hour)))
		_, err = f.s.ShareConversation(ctx, f.outsider.ID, theirs.ID, t0.Add(time.Hour))
		mustNil(t, err)

		for _, who := range []*salescoach.User{f.manager, f.owner} {
			got := list(who.ID, f.member.ID)
			if fmt.Sprint(ids(got)) != fmt.Sprint([]string{examChat.ID, shared.ID}) {
				t.Fatalf("%s sees %v, want the exam and the shared chat", who.Email, ids(got))
			}
			e, s := got[0], got[1]
			if e.Mode != salescoach.ModeExam || e.Score == nil || *e.Score != 77 || e.SharedAt != nil ||
				e.AssignmentID != exam.ID || e.AssignmentTitle != exam.Title || e.CompletedAt == nil {
				t.Errorf("the exam: %+v", e)
			}
			if s.Title != "Geteilt" || s.Mode != salescoach.ModePractice || s.Difficulty != 2 || s.Score != nil ||
				s.SharedAt == nil || s.AssignmentID != "" || s.CompletedAt != nil {
				t.Errorf("the shared chat: %+v", s)
			}
			sameTime(t, "shared at", *s.SharedAt, t0.Add(2*time.Hour))
			sameTime(t, "created at", s.CreatedAt, t0.Add(time.Hour))
		}
		if got := list(f.manager.ID, f.manager.ID); fmt.Sprint(ids(got)) != fmt.Sprint([]string{own.ID}) {
			t.Errorf("the manager's own page: %v", ids(got))
		}

		_, err = f.s.MemberTranscripts(ctx, f.member.ID, f.member.ID)
		wantCode(t, err, salescoach.EFORBIDDEN)
		_, err = f.s.MemberTranscripts(ctx, f.outsider.ID, f.member.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = f.s.MemberTranscripts(ctx, f.manager.ID, f.outsider.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = f.s.MemberTranscripts(ctx, f.manager.ID, "not-an-id")
		wantCode(t, err, salescoach.ENOTFOUND)
		loner := newUser(t, db, "loner@example.com")
		_, err = f.s.MemberTranscripts(ctx, loner.ID, f.member.ID)
		wantCode(t, err, salescoach.ENOTFOUND)

		// Revoking takes the chat off the list; the exam stays.
		mustNil(t, f.s.UnshareConversation(ctx, f.member.ID, shared.ID))
		if got := list(f.owner.ID, f.member.ID); fmt.Sprint(ids(got)) != fmt.Sprint([]string{examChat.ID}) {
			t.Errorf("after revoking: %v", ids(got))
		}

		// Bounded: the newest MaxMemberTranscripts.
		var newest string
		for i := range salescoach.MaxMemberTranscripts + 3 {
			c := start(t, chats, practice(f.member.ID, t0.Add(time.Duration(10+i)*time.Hour)))
			_, err := f.s.ShareConversation(ctx, f.member.ID, c.ID, t0.Add(30*time.Hour))
			mustNil(t, err)
			newest = c.ID
		}
		got := list(f.owner.ID, f.member.ID)
		if len(got) != salescoach.MaxMemberTranscripts || got[0].ConversationID != newest {
			t.Errorf("%d listed, first %s; want %d, first %s", len(got), got[0].ConversationID, salescoach.MaxMemberTranscripts, newest)
		}

		// Gone from the team: not listed.
		mustNil(t, f.s.Leave(ctx, f.member.ID))
		_, err = f.s.MemberTranscripts(ctx, f.owner.ID, f.member.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}
