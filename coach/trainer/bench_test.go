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

// BenchmarkTurn is one answer of a chat in its fifth turn, without a PDF:
// the answer assessed and the customer's reply written, as the server does
// per message with the built-in trainer.
func BenchmarkTurn(b *testing.B) {
	e := New()
	in := answerInput(b, voices[0], "price", "Ich verstehe. Was genau ist Ihnen zu teuer?")
	in.Scenario.Difficulty = 3
	for _, ans := range []string{
		"Das kann ich nachvollziehen. Wie viel zahlen Sie heute dafür?",
		"Unsere Zeiterfassung spart Ihnen pro Woche 5 Stunden, ein Dachdecker mit 12 Leuten hat die Kosten nach vier Monaten wieder drin.",
		"Sollen wir am Donnerstag Ihre Zahlen durchrechnen?",
	} {
		push, _, _ := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyPush}, nil)
		in.History = append(in.History, coach.Turn{Role: "assistant", Content: push}, coach.Turn{Role: "user", Content: ans})
	}
	for b.Loop() {
		a, _, _ := e.Assess(context.Background(), in)
		e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyPush, Assessment: a}, func(string) {})
	}
}
