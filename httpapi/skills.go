package httpapi

import (
	"net/http"

	"salescoach"
)

// handleProgress answers the caller's skill analytics ('Mein Fortschritt')
// over ?range=7|30|90 days (30 when absent). Guests get theirs like anyone:
// the report is only ever the caller's own (the store filters by the
// signed-in user's id; no id is taken from the request).
func (s *Server) handleProgress(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	q := r.URL.Query()
	days, err := rangeDays(q.Get("range"), salescoach.DefaultProgressRange)
	if err != nil || len(q["range"]) > 1 {
		return salescoach.FieldError("range", salescoach.MsgBadPeriod)
	}
	rep, err := s.Skills.Progress(r.Context(), u.ID, days, s.now())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, rep)
	return nil
}
