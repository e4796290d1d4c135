package salescoach_test

import (
	"strings"
	"testing"

	"salescoach"
)

func TestChallengeCardFor(t *testing.T) {
	staged := &salescoach.Challenge{Key: "objections_solved", Name: "shield-check – Einwände gelöst", Icon: "shield-check", Description: "d"}
	tests := []struct {
		value, stage, current, target int
	}{
		{0, 1, 0, 1},
		{1, 1, 1, 5},
		{4, 1, 4, 5},
		{5, 2, 5, 25},
		{24, 2, 24, 25},
		{25, 3, 25, 50},
		{999, 9, 999, 1000},
		{1000, 10, 1000, 1000},
		{5000, 10, 5000, 1000},
		{-3, 1, 0, 1},
	}
	for _, tt := range tests {
		got := salescoach.ChallengeCardFor(staged, tt.value)
		if got.Stage != tt.stage || got.ProgressCurrent != tt.current || got.ProgressTarget != tt.target {
			t.Errorf("staged %d: stage %d %d/%d, want %d %d/%d", tt.value, got.Stage, got.ProgressCurrent, got.ProgressTarget,
				tt.stage, tt.current, tt.target)
		}
		if got.Stage != salescoach.ChallengeStage(max(tt.value, 0)) {
			t.Errorf("staged %d: stage %d disagrees with ChallengeStage", tt.value, got.Stage)
		}
	}
	card := salescoach.ChallengeCardFor(staged, 0)
	if card.Key != "objections_solved" || card.Name != "Einwände gelöst" || card.Icon != "shield-check" || card.Description != "d" {
		t.Errorf("card = %+v", card)
	}

	fixed := &salescoach.Challenge{Key: "fast_answers", Name: "zap – Schnelle Antworten", Target: 10}
	for value, current := range map[int]int{0: 0, 3: 3, 10: 10, 11: 10, 500: 10} {
		got := salescoach.ChallengeCardFor(fixed, value)
		if got.Stage != 1 || got.ProgressCurrent != current || got.ProgressTarget != 10 {
			t.Errorf("fixed %d: %+v, want stage 1 %d/10", value, got, current)
		}
	}
	if got := (&salescoach.Challenge{Name: "Ohne Icon"}).Title(); got != "Ohne Icon" {
		t.Errorf("Title without icon = %q", got)
	}
}

func TestChallengeValue(t *testing.T) {
	p := &salescoach.Profile{ObjectionsSolvedCount: 1, MessagesSentCount: 2, FastAnswersCount: 3, FeedbackCount: 4,
		CallsCount: 5, HintsCount: 6, PerfectAnswersCount: 7, CompletedChatsCount: 8, Streak: 9}
	for key, want := range map[string]int{"objections_solved": 1, "messages_sent": 2, "fast_answers": 3, "feedback": 4,
		"calls": 5, "hints": 6, "perfect_answers": 7, "completed_chats": 8, "daily_streak": 9, "unknown": 0} {
		if got := p.ChallengeValue(key); got != want {
			t.Errorf("ChallengeValue(%s) = %d, want %d", key, got, want)
		}
	}
}

func TestSniffImage(t *testing.T) {
	tests := []struct {
		data     string
		ext, typ string
	}{
		{"\xff\xd8\xff\xe0rest", "jpg", "image/jpeg"},
		{"\x89PNG\r\n\x1a\nrest", "png", "image/png"},
		{"GIF87a...", "gif", "image/gif"},
		{"GIF89a...", "gif", "image/gif"},
		{"GIF88a...", "", ""},
		{"\x89PNG\r\n", "", ""}, // a cut signature
		{"<svg xmlns='http://www.w3.org/2000/svg'/>", "", ""},
		{"<html></html>", "", ""},
		{"", "", ""},
	}
	for _, tt := range tests {
		ext, typ, ok := salescoach.SniffImage([]byte(tt.data))
		if ext != tt.ext || typ != tt.typ || ok != (tt.ext != "") {
			t.Errorf("SniffImage(%q) = %q %q %v", tt.data, ext, typ, ok)
		}
	}
	for declared, want := range map[string]bool{"image/png": true, "IMAGE/JPEG": true, "image/gif; x=y": true,
		"image/svg+xml": false, "text/html": false, "application/octet-stream": false, "image/jpg": false, "": false} {
		if got := salescoach.AllowedImageType(declared); got != want {
			t.Errorf("AllowedImageType(%q) = %v", declared, got)
		}
	}
	if got := salescoach.AvatarKey("u", "png"); got != "u/u.png" {
		t.Errorf("AvatarKey = %q", got)
	}
}

func TestProfileUpdateNormalize(t *testing.T) {
	s := func(v string) *string { return &v }
	u := salescoach.ProfileUpdate{DisplayName: s("  Anna  "), Role: s(" Sales "), Formality: s(""), Language: s("en"),
		ProductDescription: s(" keeps spaces ")}
	if p := u.Normalize(); len(p) != 0 || *u.DisplayName != "Anna" || *u.Role != "Sales" || *u.ProductDescription != " keeps spaces " {
		t.Errorf("Normalize = %v, %+v", p, u)
	}
	bad := salescoach.ProfileUpdate{DisplayName: s(strings.Repeat("é", 81)), Role: s(strings.Repeat("x", 81)),
		Formality: s("Du"), Language: s("EN"), ProductDescription: s(strings.Repeat("x", 20_001))}
	p := bad.Normalize()
	for _, f := range []string{"display_name", "role", "formality", "language", "product_description"} {
		if p[f].Key == "" {
			t.Errorf("no problem reported for %s: %v", f, p)
		}
	}
	// Trimming comes before the limit.
	edge := salescoach.ProfileUpdate{DisplayName: s(" " + strings.Repeat("é", 80) + " ")}
	if p := edge.Normalize(); len(p) != 0 {
		t.Errorf("80 runes with spaces around: %v", p)
	}
}

func TestNewReferralCode(t *testing.T) {
	seen := map[string]bool{}
	for range 200 {
		c := salescoach.NewReferralCode()
		if len(c) != salescoach.ReferralCodeLength || strings.Trim(c, salescoach.ReferralCodeAlphabet) != "" {
			t.Fatalf("code %q", c)
		}
		if strings.ContainsAny(c, "01ILO") {
			t.Fatalf("code %q has an ambiguous character", c)
		}
		seen[c] = true
	}
	if len(seen) < 199 {
		t.Errorf("only %d different codes in 200", len(seen))
	}
}
