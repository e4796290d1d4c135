package coach

import "testing"

func TestPickObjections(t *testing.T) {
	for _, seed := range []string{"a", "b", "3f0c1d5e-0000-4000-8000-000000000001", ""} {
		got := PickObjections(seed, 3)
		if len(got) != 3 {
			t.Fatalf("seed %q: %d objections", seed, len(got))
		}
		seen := map[string]bool{}
		for _, k := range got {
			if _, ok := ObjectionByKey(k); !ok || seen[k] {
				t.Errorf("seed %q: bad or repeated key %q in %v", seed, k, got)
			}
			seen[k] = true
		}
		again := PickObjections(seed, 3)
		for i := range got {
			if got[i] != again[i] {
				t.Errorf("seed %q: not repeatable: %v vs %v", seed, got, again)
			}
		}
		if first, _ := ObjectionByKey(got[0]); indexOf(first.Key) >= 5 {
			t.Errorf("seed %q: first objection %q is not a common one", seed, got[0])
		}
	}
	firsts := map[string]bool{}
	for i := range 200 {
		firsts[PickObjections(string(rune('a'+i%26))+string(rune('a'+i/26)), 1)[0]] = true
	}
	if len(firsts) < 4 {
		t.Errorf("only %d different first objections over 200 seeds", len(firsts))
	}
	if got := PickObjections("x", 99); len(got) != len(Objections) {
		t.Errorf("n beyond the catalogue gave %d", len(got))
	}
}

func indexOf(key string) int {
	for i, o := range Objections {
		if o.Key == key {
			return i
		}
	}
	return -1
}
