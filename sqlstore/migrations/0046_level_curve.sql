-- The level curve is slower (2026-12-02, "XP pacing" in docs/decisions.md):
-- level 1 needs 320 XP and each level 1.3 times the one before, rounded down
-- (salescoach.LevelFor). The stored levels are set from the XP by the new
-- curve; the thresholds below are its cumulative XP up to the largest xp an
-- INTEGER holds (sqlstore's TestLevelCurveMigration checks them against
-- LevelFor).
UPDATE users SET level = CASE
    WHEN xp >= 1964363073 THEN 56
    WHEN xp >= 1511048289 THEN 55
    WHEN xp >= 1162344609 THEN 54
    WHEN xp >= 894111009 THEN 53
    WHEN xp >= 687777470 THEN 52
    WHEN xp >= 529059363 THEN 51
    WHEN xp >= 406968511 THEN 50
    WHEN xp >= 313052471 THEN 49
    WHEN xp >= 240809363 THEN 48
    WHEN xp >= 185237741 THEN 47
    WHEN xp >= 142490339 THEN 46
    WHEN xp >= 109607722 THEN 45
    WHEN xp >= 84313401 THEN 44
    WHEN xp >= 64856231 THEN 43
    WHEN xp >= 49889177 THEN 42
    WHEN xp >= 38376058 THEN 41
    WHEN xp >= 29519812 THEN 40
    WHEN xp >= 22707315 THEN 39
    WHEN xp >= 17466932 THEN 38
    WHEN xp >= 13435868 THEN 37
    WHEN xp >= 10335049 THEN 36
    WHEN xp >= 7949803 THEN 35
    WHEN xp >= 6114998 THEN 34
    WHEN xp >= 4703609 THEN 33
    WHEN xp >= 3617925 THEN 32
    WHEN xp >= 2782783 THEN 31
    WHEN xp >= 2140366 THEN 30
    WHEN xp >= 1646199 THEN 29
    WHEN xp >= 1266070 THEN 28
    WHEN xp >= 973663 THEN 27
    WHEN xp >= 748734 THEN 26
    WHEN xp >= 575711 THEN 25
    WHEN xp >= 442616 THEN 24
    WHEN xp >= 340235 THEN 23
    WHEN xp >= 261480 THEN 22
    WHEN xp >= 200899 THEN 21
    WHEN xp >= 154298 THEN 20
    WHEN xp >= 118451 THEN 19
    WHEN xp >= 90876 THEN 18
    WHEN xp >= 69664 THEN 17
    WHEN xp >= 53347 THEN 16
    WHEN xp >= 40795 THEN 15
    WHEN xp >= 31139 THEN 14
    WHEN xp >= 23711 THEN 13
    WHEN xp >= 17997 THEN 12
    WHEN xp >= 13601 THEN 11
    WHEN xp >= 10219 THEN 10
    WHEN xp >= 7617 THEN 9
    WHEN xp >= 5615 THEN 8
    WHEN xp >= 4075 THEN 7
    WHEN xp >= 2890 THEN 6
    WHEN xp >= 1978 THEN 5
    WHEN xp >= 1276 THEN 4
    WHEN xp >= 736 THEN 3
    WHEN xp >= 320 THEN 2
    ELSE 1
END;
