package trainer

// This file holds the words by which the trainer recognises techniques in a
// seller's answer. Entries are matched against the answer lower-cased with
// umlauts spelled out (ä → ae), so "Prüfung" and "pruefung" are the same.
// An entry ending in * matches the start of a word ("spar*" finds "sparen",
// "spart"); any other entry matches whole words. Multi-word entries match
// consecutive words. German and English entries live side by side because
// users mix them.

// lexicon is one list of entries, compiled once.
type lexicon struct {
	m []matcher
}

func lex(entries ...string) *lexicon { return &lexicon{m: compile(entries)} }

// acknowledging phrases: the answer takes the concern seriously before
// arguing (the A of LAER, the "feel" of feel-felt-found).
var ackWords = lex(
	"verstehe", "ich verstehe*", "kann verstehen", "gut verstehen", "verstehen kann", "verstehe ich", "verständlich*", "nachvollzieh*", "berechtigt*", "guter punkt", "guten punkt",
	"wichtiger punkt", "wichtigen punkt", "wichtiges thema", "gute frage", "danke fuer", "danke, dass",
	"danke dass", "vielen dank", "kann ich gut verstehen", "da haben sie recht", "da hast du recht",
	"sie haben recht", "du hast recht", "absolut richtig", "völlig richtig", "geht vielen so",
	"ging es auch so", "ging es genauso", "ging es anfangs", "haben viele kunden anfangs", "das höre ich oft",
	"sehr gut, dass", "gut, dass sie", "gut dass sie", "gut, dass du", "gut dass du", "verstaendnis",
	"ernst nehmen", "nehme ich ernst", "nehme das ernst", "sehr ernst", "nehmen wir ernst", "nehmen das ernst", "kann ich nachempfinden", "offenheit", "legitim*",
	"das ist fair", "fairer punkt", "richtig, dass", "kluger punkt",
	"i understand", "i hear you", "understandable", "understand that", "understand your", "fair point",
	"good point", "great point", "valid point", "valid concern", "makes sense", "complete sense", "perfect sense",
	"total sense", "that s fair", "i get that",
	"i see your point", "appreciate*", "thank you for", "thanks for", "i can see why", "many of our customers felt",
	"felt the same", "you re right", "you are right", "legitimate", "reasonable concern", "important point",
)

// butWords weaken an acknowledgement when they follow it directly.
var butWords = lex("aber", "jedoch", "allerdings", "but", "however")

// questionWords make a question open ("Womit vergleichen Sie ...?").
var questionWords = lex(
	"wie", "was", "welche*", "womit", "wofuer", "wann", "wer", "wo", "warum", "weshalb", "wieso",
	"inwiefern", "woran", "worauf", "wovon", "wieviel*", "wie viel*", "woher", "wozu", "worin",
	"what", "how", "which", "when", "who", "where", "why",
	"darf ich fragen", "darf ich sie fragen", "darf ich dich fragen", "may i ask", "can i ask",
	"erzaehlen sie", "erzaehl mir", "tell me",
)

// customerWords show that a question is about the customer's situation.
var customerWords = lex(
	"sie", "ihnen", "ihr", "ihre*", "ihrem", "ihren", "ihrer", "ihres", "du", "dir", "dich", "dein*",
	"euch", "euer", "eure*", "bei ihnen", "bei euch", "you", "your*", "aktuell", "heute", "derzeit",
	"momentan", "currently", "today",
)

// rhetoricalEnds end a question that expects no answer ("…, oder?"). They
// count only at the very end, because "oder" inside a question ("Excel oder
// ein anderes Tool?") is fine.
var rhetoricalEnds = []string{
	", oder", " oder nicht", " nicht wahr", ", ne", ", gell", ", richtig", " stimmt's", ", stimmt's",
	", right", ", isn't it", ", don't you think", ", agreed", ", wouldn't it", ", doesn't it", ", no",
}

// rhetoricalWords make a whole question rhetorical wherever they stand.
var rhetoricalWords = lex(
	"wer will das nicht", "ist das nicht", "waere das nicht", "klingt das nicht", "who wouldn t",
	"wouldn t that", "isn t that", "wer moechte nicht", "wer will schon",
)

// benefitWords name what the customer gains.
var benefitWords = lex(
	"spar*", "einspar*", "erspar*", "reduzier*", "senk*", "steiger*", "erhoeh*", "schneller", "einfacher",
	"leichter", "automatis*", "entlast*", "vermeid*", "verhinder*", "gewinn*", "vorteil*",
	"profitier*", "lohnt*", "rechnet sich", "amortis*", "effizien*", "produktiv*", "sicherer", "zuverlaessig*",
	"transparen*", "optimier*", "verbesser*", "beschleunig*", "erleichter*", "ueberblick", "kein risiko", "mehrwert",
	"der nutzen", "ihr nutzen", "dein nutzen", "nutzen fuer",
	"mehr zeit", "mehr umsatz", "mehr kunden", "mehr ueberblick", "mehr sicherheit", "weniger aufwand",
	"weniger fehler", "weniger zeit", "weniger kosten", "weniger stress", "weniger arbeit", "nie wieder",
	"ohne aufwand", "sicherheit", "qualitaet",
	"save*", "saving*", "reduce*", "cut*", "lower*", "increase*", "boost*", "grow*", "faster", "easier",
	"automat*", "benefit*", "pays off", "pays for itself", "roi", "improve*", "efficien*", "productiv*",
	"avoid*", "prevent*", "free up", "simplif*", "more time", "more revenue", "less time", "less effort",
	"fewer errors", "no risk", "peace of mind", "overview", "safer", "reliable",
)

// selfWords tie a statement to the seller's offer.
var selfWords = lex(
	"unser*", "damit", "mit uns", "bei uns", "wir uebernehmen", "wir kuemmern", "our*", "with us", "with it",
	"we take care", "we handle",
)

// evidenceRefs are specific references, examples and proofs.
var evidenceRefs = lex(
	"kunden wie", "kunde wie", "kunden mit", "ein kunde", "einem kunden", "einer unserer kunden", "referenz*",
	"studie*", "fallstudie*", "zum beispiel", "z b", "zb", "beispiel*", "bspw", "zertifi*", "iso", "tuev",
	"testsieger", "auszeichnung*", "nachweislich", "erfolgsgeschichte*",
	"case study", "customers like", "customer like", "a customer", "one of our customers", "for example",
	"e g", "for instance", "reference*", "study", "studies", "certified", "certification", "award*",
	"one client", "a client", "clients like", "one customer", "one of our clients",
)

// evidenceVague are claims without anything the customer could check.
var evidenceVague = lex(
	"viele kunden", "unsere kunden", "zufriedene kunden", "erfahrung*", "bewaehrt*", "bekannt", "marktfuehr*",
	"many customers", "our customers", "happy customers", "experience*", "proven", "market leader",
)

// evidenceUnits make a number a figure ("15 %", "200 Euro").
var evidenceUnits = lex(
	"%", "€", "$", "prozent", "euro", "eur", "percent", "euros", "dollar*", "doppelt*", "halb*", "drittel",
	"viertel", "twice", "half", "double", "third",
)

// timeUnits after a number describe scheduling, not evidence ("30 Minuten").
var timeUnits = lex("min*", "uhr", "minuet*", "o clock")

// nextActions are concrete things to do next.
var nextActions = lex(
	"termin*", "demo*", "vorfuehr*", "test*", "pilot*", "probe*", "workshop*", "telefon*", "anruf*",
	"rueckruf*", "call*", "meeting*", "gespraech vereinbar*", "videocall*", "uns treffen", "treffen uns", "zuschick*", "zusend*",
	"schicke ihnen", "schicke dir", "sende ihnen", "sende dir", "schick ihnen", "schick dir", "unterlagen",
	"angebot schick*", "angebot zusend*", "angebot erstell*", "vor ort", "besuch*", "durchrechnen",
	"durchgehen", "kick off", "onepager", "one pager", "vereinbaren", "einplanen", "trial", "send you",
	"walk you through", "walk through", "schedule*", "proposal", "quote", "visit", "onboarding session", "schicken", "send", "book a", "book an", "booking",
	"get started",
)

// nextTimes make a next step concrete in time.
var nextTimes = lex(
	"morgen", "uebermorgen", "naechste woche", "naechsten woche", "diese woche", "dieser woche",
	"kommende woche", "kommenden woche", "montag*", "dienstag*", "mittwoch*", "donnerstag*", "freitag*",
	"in den naechsten tagen", "bis ende", "14 tage", "zwei wochen", "heute nachmittag", "naechsten monat",
	"tomorrow", "next week", "this week", "monday", "tuesday", "wednesday", "thursday", "friday",
	"in two weeks", "next month", "this afternoon",
)

// nextProposals make a next step a proposal the customer can accept.
var nextProposals = lex(
	"sollen wir", "wollen wir", "koennen wir", "lassen sie uns", "lass uns", "ich schlage vor",
	"mein vorschlag", "wie waere es", "was halten sie davon", "was haeltst du davon", "passt ihnen",
	"passt dir", "darf ich ihnen", "darf ich dir", "ich schicke", "ich sende", "ich lade", "ich richte",
	"ich stelle", "soll ich", "shall i", "shall we", "should we", "can we", "could we", "let s", "how about", "what about",
	"would you like", "i suggest", "i propose", "i ll send", "i can send", "i will send", "does that work",
	"would that work", "works for you", "suit you", "i ll set up",
)

// nextVague are invitations without a concrete step.
var nextVague = lex(
	"melden sie sich", "meld dich", "bei interesse", "in kontakt bleiben", "bei fragen", "schauen sie sich",
	"schau dir", "website", "webseite", "ich melde mich mal", "let me know", "get back to me", "feel free",
	"reach out", "if you re interested", "check out",
)

// Penalties of tone.
var (
	contradictWords = lex(
		"das stimmt nicht", "stimmt so nicht", "stimmt doch nicht", "das ist falsch", "ist voellig falsch",
		"liegen sie falsch", "liegst du falsch", "sehen sie falsch", "siehst du falsch", "unsinn", "quatsch",
		"bloedsinn", "irren sich", "irrst dich", "nicht teuer", "gar nicht teuer", "ueberhaupt nicht teuer",
		"keineswegs teuer", "nicht zu teuer", "doch sie brauchen", "doch du brauchst", "brauchen sie sehr wohl",
		"brauchst du sehr wohl", "natuerlich brauchen sie", "natuerlich brauchst du", "das ist kein argument",
		"that s not true", "that is not true", "not true", "you re wrong", "you are wrong", "nonsense",
		"not expensive", "isn t expensive", "you re mistaken", "of course you need", "that s wrong",
	)
	pressureWords = lex(
		"nur heute", "nur noch heute", "heute noch unterschreiben", "jetzt unterschreiben", "sofort unterschreib*",
		"sofort entscheid*", "sofort zusag*", "sofort bestell*", "sofort kauf*", "jetzt sofort", "entscheiden sie sich jetzt",
		"entscheide dich jetzt", "sie muessen jetzt", "sie muessen sich jetzt", "sie muessen sich entscheiden",
		"sie muessen das jetzt", "sie muessen unbedingt", "du musst jetzt", "du musst dich jetzt", "du musst dich entscheiden",
		"du musst das jetzt", "du musst unbedingt", "muessen sie jetzt", "letzte chance",
		"sonst verpassen", "angebot gilt nur", "nur noch bis", "schnell zugreifen", "greifen sie zu",
		"you must decide", "you must act", "you must sign", "you have to decide", "you need to decide", "only today", "today only", "last chance", "sign now", "decide now",
		"act now", "limited time", "sign today",
	)
	insultWords = lex(
		"dumm*", "idiot*", "keine ahnung", "laecherlich", "bescheuert", "naiv", "ahnungslos", "stellen sie sich nicht so an",
		"stell dich nicht so an", "inkompetent", "stupid", "ridiculous", "clueless", "dumb", "naive", "incompetent",
		"no idea what you",
	)
	badmouthWords = lex(
		"schrott", "mist", "taugt nichts", "taugen nichts", "schlechter anbieter", "konkurrenz ist schlecht",
		"anbieter ist schlecht", "crap", "rubbish", "junk", "is terrible", "are terrible", "competitors are bad",
	)
	dismissWords = lex(
		"keine sorge", "keine sorgen", "machen sie sich keine", "mach dir keine", "kein problem", "ach was",
		"das ist doch egal", "das ist egal", "don t worry", "no problem", "no worries", "doesn t matter",
	)
)

// familyWords are, per objection family, the words of its theme (the answer
// is about this objection) and of good handling (the answer does what
// trainers teach for it).
type familyWords struct {
	Theme, Handling *lexicon
}

var familyLexicon = map[string]familyWords{
	"price": {
		Theme: lex("preis*", "teuer*", "kost*", "budget*", "geld", "euro", "€", "guenstig*", "rabatt*", "ausgabe*",
			"price*", "pricing", "expensive", "cost*", "money", "cheap*", "spend*"),
		Handling: lex("wert", "nutzen", "roi", "amortis*", "rechnet sich", "rechnen", "lohnt*", "investition*", "spar*",
			"einspar*", "kosten pro", "pro monat", "pro tag", "gesamtkosten", "vergleich*", "durchrechnen",
			"value", "return", "pays for itself", "pays off", "investment", "saving*", "cost per", "per month",
			"total cost", "compar*"),
	},
	"no_need": {
		Theme: lex("bedarf", "brauch*", "notwendig", "noetig", "funktioniert", "laeuft", "need*", "necessary", "works fine",
			"running fine"),
		Handling: lex("aktuell", "heute", "wie loesen", "wie organis*", "organisier*", "ablauf*", "ablaeufe", "prozess*",
			"herausforder*", "engpass", "problem*", "wo hakt", "aufwand", "excel", "currently", "today", "process*",
			"challenge*", "bottleneck", "how do you", "effort"),
	},
	"no_time": {
		Theme: lex("zeit", "stress*", "beschaeftigt", "spaeter", "minute*", "moment", "time", "busy", "later"),
		Handling: lex("kurz*", "minuten", "zeit spar*", "spart zeit", "entlast*", "abnehmen", "uebernehmen wir",
			"wann passt", "wann waere", "15 minuten", "quick*", "minutes", "save time", "saves time", "off your plate",
			"when suits", "brief*"),
	},
	"existing_supplier": {
		Theme: lex("anbieter*", "dienstleister*", "lieferant*", "partner*", "zufrieden*", "bisherig*", "jetzig*",
			"wechsel*", "supplier*", "vendor*", "provider*", "partner", "happy", "current", "switch*"),
		Handling: lex("ergaenz*", "vergleich*", "zweitmeinung", "benchmark*", "parallel", "was schaetzen", "was schaetzt",
			"wo wuensch*", "zusaetzlich", "compar*", "complement*", "alongside", "in addition", "second opinion",
			"what do you value", "what do you like"),
	},
	"trust": {
		Theme: lex("vertrau*", "kenne*", "kennen", "seriös", "serioes", "funktioniert", "versprech*", "garant*", "trust*",
			"know", "promise*", "guarantee*", "works"),
		Handling: lex("referenz*", "kunden", "bewertung*", "test*", "pilot*", "garantie*", "zertifi*", "jahren", "jahre",
			"erfahrung*", "probe*", "kontakt", "references", "reviews", "certified", "years", "trial", "risk free",
			"customers"),
	},
	"authority": {
		Theme: lex("chef*", "geschaeftsfuehr*", "entscheid*", "einkauf*", "vorgesetzt*", "abstimm*", "boss", "manager*",
			"management", "decision*", "decide*", "purchasing"),
		Handling: lex("einbezieh*", "einbind*", "gemeinsam", "mit ihrem chef", "mit deinem chef", "entscheider*",
			"termin mit", "unterlagen", "uebersicht", "entscheidungsvorlage", "kennzahlen", "involve*", "include*",
			"together", "decision maker*", "your boss", "one pager", "summary", "key figures"),
	},
	"risk_of_change": {
		Theme: lex("umstell*", "wechsel*", "umsteig*", "aufwand*", "aufwendig", "risiko*", "riskant", "einfuehr*",
			"migration*", "switch*", "change*", "risk*", "effort", "introduc*"),
		Handling: lex("begleit*", "schritt fuer schritt", "onboarding", "datenuebernahme", "migration*", "parallel*",
			"pilot*", "schulung*", "support*", "ohne ausfall", "kuemmern uns", "uebernehmen wir", "step by step",
			"we handle", "we take care", "training", "rollout", "guide"),
	},
	"data_protection": {
		Theme: lex("datenschutz*", "dsgvo*", "daten", "sicherheit*", "zugriff*", "gdpr", "data", "privacy", "security",
			"access"),
		Handling: lex("dsgvo*", "server in", "servern in", "eu", "rechenzentr*", "av vertrag", "auftragsverarbeit*",
			"verschluessel*", "iso 27001", "iso", "datenschutzbeauftragt*", "hosting", "deutschland", "gdpr",
			"dpa", "encrypt*", "data processing agreement", "servers in", "data protection officer"),
	},
	"timing": {
		Theme: lex("quartal*", "zeitpunkt*", "spaeter", "herbst", "jahr*", "monat*", "geschaeftsjahr", "jetzt",
			"quarter*", "timing", "later", "next year", "now", "autumn"),
		Handling: lex("bis dahin", "vorbereit*", "warten", "wartens", "jetzt schon", "schon jetzt", "fahrplan", "planung*",
			"was aendert sich", "frueher", "in the meantime", "cost of waiting", "prepare*", "what changes",
			"roadmap", "plan*", "waiting"),
	},
	"works_council": {
		Theme: lex("betriebsrat*", "mitbestimm*", "mitarbeitervertretung", "zustimm*", "betriebsvereinbarung*",
			"works council", "employee representative*", "approval"),
		Handling: lex("einbind*", "einbezieh*", "betriebsvereinbarung*", "leistungskontrolle", "verhaltenskontrolle",
			"leistungs", "transparen*", "frueh*", "mitbestimm*", "muster*", "works agreement", "involve*", "early",
			"monitoring", "template"),
	},
}

// stopwords are function words: ignored as product keywords, as words a
// listener echoes, and as terms of a summary.
var stopwords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{
		"aber", "alle", "allem", "allen", "aller", "alles", "also", "auch", "auf", "aus", "bei", "beim", "bin",
		"bis", "bist", "dabei", "dadurch", "dafuer", "damit", "dann", "darum", "das", "dass", "dein", "deine",
		"dem", "den", "denn", "der", "des", "dessen", "die", "dies", "diese", "diesem", "diesen", "dieser",
		"dieses", "doch", "dort", "durch", "ein", "eine", "einem", "einen", "einer", "eines", "einfach", "etwas",
		"euch", "euer", "eure", "fuer", "ganz", "gibt", "habe", "haben", "hat", "hatte", "hier", "ich", "ihm",
		"ihn", "ihnen", "ihr", "ihre", "ihrem", "ihren", "ihrer", "ihres", "immer", "in", "indem", "ins", "ist",
		"jede", "jedem", "jeden", "jeder", "jedes", "jetzt", "kann", "kein", "keine", "keinen", "koennen",
		"koennte", "mal", "man", "mehr", "mein", "meine", "mich", "mir", "mit", "muss", "muessen", "nach",
		"nicht", "nichts", "noch", "nun", "nur", "oder", "ohne", "schon", "sehr", "sein", "seine", "sich", "sie",
		"sind", "so", "sollte", "soll", "ueber", "um", "und", "uns", "unser", "unsere", "unserem", "unseren",
		"unter", "viel", "viele", "vom", "von", "vor", "war", "waere", "was", "weil", "welche", "wenn", "werden",
		"wie", "wieder", "will", "wir", "wird", "wirklich", "wo", "wollen", "zu", "zum", "zur", "zwar",
		"zwischen", "ihnen", "eigentlich", "genau", "gerne", "gern", "bitte", "danke", "heute", "gerade",
		"about", "after", "again", "all", "also", "and", "any", "are", "because", "been", "before", "being",
		"both", "but", "can", "could", "does", "doing", "each", "few", "for", "from", "further", "had", "has",
		"have", "having", "her", "here", "him", "his", "how", "into", "its", "just", "more", "most", "much",
		"must", "not", "now", "off", "once", "only", "other", "our", "ours", "out", "over", "own", "same",
		"should", "some", "such", "than", "that", "the", "their", "them", "then", "there", "these", "they",
		"this", "those", "through", "too", "under", "until", "very", "was", "were", "what", "when", "where",
		"which", "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "with",
		"der", "die", "im", "am", "an", "als", "es", "er", "da", "ja", "wir", "the", "to", "of", "a", "is", "it",
		"we", "on", "be", "or", "as", "at", "by", "an", "if", "so", "do", "my", "me", "up", "no",
	} {
		m[w] = true
	}
	return m
}()

// function words that show a line of website text is a sentence rather
// than a navigation list.
var functionWords = lex(
	"der", "die", "das", "und", "ist", "sind", "mit", "fuer", "von", "wir", "sie", "ein", "eine", "zu", "in",
	"auf", "den", "dem", "des", "the", "and", "is", "are", "with", "for", "of", "we", "you", "a", "to", "in",
	"our", "your", "that", "it",
)

// boilerplate marks website text that is not about the product.
var boilerplate = lex(
	"cookie*", "datenschutzerklaerung", "datenschutz einstellungen", "impressum", "newsletter", "anmelden",
	"einloggen", "login", "log in", "warenkorb", "javascript", "alle rechte vorbehalten", "zum inhalt springen",
	"skip to content", "accept all", "alle akzeptieren", "privacy policy", "terms of service", "agb",
	"copyright", "©", "menu", "menue", "navigation", "sign in", "sign up", "registrieren", "passwort",
	"password", "zustimmen", "ablehnen", "tracking", "browser", "webseite verwendet", "website uses",
)
