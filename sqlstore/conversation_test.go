package sqlstore_test

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// practice returns a new practice chat of the user created at the time.
func practice(userID string, at time.Time) *salescoach.Conversation {
	return &salescoach.Conversation{
		UserID: userID, Title: "Neuer Chat", Mode: salescoach.ModePractice, Difficulty: 2,
		TotalStages: 2, Objections: []string{"price", "timing"}, CreatedAt: at,
	}
}

// start starts c with a quota that never gets in the way.
func start(t *testing.T, s *sqlstore.ConversationService, c *salescoach.Conversation) *salescoach.Conversation {
	t.Helper()
	mustNil(t, s.StartConversation(t.Context(), c, 1000, time.Time{}))
	return c
}

// badIDs are ids that are not canonical UUIDs, for the ENOTFOUND checks.
var badIDs = []string{"", "42", "not-a-uuid", "0193e6a4-7c9e-7000-8000-00000000000", "{0193e6a4-7c9e-7000-8000-000000000001}"}

func TestStartConversationRoundTrip(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		completed := t0.Add(time.Hour)
		c := &salescoach.Conversation{
			UserID: u.ID, Title: "Preis", Mode: salescoach.ModePractice, Difficulty: 3,
			ProductOverride: "Ein CRM", PDFName: "flyer.pdf", PDFText: "Seite 1",
			Stage: 1, TotalStages: 3, Progress: 40, Objections: []string{"price", "need", "trust"},
			LastScore:       &salescoach.ScoreResult{TotalPercent: 40, AnswerScore: 70, Stage: 1, TotalStages: 3, Progress: 40},
			ScoredMessageID: uuid.NewString(), XPMessages: 1, Evaluation: `{"a":1}`,
			CreatedAt: t0.Add(123456789 * time.Nanosecond), CompletedAt: &completed,
		}
		mustNil(t, s.StartConversation(ctx, c, 5, t0.Add(-time.Hour)))
		if _, err := uuid.Parse(c.ID); err != nil {
			t.Fatalf("ID = %q, want a UUID", c.ID)
		}
		sameTime(t, "CreatedAt", c.CreatedAt, t0.Add(123456*time.Microsecond))
		sameTime(t, "UpdatedAt", c.UpdatedAt, c.CreatedAt)
		got, err := s.Conversation(ctx, u.ID, c.ID)
		mustNil(t, err)
		if !reflect.DeepEqual(got, c) {
			t.Errorf("Conversation =\n%+v\nwant\n%+v", got, c)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM chat_starts WHERE user_id = ? AND conversation_id = ? AND created_at = ?`,
			u.ID, c.ID, c.CreatedAt); n != 1 {
			t.Errorf("%d chat_starts rows for the chat, want 1", n)
		}

		// An exam without difficulty, objections or score: zero values
		// round-trip as zero values (NULL and empty text in the table).
		exam := &salescoach.Conversation{UserID: u.ID, Mode: salescoach.ModeExam, TotalStages: salescoach.ExamObjections}
		mustNil(t, s.StartConversation(ctx, exam, 5, t0.Add(-time.Hour)))
		if exam.CreatedAt.IsZero() || exam.CreatedAt.Location() != time.UTC {
			t.Errorf("CreatedAt = %v, want now in UTC", exam.CreatedAt)
		}
		got, err = s.Conversation(ctx, u.ID, exam.ID)
		mustNil(t, err)
		if !reflect.DeepEqual(got, exam) {
			t.Errorf("Conversation =\n%+v\nwant\n%+v", got, exam)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM conversations WHERE id = ? AND difficulty IS NULL AND last_score IS NULL
			AND scored_message_id IS NULL AND evaluation IS NULL AND pdf_text IS NULL AND objections = ''`, exam.ID); n != 1 {
			t.Errorf("empty fields not stored as NULL / ''")
		}
	})
}

func TestStartConversationErrors(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")

		wantCode(t, s.StartConversation(ctx, practice(uuid.NewString(), t0), 5, t0), salescoach.ENOTFOUND)
		for _, id := range badIDs {
			wantCode(t, s.StartConversation(ctx, practice(id, t0), 5, t0), salescoach.ENOTFOUND)
		}
		c := practice(u.ID, t0)
		c.ID = "123"
		wantCode(t, s.StartConversation(ctx, c, 5, t0), salescoach.EINVALID)
		c = practice(u.ID, t0)
		c.Mode = "chat"
		wantCode(t, s.StartConversation(ctx, c, 5, t0), salescoach.EINVALID)
		c = practice(u.ID, t0)
		c.Difficulty = 4
		wantCode(t, s.StartConversation(ctx, c, 5, t0), salescoach.EINVALID)
		c = practice(u.ID, t0)
		c.Progress = 101
		wantCode(t, s.StartConversation(ctx, c, 5, t0), salescoach.EINVALID)
		// A quota of 0 allows nothing.
		wantCode(t, s.StartConversation(ctx, practice(u.ID, t0), 0, t0), salescoach.ELIMIT)
		// A failed start leaves nothing behind, chat_starts included.
		if n := count(t, db, `SELECT COUNT(*) FROM conversations`) + count(t, db, `SELECT COUNT(*) FROM chat_starts`); n != 0 {
			t.Errorf("%d rows left by failed starts", n)
		}

		// An id the caller chose is kept; using it twice is a conflict.
		c = practice(u.ID, t0)
		c.ID = uuid.NewString()
		id := c.ID
		mustNil(t, s.StartConversation(ctx, c, 5, t0))
		if c.ID != id {
			t.Errorf("ID = %q, want %q", c.ID, id)
		}
		c = practice(u.ID, t0)
		c.ID = id
		wantCode(t, s.StartConversation(ctx, c, 5, t0), salescoach.ECONFLICT)
		if n := count(t, db, `SELECT COUNT(*) FROM chat_starts`); n != 1 {
			t.Errorf("%d chat_starts, want 1", n)
		}
	})
}

func TestStartConversationQuota(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		other := newUser(t, db, "b@example.com")
		cycle := t0.Add(-24 * time.Hour)

		// Two starts before the cycle, which do not count.
		for i := range 2 {
			mustNil(t, s.StartConversation(ctx, practice(u.ID, cycle.Add(-time.Duration(i+1)*time.Microsecond)), 5, cycle.AddDate(0, -1, 0)))
		}
		// Four in the cycle, the first one exactly at its start; one of
		// them deleted, which still counts.
		var inCycle []*salescoach.Conversation
		for i := range 4 {
			c := practice(u.ID, cycle.Add(time.Duration(i)*time.Hour))
			mustNil(t, s.StartConversation(ctx, c, 5, cycle))
			inCycle = append(inCycle, c)
		}
		mustNil(t, s.SoftDelete(ctx, u.ID, inCycle[1].ID, t0))
		// Another user's starts do not count either.
		for range 5 {
			mustNil(t, s.StartConversation(ctx, practice(other.ID, t0), 5, cycle))
		}
		n, err := s.CountChatStarts(ctx, u.ID, cycle)
		mustNil(t, err)
		if n != 4 {
			t.Fatalf("CountChatStarts = %d, want 4", n)
		}

		const racers = 20
		warm(t, db, racers)
		errs := race(racers, func(i int) error {
			return s.StartConversation(ctx, practice(u.ID, t0.Add(time.Duration(i)*time.Microsecond)), 5, cycle)
		})
		ok, limited := 0, 0
		for _, err := range errs {
			switch salescoach.ErrorCode(err) {
			case "":
				ok++
			case salescoach.ELIMIT:
				limited++
			default:
				t.Errorf("StartConversation: %v", err)
			}
		}
		if ok != 1 || limited != racers-1 {
			t.Errorf("%d starts succeeded and %d hit the limit, want 1 and %d", ok, limited, racers-1)
		}
		n, err = s.CountChatStarts(ctx, u.ID, cycle)
		mustNil(t, err)
		if n != 5 {
			t.Errorf("CountChatStarts = %d, want 5", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM chat_starts WHERE user_id = ?`, u.ID); n != 7 {
			t.Errorf("%d chat_starts of the user, want 7", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM conversations WHERE user_id = ?`, u.ID); n != 7 {
			t.Errorf("%d conversations of the user, want 7", n)
		}

		// The quota is used up now; the error says so in the user's words.
		e := wantCode(t, s.StartConversation(ctx, practice(u.ID, t0), 5, cycle), salescoach.ELIMIT)
		if e.Msg.Key != salescoach.MsgChatLimit.Key || e.Details.Key != salescoach.MsgChatLimitDetails.Key || e.Details.Params["quota"] == nil {
			t.Errorf("limit error = %+v / %+v", e.Msg, e.Details)
		}
		// A new cycle starts afresh.
		mustNil(t, s.StartConversation(ctx, practice(u.ID, t0.Add(time.Hour)), 5, t0.Add(time.Minute)))
		// Counting an id that is not a UUID finds nothing.
		for _, id := range badIDs {
			if n, err := s.CountChatStarts(ctx, id, cycle); err != nil || n != 0 {
				t.Errorf("CountChatStarts(%q) = %d, %v", id, n, err)
			}
		}
	})
}

func TestConversationOwnershipAndDeletion(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		other := newUser(t, db, "b@example.com")
		c1 := start(t, s, practice(u.ID, t0))
		c2 := start(t, s, practice(u.ID, t0.Add(time.Minute)))
		c3 := start(t, s, practice(u.ID, t0.Add(2*time.Minute)))
		theirs := start(t, s, practice(other.ID, t0))

		// Newest first, without PDF text, only the user's.
		list, err := s.Conversations(ctx, u.ID)
		mustNil(t, err)
		if ids := convIDs(list); !slices.Equal(ids, []string{c3.ID, c2.ID, c1.ID}) {
			t.Errorf("Conversations = %v, want %v", ids, []string{c3.ID, c2.ID, c1.ID})
		}

		// Another user's chat, an unknown id and ids that are not UUIDs are
		// all not found.
		unknown := uuid.NewString()
		for _, id := range []string{theirs.ID, unknown} {
			_, err := s.Conversation(ctx, u.ID, id)
			wantCode(t, err, salescoach.ENOTFOUND)
			wantCode(t, s.Rename(ctx, u.ID, id, "x", t0), salescoach.ENOTFOUND)
			wantCode(t, s.SoftDelete(ctx, u.ID, id, t0), salescoach.ENOTFOUND)
		}
		for _, id := range badIDs {
			_, err := s.Conversation(ctx, u.ID, id)
			wantCode(t, err, salescoach.ENOTFOUND)
			_, err = s.Conversation(ctx, id, c1.ID)
			wantCode(t, err, salescoach.ENOTFOUND)
			_, err = s.ConversationByID(ctx, id)
			wantCode(t, err, salescoach.ENOTFOUND)
			wantCode(t, s.Rename(ctx, u.ID, id, "x", t0), salescoach.ENOTFOUND)
			wantCode(t, s.Rename(ctx, id, c1.ID, "x", t0), salescoach.ENOTFOUND)
			wantCode(t, s.SoftDelete(ctx, u.ID, id, t0), salescoach.ENOTFOUND)
			wantCode(t, s.SoftDelete(ctx, id, c1.ID, t0), salescoach.ENOTFOUND)
			list, err := s.Conversations(ctx, id)
			if err != nil || len(list) != 0 {
				t.Errorf("Conversations(%q) = %d, %v", id, len(list), err)
			}
			if n, err := s.DeleteHistory(ctx, id, t0); err != nil || n != 0 {
				t.Errorf("DeleteHistory(%q) = %d, %v", id, n, err)
			}
		}
		_, err = s.ConversationByID(ctx, unknown)
		wantCode(t, err, salescoach.ENOTFOUND)
		if got, _ := s.Conversation(ctx, other.ID, theirs.ID); got == nil || got.Title != "Neuer Chat" {
			t.Errorf("another user's calls changed their chat: %+v", got)
		}

		// Rename.
		mustNil(t, s.Rename(ctx, u.ID, c1.ID, "Einwand Preis", t0.Add(time.Hour)))
		got, err := s.Conversation(ctx, u.ID, c1.ID)
		mustNil(t, err)
		if got.Title != "Einwand Preis" || got.PDFText != "" {
			t.Errorf("after rename: title %q, PDFText %q", got.Title, got.PDFText)
		}
		sameTime(t, "UpdatedAt after rename", got.UpdatedAt, t0.Add(time.Hour))

		// SoftDelete hides the chat from its user, not from admins.
		mustNil(t, s.SoftDelete(ctx, u.ID, c2.ID, t0.Add(2*time.Hour)))
		wantCode(t, s.SoftDelete(ctx, u.ID, c2.ID, t0.Add(3*time.Hour)), salescoach.ENOTFOUND)
		_, err = s.Conversation(ctx, u.ID, c2.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
		wantCode(t, s.Rename(ctx, u.ID, c2.ID, "x", t0), salescoach.ENOTFOUND)
		list, err = s.Conversations(ctx, u.ID)
		mustNil(t, err)
		if ids := convIDs(list); !slices.Equal(ids, []string{c3.ID, c1.ID}) {
			t.Errorf("Conversations after delete = %v", ids)
		}
		got, err = s.ConversationByID(ctx, c2.ID)
		mustNil(t, err)
		if got.DeletedAt == nil {
			t.Fatal("ConversationByID: DeletedAt = nil")
		}
		sameTime(t, "DeletedAt", *got.DeletedAt, t0.Add(2*time.Hour))
		got, err = s.ConversationByID(ctx, c1.ID)
		mustNil(t, err)
		if got.UserID != u.ID || got.DeletedAt != nil {
			t.Errorf("ConversationByID(c1) = %+v", got)
		}

		// DeleteHistory hides the rest, and only the user's.
		n, err := s.DeleteHistory(ctx, u.ID, t0.Add(4*time.Hour))
		mustNil(t, err)
		if n != 2 {
			t.Errorf("DeleteHistory = %d, want 2", n)
		}
		if n, err := s.DeleteHistory(ctx, u.ID, t0.Add(5*time.Hour)); err != nil || n != 0 {
			t.Errorf("second DeleteHistory = %d, %v, want 0", n, err)
		}
		list, err = s.Conversations(ctx, u.ID)
		mustNil(t, err)
		if len(list) != 0 {
			t.Errorf("%d conversations after DeleteHistory", len(list))
		}
		// The first deletion's time is kept.
		got, _ = s.ConversationByID(ctx, c2.ID)
		sameTime(t, "DeletedAt after DeleteHistory", *got.DeletedAt, t0.Add(2*time.Hour))
		if _, err := s.Conversation(ctx, other.ID, theirs.ID); err != nil {
			t.Errorf("DeleteHistory touched another user's chat: %v", err)
		}
	})
}

func TestConversationPDFText(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		u := newUser(t, db, "a@example.com")
		c := practice(u.ID, t0)
		c.PDFName, c.PDFText = "a.pdf", "Seite 1"
		start(t, s, c)
		for _, get := range []func() (*salescoach.Conversation, error){
			func() (*salescoach.Conversation, error) { return s.Conversation(t.Context(), u.ID, c.ID) },
			func() (*salescoach.Conversation, error) { return s.ConversationByID(t.Context(), c.ID) },
		} {
			got, err := get()
			mustNil(t, err)
			if got.PDFText != "Seite 1" || got.PDFName != "a.pdf" {
				t.Errorf("PDF = %q %q", got.PDFName, got.PDFText)
			}
		}
		// The list leaves the text out but keeps the name.
		list, err := s.Conversations(t.Context(), u.ID)
		mustNil(t, err)
		if len(list) != 1 || list[0].PDFText != "" || list[0].PDFName != "a.pdf" {
			t.Errorf("Conversations = %+v", list)
		}
	})
}

func convIDs(list []*salescoach.Conversation) []string {
	var ids []string
	for _, c := range list {
		ids = append(ids, c.ID)
	}
	return ids
}

func TestSaveState(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		other := newUser(t, db, "b@example.com")
		c := start(t, s, practice(u.ID, t0))

		completed := t0.Add(90 * time.Minute)
		c.Stage, c.Progress, c.Title = 2, 100, salescoach.TitlePrefixWon+"Neuer Chat"
		c.Objections = []string{"price", "tïming \"quoted\""}
		c.LastScore = &salescoach.ScoreResult{
			TotalPercent: 100, AnswerScore: 85, Stage: 2, TotalStages: 2, Progress: 100, Solved: true, Completed: true,
			Techniques: []salescoach.Technique{
				{Key: "acknowledge", Label: "Einwand anerkennen", Shown: true, Reason: "Du nimmst den Einwand ernst."},
				{Key: "question", Label: "Rückfrage", Shown: false, Reason: "Keine Frage gestellt."},
			},
		}
		c.ScoredMessageID = uuid.NewString()
		c.XPMessages = 20
		c.Evaluation = `{"overall":81}`
		c.CompletedAt = &completed
		before := c.UpdatedAt
		mustNil(t, s.SaveState(ctx, c))
		if !c.UpdatedAt.After(before) || c.UpdatedAt.Location() != time.UTC {
			t.Errorf("UpdatedAt = %v, want now in UTC", c.UpdatedAt)
		}
		got, err := s.Conversation(ctx, u.ID, c.ID)
		mustNil(t, err)
		if !reflect.DeepEqual(got, c) {
			t.Errorf("after SaveState\n%+v\nwant\n%+v", got, c)
		}

		// Clearing goes back to NULL / empty.
		c.Objections, c.LastScore, c.ScoredMessageID, c.Evaluation, c.CompletedAt = nil, nil, "", "", nil
		mustNil(t, s.SaveState(ctx, c))
		got, err = s.Conversation(ctx, u.ID, c.ID)
		mustNil(t, err)
		if !reflect.DeepEqual(got, c) {
			t.Errorf("after clearing\n%+v\nwant\n%+v", got, c)
		}

		// Constraint violations are EINVALID.
		bad := *c
		bad.Progress = -1
		wantCode(t, s.SaveState(ctx, &bad), salescoach.EINVALID)
		bad = *c
		bad.XPMessages = -1
		wantCode(t, s.SaveState(ctx, &bad), salescoach.EINVALID)

		// Gone, someone else's, deleted, or not a UUID: ENOTFOUND.
		gone := *c
		gone.ID = uuid.NewString()
		wantCode(t, s.SaveState(ctx, &gone), salescoach.ENOTFOUND)
		theirs := *c
		theirs.UserID = other.ID
		wantCode(t, s.SaveState(ctx, &theirs), salescoach.ENOTFOUND)
		for _, id := range badIDs {
			bad := *c
			bad.ID = id
			wantCode(t, s.SaveState(ctx, &bad), salescoach.ENOTFOUND)
		}
		mustNil(t, s.SoftDelete(ctx, u.ID, c.ID, t0))
		wantCode(t, s.SaveState(ctx, c), salescoach.ENOTFOUND)
	})
}

func TestMessages(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		c := start(t, s, practice(u.ID, t0))
		c2 := start(t, s, practice(u.ID, t0))

		// Three messages stamped with one instant keep the order they were
		// added in, whatever their ids; one stamped earlier but added later
		// still comes first; one without time gets now, which is later.
		ids := []string{"ffffffff-0000-4000-8000-000000000000", "00000000-0000-4000-8000-000000000000", "88888888-0000-4000-8000-000000000000"}
		var want []*salescoach.Message
		for i, id := range ids {
			m := &salescoach.Message{ID: id, ConversationID: c.ID, Role: salescoach.RoleUser, Content: "m" + id[:1], CreatedAt: t0.Add(time.Second)}
			if i == 1 {
				m.Role, m.PDFName = salescoach.RoleAssistant, "a.pdf"
			}
			mustNil(t, s.AddMessage(ctx, m))
			want = append(want, m)
		}
		early := &salescoach.Message{ConversationID: c.ID, Role: salescoach.RoleSeller, Content: "first", CreatedAt: t0}
		mustNil(t, s.AddMessage(ctx, early))
		if _, err := uuid.Parse(early.ID); err != nil {
			t.Errorf("ID = %q, want a UUID", early.ID)
		}
		last := &salescoach.Message{ConversationID: c.ID, Role: salescoach.RoleSystem, Content: "Geschafft", IsCompletion: true}
		mustNil(t, s.AddMessage(ctx, last))
		if last.CreatedAt.IsZero() || last.CreatedAt.Location() != time.UTC {
			t.Errorf("CreatedAt = %v, want now in UTC", last.CreatedAt)
		}
		want = append([]*salescoach.Message{early}, append(want, last)...)
		mustNil(t, s.AddMessage(ctx, &salescoach.Message{ConversationID: c2.ID, Role: salescoach.RoleUser, Content: "other chat"}))

		got, err := s.Messages(ctx, c.ID)
		mustNil(t, err)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("Messages =\n%v\nwant\n%v", msgContents(got), msgContents(want))
			for i := range min(len(got), len(want)) {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Errorf("message %d = %+v, want %+v", i, got[i], want[i])
				}
			}
		}

		// Errors of AddMessage.
		wantCode(t, s.AddMessage(ctx, &salescoach.Message{ConversationID: uuid.NewString(), Role: salescoach.RoleUser}), salescoach.ENOTFOUND)
		for _, id := range badIDs {
			wantCode(t, s.AddMessage(ctx, &salescoach.Message{ConversationID: id, Role: salescoach.RoleUser}), salescoach.ENOTFOUND)
		}
		wantCode(t, s.AddMessage(ctx, &salescoach.Message{ConversationID: c.ID, Role: "robot"}), salescoach.EINVALID)
		wantCode(t, s.AddMessage(ctx, &salescoach.Message{ID: "7", ConversationID: c.ID, Role: salescoach.RoleUser}), salescoach.EINVALID)
		wantCode(t, s.AddMessage(ctx, &salescoach.Message{ID: early.ID, ConversationID: c.ID, Role: salescoach.RoleUser}), salescoach.ECONFLICT)

		// DeleteMessage removes one message of that conversation only.
		wantCode(t, s.DeleteMessage(ctx, c2.ID, early.ID), salescoach.ENOTFOUND)
		mustNil(t, s.DeleteMessage(ctx, c.ID, early.ID))
		wantCode(t, s.DeleteMessage(ctx, c.ID, early.ID), salescoach.ENOTFOUND)
		for _, id := range badIDs {
			wantCode(t, s.DeleteMessage(ctx, c.ID, id), salescoach.ENOTFOUND)
			wantCode(t, s.DeleteMessage(ctx, id, early.ID), salescoach.ENOTFOUND)
			if got, err := s.Messages(ctx, id); err != nil || len(got) != 0 {
				t.Errorf("Messages(%q) = %d, %v", id, len(got), err)
			}
		}
		got, err = s.Messages(ctx, c.ID)
		mustNil(t, err)
		if !reflect.DeepEqual(got, want[1:]) {
			t.Errorf("after delete: %v", msgContents(got))
		}
		// After a deletion, new messages still go last.
		next := &salescoach.Message{ConversationID: c.ID, Role: salescoach.RoleUser, Content: "again", CreatedAt: last.CreatedAt}
		mustNil(t, s.AddMessage(ctx, next))
		got, err = s.Messages(ctx, c.ID)
		mustNil(t, err)
		if len(got) != 5 || got[4].ID != next.ID {
			t.Errorf("after re-add: %v", msgContents(got))
		}
		if got, err := s.Messages(ctx, uuid.NewString()); err != nil || len(got) != 0 {
			t.Errorf("Messages(unknown) = %d, %v", len(got), err)
		}
	})
}

func msgContents(ms []*salescoach.Message) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Content)
	}
	return out
}

// TestAddMessageConcurrent adds messages with one timestamp to one chat at
// once: each gets its own place in the order, none is lost.
func TestAddMessageConcurrent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		u := newUser(t, db, "a@example.com")
		c := start(t, s, practice(u.ID, t0))
		const n = 20
		warm(t, db, n)
		for _, err := range race(n, func(i int) error {
			return s.AddMessage(t.Context(), &salescoach.Message{ConversationID: c.ID, Role: salescoach.RoleUser, Content: "x", CreatedAt: t0})
		}) {
			mustNil(t, err)
		}
		if got := count(t, db, `SELECT COUNT(DISTINCT seq) FROM messages WHERE conversation_id = ? AND seq BETWEEN 1 AND ?`, c.ID, n); got != n {
			t.Errorf("%d distinct positions, want %d", got, n)
		}
		ms, err := s.Messages(t.Context(), c.ID)
		mustNil(t, err)
		if len(ms) != n {
			t.Errorf("%d messages, want %d", len(ms), n)
		}
	})
}

func TestRecordTokenUsage(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewConversationService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		c := start(t, s, practice(u.ID, t0))

		mustNil(t, s.RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: u.ID, ConversationID: c.ID, Model: "m", Purpose: "chat", TokensIn: 10, TokensOut: 20, CreatedAt: t0}))
		mustNil(t, s.RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: u.ID, ConversationID: c.ID, Model: "m", Purpose: "chat", TokensIn: 10, TokensOut: 20, CreatedAt: t0}))
		summary := &salescoach.TokenUsage{UserID: u.ID, Model: "m", Purpose: "summary", TokensIn: 5}
		mustNil(t, s.RecordTokenUsage(ctx, summary))
		if summary.CreatedAt.IsZero() {
			t.Error("CreatedAt not set")
		}
		if n := count(t, db, `SELECT COUNT(*) FROM token_usage WHERE user_id = ? AND conversation_id = ? AND tokens_in = 10 AND tokens_out = 20 AND created_at = ?`, u.ID, c.ID, t0); n != 2 {
			t.Errorf("%d chat usage rows, want 2 (appended, not merged)", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM token_usage WHERE conversation_id IS NULL AND purpose = 'summary'`); n != 1 {
			t.Errorf("%d summary rows, want 1", n)
		}

		wantCode(t, s.RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: uuid.NewString()}), salescoach.ENOTFOUND)
		wantCode(t, s.RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: u.ID, ConversationID: uuid.NewString()}), salescoach.ENOTFOUND)
		wantCode(t, s.RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: "x"}), salescoach.ENOTFOUND)
		wantCode(t, s.RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: u.ID, ConversationID: "x"}), salescoach.ENOTFOUND)
		wantCode(t, s.RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: u.ID, TokensIn: -1}), salescoach.EINVALID)
	})
}

func TestSaveTurnIsAtomic(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		s := sqlstore.NewConversationService(db)
		u := newUser(t, db, "turn@example.com")
		now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
		c := start(t, s, practice(u.ID, now))

		c.Stage, c.Progress, c.XPMessages = 1, 40, 1
		reply := &salescoach.Message{ConversationID: c.ID, Role: salescoach.RoleAssistant, Content: "Zu teuer.", CreatedAt: now}
		notice := &salescoach.Message{ConversationID: c.ID, Role: salescoach.RoleSystem, Content: "Fertig", IsCompletion: true, CreatedAt: now}
		mustNil(t, s.SaveTurn(ctx, c, salescoach.TurnEnd{Messages: []*salescoach.Message{reply, notice}, Progress: salescoach.ProgressDelta{XP: 27, MessagesSent: 1, ObjectionsSolved: 1}}))
		msgs, err := s.Messages(ctx, c.ID)
		mustNil(t, err)
		if got := msgContents(msgs); len(got) != 2 || got[0] != "Zu teuer." || got[1] != "Fertig" {
			t.Errorf("messages = %v", got)
		}
		got, err := s.Conversation(ctx, u.ID, c.ID)
		mustNil(t, err)
		if got.Stage != 1 || got.Progress != 40 || got.XPMessages != 1 {
			t.Errorf("state = %+v", got)
		}
		if n := count(t, db, "SELECT xp FROM users WHERE id = ?", u.ID); n != 27 {
			t.Errorf("xp = %d", n)
		}

		// A statement that fails late (a usage row that breaks its CHECK,
		// sent on PostgreSQL in the same batch as the state, the message
		// and the XP) undoes the whole turn.
		c.Stage = 2
		lost := &salescoach.Message{ConversationID: c.ID, Role: salescoach.RoleAssistant, Content: "Nie gespeichert", CreatedAt: now}
		wantCode(t, s.SaveTurn(ctx, c, salescoach.TurnEnd{Messages: []*salescoach.Message{lost}, Progress: salescoach.ProgressDelta{XP: 5},
			Usage: []*salescoach.TokenUsage{{UserID: u.ID, ConversationID: c.ID, TokensIn: -1, CreatedAt: now}}}), salescoach.EINVALID)
		if n := count(t, db, "SELECT COUNT(*) FROM messages WHERE conversation_id = ?", c.ID); n != 2 {
			t.Errorf("%d messages after a failed turn", n)
		}
		if n := count(t, db, "SELECT xp FROM users WHERE id = ?", u.ID) + count(t, db, "SELECT stage FROM conversations WHERE id = ?", c.ID); n != 27+1 {
			t.Errorf("xp + stage = %d after a failed turn, want 28", n)
		}

		// A turn of a conversation deleted meanwhile stores nothing: no
		// message, and no XP either.
		mustNil(t, s.SoftDelete(ctx, u.ID, c.ID, now))
		late := &salescoach.Message{ConversationID: c.ID, Role: salescoach.RoleAssistant, Content: "Spät", CreatedAt: now}
		wantCode(t, s.SaveTurn(ctx, c, salescoach.TurnEnd{Messages: []*salescoach.Message{late}, Progress: salescoach.ProgressDelta{XP: 50}}), salescoach.ENOTFOUND)
		if n := count(t, db, "SELECT COUNT(*) FROM messages WHERE conversation_id = ?", c.ID); n != 2 {
			t.Errorf("%d messages after a refused turn", n)
		}
		if n := count(t, db, "SELECT xp FROM users WHERE id = ?", u.ID); n != 27 {
			t.Errorf("xp = %d after a refused turn", n)
		}
		wantCode(t, s.SaveTurn(ctx, c, salescoach.TurnEnd{Progress: salescoach.ProgressDelta{XP: -1}}), salescoach.EINVALID)
	})
}
