package mail

import (
	"bytes"
	"html/template"
	"strings"
	"time"
	"unicode"

	"salescoach"
)

// mailText is one mail in one language. The plain-text and HTML bodies are
// both rendered from it, so they cannot drift apart.
type mailText struct {
	lang     string
	subject  string
	greeting string
	before   []string // paragraphs before the link
	button   string   // the link's label
	fallback string   // shown above the bare link in HTML
	after    []string // paragraphs after the link
	signOff  string
	team     string
}

var common = map[string]struct{ greeting, fallback, signOff, team string }{
	salescoach.LanguageDE: {
		greeting: "Hallo,",
		fallback: "Falls der Button nicht funktioniert, kopiere diesen Link in deinen Browser:",
		signOff:  "Viele Grüße",
		team:     "dein Sales-Coach-Team",
	},
	salescoach.LanguageEN: {
		greeting: "Hi,",
		fallback: "If the button does not work, copy this link into your browser:",
		signOff:  "Best regards",
		team:     "Your Sales Coach team",
	},
}

// language maps a user's language to a supported one; German is the default.
func language(lang string) string {
	l := strings.ToLower(strings.TrimSpace(lang))
	if l == salescoach.LanguageEN || strings.HasPrefix(l, "en-") || strings.HasPrefix(l, "en_") {
		return salescoach.LanguageEN
	}
	return salescoach.LanguageDE
}

func newText(lang string) mailText {
	lang = language(lang)
	c := common[lang]
	return mailText{lang: lang, greeting: c.greeting, fallback: c.fallback, signOff: c.signOff, team: c.team}
}

// ConfirmEmail returns the mail that asks a new user to confirm the address,
// in lang ("de", the default, or "en"), with link as its action. To is left
// for the caller. It cannot fail.
func ConfirmEmail(lang, link string) salescoach.MailMessage {
	t := newText(lang)
	if t.lang == salescoach.LanguageEN {
		t.subject = "Welcome to Sales Coach – please confirm your email address"
		t.before = []string{"Great to have you on board! Please confirm your email address, then you can start practising objection handling with Sales Coach right away."}
		t.button = "Confirm email address"
		t.after = []string{"The link works only once and only for a limited time. If you did not sign up for Sales Coach, just ignore this email."}
	} else {
		t.subject = "Willkommen bei Sales Coach – bitte bestätige deine E-Mail-Adresse"
		t.before = []string{"schön, dass du dabei bist! Bestätige bitte noch kurz deine E-Mail-Adresse, dann kannst du mit Sales Coach direkt loslegen und deine Einwandbehandlung trainieren."}
		t.button = "E-Mail-Adresse bestätigen"
		t.after = []string{"Der Link funktioniert nur einmal und ist nur begrenzt gültig. Wenn du dich nicht bei Sales Coach registriert hast, kannst du diese E-Mail einfach ignorieren."}
	}
	return t.render(link)
}

// ResetPassword returns the mail with the one-time link for choosing a new
// password, in lang ("de", the default, or "en"). To is left for the caller.
// It cannot fail.
func ResetPassword(lang, link string) salescoach.MailMessage {
	t := newText(lang)
	if t.lang == salescoach.LanguageEN {
		t.subject = "Reset your Sales Coach password"
		t.before = []string{"You asked for a new password for your Sales Coach account. Use the link below to choose one."}
		t.button = "Choose a new password"
		t.after = []string{
			"The link works only once and only for a limited time. Once you have set a new password, you will be signed out on all other devices.",
			"If you did not ask for this, just ignore this email – your current password stays valid.",
		}
	} else {
		t.subject = "Passwort für Sales Coach zurücksetzen"
		t.before = []string{"du hast ein neues Passwort für dein Sales-Coach-Konto angefordert. Über den folgenden Link kannst du es festlegen."}
		t.button = "Neues Passwort festlegen"
		t.after = []string{
			"Der Link funktioniert nur einmal und ist nur begrenzt gültig. Sobald du ein neues Passwort festgelegt hast, wirst du auf allen anderen Geräten abgemeldet.",
			"Wenn du kein neues Passwort angefordert hast, ignoriere diese E-Mail einfach – dein bisheriges Passwort bleibt gültig.",
		}
	}
	return t.render(link)
}

// Invitation returns the mail that invites someone an admin has created, in
// lang ("de", the default, or "en"). inviterName may be empty; control and
// formatting characters are removed from it and it is shortened to 80
// characters, so that a display name cannot reshape the mail. To is left for
// the caller. It cannot fail.
func Invitation(lang, link, inviterName string) salescoach.MailMessage {
	t := newText(lang)
	inviter := cleanName(inviterName)
	if t.lang == salescoach.LanguageEN {
		t.subject = "Invitation to Sales Coach"
		intro := "You have been invited to Sales Coach."
		if inviter != "" {
			intro = inviter + " has invited you to Sales Coach."
		}
		t.before = []string{intro + " With Sales Coach you practise handling objections in sales conversations with an AI customer and get feedback on every answer."}
		t.button = "Accept invitation"
		t.after = []string{"The link lets you set your password. It works only once and only for a limited time. If this invitation means nothing to you, just ignore this email."}
	} else {
		t.subject = "Einladung zu Sales Coach"
		intro := "du wurdest zu Sales Coach eingeladen."
		if inviter != "" {
			intro = inviter + " hat dich zu Sales Coach eingeladen."
		}
		t.before = []string{intro + " Mit Sales Coach übst du die Einwandbehandlung im Verkaufsgespräch mit einem KI-Kunden und bekommst zu jeder Antwort direkt Feedback."}
		t.button = "Einladung annehmen"
		t.after = []string{"Über den Link legst du dein Passwort fest. Er funktioniert nur einmal und ist nur begrenzt gültig. Wenn du mit dieser Einladung nichts anfangen kannst, ignoriere diese E-Mail einfach."}
	}
	return t.render(link)
}

func cleanName(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 80 {
		s = strings.TrimSpace(string(r[:80]))
	}
	return s
}

func (t mailText) render(link string) salescoach.MailMessage {
	var b strings.Builder
	b.WriteString(t.greeting + "\n\n")
	for _, p := range t.before {
		b.WriteString(p + "\n\n")
	}
	b.WriteString(t.button + ":\n" + link + "\n\n")
	for _, p := range t.after {
		b.WriteString(p + "\n\n")
	}
	b.WriteString(t.signOff + "\n" + t.team + "\n")

	var h bytes.Buffer
	// The data is ours except link and the inviter's name; html/template
	// escapes both and turns a non-http(s) link into a harmless "#ZgotmplZ".
	if err := htmlLayout.Execute(&h, t.htmlData(link)); err != nil {
		// Only a broken template can fail, and a test renders every mail;
		// the plain text alone is still a complete mail.
		h.Reset()
	}
	return salescoach.MailMessage{Subject: t.subject, Text: b.String(), HTML: h.String(), Link: link}
}

type htmlData struct {
	Lang, Subject, Greeting, Button, Fallback, SignOff, Team string
	Before, After                                            []string
	Link                                                     string
}

func (t mailText) htmlData(link string) htmlData {
	return htmlData{
		Lang: t.lang, Subject: t.subject, Greeting: t.greeting, Button: t.button, Fallback: t.fallback,
		SignOff: t.signOff, Team: t.team, Before: t.before, After: t.after, Link: link,
	}
}

// htmlLayout is deliberately plain: inline styles only (mail clients drop
// style sheets), one column, and a button colour with 5:1 contrast to white.
var htmlLayout = template.Must(template.New("mail").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Subject}}</title>
</head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;">Sales Coach</p>
<p style="line-height:1.5;">{{.Greeting}}</p>
{{range .Before}}<p style="line-height:1.5;">{{.}}</p>
{{end}}<p style="margin:28px 0;"><a href="{{.Link}}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold;">{{.Button}}</a></p>
<p style="font-size:13px;line-height:1.5;color:#4b5563;">{{.Fallback}}<br><a href="{{.Link}}" style="color:#1d4ed8;word-break:break-all;">{{.Link}}</a></p>
{{range .After}}<p style="line-height:1.5;">{{.}}</p>
{{end}}<p style="line-height:1.5;">{{.SignOff}}<br>{{.Team}}</p>
</div>
</body>
</html>
`))

// TeamInvitation returns the mail that invites someone to the team named
// team, in lang ("de", the default, or "en"), with link as its action
// (<BASE_URL>/app/team/join?token=...). To is left for the caller. The
// team's name is the owner's text: the HTML template escapes it, and it is
// cut to 100 characters like every team name. It cannot fail.
func TeamInvitation(lang, team, link string) salescoach.MailMessage {
	t := newText(lang)
	if t.lang == salescoach.LanguageEN {
		t.subject = "Your invitation to the team " + team + " on Sales Coach"
		t.before = []string{"You have been invited to join the team " + team + " on Sales Coach. Its managers will see your training progress (not your practice chats, unless you share one)."}
		t.button = "Join the team"
		t.after = []string{"The link works only once and for 7 days. If you have no account yet, sign up with this email address through the link; you join the team when you confirm it."}
	} else {
		t.subject = "Deine Einladung ins Team " + team + " bei Sales Coach"
		t.before = []string{"du wurdest eingeladen, dem Team " + team + " bei Sales Coach beizutreten. Die Manager des Teams sehen deinen Trainingsfortschritt (deine Übungs-Chats nicht, außer du teilst einen)."}
		t.button = "Dem Team beitreten"
		t.after = []string{"Der Link funktioniert nur einmal und ist 7 Tage gültig. Wenn du noch kein Konto hast, registriere dich über den Link mit dieser E-Mail-Adresse; du trittst dem Team bei, sobald du sie bestätigst."}
	}
	return t.render(link)
}

// AssignmentReminder returns the reminder of a team assignment due at due
// (shown in UTC), in lang ("de", the default, or "en"), with link as its
// action (the app's dashboard, where 'Aufgaben' starts it). To is left for
// the caller. The title is the manager's text: the HTML template escapes
// it, and control characters are removed. It cannot fail.
func AssignmentReminder(lang, title string, due time.Time, link string) salescoach.MailMessage {
	t := newText(lang)
	title = oneLine(title)
	when := due.UTC().Format("02.01.2006 15:04") + " UTC"
	if t.lang == salescoach.LanguageEN {
		when = due.UTC().Format("2006-01-02 15:04") + " UTC"
		t.subject = "Reminder: " + title + " is due tomorrow"
		t.before = []string{"your team's assignment \u201c" + title + "\u201d is due on " + when + ". You start it under 'Assignments' on your dashboard; a won chat completes it."}
		t.button = "Open my assignments"
		t.after = []string{"You get this reminder once, one day before the due date."}
	} else {
		t.subject = "Erinnerung: " + title + " ist morgen fällig"
		t.before = []string{"die Aufgabe \u201e" + title + "\u201c deines Teams ist am " + when + " fällig. Du startest sie auf deinem Dashboard unter 'Aufgaben'; ein gewonnener Chat schließt sie ab."}
		t.button = "Meine Aufgaben öffnen"
		t.after = []string{"Diese Erinnerung bekommst du einmal, einen Tag vor dem Fälligkeitsdatum."}
	}
	return t.render(link)
}

// oneLine drops control and format characters from a name a user gave
// (an assignment's title, a team's name) before it goes into a mail.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return -1
		}
		return r
	}, s)
}

// SSOSecretReminder reminds a team's owner that the client secret of the
// company sign-in expires on expires (issue 40), 14 days before, linking
// to the team's company sign-in page.
func SSOSecretReminder(lang, team string, expires time.Time, link string) salescoach.MailMessage {
	t := newText(lang)
	team = oneLine(team)
	if t.lang == salescoach.LanguageEN {
		when := expires.UTC().Format("2006-01-02")
		t.subject = "Company sign-in of " + team + ": the client secret expires on " + when
		t.before = []string{"the client secret of your team \u201c" + team + "\u201d's company sign-in expires on " + when + ". After that nobody can sign in through your company. Create a new secret at your provider and enter it under 'Company sign-in', with its expiry date."}
		t.button = "Open company sign-in"
		t.after = []string{"You get this reminder once, 14 days before the expiry date you entered."}
	} else {
		when := expires.UTC().Format("02.01.2006")
		t.subject = "Firmen-Anmeldung von " + team + ": Das Client-Secret läuft am " + when + " ab"
		t.before = []string{"das Client-Secret der Firmen-Anmeldung deines Teams \u201e" + team + "\u201c läuft am " + when + " ab. Danach kann sich niemand mehr über eure Firma anmelden. Lege bei eurem Anbieter ein neues Secret an und trag es unter 'Firmen-Anmeldung' mit seinem Ablaufdatum ein."}
		t.button = "Firmen-Anmeldung öffnen"
		t.after = []string{"Diese Erinnerung bekommst du einmal, 14 Tage vor dem eingetragenen Ablaufdatum."}
	}
	return t.render(link)
}
