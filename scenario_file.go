package salescoach

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
)

// The scenario file: what GET /api/scenarios/{id}/export writes, POST
// /api/scenarios/import reads, and the built-in library is made of. It is
// the API's scenario JSON without id, scope and builtIn, with "version":
// ScenarioSchemaVersion first.

// scenarioFile is the file's shape when written.
type scenarioFile struct {
	Version int `json:"version"`
	*Scenario
}

// ScenarioFile returns s as an export file.
func ScenarioFile(s *Scenario) ([]byte, error) {
	c := *s
	c.ID, c.Scope, c.BuiltIn = "", "", false
	return json.MarshalIndent(scenarioFile{Version: ScenarioSchemaVersion, Scenario: &c}, "", "  ")
}

// fileShape lists the fields a scenario file may hold, with the JSON kind
// of each: "string", "number", an object's fields, or a one-element list
// with the shape of each item.
var fileShape = map[string]any{
	"version": "number", "title": "string", "language": "string", "situation": "string", "product": "string",
	"persona": map[string]any{"name": "string", "role": "string", "company": "string", "industry": "string",
		"buyer": "string", "personality": "string", "formality": "string"},
	"objections": []any{map[string]any{"family": "string", "wordings": []any{"string"}, "concern": "string",
		"criteria": []any{"string"}}},
}

// ParseScenarioFile reads a scenario file strictly and validates it (see
// Scenario.Validate for families). It returns EINVALID whose Fields name
// the first field at fault by its path: an unknown field (MsgUnknownField),
// a value of the wrong kind (MsgBadFieldType), a version other than
// ScenarioSchemaVersion (MsgScenarioVersion, field "version"), or any
// field Validate refuses; ETOOLARGE above MaxScenarioFileBytes; EINVALID
// (MsgBadJSON) when data is not one JSON object. Whether the persona's
// personality names an existing tone preset is the caller's to check.
func ParseScenarioFile(data []byte, families []string) (*Scenario, error) {
	if len(data) > MaxScenarioFileBytes {
		return nil, NewError(ETOOLARGE, MsgTooLarge)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, NewError(EINVALID, MsgBadJSON)
	}
	if dec.More() {
		return nil, NewError(EINVALID, MsgBadJSON)
	}
	top, ok := doc.(map[string]any)
	if !ok {
		return nil, NewError(EINVALID, MsgNotJSONObject)
	}
	if path, msg, ok := checkShape(top, fileShape, ""); !ok {
		return nil, FieldError(path, msg)
	}
	if v, _ := top["version"].(json.Number); v.String() != strconv.Itoa(ScenarioSchemaVersion) {
		return nil, FieldError("version", MsgScenarioVersion)
	}
	var s Scenario
	if err := json.Unmarshal(data, &s); err != nil {
		// checkShape let only the file's shape through.
		return nil, NewError(EINVALID, MsgBadJSON)
	}
	if err := s.Validate(families); err != nil {
		return nil, err
	}
	return &s, nil
}

// checkShape finds the first field of v (in a stable order: the shape's
// fields first, then unknown ones) that is unknown or of the wrong kind.
// JSON null counts as absent.
func checkShape(v any, shape any, path string) (string, Msg, bool) {
	if v == nil {
		return "", Msg{}, true
	}
	at := func(name string) string {
		if path == "" {
			return name
		}
		return path + "." + name
	}
	switch sh := shape.(type) {
	case string:
		switch v.(type) {
		case string:
			if sh == "string" {
				return "", Msg{}, true
			}
		case json.Number:
			if sh == "number" {
				return "", Msg{}, true
			}
		}
		return path, MsgBadFieldType, false
	case []any:
		list, ok := v.([]any)
		if !ok {
			return path, MsgBadFieldType, false
		}
		for i, item := range list {
			if p, m, ok := checkShape(item, sh[0], at(strconv.Itoa(i))); !ok {
				return p, m, false
			}
		}
		return "", Msg{}, true
	case map[string]any:
		obj, ok := v.(map[string]any)
		if !ok {
			return path, MsgBadFieldType, false
		}
		for _, name := range slices.Sorted(maps.Keys(obj)) {
			if _, known := sh[name]; !known {
				if len(name) > 64 {
					name = name[:64]
				}
				return at(name), MsgUnknownField, false
			}
		}
		for _, name := range slices.Sorted(maps.Keys(sh)) {
			if p, m, ok := checkShape(obj[name], sh[name], at(name)); !ok {
				return p, m, false
			}
		}
		return "", Msg{}, true
	}
	return path, MsgBadFieldType, false
}
