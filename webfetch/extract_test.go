package webfetch

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestExtractText(t *testing.T) {
	tests := []struct {
		name, html, title, text string
	}{
		{
			name:  "title and meta descriptions",
			html:  `<head><title>  Acme   Shop </title><meta name="Description" content=" Alles für  Acme. "><meta property="og:description" content="Der Acme Shop."></head><body><p>Body</p></body>`,
			title: "Acme Shop",
			text:  "Alles für Acme.\n\nDer Acme Shop.\n\nBody",
		},
		{
			name: "identical og:description once",
			html: `<meta name="description" content="Same"><meta property="og:description" content="Same"><p>Body</p>`,
			text: "Same\n\nBody",
		},
		{
			name: "svg title is not the page title",
			html: `<body><svg><title>Icon</title><text>SVG</text></svg><p>Text</p></body>`,
			text: "Text",
		},
		{
			name: "scripts styles and chrome dropped",
			html: `<body><script>var a = 1;</script><style>p{}</style><noscript>Enable JS</noscript>
<template><p>tpl</p></template><iframe src="x">frame</iframe>
<header><h1>Site</h1></header><nav>Menu</nav><aside>Ads</aside>
<form><label>Name</label><input value="x"><button>Send</button></form>
<p>Content</p><footer>Imprint</footer></body>`,
			text: "Content",
		},
		{
			name: "hidden elements dropped",
			html: `<p hidden>h1</p><p aria-hidden="true">h2</p><p style="display: none">h3</p><p style="VISIBILITY:hidden">h4</p><p aria-hidden="false">shown</p>`,
			text: "shown",
		},
		{
			name: "cookie banners and dialogs dropped, cookie content kept",
			html: `<div id="cookie-banner">We use cookies</div><div class="cc-window CookieConsent">Consent</div>
<div class="gdpr-notice">GDPR</div><div id="onetrust-banner-sdk">OT</div><div role="dialog">Dialog</div>
<div aria-modal="true">Modal</div><section aria-label="Cookie-Hinweis">Hinweis</section>
<ul class="cookie-list"><li>Chocolate chip cookie</li></ul>`,
			text: "- Chocolate chip cookie",
		},
		{
			name: "main preferred",
			html: `<body><div>Sidebar teaser</div><main><h1>Title</h1><p>Main text.</p></main><div>Other</div></body>`,
			text: "Title\n\nMain text.",
		},
		{
			name: "role main preferred",
			html: `<body><div>Teaser</div><div role="main"><p>Main text.</p></div></body>`,
			text: "Main text.",
		},
		{
			name: "articles when there is no main",
			html: `<body><div>Teaser</div><article><header><h2>One</h2></header><p>First.</p><footer>by A</footer></article><div>Between</div><article><p>Second.</p></article></body>`,
			text: "One\n\nFirst.\n\nby A\n\nSecond.",
		},
		{
			name: "hidden main ignored",
			html: `<body><main hidden><p>Old</p></main><p>Visible</p></body>`,
			text: "Visible",
		},
		{
			name: "empty main falls back to body",
			html: `<body><main><div id="app"></div></main><p>Server text</p></body>`,
			text: "Server text",
		},
		{
			name: "headings paragraphs lists tables breaks",
			html: `<h2>Features</h2><p>Line one<br>line two</p><ol><li>A</li><li><b>B</b> bold</li></ol>
<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Basic</td><td>9 €</td></tr></table><p>End</p>`,
			text: "Features\n\nLine one\nline two\n\n- A\n- B bold\n\nPlan | Price\nBasic | 9 €\n\nEnd",
		},
		{
			name: "inline elements do not split words, whitespace collapses",
			html: "<p>Sales<b>Coach</b>   is\n\t <i>great</i>&nbsp;!</p>",
			text: "SalesCoach is great !",
		},
		{
			name: "empty document",
			html: ``,
			text: "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			title, text, err := ExtractText(strings.NewReader(tt.html))
			if err != nil {
				t.Fatal(err)
			}
			if title != tt.title {
				t.Errorf("title = %q, want %q", title, tt.title)
			}
			if text != tt.text {
				t.Errorf("text = %q\nwant   %q", text, tt.text)
			}
		})
	}
}

func TestExtractTextCap(t *testing.T) {
	word := "Wörter "
	_, text, err := ExtractText(strings.NewReader("<p>" + strings.Repeat(word, 20000) + "</p>"))
	if err != nil {
		t.Fatal(err)
	}
	n := utf8.RuneCountInString(text)
	if n > MaxTextLength || n < MaxTextLength-len(word) {
		t.Fatalf("text has %d characters, want at most %d and close to it", n, MaxTextLength)
	}
	if !strings.HasSuffix(text, "Wörter") {
		t.Fatalf("text not cut at a word boundary: ...%q", text[len(text)-20:])
	}

	// One word longer than the cap is cut rather than dropped.
	_, text, _ = ExtractText(strings.NewReader("<p>" + strings.Repeat("ä", MaxTextLength+10) + "</p>"))
	if n := utf8.RuneCountInString(text); n != MaxTextLength {
		t.Fatalf("giant word: %d characters", n)
	}
}

func TestPlainText(t *testing.T) {
	in := "Erste Zeile\nweiter\r\n\r\n\n  Zweiter   Absatz\x00\n"
	if got, want := plainText(in), "Erste Zeile weiter\n\nZweiter Absatz"; got != want {
		t.Errorf("plainText = %q, want %q", got, want)
	}
}
