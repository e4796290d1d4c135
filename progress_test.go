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
		{0, 1, 0, 100, 0},
		{-5, 1, 0, 100, 0},
		{99, 1, 99, 100, 99},
		{100, 2, 0, 120, 0},
		{219, 2, 119, 120, 99},
		{220, 3, 0, 144, 0},
		{364, 4, 0, 172, 0}, // 100+120+144; 144*1.2 = 172.8 → 172
	}
	for _, tt := range tests {
		got := salescoach.LevelFor(tt.xp)
		if got.Level != tt.level || got.XPInLevel != tt.inLevel || got.XPForNext != tt.next || got.Progress != tt.pc {
			t.Errorf("LevelFor(%d) = %+v, want level %d in-level %d next %d progress %d", tt.xp, got, tt.level, tt.inLevel, tt.next, tt.pc)
		}
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
