package trainer

import (
	"math"
	"sort"
	"strings"
	"unicode"
)

// Limits of an extractive summary.
const (
	summaryMaxChars     = 700
	summaryMaxSentences = 5
	summaryMinText      = 40 // characters; less is no website text
)

// summaryHints are words of sentences that describe what a company offers.
var summaryHints = lex("wir", "unser*", "bietet", "bieten", "hilft", "helfen", "ermoeglicht", "sorgt", "spart",
	"we", "our", "helps", "provides", "offers", "lets", "enables", "saves")

// summarize picks the most informative sentences of a website's text: those
// whose words recur across the page, early ones and ones that say what the
// company offers; it skips cookie banners, navigation and duplicates and
// returns them in reading order. "" when no sentence qualifies.
func summarize(language, text string) string {
	text = strings.TrimSpace(text)
	if len([]rune(text)) < summaryMinText {
		return ""
	}
	var cands []sentence
	seen := map[string]bool{}
	for _, s := range splitSentences(text) {
		if s.Words < 6 || s.Words > 60 || len([]rune(s.Text)) > 350 {
			continue
		}
		if has(s.Norm, boilerplate.m) || count(s.Norm, functionWords.m) < 2 || !mostlyLetters(s.Text) {
			continue
		}
		if seen[s.Norm] {
			continue
		}
		seen[s.Norm] = true
		cands = append(cands, s)
	}
	if len(cands) == 0 {
		return ""
	}
	tf := map[string]int{}
	content := make([][]string, len(cands))
	for i, s := range cands {
		for _, w := range strings.Fields(s.Norm) {
			if len(w) >= 4 && !stopwords[w] && !isDigits(w) {
				content[i] = append(content[i], w)
				tf[w]++
			}
		}
	}
	type scored struct {
		i     int
		score float64
	}
	ranked := make([]scored, len(cands))
	for i, s := range cands {
		distinct := map[string]bool{}
		sum := 0.0
		for _, w := range content[i] {
			if !distinct[w] {
				distinct[w] = true
				sum += math.Log1p(float64(tf[w]))
			}
		}
		score := sum / math.Sqrt(math.Max(4, float64(len(content[i]))))
		score += 0.6 * (1 - float64(i)/float64(len(cands)))
		if has(s.Norm, summaryHints.m) {
			score += 0.3
		}
		ranked[i] = scored{i, score}
	}
	sort.SliceStable(ranked, func(a, b int) bool { return ranked[a].score > ranked[b].score })
	var chosen []int
	length := 0
	for _, r := range ranked {
		if len(chosen) == summaryMaxSentences {
			break
		}
		s := cands[r.i]
		l := len([]rune(s.Text)) + 1
		if length+l > summaryMaxChars {
			continue
		}
		similar := false
		for _, j := range chosen {
			if jaccard(content[r.i], content[j]) > 0.5 {
				similar = true
				break
			}
		}
		if similar {
			continue
		}
		chosen = append(chosen, r.i)
		length += l
	}
	sort.Ints(chosen)
	out := make([]string, len(chosen))
	for k, i := range chosen {
		s := cands[i].Text
		if !strings.ContainsAny(s[len(s)-1:], ".!?") {
			s += "."
		}
		out[k] = s
	}
	return strings.Join(out, " ")
}

// mostlyLetters rejects lines of prices, codes and symbols.
func mostlyLetters(s string) bool {
	letters, other := 0, 0
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			letters++
		case unicode.IsSpace(r):
		default:
			other++
		}
	}
	return letters > 0 && float64(letters)/float64(letters+other) >= 0.75
}

func jaccard(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	sa := map[string]bool{}
	for _, w := range a {
		sa[w] = true
	}
	sb := map[string]bool{}
	inter := 0
	for _, w := range b {
		if sb[w] {
			continue
		}
		sb[w] = true
		if sa[w] {
			inter++
		}
	}
	union := len(sa) + len(sb) - inter
	return float64(inter) / float64(union)
}

// topWords returns the n most frequent words, ties alphabetically.
func topWords(freq map[string]int, n int) []string {
	ws := make([]string, 0, len(freq))
	for w := range freq {
		ws = append(ws, w)
	}
	sort.Slice(ws, func(i, j int) bool {
		if freq[ws[i]] != freq[ws[j]] {
			return freq[ws[i]] > freq[ws[j]]
		}
		return ws[i] < ws[j]
	})
	if len(ws) > n {
		ws = ws[:n]
	}
	return ws
}
