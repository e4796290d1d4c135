package mail_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"salescoach"
	"salescoach/mail"
)

func TestLogMailerWritesLinkNotBody(t *testing.T) {
	var buf bytes.Buffer
	m := mail.NewLogMailer(slog.New(slog.NewJSONHandler(&buf, nil)))
	msg := mail.ConfirmEmail("de", "http://localhost:8080/app/confirm?token=abc&x=1")
	msg.To = "max@example.com"
	if err := m.Send(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	var rec map[string]any
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
		t.Fatalf("not one JSON record: %v\n%s", err, buf.String())
	}
	if rec["level"] != "INFO" || rec["to"] != "max@example.com" || rec["subject"] != msg.Subject ||
		rec["link"] != "http://localhost:8080/app/confirm?token=abc&x=1" {
		t.Fatalf("record = %v", rec)
	}
	if strings.Contains(buf.String(), "schön, dass du dabei bist") || strings.Contains(buf.String(), "<html") {
		t.Fatalf("the body reached the log: %s", buf.String())
	}
	if n := strings.Count(buf.String(), "\n"); n != 1 {
		t.Fatalf("%d log lines; want 1", n)
	}
}

func TestLogMailerRejectsWhatSMTPRejects(t *testing.T) {
	var buf bytes.Buffer
	m := mail.NewLogMailer(slog.New(slog.NewJSONHandler(&buf, nil)))
	err := m.Send(context.Background(), salescoach.MailMessage{To: "max@example.com", Subject: "a\r\nBcc: x@example.com"})
	if salescoach.ErrorCode(err) != salescoach.EINVALID || buf.Len() != 0 {
		t.Fatalf("err = %v, log = %q", err, buf.String())
	}
}
