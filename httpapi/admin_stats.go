package httpapi

import (
	"cmp"
	"net/http"
	"slices"
	"time"

	"salescoach"
)

// Statistics periods.
const (
	// defaultUsageDays is the usage report's period without from and to.
	defaultUsageDays = 30
	// maxUsageDays bounds the usage report's period.
	maxUsageDays = 366
	// complianceDays is the window of the consent-audit tally.
	complianceDays = 30
)

var errBadPeriod = salescoach.NewError(salescoach.EINVALID, salescoach.MsgBadPeriod)

// parseDay reads a "YYYY-MM-DD" UTC day.
func parseDay(s string) (time.Time, bool) {
	t, err := time.Parse(time.DateOnly, s)
	return t, err == nil && t.Format(time.DateOnly) == s
}

// lastDays is the period of the last n UTC days, today included.
func (s *Server) lastDays(n int) (from, to string) {
	today := s.now().UTC()
	return salescoach.Day(today.AddDate(0, 0, -(n - 1))), salescoach.Day(today)
}

type tokenTotalsJSON struct {
	TokensIn  int64 `json:"tokensIn"`
	TokensOut int64 `json:"tokensOut"`
	Tokens    int64 `json:"tokens"`
	Calls     int   `json:"calls"`
	Users     int   `json:"users"`
	// Speech: seconds of recordings transcribed, characters spoken.
	STTSeconds float64 `json:"sttSeconds"`
	TTSChars   int64   `json:"ttsCharacters"`
}

// seconds turns milliseconds into seconds with one decimal.
func seconds(ms int64) float64 { return float64((ms+50)/100) / 10 }

type planTokensJSON struct {
	Plan string `json:"plan"`
	tokenTotalsJSON
}

type userTokensJSON struct {
	UserID      string  `json:"user_id"`
	Email       string  `json:"email"`
	DisplayName string  `json:"display_name"`
	Plan        string  `json:"plan"`
	TokensIn    int64   `json:"tokensIn"`
	TokensOut   int64   `json:"tokensOut"`
	Tokens      int64   `json:"tokens"`
	Calls       int     `json:"calls"`
	STTSeconds  float64 `json:"sttSeconds"`
	TTSChars    int64   `json:"ttsCharacters"`
}

// handleAdminUsage answers the model tokens of a period (from..to, UTC
// days, the last 30 by default): totals, by plan (free, plus, elite, by the
// users' current plans, most tokens first) and one page of the users with
// usage, most tokens first.
func (s *Server) handleAdminUsage(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	q := r.URL.Query()
	from, to := q.Get("from"), q.Get("to")
	switch {
	case from == "" && to == "":
		from, to = s.lastDays(defaultUsageDays)
	case to == "":
		_, to = s.lastDays(1)
	case from == "":
		t, ok := parseDay(to)
		if !ok {
			return errBadPeriod
		}
		from = salescoach.Day(t.AddDate(0, 0, -(defaultUsageDays - 1)))
	}
	f, ok1 := parseDay(from)
	t, ok2 := parseDay(to)
	if !ok1 || !ok2 || f.After(t) || t.Sub(f) >= maxUsageDays*24*time.Hour {
		return errBadPeriod
	}
	p, err := pageOf(r)
	if err != nil {
		return err
	}
	rep, err := s.Admin.UsageReport(r.Context(), salescoach.UsageFilter{From: from, To: to, Page: p})
	if salescoach.ErrorCode(err) == salescoach.EINVALID {
		return errBadPeriod
	} else if err != nil {
		return err
	}
	plans := s.plans()
	tiers := []string{salescoach.PlanFree, salescoach.PlanPlus, salescoach.PlanElite}
	byTier := map[string]*planTokensJSON{}
	sttMillis := map[string]int64{}
	for _, tier := range tiers {
		byTier[tier] = &planTokensJSON{Plan: tier}
	}
	for _, pt := range rep.ByPlan {
		b := byTier[plans.Tier(pt.PlanID)]
		b.TokensIn += pt.TokensIn
		b.TokensOut += pt.TokensOut
		b.Tokens += pt.TokensIn + pt.TokensOut
		b.Calls += pt.Calls
		b.Users += pt.Users
		sttMillis[plans.Tier(pt.PlanID)] += pt.STTMillis
		b.TTSChars += pt.TTSChars
	}
	for tier, ms := range sttMillis {
		byTier[tier].STTSeconds = seconds(ms)
	}
	byPlan := make([]planTokensJSON, 0, len(tiers))
	for _, tier := range tiers {
		byPlan = append(byPlan, *byTier[tier])
	}
	slices.SortStableFunc(byPlan, func(a, b planTokensJSON) int { return cmp.Compare(b.Tokens, a.Tokens) })
	users := make([]userTokensJSON, 0, len(rep.Users))
	for _, u := range rep.Users {
		users = append(users, userTokensJSON{UserID: u.UserID, Email: u.Email, DisplayName: u.DisplayName,
			Plan: plans.Tier(u.PlanID), TokensIn: u.TokensIn, TokensOut: u.TokensOut, Tokens: u.TokensIn + u.TokensOut, Calls: u.Calls,
			STTSeconds: seconds(u.STTMillis), TTSChars: u.TTSChars})
	}
	tt := rep.Totals
	writeJSON(w, http.StatusOK, map[string]any{
		"from": from, "to": to,
		"totals": tokenTotalsJSON{TokensIn: tt.TokensIn, TokensOut: tt.TokensOut, Tokens: tt.TokensIn + tt.TokensOut,
			Calls: tt.Calls, Users: tt.Users, STTSeconds: seconds(tt.STTMillis), TTSChars: tt.TTSChars},
		"byPlan": byPlan, "users": users, "total": rep.UserCount,
	})
	return nil
}

// rangeDays reads a period of 7, 30 or 90 days (def when absent).
func rangeDays(v string, def int) (int, error) {
	switch v {
	case "":
		return def, nil
	case "7":
		return 7, nil
	case "30":
		return 30, nil
	case "90":
		return 90, nil
	}
	return 0, errBadPeriod
}

// pageViewCounts counts the page views of the last n days.
func (s *Server) pageViewCounts(r *http.Request, days int) ([]salescoach.PageViewCount, error) {
	from, to := s.lastDays(days)
	return s.Admin.PageViewCounts(r.Context(), from, to)
}

// handleAdminAnalytics answers one visitor metric of the last 7, 30 or 90
// days; a visit is one tracked page view.
func (s *Server) handleAdminAnalytics(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	q := r.URL.Query()
	metric := q.Get("metric")
	if metric != "visitors" && metric != "visitorsBySource" && metric != "visitorsByPage" {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgUnknownMetric)
	}
	days, err := rangeDays(q.Get("range"), 7)
	if err != nil {
		return err
	}
	counts, err := s.pageViewCounts(r, days)
	if err != nil {
		return err
	}
	switch metric {
	case "visitors":
		n := 0
		for _, c := range counts {
			n += c.Views
		}
		writeJSON(w, http.StatusOK, map[string]int{"visitors": n})
	case "visitorsBySource":
		by := map[string]int{}
		for _, src := range salescoach.PageViewSources {
			by[src] = 0
		}
		for _, c := range counts {
			if _, ok := by[c.Source]; ok {
				by[c.Source] += c.Views
			} else {
				by["other"] += c.Views
			}
		}
		writeJSON(w, http.StatusOK, map[string]any{"visitorsBySource": by})
	default:
		by := map[string]int{"landing": 0, "login": 0, "app": 0}
		for _, c := range counts {
			switch c.Kind {
			case salescoach.PageLanding:
				by["landing"] += c.Views
			case salescoach.PageLogin:
				by["login"] += c.Views
			case salescoach.PageChat, salescoach.PageApp:
				by["app"] += c.Views
			}
		}
		writeJSON(w, http.StatusOK, map[string]any{"visitorsByPage": by})
	}
	return nil
}

// pageVisitSources are the platforms the page-visit cards can be filtered by.
var pageVisitSources = []string{"instagram", "youtube", "tiktok", "linkedin"}

// handleAdminPageVisits answers the visits of the landing page, the
// imprint, the sign-in page (registrierung) and the chat (chatbot) in the
// last 7, 30 or 90 days, of all visitors or of those from one platform.
func (s *Server) handleAdminPageVisits(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	q := r.URL.Query()
	src := q.Get("src")
	if src != "" && !slices.Contains(pageVisitSources, src) {
		return salescoach.FieldError("src", salescoach.MsgUnknownSource)
	}
	days, err := rangeDays(q.Get("days"), 7)
	if err != nil {
		return err
	}
	counts, err := s.pageViewCounts(r, days)
	if err != nil {
		return err
	}
	out := map[string]int{"landing": 0, "impressum": 0, "registrierung": 0, "chatbot": 0}
	for _, c := range counts {
		if src != "" && c.Source != src {
			continue
		}
		switch c.Kind {
		case salescoach.PageLanding:
			out["landing"] += c.Views
		case salescoach.PageImpressum:
			out["impressum"] += c.Views
		case salescoach.PageLogin:
			out["registrierung"] += c.Views
		case salescoach.PageChat:
			out["chatbot"] += c.Views
		}
	}
	writeJSON(w, http.StatusOK, []map[string]int{out})
	return nil
}

// handleAdminCompliance answers who accepted which terms, and the consent
// audit of the last 30 days (by version, and by type: terms and the waivers
// of the right of withdrawal recorded when paid plans started).
func (s *Server) handleAdminCompliance(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	c, err := s.Admin.Compliance(r.Context(), s.now().Add(-complianceDays*24*time.Hour))
	if err != nil {
		return err
	}
	orphans, err := s.Admin.OrphanedSubscriptions(r.Context(), orphanedListed)
	if err != nil {
		return err
	}
	listed := make([]orphanedSubscriptionJSON, 0, len(orphans))
	for _, o := range orphans {
		listed = append(listed, orphanedSubscriptionJSON{PayPalID: o.PayPalID, UserID: o.UserID, PlanID: o.PlanID,
			Plan: s.Billing.Tier(o.PlanID), Via: o.Via, Reason: o.Reason, Cancelled: o.CancelledAt != nil,
			CancelledAt: o.CancelledAt, Error: o.Error, RecordedAt: o.RecordedAt})
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"terms": map[string]int{"v1": c.TermsV1, "v2": c.TermsV2, "other": c.TermsOther, "without": c.WithoutTerms},
		"audit": map[string]int{"days": complianceDays, "total": c.AuditTotal, "v1": c.AuditV1, "v2": c.AuditV2,
			"terms": c.AuditTerms, "withdrawalWaiver": c.AuditWaiver},
		"orphanedSubscriptions": listed,
	})
	return nil
}

// orphanedListed is how many of the newest orphaned subscriptions the
// compliance screen lists.
const orphanedListed = 50

// orphanedSubscriptionJSON is a PayPal subscription approved for an account
// that no longer exists, as the compliance screen lists it.
type orphanedSubscriptionJSON struct {
	PayPalID    string     `json:"paypalId"`
	UserID      string     `json:"userId"`
	PlanID      string     `json:"planId"`
	Plan        string     `json:"plan"`
	Via         string     `json:"via"`
	Reason      string     `json:"reason"`
	Cancelled   bool       `json:"cancelled"`
	CancelledAt *time.Time `json:"cancelledAt"`
	Error       string     `json:"error"`
	RecordedAt  time.Time  `json:"recordedAt"`
}
