package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"salescoach"
)

// heartbeat keeps idle streams alive through proxies (the specification's
// 25 s).
const heartbeat = 25 * time.Second

// handleRealtime streams the caller's own changes as server-sent events:
// "ready" once subscribed, "change" per change, a comment as heartbeat. The
// stream ends when the access token expires, so a revoked session stops
// receiving; the client reconnects with its refreshed token. It also ends
// right after a user change that disabled the account or ended the session
// (sign-out, password reset, reuse detection announce one), and with a
// "superseded" event when the user opened more streams than this process
// allows (realtime.DefaultMaxPerUser): the oldest gives way, and its client
// should not reconnect until it is used again.
func (s *Server) handleRealtime(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	c := callerFrom(r.Context())
	sub := s.Hub.Subscribe(u.ID)
	defer sub.Close()

	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	send := func(event string, data any) error {
		b, _ := json.Marshal(data)
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b); err != nil {
			return err
		}
		return rc.Flush()
	}
	if err := send("ready", map[string]int{"retry": 1000}); err != nil {
		return nil
	}
	beat := time.NewTicker(heartbeat)
	defer beat.Stop()
	expiry := time.NewTimer(max(c.ExpiresAt.Sub(s.now()), time.Second))
	defer expiry.Stop()
	for {
		select {
		case <-r.Context().Done():
			return nil
		case <-expiry.C:
			_ = send("expired", map[string]string{})
			return nil
		case <-sub.Superseded():
			s.log.InfoContext(r.Context(), "realtime: stream limit reached; the oldest stream was closed", "user_id", u.ID)
			_ = send("superseded", map[string]string{})
			return nil
		case <-beat.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return nil
			}
			if err := rc.Flush(); err != nil {
				return nil
			}
		case ch := <-sub.C:
			if err := send("change", map[string]string{"type": ch.Type, "op": ch.Op, "id": ch.ID}); err != nil {
				return nil
			}
			// A change of the account may be that an admin disabled it, it
			// is gone or this session ended: then the stream ends, after the
			// change that lets the tabs find out.
			if (ch.Type == salescoach.ChangeUser || ch.Type == salescoach.ChangeResync) && !s.stillActive(r, c) {
				return nil
			}
		}
	}
}

// stillActive reports whether the caller's user still exists, is not
// disabled and the session is live (one query). A failed lookup keeps the
// stream: it ends with the token at the latest.
func (s *Server) stillActive(r *http.Request, c *caller) bool {
	u, live, err := s.Sessions.SessionUser(r.Context(), c.UserID, c.SessionID)
	switch salescoach.ErrorCode(err) {
	case "":
		return live && u.Status != salescoach.UserStatusDisabled
	case salescoach.ENOTFOUND:
		return false
	}
	s.log.WarnContext(r.Context(), "realtime: user lookup failed", "user_id", c.UserID, "err", err)
	return true
}

// changed announces a change of the user's data to their open tabs.
func (s *Server) changed(r *http.Request, userID, typ, op, id string) {
	if s.Hub != nil {
		s.Hub.Publish(r.Context(), salescoach.Change{UserID: userID, Type: typ, Op: op, ID: id})
	}
}
