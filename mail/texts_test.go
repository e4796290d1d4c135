package mail_test

import (
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/mail"
)

func TestTexts(t *testing.T) {
	const link = "https://app.example/app/x?token=a&b=<c>"
	const inHref = `href="https://app.example/app/x?token=a&amp;b=%3cc%3e"`
	const inText = ">https://app.example/app/x?token=a&amp;b=&lt;c&gt;<"
	expiry := time.Date(2026, 12, 20, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		msg     salescoach.MailMessage
		subject string
		phrases []string
	}{
		{"confirm de", mail.ConfirmEmail("de", link), "Willkommen bei Sales Coach – bitte bestätige deine E-Mail-Adresse",
			[]string{"Hallo,", "schön, dass du dabei bist!", "E-Mail-Adresse bestätigen", "dein Sales-Coach-Team"}},
		{"confirm default language", mail.ConfirmEmail("", link), "Willkommen bei Sales Coach – bitte bestätige deine E-Mail-Adresse", nil},
		{"confirm unknown language", mail.ConfirmEmail("fr", link), "Willkommen bei Sales Coach – bitte bestätige deine E-Mail-Adresse", nil},
		{"confirm en", mail.ConfirmEmail("en", link), "Welcome to Sales Coach – please confirm your email address",
			[]string{"Hi,", "Confirm email address", "Your Sales Coach team"}},
		{"confirm en-GB", mail.ConfirmEmail("en-GB", link), "Welcome to Sales Coach – please confirm your email address", nil},
		{"reset de", mail.ResetPassword("de", link), "Passwort für Sales Coach zurücksetzen",
			[]string{"Neues Passwort festlegen", "auf allen anderen Geräten abgemeldet", "bisheriges Passwort bleibt gültig"}},
		{"reset en", mail.ResetPassword("en", link), "Reset your Sales Coach password",
			[]string{"Choose a new password", "signed out on all other devices"}},
		{"invite de", mail.Invitation("de", link, "Anna Berg"), "Einladung zu Sales Coach",
			[]string{"Anna Berg hat dich zu Sales Coach eingeladen.", "Einladung annehmen"}},
		{"invite de without inviter", mail.Invitation("de", link, " "), "Einladung zu Sales Coach",
			[]string{"du wurdest zu Sales Coach eingeladen."}},
		{"invite en", mail.Invitation("en", link, "Anna Berg"), "Invitation to Sales Coach",
			[]string{"Anna Berg has invited you to Sales Coach.", "Accept invitation"}},
		{"invite en without inviter", mail.Invitation("en", link, ""), "Invitation to Sales Coach",
			[]string{"You have been invited to Sales Coach."}},
		{"sso secret de", mail.SSOSecretReminder("de", "Vertrieb\u202eNord", expiry, link), "Firmen-Anmeldung von VertriebNord: Das Client-Secret läuft am 20.12.2026 ab",
			[]string{"läuft am 20.12.2026 ab", "Firmen-Anmeldung öffnen", "14 Tage vor dem eingetragenen Ablaufdatum"}},
		{"sso secret en", mail.SSOSecretReminder("en", "Sales North", expiry, link), "Company sign-in of Sales North: the client secret expires on 2026-12-20",
			[]string{"expires on 2026-12-20", "Open company sign-in", "14 days before the expiry date you entered"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.msg
			if m.To != "" {
				t.Errorf("To = %q; the caller sets it", m.To)
			}
			if m.Subject != tt.subject {
				t.Errorf("Subject = %q; want %q", m.Subject, tt.subject)
			}
			if m.Link != link {
				t.Errorf("Link = %q", m.Link)
			}
			if !strings.Contains(m.Text, "\n"+link+"\n") {
				t.Errorf("text lacks the link on its own line:\n%s", m.Text)
			}
			// Twice as href (button and fallback), once as visible text.
			if strings.Contains(m.HTML, link) || strings.Count(m.HTML, inHref) != 2 || !strings.Contains(m.HTML, inText) {
				t.Errorf("HTML does not carry the escaped link:\n%s", m.HTML)
			}
			if !strings.HasPrefix(m.HTML, "<!DOCTYPE html>") || strings.Contains(m.HTML, "<script") {
				t.Errorf("HTML:\n%s", m.HTML)
			}
			for _, p := range tt.phrases {
				if !strings.Contains(m.Text, p) || !strings.Contains(m.HTML, p) {
					t.Errorf("text or HTML lacks %q", p)
				}
			}
		})
	}
}

func TestInvitationEscapesInviter(t *testing.T) {
	m := mail.Invitation("de", "https://app.example/i", "<script>alert(1)</script>\r\nBcc: x@example.com\u202e")
	if strings.Contains(m.HTML, "<script>") || !strings.Contains(m.HTML, "&lt;script&gt;") {
		t.Fatalf("inviter not escaped in HTML:\n%s", m.HTML)
	}
	if strings.ContainsAny(m.Text, "\r\u202e") || strings.Contains(m.Text, "\nBcc:") {
		t.Fatalf("control characters survived in the text:\n%q", m.Text)
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		t.Fatal("subject has a line break")
	}
	long := mail.Invitation("en", "https://app.example/i", strings.Repeat("ä", 200))
	if strings.Contains(long.Text, strings.Repeat("ä", 81)) {
		t.Fatal("inviter name not shortened")
	}
}

func TestTextsNeutraliseScriptLinks(t *testing.T) {
	m := mail.ResetPassword("de", "javascript:alert(1)")
	if strings.Contains(m.HTML, `href="javascript:`) {
		t.Fatalf("javascript: link survived:\n%s", m.HTML)
	}
}
