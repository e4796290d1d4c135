package coach

import (
	"strings"

	"salescoach"
)

// A chat on a user-built scenario (Scenario.Script) gives the model the
// persona, the situation and the chat's objections: for a custom one its
// wordings, the hidden concern the customer reveals only when asked well,
// and the criteria an answer must meet. The customer prompt sees only the
// current objection (the later ones stay a surprise); the trainer prompts
// (assessment, hint, perfect answer, evaluation) see them all. The
// scenario's texts are user content: they go inside <szenario>/<scenario>
// tags that the prompts declare as content, not instructions.

// promptScript is what the templates see of the chat's scenario.
type promptScript struct {
	Title     string
	Situation string // the situation, described for the model
	Persona   string // "Petra Lange, Vertriebsleiterin bei … (Branche: …; Geschäftskunde)"
	// Objections are the chat's objections in order.
	Objections []promptObjection
	// HasCustom says a custom objection is among them.
	HasCustom bool
}

// promptObjection is one objection of the chat.
type promptObjection struct {
	N           int
	Current     bool
	Custom      bool
	Description string // a catalogue family's description
	Wordings    []string
	Concern     string
	Criteria    []string
}

// situationTexts describe a scenario's situation for the model.
var situationTexts = map[string]map[string]string{
	salescoach.LanguageDE: {
		salescoach.SituationColdCall:  "Kaltakquise: Der Verkäufer meldet sich unangekündigt; der Kunde ist überrascht und hat wenig Zeit.",
		salescoach.SituationFollowUp:  "Nachfassen nach Angebot: Der Kunde hat ein Angebot des Verkäufers erhalten und bezieht sich darauf.",
		salescoach.SituationRenewal:   "Vertragsverlängerung: Der Vertrag des Kunden mit dem Verkäufer läuft bald aus.",
		salescoach.SituationUpsell:    "Zusatzverkauf: Der Kunde nutzt bereits ein Produkt des Verkäufers.",
		salescoach.SituationComplaint: "Reklamation: Beim Kunden ist etwas schiefgelaufen; er ist verärgert.",
		salescoach.SituationObjection: "Freies Einwandtraining: keine besondere Vorgeschichte.",
	},
	salescoach.LanguageEN: {
		salescoach.SituationColdCall:  "Cold call: the seller gets in touch unannounced; the customer is surprised and busy.",
		salescoach.SituationFollowUp:  "Follow-up on an offer: the customer has received the seller's offer and refers to it.",
		salescoach.SituationRenewal:   "Contract renewal: the customer's contract with the seller runs out soon.",
		salescoach.SituationUpsell:    "Upsell: the customer already uses a product of the seller's.",
		salescoach.SituationComplaint: "Complaint: something went wrong for the customer; they are annoyed.",
		salescoach.SituationObjection: "Free objection training: no particular history.",
	},
}

// personaWords are the words a persona line is built from, by language.
var personaWords = map[string]map[string]string{
	salescoach.LanguageDE: {"at": "bei", "industry": "Branche", salescoach.BuyerB2B: "Geschäftskunde, B2B", salescoach.BuyerB2C: "Privatkunde, B2C"},
	salescoach.LanguageEN: {"at": "at", "industry": "industry", salescoach.BuyerB2B: "business customer, B2B", salescoach.BuyerB2C: "private customer, B2C"},
}

// oneLine keeps a scenario text on one line, so it cannot start a line of
// its own in the prompt.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// setScript fills the scenario fields from in; nothing without one.
func (d *promptData) setScript(in Input) {
	sc := in.Scenario.Script
	if sc == nil {
		return
	}
	w := personaWords[d.lang]
	pe := sc.Persona
	persona := oneLine(pe.Name)
	if r := oneLine(pe.Role); r != "" {
		persona += ", " + r
	}
	if c := oneLine(pe.Company); c != "" {
		persona += " " + w["at"] + " " + c
	}
	var details []string
	if i := oneLine(pe.Industry); i != "" {
		details = append(details, w["industry"]+": "+i)
	}
	if b := w[pe.Buyer]; b != "" {
		details = append(details, b)
	}
	if len(details) > 0 {
		persona += " (" + strings.Join(details, "; ") + ")"
	}
	ps := &promptScript{Title: oneLine(sc.Title), Situation: situationTexts[d.lang][sc.Situation], Persona: persona}
	keys := in.Objections
	if len(keys) == 0 {
		keys = sc.ObjectionKeys()
	}
	for i, key := range keys {
		o, ok := sc.Objection(key)
		if !ok {
			continue
		}
		po := promptObjection{N: i + 1, Current: key == in.Objection, Custom: o.Custom()}
		if o.Custom() {
			ps.HasCustom = true
			for _, x := range o.Wordings {
				po.Wordings = append(po.Wordings, oneLine(x))
			}
			po.Concern = oneLine(o.Concern)
			for _, x := range o.Criteria {
				po.Criteria = append(po.Criteria, oneLine(x))
			}
		} else if f, ok := ObjectionByKey(o.Family); ok {
			po.Description = f.Description[d.lang]
		}
		ps.Objections = append(ps.Objections, po)
		if po.Current && po.Custom {
			cur := po
			d.Custom = &cur
			d.Objection = quoteList(d.lang, po.Wordings)
		}
	}
	d.Script = ps
}

// quoteList quotes each wording and joins them with " / ".
func quoteList(lang string, items []string) string {
	open, close := "„", "“"
	if lang == salescoach.LanguageEN {
		open, close = "\"", "\""
	}
	out := make([]string, len(items))
	for i, s := range items {
		out[i] = open + s + close
	}
	return strings.Join(out, " / ")
}
