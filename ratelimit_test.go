package salescoach_test

import (
	"testing"
	"time"

	"salescoach"
)

// TestMemoryRateLimiterDropsFullBuckets: memory stays bounded by the keys
// seen within a window: buckets that are full again are dropped.
func TestMemoryRateLimiterDropsFullBuckets(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := salescoach.NewMemoryRateLimiter()
	l := salescoach.Limit{Name: "x", Max: 2, Window: time.Minute}
	for _, k := range []string{"a", "b", "c"} {
		if wait, _ := m.Allow(t.Context(), l, k, now); wait != 0 {
			t.Fatalf("%s refused", k)
		}
	}
	if m.Len() != 3 {
		t.Fatalf("%d buckets, want 3", m.Len())
	}
	if wait, _ := m.Blocked(t.Context(), l, "d", now); wait != 0 || m.Len() != 3 {
		t.Fatalf("looking at an unknown key stored a bucket or blocked it (%v)", wait)
	}
	now = now.Add(2 * time.Minute)
	_, _ = m.Allow(t.Context(), l, "e", now)
	if m.Len() != 1 {
		t.Fatalf("%d buckets after every other one is full again, want 1", m.Len())
	}
}
