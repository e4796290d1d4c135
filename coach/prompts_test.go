package coach

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"salescoach"
)

const promptTestProduct = "FlottCRM – ein CRM für Handwerksbetriebe, 29 € pro Nutzer"

func promptTestInput(lang, formality string, tone *salescoach.TonePreset, mode string, difficulty int) Input {
	return Input{
		Scenario: Scenario{
			Product:     promptTestProduct,
			PDFName:     "Preisliste.pdf",
			PDFText:     "Paket Basis 29 €, Paket Pro 49 €.",
			Mode:        mode,
			Difficulty:  difficulty,
			Formality:   formality,
			Language:    lang,
			Tone:        tone,
			CompanyRole: "Key Account Manager",
		},
		History: []Turn{
			{Role: salescoach.RoleUser, Content: "Guten Tag, ich stelle FlottCRM vor."},
			{Role: salescoach.RoleAssistant, Content: "Das ist uns zu teuer."},
			{Role: salescoach.RoleSystem, Content: "Einwand 1 von 2"},
			{Role: salescoach.RoleSeller, Content: "Das verstehe ich. Was kostet Sie heute die Zettelwirtschaft?"},
		},
		Stage: 1, TotalStages: 2, Objection: "price", Progress: 40,
	}
}

// promptJoin concatenates the messages for "contains" checks.
func promptJoin(msgs []PromptMessage) string {
	var b strings.Builder
	for _, m := range msgs {
		fmt.Fprintf(&b, "[%s]\n%s\n", m.Role, m.Content)
	}
	return b.String()
}

func promptContains(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q", what, w)
		}
	}
}

func promptLacks(t *testing.T, what, text string, unwanted ...string) {
	t.Helper()
	for _, w := range unwanted {
		if strings.Contains(text, w) {
			t.Errorf("%s contains %q", what, w)
		}
	}
}

func TestReplyMessagesVariants(t *testing.T) {
	tone := &salescoach.TonePreset{Name: "Ungeduldig", Description: "will schnell zum Punkt kommen"}
	type variant struct {
		lang, formality string
		tone            *salescoach.TonePreset
		mode            string
		difficulty      int
	}
	var variants []variant
	for _, lang := range []string{"de", "en"} {
		for _, f := range []string{salescoach.FormalityDu, salescoach.FormalitySie} {
			for _, tn := range []*salescoach.TonePreset{nil, tone} {
				for _, mode := range []string{salescoach.ModePractice, salescoach.ModeExam} {
					for d := 1; d <= 3; d++ {
						variants = append(variants, variant{lang, f, tn, mode, d})
					}
				}
			}
		}
	}
	words := map[string]map[string]string{
		"de": {"du": "Du duzt den Verkäufer", "sie": "Du siezt den Verkäufer", "neutral": "sachlich, neutral",
			"exam": "Dies ist eine Prüfung", "practice": "Dies ist eine Übung", "stage": "(Einwand 1 von 2)",
			"1": "Leicht –", "2": "Mittel –", "3": "Schwer –", "role": "Key Account Manager",
			"open": "Eröffne das Gespräch", "push": "noch nicht ausgeräumt", "next": "vorheriger Einwand ist ausgeräumt",
			"convinced": "Alle deine Einwände sind ausgeräumt", "missing": "Der letzten Antwort fehlte: Rückfrage stellen, Beleg / Beispiel",
			"listen": "beantworte die Frage zuerst", "given": "verlangst es nie noch einmal", "goodq": "„Gute Frage“ nur, wenn er wirklich gefragt hat",
			"twice": "keinen Satz zweimal", "early": "noch zu früh",
			// Issue 37: a customer who listens and varies.
			"proposal": "auch ein Vorschlag wie „Soll ich Ihnen die Unterlagen schicken?“ ist eine Frage", "recent": "nach einer Angabe aus seinen letzten beiden Antworten fragst du nie",
			"six": "keinen Satz von sechs oder mehr Wörtern, auch keinen Schlusssatz", "opener": "nie zwei Antworten hintereinander mit derselben Formel",
			"quote": "nur ganze Satzteile von mindestens fünf Wörtern – oder gar nicht", "trade": "Reaktionszeiten – und benutzt keine Wörter für Waren"},
		"en": {"du": "address the seller informally", "sie": "address the seller formally", "neutral": "matter-of-fact, neutral",
			"exam": "This is an exam", "practice": "This is practice", "stage": "(objection 1 of 2)",
			"1": "Easy –", "2": "Medium –", "3": "Hard –", "role": "Key Account Manager",
			"open": "open the conversation", "push": "has not been resolved", "next": "previous objection has been resolved",
			"convinced": "all your objections have been resolved", "missing": "The last answer lacked: Ask a question, Evidence / example",
			"listen": "answer the question first", "given": "never demand again", "goodq": `Say "Good question" only when they really asked one`,
			"twice": "never say the same sentence twice", "early": "too early for you",
			"proposal": `a proposal such as "Shall I send you the documents?" is a question too`, "recent": "never ask for a fact they gave in their last two answers",
			"six": "no sentence of six or more words, closing lines included", "opener": "never open two replies in a row with the same phrase",
			"quote": "only whole clauses of five or more words – or not at all", "trade": "response times – and you use no words for goods"},
	}
	assessment := &Assessment{Score: 45, Techniques: []salescoach.Technique{
		{Key: "evidence"}, {Key: "acknowledge", Shown: true}, {Key: "question"}, {Key: "bogus"},
	}}
	for _, v := range variants {
		in := promptTestInput(v.lang, v.formality, v.tone, v.mode, v.difficulty)
		w := words[v.lang]
		for _, kind := range []string{ReplyOpen, ReplyPush, ReplyNext, ReplyConvinced} {
			name := fmt.Sprintf("%s/%s/tone=%v/%s/%d/%s", v.lang, v.formality, v.tone != nil, v.mode, v.difficulty, kind)
			msgs, err := ReplyMessages(in, ReplyPlan{Kind: kind, Assessment: assessment})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			system := msgs[0].Content
			promptContains(t, name, system, w[v.formality], w[fmt.Sprint(v.difficulty)], w["stage"], w["role"],
				promptTestProduct, "Preisliste.pdf", "Paket Pro 49 €", Objections[0].Description[v.lang])
			// Issue 24: a customer with a memory of the conversation.
			promptContains(t, name, system, w["listen"], w["given"], w["goodq"], w["twice"], w["early"])
			promptContains(t, name, system, w["proposal"], w["recent"], w["six"], w["opener"], w["quote"], w["trade"])
			if v.mode == salescoach.ModeExam {
				promptContains(t, name, system, w["exam"])
			} else {
				promptContains(t, name, system, w["practice"])
			}
			if v.tone != nil {
				promptContains(t, name, system, "Ungeduldig – will schnell zum Punkt kommen")
			} else {
				promptContains(t, name, system, w["neutral"])
			}
			inst := msgs[len(msgs)-2]
			if inst.Role != salescoach.RoleSystem {
				t.Errorf("%s: instruction has role %s", name, inst.Role)
			}
			promptContains(t, name+" instruction", inst.Content, w[kind])
			if kind == ReplyPush {
				promptContains(t, name+" instruction", inst.Content, w["missing"], "45")
			}
			last := msgs[len(msgs)-1]
			if last.Role != salescoach.RoleSystem || last.Content != ReminderPrefix+promptTestProduct {
				t.Errorf("%s: last message %+v is not the reminder", name, last)
			}
			promptLacks(t, name, promptJoin(msgs), "<no value>", "%!")
		}
	}
}

func TestReplyMessagesMapsHistory(t *testing.T) {
	in := promptTestInput("de", "sie", nil, salescoach.ModePractice, 2)
	in.History = []Turn{
		{Role: salescoach.RoleAssistant, Content: "Zu teuer."},
		{Role: salescoach.RoleUser, Content: "Erste Zeile."},
		{Role: salescoach.RoleSeller, Content: "Zweite Zeile."},
		{Role: salescoach.RoleSystem, Content: "Einwand gelöst"},
		{Role: salescoach.RoleAssistant, Content: ReminderPrefix + "altes Produkt"},
		{Role: salescoach.RoleUser, Content: "   "},
		{Role: salescoach.RoleAssistant, Content: "Und die Umstellung?"},
		{Role: salescoach.RoleUser, Content: "Dauert einen Tag."},
	}
	msgs, err := ReplyMessages(in, ReplyPlan{Kind: ReplyPush})
	if err != nil {
		t.Fatal(err)
	}
	got := msgs[1 : len(msgs)-2]
	want := []PromptMessage{
		{salescoach.RoleAssistant, "Zu teuer."},
		{salescoach.RoleUser, "Erste Zeile.\n\nZweite Zeile."},
		{salescoach.RoleAssistant, "Und die Umstellung?"},
		{salescoach.RoleUser, "Dauert einen Tag."},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("history = %q\nwant %q", got, want)
	}
	if strings.Count(promptJoin(msgs), ReminderPrefix) != 1 {
		t.Error("the reminder must appear exactly once")
	}
}

func TestReplyMessagesUnknownKind(t *testing.T) {
	_, err := ReplyMessages(Input{}, ReplyPlan{Kind: "sing"})
	if salescoach.ErrorCode(err) != salescoach.EINVALID {
		t.Fatalf("err = %v", err)
	}
}

func TestAssessMessages(t *testing.T) {
	for _, lang := range []string{"de", "en"} {
		for _, f := range []string{"du", "sie"} {
			msgs, err := AssessMessages(promptTestInput(lang, f, nil, salescoach.ModePractice, 2))
			if err != nil {
				t.Fatal(err)
			}
			if len(msgs) != 2 || msgs[0].Role != "system" || msgs[1].Role != "user" {
				t.Fatalf("roles %+v", msgs)
			}
			name := lang + "/" + f
			system, user := msgs[0].Content, msgs[1].Content
			for _, k := range RubricKeys {
				promptContains(t, name, system, k+" ", RubricLabel(lang, k))
			}
			promptContains(t, name, system, "85–100", "60–84", "35–59", "10–34", "0–9", promptTestProduct)
			if lang == "de" {
				promptContains(t, name, system, "„…“", "Zitiere", "Verkäufer", map[string]string{"du": "du (duzen)", "sie": "Sie (siezen)"}[f])
				promptContains(t, name, user, "<antwort>\nDas verstehe ich. Was kostet Sie heute die Zettelwirtschaft?\n</antwort>", "Kunde: Das ist uns zu teuer.")
			} else {
				promptContains(t, name, system, `"…"`, "Quote", map[string]string{"du": "informal", "sie": "formal (polite"}[f])
				promptContains(t, name, user, "<answer>\nDas verstehe ich.", "Customer: Das ist uns zu teuer.")
			}
			promptLacks(t, name, user, "Einwand 1 von 2") // system notices are not part of the transcript
		}
	}
}

func TestEvaluationMessagesListCategoriesInOrder(t *testing.T) {
	for _, lang := range []string{"de", "en"} {
		msgs, err := EvaluationMessages(promptTestInput(lang, "sie", nil, salescoach.ModeExam, 3))
		if err != nil {
			t.Fatal(err)
		}
		system := msgs[0].Content
		last := -1
		for i, c := range Categories[lang] {
			at := strings.Index(system, fmt.Sprintf("%d. %s:", i+1, c))
			if at <= last {
				t.Errorf("%s: category %q missing or out of order", lang, c)
			}
			last = at
		}
		promptContains(t, lang, system, "improvements", "top_points", "intro")
		// Issue 24: the evaluation from the seller's own words.
		promptContains(t, lang, system, map[string]string{"de": "nur, was der Verkäufer selbst geschrieben hat", "en": "only what the seller wrote themselves"}[lang],
			map[string]string{"de": "schon getan hat", "en": "already did"}[lang])
		promptContains(t, lang, msgs[1].Content, "FlottCRM vor.")
	}
}

func TestHintAndPerfectAnswerMessages(t *testing.T) {
	in := promptTestInput("de", "du", nil, salescoach.ModePractice, 1)
	in.History = in.History[:2] // the customer spoke last
	for name, build := range map[string]func(Input) ([]PromptMessage, error){"hint": HintMessages, "perfect": PerfectAnswerMessages} {
		msgs, err := build(in)
		if err != nil {
			t.Fatal(err)
		}
		promptContains(t, name, msgs[0].Content, "du (duzen)", "explore (Nachfragen)", "respond (auf das Anliegen eingehen)", "advance (nächster Schritt)", promptTestProduct)
		promptContains(t, name, msgs[1].Content, "<kunde>\nDas ist uns zu teuer.\n</kunde>")
	}
	msgs, _ := HintMessages(in)
	promptContains(t, "hint", msgs[0].Content, `{"tip": "…"}`)
	msgs, _ = PerfectAnswerMessages(in)
	promptContains(t, "perfect", msgs[0].Content, `{"message": "…"}`)
}

func TestSummaryMessages(t *testing.T) {
	long := strings.Repeat("Wort ", MaxPromptWebsiteRunes)
	for _, lang := range []string{"de", "en"} {
		msgs, err := SummaryMessages(lang, "Wir verkaufen Solardächer. "+long)
		if err != nil {
			t.Fatal(err)
		}
		promptContains(t, lang, msgs[0].Content, "700", "3")
		promptContains(t, lang, msgs[1].Content, "Wir verkaufen Solardächer.")
		if n := utf8.RuneCountInString(msgs[1].Content); n > MaxPromptWebsiteRunes+200 {
			t.Errorf("%s: website text of %d runes not truncated", lang, n)
		}
		promptContains(t, lang, msgs[1].Content, map[string]string{"de": "gekürzt", "en": "shortened"}[lang])
	}
}

func TestPDFTruncation(t *testing.T) {
	in := promptTestInput("de", "sie", nil, salescoach.ModePractice, 2)
	in.Scenario.PDFText = strings.Repeat("Datenblatt ", 3000) + "ENDE-DES-DOKUMENTS"
	msgs, err := ReplyMessages(in, ReplyPlan{Kind: ReplyOpen})
	if err != nil {
		t.Fatal(err)
	}
	system := msgs[0].Content
	promptContains(t, "de", system, "nur die ersten 12000 Zeichen")
	promptLacks(t, "de", system, "ENDE-DES-DOKUMENTS")
	start := strings.Index(system, "<dokument>\n") + len("<dokument>\n")
	end := strings.Index(system, "\n</dokument>")
	if n := utf8.RuneCountInString(system[start:end]); n > MaxPromptPDFRunes+2 || n < MaxPromptPDFRunes*9/10 {
		t.Errorf("PDF excerpt of %d runes", n)
	}

	in.Scenario.Language = "en"
	msgs, _ = AssessMessages(in)
	promptContains(t, "en", msgs[0].Content, "only its first 12000 characters")

	in.Scenario.PDFText = "kurz"
	msgs, _ = AssessMessages(in)
	promptLacks(t, "short PDF", msgs[0].Content, "first 12000")
}

func TestTranscriptKeepsNewestTurns(t *testing.T) {
	in := promptTestInput("de", "sie", nil, salescoach.ModePractice, 2)
	in.History = nil
	for i := range 60 {
		role := salescoach.RoleUser
		if i%2 == 0 {
			role = salescoach.RoleAssistant
		}
		in.History = append(in.History, Turn{Role: role, Content: fmt.Sprintf("Nachricht-%02d %s", i, strings.Repeat("x", 900))})
	}
	msgs, err := EvaluationMessages(in)
	if err != nil {
		t.Fatal(err)
	}
	user := msgs[1].Content
	promptContains(t, "transcript", user, "frühere Nachrichten ausgelassen", "Nachricht-59")
	promptLacks(t, "transcript", user, "Nachricht-00")
	if n := utf8.RuneCountInString(user); n > MaxPromptTranscriptRunes+2000 {
		t.Errorf("transcript of %d runes", n)
	}
	reply, _ := ReplyMessages(in, ReplyPlan{Kind: ReplyPush})
	if reply[1].Content == in.History[0].Content {
		t.Error("the reply history was not cut")
	}
}

func TestPromptsRenderEmptyInputs(t *testing.T) {
	for i, lang := range []string{"", "de", "en", "fr"} {
		// Every other language also renders the Standard form of address
		// and a move on the reply plan.
		in := Input{Scenario: Scenario{Language: lang, AdaptFormality: i%2 == 1}}
		var all []PromptMessage
		for _, kind := range []string{ReplyOpen, ReplyPush, ReplyNext, ReplyConvinced} {
			a := &Assessment{}
			if i%2 == 1 {
				a.Move = &salescoach.Move{Expected: salescoach.MoveAdvance}
			}
			msgs, err := ReplyMessages(in, ReplyPlan{Kind: kind, Assessment: a})
			if err != nil {
				t.Fatalf("%q %s: %v", lang, kind, err)
			}
			all = append(all, msgs...)
		}
		for name, build := range map[string]func(Input) ([]PromptMessage, error){
			"assess": AssessMessages, "hint": HintMessages, "perfect": PerfectAnswerMessages, "evaluation": EvaluationMessages,
		} {
			msgs, err := build(in)
			if err != nil {
				t.Fatalf("%q %s: %v", lang, name, err)
			}
			all = append(all, msgs...)
		}
		msgs, err := SummaryMessages(lang, "")
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, msgs...)
		text := promptJoin(all)
		promptLacks(t, "empty "+lang, text, "<no value>", "%!", "\n\n\n", "Einwand 0 von 0", "objection 0 of 0")
		for _, m := range all {
			if strings.TrimSpace(m.Content) == "" {
				t.Errorf("%q: empty %s message", lang, m.Role)
			}
		}
	}
}

func TestRubricAndReminder(t *testing.T) {
	want := map[string]string{"acknowledge": "Einwand anerkennen", "question": "Rückfrage stellen", "benefit": "Nutzen fürs Produkt",
		"evidence": "Beleg / Beispiel", "next_step": "Nächster Schritt", "formality": "Passende Anrede", "tone": "Ton & Länge"}
	if len(RubricKeys) != len(want) {
		t.Fatalf("%d keys", len(RubricKeys))
	}
	for _, k := range RubricKeys {
		if RubricLabel("de", k) != want[k] || RubricLabel("", k) != want[k] || RubricLabel("en", k) == "" || RubricLabel("en", k) == want[k] {
			t.Errorf("labels of %s: %q %q", k, RubricLabel("de", k), RubricLabel("en", k))
		}
	}
	if RubricLabel("de", "nope") != "" {
		t.Error("unknown key has a label")
	}
	if got := ReminderLine("  CRM \n für\tHandwerker "); got != ReminderPrefix+"CRM für Handwerker" {
		t.Errorf("reminder = %q", got)
	}
	if got := ReminderLine(strings.Repeat("lang ", 1000)); utf8.RuneCountInString(got) > len(ReminderPrefix)+maxReminderProductRunes+2 || strings.Contains(got, "\n") {
		t.Errorf("reminder of %d runes", utf8.RuneCountInString(got))
	}
	if got := CorrectionNote("en", "score out of range"); !strings.Contains(got, "score out of range") || !strings.Contains(got, "JSON") {
		t.Errorf("correction = %q", got)
	}
}

// moveWords are the words of issue 37's rubric per language: the three
// moves with the names the seller reads, and rules that only a prompt
// carrying that rubric has.
var moveWords = map[string]map[string]string{
	"de": {
		"explore": "explore (Nachfragen)", "respond": "respond (auf das Anliegen eingehen)", "advance": "advance (nächster Schritt)",
		"explore_only":  "Nutzen, Beleg und nächster Schritt braucht es dafür nicht",
		"both":          "Eine Frage und eine Terminbitte in derselben Nachricht sind kein Nachfragen",
		"due":           "respond, sobald er es gesagt hat, bis eine Antwort des Verkäufers genau dieses Anliegen mit Substanz getroffen hat",
		"last":          "abgeschlossen ist das Gespräch erst mit advance",
		"middle":        "Trifft eine Antwort das Anliegen (respond), ist er ausgeräumt",
		"figures":       "(„5 Minuten statt einer Stunde“, „acht Arbeitstage“, „13 von 14“)",
		"generic":       "Allgemeine Floskeln („ein Kunde hat damit viel gespart“, „was genau dahintersteckt“), Rabatte und Schmeicheleien sind nie Nutzen oder Beleg",
		"formula":       "„Ich verstehe Ihre Bedenken. Darf ich fragen, was genau dahintersteckt? Ein Kunde hat damit viel gespart. Sollen wir einen Termin machen?“ liegt immer unter 50",
		"explore_score": "Wer, als Nachfragen dran war, mit eigenen Worten anerkennt und eine echte, offene Frage stellt, liegt hier",
		"gaming":        "die Worte des Kunden zurückgeschickt, Kauderwelsch, „ok“ oder Small Talk sind kein Zug: score höchstens 9, made false",
		"move_first":    "zuerst move, dann techniques",
		"reason":        "an den Verkäufer mit „du“ gerichtet",
		"reason_len":    "höchstens 300 Zeichen",
		"reason_eg":     "„Jetzt war Nachfragen dran – gut gemacht:",
		"held":          "nennt der reason, was noch offen ist",
		"premature":     "Solange der Einwand steht, ist er verfrüht: dann shown false",
	},
	"en": {
		"explore": "explore (asking)", "respond": "respond (answering the concern)", "advance": "advance (next step)",
		"explore_only":  "It needs no benefit, evidence or next step",
		"both":          "A question and a meeting request in the same message are no exploring",
		"due":           "respond, once they have told it, until an answer of the seller has met exactly that concern with substance",
		"last":          "the conversation closes only with advance",
		"middle":        "once an answer meets the concern (respond), it is settled",
		"figures":       `("5 minutes instead of an hour", "eight working days", "13 out of 14")`,
		"generic":       `Generic phrases ("a customer saved a lot with it", "what exactly is behind it"), discounts and flattery are never benefit or evidence`,
		"formula":       `"I understand your concerns. May I ask what exactly is behind it? A customer saved a lot with it. Shall we set up a meeting?" always scores below 50`,
		"explore_score": "Acknowledging in one's own words and asking a real, open question when asking was due belongs here",
		"gaming":        `the customer's words sent back, gibberish, "ok" or small talk are no move: score at most 9, made false`,
		"move_first":    "first move, then techniques",
		"reason":        `addressed to the seller as "you"`,
		"reason_len":    "at most 300 characters",
		"reason_eg":     `"It was time to ask – well done:`,
		"held":          "the reason names what is still open",
		"premature":     "While the objection stands it is premature: then shown is false",
	},
}

// lastObjection makes in a chat whose current objection is its last.
func lastObjection(in Input) Input {
	in.Stage, in.TotalStages = 2, 2
	return in
}

// The trainer prompts teach one rubric (issue 37): the three moves, how
// to tell from the conversation which is due (the last objection needing
// the advance), and substance over form. The assessment scores by the
// move, fights gaming and asks for the move first, with a reason in the
// seller's words.
func TestTrainerPromptsJudgeTheMove(t *testing.T) {
	for _, lang := range []string{"de", "en"} {
		w := moveWords[lang]
		for _, last := range []bool{false, true} {
			in := promptTestInput(lang, "sie", nil, salescoach.ModePractice, 2)
			due, notDue := w["middle"], w["last"]
			if last {
				in = lastObjection(in)
				due, notDue = notDue, due
			}
			for name, build := range map[string]func(Input) ([]PromptMessage, error){
				"assess": AssessMessages, "hint": HintMessages, "perfect": PerfectAnswerMessages,
			} {
				name = fmt.Sprintf("%s %s last=%v", lang, name, last)
				msgs, err := build(in)
				if err != nil {
					t.Fatal(err)
				}
				system := msgs[0].Content
				promptContains(t, name, system, w["explore"], w["respond"], w["advance"], w["explore_only"], w["both"], w["due"], due,
					w["figures"], w["generic"])
				promptLacks(t, name, system, notDue)
			}
		}
		msgs, err := AssessMessages(promptTestInput(lang, "sie", nil, salescoach.ModePractice, 2))
		if err != nil {
			t.Fatal(err)
		}
		promptContains(t, lang+" assess", msgs[0].Content, w["formula"], w["explore_score"], w["gaming"], w["move_first"],
			w["reason"], w["reason_len"], w["reason_eg"], w["held"], w["premature"])
		ev, err := EvaluationMessages(promptTestInput(lang, "sie", nil, salescoach.ModePractice, 2))
		if err != nil {
			t.Fatal(err)
		}
		promptContains(t, lang+" evaluation", ev[0].Content, w["explore"], w["respond"], w["advance"])
	}
}

// The hint names the move due in the seller's words, with a sample for
// it; the perfect answer makes the move due for this customer's concern,
// using the profile's facts and placeholders only for the seller's own.
func TestHintAndPerfectAnswerMakeTheMoveDue(t *testing.T) {
	want := map[string]map[string][]string{
		"de": {
			"hint": {"entscheide, welcher Zug jetzt dran ist", "„Jetzt ist Nachfragen dran: …“", "Ist Nachfragen dran, enthält der Beispielsatz keine Terminbitte",
				"steht dort ein Platzhalter in eckigen Klammern"},
			"perfect": {"die den fälligen Zug am besten macht", "Beantworte genau das Anliegen, das der Kunde genannt hat",
				"knüpf an das tatsächliche Anliegen dieses Kunden an", "Nutze, was die Produktbeschreibung und das Dokument hergeben",
				"[Name eines Kunden in ähnlicher Lage]; Platzhalter nur für solche Tatsachen", "Keine Terminbitte, keine zweite Frage"},
		},
		"en": {
			"hint": {"decide which move is due now", `"Now it is time to ask: …"`, "When asking is due, the sample sentence asks for no meeting",
				"it has a placeholder in square brackets"},
			"perfect": {"the answer that makes the move due best", "answer exactly the concern the customer named",
				"tie in to this customer's actual concern", "Use what the product description and the document provide",
				"[name of a customer in a similar situation]; placeholders only for such facts", "No meeting request, no second question"},
		},
	}
	for _, lang := range []string{"de", "en"} {
		in := promptTestInput(lang, "du", nil, salescoach.ModePractice, 2)
		hint, _ := HintMessages(in)
		promptContains(t, lang+" hint", hint[0].Content, want[lang]["hint"]...)
		perfect, _ := PerfectAnswerMessages(in)
		promptContains(t, lang+" perfect", perfect[0].Content, want[lang]["perfect"]...)
		promptLacks(t, lang+" perfect", perfect[0].Content, map[string]string{"de": "Keine Platzhalter", "en": "No placeholders"}[lang])
	}
}

// The customer holds one concern per objection: made up once from its
// situation (or the scenario's note, spoken in its own words), told when
// asked well (at Leicht when asked at all), and referred back to when
// asked again instead of a new one.
func TestCustomerHoldsOneConcern(t *testing.T) {
	words := map[string]map[string]string{
		"de": {"one": "Ein Einwand, ein Anliegen: Fragt der Verkäufer noch einmal danach, verweist du mit neuen Worten auf das schon Gesagte („Wie gesagt: …“)",
			"same": "Es bleibt dasselbe, sobald du es einmal gesagt hast", "hidden": "verrate es erst, wenn der Verkäufer gut danach fragt – mit einer echten, offenen Frage",
			"easy": "Dein Anliegen nennst du, sobald der Verkäufer danach fragt", "note": "die Notiz eines Trainers, nicht dein Wortlaut",
			"own": "nie wie eine vorgelesene Notiz", "meaning": "diese Punkte dem Sinn nach treffen"},
		"en": {"one": `One objection, one concern: if the seller asks again, refer back to what you said in new words ("As I said: …")`,
			"same": "Once you have told it, it stays the same", "hidden": "reveal it only when the seller asks about it well – with a real, open question",
			"easy": "You tell your concern as soon as the seller asks about it", "note": "a trainer's note, not your wording",
			"own": "never like a note read out", "meaning": "meet the meaning of these points"},
	}
	for _, lang := range []string{"de", "en"} {
		w := words[lang]
		for d := 1; d <= 3; d++ {
			msgs, err := ReplyMessages(promptTestInput(lang, "sie", nil, salescoach.ModePractice, d), ReplyPlan{Kind: ReplyPush})
			if err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("%s difficulty %d", lang, d)
			system := msgs[0].Content
			promptContains(t, name, system, w["one"], w["same"], w["own"])
			if d == 1 {
				promptContains(t, name, system, w["easy"])
				promptLacks(t, name, system, w["hidden"])
			} else {
				promptContains(t, name, system, w["hidden"])
				promptLacks(t, name, system, w["easy"])
			}
			promptLacks(t, name, system, w["note"], w["meaning"])
		}
		msgs, _ := ReplyMessages(scriptPromptInput(lang, "custom1"), ReplyPlan{Kind: ReplyOpen})
		system := msgs[0].Content
		promptContains(t, lang+" scenario", system, w["one"], w["note"], w["meaning"], w["own"])
		promptLacks(t, lang+" scenario", system, w["same"])
	}
}

// After an answer, the customer's instruction follows the move the
// assessment judged, not the techniques it missed: a good question gets
// the concern, a missed one keeps it back, a met concern on the last
// objection gets 'how do we go on?' and waits for a concrete step, a
// missed concern says what is still open.
func TestReplyFollowsTheMove(t *testing.T) {
	type move struct {
		expected string
		made     bool
		last     bool
	}
	phrases := map[string]map[move]string{
		"de": {
			{"explore", true, false}:  "Er hat gut nachgefragt: Sag ihm jetzt mit eigenen Worten, was hinter deinem Einwand steckt",
			{"explore", false, false}: "Behalte dein Anliegen für dich und halte den Einwand aufrecht",
			{"respond", true, true}:   "Sag das kurz und frag, wie es jetzt weitergehen soll. Du sagst erst zu, wenn er einen konkreten nächsten Schritt vorschlägt",
			{"respond", true, false}:  "Er ist auf dein Anliegen eingegangen, aber etwas fehlt dir noch",
			{"respond", false, true}:  "Er ist auf dein Anliegen noch nicht eingegangen: Sag mit neuen Worten, was für dich daran noch offen ist",
			{"advance", false, true}:  "ein konkreter nächster Schritt fehlt noch: Frag mit anderen Worten als zuvor, wie es weitergehen soll",
			{"advance", true, true}:   "Etwas fehlt dir noch, bevor du zusagst",
		},
		"en": {
			{"explore", true, false}:  "They asked well: now tell them in your own words what is behind your objection",
			{"explore", false, false}: "keep your concern to yourself and maintain the objection",
			{"respond", true, true}:   "Say so briefly and ask how to go on from here. Agree only when they propose a concrete next step",
			{"respond", true, false}:  "They answered your concern, but something is still missing for you",
			{"respond", false, true}:  "They have not answered your concern yet: say in new words what is still open about it for you",
			{"advance", false, true}:  "a concrete next step is still missing: ask, in other words than before, how to go on",
			{"advance", true, true}:   "Something is still missing before you agree",
		},
	}
	missed := []salescoach.Technique{{Key: "benefit"}, {Key: "evidence"}, {Key: "next_step"}}
	for _, lang := range []string{"de", "en"} {
		for m, want := range phrases[lang] {
			in := promptTestInput(lang, "sie", nil, salescoach.ModePractice, 2)
			if m.last {
				in = lastObjection(in)
			}
			name := fmt.Sprintf("%s %+v", lang, m)
			msgs, err := ReplyMessages(in, ReplyPlan{Kind: ReplyPush, Assessment: &Assessment{Score: 70, Techniques: missed,
				Move: &salescoach.Move{Expected: m.expected, Made: m.made, Reason: "x"}}})
			if err != nil {
				t.Fatal(err)
			}
			inst := msgs[len(msgs)-2].Content
			promptContains(t, name, inst, want)
			for other, phrase := range phrases[lang] {
				if other != m {
					promptLacks(t, name, inst, phrase)
				}
			}
			// The techniques the answer missed are detail: the customer
			// does not press for a benefit or a next step by them.
			promptLacks(t, name, inst, map[string]string{"de": "Der letzten Antwort fehlte", "en": "The last answer lacked"}[lang])
		}
	}
}

// The form of address: at Standard (AdaptFormality) the customer takes
// the seller's form and may offer du once, and the assessment marks
// neither form down; a form set in the profile is kept and trained
// strictly.
func TestFormOfAddressFollowsTheProfile(t *testing.T) {
	words := map[string]map[string]string{
		"de": {"take": "Nimm die Form, mit der er dich anspricht: Siezt er dich, siezt du ihn; duzt er dich, duzt du ihn",
			"once": "Das Du bietest du höchstens einmal im Gespräch an, und nur, solange seine Anrede es offen lässt",
			"keep": "Du siezt den Verkäufer (Sie, Ihnen, Ihr) und bleibst höflich-distanziert, auch wenn er dich anders anspricht",
			"fair": "Sie ist nicht schlechter als du und du nicht schlechter als Sie", "strict": "Eine andere Anrede ist ein Fehler",
			"irritated": "Reagiere leicht irritiert auf die Anrede"},
		"en": {"take": "Take the form they address you with: formal if they are formal, first names if they use first names",
			"once": "You offer first names at most once in the conversation, and only while their form leaves it open",
			"keep": "you address the seller formally and politely, keeping a professional distance, even if they address you otherwise",
			"fair": "Formal is no worse than first names and first names no worse than formal", "strict": "Another form is a mistake",
			"irritated": "React slightly irritated to the way you were addressed"},
	}
	wrongForm := &Assessment{Score: 88, Techniques: []salescoach.Technique{{Key: "formality"}},
		Move: &salescoach.Move{Expected: salescoach.MoveExplore, Made: true, Reason: "x"}}
	for _, lang := range []string{"de", "en"} {
		w := words[lang]
		for _, adapt := range []bool{true, false} {
			in := promptTestInput(lang, "sie", nil, salescoach.ModePractice, 2)
			in.Scenario.AdaptFormality = adapt
			name := fmt.Sprintf("%s adapt=%v", lang, adapt)
			reply, _ := ReplyMessages(in, ReplyPlan{Kind: ReplyPush, Assessment: wrongForm})
			customer, inst := reply[0].Content, reply[len(reply)-2].Content
			assess, _ := AssessMessages(in)
			if adapt {
				promptContains(t, name, customer, w["take"], w["once"])
				promptLacks(t, name, customer, w["keep"])
				promptContains(t, name, assess[0].Content, w["fair"])
				promptLacks(t, name, assess[0].Content, w["strict"])
				promptLacks(t, name, inst, w["irritated"])
			} else {
				promptContains(t, name, customer, w["keep"])
				promptLacks(t, name, customer, w["take"], w["once"])
				promptContains(t, name, assess[0].Content, w["strict"])
				promptLacks(t, name, assess[0].Content, w["fair"])
				promptContains(t, name, inst, w["irritated"])
			}
		}
	}
}

// The evaluation knows the chat's outcome and keeps outcomes apart (a won
// chat of good answers at least 80, poor answers below 40), names the
// answer with the best move as the strongest, never the opener, and never
// advises what the seller already did.
func TestEvaluationSeparatesOutcomes(t *testing.T) {
	words := map[string]map[string]string{
		"de": {"won": "Ergebnis: gewonnen – alle 2 Einwände ausgeräumt.", "lost": "Ergebnis: nicht gewonnen – 1 von 2 Einwänden ausgeräumt.",
			"apart": "liegt im Mittel der sechs Kategorien bei mindestens 80", "poor": "liegt im Mittel unter 40",
			"best": "Der erste nennt die stärkste Antwort: die mit dem besten Zug", "opener": "nie die bloße Begrüßung oder Eröffnung",
			"did": "etwa zu einer Anrede, die er schon benutzt, oder zu Zahlen, die er schon genannt hat"},
		"en": {"won": "Outcome: won – all 2 objections settled.", "lost": "Outcome: not won – 1 of 2 objections settled.",
			"apart": "averages at least 80 over the six categories", "poor": "averages below 40",
			"best": "The first names the strongest answer: the one with the best move", "opener": "never the bare greeting or opener",
			"did": "such as a form of address they already use or figures they already gave"},
	}
	for _, lang := range []string{"de", "en"} {
		w := words[lang]
		in := lastObjection(promptTestInput(lang, "sie", nil, salescoach.ModePractice, 2))
		in.Progress = 100
		won, _ := EvaluationMessages(in)
		promptContains(t, lang+" won", won[0].Content, w["won"], w["apart"], w["poor"], w["best"], w["opener"], w["did"])
		promptLacks(t, lang+" won", won[0].Content, w["lost"])
		in.Progress = 90
		lost, _ := EvaluationMessages(in)
		promptContains(t, lang+" lost", lost[0].Content, w["lost"])
		promptLacks(t, lang+" lost", lost[0].Content, w["won"])
	}
}
