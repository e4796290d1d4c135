package httpapi

import (
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"salescoach"
	"salescoach/coach"
)

// Promo code limits.
const (
	maxPromoDescRunes = 500
)

var promoCodePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{3,32}$`)

// engineDetails is what engines talking to a model server tell about it
// (coach/openai); the built-in trainer has none.
type engineDetails interface {
	Model() string
	BaseURL() string
}

type planSettingJSON struct {
	Plan   string `json:"plan"`
	PlanID string `json:"planId"`
	Quota  int    `json:"quota"`
}

// handleAdminSettings answers the model provider and the plans; never a
// secret.
func (s *Server) handleAdminSettings(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	engine := map[string]string{"name": s.Training.Engine.Name(), "model": "", "baseUrl": ""}
	if d, ok := s.Training.Engine.(engineDetails); ok {
		engine["model"], engine["baseUrl"] = d.Model(), d.BaseURL()
	}
	p := s.plans()
	passMark, err := s.examPassMark(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"examPassMark": passMark,
		"engine":       engine,
		"plans": []planSettingJSON{
			{Plan: salescoach.PlanFree, Quota: salescoach.PlanQuota(salescoach.PlanFree)},
			{Plan: salescoach.PlanPlus, PlanID: p.Plus, Quota: salescoach.PlanQuota(salescoach.PlanPlus)},
			{Plan: salescoach.PlanElite, PlanID: p.Elite, Quota: salescoach.PlanQuota(salescoach.PlanElite)},
			// the promo plan is Elite at a promotional price, configured or not
			{Plan: salescoach.PlanPromo, PlanID: p.Promo, Quota: salescoach.PlanQuota(salescoach.PlanElite)},
		},
		// Payments need PayPal's client id and secret and the plan ids of
		// both paid plans: what the profile's buttons need too.
		"paypalConfigured": s.Billing.Configured(),
	})
	return nil
}

// examPassMark is the exams' pass mark in force.
func (s *Server) examPassMark(r *http.Request) (int, error) {
	if s.Settings == nil {
		return salescoach.DefaultExamPassMark, nil
	}
	return s.Settings.ExamPassMark(r.Context())
}

// settingsUpdate is PATCH /api/admin/settings: the settings to change.
type settingsUpdate struct {
	ExamPassMark *int `json:"examPassMark"`
}

func (q *settingsUpdate) Valid() salescoach.Problems {
	if q.ExamPassMark != nil && !salescoach.ValidExamPassMark(*q.ExamPassMark) {
		return salescoach.Problems{"examPassMark": salescoach.MsgExamPassMark.
			With("min", salescoach.MinExamPassMark).With("max", salescoach.MaxExamPassMark)}
	}
	return nil
}

// handleAdminUpdateSettings changes the settings the request names and
// answers them all as GET does.
func (s *Server) handleAdminUpdateSettings(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*settingsUpdate](w, r, 0)
	if err != nil {
		return err
	}
	if req.ExamPassMark != nil {
		if s.Settings == nil {
			return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgNotReady)
		}
		if err := s.Settings.SetExamPassMark(r.Context(), *req.ExamPassMark, s.now()); err != nil {
			return err
		}
	}
	return s.handleAdminSettings(w, r, u)
}

// handleAdminEngineCheck asks the model server whether it answers and takes
// the key. The built-in trainer needs no server and always passes. A failed
// check is a normal answer with ok false and the reason.
func (s *Server) handleAdminEngineCheck(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.engineCheck, u.ID); err != nil {
		return err
	}
	start := time.Now()
	var err error
	if c, ok := s.Training.Engine.(coach.Checker); ok {
		err = c.Check(r.Context())
	}
	out := map[string]any{"ok": err == nil, "latencyMs": time.Since(start).Milliseconds()}
	if err != nil {
		out["error"] = salescoach.ErrorMessage(err)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type promoCodeJSON struct {
	ID             string     `json:"id"`
	Code           string     `json:"code"`
	Plan           string     `json:"plan"`
	Description    string     `json:"description"`
	Active         bool       `json:"active"`
	MaxRedemptions *int       `json:"max_redemptions"`
	Redemptions    int        `json:"redemptions"`
	ValidUntil     *time.Time `json:"valid_until"`
	CreatedAt      time.Time  `json:"created_at"`
}

func toPromoCode(c *salescoach.PromoCode) promoCodeJSON {
	return promoCodeJSON{ID: c.ID, Code: c.Code, Plan: c.Plan, Description: c.Description, Active: c.Active,
		MaxRedemptions: c.MaxRedemptions, Redemptions: c.Redemptions, ValidUntil: c.ValidUntil, CreatedAt: c.CreatedAt}
}

func (s *Server) handleAdminPromoCodes(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	list, err := s.Promos.PromoCodes(r.Context())
	if err != nil {
		return err
	}
	out := make([]promoCodeJSON, 0, len(list))
	for _, c := range list {
		out = append(out, toPromoCode(c))
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type createPromoRequest struct {
	Code           string     `json:"code"`
	Plan           string     `json:"plan"`
	Description    string     `json:"description"`
	MaxRedemptions *int       `json:"max_redemptions"`
	ValidUntil     *string    `json:"valid_until"`
	validUntil     *time.Time // ValidUntil parsed
}

// parseDate reads a date (RFC 3339) into *dst, adding field's problem when
// it is none; nil leaves *dst alone.
func parseDate(field string, v *string, dst **time.Time, p salescoach.Problems) {
	if v == nil {
		return
	}
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(*v))
	if err != nil {
		p[field] = salescoach.MsgBadDate
		return
	}
	*dst = &t
}

func (q *createPromoRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	q.Code = strings.TrimSpace(q.Code)
	q.Description = strings.TrimSpace(q.Description)
	if !promoCodePattern.MatchString(q.Code) {
		p["code"] = salescoach.MsgPromoCodeFormat
	}
	if !slices.Contains(salescoach.PromoPlans, q.Plan) {
		p["plan"] = salescoach.MsgPromoPlan
	}
	if utf8.RuneCountInString(q.Description) > maxPromoDescRunes {
		p["description"] = salescoach.MsgPromoDescription.With("max", maxPromoDescRunes)
	}
	if q.MaxRedemptions != nil && *q.MaxRedemptions < 1 {
		p["max_redemptions"] = salescoach.MsgPromoMax
	}
	parseDate("valid_until", q.ValidUntil, &q.validUntil, p)
	return p
}

// promoError gives the store's conflicts and misses the contract's texts.
func promoError(err error) error {
	switch salescoach.ErrorCode(err) {
	case salescoach.ECONFLICT:
		return &salescoach.Error{Code: salescoach.ECONFLICT, Msg: salescoach.MsgPromoTaken, Fields: map[string]salescoach.Msg{"code": salescoach.MsgPromoTaken}}
	case salescoach.ENOTFOUND:
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgPromoNotFound)
	}
	return err
}

func (s *Server) handleAdminCreatePromoCode(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	req, err := decode[*createPromoRequest](w, r, 0)
	if err != nil {
		return err
	}
	if req.validUntil != nil && !req.validUntil.After(s.now()) {
		return salescoach.FieldError("valid_until", salescoach.MsgPromoValidUntil)
	}
	c := &salescoach.PromoCode{Code: req.Code, Plan: req.Plan, Description: req.Description,
		MaxRedemptions: req.MaxRedemptions, ValidUntil: req.validUntil, CreatedAt: s.now()}
	if err := s.Promos.CreatePromoCode(r.Context(), c); err != nil {
		return promoError(err)
	}
	writeJSON(w, http.StatusCreated, toPromoCode(c))
	return nil
}

// nullable is a PATCH field that may be absent (Set false), null (Set,
// Value nil) or a value.
type nullable[T any] struct {
	Set   bool
	Value *T
}

func (n *nullable[T]) UnmarshalJSON(b []byte) error {
	n.Set = true
	if string(b) == "null" {
		n.Value = nil
		return nil
	}
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	n.Value = &v
	return nil
}

type patchPromoRequest struct {
	Active         *bool            `json:"active"`
	Description    *string          `json:"description"`
	MaxRedemptions nullable[int]    `json:"max_redemptions"`
	ValidUntil     nullable[string] `json:"valid_until"`
	validUntil     *time.Time       // ValidUntil parsed
}

func (q *patchPromoRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	if q.Description != nil {
		v := strings.TrimSpace(*q.Description)
		q.Description = &v
		if utf8.RuneCountInString(v) > maxPromoDescRunes {
			p["description"] = salescoach.MsgPromoDescription.With("max", maxPromoDescRunes)
		}
	}
	if v := q.MaxRedemptions.Value; v != nil && *v < 1 {
		p["max_redemptions"] = salescoach.MsgPromoMax
	}
	parseDate("valid_until", q.ValidUntil.Value, &q.validUntil, p)
	return p
}

// handleAdminPatchPromoCode activates or deactivates a code, replaces its
// description, and sets or clears (null) its limit and expiry.
func (s *Server) handleAdminPatchPromoCode(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	id := r.PathValue("id")
	if !salescoach.IsUUID(id) {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgPromoNotFound)
	}
	req, err := decode[*patchPromoRequest](w, r, 0)
	if err != nil {
		return err
	}
	if v := req.validUntil; v != nil && !v.After(s.now()) {
		return salescoach.FieldError("valid_until", salescoach.MsgPromoValidUntil)
	}
	upd := salescoach.PromoCodeUpdate{Description: req.Description, Active: req.Active,
		MaxRedemptions: req.MaxRedemptions.Value, ClearMax: req.MaxRedemptions.Set && req.MaxRedemptions.Value == nil,
		ValidUntil: req.validUntil, ClearValidUntil: req.ValidUntil.Set && req.ValidUntil.Value == nil}
	c, err := s.Promos.UpdatePromoCode(r.Context(), id, upd)
	if err != nil {
		return promoError(err)
	}
	writeJSON(w, http.StatusOK, toPromoCode(c))
	return nil
}
