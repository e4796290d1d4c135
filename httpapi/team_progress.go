package httpapi

import (
	"net/http"

	"salescoach"
)

// handleTeamProgress answers the team aggregates of the manager view over
// ?range=7|30|90 days (30 when absent): the caller's team's report in the
// shape of GET /api/me/progress, summed over its current members, with the
// team's evaluated exams and no recommendation. Owners and managers only
// (403 for a member, 404 without a team); the team is the caller's, never
// taken from the request.
func (s *Server) handleTeamProgress(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	days, err := teamRange(r)
	if err != nil {
		return err
	}
	rep, err := s.Teams.TeamProgress(r.Context(), u.ID, days, s.now())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, rep)
	return nil
}
