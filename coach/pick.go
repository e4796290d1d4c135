package coach

import "hash/fnv"

// PickObjections chooses n different objection families for a chat, the same
// for the same seed, so a conversation keeps its objections across turns and
// restarts. The first objection of a chat is drawn from the common families
// (price, no need, no time, existing supplier, trust); later ones from all.
func PickObjections(seed string, n int) []string {
	n = min(max(n, 0), len(Objections))
	h := fnv.New64a()
	_, _ = h.Write([]byte(seed))
	state := h.Sum64()
	next := func(bound int) int {
		// xorshift keeps the sequence cheap and repeatable.
		state ^= state << 13
		state ^= state >> 7
		state ^= state << 17
		return int(state % uint64(bound))
	}
	pool := make([]string, len(Objections))
	for i, o := range Objections {
		pool[i] = o.Key
	}
	out := make([]string, 0, n)
	const common = 5 // the first five of Objections are the everyday ones
	for i := 0; i < n; i++ {
		bound := len(pool)
		if i == 0 {
			bound = min(common, len(pool))
		}
		j := next(bound)
		out = append(out, pool[j])
		pool = append(pool[:j], pool[j+1:]...)
	}
	return out
}

// PickObjectionsFocus is PickObjections with the family focus raised first
// ('Als Nächstes üben' starts a chat on the family the user should
// practise): the other n-1 are the seed's picks without it. An unknown or
// empty focus changes nothing.
func PickObjectionsFocus(seed string, n int, focus string) []string {
	if _, ok := ObjectionByKey(focus); !ok || n < 1 {
		return PickObjections(seed, n)
	}
	n = min(n, len(Objections))
	out := make([]string, 1, n)
	out[0] = focus
	for _, k := range PickObjections(seed, len(Objections)) {
		if len(out) == n {
			break
		}
		if k != focus {
			out = append(out, k)
		}
	}
	return out
}
