package salescoach_test

import (
	"testing"

	"salescoach"
)

func TestLevelFor(t *testing.T) {
	tests := []struct {
		xp                       int
		level, inLevel, next, pc int
	}{
		{0, 1, 0, 320, 0},
		{-5, 1, 0, 320, 0},
		{319, 1, 319, 320, 99},
		{320, 2, 0, 416, 0},
		{735, 2, 415, 416, 99},
		{736, 3, 0, 540, 0},     // 416*1.3 = 540.8 → 540
		{1276, 4, 0, 702, 0},    // 320+416+540
		{10219, 10, 0, 3382, 0}, // …+702+912+1185+1540+2002+2602; 2602*1.3 = 3382.6 → 3382
	}
	for _, tt := range tests {
		got := salescoach.LevelFor(tt.xp)
		if got.Level != tt.level || got.XPInLevel != tt.inLevel || got.XPForNext != tt.next || got.Progress != tt.pc {
			t.Errorf("LevelFor(%d) = %+v, want level %d in-level %d next %d progress %d", tt.xp, got, tt.level, tt.inLevel, tt.next, tt.pc)
		}
	}
}

// TestLevelPacing holds the curve to its rule (docs/decisions.md, 2026-12-02
// "XP pacing"): a day's practice is one won 15-minute practice chat at
// 'Mittel' (12 messages, two objections overcome) and the day's first
// activity; level 4, 'Fortgeschritten', comes on the seventh such day and
// level 10, 'Experte', after about two months (the 56th day). Seven such chats
// on one day stay 'Einsteiger'.
func TestLevelPacing(t *testing.T) {
	chat := 12*salescoach.XPMessage + 2*salescoach.XPObjectionSolved + 2*salescoach.XPPracticeWonPerLv
	day := chat + salescoach.XPDailyFirst
	firstDay := func(level int) int {
		for d := 1; ; d++ {
			if salescoach.LevelFor(d*day).Level >= level {
				return d
			}
		}
	}
	if d := firstDay(4); d != 7 {
		t.Errorf("level 4 on day %d of daily practice (%d XP a day), want day 7", d, day)
	}
	if d := firstDay(10); d < 50 || d > 65 {
		t.Errorf("level 10 on day %d of daily practice, want about two months (50–65)", d)
	}
	if lv := salescoach.LevelFor(7*chat + salescoach.XPDailyFirst); salescoach.LevelBand(lv.Level) != "Einsteiger" {
		t.Errorf("seven chats on one day reach level %d (%s), want Einsteiger", lv.Level, salescoach.LevelBand(lv.Level))
	}
}

func TestChallengeStage(t *testing.T) {
	tests := map[int]int{0: 1, 1: 1, 4: 1, 5: 2, 24: 2, 25: 3, 999: 9, 1000: 10, 5000: 10}
	for v, want := range tests {
		if got := salescoach.ChallengeStage(v); got != want {
			t.Errorf("ChallengeStage(%d) = %d, want %d", v, got, want)
		}
	}
}

func TestLevelBand(t *testing.T) {
	for lv, want := range map[int]string{1: "Einsteiger", 3: "Einsteiger", 4: "Fortgeschritten", 9: "Fortgeschritten", 10: "Experte"} {
		if got := salescoach.LevelBand(lv); got != want {
			t.Errorf("LevelBand(%d) = %q, want %q", lv, got, want)
		}
	}
}

func TestFieldErrorsHeadlineIsStable(t *testing.T) {
	fields := salescoach.Problems{"role": salescoach.MsgRoleTooLong, "display_name": salescoach.MsgDisplayNameTooLong,
		"language": salescoach.MsgBadLanguage}
	for range 20 {
		e := salescoach.FieldErrors(fields)
		if e.Code != salescoach.EINVALID || e.Msg.Key != "display_name_too_long" || len(e.Fields) != 3 {
			t.Fatalf("FieldErrors = %+v", e)
		}
	}
}

func TestIsUUID(t *testing.T) {
	for s, want := range map[string]bool{
		"0193e6a4-7c9e-7000-8000-000000000001":   true,
		"0193E6A4-7C9E-7000-8000-00000000000A":   true,
		"":                                       false,
		"12345":                                  false,
		"0193e6a4-7c9e-7000-8000-00000000000":    false,
		"0193e6a4x7c9e-7000-8000-000000000001":   false,
		"0193e6a4-7c9e-7000-8000-00000000000g":   false,
		"{0193e6a4-7c9e-7000-8000-000000000001}": false,
	} {
		if got := salescoach.IsUUID(s); got != want {
			t.Errorf("IsUUID(%q) = %v, want %v", s, got, want)
		}
	}
}
