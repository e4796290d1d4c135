package httpapi

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"unicode/utf8"

	"salescoach"
)

// Catalogue limits.
const (
	maxChallengeNameRunes = 60
	maxChallengeDescRunes = 300
	maxChallengeTarget    = 100000
	maxChallengeUpdates   = 50
	maxPresetNameRunes    = 60
	maxPresetDescRunes    = 1000
)

var iconKey = regexp.MustCompile(`^[a-z0-9-]{1,40}$`)

type adminChallengeJSON struct {
	Key           string `json:"key"`
	Title         string `json:"title"`
	Icon          string `json:"icon"`
	Description   string `json:"description"`
	TitleEN       string `json:"title_en"`
	DescriptionEN string `json:"description_en"`
	Target        int    `json:"target"`
	Staged        bool   `json:"staged"`
	Completions   int    `json:"completions"`
}

type topChallengeJSON struct {
	Key         string `json:"key"`
	Title       string `json:"title"`
	Icon        string `json:"icon"`
	Completions int    `json:"completions"`
}

// topChallenges is how many challenges the 'most completed' list shows.
const topChallenges = 3

func (s *Server) handleAdminChallenges(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	return s.writeAdminChallenges(w, r)
}

// writeAdminChallenges answers every challenge in display order with its
// completions, and the three most completed.
func (s *Server) writeAdminChallenges(w http.ResponseWriter, r *http.Request) error {
	list, err := s.Catalog.Challenges(r.Context())
	if err != nil {
		return err
	}
	counts, err := s.Admin.ChallengeCompletions(r.Context())
	if err != nil {
		return err
	}
	byKey := map[string]*salescoach.Challenge{}
	done := map[string]int{}
	for _, c := range counts {
		done[c.Key] = c.Completions
	}
	out := make([]adminChallengeJSON, 0, len(list))
	for _, c := range list {
		byKey[c.Key] = c
		out = append(out, adminChallengeJSON{Key: c.Key, Title: c.Title(), Icon: c.Icon, Description: c.Description,
			TitleEN: c.TitleEN, DescriptionEN: c.DescriptionEN, Target: c.Target, Staged: c.Target == 0, Completions: done[c.Key]})
	}
	top := make([]topChallengeJSON, 0, topChallenges)
	for _, c := range counts {
		ch := byKey[c.Key]
		if ch == nil || len(top) == topChallenges {
			continue
		}
		top = append(top, topChallengeJSON{Key: c.Key, Title: ch.Title(), Icon: ch.Icon, Completions: c.Completions})
	}
	writeJSON(w, http.StatusOK, map[string]any{"challenges": out, "top": top})
	return nil
}

type challengeEdit struct {
	Key           string `json:"key"`
	Title         string `json:"title"`
	Icon          string `json:"icon"`
	Description   string `json:"description"`
	TitleEN       string `json:"title_en"`
	DescriptionEN string `json:"description_en"`
	Target        *int   `json:"target"`
}

type putChallengesRequest struct {
	Challenges []challengeEdit `json:"challenges"`
}

func (q *putChallengesRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	if len(q.Challenges) > maxChallengeUpdates {
		p["challenges"] = salescoach.MsgTooManyChallenges.With("max", maxChallengeUpdates)
		return p
	}
	for i := range q.Challenges {
		c := &q.Challenges[i]
		c.Title = strings.TrimSpace(c.Title)
		c.Description = strings.TrimSpace(c.Description)
		c.TitleEN = strings.TrimSpace(c.TitleEN)
		c.DescriptionEN = strings.TrimSpace(c.DescriptionEN)
		field := func(name string) string { return fmt.Sprintf("challenges.%d.%s", i, name) }
		if c.Key == "" || len(c.Key) > 64 {
			p[field("key")] = salescoach.MsgChallengeNotFound
		}
		switch n := utf8.RuneCountInString(c.Title); {
		case n == 0:
			p[field("title")] = salescoach.MsgNameEmpty
		case n > maxChallengeNameRunes:
			p[field("title")] = salescoach.MsgChallengeName.With("max", maxChallengeNameRunes)
		}
		if !iconKey.MatchString(c.Icon) {
			p[field("icon")] = salescoach.MsgChallengeIcon
		}
		if utf8.RuneCountInString(c.Description) > maxChallengeDescRunes {
			p[field("description")] = salescoach.MsgChallengeDesc.With("max", maxChallengeDescRunes)
		}
		// The English texts are optional ("" shows the German ones).
		if utf8.RuneCountInString(c.TitleEN) > maxChallengeNameRunes {
			p[field("title_en")] = salescoach.MsgChallengeName.With("max", maxChallengeNameRunes)
		}
		if utf8.RuneCountInString(c.DescriptionEN) > maxChallengeDescRunes {
			p[field("description_en")] = salescoach.MsgChallengeDesc.With("max", maxChallengeDescRunes)
		}
		if c.Target == nil || *c.Target < 0 || *c.Target > maxChallengeTarget {
			p[field("target")] = salescoach.MsgChallengeTarget.With("max", maxChallengeTarget)
		}
	}
	return p
}

// handleAdminPutChallenges edits any of the challenges in one step: title,
// icon, description and target (0 makes a challenge staged). The stored
// name is "icon – Title", as the catalogue keeps it.
func (s *Server) handleAdminPutChallenges(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	req, err := decode[*putChallengesRequest](w, r, 0)
	if err != nil {
		return err
	}
	updates := make([]salescoach.ChallengeUpdate, 0, len(req.Challenges))
	for _, c := range req.Challenges {
		updates = append(updates, salescoach.ChallengeUpdate{Key: c.Key, Name: c.Icon + " – " + c.Title, Icon: c.Icon,
			Description: c.Description, TitleEN: c.TitleEN, DescriptionEN: c.DescriptionEN, Target: *c.Target})
	}
	if len(updates) > 0 {
		err := s.CatalogAdmin.UpdateChallenges(r.Context(), updates)
		if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
			return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgChallengeNotFound)
		} else if err != nil {
			return err
		}
	}
	return s.writeAdminChallenges(w, r)
}

type tonePresetJSON struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	NameEN      string `json:"name_en"`
	Description string `json:"description"`
	SortOrder   int    `json:"sort_order"`
	Users       int    `json:"users"`
}

func toTonePreset(p *salescoach.TonePreset, users int) tonePresetJSON {
	return tonePresetJSON{ID: p.ID, Name: p.Name, NameEN: p.NameEN, Description: p.Description, SortOrder: p.SortOrder,
		Users: users}
}

func (s *Server) handleAdminTonePresets(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	list, err := s.Catalog.TonePresets(r.Context())
	if err != nil {
		return err
	}
	users, err := s.CatalogAdmin.TonePresetUsers(r.Context())
	if err != nil {
		return err
	}
	out := make([]tonePresetJSON, 0, len(list))
	for _, p := range list {
		out = append(out, toTonePreset(p, users[p.ID]))
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// tonePresetRequest creates (both fields) or edits (either field) a preset.
type tonePresetRequest struct {
	Name        *string `json:"name"`
	NameEN      *string `json:"name_en"`
	Description *string `json:"description"`
}

func (q *tonePresetRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	if q.Name != nil {
		v := strings.TrimSpace(*q.Name)
		q.Name = &v
		switch n := utf8.RuneCountInString(v); {
		case n == 0:
			p["name"] = salescoach.MsgNameEmpty
		case n > maxPresetNameRunes:
			p["name"] = salescoach.MsgPresetName.With("max", maxPresetNameRunes)
		}
	}
	if q.NameEN != nil {
		v := strings.TrimSpace(*q.NameEN)
		q.NameEN = &v
		if utf8.RuneCountInString(v) > maxPresetNameRunes {
			p["name_en"] = salescoach.MsgPresetName.With("max", maxPresetNameRunes)
		}
	}
	if q.Description != nil {
		v := strings.TrimSpace(*q.Description)
		q.Description = &v
		if utf8.RuneCountInString(v) > maxPresetDescRunes {
			p["description"] = salescoach.MsgPresetDesc.With("max", maxPresetDescRunes)
		}
	}
	return p
}

// presetID reports whether id may name a preset: the seeded ones have
// slugs (freundlich), new ones UUIDs.
func presetID(id string) bool { return id != "" && len(id) <= 64 }

// presetError gives the store's conflicts and misses the contract's texts.
func presetError(err error) error {
	switch salescoach.ErrorCode(err) {
	case salescoach.ECONFLICT:
		return &salescoach.Error{Code: salescoach.ECONFLICT, Msg: salescoach.MsgPresetTaken, Fields: map[string]salescoach.Msg{"name": salescoach.MsgPresetTaken}}
	case salescoach.ENOTFOUND:
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgPresetNotFound)
	}
	return err
}

func (s *Server) handleAdminCreateTonePreset(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	req, err := decode[*tonePresetRequest](w, r, 0)
	if err != nil {
		return err
	}
	if req.Name == nil {
		return salescoach.FieldError("name", salescoach.MsgNameEmpty)
	}
	in := salescoach.TonePresetInput{Name: *req.Name}
	if req.NameEN != nil {
		in.NameEN = *req.NameEN
	}
	if req.Description != nil {
		in.Description = *req.Description
	}
	p, err := s.CatalogAdmin.CreateTonePreset(r.Context(), in)
	if err != nil {
		return presetError(err)
	}
	writeJSON(w, http.StatusCreated, toTonePreset(p, 0))
	return nil
}

// handleAdminPatchTonePreset renames a preset or replaces its description;
// a field left out keeps its value.
func (s *Server) handleAdminPatchTonePreset(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	id := r.PathValue("id")
	if !presetID(id) {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgPresetNotFound)
	}
	req, err := decode[*tonePresetRequest](w, r, 0)
	if err != nil {
		return err
	}
	ctx := r.Context()
	list, err := s.Catalog.TonePresets(ctx)
	if err != nil {
		return err
	}
	var cur *salescoach.TonePreset
	for _, p := range list {
		if p.ID == id {
			cur = p
		}
	}
	if cur == nil {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgPresetNotFound)
	}
	in := salescoach.TonePresetInput{Name: cur.Name, NameEN: cur.NameEN, Description: cur.Description}
	if req.Name != nil {
		in.Name = *req.Name
	}
	if req.NameEN != nil {
		in.NameEN = *req.NameEN
	}
	if req.Description != nil {
		in.Description = *req.Description
	}
	p, err := s.CatalogAdmin.UpdateTonePreset(ctx, cur.ID, in)
	if err != nil {
		return presetError(err)
	}
	users, err := s.CatalogAdmin.TonePresetUsers(ctx)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toTonePreset(p, users[p.ID]))
	return nil
}

// handleAdminDeleteTonePreset removes a preset; its users fall back to the
// neutral customer.
func (s *Server) handleAdminDeleteTonePreset(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	id := r.PathValue("id")
	if !presetID(id) {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgPresetNotFound)
	}
	if err := s.CatalogAdmin.DeleteTonePreset(r.Context(), id); err != nil {
		return presetError(err)
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
