package trainer

import (
	_ "embed"
	"slices"
	"strings"

	"salescoach/coach"
)

// The customer should be someone who really buys the product: a private
// buyer of disability insurance has no works council, and an industrial
// buyer of hydraulic hoses does not ask about data protection. The trainer
// infers from the product description (and PDF) who buys it and, through
// data/buyers.json, replaces the objection families such a buyer would not
// raise and picks the variant texts that buyer would say.

//go:embed data/buyers.json
var buyersJSON []byte

// buyersFile is the shape of data/buyers.json.
type buyersFile struct {
	About string `json:"_about"`
	// Buyers are the words that show a private or a business buyer.
	Buyers map[string][]string `json:"buyers"`
	// Trades are the words that show the product's trade.
	Trades map[string][]string `json:"trades"`
	// Profiles are keyed "kind" or "kind/trade"; the more specific wins.
	Profiles map[string]buyerProfile `json:"profiles"`
	// TradePrecedence orders the trades for a description that shows
	// several: a cleaning service for production halls is a service.
	TradePrecedence []string `json:"trade_precedence"`
}

// buyerProfile is what a kind of buyer says differently.
type buyerProfile struct {
	// Variant names the variant texts of data/customer.json to use.
	Variant string `json:"variant"`
	// Replace maps a family such a buyer would not raise to the families
	// to raise instead, in order of preference.
	Replace map[string][]string `json:"replace"`
}

var buyersData = mustParse[buyersFile]("data/buyers.json", buyersJSON)

// cue lexicons, compiled once.
var (
	buyerCues = compileCues(buyersData.Buyers)
	tradeCues = compileCues(buyersData.Trades)
)

func compileCues(m map[string][]string) map[string]*lexicon {
	out := map[string]*lexicon{}
	for k, v := range m {
		out[k] = lex(v...)
	}
	return out
}

// buyer is who buys the product: Kind "private" or "business", and the
// trade ("insurance", "energy", "industrial", "software", or "").
type buyer struct {
	Kind, Trade string
}

// inferBuyer reads the product description and the start of the PDF. A
// description that says nothing either way is a business's: the trainer's
// customer has always been one.
func inferBuyer(desc, pdf string) buyer {
	if len(pdf) > 5000 {
		pdf = pdf[:5000]
	}
	n := norm(desc + "\n" + pdf)
	best := func(cues map[string]*lexicon, order []string) string {
		out, score := "", 0
		for _, k := range order {
			if c := count(n, cues[k].m); c > score {
				out, score = k, c
			}
		}
		return out
	}
	kind := best(buyerCues, []string{"business", "private"})
	if kind == "" {
		kind = "business"
	}
	return buyer{Kind: kind, Trade: tradeOf(n)}
}

// serviceMark stands in a description for the words of a service that
// tradeOf has counted.
const serviceMark = "\x00service\x00"

// tradeOf is the trade a normalised description shows most; on a tie
// the earlier of data/buyers.json's trade_precedence wins, so that a
// cleaning service for production halls ("Industriereinigung") is a
// service and a heat pump with a maintenance contract stays energy.
func tradeOf(n string) string {
	// The words of a service ("industrial cleaning", "Industriereinigung")
	// are the service's, not also the industry's it serves.
	if l, ok := tradeCues["service"]; ok && has(n, l.m) {
		rest := n
		for _, m := range l.m {
			if m.gapped != nil || !strings.Contains(rest, m.needle) {
				continue
			}
			for {
				at := strings.Index(rest, m.needle)
				if at < 0 {
					break
				}
				end := at + len(m.needle)
				if !strings.HasSuffix(m.needle, " ") {
					// A word start ("industriereinigung*"): up to the word's end.
					if sp := strings.IndexByte(rest[end:], ' '); sp >= 0 {
						end += sp
					} else {
						end = len(rest)
					}
				}
				rest = rest[:at] + " " + serviceMark + " " + rest[end:]
			}
		}
		n = rest
	}
	order := buyersData.TradePrecedence
	if len(order) == 0 {
		order = []string{"software", "industrial", "insurance", "energy"}
	}
	out, score := "", 0
	for _, k := range order {
		if l, ok := tradeCues[k]; ok {
			c := count(n, l.m)
			if k == "service" {
				c += strings.Count(n, serviceMark)
			}
			if c > score {
				out, score = k, c
			}
		}
	}
	return out
}

// profile is the buyer's profile, nil when the buyer raises every family.
func (b buyer) profile() *buyerProfile {
	for _, k := range []string{b.Kind + "/" + b.Trade, b.Kind} {
		if p, ok := buyersData.Profiles[k]; ok {
			return &p
		}
	}
	return nil
}

// variants are the keys of data/customer.json variants that apply, general first.
func (b buyer) variants() []string {
	var out []string
	if p := b.profile(); p != nil && p.Variant != "" {
		out = append(out, p.Variant)
	}
	// The trade's own texts are a business's (a plant's purchasing, a
	// works council): a private buyer of a service keeps the private ones.
	if _, ok := customerData.Variants[b.Trade]; ok && !slices.Contains(out, b.Trade) && (b.Kind != "private" || b.Trade != "service" && b.Trade != "industrial") {
		out = append(out, b.Trade)
	}
	return out
}

// effective maps the chat's objection families to the ones this buyer
// raises. A replaced family takes the first replacement that the chat
// neither raises itself nor has already used, so a chat never raises the
// same family twice.
func (b buyer) effective(keys []string) map[string]string {
	out := map[string]string{}
	p := b.profile()
	used := map[string]bool{}
	for _, k := range keys {
		if p == nil || len(p.Replace[k]) == 0 {
			used[k] = true
		}
	}
	for _, k := range keys {
		if p == nil || len(p.Replace[k]) == 0 {
			out[k] = k
			continue
		}
		out[k] = k
		for _, r := range p.Replace[k] {
			if !used[r] {
				out[k], used[r] = r, true
				break
			}
		}
	}
	return out
}

// texts are what the customer says about family, with the buyer's variant
// texts in place of the general ones.
func (c *chat) texts(family string) familyTexts {
	if co := c.customOf(family); co != nil {
		return co.texts
	}
	base := families[family]
	for _, v := range c.buyer.variants() {
		if o, ok := customerData.Variants[v][family]; ok {
			base = overlay(base, o)
		}
	}
	return base
}

func overlay(base, o familyTexts) familyTexts {
	lists := func(b, o map[string][]string) map[string][]string {
		out := map[string][]string{}
		for k, v := range b {
			out[k] = v
		}
		for k, v := range o {
			if len(v) > 0 {
				out[k] = v
			}
		}
		return out
	}
	one := func(b, o map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range b {
			out[k] = v
		}
		for k, v := range o {
			if v != "" {
				out[k] = v
			}
		}
		return out
	}
	met := base.Met
	if len(o.Met) > 0 {
		met = o.Met
	}
	concerns := base.Concerns
	if len(o.Concerns) > 0 {
		concerns = o.Concerns
	}
	return familyTexts{
		Met: met, Concerns: concerns,
		Answer: lists(base.Answer, o.Answer),
		Name:   one(base.Name, o.Name), Core: one(base.Core, o.Core),
		Open: lists(base.Open, o.Open), Push: lists(base.Push, o.Push), Reveal: lists(base.Reveal, o.Reveal),
		Condition: lists(base.Condition, o.Condition), Settled: lists(base.Settled, o.Settled),
	}
}

// chatFamilies are the chat's objection families as this buyer raises
// them, in order: the caller's list, else the whole catalogue.
func (c *chat) chatFamilies() []string {
	keys := c.in.Objections
	if len(keys) == 0 {
		for _, o := range coach.Objections {
			keys = append(keys, o.Key)
		}
	}
	m := c.buyer.effective(keys)
	var out []string
	for _, k := range keys {
		if f := m[k]; f != "" && !slices.Contains(out, f) {
			if c.isFamily(f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// effectiveFamily is the family this buyer raises for the chat's objection key.
func (c *chat) effectiveFamily(key string) string {
	keys := c.in.Objections
	if !slices.Contains(keys, key) {
		keys = append(append([]string(nil), keys...), key)
	}
	return c.buyer.effective(keys)[key]
}
