package salescoach_test

import (
	"testing"

	"salescoach"
)

func TestAppPage(t *testing.T) {
	for path, want := range map[string]string{
		"/":                     "/",
		"/chat":                 "/chat",
		"/chat/":                "/chat",
		"/Chat":                 "/chat",
		"/chat?new=1":           "/chat",
		"/chat#top":             "/chat",
		"/dashboard":            "/dashboard",
		"/login?confirm=abc":    "/login",
		"/call/0190-abc":        "/call/:conversationId",
		"/call/:conversationId": "/call/:conversationId",
		"/call/":                "other",
		"/call/a/b":             "other",
		"/admin-dashboard":      "/admin-dashboard",
		"/token-management":     "/token-management",
		"/settings":             "/settings",
		"/chat/0190-abc":        "other",
		"/users/0190-abc":       "other",
		"/app/chat":             "other",
		"":                      "other",
		"chat":                  "other",
		"/nirgendwo":            "other",
	} {
		if got := salescoach.AppPage(path); got != want {
			t.Errorf("AppPage(%q) = %q, want %q", path, got, want)
		}
	}
	for _, p := range salescoach.AppPages {
		if got := salescoach.AppPage(p); got != p {
			t.Errorf("the pattern %q maps to %q, not to itself", p, got)
		}
	}
}

func TestVitalRating(t *testing.T) {
	for _, c := range []struct {
		name  string
		value float64
		want  string
	}{
		{"LCP", 0, "good"},
		{"LCP", 2500, "good"},
		{"LCP", 2500.1, "needs-improvement"},
		{"LCP", 4000, "needs-improvement"},
		{"LCP", 4001, "poor"},
		{"INP", 200, "good"},
		{"INP", 201, "needs-improvement"},
		{"INP", 500, "needs-improvement"},
		{"INP", 500.5, "poor"},
		{"CLS", 0.1, "good"},
		{"CLS", 0.11, "needs-improvement"},
		{"CLS", 0.25, "needs-improvement"},
		{"CLS", 0.26, "poor"},
	} {
		if got := salescoach.VitalRating(c.name, c.value); got != c.want {
			t.Errorf("VitalRating(%s, %v) = %s, want %s", c.name, c.value, got, c.want)
		}
	}
}

func TestP75(t *testing.T) {
	for _, c := range []struct {
		sorted []float64
		want   float64
	}{
		{nil, 0},
		{[]float64{7}, 7},
		{[]float64{1, 2}, 2},       // rank ceil(1.5) = 2
		{[]float64{1, 2, 3}, 3},    // ceil(2.25) = 3
		{[]float64{1, 2, 3, 4}, 3}, // ceil(3) = 3
		{[]float64{1, 2, 3, 4, 5}, 4},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8}, 6},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9}, 7},
	} {
		if got := salescoach.P75(c.sorted); got != c.want {
			t.Errorf("P75(%v) = %v, want %v", c.sorted, got, c.want)
		}
	}
}
