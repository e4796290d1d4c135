package webfetch

import (
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// MaxTextLength is the most characters (Unicode code points) ExtractText
// returns as text; longer text is cut at a word boundary.
const MaxTextLength = 50000

// dropped are elements whose content is never readable page text: code,
// styling, embedded documents, navigation, page chrome and controls.
var dropped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true,
	atom.Svg: true, atom.Math: true, atom.Iframe: true, atom.Object: true, atom.Embed: true,
	atom.Canvas: true, atom.Video: true, atom.Audio: true, atom.Map: true,
	atom.Nav: true, atom.Aside: true, atom.Form: true, atom.Button: true,
	atom.Select: true, atom.Textarea: true, atom.Input: true, atom.Label: true,
	atom.Dialog: true, atom.Menu: true, atom.Head: true, atom.Title: true,
}

// droppedRoles are ARIA landmark and widget roles that mark page chrome or
// overlays (cookie banners are usually dialogs) rather than content.
var droppedRoles = map[string]bool{
	"navigation": true, "banner": true, "contentinfo": true, "complementary": true,
	"search": true, "dialog": true, "alertdialog": true, "menu": true, "menubar": true,
	"toolbar": true, "button": true, "form": true,
}

// Block elements separate their text from the surrounding text; the ones in
// lineBlocks by a line break, all others by a blank line.
var blocks = map[atom.Atom]bool{
	atom.Address: true, atom.Article: true, atom.Blockquote: true, atom.Body: true,
	atom.Caption: true, atom.Center: true, atom.Dd: true, atom.Details: true, atom.Div: true,
	atom.Dl: true, atom.Dt: true, atom.Fieldset: true, atom.Figcaption: true, atom.Figure: true,
	atom.Footer: true, atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true,
	atom.H6: true, atom.Header: true, atom.Hgroup: true, atom.Hr: true, atom.Li: true,
	atom.Main: true, atom.Ol: true, atom.P: true, atom.Pre: true, atom.Section: true,
	atom.Summary: true, atom.Table: true, atom.Tr: true, atom.Ul: true,
}

var lineBlocks = map[atom.Atom]bool{
	atom.Li: true, atom.Tr: true, atom.Dt: true, atom.Dd: true, atom.Caption: true,
}

// ExtractText parses an HTML document (UTF-8) and returns its title and its
// readable text. The text starts with the meta description and the
// og:description (when different), followed by the headings, paragraphs,
// list items and table cells of the <main> element, or of the <article>
// elements when there is no <main>, or else of the whole body. Scripts,
// styles, navigation, site header and footer, asides, forms, buttons, hidden
// elements (hidden, aria-hidden="true", display:none) and cookie or consent
// banners are left out. Whitespace is collapsed; paragraphs are separated by
// a blank line, list items and table rows by a line break, table cells by
// " | ". The text is cut at MaxTextLength characters.
//
// ExtractText reads r to the end without a size limit; callers bound the
// input (Fetch reads at most Config.MaxBytes). The error is the read error
// of r, if any: the HTML parser accepts every input.
func ExtractText(r io.Reader) (title, text string, err error) {
	doc, err := html.Parse(r)
	if err != nil {
		return "", "", err
	}
	title = collapse(findTitle(doc))

	b := &textBuilder{limit: MaxTextLength}
	for _, d := range metaDescriptions(doc) {
		b.brk(sepPara)
		b.text(d)
	}
	body := findBody(doc)
	mark := b.n
	for _, root := range contentRoots(body) {
		b.brk(sepPara)
		b.walk(root, false)
	}
	if b.n == mark && !b.full {
		// A <main> or <article> without text (filled in by scripts, say)
		// should not hide the rest of the page.
		b.brk(sepPara)
		b.walk(body, false)
	}
	return title, b.sb.String(), nil
}

// plainText formats a text/plain document like ExtractText's output: lines
// of one paragraph are joined, paragraphs are separated by a blank line.
func plainText(s string) string {
	b := &textBuilder{limit: MaxTextLength}
	for _, line := range strings.Split(s, "\n") {
		if strings.TrimSpace(line) == "" {
			b.brk(sepPara)
			continue
		}
		b.brk(sepSpace)
		b.text(line)
	}
	return b.sb.String()
}

func isElement(n *html.Node, a atom.Atom) bool {
	return n.Type == html.ElementNode && n.Namespace == "" && n.DataAtom == a
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// findTitle returns the text of the first HTML <title>; titles inside SVG are
// a different element and are skipped by the namespace check.
func findTitle(n *html.Node) string {
	if isElement(n, atom.Title) {
		var sb strings.Builder
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.TextNode {
				sb.WriteString(c.Data)
			}
		}
		return sb.String()
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if t := findTitle(c); t != "" {
			return t
		}
	}
	return ""
}

// metaDescriptions returns the meta description and the og:description, each
// collapsed, without duplicates, in that order.
func metaDescriptions(doc *html.Node) []string {
	var desc, og string
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		if isElement(n, atom.Meta) {
			content, _ := attr(n, "content")
			content = collapse(content)
			name, _ := attr(n, "name")
			prop, _ := attr(n, "property")
			switch {
			case desc == "" && strings.EqualFold(name, "description"):
				desc = content
			case og == "" && (strings.EqualFold(prop, "og:description") || strings.EqualFold(name, "og:description")):
				og = content
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(doc)
	var out []string
	for _, d := range []string{desc, og} {
		if d != "" && (len(out) == 0 || out[0] != d) {
			out = append(out, d)
		}
	}
	return out
}

func findBody(doc *html.Node) *html.Node {
	var found *html.Node
	var visit func(*html.Node)
	visit = func(n *html.Node) {
		if found != nil {
			return
		}
		if isElement(n, atom.Body) {
			found = n
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			visit(c)
		}
	}
	visit(doc)
	if found == nil {
		return doc // a frameset document; its text is found nowhere else
	}
	return found
}

// contentRoots returns the visible <main> elements (or role="main") of body,
// else its visible top-level <article> elements, else body itself.
func contentRoots(body *html.Node) []*html.Node {
	collect := func(match func(*html.Node) bool) []*html.Node {
		var out []*html.Node
		var visit func(*html.Node, bool)
		visit = func(n *html.Node, inSection bool) {
			if n.Type == html.ElementNode && skip(n, inSection) {
				return
			}
			if n.Type == html.ElementNode && match(n) {
				out = append(out, n)
				return // nested matches are part of this root already
			}
			inSection = inSection || sectioning(n)
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				visit(c, inSection)
			}
		}
		visit(body, false)
		return out
	}
	if roots := collect(func(n *html.Node) bool {
		role, _ := attr(n, "role")
		return isElement(n, atom.Main) || strings.EqualFold(strings.TrimSpace(role), "main")
	}); len(roots) > 0 {
		return roots
	}
	if roots := collect(func(n *html.Node) bool { return isElement(n, atom.Article) }); len(roots) > 0 {
		return roots
	}
	return []*html.Node{body}
}

// sectioning reports whether n makes a <header> or <footer> inside it belong
// to that section (its heading or byline) rather than to the whole site.
func sectioning(n *html.Node) bool {
	if n.Type != html.ElementNode || n.Namespace != "" {
		return false
	}
	switch n.DataAtom {
	case atom.Article, atom.Main, atom.Section:
		return true
	}
	role, _ := attr(n, "role")
	return strings.EqualFold(strings.TrimSpace(role), "main")
}

// skip reports whether the element n and everything inside it is left out.
func skip(n *html.Node, inSection bool) bool {
	if n.Namespace != "" {
		return true // SVG and MathML content
	}
	if dropped[n.DataAtom] {
		return true
	}
	if (n.DataAtom == atom.Header || n.DataAtom == atom.Footer) && !inSection {
		// Site-wide header and footer are chrome (logo, menu, imprint); the
		// header of an article holds its heading and is kept.
		return true
	}
	if _, ok := attr(n, "hidden"); ok {
		return true
	}
	if v, _ := attr(n, "aria-hidden"); strings.EqualFold(strings.TrimSpace(v), "true") {
		return true
	}
	if v, _ := attr(n, "aria-modal"); strings.EqualFold(strings.TrimSpace(v), "true") {
		return true
	}
	if v, ok := attr(n, "style"); ok {
		s := strings.ToLower(strings.Join(strings.Fields(v), ""))
		if strings.Contains(s, "display:none") || strings.Contains(s, "visibility:hidden") {
			return true
		}
	}
	if v, _ := attr(n, "role"); droppedRoles[strings.ToLower(strings.TrimSpace(v))] {
		return true
	}
	return isConsentBanner(n)
}

// consentMarkers are substrings of an id or class (lower case, without "-"
// and "_") that name a cookie or consent banner or the tools that make them.
var consentMarkers = []string{"consent", "gdpr", "cookiebot", "onetrust", "usercentrics", "cookielaw", "cookiewall"}

// cookieWords qualify "cookie" in an id or class: "cookie" alone may be
// content (a bakery's product list), "cookie-banner" is not.
var cookieWords = []string{"banner", "notice", "bar", "popup", "layer", "overlay", "modal", "dialog", "hint", "hinweis", "disclaimer", "message", "alert", "box", "info", "accept", "settings"}

func isConsentBanner(n *html.Node) bool {
	var tokens []string
	for _, key := range []string{"id", "class", "aria-label"} {
		if v, ok := attr(n, key); ok {
			tokens = append(tokens, strings.Fields(strings.ToLower(v))...)
		}
	}
	for _, t := range tokens {
		t = strings.NewReplacer("-", "", "_", "").Replace(t)
		for _, m := range consentMarkers {
			if strings.Contains(t, m) {
				return true
			}
		}
		if strings.Contains(t, "cookie") {
			for _, w := range cookieWords {
				if strings.Contains(t, w) {
					return true
				}
			}
		}
	}
	return false
}

// sep is the separator owed before the next word; a stronger one wins.
type sep int

const (
	sepNone sep = iota
	sepSpace
	sepCell
	sepLine
	sepPara
)

var sepText = [...]string{sepNone: "", sepSpace: " ", sepCell: " | ", sepLine: "\n", sepPara: "\n\n"}

// textBuilder writes words with collapsed whitespace and the strongest
// separator owed between them, and stops at limit code points.
type textBuilder struct {
	sb      strings.Builder
	limit   int
	n       int // code points written
	pending sep
	prefix  string // written before the next word, e.g. a list bullet
	full    bool
}

func (b *textBuilder) brk(s sep) {
	if s > b.pending {
		b.pending = s
	}
}

func (b *textBuilder) text(s string) {
	if b.full || s == "" {
		return
	}
	if r, _ := utf8.DecodeRuneInString(s); unicode.IsSpace(r) {
		b.brk(sepSpace)
	}
	for i, w := range strings.Fields(s) {
		if i > 0 {
			b.brk(sepSpace)
		}
		b.word(w)
	}
	if r, _ := utf8.DecodeLastRuneInString(s); unicode.IsSpace(r) {
		b.brk(sepSpace)
	}
}

func (b *textBuilder) word(w string) {
	w = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == utf8.RuneError {
			return -1 // control characters and decoding debris carry no text
		}
		return r
	}, w)
	if w == "" || b.full {
		return
	}
	lead := b.prefix
	if b.n > 0 {
		lead = sepText[b.pending] + lead
	}
	cost := utf8.RuneCountInString(lead) + utf8.RuneCountInString(w)
	if b.n+cost > b.limit {
		if b.n == 0 {
			// One giant "word": cut it rather than return nothing.
			b.sb.WriteString(string([]rune(w)[:b.limit]))
			b.n = b.limit
		}
		b.full = true
		return
	}
	b.sb.WriteString(lead)
	b.sb.WriteString(w)
	b.n += cost
	b.pending, b.prefix = sepNone, ""
}

func (b *textBuilder) walk(n *html.Node, inSection bool) {
	if b.full {
		return
	}
	switch n.Type {
	case html.TextNode:
		b.text(n.Data)
		return
	case html.DocumentNode:
	case html.ElementNode:
		if skip(n, inSection) {
			return
		}
	default:
		return // comments, doctype
	}
	level := sepNone
	switch {
	case n.Type != html.ElementNode:
	case lineBlocks[n.DataAtom]:
		level = sepLine
	case blocks[n.DataAtom]:
		level = sepPara
	}
	switch {
	case isElement(n, atom.Br):
		b.brk(sepLine)
		return
	case isElement(n, atom.Td), isElement(n, atom.Th):
		b.brk(sepCell)
	case isElement(n, atom.Li):
		b.brk(sepLine)
		b.prefix = "- "
	}
	b.brk(level)
	inSection = inSection || sectioning(n)
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		b.walk(c, inSection)
	}
	if isElement(n, atom.Li) {
		b.prefix = "" // an empty item leaves no bullet behind
	}
	b.brk(level)
}

func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }
