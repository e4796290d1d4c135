package httpapi

import (
	"cmp"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"salescoach"
	"salescoach/realtime"
)

// Live-update streams without a goroutine each.
//
// An idle stream used to cost about 47 KB: the connection's goroutine (its
// stack grown by the authentication's database call), net/http's
// background reader goroutine, the connection's read and write buffers,
// the response's chunk buffer, a 32-change channel, a ticker and a timer.
// A stream on HTTP/1.x is now taken over from net/http (hijacked) once its
// headers are out: what stays is the socket, a small struct and the hub's
// entry. One goroutine per server (sseStreams.run, only while streams are
// open) sends every stream its heartbeat, checks whether the client has
// gone and ends streams whose token has expired; a stream's bytes are
// written by a short-lived goroutine that exists only while it has
// something to write, under a write deadline, so a client that stops
// reading is dropped instead of holding anything. Streams that cannot be
// taken over (HTTP/2, writers without a connection) keep the loop of
// handleRealtime.

const (
	// defaultStreamWriteTimeout bounds one write to a stream: a client
	// that has stopped reading fills its socket's buffers, the write
	// blocks, and the stream is dropped after this long.
	defaultStreamWriteTimeout = 10 * time.Second
	// streamSweep is the most a stream outlives its token.
	streamSweep = time.Second
)

// sseStreams are the server's taken-over live-update streams.
type sseStreams struct {
	s            *Server
	heartbeat    time.Duration
	writeTimeout time.Duration

	mu      sync.Mutex
	set     map[*sseStream]struct{}
	running bool
	drained bool
}

func newSSEStreams(s *Server) *sseStreams {
	return &sseStreams{s: s, heartbeat: cmp.Or(s.cfg.StreamHeartbeat, heartbeat),
		writeTimeout: cmp.Or(s.cfg.StreamWriteTimeout, defaultStreamWriteTimeout), set: map[*sseStream]struct{}{}}
}

// sseStream is one taken-over stream. Its fields after mu are guarded by
// mu.
type sseStream struct {
	m       *sseStreams
	conn    net.Conn
	chunked bool // HTTP/1.1: every write is one chunk
	userID  string
	session string
	expires time.Time // on the real clock
	sub     *realtime.Subscription

	mu        sync.Mutex
	out       []byte // what waits to be written
	changes   int    // change events in out
	check     bool   // ask stillActive after writing out
	writing   bool   // a writer goroutine runs
	ending    bool   // write out, then end the stream
	done      bool   // ended: the connection is closed
	lastWrite time.Time
}

// takeOver hijacks the stream's connection after its headers and hands it
// to the server's stream set, subscribed and with the "ready" event on its
// way. It reports false, having changed nothing but sent the headers, when
// the connection cannot be taken over; the caller then serves the stream
// itself.
func (s *Server) takeOver(w http.ResponseWriter, r *http.Request, rc *http.ResponseController, u *salescoach.User, c *caller) bool {
	if r.ProtoMajor != 1 {
		return false
	}
	if err := rc.Flush(); err != nil {
		return false
	}
	conn, _, err := rc.Hijack()
	if err != nil {
		return false
	}
	m := s.streams
	st := &sseStream{m: m, conn: conn, chunked: r.ProtoAtLeast(1, 1), userID: u.ID, session: c.SessionID,
		expires: time.Now().Add(max(c.ExpiresAt.Sub(s.now()), time.Second)), lastWrite: time.Now()}
	st.out = appendEvent(nil, "ready", readyData)
	st.writing = true
	st.sub = s.Hub.SubscribeFunc(u.ID, st.deliver, st.superseded)
	m.add(st)
	// Drain may have run between the handler's check and add: then this
	// stream missed it.
	if s.isDraining() {
		st.finish("reconnect")
	}
	go st.write()
	return true
}

var (
	readyData = []byte(`{"retry":1000}`)
	emptyData = []byte(`{}`)
	pingBytes = []byte(": ping\n\n")
)

// appendEvent appends one server-sent event.
func appendEvent(b []byte, event string, data []byte) []byte {
	b = append(b, "event: "...)
	b = append(b, event...)
	b = append(b, "\ndata: "...)
	b = append(b, data...)
	return append(b, "\n\n"...)
}

// changeJSON is the data of a "change" event; the fields are in the order
// the earlier map[string]string encoded them (sorted keys).
type changeJSON struct {
	ID   string `json:"id"`
	Op   string `json:"op"`
	Type string `json:"type"`
}

// deliver queues a change; the hub calls it under its lock, so it only
// appends. More than subscriberBuffer waiting changes become one resync,
// as a slow channel subscriber's do.
func (st *sseStream) deliver(ch salescoach.Change) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.ending || st.done {
		return
	}
	if st.changes >= maxQueuedChanges {
		st.out, st.changes = st.out[:0], 0
		ch = salescoach.Change{UserID: ch.UserID, Type: salescoach.ChangeResync}
	}
	data, _ := json.Marshal(changeJSON{ID: ch.ID, Op: ch.Op, Type: ch.Type})
	st.out = appendEvent(st.out, "change", data)
	st.changes++
	// A change of the account may be that an admin disabled it, it is gone
	// or this session ended: then the stream ends after the change.
	if ch.Type == salescoach.ChangeUser || ch.Type == salescoach.ChangeResync {
		st.check = true
	}
	st.startLocked()
}

// maxQueuedChanges matches the hub's channel buffer.
const maxQueuedChanges = 32

// superseded ends the stream with a "superseded" event; the hub calls it
// under its lock when the user opened one stream too many.
func (st *sseStream) superseded() {
	st.m.s.log.Info("realtime: stream limit reached; the oldest stream was closed", "user_id", st.userID)
	st.finish("superseded")
}

// finish ends the stream after the event (and what waits before it).
func (st *sseStream) finish(event string) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.ending || st.done {
		return
	}
	if event == "reconnect" {
		// retry: asks a plain EventSource for a short pause too; the app's
		// client reconnects after any end of the stream.
		st.out = append(st.out, "retry: 1000\n"...)
	}
	st.out = appendEvent(st.out, event, emptyData)
	st.ending = true
	st.startLocked()
}

// ping queues a heartbeat unless something is on its way anyway.
func (st *sseStream) ping() {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.ending || st.done || st.writing {
		return
	}
	st.out = append(st.out, pingBytes...)
	st.startLocked()
}

// startLocked starts a writer unless one runs; st.mu is held.
func (st *sseStream) startLocked() {
	if !st.writing {
		st.writing = true
		go st.write()
	}
}

// write sends what waits until nothing does, then returns; it ends the
// stream after a failed write, after the final event, or when a change of
// the account shows that it is no longer active.
func (st *sseStream) write() {
	var frame []byte
	for {
		st.mu.Lock()
		if len(st.out) == 0 {
			if st.ending {
				st.mu.Unlock()
				st.close(true)
				return
			}
			st.writing = false
			st.mu.Unlock()
			return
		}
		frame = frameChunk(frame[:0], st.out, st.chunked)
		st.out, st.changes = st.out[:0], 0
		check := st.check
		st.check = false
		st.mu.Unlock()

		_ = st.conn.SetWriteDeadline(time.Now().Add(st.m.writeTimeout))
		if _, err := st.conn.Write(frame); err != nil {
			st.close(false)
			return
		}
		st.mu.Lock()
		st.lastWrite = time.Now()
		if cap(st.out) > 4<<10 {
			st.out = nil // a burst's buffer is not kept for an idle stream
		}
		st.mu.Unlock()
		if check && !st.stillActive() {
			st.mu.Lock()
			st.out, st.ending = st.out[:0], true
			st.mu.Unlock()
		}
		if len(frame) > 4<<10 {
			frame = nil
		}
	}
}

// stillActive asks the database whether the stream's account and session
// are still active; the request's context ended with the takeover.
func (st *sseStream) stillActive() bool {
	ctx, cancel := context.WithTimeout(context.Background(), st.m.writeTimeout)
	defer cancel()
	return st.m.s.stillActive(ctx, st.userID, st.session)
}

// frameChunk appends data to dst as one HTTP/1.1 chunk, or as it is.
func frameChunk(dst, data []byte, chunked bool) []byte {
	if !chunked {
		return append(dst, data...)
	}
	dst = strconv.AppendInt(dst, int64(len(data)), 16)
	dst = append(dst, '\r', '\n')
	dst = append(dst, data...)
	return append(dst, '\r', '\n')
}

// close ends the stream once: the last chunk when it ends in order, the
// connection, the subscription and its place in the set.
func (st *sseStream) close(orderly bool) {
	st.mu.Lock()
	if st.done {
		st.mu.Unlock()
		return
	}
	st.done, st.ending, st.out = true, true, nil
	st.mu.Unlock()
	if orderly && st.chunked {
		_ = st.conn.SetWriteDeadline(time.Now().Add(st.m.writeTimeout))
		_, _ = st.conn.Write([]byte("0\r\n\r\n"))
	}
	_ = st.conn.Close()
	st.sub.Close()
	st.m.remove(st)
}

func (m *sseStreams) add(st *sseStream) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.set[st] = struct{}{}
	if !m.running {
		m.running = true
		go m.run()
	}
}

func (m *sseStreams) remove(st *sseStream) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.set, st)
}

// run sweeps the streams while there are any: ends those whose token has
// expired, drops those whose client has gone, sends a heartbeat to those
// idle for a heartbeat interval, and ends them all when the server drains.
func (m *sseStreams) run() {
	tick := time.NewTicker(min(m.heartbeat, streamSweep))
	defer tick.Stop()
	draining := m.s.draining
	var streams []*sseStream
	for {
		select {
		case <-tick.C:
		case <-draining:
			draining = nil
			m.mu.Lock()
			m.drained = true
			m.mu.Unlock()
		}
		m.mu.Lock()
		if len(m.set) == 0 {
			m.running = false
			m.mu.Unlock()
			return
		}
		streams = streams[:0]
		for st := range m.set {
			streams = append(streams, st)
		}
		drained := m.drained
		m.mu.Unlock()
		now := time.Now()
		for _, st := range streams {
			switch {
			case drained:
				st.finish("reconnect")
			case now.After(st.expires):
				st.finish("expired")
			default:
				st.mu.Lock()
				idle := now.Sub(st.lastWrite) >= m.heartbeat
				st.mu.Unlock()
				if !idle {
					continue
				}
				// A client that has gone has sent its FIN (or a reset):
				// the heartbeat's write alone would succeed once more.
				if peerGone(st.conn) {
					st.close(false)
				} else {
					st.ping()
				}
			}
		}
		clear(streams)
	}
}

// count is the number of taken-over streams, for tests.
func (m *sseStreams) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.set)
}
