package salescoach

// LevelInfo is the level a number of XP reaches and the way to the next one.
type LevelInfo struct {
	Level     int `json:"level"`
	XP        int `json:"xp"`        // total XP
	XPInLevel int `json:"xpInLevel"` // XP gathered within the current level
	XPForNext int `json:"xpForNext"` // XP the current level needs in all
	Progress  int `json:"progress"`  // XPInLevel as a percentage of XPForNext, 0..100
}

// LevelFirstXP and LevelGrowthTenths are the level curve: level 1 needs
// LevelFirstXP XP, and each level needs LevelGrowthTenths/10 times the one
// before, rounded down (docs/decisions.md, 2026-12-02 "XP pacing"). With a
// day's practice of one 15-minute chat (about 180 XP) level 4,
// 'Fortgeschritten', comes after a week and level 10, 'Experte', after about
// eight weeks.
const (
	LevelFirstXP      = 320
	LevelGrowthTenths = 13
)

// LevelFor applies the level curve: level 1 needs LevelFirstXP XP; each
// level-up subtracts the threshold and multiplies the next threshold by
// LevelGrowthTenths/10, rounded down.
func LevelFor(xp int) LevelInfo {
	if xp < 0 {
		xp = 0
	}
	level, rest, need := 1, xp, LevelFirstXP
	for rest >= need {
		rest -= need
		level++
		need = need * LevelGrowthTenths / 10
	}
	return LevelInfo{Level: level, XP: xp, XPInLevel: rest, XPForNext: need, Progress: ClampPercent(rest * 100 / need)}
}

// LevelBand names a level's band: Einsteiger (1-3), Fortgeschritten (4-9),
// Experte (10+).
func LevelBand(level int) string {
	switch {
	case level >= 10:
		return "Experte"
	case level >= 4:
		return "Fortgeschritten"
	default:
		return "Einsteiger"
	}
}

// ClampPercent clamps a percentage to 0..100.
func ClampPercent(p int) int {
	return min(max(p, 0), 100)
}

// ChallengeThresholds are the stage thresholds of the staged challenges
// (stages I..X).
var ChallengeThresholds = []int{1, 5, 25, 50, 100, 200, 350, 500, 750, 1000}

// ChallengeStage is the index (1-based) of the first threshold above value,
// at least 1, and 10 once past the last threshold.
func ChallengeStage(value int) int {
	for i, t := range ChallengeThresholds {
		if value < t {
			return max(i, 1)
		}
	}
	return len(ChallengeThresholds)
}

// XP awards, one table for every event that earns experience.
const (
	XPMessage          = 2  // per message sent, at most XPMessagesPerChat per chat
	XPMessagesPerChat  = 20 // messages per chat that earn XP
	XPObjectionSolved  = 25
	XPPracticeWonPerLv = 50  // × difficulty (1, 2, 3)
	XPExamPassBonus    = 100 // added to the evaluation percentage when it is ≥ XPExamPassPercent
	XPExamPassPercent  = 70
	XPDailyFirst       = 10
	XPFeedback         = 5
)
