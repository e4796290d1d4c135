package httpapi

import (
	"cmp"
	"io"
	"net/http"
	"time"
)

// How long a request body may take. The server has no ReadTimeout: one
// limit for every request would be either too short for a 2 MB avatar on a
// slow line or so long that a client that announces a body and then stalls
// holds its connection for minutes. Instead each request with a body gets
// its own read deadline while, and only while, its body arrives:
//
//   - the body must keep coming: a pause longer than Config.BodyIdleTimeout
//     (defaultBodyIdleTimeout) ends the request and the connection;
//   - and it must come at minBodyRate overall, after bodyGrace: sized by its
//     Content-Length (the largest body a route accepts when unknown), so the
//     2 MB avatar has 10 s + 256 s on a 64 kbit/s line, a sign-in 10 s.
//
// Once the body has been read to its end the deadline is lifted (net/http
// lifts it too when it starts watching the connection for the client going
// away), so a long answer, such as a streamed chat reply, is never cut. A
// body a handler leaves unread stays under the deadline, which bounds what
// the server discards after the answer.
const (
	defaultBodyIdleTimeout = 15 * time.Second
	bodyGrace              = 10 * time.Second
	minBodyRate            = 8 << 10 // bytes per second
	// maxRequestBody is the largest body any route reads (an avatar).
	maxRequestBody = maxAvatarBody
)

// bodyDeadline puts a request's body under the read deadlines described
// above. Requests without a body are passed on untouched.
func (s *Server) bodyDeadline(next http.Handler) http.Handler {
	idle := cmp.Or(s.cfg.BodyIdleTimeout, defaultBodyIdleTimeout)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		size := r.ContentLength
		if size < 0 || size > maxRequestBody {
			size = maxRequestBody
		}
		b := &deadlineBody{body: r.Body, rc: http.NewResponseController(w), idle: idle,
			end: time.Now().Add(bodyGrace + time.Duration(size)*time.Second/minBodyRate)}
		if err := b.arm(); err != nil {
			// A writer without deadlines (not a network connection).
			next.ServeHTTP(w, r)
			return
		}
		r.Body = b
		next.ServeHTTP(w, r)
	})
}

// deadlineBody renews the connection's read deadline before each read of the
// body and lifts it when the body has ended.
type deadlineBody struct {
	body io.ReadCloser
	rc   *http.ResponseController
	idle time.Duration
	end  time.Time
	done bool
}

// arm sets the read deadline to the next idle limit, or to the end when that
// comes first.
func (b *deadlineBody) arm() error {
	d := time.Now().Add(b.idle)
	if b.end.Before(d) {
		d = b.end
	}
	return b.rc.SetReadDeadline(d)
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	if b.done {
		return b.body.Read(p)
	}
	_ = b.arm()
	n, err := b.body.Read(p)
	if err == io.EOF {
		// From here on the connection is only watched for the client going
		// away, which must not time out during a long answer.
		b.done = true
		_ = b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}

func (b *deadlineBody) Close() error { return b.body.Close() }
