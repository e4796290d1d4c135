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
			"twice": "keinen Satz zweimal", "early": "noch zu früh"},
		"en": {"du": "address the seller informally", "sie": "address the seller formally", "neutral": "matter-of-fact, neutral",
			"exam": "This is an exam", "practice": "This is practice", "stage": "(objection 1 of 2)",
			"1": "Easy –", "2": "Medium –", "3": "Hard –", "role": "Key Account Manager",
			"open": "open the conversation", "push": "has not been resolved", "next": "previous objection has been resolved",
			"convinced": "all your objections have been resolved", "missing": "The last answer lacked: Ask a question, Evidence / example",
			"listen": "answer the question first", "given": "never demand again", "goodq": `Say "Good question" only when they really asked one`,
			"twice": "Never say the same sentence twice", "early": "too early for you"},
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
			promptContains(t, name, system, "0–19", "20–39", "40–59", "60–79", "80–100", promptTestProduct)
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
		promptContains(t, name, msgs[0].Content, "du (duzen)", RubricLabel("de", "evidence"), promptTestProduct)
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
	for _, lang := range []string{"", "de", "en", "fr"} {
		in := Input{Scenario: Scenario{Language: lang}}
		var all []PromptMessage
		for _, kind := range []string{ReplyOpen, ReplyPush, ReplyNext, ReplyConvinced} {
			msgs, err := ReplyMessages(in, ReplyPlan{Kind: kind, Assessment: &Assessment{}})
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
