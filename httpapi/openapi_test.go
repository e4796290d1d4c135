package httpapi_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"salescoach"
)

// TestOpenAPIMatchesRoutes keeps docs/api/openapi.yaml true: every API route
// in routes.go is described there, and nothing there is missing a route.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	src, err := os.ReadFile("routes.go")
	if err != nil {
		t.Fatal(err)
	}
	var routes []string
	for _, m := range regexp.MustCompile(`mux\.Handle(?:Func)?\("([A-Z]+) (/(?:api|healthz|readyz|avatars)[^"]*)"`).FindAllStringSubmatch(string(src), -1) {
		routes = append(routes, m[1]+" "+m[2])
	}
	if len(routes) < 10 {
		t.Fatalf("found only %d routes in routes.go: the pattern is stale", len(routes))
	}
	raw, err := os.ReadFile("../docs/api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]any `yaml:"paths"`
	}
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	var documented []string
	for path, ops := range doc.Paths {
		for method := range ops {
			if method == "parameters" {
				continue
			}
			documented = append(documented, strings.ToUpper(method)+" "+path)
		}
	}
	slices.Sort(routes)
	slices.Sort(documented)
	for _, r := range routes {
		if !slices.Contains(documented, r) {
			t.Errorf("route %s is not in docs/api/openapi.yaml", r)
		}
	}
	for _, d := range documented {
		if !slices.Contains(routes, d) {
			t.Errorf("docs/api/openapi.yaml describes %s, which routes.go does not serve", d)
		}
	}
}

// TestOpenAPIListsEveryErrorCode keeps the ErrorCode enum of the API
// description equal to the server's message catalogue plus the categories.
func TestOpenAPIListsEveryErrorCode(t *testing.T) {
	raw, err := os.ReadFile("../docs/api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Enum []string `yaml:"enum"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	got := doc.Components.Schemas["ErrorCode"].Enum
	var want []string
	for code := range salescoach.Catalogue() {
		want = append(want, code)
	}
	for _, c := range []string{salescoach.EINVALID, salescoach.ENOTFOUND, salescoach.ECONFLICT, salescoach.EUNAUTHORIZED,
		salescoach.EFORBIDDEN, salescoach.ELIMIT, salescoach.ETOOLARGE, salescoach.EUNAVAILABLE, salescoach.EINTERNAL} {
		if !slices.Contains(want, c) {
			want = append(want, c)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("ErrorCode enum in docs/api/openapi.yaml differs from the catalogue:\n got %v\nwant %v", got, want)
	}
}
