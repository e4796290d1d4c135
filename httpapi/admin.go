package httpapi

import (
	"net/http"
	"time"

	"salescoach"
)

// activeWindow is how recent a session must be to count as active.
const activeWindow = 15 * time.Minute

// handleAdminOverview answers the counters of the admin dashboard that exist
// so far; open feedback and chats today join them with their features.
func (s *Server) handleAdminOverview(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	users, err := s.Users.CountUsers(r.Context())
	if err != nil {
		return err
	}
	active, err := s.Sessions.CountActiveSessions(r.Context(), s.now().Add(-activeWindow))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]int{"users": users, "activeSessions": active})
	return nil
}
