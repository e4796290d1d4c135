package trainer

import (
	"context"
	"strings"
	"testing"

	"salescoach/coach"
)

// Benchmarks of the calls a chat makes per answer, with a large PDF attached
// (the trainer reads the PDF for product words on every call).
func benchInput(b *testing.B) coach.Input {
	in := answerInput(b, voices[0], "price", "Ich verstehe. Was genau ist Ihnen zu teuer? Unsere Zeiterfassung spart Ihnen 20 % Zeit.")
	in.Scenario.PDFText = strings.Repeat("Die Zeiterfassung erfasst Arbeitszeiten direkt auf der Baustelle und übergibt sie an die Lohnabrechnung. ", 2000)
	return in
}

func BenchmarkReplyPush(b *testing.B) {
	e, in := New(), benchInput(b)
	for b.Loop() {
		e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyPush}, func(string) {})
	}
}

func BenchmarkAssess(b *testing.B) {
	e, in := New(), benchInput(b)
	for b.Loop() {
		e.Assess(context.Background(), in)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	e, in := New(), benchInput(b)
	for b.Loop() {
		e.Evaluate(context.Background(), in)
	}
}
