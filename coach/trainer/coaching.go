package trainer

// This file holds everything the trainer says to the user (always in du in
// German): technique labels and reasons, hints, the building blocks of the
// perfect answer and the wording of the evaluation. Placeholders: %s is a
// quote of the user's text or a sample sentence, %d a number; the perfect
// answer blocks use the notation of catalogue.go ({Sie|du}, [our], [our3]).

// techniqueKeys are the keys of salescoach.Technique, in display order.
var techniqueKeys = []string{"acknowledge", "question", "benefit", "evidence", "next_step", "formality", "tone"}

var labels = map[string]map[string]string{
	langDE: {
		"acknowledge": "Einwand anerkennen", "question": "Rückfrage stellen", "benefit": "Nutzen fürs Produkt",
		"evidence": "Beleg / Beispiel", "next_step": "Nächster Schritt", "formality": "Passende Anrede",
		"tone": "Ton & Länge",
	},
	langEN: {
		"acknowledge": "Acknowledge the concern", "question": "Ask a question", "benefit": "Product benefit",
		"evidence": "Evidence / example", "next_step": "Next step", "formality": "Form of address",
		"tone": "Tone & length",
	},
}

// reasons explain, per technique state, why a technique counts or not.
var reasons = map[string]map[string]string{
	langDE: {
		"acknowledge.shown":     "Du gehst mit %s auf die Sorge ein.",
		"acknowledge.shown_but": "Du gehst mit %s auf die Sorge ein – das „aber“ direkt danach nimmt es wieder zurück; versuch es mit „und“.",
		"acknowledge.missing":   "Du steigst ein, ohne den Einwand %s anzuerkennen.",
		"acknowledge.ignored":   "Deine Antwort geht gar nicht auf den Einwand %s ein.",
		"question.shown":        "Mit %s fragst du nach, was hinter dem Einwand steckt.",
		"question.closed":       "%s ist eine geschlossene Frage – eine offene W-Frage (wie, was, womit) bringt mehr ans Licht.",
		"question.rhetorical":   "%s ist eine rhetorische Frage – sie deckt nichts auf.",
		"question.offtopic":     "%s hat mit dem Einwand %s nichts zu tun – frag nach, was hinter ihm steckt.",
		"question.missing":      "Keine Frage nach dem Hintergrund des Einwands.",
		"benefit.tied":          "%s verbindet einen Nutzen mit deinem Produkt.",
		"benefit.generic":       "Der Nutzen in %s bleibt allgemein – knüpf ihn an dein Produkt.",
		"benefit.feature":       "%s nennt dein Angebot, aber keinen Nutzen für den Kunden.",
		"benefit.missing":       "Kein Nutzen für den Kunden genannt.",
		"evidence.shown":        "%s belegt deine Aussage.",
		"evidence.vague":        "%s bleibt vage – nenne eine Zahl oder einen Referenzkunden.",
		"evidence.missing":      "Kein Beleg: keine Zahl, kein Kundenbeispiel.",
		"next_step.concrete":    "%s ist ein konkreter nächster Schritt.",
		"next_step.shown":       "%s schlägt einen nächsten Schritt vor – mit einem Termin wird er verbindlicher.",
		"next_step.vague":       "%s ist zu unverbindlich – schlag einen konkreten Termin vor.",
		"next_step.missing":     "Kein nächster Schritt vorgeschlagen.",
		"formality.ok_sie":      "Du siezt den Kunden passend (%s).",
		"formality.ok_du":       "Du duzt den Kunden passend (%s).",
		"formality.wrong_sie":   "Der Kunde siezt dich, du schreibst aber %s.",
		"formality.wrong_du":    "Der Kunde duzt dich, du schreibst aber %s.",
		"formality.mixed":       "Du mischst „Sie“ und „du“ (%s) – bleib bei einer Anrede.",
		"formality.none_sie":    "Keine direkte Anrede – sprich den Kunden mit „Sie“ an.",
		"formality.none_du":     "Keine direkte Anrede – sprich den Kunden mit „du“ an.",
		"formality.en":          "Im Englischen gibt es kein du/Sie – passt.",
		"tone.ok":               "Sachlich und freundlich, angemessene Länge (%d Wörter).",
		"tone.contradict":       "%s widerspricht dem Kunden – das macht ihn zu.",
		"tone.pressure":         "%s baut Druck auf, statt zu überzeugen.",
		"tone.insult":           "%s ist respektlos gegenüber dem Kunden.",
		"tone.badmouth":         "%s redet schlecht über andere – das wirkt unprofessionell.",
		"tone.dismiss":          "%s wischt die Bedenken weg, statt sie ernst zu nehmen.",
		"tone.short":            "Mit %d Wörtern zu knapp, um den Einwand zu behandeln.",
		"tone.long":             "Mit %d Wörtern zu lang – der Kunde steigt aus.",
		"tone.shout":            "Großbuchstaben und Ausrufezeichen wirken wie Schreien.",
		"tone.list":             "Eine Liste von Stichworten ist keine Antwort – antworte in ganzen Sätzen auf genau diesen Einwand.",
		"tone.repeat":           "Diese Antwort hast du schon einmal geschickt – eine Wiederholung bringt den Kunden nicht weiter.",
		"tone.echo":             "Du gibst nur die Worte des Kunden zurück – antworte auf seinen Einwand.",
		"tone.injection":        "Das ist eine Anweisung an den Trainer, keine Antwort an den Kunden.",
	},
	langEN: {
		"acknowledge.shown":     "You address the concern with %s.",
		"acknowledge.shown_but": "You address the concern with %s – the “but” right after takes it back; try “and”.",
		"acknowledge.missing":   "You start without acknowledging the %s objection.",
		"acknowledge.ignored":   "Your answer doesn't address the %s objection at all.",
		"question.shown":        "With %s you explore what is behind the objection.",
		"question.closed":       "%s is a closed question – an open one (what, how, which) uncovers more.",
		"question.rhetorical":   "%s is a rhetorical question – it uncovers nothing.",
		"question.offtopic":     "%s has nothing to do with the %s objection – ask what is behind it.",
		"question.missing":      "No question about what is behind the objection.",
		"benefit.tied":          "%s ties a benefit to your product.",
		"benefit.generic":       "The benefit in %s stays generic – tie it to your product.",
		"benefit.feature":       "%s names your offer but no benefit for the customer.",
		"benefit.missing":       "No benefit for the customer.",
		"evidence.shown":        "%s backs up your claim.",
		"evidence.vague":        "%s is vague – give a figure or a reference customer.",
		"evidence.missing":      "No evidence: no figure, no customer example.",
		"next_step.concrete":    "%s is a concrete next step.",
		"next_step.shown":       "%s suggests a next step – a date makes it more binding.",
		"next_step.vague":       "%s is too noncommittal – propose a concrete appointment.",
		"next_step.missing":     "No next step proposed.",
		"formality.ok_sie":      "You address the customer formally (%s), as they do.",
		"formality.ok_du":       "You address the customer informally (%s), as they do.",
		"formality.wrong_sie":   "The customer uses Sie, but you write %s.",
		"formality.wrong_du":    "The customer uses du, but you write %s.",
		"formality.mixed":       "You mix Sie and du (%s) – stick to one.",
		"formality.none_sie":    "No direct address – address the customer with Sie.",
		"formality.none_du":     "No direct address – address the customer with du.",
		"formality.en":          "English has no du/Sie distinction – fine.",
		"tone.ok":               "Polite and matter-of-fact, a good length (%d words).",
		"tone.contradict":       "%s contradicts the customer – that closes them up.",
		"tone.pressure":         "%s puts on pressure instead of convincing.",
		"tone.insult":           "%s is disrespectful towards the customer.",
		"tone.badmouth":         "%s runs others down – that looks unprofessional.",
		"tone.dismiss":          "%s brushes the concern aside instead of taking it seriously.",
		"tone.short":            "At %d words too short to handle the objection.",
		"tone.long":             "At %d words too long – the customer tunes out.",
		"tone.shout":            "Capitals and exclamation marks read like shouting.",
		"tone.list":             "A list of keywords is no answer – reply to this objection in full sentences.",
		"tone.repeat":           "You have sent this answer before – repeating it doesn't move the customer.",
		"tone.echo":             "You only send the customer's words back – answer the objection.",
		"tone.injection":        "That is an instruction to the trainer, not an answer to the customer.",
	},
}

// perfectTexts are the building blocks of a model answer to one objection
// family: acknowledge, ask, benefit tied to the product, evidence, next step.
// The figures are illustrative; hints remind users to use their own.
type perfectTexts struct {
	Ack, Question, Benefit, Evidence, Next map[string][]string
}

var perfect = map[string]perfectTexts{
	"price": {
		Ack: map[string][]string{
			langDE: {"Ich verstehe gut, dass {Sie beim Preis genau hinschauen|du beim Preis genau hinschaust} – das ist bei jeder Investition berechtigt.", "Danke für die Offenheit – dass {Sie den Preis kritisch prüfen|du den Preis kritisch prüfst}, kann ich gut verstehen."},
			langEN: {"I understand that you're looking closely at the price – that's fair for any investment.", "Thanks for being open about it – I understand that you're checking the price carefully."},
		},
		Question: map[string][]string{
			langDE: {"Darf ich fragen, {womit Sie den Preis gerade vergleichen|womit du den Preis gerade vergleichst}?", "Welche Kosten {haben Sie|hast du} heute für diese Aufgabe – an Zeit und an Geld?"},
			langEN: {"May I ask what you're comparing the price with at the moment?", "What does this task cost you today – in time and in money?"},
		},
		Benefit: map[string][]string{
			langDE: {"[our] spart {Ihrem|deinem} Team jede Woche Stunden an Routinearbeit und senkt so die laufenden Kosten – die Investition rechnet sich."},
			langEN: {"[our] saves your team hours of routine work every week and lowers your running costs, so the investment pays for itself."},
		},
		Evidence: map[string][]string{
			langDE: {"Kunden mit ähnlicher Größe haben die Kosten im Schnitt nach vier bis sechs Monaten wieder drin, bei rund 15 % weniger Aufwand.", "Ein Betrieb mit 12 Mitarbeitern hat damit im ersten Jahr rund 9.000 Euro an Verwaltungszeit eingespart."},
			langEN: {"Customers of a similar size recover the cost after four to six months on average, with around 15% less admin effort.", "A business with 12 employees saved around 9,000 euros in admin time in the first year."},
		},
		Next: map[string][]string{
			langDE: {"Sollen wir nächste Woche in 30 Minuten {Ihre|deine} Zahlen gemeinsam durchrechnen?", "Wollen wir am Donnerstag kurz telefonieren und eine Beispielrechnung für {Ihren|deinen} Betrieb aufstellen?"},
			langEN: {"Shall we go through your numbers together in a 30-minute call next week?", "Shall we have a quick call on Thursday and work out a sample calculation for your business?"},
		},
	},
	"no_need": {
		Ack: map[string][]string{
			langDE: {"Das verstehe ich – wenn die Abläufe funktionieren, gibt es erst mal keinen Grund, etwas zu ändern.", "Gut, dass {Sie das so offen sagen|du das so offen sagst} – wenn alles läuft, muss man nichts ändern."},
			langEN: {"I understand – if your processes work, there's no reason to change anything at first.", "Thanks for being so open – if everything runs smoothly, there's no need to change anything."},
		},
		Question: map[string][]string{
			langDE: {"Wie {organisieren Sie das heute, und wo hakt es bei Ihnen|organisierst du das heute, und wo hakt es bei dir} am ehesten?", "Wo geht bei {Ihnen|dir} im Alltag heute am meisten Zeit verloren?"},
			langEN: {"How do you handle this today, and where does it take the most time?", "Where do you lose the most time in your day-to-day work today?"},
		},
		Benefit: map[string][]string{
			langDE: {"Genau dort setzt [our] an: Routinearbeit läuft automatisch, und {Ihr|dein} Team gewinnt Zeit für das Wesentliche."},
			langEN: {"That's exactly where [our] helps: routine work runs automatically, and your team saves time for what matters."},
		},
		Evidence: map[string][]string{
			langDE: {"Ein Kunde, der vorher mit Excel gearbeitet hat, spart damit heute rund 5 Stunden pro Woche.", "Zum Beispiel hat ein Kunde aus {Ihrer|deiner} Branche damit 20 % weniger Abstimmungsaufwand im Team."},
			langEN: {"For example, a customer who used to work with Excel now saves around 5 hours a week.", "For example, a customer from your industry has 20% less coordination effort in the team with it."},
		},
		Next: map[string][]string{
			langDE: {"Wollen wir am Donnerstag in einer kurzen Demo prüfen, ob das bei {Ihnen|dir} ähnlich aussieht?", "Sollen wir nächste Woche in einer kurzen Demo {Ihren|deinen} heutigen Ablauf danebenlegen?"},
			langEN: {"Shall we check in a short demo on Thursday whether it looks similar for you?", "Shall we put your current process side by side with it in a short demo next week?"},
		},
	},
	"no_time": {
		Ack: map[string][]string{
			langDE: {"Das verstehe ich gut – wenn gerade viel los ist, ist jede zusätzliche Aufgabe eine zu viel.", "Danke, dass {Sie sich trotzdem kurz Zeit nehmen|du dir trotzdem kurz Zeit nimmst} – ich weiß, wie voll die Tage gerade sind."},
			langEN: {"I understand – when things are busy, every extra task is one too many.", "Thanks for taking a moment anyway – I know how full your days are right now."},
		},
		Question: map[string][]string{
			langDE: {"Was steht bei {Ihnen|dir} im Moment ganz oben auf der Liste?", "Welche Aufgabe frisst bei {Ihnen|dir} gerade die meiste Zeit?"},
			langEN: {"What's at the top of your list right now?", "Which task is eating up most of your time at the moment?"},
		},
		Benefit: map[string][]string{
			langDE: {"[our] spart {Ihnen|dir} Zeit, statt welche zu kosten: Die Einrichtung übernehmen wir, und Routineaufgaben laufen danach automatisch."},
			langEN: {"[our] is built to save you time rather than cost it: we handle the setup, and routine tasks then run automatically."},
		},
		Evidence: map[string][]string{
			langDE: {"Bei einem Kunden mit vollem Auftragsbuch war alles nach zwei Tagen eingerichtet, und das Team spart seitdem rund 3 Stunden pro Woche.", "Ein Kunde hat die Einrichtung in 2 Stunden erledigt und spart seitdem jeden Freitag einen halben Tag Büroarbeit."},
			langEN: {"One customer with a full order book was set up in two days and has saved around 3 hours a week since.", "One customer finished the setup in 2 hours and has saved half a day of office work every Friday since."},
		},
		Next: map[string][]string{
			langDE: {"Wie wäre es mit einem 15-minütigen Telefonat nächste Woche – zu einer Zeit, die {Ihnen|dir} passt?", "Darf ich {Ihnen|dir} für Donnerstag einen 15-minütigen Rückruf eintragen?"},
			langEN: {"How about a 15-minute call next week at a time that suits you?", "May I put you down for a 15-minute call back on Thursday?"},
		},
	},
	"existing_supplier": {
		Ack: map[string][]string{
			langDE: {"Das verstehe ich – einen Anbieter, mit dem man zufrieden ist, wechselt man nicht leichtfertig.", "Das ist ein gutes Zeichen, und ich verstehe, dass {Sie nichts aufs Spiel setzen wollen|du nichts aufs Spiel setzen willst}."},
			langEN: {"I understand – you don't switch a supplier you're happy with lightly.", "That's a good sign, and I understand you don't want to put anything at risk."},
		},
		Question: map[string][]string{
			langDE: {"Was {schätzen Sie an Ihrem|schätzt du an deinem} jetzigen Anbieter am meisten – und wo {wünschen Sie sich|wünschst du dir} manchmal mehr?", "{Wenn Sie sich bei Ihrem jetzigen Anbieter eine Sache wünschen könnten|Wenn du dir bei deinem jetzigen Anbieter eine Sache wünschen könntest}, welche wäre das?"},
			langEN: {"What do you value most about your current supplier, and where do you sometimes wish for more?", "If you could wish for one thing from your current supplier, what would it be?"},
		},
		Benefit: map[string][]string{
			langDE: {"Viele nutzen [our] als Ergänzung: Es schließt genau solche Lücken und steigert die Qualität, {ohne dass Sie Ihren Partner aufgeben müssen|ohne dass du deinen Partner aufgeben musst}."},
			langEN: {"Many customers use [our] as a complement: it closes exactly those gaps and improves quality without you having to give up your partner."},
		},
		Evidence: map[string][]string{
			langDE: {"Ein Kunde hat uns parallel zu seinem Bestandsanbieter getestet und nach drei Monaten 20 % schnellere Reaktionszeiten gemessen.", "Zum Beispiel ergänzt ein Kunde seinen langjährigen Anbieter mit uns und hat seine Reaktionszeit um 30 % verkürzt."},
			langEN: {"One customer tested us alongside their existing supplier and measured 20% faster response times after three months.", "For example, one customer complements their long-standing supplier with us and cut their response time by 30%."},
		},
		Next: map[string][]string{
			langDE: {"Wollen wir nächste Woche in einer kurzen Demo einen unverbindlichen Vergleich mit {Ihrem|deinem} jetzigen Setup machen?", "Sollen wir am Donnerstag einen kurzen Termin machen, in dem ich {Ihnen|dir} den Unterschied an einem Beispiel zeige?"},
			langEN: {"Shall we do a short demo next week with a no-obligation comparison against your current setup?", "Shall we have a short meeting on Thursday where I show you the difference with an example?"},
		},
	},
	"trust": {
		Ack: map[string][]string{
			langDE: {"Das kann ich gut nachvollziehen – einem neuen Anbieter vertraut man nicht einfach so.", "Berechtigte Frage – Vertrauen muss man sich erst verdienen."},
			langEN: {"I understand – you don't just trust a new supplier.", "Fair point – trust has to be earned first."},
		},
		Question: map[string][]string{
			langDE: {"Was {bräuchten Sie, um sicher zu sein, dass das bei Ihnen|bräuchtest du, um sicher zu sein, dass das bei euch} funktioniert?", "{Woran würden Sie festmachen|Woran würdest du festmachen}, dass ein neuer Anbieter seriös ist?"},
			langEN: {"What would you need to be sure that it works for you?", "How would you judge whether a new supplier is reliable?"},
		},
		Benefit: map[string][]string{
			langDE: {"Mit [our3] {gehen Sie|gehst du} kein Risiko ein: {Sie sehen|Du siehst} in einem Test mit {Ihren|deinen} eigenen Daten, was es {Ihnen|dir} spart."},
			langEN: {"With [our] you take no risk: a trial with your own data shows you what it saves you."},
		},
		Evidence: map[string][]string{
			langDE: {"Über 200 Betriebe nutzen es bereits, und ich stelle {Ihnen|dir} gern den Kontakt zu einem Referenzkunden aus {Ihrer|deiner} Branche her.", "Wir arbeiten seit 8 Jahren mit Betrieben wie {Ihrem|deinem} zusammen, und {Sie können|du kannst} jeden unserer Referenzkunden anrufen."},
			langEN: {"More than 200 companies already use it, and I'm happy to put you in touch with a reference customer from your industry.", "We've worked with businesses like yours for 8 years, and you're welcome to call any of our reference customers."},
		},
		Next: map[string][]string{
			langDE: {"Sollen wir für nächste Woche einen kostenlosen Test mit {Ihren|deinen} Daten einplanen?", "Wollen wir nächste Woche einen Pilot mit einem Team starten, damit {Sie es selbst prüfen können|du es selbst prüfen kannst}?"},
			langEN: {"Shall we plan a free trial with your data for next week?", "Shall we start a pilot with one team next week so you can check it yourself?"},
		},
	},
	"authority": {
		Ack: map[string][]string{
			langDE: {"Das ist völlig nachvollziehbar – so eine Entscheidung trifft man gemeinsam.", "Verstehe ich gut – bei so einer Entscheidung sollte {Ihr|dein} Chef mit am Tisch sitzen."},
			langEN: {"That makes complete sense – a decision like this is made together.", "I understand – your boss should be at the table for a decision like this."},
		},
		Question: map[string][]string{
			langDE: {"Was ist {Ihrem|deinem} Chef bei solchen Entscheidungen besonders wichtig?", "Welche Fragen wird {Ihr|dein} Chef als Erstes stellen?"},
			langEN: {"What matters most to your boss in decisions like this?", "What questions will your boss ask first?"},
		},
		Benefit: map[string][]string{
			langDE: {"[our] liefert genau die Zahlen, die Entscheider sehen wollen: weniger Aufwand, mehr Überblick und eine klare Kostenrechnung."},
			langEN: {"[our] delivers exactly the figures decision makers want to see: less effort, a better overview and a clear cost calculation."},
		},
		Evidence: map[string][]string{
			langDE: {"Zum Beispiel hat bei einem ähnlichen Unternehmen eine einseitige Übersicht mit 3 Kennzahlen gereicht, damit die Geschäftsführung innerhalb einer Woche zugestimmt hat.", "Bei einem Kunden mit ähnlicher Struktur hat eine Übersicht mit 3 Kennzahlen gereicht, damit der Chef zustimmt."},
			langEN: {"For example, at a similar company a one-page summary with 3 key figures was enough for management to approve within a week.", "At a customer with a similar structure, an overview with 3 key figures was enough for the boss to agree."},
		},
		Next: map[string][]string{
			langDE: {"Sollen wir einen kurzen Termin mit {Ihrem|deinem} Chef vereinbaren, in dem ich die Fragen direkt beantworte?", "Soll ich {Ihnen|dir} bis morgen eine einseitige Übersicht schicken, und wir stellen sie {Ihrem|deinem} Chef nächste Woche gemeinsam vor?"},
			langEN: {"Shall we arrange a short meeting with your boss where I answer the questions directly?", "Shall I send you a one-page overview by tomorrow, and we present it to your boss together next week?"},
		},
	},
	"risk_of_change": {
		Ack: map[string][]string{
			langDE: {"Die Sorge verstehe ich – eine Umstellung darf das Tagesgeschäft nicht gefährden.", "Das ist eine berechtigte Sorge – niemand will mitten im Tagesgeschäft Experimente."},
			langEN: {"I understand the concern – a switch must not put day-to-day business at risk.", "That's a legitimate concern – nobody wants experiments in the middle of day-to-day business."},
		},
		Question: map[string][]string{
			langDE: {"Welche Erfahrungen {haben Sie|hast du} bei früheren Umstellungen gemacht?", "Was wäre für {Sie|dich} bei einer Umstellung das Schlimmste, das passieren könnte?"},
			langEN: {"What experience have you had with previous switches?", "What would be the worst thing that could happen to you during a switch?"},
		},
		Benefit: map[string][]string{
			langDE: {"Mit [our3] läuft der Wechsel Schritt für Schritt: Wir kümmern uns um Datenübernahme und Schulung, {Ihr|dein} Team arbeitet parallel weiter und spart danach spürbar Zeit."},
			langEN: {"With [our] the switch happens step by step: we take care of data migration and training, your team keeps working in parallel and saves noticeable time afterwards."},
		},
		Evidence: map[string][]string{
			langDE: {"Bei unseren letzten 40 Einführungen lief das Tagesgeschäft ohne Ausfall weiter, und im Schnitt waren die Teams nach 2 Wochen eingearbeitet.", "Zum Beispiel hat ein Betrieb mit 60 Leuten in nur 3 Wochen umgestellt, ohne einen Tag Ausfall."},
			langEN: {"In our last 40 rollouts, day-to-day business continued without downtime, and on average teams were up to speed after 2 weeks.", "For example, a business with 60 people switched in just 3 weeks without a single day of downtime."},
		},
		Next: map[string][]string{
			langDE: {"Sollen wir nächste Woche einen Pilot mit einem kleinen Team planen, damit {Sie das Risiko selbst einschätzen können|du das Risiko selbst einschätzen kannst}?", "Wollen wir nächste Woche in einem Termin einen Umstellungsplan mit {Ihren|deinen} Leuten durchgehen?"},
			langEN: {"Shall we plan a pilot with a small team next week so you can judge the risk yourself?", "Shall we go through a switch-over plan with your people in a meeting next week?"},
		},
	},
	"data_protection": {
		Ack: map[string][]string{
			langDE: {"Gut, dass {Sie das so früh ansprechen|du das so früh ansprichst} – Datenschutz ist ein berechtigtes Thema.", "Das verstehe ich sehr gut – bei Daten darf man keine Kompromisse machen."},
			langEN: {"Good that you raise this early – data protection is a legitimate concern.", "I understand that very well – there's no room for compromise with data."},
		},
		Question: map[string][]string{
			langDE: {"Welche Anforderungen hat {Ihr|euer} Datenschutzbeauftragter, die wir auf jeden Fall erfüllen sollten?", "{Welche Daten wollen Sie besonders schützen, und wer muss bei Ihnen|Welche Daten willst du besonders schützen, und wer muss bei euch} zustimmen?"},
			langEN: {"Which requirements does your data protection officer have that we should definitely meet?", "Which data do you want to protect in particular, and who has to approve on your side?"},
		},
		Benefit: map[string][]string{
			langDE: {"[our] speichert alle Daten auf Servern in der EU, verschlüsselt sie und reduziert so das Risiko – {Sie behalten|du behältst} jederzeit die volle Kontrolle."},
			langEN: {"[our] stores all data on servers in the EU, encrypts it and so reduces the risk – you keep full control at all times."},
		},
		Evidence: map[string][]string{
			langDE: {"Wir sind nach ISO 27001 zertifiziert, schließen einen AV-Vertrag nach DSGVO ab, und über 100 Kunden haben unsere Unterlagen bereits ohne Nachforderungen freigegeben.", "Unser Hosting liegt in einem ISO-27001-zertifizierten Rechenzentrum in Frankfurt, und zum Beispiel hat ein Klinikverbund unsere Unterlagen ohne Änderungen freigegeben."},
			langEN: {"We are ISO 27001 certified, sign a GDPR data processing agreement, and more than 100 customers have approved our documents without further questions.", "Our hosting is in an ISO 27001 certified data centre in Frankfurt, and a hospital group, for example, approved our documents without changes."},
		},
		Next: map[string][]string{
			langDE: {"Soll ich {Ihnen|dir} die Unterlagen heute schicken, und wir gehen sie nächste Woche in einem Termin mit {Ihrem|eurem} Datenschutzbeauftragten durch?", "Sollen wir nächste Woche einen kurzen Termin mit {Ihrem|eurem} Datenschutzbeauftragten machen, in dem ich alle Fragen beantworte?"},
			langEN: {"Shall I send you the documents today, and we go through them next week in a call with your data protection officer?", "Shall we set up a short meeting with your data protection officer next week where I answer all questions?"},
		},
	},
	"timing": {
		Ack: map[string][]string{
			langDE: {"Das verstehe ich – gerade bei voller Agenda will man neue Themen gut planen.", "Verständlich – neue Themen brauchen den richtigen Moment."},
			langEN: {"I understand – with a full agenda you want to plan new topics well.", "Understandable – new topics need the right moment."},
		},
		Question: map[string][]string{
			langDE: {"Was ändert sich bis zum nächsten Quartal, das den Zeitpunkt dann besser macht?", "Was müsste bis zum nächsten Quartal passiert sein, damit es dann leichter ist?"},
			langEN: {"What will change by next quarter that makes the timing better then?", "What would need to have happened by next quarter to make it easier then?"},
		},
		Benefit: map[string][]string{
			langDE: {"Wenn wir [our] jetzt schon vorbereiten, {starten Sie|startest du} ohne Anlaufzeit ins neue Quartal und {sparen|sparst} vom ersten Tag an Zeit."},
			langEN: {"If we prepare [our] now, you start the new quarter without a ramp-up phase and save time from day one."},
		},
		Evidence: map[string][]string{
			langDE: {"Ein Kunde, der drei Monate gewartet hat, hat ausgerechnet, dass ihn das rund 8.000 Euro an Mehraufwand gekostet hat.", "Kunden, die vor dem Quartalswechsel gestartet sind, hatten im Schnitt 4 Wochen früher die ersten Einsparungen."},
			langEN: {"One customer who waited three months calculated that it cost them around 8,000 euros in extra effort.", "Customers who started before the quarter change saw their first savings 4 weeks earlier on average."},
		},
		Next: map[string][]string{
			langDE: {"Sollen wir nächste Woche in einem kurzen Termin einen Fahrplan erstellen, der zu {Ihrer|deiner} Planung passt?", "Wollen wir schon nächste Woche einen Termin machen, damit {Sie zum Quartalsstart startklar sind|du zum Quartalsstart startklar bist}?"},
			langEN: {"Shall we schedule a short meeting next week and draw up a roadmap that fits your planning?", "Shall we set a meeting next week so you're ready to go at the start of the quarter?"},
		},
	},
	"works_council": {
		Ack: map[string][]string{
			langDE: {"Das ist ein wichtiger Punkt – den Betriebsrat früh einzubinden, ist absolut richtig.", "Danke für den Hinweis – den Betriebsrat früh mitzunehmen, ist der richtige Weg."},
			langEN: {"That's an important point – involving the works council early is absolutely right.", "Thanks for raising it – bringing the works council in early is the right way."},
		},
		Question: map[string][]string{
			langDE: {"Welche Bedenken hat {Ihr|euer} Betriebsrat bei solchen Themen typischerweise?", "Wie hat {Ihr|euer} Betriebsrat bei der letzten Software-Einführung reagiert?"},
			langEN: {"What concerns does your works council typically have about topics like this?", "How did your works council react to the last software introduction?"},
		},
		Benefit: map[string][]string{
			langDE: {"[our] ist so konfiguriert, dass keine Leistungs- oder Verhaltenskontrolle möglich ist – das erleichtert die Zustimmung und spart Wochen an Abstimmung."},
			langEN: {"[our] is configured so that no performance or behaviour monitoring is possible – that makes approval easier and saves weeks of negotiation."},
		},
		Evidence: map[string][]string{
			langDE: {"Wir haben eine Muster-Betriebsvereinbarung, mit der zum Beispiel ein Kunde mit 300 Beschäftigten die Zustimmung in 4 Wochen bekommen hat.", "Über 50 Betriebsräte haben unsere Konfiguration bereits geprüft, zum Beispiel bei einem Kunden mit 400 Beschäftigten."},
			langEN: {"We have a template works agreement with which, for example, a customer with 300 employees got approval in 4 weeks.", "More than 50 works councils have already reviewed our configuration, for example at a customer with 400 employees."},
		},
		Next: map[string][]string{
			langDE: {"Sollen wir einen Termin vereinbaren, bei dem ich {Ihrem|eurem} Betriebsrat alles direkt erkläre?", "Soll ich {Ihnen|dir} nächste Woche die Unterlagen für den Betriebsrat schicken, und wir besprechen sie in einem kurzen Termin?"},
			langEN: {"Shall we arrange a meeting where I explain everything directly to your works council?", "Shall I send you the documents for the works council next week, and we discuss them in a short meeting?"},
		},
	},
}

// hintAdvice says, per missing technique, what to do; %s is the family name
// (German "zum Preis", English "price") where used, the sample follows.
var hintAdvice = map[string]map[string]string{
	langDE: {
		"acknowledge":   "Nimm die Sorge %s ernst, bevor du argumentierst",
		"question":      "Frag nach, was genau hinter dem Einwand %s steckt",
		"benefit":       "Zeig, was dein Produkt gegen diese Sorge konkret bringt",
		"evidence":      "Untermauere deine Aussage mit einer Zahl oder einem Kundenbeispiel – am besten aus deinen echten Referenzen",
		"next_step":     "Schließ mit einem konkreten Vorschlag ab",
		"formality_sie": "Der Kunde siezt dich – bleib bei „Sie“",
		"formality_du":  "Der Kunde duzt dich – bleib beim „du“",
		"tone":          "Lass Widerspruch und Druck weg und nimm die Sorge ernst",
		"tone_short":    "Schreib zwei, drei vollständige Sätze statt einer knappen Zeile",
		"tone_long":     "Fass dich kürzer: ein Gedanke pro Satz, höchstens fünf Sätze",
		"tone_void":     "Antworte in eigenen, ganzen Sätzen auf genau diesen Einwand – Stichwortlisten, Wiederholungen und die Worte des Kunden zählen nicht",
		"example":       "z. B.:",
		"also":          "Danach fehlt noch: %s.",
		"complete":      "Deine letzte Antwort hatte alles – anerkennen, nachfragen, Nutzen, Beleg, nächster Schritt. Mach sie mit echten Zahlen aus deinen Referenzen noch stärker,",
	},
	langEN: {
		"acknowledge":   "Take the %s concern seriously before you argue",
		"question":      "Ask what exactly is behind the %s objection",
		"benefit":       "Show what your product concretely does about this concern",
		"evidence":      "Back up your claim with a figure or a customer example – ideally from your real references",
		"next_step":     "Close with a concrete proposal",
		"formality_sie": "The customer uses Sie – stay with Sie",
		"formality_du":  "The customer uses du – stay with du",
		"tone":          "Drop contradiction and pressure and take the concern seriously",
		"tone_short":    "Write two or three full sentences instead of one short line",
		"tone_long":     "Keep it shorter: one thought per sentence, five sentences at most",
		"tone_void":     "Answer this very objection in your own full sentences – keyword lists, repeats and the customer's own words don't count",
		"example":       "e.g.:",
		"also":          "After that, still missing: %s.",
		"complete":      "Your last answer had it all – acknowledge, ask, benefit, evidence, next step. Make it even stronger with real figures from your references,",
	},
}

// Evaluation wording. Category keys, in the order of coach.Categories.
var categoryKeys = []string{"empathy", "questions", "value", "objections", "closing", "language"}

var evalTexts = map[string]map[string]string{
	langDE: {
		"empathy.good":      "In %s hast du die Sorge des Kunden anerkannt (%d von %d Antworten).",
		"empathy.none":      "Keine deiner %d Antworten erkennt die Sorge an – %s geht direkt ins Argument.",
		"questions.good":    "Gute Rückfrage: %s (%d von %d Antworten mit echter Frage).",
		"questions.weak":    "Fragen wie %s decken wenig auf – frag offen nach dem Hintergrund.",
		"questions.none":    "In keiner deiner %d Antworten steht eine echte Rückfrage; %s endet z. B. ohne Frage.",
		"value.good":        "%s zeigt einen Nutzen deines Produkts.",
		"value.evidence":    " Belegt hast du ihn mit %s.",
		"value.noevidence":  " Zahlen oder Kundenbeispiele fehlten noch.",
		"value.generic":     "Nutzen und Belege bleiben allgemein, z. B. %s – nenne Zahlen oder Kundenbeispiele.",
		"value.none":        "In %s fehlt, was der Kunde konkret von deinem Produkt hat.",
		"objections.best":   "Deine stärkste Antwort (%d Punkte) beim Einwand %s: %s.",
		"objections.weak":   "Keine Antwort hat einen Einwand entkräftet – am nächsten kam %s (%d Punkte) beim Einwand %s.",
		"objections.solved": " %d von %d Einwänden gelöst.",
		"closing.good":      "%s schlägt einen konkreten nächsten Schritt vor (%d von %d Antworten).",
		"closing.vague":     "%s bleibt unverbindlich – schlag einen Termin vor.",
		"closing.none":      "Keine deiner Antworten schlägt einen nächsten Schritt vor; %s endet z. B. offen.",
		"language.good_sie": "Du siezt den Kunden durchgehend und bleibst sachlich, z. B. %s.",
		"language.good_du":  "Du duzt den Kunden durchgehend und bleibst freundlich, z. B. %s.",
		"intro.1":           "Du hast in %d Antworten %d von %d Einwänden gelöst und erreichst insgesamt %d %%.",
		"intro.2":           "Am besten lief es bei „%s“, am meisten Potenzial hast du bei „%s“.",
		"intro.2same":       "Deine Werte liegen eng beieinander; „%s“ ist der nächste Hebel.",
		"intro.2top":        "Eine sehr starke Leistung in allen sechs Bereichen – halte dieses Niveau auch bei schwierigeren Kunden.",
		"imp.polish1":       "Feinschliff: Ersetze Beispielzahlen durch echte Zahlen aus deinen Referenzen – der Kunde kann nachfragen, z. B.: %s",
		"imp.polish2":       "Feinschliff: Greif ein Detail aus der Antwort des Kunden wörtlich auf, damit er sich gehört fühlt, z. B. nach einem ersten Satz wie: %s",
		"imp.empathy":       "Erkenne jeden Einwand an, bevor du argumentierst, z. B.: %s",
		"imp.questions":     "Stell eine offene Frage, die aufdeckt, was hinter dem Einwand steckt, z. B.: %s",
		"imp.value":         "Verknüpf einen konkreten Nutzen deines Produkts mit einer Zahl oder einem Kundenbeispiel, z. B.: %s",
		"imp.objections":    "Arbeite jeden Einwand in einer Antwort vollständig ab – anerkennen, nachfragen, Nutzen belegen, nächsten Schritt vorschlagen –, z. B.: %s",
		"imp.closing":       "Schließ jede Antwort mit einem konkreten nächsten Schritt, z. B.: %s",
		"imp.language_sie":  "Bleib durchgehend bei „Sie“ – der Kunde spricht dich auch so an, z. B.: %s",
		"imp.language_du":   "Bleib durchgehend beim „du“ – der Kunde spricht dich auch so an, z. B.: %s",
		"imp.language_tone": "Verzichte auf Widerspruch und Druck; statt %s lieber: %s",
		"imp.language_len":  "Halte deine Antworten bei drei bis fünf Sätzen, z. B.: %s",
		"top.empathy":       "Du nimmst Sorgen ernst: %s",
		"top.questions":     "Du fragst nach, statt nur zu argumentieren: %s",
		"top.value":         "Du argumentierst mit Nutzen: %s",
		"top.objections":    "Du bleibst beim Einwand und bringst ihn voran: %s",
		"top.closing":       "Du führst zum nächsten Schritt: %s",
		"top.language":      "Anrede und Ton passen – der Kunde fühlt sich respektiert: %s",
		"top.none":          "Bleib dran: Beginne jede Antwort mit einem Satz wie „Das verstehe ich“ und stell eine Frage, bevor du argumentierst.",
		"empty.intro":       "In diesem Gespräch gibt es noch zu wenig Antworten, um sie zu bewerten. Antworte auf mindestens einen Einwand, dann bekommst du eine ausführliche Auswertung.",
		"empty.comment":     "Zu wenig Gesprächsinhalt für eine Bewertung.",
		"empty.imp1":        "Antworte auf den Einwand des Kunden: erst anerkennen, dann nachfragen, z. B.: %s",
		"empty.imp2":        "Schließ mit einem konkreten nächsten Schritt, z. B.: %s",
		"empty.top":         "Starte ein Gespräch und probier die vier Schritte aus: anerkennen, nachfragen, Nutzen belegen, nächsten Schritt vorschlagen.",
	},
	langEN: {
		"empathy.good":      "In %s you acknowledged the customer's concern (%d of %d answers).",
		"empathy.none":      "None of your %d answers acknowledges the concern – %s goes straight to arguing.",
		"questions.good":    "Good question: %s (%d of %d answers with a real question).",
		"questions.weak":    "Questions like %s uncover little – ask openly about the background.",
		"questions.none":    "None of your %d answers contains a real question; %s, for example, ends without one.",
		"value.good":        "%s shows a benefit of your product.",
		"value.evidence":    " You backed it up with %s.",
		"value.noevidence":  " Figures or customer examples were still missing.",
		"value.generic":     "Benefits and proof stay generic, e.g. %s – give figures or customer examples.",
		"value.none":        "%s doesn't say what the customer concretely gets from your product.",
		"objections.best":   "Your strongest answer (%d points) to the %s objection: %s.",
		"objections.weak":   "No answer overcame an objection – the closest was %s (%d points) on the %s objection.",
		"objections.solved": " %d of %d objections solved.",
		"closing.good":      "%s proposes a concrete next step (%d of %d answers).",
		"closing.vague":     "%s stays noncommittal – propose an appointment.",
		"closing.none":      "None of your answers proposes a next step; %s, for example, ends open.",
		"language.good_sie": "You consistently use Sie and stay matter-of-fact, e.g. %s.",
		"language.good_du":  "You consistently use du and stay friendly, e.g. %s.",
		"language.good_en":  "Polite, matter-of-fact tone throughout, e.g. %s.",
		"intro.1":           "In %d answers you solved %d of %d objections, for an overall %d%%.",
		"intro.2":           "You did best in “%s”; the most potential lies in “%s”.",
		"intro.2same":       "Your scores are close together; “%s” is the next lever.",
		"intro.2top":        "A very strong performance in all six areas – keep this level with tougher customers too.",
		"imp.polish1":       "Polish: replace example figures with real ones from your references – the customer may ask, e.g.: %s",
		"imp.polish2":       "Polish: pick up a detail from the customer's answer word for word so they feel heard, e.g. after an opening like: %s",
		"imp.empathy":       "Acknowledge every objection before you argue, e.g.: %s",
		"imp.questions":     "Ask an open question that uncovers what is behind the objection, e.g.: %s",
		"imp.value":         "Tie a concrete benefit of your product to a figure or a customer example, e.g.: %s",
		"imp.objections":    "Handle each objection completely in one answer – acknowledge, ask, prove the benefit, propose a next step – e.g.: %s",
		"imp.closing":       "End every answer with a concrete next step, e.g.: %s",
		"imp.language_sie":  "Stick to Sie throughout – the customer addresses you that way, e.g.: %s",
		"imp.language_du":   "Stick to du throughout – the customer addresses you that way, e.g.: %s",
		"imp.language_tone": "Drop contradiction and pressure; instead of %s try: %s",
		"imp.language_len":  "Keep your answers to three to five sentences, e.g.: %s",
		"top.empathy":       "You take concerns seriously: %s",
		"top.questions":     "You ask instead of only arguing: %s",
		"top.value":         "You argue with benefits: %s",
		"top.objections":    "You stay with the objection and move it forward: %s",
		"top.closing":       "You lead to the next step: %s",
		"top.language":      "Address and tone fit – the customer feels respected: %s",
		"top.none":          "Keep at it: start every answer with a sentence like “I understand” and ask a question before you argue.",
		"empty.intro":       "This conversation has too few answers to evaluate. Answer at least one objection and you'll get a detailed evaluation.",
		"empty.comment":     "Too little conversation to evaluate.",
		"empty.imp1":        "Answer the customer's objection: acknowledge first, then ask, e.g.: %s",
		"empty.imp2":        "End with a concrete next step, e.g.: %s",
		"empty.top":         "Start a conversation and try the four steps: acknowledge, ask, prove the benefit, propose a next step.",
	},
}

// Messages of errors the trainer returns.
const (
	msgNoSummary   = "Keine Zusammenfassung erhalten."
	msgCancelled   = "Der Trainer wurde abgebrochen."
	msgNoAnswer    = "Keine Antwort zum Bewerten."
	msgUnknownKind = "Unbekannte Art der Antwort."
)
