package httpapi

import (
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"salescoach"
)

// meUser is the user row as the app reads it.
type meUser struct {
	ID              string     `json:"id"`
	Email           string     `json:"email"`
	DisplayName     string     `json:"display_name"`
	AvatarURL       string     `json:"avatar_url"`
	Role            string     `json:"role"`
	Formality       string     `json:"formality"`
	Language        string     `json:"language"`
	TonePresetID    *string    `json:"tone_preset_id"`
	Level           int        `json:"level"`
	XP              int        `json:"xp"`
	Status          string     `json:"status"`
	Company         string     `json:"company"`
	IsAnonymous     bool       `json:"is_anonymous"`
	TermsAcceptedAt *time.Time `json:"terms_accepted_at"`
	TermsVersion    int        `json:"terms_version"`
	// IsAdmin is what GET /api/auth/is-admin answers; the app picks its
	// route set from it on a reload without a second request.
	IsAdmin bool `json:"is_admin"`
}

type profileJSON struct {
	UserID                string `json:"user_id"`
	ProductDescription    string `json:"product_description"`
	HasSeenIntro          bool   `json:"has_seen_intro"`
	Streak                int    `json:"streak"`
	Progress              int    `json:"progress"`
	ObjectionsSolvedCount int    `json:"objections_solved_count"`
	MessagesSentCount     int    `json:"messages_sent_count"`
	LeaderboardVisible    bool   `json:"leaderboard_visible"`
}

type levelJSON struct {
	Level          int `json:"level"`
	XP             int `json:"xp"`
	Progress       int `json:"progress"`
	XPForNext      int `json:"xpForNext"`
	XPForNextLevel int `json:"xp_for_next_level"`
	XPInLevel      int `json:"xpInLevel"`
}

func (s *Server) toMeUser(u *salescoach.User) meUser {
	return meUser{ID: u.ID, Email: u.Email, DisplayName: u.DisplayName,
		AvatarURL: s.avatarURL(u.AvatarURL, u.AvatarUpdatedAt, u.UpdatedAt), Role: u.Role,
		Formality: u.Formality, Language: u.Language, TonePresetID: u.TonePresetID, Level: u.Level, XP: u.XP,
		Status: u.Status, Company: u.Company, IsAnonymous: u.IsAnonymous, TermsAcceptedAt: u.TermsAcceptedAt,
		TermsVersion: u.TermsVersion, IsAdmin: u.IsAdmin}
}

func (s *Server) handleMe(w http.ResponseWriter, r *http.Request, u *salescoach.User, p *salescoach.Profile) error {
	s.writeMe(w, u, p)
	return nil
}

// writeMe answers the user, the profile and the level: GET /api/me, and
// PATCH /api/me after an update.
func (s *Server) writeMe(w http.ResponseWriter, u *salescoach.User, p *salescoach.Profile) {
	lv := salescoach.LevelFor(u.XP)
	writeJSON(w, http.StatusOK, map[string]any{
		"user": s.toMeUser(u),
		"profile": profileJSON{UserID: p.UserID, ProductDescription: p.ProductDescription, HasSeenIntro: p.HasSeenIntro,
			Streak: p.Streak, Progress: salescoach.ClampPercent(p.Progress), ObjectionsSolvedCount: p.ObjectionsSolvedCount,
			MessagesSentCount: p.MessagesSentCount, LeaderboardVisible: p.LeaderboardVisible},
		"level": levelJSON{Level: lv.Level, XP: lv.XP, Progress: lv.Progress, XPForNext: lv.XPForNext,
			XPForNextLevel: lv.XPForNext, XPInLevel: lv.XPInLevel},
	})
}

type termsRequest struct {
	UserAgent string `json:"userAgent"`
}

func (q *termsRequest) Valid() salescoach.Problems { return nil }

func (s *Server) handleAcceptTerms(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*termsRequest](w, r, 0)
	if err != nil {
		return err
	}
	ua := req.UserAgent
	if ua == "" {
		ua = r.UserAgent()
	}
	u, err = s.Users.AcceptTerms(r.Context(), u.ID, salescoach.TermsVersionCurrent, truncate(ua, 512), s.now())
	if err != nil {
		return err
	}
	s.changed(r, u.ID, salescoach.ChangeUser, salescoach.OpUpdate, u.ID)
	writeJSON(w, http.StatusOK, map[string]any{"terms_accepted_at": u.TermsAcceptedAt, "terms_version": u.TermsVersion})
	return nil
}

func (s *Server) handleStreak(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	p, first, err := s.Users.TouchStreak(r.Context(), u.ID, s.now())
	if err != nil {
		return err
	}
	if first {
		if _, _, err := s.Progress.AddProgress(r.Context(), u.ID, salescoach.ProgressDelta{XP: salescoach.XPDailyFirst}); err != nil {
			return err
		}
		s.changed(r, u.ID, salescoach.ChangeUser, salescoach.OpUpdate, u.ID)
		s.changed(r, u.ID, salescoach.ChangeProfile, salescoach.OpUpdate, u.ID)
	}
	writeJSON(w, http.StatusOK, map[string]any{"streak": p.Streak, "first": first})
	return nil
}

type consentRequest struct {
	ConsentType  string `json:"consentType"`
	TermsVersion int    `json:"termsVersion"`
	UserAgent    string `json:"userAgent"`
}

func (q *consentRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	if q.ConsentType != "terms" {
		p["consentType"] = salescoach.MsgUnknownConsent
	}
	if q.TermsVersion != 1 && q.TermsVersion != salescoach.TermsVersionCurrent {
		p["termsVersion"] = salescoach.MsgUnknownTerms
	}
	if utf8.RuneCountInString(q.UserAgent) > 512 {
		q.UserAgent = truncate(q.UserAgent, 512)
	}
	return p
}

func (s *Server) handleConsent(w http.ResponseWriter, r *http.Request) error {
	if err := s.rateLimit(s.limits.track, "consent:"+s.ip.of(r)); err != nil {
		return err
	}
	req, err := decode[*consentRequest](w, r, 0)
	if err != nil {
		return err
	}
	rec := &salescoach.ConsentRecord{ConsentType: req.ConsentType, TermsVersion: req.TermsVersion,
		UserAgent: req.UserAgent, CreatedAt: s.now()}
	if c := callerFrom(r.Context()); c != nil {
		rec.UserID = &c.UserID
	}
	if err := s.Consents.RecordConsent(r.Context(), rec); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type trackRequest struct {
	Path   string `json:"path"`
	Source string `json:"source"`
}

func (q *trackRequest) Valid() salescoach.Problems {
	if !strings.HasPrefix(q.Path, "/") || len(q.Path) > 512 {
		return salescoach.Problems{"path": salescoach.MsgBadPath}
	}
	if !slices.Contains(salescoach.PageViewSources, q.Source) {
		q.Source = "other"
	}
	return nil
}

func (s *Server) handleTrack(w http.ResponseWriter, r *http.Request) error {
	if err := s.rateLimit(s.limits.track, s.ip.of(r)); err != nil {
		return err
	}
	req, err := decode[*trackRequest](w, r, 0)
	if err != nil {
		return err
	}
	v := &salescoach.PageView{Path: req.Path, Source: req.Source, CreatedAt: s.now()}
	if c := callerFrom(r.Context()); c != nil {
		v.UserID = &c.UserID
	}
	if err := s.PageViews.RecordPageView(r.Context(), v); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) handleTonePresets(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	presets, err := s.Catalog.TonePresets(r.Context())
	if err != nil {
		return err
	}
	out := make([]map[string]any, 0, len(presets))
	for _, p := range presets {
		out = append(out, map[string]any{"id": p.ID, "name": p.Name, "name_en": p.NameEN, "description": p.Description})
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}
