package training_test

import (
	"context"
	"errors"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/coach/trainer"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
	"salescoach/training"
)

func TestMain(m *testing.M) { sqlstoretest.Main(m) }

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

type fixture struct {
	svc   *training.Service
	users salescoach.UserService
	clock *clock
	user  *salescoach.User
}

func newFixture(t *testing.T, db *sqlstore.DB, formality, language string) *fixture {
	t.Helper()
	ctx := context.Background()
	f := &fixture{users: sqlstore.NewUserService(db), clock: &clock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}}
	f.svc = &training.Service{
		Conversations: sqlstore.NewConversationService(db), Progress: sqlstore.NewProgressService(db),
		Users: f.users, Catalog: sqlstore.NewCatalogService(db), Subscriptions: sqlstore.NewSubscriptionService(db),
		Engine: trainer.New(), Now: f.clock.Now, Log: slog.New(slog.DiscardHandler),
	}
	u, err := f.users.CreateUser(ctx, salescoach.NewUser{Email: uuid.NewString() + "@example.com", EmailConfirmed: true, TermsAccepted: true})
	if err != nil {
		t.Fatal(err)
	}
	u.Formality, u.Language = formality, language
	f.user = u
	return f
}

const product = "CloudKasse – ein Kassensystem für Cafés und Bäckereien, das Abrechnung und Inventur automatisiert."

// send sends msg in conversation id (a new practice chat when id is "").
func (f *fixture) send(t *testing.T, id, mode string, difficulty int, msg string) *training.SendResult {
	t.Helper()
	f.clock.Advance(time.Minute)
	res, err := f.svc.Send(context.Background(), f.user, training.SendRequest{ConversationID: id, Mode: mode,
		Difficulty: difficulty, Message: msg, ProductOverride: product}, nil)
	if err != nil {
		t.Fatalf("send %q: %v", msg, err)
	}
	return res
}

// placeholder is a placeholder of a model answer, for the user's own facts.
var placeholder = regexp.MustCompile(`\[[^\[\]\n]{2,}\]`)

// fillIn replaces a model answer's placeholders with a seller's own
// example.
func fillIn(answer, language string) string {
	own := "ein Café mit acht Leuten spart damit seit März 4 Stunden pro Woche"
	if language == salescoach.LanguageEN {
		own = "a café with eight staff has saved 4 hours a week with it since March"
	}
	return placeholder.ReplaceAllString(answer, own)
}

func TestPracticeIsWonByGoodAnswersOnEveryDifficulty(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		for _, tc := range []struct{ formality, language string }{{"du", "de"}, {"sie", "de"}, {"du", "en"}} {
			for difficulty := 1; difficulty <= 3; difficulty++ {
				f := newFixture(t, db, tc.formality, tc.language)
				ctx := context.Background()
				res := f.send(t, "", salescoach.ModePractice, difficulty, "Hallo, ich möchte Ihnen kurz CloudKasse vorstellen.")
				id := res.ConversationID
				if res.Conversation.Stage != 1 || res.Score != nil || res.Message == "" {
					t.Fatalf("opening: stage %d score %v message %q", res.Conversation.Stage, res.Score, res.Message)
				}
				var last *training.SendResult
				for turn := 0; turn < 3*difficulty+2; turn++ {
					answer, err := f.svc.PerfectMessage(ctx, f.user, id, "")
					if err != nil {
						t.Fatalf("perfect message: %v", err)
					}
					// A user fills in the model answer's placeholders
					// with an example of their own before sending it.
					last = f.send(t, id, "", 0, fillIn(answer, tc.language))
					if last.Conversation.Completed() {
						break
					}
				}
				if !last.Conversation.Completed() {
					t.Fatalf("%s/%s difficulty %d: not won with perfect answers (stage %d/%d, progress %d)", tc.formality, tc.language,
						difficulty, last.Conversation.Stage, last.Conversation.TotalStages, last.Conversation.Progress)
				}
				if !strings.HasPrefix(last.Conversation.Title, salescoach.TitlePrefixWon) {
					t.Errorf("won title %q has no rocket", last.Conversation.Title)
				}
				msgs, err := f.svc.Conversations.Messages(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				if lm := msgs[len(msgs)-1]; lm.Role != salescoach.RoleSystem || !lm.IsCompletion || lm.Content != training.CompletionText {
					t.Errorf("last message = %+v, want the completion notice", lm)
				}
				// Input is closed on a won chat.
				if _, err := f.svc.Send(ctx, f.user, training.SendRequest{ConversationID: id, Message: "Noch etwas?"}, nil); salescoach.ErrorCode(err) != salescoach.ECONFLICT {
					t.Errorf("send after win: %v", err)
				}
				p, err := f.users.ProfileByUserID(ctx, f.user.ID)
				if err != nil {
					t.Fatal(err)
				}
				if p.ObjectionsSolvedCount != difficulty || p.CompletedChatsCount != 1 || p.PerfectAnswersCount == 0 {
					t.Errorf("counters: solved %d completed %d perfect %d", p.ObjectionsSolvedCount, p.CompletedChatsCount, p.PerfectAnswersCount)
				}
				u, err := f.users.UserByID(ctx, f.user.ID)
				if err != nil {
					t.Fatal(err)
				}
				wantMin := salescoach.XPObjectionSolved*difficulty + salescoach.XPPracticeWonPerLv*difficulty
				if u.XP < wantMin || u.Level != salescoach.LevelFor(u.XP).Level {
					t.Errorf("xp %d (want ≥ %d), level %d", u.XP, wantMin, u.Level)
				}
			}
		}
	})
}

func TestBadAnswersDoNotWin(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f := newFixture(t, db, "sie", "de")
		res := f.send(t, "", salescoach.ModePractice, 1, "Guten Tag, ich rufe wegen CloudKasse an.")
		id := res.ConversationID
		bad := []string{"Das ist nicht teuer.", "Doch, das brauchen Sie.", "Sie müssen sofort kaufen, nur heute!", "Falsch.", "ok", "Das stimmt einfach nicht."}
		for i := 0; i < 12; i++ {
			last := f.send(t, id, "", 0, bad[i%len(bad)])
			if last.Conversation.Completed() || last.Score.Solved {
				t.Fatalf("bad answer %q solved the objection: %+v", bad[i%len(bad)], last.Score)
			}
			if last.Score.AnswerScore >= training.GainFloor {
				t.Errorf("bad answer %q scored %d", bad[i%len(bad)], last.Score.AnswerScore)
			}
			var shown int
			for _, tq := range last.Score.Techniques {
				if tq.Reason == "" || tq.Label == "" {
					t.Errorf("technique without label or reason: %+v", tq)
				}
				if tq.Shown {
					shown++
				}
			}
			if len(last.Score.Techniques) < 5 {
				t.Errorf("only %d techniques explained", len(last.Score.Techniques))
			}
		}
		got, err := f.svc.Score(context.Background(), f.user, id)
		if err != nil || got.Stage != 1 || got.Progress != 0 || got.Completed {
			t.Errorf("score after bad answers = %+v, %v", got, err)
		}
	})
}

func TestGain(t *testing.T) {
	for score, want := range map[int]int{0: 0, 34: 0, 35: 21, 60: 36, 89: 53, 90: 100, 100: 100} {
		if got := training.Gain(score); got != want {
			t.Errorf("Gain(%d) = %d, want %d", score, got, want)
		}
	}
}

func TestQuota(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f := newFixture(t, db, "du", "de")
		ctx := context.Background()
		var first string
		for i := 0; i < 5; i++ {
			res := f.send(t, "", salescoach.ModeExam, 0, "Hallo!")
			if first == "" {
				first = res.ConversationID
			}
		}
		// Deleting a chat gives no quota back.
		if err := f.svc.Conversations.SoftDelete(ctx, f.user.ID, first, f.clock.Now()); err != nil {
			t.Fatal(err)
		}
		// Where a plan can be bought, the limit asks for an upgrade.
		f.svc.PlansForSale = func() bool { return true }
		_, err := f.svc.Send(ctx, f.user, training.SendRequest{Mode: salescoach.ModePractice, Difficulty: 1, Message: "Hallo!"}, nil)
		var e *salescoach.Error
		if !errorsAs(err, &e) || e.Code != salescoach.ELIMIT || e.Message() != "Monatslimit erreicht" ||
			e.Details.String() != "Du hast dein monatliches Chat-Limit (5) erreicht. Bitte upgrade dein Abo, um weitere Chats zu starten." {
			t.Fatalf("sixth chat: %v", err)
		}
		// Where none can, it says when the quota renews: the free plan's
		// cycle is the calendar month (2026-11-21 → 1 December).
		f.svc.PlansForSale = func() bool { return false }
		_, err = f.svc.Send(ctx, f.user, training.SendRequest{Mode: salescoach.ModePractice, Difficulty: 1, Message: "Hallo!"}, nil)
		if !errorsAs(err, &e) || e.Code != salescoach.ELIMIT || e.Message() != "Monatslimit erreicht" ||
			e.Details.Key != salescoach.MsgChatLimitRenews.Key ||
			e.Details.String() != "Du hast dein monatliches Chat-Limit (5) erreicht. Ab dem 1. Dezember 2026 kannst du wieder Chats starten." {
			t.Fatalf("sixth chat without plans for sale: %v", err)
		}
		usage, err := f.svc.Usage(ctx, f.user.ID)
		if err != nil || usage.Used != 5 || usage.Quota != 5 || usage.Plan != salescoach.PlanFree {
			t.Errorf("usage = %+v, %v", usage, err)
		}
		// Continuing an existing chat is not a new start.
		list, _ := f.svc.Conversations.Conversations(ctx, f.user.ID)
		f.send(t, list[0].ID, "", 0, "Darf ich fragen, was Sie heute nutzen?")
		// A new month starts a new cycle.
		f.clock.Advance(40 * 24 * time.Hour)
		f.send(t, "", salescoach.ModePractice, 2, "Hallo im neuen Monat!")
	})
}

func TestExamRules(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f := newFixture(t, db, "sie", "de")
		ctx := context.Background()
		res := f.send(t, "", salescoach.ModeExam, 2, "Guten Tag!")
		id := res.ConversationID
		if res.Conversation.TotalStages != salescoach.ExamObjections {
			t.Errorf("exam has %d objections", res.Conversation.TotalStages)
		}
		for name, call := range map[string]func() error{
			"hint":    func() error { _, err := f.svc.Hint(ctx, f.user, id); return err },
			"perfect": func() error { _, err := f.svc.PerfectMessage(ctx, f.user, id, ""); return err },
			"score":   func() error { _, err := f.svc.Score(ctx, f.user, id); return err },
		} {
			if err := call(); salescoach.ErrorMessage(err) != "Nur im Übungsmodus verfügbar" {
				t.Errorf("%s in an exam: %v", name, err)
			}
		}
		f.send(t, id, "", 0, "Ich verstehe Ihre Sorge. Darf ich fragen, womit Sie vergleichen? Kunden sparen mit CloudKasse 5 Stunden pro Woche. Wollen wir nächste Woche eine Demo machen?")
		conv, err := f.svc.Finish(ctx, f.user, id)
		if err != nil || !conv.Completed() {
			t.Fatalf("finish: %v", err)
		}
		if _, err := f.svc.Send(ctx, f.user, training.SendRequest{ConversationID: id, Message: "Noch da?"}, nil); salescoach.ErrorCode(err) != salescoach.ECONFLICT {
			t.Errorf("send after finish: %v", err)
		}
		before, _ := f.users.UserByID(ctx, f.user.ID)
		ev, err := f.svc.Evaluate(ctx, f.user, id, "")
		if err != nil || len(ev.Scores) != 6 {
			t.Fatalf("evaluate: %v %+v", err, ev)
		}
		after, _ := f.users.UserByID(ctx, f.user.ID)
		wantXP := ev.TotalPercent
		if wantXP >= salescoach.XPExamPassPercent {
			wantXP += salescoach.XPExamPassBonus
		}
		if after.XP-before.XP != wantXP {
			t.Errorf("exam XP %d, want %d", after.XP-before.XP, wantXP)
		}
		// A second evaluation is stored again but pays no XP twice.
		if _, err := f.svc.Evaluate(ctx, f.user, id, ""); err != nil {
			t.Fatal(err)
		}
		again, _ := f.users.UserByID(ctx, f.user.ID)
		if again.XP != after.XP {
			t.Errorf("second evaluation paid XP again: %d → %d", after.XP, again.XP)
		}
		stored, err := f.svc.Conversations.Conversation(ctx, f.user.ID, id)
		if err != nil || training.StoredEvaluation(stored) == nil {
			t.Errorf("evaluation not stored: %v", err)
		}
	})
}

func TestOwnershipAndFastAnswers(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		f := newFixture(t, db, "du", "de")
		other := newFixture(t, db, "du", "de")
		other.svc = f.svc
		ctx := context.Background()
		res := f.send(t, "", salescoach.ModePractice, 2, "Hi, ich bin von CloudKasse.")
		id := res.ConversationID
		if _, err := other.svc.Send(ctx, other.user, training.SendRequest{ConversationID: id, Message: "Meins?"}, nil); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			t.Errorf("other user's chat: %v", err)
		}
		if _, err := f.svc.Hint(ctx, other.user, id); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			t.Errorf("other user's hint: %v", err)
		}
		// An answer within 20 s of the customer counts as fast.
		f.clock.Advance(5 * time.Second)
		if _, err := f.svc.Send(ctx, f.user, training.SendRequest{ConversationID: id, Message: "Verstehe ich. Was genau ist dir zu teuer?"}, nil); err != nil {
			t.Fatal(err)
		}
		p, _ := f.users.ProfileByUserID(ctx, f.user.ID)
		if p.FastAnswersCount != 1 || p.MessagesSentCount != 2 {
			t.Errorf("fast %d messages %d", p.FastAnswersCount, p.MessagesSentCount)
		}
		if _, err := f.svc.Hint(ctx, f.user, id); err != nil {
			t.Fatal(err)
		}
		p, _ = f.users.ProfileByUserID(ctx, f.user.ID)
		if p.HintsCount != 1 {
			t.Errorf("hints %d", p.HintsCount)
		}
	})
}

func errorsAs(err error, target **salescoach.Error) bool { return errors.As(err, target) }
