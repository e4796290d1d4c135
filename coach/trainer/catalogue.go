package trainer

// This file holds everything the built-in customer says. Product people may
// edit it freely; the tests check that every family keeps at least three
// opening phrasings per language that name the product, and that Sie texts
// contain no du-forms and vice versa.
//
// Notation in German texts:
//   {Sie-Form|du-Form}  the customer's form of address, e.g. "{haben Sie|hast du}"
//   [q]      the product in quotes, nominative/accusative: „KI-Zeiterfassung“ (else "Ihr/dein Angebot")
//   [q3]     the same for dative: „KI-Zeiterfassung“ (else "Ihrem/deinem Angebot")
//   [thema]  "das Thema KI-Zeiterfassung" (else "Ihr/dein Angebot"), nominative/accusative
//   [dem]    "dem Thema KI-Zeiterfassung" (else "Ihrem/deinem Angebot"), dative
//   [p]      the bare phrase (else "Ihr/dein Angebot")
//   [our]    seller side: „KI-Zeiterfassung“ (else "unser Angebot"); [our3] dative ("unserem Angebot")
// English texts use [your] ("your CRM software" / "your offer"), [q] (quoted) and [our].
// Texts are picked deterministically per chat, so a replay reads the same.

// familyTexts is what the customer says about one objection family.
type familyTexts struct {
	// Name is how coaching lines refer to the objection: "zum Preis" / "price".
	Name map[string]string
	// Open raises the objection (first message, or after the previous one is
	// settled). Every phrasing names the product; the first sentence must
	// stand alone because impatient customers say only that.
	Open map[string][]string
	// Push presses the objection again after an answer that did not settle it.
	Push map[string][]string
	// Core is the objection in one short sentence, repeated when ignored.
	Core map[string]string
	// Reveal answers a clarifying question with what is behind the objection.
	Reveal map[string][]string
	// Condition says what would convince the customer; it follows "aber"
	// or a colon, so it starts in lower case.
	Condition map[string][]string
	// Settled acknowledges that this objection is overcome.
	Settled map[string][]string
}

var families = map[string]familyTexts{
	"price": {
		Name: map[string]string{langDE: "zum Preis", langEN: "price"},
		Open: map[string][]string{
			langDE: {
				"[q] klingt ja gut, aber der Preis ist für uns ehrlich gesagt zu hoch.",
				"Für [thema] haben wir dieses Jahr schlicht kein Budget eingeplant. Das ist uns zu teuer.",
				"Ich habe mir {Ihre|deine} Preise für [q] angeschaut – das ist deutlich mehr, als wir ausgeben wollen.",
				"Was {Sie|du} für [q] {verlangen|verlangst}, sprengt ehrlich gesagt unser Budget.",
			},
			langEN: {
				"[q] sounds good, but honestly, the price is too high for us.",
				"We simply haven't budgeted for [your] this year. It's too expensive.",
				"I've looked at the pricing for [your] – it's a lot more than we want to spend.",
				"To be honest, what you charge for [your] blows our budget.",
			},
		},
		Push: map[string][]string{
			langDE: {
				"Trotzdem: Der Preis bleibt für uns zu hoch.",
				"Ich sehe immer noch nicht, warum [q] so viel kosten muss.",
				"Am Ende zählt, was unterm Strich rauskommt – und da ist mir das zu teuer.",
				"Wie soll ich diesen Preis intern rechtfertigen? Das Budget ist knapp.",
			},
			langEN: {
				"Still, the price is too high for us.",
				"I still don't see why [your] has to cost that much.",
				"At the end of the day the bottom line counts – and there it's too expensive.",
				"How am I supposed to justify this price internally? The budget is tight.",
			},
		},
		Core: map[string]string{langDE: "Das ist uns zu teuer.", langEN: "It's too expensive for us."},
		Reveal: map[string][]string{
			langDE: {
				"Wir zahlen für unsere jetzige Lösung rund 200 Euro im Monat, und mein Chef schaut gerade auf jeden Euro.",
				"Wir hatten letztes Jahr ein teures Projekt, das sich nie gerechnet hat. Das will ich nicht noch mal erleben.",
				"Unser Budget für solche Themen ist fast aufgebraucht, und jede neue Ausgabe muss ich vor der Geschäftsführung begründen.",
			},
			langEN: {
				"We pay about 200 euros a month for our current solution, and my boss is watching every euro right now.",
				"Last year we had an expensive project that never paid off. I don't want to go through that again.",
				"Our budget for this kind of thing is almost used up, and I have to justify every new expense to management.",
			},
		},
		Condition: map[string][]string{
			langDE: {"das muss sich für uns in überschaubarer Zeit rechnen.", "ich muss den Preis intern mit harten Zahlen begründen können."},
			langEN: {"it has to pay for itself within a reasonable time.", "I need hard numbers to justify the price internally."},
		},
		Settled: map[string][]string{
			langDE: {"Gut, wenn sich das so rechnet, ist der Preis für mich kein Hindernis mehr.", "Okay, das mit dem Preis kann ich jetzt besser einordnen."},
			langEN: {"Okay, if it pays off like that, the price is no longer a blocker for me.", "Fine, I can put the price into perspective now."},
		},
	},
	"no_need": {
		Name: map[string]string{langDE: "zum fehlenden Bedarf", langEN: "no-need"},
		Open: map[string][]string{
			langDE: {
				"Ehrlich gesagt sehe ich keinen Bedarf für [q]. Bei uns läuft alles gut, so wie es ist.",
				"Wozu sollten wir [q] brauchen? Unsere Abläufe funktionieren.",
				"Mit [dem] haben wir uns bisher nie beschäftigt – und ehrlich gesagt fehlt uns nichts.",
				"Ich wüsste nicht, welches Problem [q] bei uns lösen sollte.",
			},
			langEN: {
				"Honestly, I don't see a need for [your]. Everything works fine for us as it is.",
				"Why would we need [your]? Our processes work.",
				"We've done fine without [your] so far – and frankly, we don't miss anything.",
				"I can't think of a problem [your] would solve for us.",
			},
		},
		Push: map[string][]string{
			langDE: {
				"Ich sehe einfach keinen Bedarf bei uns.",
				"Wir sind bisher auch ohne [q] gut zurechtgekommen.",
				"Das mag für andere Firmen passen, aber bei uns läuft es.",
			},
			langEN: {
				"I just don't see a need on our side.",
				"We've managed fine without [your] so far.",
				"That may suit other companies, but things are running fine here.",
			},
		},
		Core: map[string]string{langDE: "Wir brauchen das nicht.", langEN: "We don't need this."},
		Reveal: map[string][]string{
			langDE: {
				"Wir machen das bisher mit Excel und ein paar E-Mails. Das ist zwar manchmal mühsam, aber es geht.",
				"Am meisten Zeit kostet uns eigentlich die Abstimmung zwischen Büro und Außendienst – aber daran haben wir uns gewöhnt.",
				"Wir haben vor zwei Jahren schon mal etwas Neues eingeführt, und am Ende hat es keiner genutzt.",
			},
			langEN: {
				"We do it with Excel and a few e-mails. It's tedious sometimes, but it works.",
				"What actually costs us the most time is coordinating the office and the field team – but we've got used to it.",
				"Two years ago we introduced something new, and in the end nobody used it.",
			},
		},
		Condition: map[string][]string{
			langDE: {"{Sie müssten|du müsstest} mir zeigen, welches Problem das bei uns konkret löst.", "ich sehe noch nicht, wo genau wir damit besser würden."},
			langEN: {"you'd have to show me which problem this actually solves for us.", "I don't yet see where exactly we'd be better off."},
		},
		Settled: map[string][]string{
			langDE: {"Okay, ich sehe jetzt, wo uns das helfen könnte.", "Gut, der Bedarf ist wohl doch größer, als ich dachte."},
			langEN: {"Okay, I can see now where this could help us.", "Fine, maybe the need is bigger than I thought."},
		},
	},
	"no_time": {
		Name: map[string]string{langDE: "zur fehlenden Zeit", langEN: "no-time"},
		Open: map[string][]string{
			langDE: {
				"Ich habe gerade wirklich keine Zeit, mich mit [dem] zu beschäftigen.",
				"[q] mag ja interessant sein, aber wir stecken gerade bis zum Hals in Projekten.",
				"Für [thema] habe ich im Moment einfach keinen Kopf. Bei uns brennt es an allen Ecken.",
				"Können wir das mit [dem] verschieben? Ich habe diese Woche keine ruhige Minute.",
			},
			langEN: {
				"I really don't have time to look into [your] right now.",
				"[q] may be interesting, but we're up to our necks in projects at the moment.",
				"I just can't think about [your] right now. Everything's on fire here.",
				"Can we put [your] on hold? I haven't had a quiet minute all week.",
			},
		},
		Push: map[string][]string{
			langDE: {
				"Wie gesagt, mir fehlt gerade schlicht die Zeit.",
				"Selbst eine kurze Einführung in [q] ist gerade nicht drin.",
				"Ich kann mich jetzt nicht auch noch damit befassen.",
			},
			langEN: {
				"As I said, I simply don't have the time right now.",
				"Even a short introduction to [your] isn't possible at the moment.",
				"I can't take on anything else right now.",
			},
		},
		Core: map[string]string{langDE: "Ich habe dafür gerade keine Zeit.", langEN: "I don't have time for this right now."},
		Reveal: map[string][]string{
			langDE: {
				"Wir haben zwei Leute im Team verloren, und ich mache deren Arbeit gerade mit.",
				"Bis Monatsende läuft bei uns ein großes Kundenprojekt, danach wird es etwas ruhiger.",
				"Jede neue Sache bedeutet bei uns Schulungen und Abstimmungen – genau dafür fehlt die Zeit.",
			},
			langEN: {
				"We lost two people on the team, and I'm covering their work at the moment.",
				"We have a big customer project running until the end of the month; after that it'll calm down a bit.",
				"Every new thing means training and meetings for us – and that's exactly what we don't have time for.",
			},
		},
		Condition: map[string][]string{
			langDE: {"das darf mich jetzt nicht mehr als ein paar Minuten kosten.", "das müsste uns wirklich Arbeit abnehmen und keine neue machen."},
			langEN: {"it mustn't cost me more than a few minutes right now.", "it would have to take work off our plate, not add more."},
		},
		Settled: map[string][]string{
			langDE: {"Okay, wenn es so wenig Zeit kostet, bekomme ich das unter.", "Gut, das mit der Zeit kriegen wir hin."},
			langEN: {"Okay, if it takes that little time, I can fit it in.", "Fine, we can manage the time."},
		},
	},
	"existing_supplier": {
		Name: map[string]string{langDE: "zum bestehenden Anbieter", langEN: "existing-supplier"},
		Open: map[string][]string{
			langDE: {
				"Für [thema] haben wir schon einen Anbieter, und mit dem sind wir zufrieden.",
				"Warum sollten wir für [q] wechseln? Wir arbeiten seit Jahren mit einem anderen Partner zusammen.",
				"So etwas wie [q] haben wir schon im Einsatz. Das läuft gut.",
				"Ehrlich gesagt sehe ich keinen Grund, für [q] unseren bewährten Anbieter aufzugeben.",
			},
			langEN: {
				"We already have a supplier for something like [your], and we're happy with them.",
				"Why should we switch to [your]? We've worked with another partner for years.",
				"We already use something like [your]. It works well.",
				"Frankly, I don't see a reason to drop our trusted supplier for [your].",
			},
		},
		Push: map[string][]string{
			langDE: {
				"Wir sind mit unserem jetzigen Anbieter wirklich zufrieden.",
				"Was kann [q] denn, was unser jetziger Partner nicht kann?",
				"Einen funktionierenden Partner wechselt man nicht ohne Not.",
			},
			langEN: {
				"We're really happy with our current supplier.",
				"What can [your] do that our current partner can't?",
				"You don't switch a partner that works without a good reason.",
			},
		},
		Core: map[string]string{langDE: "Wir haben schon einen Anbieter, mit dem wir zufrieden sind.", langEN: "We already have a supplier we're happy with."},
		Reveal: map[string][]string{
			langDE: {
				"Wir sind seit fünf Jahren bei unserem Anbieter. Der Service ist okay, nur die Reaktionszeiten sind manchmal lang.",
				"Unser Anbieter hat letztes Jahr die Preise erhöht, aber wechseln ist halt auch Aufwand.",
				"Der Ansprechpartner dort ist ein alter Bekannter unseres Geschäftsführers.",
			},
			langEN: {
				"We've been with our supplier for five years. The service is okay, only the response times are sometimes long.",
				"Our supplier raised prices last year, but switching is a hassle too.",
				"The contact person there is an old acquaintance of our managing director.",
			},
		},
		Condition: map[string][]string{
			langDE: {"{Sie müssten|du müsstest} schon deutlich mehr bieten als unser jetziger Anbieter.", "ich bräuchte einen klaren Vergleich zu dem, was wir heute haben."},
			langEN: {"you'd have to offer clearly more than our current supplier.", "I'd need a clear comparison with what we have today."},
		},
		Settled: map[string][]string{
			langDE: {"Okay, als Ergänzung zu unserem jetzigen Anbieter kann ich mir das vorstellen.", "Gut, der Vergleich mit unserem Anbieter leuchtet mir ein."},
			langEN: {"Okay, as an addition to our current supplier I can imagine it.", "Fine, the comparison with our supplier makes sense to me."},
		},
	},
	"trust": {
		Name: map[string]string{langDE: "zum Vertrauen", langEN: "trust"},
		Open: map[string][]string{
			langDE: {
				"Woher weiß ich, dass [q] wirklich funktioniert? Ehrlich gesagt kenne ich {Ihre|eure} Firma gar nicht.",
				"Von [q3] habe ich noch nie gehört. Warum sollte ich {Ihnen|dir} da vertrauen?",
				"Wer garantiert mir, dass [q] hält, was {Sie sagen|du sagst}? Versprechen kann jeder viel.",
				"Bei [q3] bin ich vorsichtig – wir sind schon einmal auf große Versprechen reingefallen.",
			},
			langEN: {
				"How do I know [your] really works? To be honest, I don't know your company at all.",
				"I've never heard of [your]. Why should I trust you?",
				"Who guarantees that [your] delivers what you say? Anyone can promise a lot.",
				"I'm cautious about [your] – we've fallen for big promises before.",
			},
		},
		Push: map[string][]string{
			langDE: {
				"Versprechen kann man viel. Ich brauche mehr als Worte.",
				"Ich kenne niemanden, der [q] schon nutzt.",
				"Solange ich keine Erfahrungen von anderen sehe, bleibe ich vorsichtig.",
			},
			langEN: {
				"Anyone can make promises. I need more than words.",
				"I don't know anyone who uses [your].",
				"Until I see other people's experience with it, I'll stay cautious.",
			},
		},
		Core: map[string]string{langDE: "Ich kenne {Sie|euch} nicht und weiß nicht, ob das funktioniert.", langEN: "I don't know you, and I don't know whether this works."},
		Reveal: map[string][]string{
			langDE: {
				"Wir hatten vor zwei Jahren einen Anbieter, der viel versprochen hat und nach einem halben Jahr pleite war.",
				"Mir ist wichtig, dass jemand aus unserer Branche das schon erfolgreich nutzt.",
				"Ich muss das vor unserem Geschäftsführer vertreten, und der fragt als Erstes nach Referenzen.",
			},
			langEN: {
				"Two years ago we had a supplier who promised a lot and went bust after six months.",
				"It matters to me that someone in our industry already uses it successfully.",
				"I have to defend this in front of our managing director, and the first thing he asks for is references.",
			},
		},
		Condition: map[string][]string{
			langDE: {"ich würde gern mit einem Kunden sprechen, der das schon nutzt.", "ich muss mich schon selbst davon überzeugen können, dass das funktioniert."},
			langEN: {"I'd like to talk to a customer who already uses it.", "I need to be able to convince myself that it works."},
		},
		Settled: map[string][]string{
			langDE: {"Okay, mit den Referenzen habe ich ein besseres Gefühl.", "Gut, das schafft Vertrauen."},
			langEN: {"Okay, with those references I feel better about it.", "Fine, that builds trust."},
		},
	},
	"authority": {
		Name: map[string]string{langDE: "zur Entscheidung", langEN: "authority"},
		Open: map[string][]string{
			langDE: {
				"[q] klingt interessant, aber das entscheide ich nicht allein. Das muss ich mit meinem Chef besprechen.",
				"Über [thema] entscheidet bei uns die Geschäftsführung, nicht ich.",
				"Ohne den Einkauf kann ich bei [q3] nichts zusagen. Die müssen da mit draufschauen.",
			},
			langEN: {
				"[q] sounds interesting, but I don't decide this alone. I have to discuss it with my boss.",
				"Management decides on something like [your], not me.",
				"Without purchasing I can't commit to [your]. They have to look at this too.",
			},
		},
		Push: map[string][]string{
			langDE: {
				"Wie gesagt, ohne meinen Chef geht da nichts.",
				"Das ist nicht meine Entscheidung, da kann ich {Ihnen|dir} nichts versprechen.",
				"Ich kann [q] intern vorschlagen, mehr aber auch nicht.",
			},
			langEN: {
				"As I said, nothing happens without my boss.",
				"It's not my decision, so I can't promise you anything.",
				"I can suggest [your] internally, but that's all.",
			},
		},
		Core: map[string]string{langDE: "Das muss ich erst mit meinem Chef besprechen.", langEN: "I have to discuss this with my boss first."},
		Reveal: map[string][]string{
			langDE: {
				"Mein Chef entscheidet alles über 5.000 Euro selbst, und er mag keine Überraschungen.",
				"Der Einkauf will bei neuen Anbietern immer drei Vergleichsangebote sehen.",
				"Mein Chef ist bei neuen Anschaffungen eher skeptisch und hört vor allem auf Zahlen.",
			},
			langEN: {
				"My boss decides everything over 5,000 euros himself, and he doesn't like surprises.",
				"Purchasing always wants to see three competing quotes for new suppliers.",
				"My boss is rather sceptical about new purchases and mainly listens to numbers.",
			},
		},
		Condition: map[string][]string{
			langDE: {"ich bräuchte etwas in der Hand, das ich meinem Chef zeigen kann.", "mein Chef muss selbst verstehen, was wir davon haben."},
			langEN: {"I'd need something in hand that I can show my boss.", "my boss has to understand for himself what we get out of it."},
		},
		Settled: map[string][]string{
			langDE: {"Gut, wenn wir meinen Chef direkt einbinden, passt das für mich.", "Okay, so kann ich das intern vertreten."},
			langEN: {"Good, if we involve my boss directly, that works for me.", "Okay, that way I can defend it internally."},
		},
	},
	"risk_of_change": {
		Name: map[string]string{langDE: "zur Umstellung", langEN: "risk-of-change"},
		Open: map[string][]string{
			langDE: {
				"Die Umstellung auf [q] wäre für uns ein riesiger Aufwand.",
				"Ich habe Sorge, dass beim Wechsel zu [q3] etwas schiefgeht und am Ende nichts mehr läuft.",
				"[q] einzuführen, ist mir zu riskant. Unsere Leute sind an die jetzigen Abläufe gewöhnt.",
			},
			langEN: {
				"Switching to [your] would be a huge effort for us.",
				"I'm worried that something goes wrong when we switch to [your] and then nothing works.",
				"Introducing [your] is too risky for me. Our people are used to the current processes.",
			},
		},
		Push: map[string][]string{
			langDE: {
				"Trotzdem: Eine Umstellung bindet Leute und Zeit, die wir nicht haben.",
				"Was passiert, wenn bei der Einführung von [q3] etwas schiefläuft?",
				"Ich will nicht riskieren, dass unser Tagesgeschäft leidet.",
			},
			langEN: {
				"Still, a switch ties up people and time we don't have.",
				"What happens if something goes wrong while introducing [your]?",
				"I don't want to risk our day-to-day business suffering.",
			},
		},
		Core: map[string]string{langDE: "Die Umstellung ist mir zu aufwendig und zu riskant.", langEN: "The switch is too much effort and too risky for me."},
		Reveal: map[string][]string{
			langDE: {
				"Bei der letzten großen Umstellung lag unsere Auftragsabwicklung zwei Wochen lang fast still.",
				"Ein paar ältere Kollegen tun sich mit Neuem schwer und würden das nur widerwillig mitmachen.",
				"Wir haben niemanden, der sich intern um so eine Einführung kümmern könnte.",
			},
			langEN: {
				"During our last big switch, order processing almost stood still for two weeks.",
				"A few older colleagues struggle with new things and would only go along reluctantly.",
				"We have nobody internally who could take care of an introduction like that.",
			},
		},
		Condition: map[string][]string{
			langDE: {"der Wechsel darf unser Tagesgeschäft nicht lahmlegen.", "ich müsste sehen, wie die Einführung Schritt für Schritt abläuft."},
			langEN: {"the switch must not paralyse our day-to-day business.", "I'd need to see how the introduction works step by step."},
		},
		Settled: map[string][]string{
			langDE: {"Okay, wenn {Sie uns bei der Umstellung so begleiten|du uns bei der Umstellung so begleitest}, traue ich mir das zu.", "Gut, das Risiko der Umstellung scheint überschaubar."},
			langEN: {"Okay, if you guide us through the switch like that, I think we can do it.", "Fine, the risk of switching seems manageable."},
		},
	},
	"data_protection": {
		Name: map[string]string{langDE: "zum Datenschutz", langEN: "data-protection"},
		Open: map[string][]string{
			langDE: {
				"Wie sieht es bei [q3] mit dem Datenschutz aus? Bei DSGVO-Themen sind wir sehr vorsichtig.",
				"Bevor wir über [q] reden: Wo liegen unsere Daten, und wer hat darauf Zugriff?",
				"Unser Datenschutzbeauftragter wird bei [q3] sofort Bedenken haben.",
			},
			langEN: {
				"What about data protection with [your]? We're very careful with GDPR matters.",
				"Before we talk about [your]: where is our data stored, and who has access to it?",
				"Our data protection officer will have concerns about [your] straight away.",
			},
		},
		Push: map[string][]string{
			langDE: {
				"Datenschutz ist für uns ein Knackpunkt, da gehe ich keine Kompromisse ein.",
				"Ich muss sicher sein, dass mit [q3] alles DSGVO-konform läuft.",
				"Wenn da etwas schiefgeht, hafte am Ende ich.",
			},
			langEN: {
				"Data protection is a sticking point for us; I won't compromise there.",
				"I have to be sure that everything with [your] is GDPR-compliant.",
				"If something goes wrong there, in the end I'm the one who's liable.",
			},
		},
		Core: map[string]string{langDE: "Ich habe Bedenken beim Datenschutz.", langEN: "I have concerns about data protection."},
		Reveal: map[string][]string{
			langDE: {
				"Wir verarbeiten viele Kundendaten, und ein Kunde hat uns neulich nach unserem Datenschutzkonzept gefragt.",
				"Unser Datenschutzbeauftragter lässt nichts durch, was Daten außerhalb der EU speichert.",
				"Bei einer Firma aus unserer Branche gab es letztes Jahr ein Datenleck. Das sitzt uns allen noch in den Knochen.",
			},
			langEN: {
				"We process a lot of customer data, and a client recently asked us about our data protection concept.",
				"Our data protection officer won't approve anything that stores data outside the EU.",
				"A company in our industry had a data leak last year. We're all still shaken by it.",
			},
		},
		Condition: map[string][]string{
			langDE: {"ich brauche das schriftlich, für unseren Datenschutzbeauftragten.", "die Daten müssen nachweislich in der EU bleiben."},
			langEN: {"I need it in writing for our data protection officer.", "the data must demonstrably stay in the EU."},
		},
		Settled: map[string][]string{
			langDE: {"Gut, mit AV-Vertrag und Servern in der EU bin ich beim Datenschutz beruhigt.", "Okay, das Thema Datenschutz ist für mich geklärt."},
			langEN: {"Good, with a data processing agreement and servers in the EU I'm reassured about data protection.", "Okay, data protection is settled for me."},
		},
	},
	"timing": {
		Name: map[string]string{langDE: "zum Zeitpunkt", langEN: "timing"},
		Open: map[string][]string{
			langDE: {
				"[q] ist grundsätzlich interessant, aber {melden Sie sich|meld dich} bitte nächstes Quartal noch mal.",
				"Für [thema] ist jetzt einfach nicht der richtige Zeitpunkt. Vielleicht im Herbst.",
				"Wir planen gerade das nächste Geschäftsjahr, [q] schauen wir uns frühestens danach an.",
			},
			langEN: {
				"[q] is interesting in principle, but please get back to me next quarter.",
				"Now simply isn't the right time for [your]. Maybe in the autumn.",
				"We're planning the next financial year right now; we'll look at [your] after that at the earliest.",
			},
		},
		Push: map[string][]string{
			langDE: {
				"Wie gesagt, nächstes Quartal passt besser.",
				"Ich will [q] jetzt nicht übers Knie brechen.",
				"Jetzt ist einfach ein ungünstiger Moment.",
			},
			langEN: {
				"As I said, next quarter suits us better.",
				"I don't want to rush into [your] now.",
				"Now is simply a bad moment.",
			},
		},
		Core: map[string]string{langDE: "Jetzt ist nicht der richtige Zeitpunkt.", langEN: "Now is not the right time."},
		Reveal: map[string][]string{
			langDE: {
				"Im Moment läuft bei uns die Jahresplanung, und neue Themen kommen erst ins Budget fürs nächste Jahr.",
				"Wir ziehen im Sommer in ein neues Büro um, bis dahin ist alles andere zweitrangig.",
				"Ehrlich gesagt schiebe ich das Thema schon länger vor mir her, weil es nie dringend ist.",
			},
			langEN: {
				"Our annual planning is under way, and new topics only go into next year's budget.",
				"We're moving into a new office in the summer; until then everything else comes second.",
				"To be honest, I've been putting this off for a while because it's never urgent.",
			},
		},
		Condition: map[string][]string{
			langDE: {"es müsste sich schon lohnen, jetzt statt später anzufangen.", "ich müsste sehen, was wir verlieren, wenn wir warten."},
			langEN: {"it would have to be worth starting now rather than later.", "I'd need to see what we lose by waiting."},
		},
		Settled: map[string][]string{
			langDE: {"Okay, wenn wir jetzt schon vorbereiten, ergibt der frühe Start Sinn.", "Gut, dann warten wir nicht bis zum nächsten Quartal."},
			langEN: {"Okay, if we prepare now, starting early makes sense.", "Fine, then we won't wait until next quarter."},
		},
	},
	"works_council": {
		Name: map[string]string{langDE: "zum Betriebsrat", langEN: "works-council"},
		Open: map[string][]string{
			langDE: {
				"Bei [q3] muss unser Betriebsrat zustimmen, und das wird nicht einfach.",
				"Für [q] sehe ich beim Betriebsrat schwarz – alles, was Mitarbeiterdaten berührt, geht bei uns da durch.",
				"Unser Betriebsrat ist bei Themen wie [q3] sehr kritisch. Ohne seine Zustimmung läuft nichts.",
			},
			langEN: {
				"For [your], our works council has to agree, and that won't be easy.",
				"I don't see much chance for [your] with our works council – anything that touches employee data goes through them.",
				"Our works council is very critical of things like [your]. Nothing happens without its approval.",
			},
		},
		Push: map[string][]string{
			langDE: {
				"Der Betriebsrat wird das nicht einfach durchwinken.",
				"Ich sehe nicht, wie wir für [q] die Zustimmung des Betriebsrats bekommen.",
				"Eine Betriebsvereinbarung dauert bei uns Monate.",
			},
			langEN: {
				"The works council won't just wave this through.",
				"I don't see how we'd get the works council's approval for [your].",
				"A works agreement takes months with us.",
			},
		},
		Core: map[string]string{langDE: "Der Betriebsrat muss zustimmen, und das wird schwierig.", langEN: "The works council has to agree, and that will be difficult."},
		Reveal: map[string][]string{
			langDE: {
				"Der Betriebsrat hat Angst, dass damit Leistung und Verhalten der Leute überwacht werden.",
				"Beim letzten Tool hat die Betriebsvereinbarung ein halbes Jahr gedauert.",
				"Unser Betriebsratsvorsitzender will immer sehr früh informiert werden, sonst blockiert er.",
			},
			langEN: {
				"The works council is afraid it could be used to monitor people's performance and behaviour.",
				"With the last tool, the works agreement took six months.",
				"The chair of our works council always wants to be informed very early, otherwise he blocks.",
			},
		},
		Condition: map[string][]string{
			langDE: {"der Betriebsrat muss früh und ehrlich eingebunden werden.", "es darf keine Leistungs- oder Verhaltenskontrolle möglich sein."},
			langEN: {"the works council has to be involved early and honestly.", "there must be no way to monitor performance or behaviour."},
		},
		Settled: map[string][]string{
			langDE: {"Gut, wenn wir den Betriebsrat früh einbinden, sehe ich da einen Weg.", "Okay, mit den Unterlagen für den Betriebsrat kann ich arbeiten."},
			langEN: {"Good, if we involve the works council early, I see a way.", "Okay, I can work with the documents for the works council."},
		},
	},
}

// temperamentTexts is how a tone preset colours the customer's messages.
type temperamentTexts struct {
	// Short customers say only the first sentence of an objection.
	Short bool
	// Greet follows the returned greeting in the first message.
	Greet map[string][]string
	// Tail may follow an objection ("" = nothing).
	Tail map[string][]string
	// Answer introduces the reply to a clarifying question.
	Answer map[string][]string
	// Good reacts to a good answer that did not settle the objection; it
	// ends with "aber"/"but" and a demand or condition follows.
	Good map[string][]string
	// Mediocre reacts to a weak answer; it ends with a colon.
	Mediocre map[string][]string
	// Cool reacts to contradiction, pressure or rudeness.
	Cool map[string][]string
	// Ignored reacts to an answer that dodged the objection; the objection's
	// core follows after "Noch mal:".
	Ignored map[string][]string
	// Next leads from a settled objection to the next one; it ends with a colon.
	Next map[string][]string
	// Convinced agrees to the next step at the end of the chat.
	Convinced map[string][]string
}

var temperaments = map[string]temperamentTexts{
	tempNeutral: {
		Greet: map[string][]string{
			langDE: {"Danke für {Ihre|deine} Nachricht.", "Danke, dass {Sie sich melden|du dich meldest}."},
			langEN: {"Thanks for your message.", "Thanks for getting in touch."},
		},
		Tail: map[string][]string{langDE: {""}, langEN: {""}},
		Answer: map[string][]string{
			langDE: {"Gute Frage.", "Also, ehrlich gesagt:", "Wenn {Sie|du} so {fragen|fragst}:"},
			langEN: {"Good question.", "Well, to be honest:", "Since you ask:"},
		},
		Good: map[string][]string{
			langDE: {"Hm, das klingt interessant, aber", "Okay, das klingt vernünftig, aber"},
			langEN: {"Hm, that sounds interesting, but", "Okay, that sounds reasonable, but"},
		},
		Mediocre: map[string][]string{
			langDE: {"Mhm. Ehrlich gesagt:", "Ja, schon. Trotzdem:"},
			langEN: {"Mhm. To be honest:", "Yes, well. Still:"},
		},
		Cool: map[string][]string{
			langDE: {"Moment mal, so kommen wir nicht weiter.", "Das finde ich jetzt nicht besonders hilfreich."},
			langEN: {"Hold on, this isn't getting us anywhere.", "I don't find that particularly helpful."},
		},
		Ignored: map[string][]string{
			langDE: {"Das beantwortet meinen Punkt nicht.", "{Sie weichen|Du weichst} aus."},
			langEN: {"That doesn't address my point.", "You're dodging the question."},
		},
		Next: map[string][]string{
			langDE: {"Da ist aber noch etwas:", "Eine Sache beschäftigt mich allerdings noch:"},
			langEN: {"But there's something else:", "One thing still bothers me, though:"},
		},
		Convinced: map[string][]string{
			langDE: {
				"Okay, {Sie haben|du hast} mich überzeugt – {schicken Sie|schick} mir bitte das Angebot für [q], dann legen wir los.",
				"Gut, {Sie haben|du hast} mich überzeugt. {Lassen Sie|Lass} uns mit [q3] starten – wie geht es weiter?",
			},
			langEN: {
				"Okay, you've convinced me – please send me the offer for [your], and let's get started.",
				"Alright, you've convinced me. Let's start with [your] – what are the next steps?",
			},
		},
	},
	tempFriendly: {
		Greet: map[string][]string{
			langDE: {"Schön, dass {Sie sich melden|du dich meldest}!", "Danke für {Ihre|deine} Nachricht – ich höre gern zu."},
			langEN: {"Nice to hear from you!", "Thanks for your message – happy to listen."},
		},
		Tail: map[string][]string{
			langDE: {"Nicht falsch verstehen, das meine ich gar nicht böse.", ""},
			langEN: {"Don't get me wrong, I don't mean it badly.", ""},
		},
		Answer: map[string][]string{
			langDE: {"Gute Frage, gern.", "Das erzähle ich {Ihnen|dir} gern:"},
			langEN: {"Good question, happy to tell you.", "Sure, let me tell you:"},
		},
		Good: map[string][]string{
			langDE: {"Oh, das klingt wirklich interessant, aber", "Das gefällt mir schon ganz gut, aber"},
			langEN: {"Oh, that sounds really interesting, but", "I quite like that, but"},
		},
		Mediocre: map[string][]string{
			langDE: {"Hm, ich verstehe, was {Sie meinen|du meinst}. Trotzdem:", "Das klingt nett. Aber ehrlich:"},
			langEN: {"Hm, I see what you mean. Still:", "That sounds nice. But honestly:"},
		},
		Cool: map[string][]string{
			langDE: {"Hm, das fand ich jetzt etwas unfreundlich.", "Das hat mich ehrlich gesagt etwas irritiert."},
			langEN: {"Hm, that felt a bit unfriendly.", "To be honest, that irritated me a little."},
		},
		Ignored: map[string][]string{
			langDE: {"Ich glaube, {Sie haben|du hast} mich falsch verstanden.", "Das ist nett, aber darum ging es mir nicht."},
			langEN: {"I think you misunderstood me.", "That's nice, but that wasn't my point."},
		},
		Next: map[string][]string{
			langDE: {"Eine Frage hätte ich aber noch:", "Eine Sache liegt mir noch am Herzen:"},
			langEN: {"I do have one more question, though:", "One more thing is on my mind:"},
		},
		Convinced: map[string][]string{
			langDE: {
				"Wunderbar, {Sie haben|du hast} mich überzeugt – ich freue mich auf die Zusammenarbeit! {Schicken Sie|Schick} mir gern das Angebot für [q].",
				"Schön, das passt für uns. {Sie haben|Du hast} mich überzeugt – {lassen Sie|lass} uns mit [q3] loslegen!",
			},
			langEN: {
				"Wonderful, you've convinced me – I'm looking forward to working together! Please send me the offer for [your].",
				"Great, that works for us. You've convinced me – let's get going with [your]!",
			},
		},
	},
	tempSkeptical: {
		Greet: map[string][]string{
			langDE: {"Ich höre es mir an, aber ich bin ehrlich gesagt skeptisch.", "Na, da bin ich mal gespannt."},
			langEN: {"I'll listen, but honestly, I'm sceptical.", "Well, I'm curious."},
		},
		Tail: map[string][]string{
			langDE: {"Und bitte keine Werbesprüche – ich will Belege sehen.", "{Überzeugen Sie|Überzeug} mich mit Fakten."},
			langEN: {"And please, no sales slogans – I want to see proof.", "Convince me with facts."},
		},
		Answer: map[string][]string{
			langDE: {"Warum {wollen Sie|willst du} das wissen? Na gut:", "Na schön, wenn {Sie|du} schon {fragen|fragst}:"},
			langEN: {"Why do you want to know? Fine:", "Well, since you ask:"},
		},
		Good: map[string][]string{
			langDE: {"Das klingt erst mal plausibel, aber", "Schön gesagt, aber"},
			langEN: {"That sounds plausible at first, but", "Nicely put, but"},
		},
		Mediocre: map[string][]string{
			langDE: {"Das höre ich von jedem Anbieter. Ehrlich gesagt:", "Ach ja? Trotzdem:"},
			langEN: {"I hear that from every vendor. Honestly:", "Oh really? Still:"},
		},
		Cool: map[string][]string{
			langDE: {"Genau solche Sprüche machen mich misstrauisch.", "So {gewinnen Sie|gewinnst du} mein Vertrauen jedenfalls nicht."},
			langEN: {"That kind of line is exactly what makes me suspicious.", "That's certainly not how you win my trust."},
		},
		Ignored: map[string][]string{
			langDE: {"Das ist keine Antwort auf meinen Einwand.", "{Sie reden|Du redest} um den heißen Brei herum."},
			langEN: {"That's no answer to my objection.", "You're beating around the bush."},
		},
		Next: map[string][]string{
			langDE: {"Aber eine Sache macht mich noch stutzig:", "Trotzdem bleibt ein Punkt:"},
			langEN: {"But one thing still makes me suspicious:", "Still, one point remains:"},
		},
		Convinced: map[string][]string{
			langDE: {
				"Na gut, {Sie haben|du hast} mich überzeugt – das hätte ich am Anfang nicht gedacht. {Schicken Sie|Schick} mir das Angebot für [q], ich prüfe es.",
				"Okay, {Sie haben|du hast} mich überzeugt. {Lassen Sie|Lass} uns mit [q3] einen Versuch wagen.",
			},
			langEN: {
				"Alright, you've convinced me – I didn't expect that at the start. Send me the offer for [your], I'll review it.",
				"Okay, you've convinced me. Let's give [your] a try.",
			},
		},
	},
	tempImpatient: {
		Short: true,
		Greet: map[string][]string{
			langDE: {"Ich habe nur ein paar Minuten.", "Machen wir es kurz."},
			langEN: {"I only have a few minutes.", "Let's keep it short."},
		},
		Tail: map[string][]string{
			langDE: {"Also, kurz bitte.", ""},
			langEN: {"So, briefly please.", ""},
		},
		Answer: map[string][]string{
			langDE: {"Kurz gesagt:", "Ganz knapp:"},
			langEN: {"In short:", "Briefly:"},
		},
		Good: map[string][]string{
			langDE: {"Okay, klingt gut, aber", "Schon besser, aber"},
			langEN: {"Okay, sounds good, but", "Better, but"},
		},
		Mediocre: map[string][]string{
			langDE: {"Das ist mir zu vage. Also:", "{Kommen Sie|Komm} zum Punkt:"},
			langEN: {"That's too vague for me. So:", "Get to the point:"},
		},
		Cool: map[string][]string{
			langDE: {"Dafür habe ich wirklich keine Zeit.", "So nicht."},
			langEN: {"I really don't have time for this.", "Not like that."},
		},
		Ignored: map[string][]string{
			langDE: {"Das war nicht mein Punkt.", "Am Thema vorbei."},
			langEN: {"That wasn't my point.", "Off topic."},
		},
		Next: map[string][]string{
			langDE: {"Nächster Punkt:", "Noch was:"},
			langEN: {"Next point:", "One more thing:"},
		},
		Convinced: map[string][]string{
			langDE: {
				"Okay, überzeugt. {Schicken Sie|Schick} mir das Angebot für [q], dann legen wir los.",
				"Gut, {Sie haben|du hast} mich überzeugt. Wir machen das mit [q3].",
			},
			langEN: {
				"Okay, convinced. Send me the offer for [your], and we'll get started.",
				"Fine, you've convinced me. We'll go ahead with [your].",
			},
		},
	},
	tempAnalytical: {
		Greet: map[string][]string{
			langDE: {"Ich habe mir [q] schon etwas angesehen und habe ein paar Fragen.", "Ich würde mir das gern genau anschauen."},
			langEN: {"I've already looked at [your] a bit and have a few questions.", "I'd like to look at this closely."},
		},
		Tail: map[string][]string{
			langDE: {"Ich brauche da belastbare Zahlen.", "Wie sieht das im Detail aus?"},
			langEN: {"I need reliable figures there.", "What does that look like in detail?"},
		},
		Answer: map[string][]string{
			langDE: {"Um genau zu sein:", "Die Fakten sind folgende:"},
			langEN: {"To be precise:", "The facts are these:"},
		},
		Good: map[string][]string{
			langDE: {"Das ist nachvollziehbar, aber", "Interessant, aber"},
			langEN: {"That makes sense, but", "Interesting, but"},
		},
		Mediocre: map[string][]string{
			langDE: {"Das ist mir zu allgemein. Konkret:", "Das reicht mir als Grundlage noch nicht. Offen gesagt:"},
			langEN: {"That's too general for me. Specifically:", "That's not enough of a basis for me. Frankly:"},
		},
		Cool: map[string][]string{
			langDE: {"Mit bloßen Behauptungen kann ich nichts anfangen.", "Das ist unsachlich."},
			langEN: {"I can't do anything with mere claims.", "That's not objective."},
		},
		Ignored: map[string][]string{
			langDE: {"Das beantwortet meinen Punkt nicht.", "Zurück zu meinem Punkt."},
			langEN: {"That doesn't answer my point.", "Back to my point."},
		},
		Next: map[string][]string{
			langDE: {"Dann zum nächsten Punkt:", "Einen Aspekt müssen wir noch klären:"},
			langEN: {"Then on to the next point:", "There's one more aspect we need to clarify:"},
		},
		Convinced: map[string][]string{
			langDE: {
				"Gut, die Argumente überzeugen mich. {Schicken Sie|Schick} mir ein detailliertes Angebot für [q], dann gehen wir es durch.",
				"In Ordnung, das ist schlüssig. {Sie haben|Du hast} mich überzeugt – wir starten mit [q3].",
			},
			langEN: {
				"Good, the arguments convince me. Send me a detailed offer for [your], and we'll go through it.",
				"Alright, that's conclusive. You've convinced me – we'll start with [your].",
			},
		},
	},
	tempDominant: {
		Greet: map[string][]string{
			langDE: {"Ich sage {Ihnen|dir} gleich, wie ich das sehe.", "Ich habe wenig Geduld für lange Präsentationen."},
			langEN: {"I'll tell you straight away how I see it.", "I have little patience for long presentations."},
		},
		Tail: map[string][]string{
			langDE: {"{Überzeugen Sie|Überzeug} mich – oder wir lassen es.", "Da {müssen Sie|musst du} schon mehr bieten."},
			langEN: {"Convince me – or let's drop it.", "You'll have to offer more than that."},
		},
		Answer: map[string][]string{
			langDE: {"Wenn {Sie|du} es unbedingt wissen {wollen|willst}:", "Gut, ich sag's {Ihnen|dir}:"},
			langEN: {"If you really want to know:", "Fine, I'll tell you:"},
		},
		Good: map[string][]string{
			langDE: {"Na gut, das ist ein Argument, aber", "Nicht schlecht, aber"},
			langEN: {"Fair enough, that's an argument, but", "Not bad, but"},
		},
		Mediocre: map[string][]string{
			langDE: {"Das reicht mir nicht. Also:", "Das ist zu dünn. Ich sage es anders:"},
			langEN: {"That's not enough for me. So:", "That's too thin. Let me put it differently:"},
		},
		Cool: map[string][]string{
			langDE: {"Moment mal. So redet man nicht mit Kunden.", "{Passen Sie|Pass} auf, wie {Sie mit mir reden|du mit mir redest}."},
			langEN: {"Hold on. That's no way to talk to a customer.", "Watch how you talk to me."},
		},
		Ignored: map[string][]string{
			langDE: {"{Sie weichen|Du weichst} aus. Das lasse ich nicht durchgehen.", "{Beantworten Sie|Beantworte} meinen Punkt."},
			langEN: {"You're dodging. I won't let that pass.", "Answer my point."},
		},
		Next: map[string][]string{
			langDE: {"Gut, nächster Punkt:", "Dann kommen wir zu etwas anderem:"},
			langEN: {"Right, next point:", "Then let's move on to something else:"},
		},
		Convinced: map[string][]string{
			langDE: {
				"In Ordnung, {Sie haben|du hast} mich überzeugt. {Schicken Sie|Schick} mir bis morgen das Angebot für [q].",
				"Gut, {Sie haben|du hast} mich überzeugt. Wir machen das mit [q3] – {enttäuschen Sie|enttäusch} mich nicht.",
			},
			langEN: {
				"Alright, you've convinced me. Send me the offer for [your] by tomorrow.",
				"Fine, you've convinced me. We'll go with [your] – don't disappoint me.",
			},
		},
	},
	tempReserved: {
		Greet: map[string][]string{
			langDE: {"Hm, ja.", "Na ja …"},
			langEN: {"Hm, yes.", "Well …"},
		},
		Tail: map[string][]string{
			langDE: {"Ich weiß nicht so recht.", ""},
			langEN: {"I'm not sure.", ""},
		},
		Answer: map[string][]string{
			langDE: {"Hm, na ja …", "Also …"},
			langEN: {"Hm, well …", "Well …"},
		},
		Good: map[string][]string{
			langDE: {"Hm, das klingt eigentlich ganz gut, aber", "Vielleicht, aber"},
			langEN: {"Hm, that actually sounds quite good, but", "Maybe, but"},
		},
		Mediocre: map[string][]string{
			langDE: {"Hm. Ich weiß nicht …", "Na ja:"},
			langEN: {"Hm. I don't know …", "Well:"},
		},
		Cool: map[string][]string{
			langDE: {"Oh. Hm.", "Das ist mir jetzt ein bisschen unangenehm."},
			langEN: {"Oh. Hm.", "That makes me a bit uncomfortable."},
		},
		Ignored: map[string][]string{
			langDE: {"Hm, darum ging es mir eigentlich nicht.", "Ich meinte eigentlich etwas anderes."},
			langEN: {"Hm, that's not really what I meant.", "I actually meant something else."},
		},
		Next: map[string][]string{
			langDE: {"Hm, da wäre noch etwas …", "Eine Sache noch …"},
			langEN: {"Hm, there's one more thing …", "One more thing …"},
		},
		Convinced: map[string][]string{
			langDE: {
				"Hm … okay, {Sie haben|du hast} mich überzeugt. {Schicken Sie|Schick} mir bitte das Angebot für [q].",
				"Na gut … ich glaube, das passt. {Lassen Sie|Lass} uns mit [q3] anfangen.",
			},
			langEN: {
				"Hm … okay, you've convinced me. Please send me the offer for [your].",
				"Well … I think that fits. Let's start with [your].",
			},
		},
	},
}

// demands voice what an answer lacked, from the customer's side. They follow
// "aber"/"but" or a colon, so they start in lower case.
var demands = map[string]map[string][]string{
	"evidence": {
		langDE: {"{haben Sie|hast du} dafür auch Zahlen oder ein konkretes Beispiel?", "gibt es dafür Belege oder Kunden, die das bestätigen?"},
		langEN: {"do you have figures or a concrete example for that?", "is there any proof or a customer who can confirm that?"},
	},
	"benefit": {
		langDE: {"was habe ich ganz konkret davon?", "was bringt uns das im Alltag?"},
		langEN: {"what exactly do I get out of it?", "what does that do for us day to day?"},
	},
	"question": {
		langDE: {"{Sie wissen|du weißt} ja noch gar nicht, wie es bei uns genau aussieht.", "{Sie haben|du hast} noch gar nicht gefragt, wie wir heute arbeiten."},
		langEN: {"you don't even know what things look like here.", "you haven't even asked how we work today."},
	},
	"acknowledge": {
		langDE: {"ich habe das Gefühl, {Sie gehen|du gehst} über meine Bedenken einfach hinweg.", "meine Bedenken {nehmen Sie|nimmst du} nicht richtig ernst."},
		langEN: {"I feel you're just brushing my concerns aside.", "you're not really taking my concerns seriously."},
	},
	"next_step": {
		langDE: {"wie würde es jetzt konkret weitergehen?", "was wäre denn der nächste Schritt?"},
		langEN: {"how would we actually proceed from here?", "what would the next step be?"},
	},
}

// addressRemarks are what the customer says when the seller uses the other
// form of address: keyed by the customer's own form.
var addressRemarks = map[string][]string{
	"de-sie": {"Wir sind übrigens per Sie.", "Und bitte – wir bleiben beim Sie."},
	"de-du":  {"Du kannst mich übrigens ruhig duzen.", "Und sag ruhig du zu mir."},
}

// greetings answer the seller's greeting in the first message.
var greetings = map[string][]string{
	"de-sie": {"Guten Tag.", "Hallo."},
	"de-du":  {"Hallo.", "Hi."},
	"en":     {"Hello.", "Hi."},
}

// moment answers a seller who asks for a moment of time first.
var moment = map[string]string{
	"de-sie": "Ein paar Minuten habe ich.",
	"de-du":  "Ein paar Minuten habe ich.",
	"en":     "I have a few minutes.",
}

// settledFallback acknowledges a settled point when the previous objection
// cannot be told from the chat.
var settledFallback = map[string][]string{
	langDE: {"Okay, der Punkt ist für mich geklärt.", "Gut, das leuchtet mir ein."},
	langEN: {"Okay, that point is settled for me.", "Fine, that makes sense to me."},
}

// repeatLead introduces the objection's core when the customer repeats it.
var repeatLead = map[string]string{langDE: "Noch mal:", langEN: "Again:"}
