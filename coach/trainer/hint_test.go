package trainer

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"salescoach"
	"salescoach/coach"
)

var quoted = regexp.MustCompile(`[„“]([^„“”]+)[“”]`)

// hintSample is the longest quote of a hint: its sample sentence.
func hintSample(hint string) string {
	sample := ""
	for _, m := range quoted.FindAllStringSubmatch(hint, -1) {
		if len(m[1]) > len(sample) {
			sample = m[1]
		}
	}
	return sample
}

// TestHintNamesTheMoveDue: the hint names the move the moment calls for
// (exploring at a fresh objection, answering the concern once told, the
// next step once settled), with a sample in the chat's form of address; a
// sample for exploring pitches nothing and proposes no meeting.
func TestHintNamesTheMoveDue(t *testing.T) {
	e := New()
	for _, v := range voices {
		in := momentInput(t, v, "price", false, "")
		in.History = in.History[:len(in.History)-1]
		h, _, _ := e.Hint(context.Background(), in)
		if !strings.HasPrefix(h, strings.SplitN(movesData.Hints[v.Lang]["explore"], ":", 2)[0]) {
			t.Errorf("%s: at a fresh objection the hint is %q", v, h)
		}
		sample := hintSample(h)
		if wordCount(sample) < 5 || placeholderRE.MatchString(sample) {
			t.Errorf("%s: exploring sample %q", v, sample)
		}
		for _, s := range splitSentences(sample) {
			if isNextStepSentence(s) {
				t.Errorf("%s: the exploring sample proposes a meeting: %q", v, sample)
			}
		}
		in = momentInput(t, v, "price", true, "")
		in.History = in.History[:len(in.History)-1]
		h, _, _ = e.Hint(context.Background(), in)
		co := newChat(in).concern("price")
		if !strings.Contains(h, co.Open[v.Lang]) {
			t.Errorf("%s: once the concern is told, the hint does not name it (%q): %q", v, co.Open[v.Lang], h)
		}
		if v.Lang == langDE {
			wrong := duWords
			if !v.Sie {
				wrong = sieWords
			}
			if w := containsWord(unbracket(hintSample(h)), wrong); w != "" {
				t.Errorf("%s: sample %q uses %q", v, hintSample(h), w)
			}
		}
	}
}

func TestHintAfterAnUnfinishedOrHostileAnswer(t *testing.T) {
	e := New()
	in := momentInput(t, voices[0], "price", true, "")
	in.History = in.History[:len(in.History)-1]
	pa, _, _ := e.PerfectAnswer(context.Background(), in)
	// Sent unfinished, the hint asks for the placeholder to be filled.
	raw := in
	raw.History = append(append([]coach.Turn(nil), in.History...), coach.Turn{Role: salescoach.RoleSeller, Content: pa})
	h, _, _ := e.Hint(context.Background(), raw)
	if !strings.Contains(h, "Platzhalter") || !strings.Contains(h, placeholderRE.FindString(pa)) {
		t.Errorf("hint after an unfinished perfect answer: %q", h)
	}
	// After contradiction, the tone first, then the move.
	in = answerInput(t, voices[0], "price", "Das stimmt nicht, wir sind günstig.")
	h, _, _ = e.Hint(context.Background(), in)
	if !strings.HasPrefix(h, movesData.Hints[langDE]["tone"]) || !strings.Contains(h, "Jetzt ist Nachfragen dran") {
		t.Errorf("hint after a contradiction: %q", h)
	}
	// After a question with a meeting request behind it: one question.
	in = answerInput(t, voices[2], "price", "I see. What are you comparing us with? Shall we meet on Thursday at 10?")
	h, _, _ = e.Hint(context.Background(), in)
	if !strings.HasPrefix(h, movesData.Hints[langEN]["overrun"]) {
		t.Errorf("hint after an overrun question: %q", h)
	}
}
