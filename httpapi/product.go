package httpapi

import (
	"net/http"
	"strings"

	"salescoach"
)

type productSummaryRequest struct {
	URL string `json:"url"`
}

func (q *productSummaryRequest) Valid() salescoach.Problems {
	q.URL = strings.TrimSpace(q.URL)
	if q.URL == "" {
		return salescoach.Problems{"url": salescoach.MsgURLEmpty}
	}
	if len(q.URL) > 2048 {
		return salescoach.Problems{"url": salescoach.MsgURLInvalid}
	}
	return nil
}

// handleProductSummary fetches the user's product website through the
// SSRF-safe client and lets the engine summarise its readable text.
func (s *Server) handleProductSummary(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.summary, u.ID); err != nil {
		return err
	}
	req, err := decode[*productSummaryRequest](w, r, 0)
	if err != nil {
		return err
	}
	page, err := s.Fetcher.Fetch(r.Context(), req.URL)
	if err != nil {
		return err
	}
	text := strings.TrimSpace(page.Title + "\n\n" + page.Text)
	summary, err := s.Training.Summarize(r.Context(), u, text)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"summary": summary})
	return nil
}
