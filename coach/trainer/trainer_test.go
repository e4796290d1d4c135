package trainer

import (
	"context"
	"errors"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"

	"salescoach"
	"salescoach/coach"
)

func TestNameAndUsage(t *testing.T) {
	e := New()
	if e.Name() != "builtin" {
		t.Fatalf("Name = %q", e.Name())
	}
	in := answerInput(t, voices[0], "price", "Ich verstehe. Was genau ist Ihnen zu teuer?")
	ctx := context.Background()
	var usages []coach.Usage
	_, u, _ := e.Reply(ctx, in, coach.ReplyPlan{Kind: coach.ReplyPush}, nil)
	usages = append(usages, u)
	_, u, _ = e.Assess(ctx, in)
	usages = append(usages, u)
	_, u, _ = e.Hint(ctx, in)
	usages = append(usages, u)
	_, u, _ = e.PerfectAnswer(ctx, in)
	usages = append(usages, u)
	_, u, _ = e.Evaluate(ctx, in)
	usages = append(usages, u)
	_, u, _ = e.Summarize(ctx, "de", "Wir bauen Software für Handwerker. Unsere Lösung spart jeden Tag Zeit im Büro und auf der Baustelle.")
	usages = append(usages, u)
	for i, u := range usages {
		if u != (coach.Usage{}) {
			t.Errorf("call %d: usage %+v, want zero", i, u)
		}
	}
}

func TestProductPhrase(t *testing.T) {
	tests := []struct{ desc, want string }{
		{testProduct, testPhrase},
		{"Wir verkaufen eine cloudbasierte CRM-Software für kleine und mittlere Unternehmen.", "cloudbasierte CRM-Software"},
		{"Photovoltaikanlagen für Gewerbedächer inklusive Speicher und Wartung", "Photovoltaikanlagen für Gewerbedächer"},
		{"We sell a cloud-based HR platform for small and medium-sized businesses.", "cloud-based HR platform"},
		{"Zeitly – die KI-Zeiterfassung für Handwerksbetriebe.", "Zeitly"},
		{"Wir bieten einen smarten Rasenroboter für Gewerbeflächen an.", "smarter Rasenroboter für Gewerbeflächen"},
		{"Produkt: Lagerverwaltungssystem mit Barcode-Scanner", "Lagerverwaltungssystem mit Barcode-Scanner"},
		// "Name: what it is" names the product before the colon (issue 14).
		{"VertriebsCloud CRM: Eine Cloud-Software für Vertriebsteams im Mittelstand.", "VertriebsCloud CRM"},
		{"SunRoof complete package: a solar power system with battery storage.", "SunRoof complete package"},
		{"Unsere Software hilft Handwerkern beim Schreiben von Angeboten.", ""}, // "Software" alone says nothing
		{"", ""},
	}
	for _, tt := range tests {
		if got := productPhrase(tt.desc); got != tt.want {
			t.Errorf("productPhrase(%q) = %q, want %q", tt.desc, got, tt.want)
		}
	}
}

// customerTemplates lists every text the customer may say, per language.
func customerTemplates(lang string) []string {
	var out []string
	all := []familyTexts{}
	for _, f := range families {
		all = append(all, f)
	}
	for _, v := range customerData.Variants {
		for _, f := range v {
			all = append(all, f)
		}
	}
	for _, f := range all {
		out = append(out, f.Open[lang]...)
		out = append(out, f.Push[lang]...)
		out = append(out, f.Core[lang])
		out = append(out, f.Reveal[lang]...)
		out = append(out, f.Condition[lang]...)
		out = append(out, f.Settled[lang]...)
	}
	for _, tp := range temperaments {
		for _, m := range []map[string][]string{tp.Greet, tp.Tail, tp.Answer, tp.Good, tp.Mediocre, tp.Cool, tp.Ignored, tp.Next, tp.Convinced} {
			out = append(out, m[lang]...)
		}
	}
	for _, d := range demands {
		out = append(out, d[lang]...)
	}
	out = append(out, settledFallback[lang]...)
	return out
}

func TestCatalogueCoversEveryFamily(t *testing.T) {
	keys := []string{}
	for _, o := range coach.Objections {
		keys = append(keys, o.Key)
	}
	for k := range families {
		if _, ok := coach.ObjectionByKey(k); !ok {
			keys = append(keys, k) // the families that replace others for some buyers
		}
	}
	for _, key := range keys {
		o := coach.ObjectionFamily{Key: key}
		f, ok := families[o.Key]
		if !ok {
			t.Errorf("no texts for %s", o.Key)
			continue
		}
		if _, ok := perfect[o.Key]; !ok {
			t.Errorf("no perfect answer for %s", o.Key)
		}
		if _, ok := familyLexicon[o.Key]; !ok {
			t.Errorf("no lexicon for %s", o.Key)
		}
		for _, lang := range []string{langDE, langEN} {
			if len(f.Open[lang]) < 3 || len(f.Push[lang]) < 3 || f.Core[lang] == "" || f.Name[lang] == "" {
				t.Errorf("%s/%s: too few phrasings", o.Key, lang)
			}
		}
	}
	// Every family of every buyer variant holds concerns, each told,
	// referred back to, needed, open, met, answered and settled in both
	// languages.
	for variant, fams := range map[string]map[string]familyTexts{"": families, "private": customerData.Variants["private"],
		"industrial": customerData.Variants["industrial"], "service": customerData.Variants["service"]} {
		for key, f := range fams {
			if variant != "" && len(f.Concerns) == 0 {
				continue // an overlay of other texts only
			}
			if len(f.Concerns) < 2 {
				t.Errorf("%s/%s: %d concerns", variant, key, len(f.Concerns))
			}
			for _, co := range f.Concerns {
				for _, lang := range []string{langDE, langEN} {
					if len(co.Reveal[lang]) < 1 || len(co.Again[lang]) < 2 || len(co.Need[lang]) < 1 || co.Open[lang] == "" ||
						len(co.Answer[lang]) < 1 || len(co.Settled[lang]) < 1 {
						t.Errorf("%s/%s/%s/%s: texts missing", variant, key, co.Key, lang)
					}
				}
				if len(co.Met) < 8 {
					t.Errorf("%s/%s/%s: %d met entries", variant, key, co.Key, len(co.Met))
				}
				// The concern's own model answer meets it.
				ms := compile(co.Met)
				for _, v := range voices {
					for _, a := range co.Answer[v.Lang] {
						met := false
						for _, s := range splitSentences(placeholderRE.ReplaceAllString(render(a, v, product{}), "")) {
							met = met || !isQuestion(s) && has(s.Norm, ms)
						}
						if !met {
							t.Errorf("%s/%s/%s %s: the model answer does not meet its concern: %s", variant, key, co.Key, v, a)
						}
					}
				}
			}
		}
	}
	for key, tp := range temperaments {
		for _, lang := range []string{langDE, langEN} {
			for name, m := range map[string]map[string][]string{"Greet": tp.Greet, "Tail": tp.Tail, "Answer": tp.Answer, "Good": tp.Good, "Mediocre": tp.Mediocre, "Cool": tp.Cool, "Ignored": tp.Ignored, "Next": tp.Next, "Convinced": tp.Convinced} {
				if len(m[lang]) == 0 {
					t.Errorf("temperament %s has no %s/%s", key, name, lang)
				}
			}
			for _, g := range tp.Good[lang] {
				if !strings.HasSuffix(g, "aber") && !strings.HasSuffix(g, "but") {
					t.Errorf("%s: Good %q must end with aber/but", key, g)
				}
			}
			for _, m := range [][]string{tp.Mediocre[lang], tp.Next[lang]} {
				for _, s := range m {
					if !strings.HasSuffix(s, ":") && !strings.HasSuffix(s, "…") {
						t.Errorf("%s: %q must end with a colon", key, s)
					}
				}
			}
		}
	}
}

// Every opening phrasing names the product, in every language and form of
// address, and with the fallback when no phrase can be derived.
func TestOpeningPhrasingsNameTheProduct(t *testing.T) {
	fallback := map[string]string{"de-sie": "Ihre Lösung", "de-du": "deine Lösung", "en": "your solution"}
	fallback3 := map[string]string{"de-sie": "Ihrer Lösung", "de-du": "deiner Lösung", "en": "your solution"}
	// Every family's openings, and those of the buyer variants.
	openings := map[string][]familyTexts{}
	for k, f := range families {
		openings[k] = append(openings[k], f)
	}
	for _, vs := range customerData.Variants {
		for k, f := range vs {
			openings[k] = append(openings[k], f)
		}
	}
	for key, fs := range openings {
		o := coach.ObjectionFamily{Key: key}
		for _, v := range voices {
			for _, p := range []product{{Phrase: testPhrase}, {}} {
				for _, tmpl := range allOpen(fs, v.Lang) {
					text := sentenceCase(render(tmpl, v, p))
					first := firstSentence(splitSentences(text))
					want := []string{testPhrase}
					if p.Phrase == "" {
						want = []string{fallback[v.String()], fallback3[v.String()]}
					}
					found := false
					for _, w := range want {
						// The first sentence alone must name it: impatient customers say only that.
						found = found || strings.Contains(strings.ToLower(first), strings.ToLower(w))
					}
					if !found {
						t.Errorf("%s %s: %q does not name %v", o.Key, v, text, want)
					}
				}
			}
		}
	}
}

func allOpen(fs []familyTexts, lang string) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Open[lang]...)
	}
	return out
}

// userPlaceholder is a bracketed request to the user in a model answer,
// such as "[eine Zahl aus eigener Erfahrung]".
var userPlaceholder = regexp.MustCompile(`\[[^\]]* [^\]]*\]`)

func TestCustomerTextsUseTheRightForm(t *testing.T) {
	for _, sie := range []bool{true, false} {
		v := voice{Lang: langDE, Sie: sie}
		wrong := sieWords
		if sie {
			wrong = duWords
		}
		texts := customerTemplates(langDE)
		texts = append(texts, addressRemarks[v.String()]...)
		texts = append(texts, greetings[v.String()]...)
		texts = append(texts, moment[v.String()])
		for _, pt := range perfect {
			for _, m := range []map[string][]string{pt.Ack, pt.Question, pt.Benefit, pt.Evidence, pt.Next} {
				texts = append(texts, m[langDE]...)
			}
		}
		for _, p := range []product{{Phrase: testPhrase}, {}} {
			for _, tmpl := range texts {
				// Model answers may ask the user for their own figure or
				// example in brackets (issue 14); nothing else stays unrendered.
				text := userPlaceholder.ReplaceAllString(render(tmpl, v, p), "")
				if w := containsWord(text, wrong); w != "" {
					t.Errorf("%s: %q contains %q", v, text, w)
				}
				if strings.ContainsAny(text, "{}[]|") {
					t.Errorf("%s: unrendered template %q", v, text)
				}
			}
		}
	}
	for _, tmpl := range customerTemplates(langEN) {
		if text := render(tmpl, voices[2], product{Phrase: testPhrase}); strings.ContainsAny(text, "{}[]|") {
			t.Errorf("en: unrendered template %q", text)
		}
	}
}

// replies plays every kind of reply for many seeds and temperaments.
func replies(t *testing.T, v voice, f func(kind, tone, text string)) {
	t.Helper()
	e := New()
	tones := []string{"", "Freundlich", "Skeptisch", "Ungeduldig", "Analytisch", "Dominant", "Zurückhaltend"}
	answers := []string{
		"Ich verstehe. Was genau meinen Sie?", "Das stimmt nicht.", "Unser Produkt ist toll.",
		"Ich verstehe, dass der Preis wichtig ist. Unsere Zeiterfassung spart Ihnen 20 % Zeit.",
		"Ich verstehe dich. Was genau meinst du?",
	}
	for _, tone := range tones {
		for seed := 0; seed < 3; seed++ {
			for i, o := range coach.Objections {
				sc := scenario(v, tone)
				sc.Seed = "seed-" + itoa(seed)
				in := coach.Input{Scenario: sc, Stage: 1 + i%3, TotalStages: 3, Objection: o.Key,
					History: []coach.Turn{{Role: salescoach.RoleSeller, Content: "Guten Tag, haben Sie kurz Zeit?"}}}
				text, _, err := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
				if err != nil {
					t.Fatal(err)
				}
				f(coach.ReplyOpen, tone, text)
				in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: text},
					coach.Turn{Role: salescoach.RoleSeller, Content: answers[(seed+i)%len(answers)]})
				for _, kind := range []string{coach.ReplyPush, coach.ReplyNext, coach.ReplyConvinced} {
					text, _, err := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: kind}, nil)
					if err != nil {
						t.Fatal(err)
					}
					f(kind, tone, text)
				}
			}
		}
	}
}

func TestRepliesUseTheRightFormAndReadCleanly(t *testing.T) {
	for _, v := range voices {
		replies(t, v, func(kind, tone, text string) {
			if v.Lang == langDE {
				wrong := sieWords
				if v.Sie {
					wrong = duWords
				}
				if w := containsWord(text, wrong); w != "" && !(kind == coach.ReplyPush && strings.Contains(text, "duzen")) {
					t.Errorf("%s %s %s: %q contains %q", v, tone, kind, text, w)
				}
			}
			if strings.ContainsAny(text, "{}[]|%") || strings.Contains(text, "  ") || strings.Contains(text, coach.ReminderPrefix) {
				t.Errorf("%s %s %s: unclean %q", v, tone, kind, text)
			}
			// "Hm … okay" goes on in lower case; only . ? ! end a sentence here.
			for _, s := range splitSentences(strings.ReplaceAll(text, "…", ",")) {
				if r := []rune(strings.TrimLeft(s.Text, "„“\"")); len(r) > 0 && r[0] >= 'a' && r[0] <= 'z' {
					t.Errorf("%s %s %s: sentence starts in lower case: %q", v, tone, kind, s.Text)
				}
			}
			if wordCount(text) > 70 {
				t.Errorf("%s %s %s: %d words is too long for a customer: %q", v, tone, kind, wordCount(text), text)
			}
		})
	}
}

func TestDeterminism(t *testing.T) {
	e := New()
	ctx := context.Background()
	for _, v := range voices {
		in := answerInput(t, v, "trust", "Ich verstehe. Was bräuchten Sie, um uns zu vertrauen?")
		in.Scenario.Tone = &salescoach.TonePreset{Name: "Skeptisch"}
		run := func() []any {
			var out []any
			for _, kind := range []string{coach.ReplyOpen, coach.ReplyPush, coach.ReplyNext, coach.ReplyConvinced} {
				s, _, err := e.Reply(ctx, in, coach.ReplyPlan{Kind: kind}, nil)
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, s)
			}
			a, _, _ := e.Assess(ctx, in)
			h, _, _ := e.Hint(ctx, in)
			p, _, _ := e.PerfectAnswer(ctx, in)
			ev, _, _ := e.Evaluate(ctx, in)
			return append(out, a, h, p, ev)
		}
		first, second := run(), run()
		if !reflect.DeepEqual(first, second) {
			t.Errorf("%s: two runs differ:\n%v\n%v", v, first, second)
		}
	}
	// Different chats do not all read the same.
	seen := map[string]bool{}
	for i := 0; i < 12; i++ {
		in := coach.Input{Scenario: scenario(voices[0], ""), Stage: 1, TotalStages: 1, Objection: "price"}
		in.Scenario.Seed = "chat-" + itoa(i)
		s, _, _ := e.Reply(ctx, in, coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
		seen[s] = true
	}
	if len(seen) < 4 {
		t.Errorf("12 chats produced only %d different openings", len(seen))
	}
}

func TestTemperamentChangesWording(t *testing.T) {
	e := New()
	open := func(tone *salescoach.TonePreset) string {
		in := coach.Input{Scenario: scenario(voices[0], ""), Stage: 1, TotalStages: 1, Objection: "price",
			History: []coach.Turn{{Role: salescoach.RoleSeller, Content: "Guten Tag!"}}}
		in.Scenario.Tone = tone
		s, _, _ := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
		return s
	}
	seen := map[string]string{}
	for _, name := range []string{"Freundlich", "Skeptisch", "Ungeduldig", "Analytisch", "Dominant", "Zurückhaltend"} {
		s := open(&salescoach.TonePreset{Name: name})
		if other, dup := seen[s]; dup {
			t.Errorf("%s and %s open alike: %q", name, other, s)
		}
		seen[s] = name
	}
	if open(nil) != open(&salescoach.TonePreset{Name: "Launisch"}) {
		t.Error("an unknown preset must be neutral")
	}
	if open(&salescoach.TonePreset{Name: "SKEPTISCH"}) != open(&salescoach.TonePreset{Name: "Skeptisch"}) {
		t.Error("preset names must match case-insensitively")
	}
	if temperamentOf(&salescoach.TonePreset{Name: "Zurückhaltend"}) != tempReserved || temperamentOf(&salescoach.TonePreset{ID: "zurueckhaltend", Name: "Still"}) != tempReserved {
		t.Error("Zurückhaltend must match by name and by id")
	}
	if s := open(&salescoach.TonePreset{Name: "Ungeduldig"}); wordCount(s) > wordCount(open(&salescoach.TonePreset{Name: "Analytisch"})) {
		t.Errorf("an impatient customer talks less: %q", s)
	}
}

func TestReplyStreamsWordPieces(t *testing.T) {
	in := answerInput(t, voices[0], "data_protection", "Ich verstehe. Welche Anforderungen hat Ihr Datenschutzbeauftragter?")
	var got []string
	text, _, err := New().Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyPush}, func(p string) { got = append(got, p) })
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, "") != text {
		t.Fatalf("pieces %q do not make %q", got, text)
	}
	if len(got) != wordCount(text) {
		t.Errorf("%d pieces for %d words", len(got), wordCount(text))
	}
	for _, p := range got {
		if len(strings.Fields(p)) != 1 {
			t.Errorf("piece %q is not one word", p)
		}
	}
}

func TestCancellation(t *testing.T) {
	e := New()
	in := answerInput(t, voices[0], "price", "Ich verstehe. Was genau ist Ihnen zu teuer?")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	check := func(name string, err error) {
		t.Helper()
		if salescoach.ErrorCode(err) != salescoach.EUNAVAILABLE || !errors.Is(err, context.Canceled) {
			t.Errorf("%s: err = %v, want EUNAVAILABLE wrapping context.Canceled", name, err)
		}
	}
	_, _, err := e.Reply(ctx, in, coach.ReplyPlan{Kind: coach.ReplyPush}, nil)
	check("Reply", err)
	_, _, err = e.Assess(ctx, in)
	check("Assess", err)
	_, _, err = e.Hint(ctx, in)
	check("Hint", err)
	_, _, err = e.PerfectAnswer(ctx, in)
	check("PerfectAnswer", err)
	_, _, err = e.Evaluate(ctx, in)
	check("Evaluate", err)
	_, _, err = e.Summarize(ctx, "de", "Ein Text.")
	check("Summarize", err)

	// Cancelled while streaming: no piece after the cancellation.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	n := 0
	text, _, err := e.Reply(ctx, in, coach.ReplyPlan{Kind: coach.ReplyPush}, func(string) {
		n++
		if n == 3 {
			cancel()
		}
	})
	check("Reply while streaming", err)
	if n != 3 || text != "" {
		t.Errorf("emitted %d pieces and returned %q after cancelling at 3", n, text)
	}
}

// TestReplyReactsToTheAnswer checks the customer's reaction to what an
// answer did and did not do.
func TestReplyReactsToTheAnswer(t *testing.T) {
	e := New()
	v := voices[0]
	p := product{Phrase: testPhrase}
	f := families["price"]
	push := func(answer string) (string, *chat) {
		in := answerInput(t, v, "price", answer)
		in.Scenario.Difficulty = 2
		as, _, _ := e.Assess(context.Background(), in)
		s, _, err := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyPush, Assessment: as}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return s, newChat(in)
	}
	containsAny := func(s string, list []string) bool {
		for _, l := range list {
			if strings.Contains(s, sentenceCase(render(l, v, p))) {
				return true
			}
		}
		return false
	}
	neutral := temperaments[tempNeutral]

	// A real question is answered with the concern the chat holds.
	s, c := push("Darf ich fragen, womit Sie den Preis gerade vergleichen?")
	if co := c.concern("price"); !containsAny(s, co.Reveal[langDE]) {
		t.Errorf("question not answered with the concern: %q", s)
	}
	// Contradiction makes the customer cooler and repeat the objection.
	s, _ = push("Das stimmt nicht, wir sind absolut nicht teuer.")
	if !containsAny(s, neutral.Cool[langDE]) || !containsAny(s, append(f.Push[langDE], f.Core[langDE])) {
		t.Errorf("contradiction: %q", s)
	}
	// Dodging the objection makes the customer repeat it.
	s, _ = push("Unsere Zeiterfassung hat eine wirklich schöne Oberfläche.")
	if !containsAny(s, append(f.Push[langDE], f.Core[langDE])) {
		t.Errorf("dodge: %q", s)
	}
	// A pitch before asking: that is not my point, and the objection again.
	s, _ = push("Ich verstehe, dass der Preis wichtig ist. Unsere Zeiterfassung spart Kunden wie Ihnen rund 20 % Bürozeit.")
	if !containsAny(s, movesData.Pitched["de-sie"]) || !containsAny(s, append(f.Push[langDE], f.Core[langDE])) {
		t.Errorf("pitch without a question: %q", s)
	}
	// A meeting request is answered first: too early.
	s, _ = push("Verstehe. Sollen wir nächste Woche einen Termin machen?")
	if !containsAny(s, tooEarly["de-sie"]) {
		t.Errorf("meeting request not answered: %q", s)
	}
	// The wrong form of address is noticed.
	s, _ = push("Ich verstehe dich. Was genau ist dir zu teuer?")
	if !containsAny(s, addressRemarks["de-sie"]) {
		t.Errorf("du to a Sie customer not noticed: %q", s)
	}

	// Next: the previous point is settled, the new objection raised.
	in := answerInput(t, v, "price", "perfekt")
	in.Objection, in.Stage, in.TotalStages = "works_council", 2, 3
	in.Objections = []string{"price", "works_council", "trust"}
	s, _, _ = e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyNext}, nil)
	c = newChat(in)
	if c.classify(s) != "works_council" || !strings.Contains(s, "Betriebsrat") {
		t.Errorf("next: %q (classified %s)", s, c.classify(s))
	}
	// Convinced agrees in the chat's language.
	s, _, _ = e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyConvinced}, nil)
	if !containsAny(s, movesData.AgreedBare["de-sie"]) {
		t.Errorf("convinced: %q", s)
	}
	in.Scenario = scenario(voices[2], "")
	s, _, _ = e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyConvinced}, nil)
	if !containsAny(s, movesData.AgreedBare["en"]) {
		t.Errorf("en convinced: %q", s)
	}
	// Unknown kinds are refused.
	if _, _, err := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: "sing"}, nil); salescoach.ErrorCode(err) != salescoach.EINVALID {
		t.Errorf("unknown kind: %v", err)
	}
}

func TestOpenReactsToTheSellersFirstMessage(t *testing.T) {
	e := New()
	open := func(v voice, first string) string {
		in := coach.Input{Scenario: scenario(v, ""), Stage: 1, TotalStages: 1, Objection: "no_time",
			History: []coach.Turn{{Role: salescoach.RoleSeller, Content: first}}}
		s, _, _ := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
		return s
	}
	if s := open(voices[0], "Guten Morgen, Herr Weber! Haben Sie einen Moment Zeit?"); !strings.HasPrefix(s, "Guten Morgen. Ein paar Minuten habe ich.") {
		t.Errorf("greeting not returned: %q", s)
	}
	if s := open(voices[1], "Moin! Ich wollte dir kurz was zeigen."); !strings.HasPrefix(s, "Moin.") {
		t.Errorf("greeting not returned: %q", s)
	}
	if s := open(voices[2], "Good morning! I'd like to show you our time tracking."); !strings.HasPrefix(s, "Good morning.") {
		t.Errorf("greeting not returned: %q", s)
	}
	// Without a seller message the customer still opens politely.
	in := coach.Input{Scenario: scenario(voices[0], ""), Stage: 1, TotalStages: 1, Objection: "timing"}
	s, _, _ := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
	if !strings.HasPrefix(s, "Guten Tag.") && !strings.HasPrefix(s, "Hallo.") {
		t.Errorf("no greeting: %q", s)
	}
}

// A reminder line that slips into the history is neither assessed nor echoed.
func TestReminderLineIsIgnored(t *testing.T) {
	e := New()
	in := answerInput(t, voices[0], "price", "Ich verstehe. Was genau ist Ihnen zu teuer?")
	want, _, _ := e.Assess(context.Background(), in)
	in.History = append(in.History, coach.Turn{Role: salescoach.RoleUser, Content: coach.ReminderPrefix + testProduct})
	got, _, err := e.Assess(context.Background(), in)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("with a reminder line: %+v, %v; want %+v", got, err, want)
	}
	for _, kind := range []string{coach.ReplyPush, coach.ReplyNext, coach.ReplyConvinced} {
		s, _, _ := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: kind}, nil)
		if strings.Contains(s, "Zur Erinnerung") {
			t.Errorf("%s reply shows the reminder: %q", kind, s)
		}
	}
}

// TestClassifyPrefersTheChatsObjections: a customer line that mentions both
// money and a boss belongs to whichever of the two the chat actually has.
func TestClassifyPrefersTheChatsObjections(t *testing.T) {
	msg := "Das Budget ist knapp, und ohne meinen Chef entscheide ich sowieso nichts."
	for _, want := range []string{"price", "authority"} {
		c := newChat(coach.Input{Objections: []string{want}, Scenario: coach.Scenario{Language: "de", Formality: "sie"}})
		if got := c.classify(msg); got != want {
			t.Errorf("chat with %s: classify = %q", want, got)
		}
	}
}

// TestConcurrentChats plays chats on one Engine from several goroutines at
// once, as the server does: the trainer's shared caches (judgements,
// analyses, catalogue lines) must be safe for that. make test runs it
// under -race.
func TestConcurrentChats(t *testing.T) {
	e := New()
	var wg sync.WaitGroup
	start := make(chan struct{})
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			<-start
			v := voices[g%len(voices)]
			in := coach.Input{Scenario: scenario(v, ""), Stage: 1, TotalStages: 1, Objection: "price", Objections: []string{"price"}}
			in.Scenario.Seed = "concurrent-" + itoa(g%3) // some chats share their caches' keys
			in.History = []coach.Turn{{Role: salescoach.RoleSeller, Content: "Guten Tag!"}}
			for n := 0; n < 4; n++ {
				kind := coach.ReplyPush
				var a *coach.Assessment
				if n == 0 {
					kind = coach.ReplyOpen
				} else {
					in.History = append(in.History, coach.Turn{Role: salescoach.RoleSeller, Content: "Das verstehe ich. Womit vergleichen Sie den Preis gerade?"})
					var err error
					if a, _, err = e.Assess(context.Background(), in); err != nil {
						t.Error(err)
						return
					}
				}
				text, _, err := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: kind, Assessment: a}, nil)
				if err != nil {
					t.Error(err)
					return
				}
				in.History = append(in.History, coach.Turn{Role: salescoach.RoleAssistant, Content: text})
			}
			if _, _, err := e.Evaluate(context.Background(), in); err != nil {
				t.Error(err)
			}
		}(g)
	}
	close(start)
	wg.Wait()
}
