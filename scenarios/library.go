// Package scenarios holds the built-in scenario library: the files in
// library/, one scenario per file named <slug>.<de|en>.json in the export
// file's format (salescoach.ParseScenarioFile), embedded in the binary and
// checked when the server starts.
package scenarios

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"salescoach"
	"salescoach/coach"
)

// The folder is embedded with all: so that it may hold only its .gitkeep
// until the library's files are there; only *.json files are read.
//
//go:embed all:library
var libraryFS embed.FS

// Personalities are the tone presets a built-in persona may have: the ids
// the catalogue seeds (migration 0001). Admins may delete presets later; a
// chat then plays the persona neutral.
var Personalities = []string{"freundlich", "skeptisch", "ungeduldig", "analytisch", "dominant", "zurueckhaltend"}

// IDPrefix starts a built-in scenario's id: "builtin-<slug>-<lang>".
const IDPrefix = "builtin-"

var fileName = regexp.MustCompile(`^([a-z0-9]+(?:-[a-z0-9]+)*)\.(de|en)\.json$`)

// Library returns the embedded library's scenarios, each validated, with
// its stable id, scope public and BuiltIn set, sorted by id. It fails
// naming the file and the field when one is bad.
func Library() ([]*salescoach.Scenario, error) {
	sub, err := fs.Sub(libraryFS, "library")
	if err != nil {
		return nil, err
	}
	return Load(sub, "library")
}

// Load reads every *.json file at the root of fsys as a built-in scenario
// (see Library); dir names the folder in errors.
func Load(fsys fs.FS, dir string) ([]*salescoach.Scenario, error) {
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("scenarios: read %s: %w", dir, err)
	}
	families := make([]string, len(coach.Objections))
	for i, o := range coach.Objections {
		families[i] = o.Key
	}
	var out []*salescoach.Scenario
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".json") {
			continue
		}
		where := path.Join(dir, name)
		m := fileName.FindStringSubmatch(name)
		if m == nil {
			return nil, fmt.Errorf("scenarios: %s: the name must be <slug>.<de|en>.json (slug: a-z, 0-9, hyphens)", where)
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("scenarios: %s: %w", where, err)
		}
		s, err := salescoach.ParseScenarioFile(data, families)
		if err != nil {
			return nil, fmt.Errorf("scenarios: %s: %s", where, describe(err))
		}
		if p := s.Persona.Personality; p != "" && !slices.Contains(Personalities, p) {
			return nil, fmt.Errorf("scenarios: %s: persona.personality: %q is none of %s", where, p, strings.Join(Personalities, ", "))
		}
		if s.Language != m[2] {
			return nil, fmt.Errorf("scenarios: %s: language: %q, but the file name says %q", where, s.Language, m[2])
		}
		s.ID, s.Scope, s.BuiltIn = IDPrefix+m[1]+"-"+m[2], salescoach.ScopePublic, true
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// describe names each bad field of a scenario error with its German text.
func describe(err error) string {
	var e *salescoach.Error
	if !errors.As(err, &e) || len(e.Fields) == 0 {
		return err.Error()
	}
	var parts []string
	for _, f := range slices.Sorted(maps.Keys(e.Fields)) {
		parts = append(parts, f+": "+e.Fields[f].String()+" ("+e.Fields[f].Key+")")
	}
	return strings.Join(parts, "; ")
}
