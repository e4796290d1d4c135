package training_test

import (
	"fmt"
	"slices"
	"testing"

	"salescoach/training"
)

func TestPickScenarioObjections(t *testing.T) {
	keys := []string{"custom1", "price", "custom3", "trust", "custom5"}
	seen := map[string]bool{}
	for i := range 200 {
		seed := fmt.Sprintf("conv-%d", i)
		for n := 0; n <= 6; n++ {
			got := training.PickScenarioObjections(seed, keys, n)
			if want := min(n, len(keys)); len(got) != want {
				t.Fatalf("n=%d: %d keys, want %d", n, len(got), want)
			}
			// In the scenario's order, each at most once.
			last := -1
			for _, k := range got {
				i := slices.Index(keys, k)
				if i <= last {
					t.Fatalf("seed %s n=%d: %v is not in the scenario's order", seed, n, got)
				}
				last = i
			}
			if n == 2 {
				seen[fmt.Sprint(got)] = true
			}
			if again := training.PickScenarioObjections(seed, keys, n); !slices.Equal(again, got) {
				t.Fatalf("seed %s n=%d: %v then %v", seed, n, got, again)
			}
		}
	}
	// Every pair of the five is drawn for some chat.
	if len(seen) != 10 {
		t.Errorf("%d different pairs drawn, want all 10: %v", len(seen), seen)
	}
}
