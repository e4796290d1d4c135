package trainer

import (
	"bytes"
	_ "embed"
	"encoding/json"
)

// Everything the built-in customer says lives in data/customer.json, where
// product people may edit it freely; this file holds its shape and loads
// it. The tests check that every family keeps at least three opening
// phrasings per language that name the product, and that Sie texts contain
// no du-forms and vice versa.
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
	Name map[string]string `json:"name,omitempty"`
	// Open raises the objection (first message, or after the previous one is
	// settled). Every phrasing names the product; the first sentence must
	// stand alone because impatient customers say only that.
	Open map[string][]string `json:"open,omitempty"`
	// Push presses the objection again after an answer that did not settle it.
	Push map[string][]string `json:"push,omitempty"`
	// Core is the objection in one short sentence, repeated when ignored.
	Core map[string]string `json:"core,omitempty"`
	// Reveal answers a clarifying question with what is behind the objection.
	Reveal map[string][]string `json:"reveal,omitempty"`
	// Condition says what would convince the customer; it follows "aber"
	// or a colon, so it starts in lower case.
	Condition map[string][]string `json:"condition,omitempty"`
	// Met lists, per condition (same index in every language), the words
	// by which a seller's answer gives what the condition asks for, so the
	// customer takes it up instead of demanding it again. Entries match as
	// in data/lexicon.json; German and English side by side.
	Met [][]string `json:"met,omitempty"`
	// Answer is, per condition (same index), how a seller meets it: the
	// block the perfect answer uses once the customer has told what is
	// behind the objection. Seller side, notation as above; a placeholder
	// in square brackets asks for the seller's own facts.
	Answer map[string][]string `json:"answer,omitempty"`
	// Settled acknowledges that this objection is overcome.
	Settled map[string][]string `json:"settled,omitempty"`
	// Concerns are what may be behind the objection; a chat holds one of
	// them per objection (chat.concern).
	Concerns []concernTexts `json:"concerns,omitempty"`
}

// concernTexts is one hidden concern behind an objection: told once when
// the seller asks well (Reveal), referred back to in other words when
// asked again (Again), settled by an answer that meets it (Met, Settled).
type concernTexts struct {
	Key string `json:"key"`
	// Reveal tells the concern for the first time, first person.
	Reveal map[string][]string `json:"reveal"`
	// Again refers back to the same concern without a new fact.
	Again map[string][]string `json:"again"`
	// Need says what would convince the customer about it.
	Need map[string][]string `json:"need"`
	// Open names what is still open for the trainer's reason line
	// ("Offen ist noch: …").
	Open map[string]string `json:"open"`
	// Met are the words (lexicon notation) by which a seller's statement
	// addresses the concern.
	Met []string `json:"met"`
	// Answer is the perfect answer's block for it (seller side,
	// placeholders for the seller's own facts).
	Answer map[string][]string `json:"answer"`
	// Settled is the customer's reaction once it is answered.
	Settled map[string][]string `json:"settled"`
}

// temperamentTexts is how a tone preset colours the customer's messages.
type temperamentTexts struct {
	// Short customers say only the first sentence of an objection.
	Short bool `json:"short,omitempty"`
	// Greet follows the returned greeting in the first message.
	Greet map[string][]string `json:"greet,omitempty"`
	// Tail may follow an objection ("" = nothing).
	Tail map[string][]string `json:"tail,omitempty"`
	// Answer introduces the reply to a clarifying question.
	Answer map[string][]string `json:"answer,omitempty"`
	// Good reacts to a good answer that did not settle the objection; it
	// ends with "aber"/"but" and a demand or condition follows.
	Good map[string][]string `json:"good,omitempty"`
	// Mediocre reacts to a weak answer; it ends with a colon.
	Mediocre map[string][]string `json:"mediocre,omitempty"`
	// Cool reacts to contradiction, pressure or rudeness.
	Cool map[string][]string `json:"cool,omitempty"`
	// Ignored reacts to an answer that dodged the objection; the objection's
	// core follows after "Noch mal:".
	Ignored map[string][]string `json:"ignored,omitempty"`
	// Next leads from a settled objection to the next one; it ends with a colon.
	Next map[string][]string `json:"next,omitempty"`
	// Convinced agrees to the next step at the end of the chat.
	Convinced map[string][]string `json:"convinced,omitempty"`
}

// customerFile is the shape of data/customer.json.
type customerFile struct {
	Families        map[string]familyTexts         `json:"families"`
	Temperaments    map[string]temperamentTexts    `json:"temperaments"`
	Demands         map[string]map[string][]string `json:"demands"`
	AddressRemarks  map[string][]string            `json:"address_remarks"`
	Greetings       map[string][]string            `json:"greetings"`
	Moment          map[string]string              `json:"moment"`
	SettledFallback map[string][]string            `json:"settled_fallback"`
	RepeatLead      map[string]string              `json:"repeat_lead"`
	// TakenUp take up what the seller said that meets a condition; %s is
	// a few of the seller's own words. By voice (de-sie, de-du, en).
	TakenUp map[string][]string `json:"taken_up"`
	// Doubt follows TakenUp for sceptical customers when the seller gave
	// no proof: the doubt with its reason.
	Doubt map[string][]string `json:"doubt"`
	// TooEarly answers a proposed meeting while the objection stands.
	TooEarly map[string][]string `json:"too_early"`
	// Variants hold, per kind of buyer ("private", "industrial"), what such
	// a buyer says differently about a family; empty fields keep the
	// general texts.
	Variants map[string]map[string]familyTexts `json:"variants"`
}

//go:embed data/customer.json
var customerJSON []byte

var customerData = mustParse[customerFile]("data/customer.json", customerJSON)

var (
	// families are the objection families with what the customer says about each.
	families = customerData.Families
	// temperaments colour the customer's messages by tone preset.
	temperaments = customerData.Temperaments
	// demands voice what an answer lacked, from the customer's side. They
	// follow "aber"/"but" or a colon, so they start in lower case.
	demands = customerData.Demands
	// addressRemarks are what the customer says when the seller uses the
	// other form of address: keyed by the customer's own form.
	addressRemarks = customerData.AddressRemarks
	// greetings answer the seller's greeting in the first message.
	greetings = customerData.Greetings
	// moment answers a seller who asks for a moment of time first.
	moment = customerData.Moment
	// settledFallback acknowledges a settled point when the previous
	// objection cannot be told from the chat.
	settledFallback = customerData.SettledFallback
	// repeatLead introduces the objection's core when the customer repeats it.
	repeatLead = customerData.RepeatLead
	takenUp    = customerData.TakenUp
	doubts     = customerData.Doubt
	tooEarly   = customerData.TooEarly
)

// mustParse parses an embedded data file. A broken file stops the program
// at start-up (and fails every test) rather than letting the customer fall
// silent in a chat.
func mustParse[T any](name string, b []byte) *T {
	var v T
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&v); err != nil {
		panic("trainer: " + name + ": " + err.Error())
	}
	return &v
}
