package httpapi

import (
	"context"
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
// should not reconnect until it is used again. When the process is about to
// stop (Drain), every stream gets a "reconnect" event and ends, so that its
// client reconnects through the load balancer to another process; new
// streams are refused with 503 meanwhile.
func (s *Server) handleRealtime(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if s.isDraining() {
		return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgNotReady)
	}
	c := callerFrom(r.Context())
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	if r.ProtoMajor == 1 {
		// The stream's connection is taken over and closed at its end, so
		// the client must not reuse it for another request.
		h.Set("Connection", "close")
	}
	w.WriteHeader(http.StatusOK)
	// On HTTP/1.x the stream leaves this goroutine (sse.go).
	if s.takeOver(w, r, rc, u, c) {
		return nil
	}
	sub := s.Hub.Subscribe(u.ID)
	defer sub.Close()
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
	beat := time.NewTicker(s.streams.heartbeat)
	defer beat.Stop()
	expiry := time.NewTimer(max(c.ExpiresAt.Sub(s.now()), time.Second))
	defer expiry.Stop()
	for {
		select {
		case <-r.Context().Done():
			return nil
		case <-s.draining:
			// retry: asks a plain EventSource for a short pause too; the
			// app's client reconnects after any end of the stream.
			if _, err := fmt.Fprint(w, "retry: 1000\n"); err == nil {
				_ = send("reconnect", map[string]string{})
			}
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
			if (ch.Type == salescoach.ChangeUser || ch.Type == salescoach.ChangeResync) && !s.stillActive(r.Context(), c.UserID, c.SessionID) {
				return nil
			}
		}
	}
}

// stillActive reports whether the user still exists, is not disabled and
// the session is live (one query). A failed lookup keeps the stream: it
// ends with the token at the latest.
func (s *Server) stillActive(ctx context.Context, userID, sessionID string) bool {
	u, live, err := s.Sessions.SessionUser(ctx, userID, sessionID)
	switch salescoach.ErrorCode(err) {
	case "":
		return live && u.Status != salescoach.UserStatusDisabled
	case salescoach.ENOTFOUND:
		return false
	}
	s.log.WarnContext(ctx, "realtime: user lookup failed", "user_id", userID, "err", err)
	return true
}

// changed announces a change of the user's data to their open tabs.
func (s *Server) changed(r *http.Request, userID, typ, op, id string) {
	if s.Hub != nil {
		s.Hub.Publish(r.Context(), salescoach.Change{UserID: userID, Type: typ, Op: op, ID: id})
	}
}

// Drain prepares the process for stopping: /readyz answers 503 from now on,
// so that the load balancer sends new requests elsewhere, and every open
// live-update stream is told to reconnect and ends. Requests in flight,
// streamed chat replies among them, are left to finish; http.Server.Shutdown
// waits for them. Drain may be called more than once.
func (s *Server) Drain() {
	s.drainOnce.Do(func() { close(s.draining) })
}

// isDraining reports whether Drain was called.
func (s *Server) isDraining() bool {
	select {
	case <-s.draining:
		return true
	default:
		return false
	}
}
