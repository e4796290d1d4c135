package trainer

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// fold lower-cases s and spells umlauts and ß out, so lexicon entries match
// whether a user types "Prüfung", "Pruefung" or "PRÜFUNG".
func fold(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range strings.ToLower(s) {
		switch r {
		case 'ä':
			b.WriteString("ae")
		case 'ö':
			b.WriteString("oe")
		case 'ü':
			b.WriteString("ue")
		case 'ß':
			b.WriteString("ss")
		case '’', '‘', '´', '`':
			b.WriteByte('\'')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// tokens splits folded text into words. Digits stay with letters ("27001",
// "b2b"); %, € and $ become words of their own because they are evidence.
func tokens(s string) []string {
	s = fold(s)
	var out []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	for _, r := range s {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			cur.WriteRune(r)
		case r == '%' || r == '€' || r == '$':
			flush()
			out = append(out, string(r))
		case r == '.' || r == ',':
			// "8.000" and "2,5" are one number; elsewhere the mark ends a word.
			if cur.Len() > 0 && isDigits(cur.String()[cur.Len()-1:]) {
				cur.WriteRune(r)
				continue
			}
			flush()
		default:
			flush()
		}
	}
	flush()
	// A number keeps no trailing mark ("2024." at a sentence end).
	for i, t := range out {
		out[i] = strings.TrimRight(t, ".,")
	}
	return out
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// norm is the matching form of a text: its tokens, separated and surrounded
// by single spaces, so " preis" matches a word start and " roi " a whole word.
func norm(s string) string {
	normMemo.Lock()
	n, ok := normMemo.m[s]
	normMemo.Unlock()
	if ok {
		return n
	}
	n = " "
	if t := tokens(s); len(t) > 0 {
		n = " " + strings.Join(t, " ") + " "
	}
	normMemo.Lock()
	if len(normMemo.m) >= normMemoSize {
		// Bounded: a chat's answers and replies are normalised many times
		// over one turn (each check of each sentence), rarely afterwards.
		clear(normMemo.m)
	}
	normMemo.m[s] = n
	normMemo.Unlock()
	return n
}

// normMemo remembers the matching forms of recent texts; the checks of one
// answer ask for the same sentences' forms again and again.
var normMemo = struct {
	sync.Mutex
	m map[string]string
}{m: map[string]string{}}

const normMemoSize = 4096

// matcher is one compiled lexicon entry. Entries ending in * match word
// prefixes ("spar*" finds "sparen", "Einsparung" does not); others match
// whole words or whole word sequences.
type matcher struct {
	needle string
	raw    string
	// gapped holds the parts of an entry with "_" for any one word
	// ("kann ich _ verstehen"): each part must follow the previous with
	// exactly one word between. needle is then the first part.
	gapped []string
}

func compile(entries []string) []matcher {
	out := make([]matcher, 0, len(entries))
	for _, e := range entries {
		if strings.Contains(" "+e+" ", " _ ") {
			var parts []string
			for _, p := range strings.Split(" "+e+" ", " _ ") {
				if p = strings.TrimSpace(p); p != "" {
					parts = append(parts, " "+strings.TrimSpace(norm(p))+" ")
				}
			}
			if len(parts) > 1 {
				out = append(out, matcher{needle: parts[0], raw: e, gapped: parts})
			}
			continue
		}
		prefix := strings.HasSuffix(e, "*")
		n := strings.TrimSpace(norm(strings.TrimSuffix(e, "*")))
		if n == "" {
			continue
		}
		if prefix {
			out = append(out, matcher{needle: " " + n, raw: e})
		} else {
			out = append(out, matcher{needle: " " + n + " ", raw: e})
		}
	}
	return out
}

// find returns the first entry of ms that occurs in the normalised text n.
func find(n string, ms []matcher) (string, bool) {
	for _, m := range ms {
		if m.matches(n) {
			return m.raw, true
		}
	}
	return "", false
}

// findWhere is the first entry of ms in the normalised text n for which
// keep holds.
func findWhere(n string, ms []matcher, keep func(m string) bool) (string, bool) {
	for _, m := range ms {
		if m.matches(n) && keep(m.raw) {
			return m.raw, true
		}
	}
	return "", false
}

// matches reports whether the entry occurs in the normalised text n.
func (m matcher) matches(n string) bool {
	if m.gapped == nil {
		return strings.Contains(n, m.needle)
	}
	for from := 0; ; {
		at := strings.Index(n[from:], m.gapped[0])
		if at < 0 {
			return false
		}
		pos := from + at + len(m.gapped[0]) - 1 // at the space after the part
		ok := true
		for _, part := range m.gapped[1:] {
			// One word, then the next part.
			next := strings.IndexByte(n[pos+1:], ' ')
			if next < 0 || !strings.HasPrefix(n[pos+1+next:], part) {
				ok = false
				break
			}
			pos = pos + 1 + next + len(part) - 1
		}
		if ok {
			return true
		}
		from += at + 1
	}
}

func has(n string, ms []matcher) bool {
	_, ok := find(n, ms)
	return ok
}

// count returns how many distinct entries of ms occur in n.
func count(n string, ms []matcher) int {
	c := 0
	for _, m := range ms {
		if m.matches(n) {
			c++
		}
	}
	return c
}

// sentence is one sentence of a text as written, with its matching form.
type sentence struct {
	Text     string
	Norm     string
	Question bool // ends with a question mark
	Words    int
}

// endsAfterNumber reports a full stop after a short number that ends a
// sentence all the same: the next word opens a new one ("… nach § 99.
// Würde das …?", "… guaranteed for 25. Is that …?") rather than going on
// with a date ("am 12. Mai", "zum 1. des Monats").
func endsAfterNumber(rest []rune) bool {
	ws := strings.Fields(string(rest))
	if len(ws) == 0 {
		return false
	}
	w := strings.Trim(ws[0], ",;:\"„“")
	return sentenceOpeners[w]
}

// sentenceOpeners open a sentence, never a date's month or a noun after
// an ordinal.
var sentenceOpeners = map[string]bool{
	"Würde": true, "Wäre": true, "Ist": true, "Sind": true, "Können": true, "Kann": true, "Wollen": true, "Sollen": true,
	"Passt": true, "Hilft": true, "Wir": true, "Ich": true, "Das": true, "Damit": true, "Dann": true, "So": true,
	"Would": true, "Is": true, "Does": true, "Do": true, "Can": true, "Could": true, "Shall": true, "We": true, "I": true,
	"That": true, "This": true, "So,": true, "Then": true, "And": true, "Und": true,
}

// abbreviations do not end a sentence although they end with a dot.
var abbreviations = map[string]bool{
	"z": true, "b": true, "d": true, "h": true, "u": true, "a": true, "ca": true, "bzw": true,
	"usw": true, "ggf": true, "inkl": true, "evtl": true, "nr": true, "dr": true, "e": true,
	"g": true, "i": true, "etc": true, "vs": true, "mio": true, "mrd": true, "tsd": true,
	"bspw": true, "zb": true, "mr": true, "mrs": true, "ms": true, "st": true, "co": true,
}

// splitSentences cuts text at sentence ends (. ! ? … or a line break) but not
// after abbreviations ("z. B.") or short numbers ("am 12. Mai").
func splitSentences(text string) []sentence {
	var out []sentence
	rs := []rune(text)
	start := 0
	emit := func(end int) {
		s := strings.TrimSpace(string(rs[start:end]))
		start = end
		if s == "" || !hasLetterOrDigit(s) {
			return
		}
		out = append(out, sentence{
			Text:     s,
			Norm:     norm(s),
			Question: strings.HasSuffix(strings.TrimRight(s, " \"'“”»«)"), "?"),
			Words:    len(strings.Fields(s)),
		})
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if r == '\n' {
			emit(i + 1)
			continue
		}
		if r != '.' && r != '!' && r != '?' && r != '…' {
			continue
		}
		// Swallow runs like "?!" or "..." and closing quotes.
		j := i + 1
		for j < len(rs) && strings.ContainsRune(".!?…\"'“”»«)", rs[j]) {
			j++
		}
		if j < len(rs) && !unicode.IsSpace(rs[j]) {
			i = j - 1
			continue
		}
		if r == '.' && j == i+1 {
			w := lastWord(rs[start:i])
			lw := strings.ToLower(w)
			if abbreviations[lw] || (isDigits(w) && len(w) <= 2 && !endsAfterNumber(rs[j:])) {
				i = j - 1
				continue
			}
		}
		emit(j)
		i = j - 1
	}
	emit(len(rs))
	return out
}

func lastWord(rs []rune) string {
	end := len(rs)
	i := end
	for i > 0 && (unicode.IsLetter(rs[i-1]) || unicode.IsDigit(rs[i-1])) {
		i--
	}
	return string(rs[i:end])
}

func hasLetterOrDigit(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

// quote shortens a sentence of the user to at most maxWords words for a
// feedback line, and puts it in the quotation marks of the language.
func quote(lang, s string, maxWords int) string {
	// Quotes inside a quote become single quotes: „Mit ‚Zeitly‘ sparen …“.
	if lang == langEN {
		s = strings.NewReplacer("“", "‘", "”", "’").Replace(s)
	} else {
		s = strings.NewReplacer("„", "‚", "“", "‘").Replace(s)
	}
	f := strings.Fields(s)
	short := strings.Join(f, " ")
	if len(f) > maxWords {
		short = strings.TrimRight(strings.Join(f[:maxWords], " "), ",;:–-") + " …"
	}
	if lang == langEN {
		return "“" + short + "”"
	}
	return "„" + short + "“"
}

// upperFirst capitalises the first letter of s.
func upperFirst(s string) string {
	for i, r := range s {
		if unicode.IsLetter(r) {
			if unicode.IsUpper(r) {
				return s
			}
			return s[:i] + string(unicode.ToUpper(r)) + s[i+utf8.RuneLen(r):]
		}
		if unicode.IsDigit(r) {
			return s
		}
	}
	return s
}

// sentenceCase capitalises the first letter of every sentence of a customer
// reply: templates put product phrases ("cloudbasierte Software") and
// clauses after a colon at sentence starts.
func sentenceCase(s string) string {
	rs := []rune(s)
	capNext := true
	for i, r := range rs {
		switch {
		case unicode.IsLetter(r):
			if capNext {
				rs[i] = unicode.ToUpper(r)
			}
			capNext = false
		case unicode.IsDigit(r):
			capNext = false
		case r == '.' || r == '!' || r == '?' || r == ':':
			// Only when a space follows: "8.000" and "z.B." stay as they are.
			capNext = i+1 < len(rs) && unicode.IsSpace(rs[i+1])
		}
	}
	return string(rs)
}

// tidy collapses runs of spaces and removes spaces before punctuation left
// by empty template parts.
func tidy(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	for _, p := range []string{" .", " ,", " ?", " !", " :"} {
		s = strings.ReplaceAll(s, p, p[1:])
	}
	return s
}

// wordCount counts the words of s as a reader would.
func wordCount(s string) int { return len(strings.Fields(s)) }

// tidyQuotes drops the period after a quote that already ends with one
// („… am Markt.“. → „… am Markt.“), as German and English punctuation want.
func tidyQuotes(s string) string {
	return strings.NewReplacer(".“.", ".“", ".”.", ".”", "…“.", "…“", "…”.", "…”").Replace(s)
}
