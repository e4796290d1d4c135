package sqlstore_test

import (
	"strings"
	"testing"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestTonePresets(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		presets, err := sqlstore.NewCatalogService(db).TonePresets(t.Context())
		mustNil(t, err)
		var names, english []string
		for i, p := range presets {
			names = append(names, p.Name)
			english = append(english, p.NameEN)
			if p.ID == "" || p.Description == "" || p.SortOrder != i+1 {
				t.Errorf("preset %d = %+v", i, p)
			}
		}
		want := "Freundlich,Skeptisch,Ungeduldig,Analytisch,Dominant,Zurückhaltend"
		if got := strings.Join(names, ","); got != want {
			t.Errorf("presets = %s, want %s", got, want)
		}
		wantEN := "Friendly,Sceptical,Impatient,Analytical,Dominant,Reserved"
		if got := strings.Join(english, ","); got != wantEN {
			t.Errorf("English names = %s, want %s", got, wantEN)
		}
	})
}

func TestChallenges(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		list, err := sqlstore.NewCatalogService(db).Challenges(t.Context())
		mustNil(t, err)
		want := []struct {
			key, title, titleEN string
			target              int
		}{
			{"objections_solved", "Einwände gelöst", "Objections solved", 0},
			{"messages_sent", "Nachrichten gesendet", "Messages sent", 0},
			{"fast_answers", "Schnelle Antworten", "Quick answers", 10},
			{"feedback", "Feedbackgeber", "Feedback giver", 5},
			{"calls", "Telefonieren", "Phone calls", 5},
			{"hints", "Hints genutzt", "Hints used", 5},
			{"perfect_answers", "Perfekte Antworten", "Perfect answers", 8},
			{"completed_chats", "Abgeschlossene Chats", "Completed chats", 3},
			{"daily_streak", "Tägliche Nutzung", "Daily use", 7},
		}
		if len(list) != len(want) {
			t.Fatalf("%d challenges, want %d", len(list), len(want))
		}
		for i, w := range want {
			c := list[i]
			icon, title, ok := strings.Cut(c.Name, " – ")
			if c.Key != w.key || title != w.title || c.TitleEN != w.titleEN || c.DescriptionEN == "" || c.Target != w.target || !ok || icon != c.Icon || c.Icon == "" || c.Description == "" || c.SortOrder != i+1 {
				t.Errorf("challenge %d = %+v, want key %s, title %q, target %d, name \"<icon> – <title>\"", i, c, w.key, w.title, w.target)
			}
		}
	})
}
