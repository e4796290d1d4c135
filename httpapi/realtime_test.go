package httpapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/httpapi"
	"salescoach/realtime"
	"salescoach/sqlstore/sqlstoretest"
)

type sseEvent struct {
	name string
	data map[string]any
}

// openStream opens /api/realtime for c and returns its events as they come;
// the channel closes when the server ends the stream.
func openStream(t *testing.T, c *client) <-chan sseEvent {
	t.Helper()
	req, _ := http.NewRequest("GET", c.e.srv.URL+"/api/realtime", nil)
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Accept", "text/event-stream")
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("realtime: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	out := make(chan sseEvent, 64)
	go func() {
		defer close(out)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		var name string
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				name = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: "):
				var m map[string]any
				_ = json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &m)
				out <- sseEvent{name, m}
			}
		}
	}()
	t.Cleanup(func() { res.Body.Close() })
	return out
}

// next waits for the next event; the bound only keeps a broken build from
// hanging, it is not a timing assertion.
func next(t *testing.T, events <-chan sseEvent) sseEvent {
	t.Helper()
	select {
	case ev, ok := <-events:
		if !ok {
			t.Fatal("stream ended")
		}
		return ev
	case <-time.After(10 * time.Second):
		t.Fatal("no event within 10 s")
	}
	return sseEvent{}
}

func TestRealtimeDeliversOnlyOwnChanges(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db)
	anna := chatUser(t, e, "anna.rt@example.com")
	ben := chatUser(t, e, "ben.rt@example.com")
	annaTab1, annaTab2, benTab := openStream(t, anna), openStream(t, anna), openStream(t, ben)
	for _, s := range []<-chan sseEvent{annaTab1, annaTab2, benTab} {
		if ev := next(t, s); ev.name != "ready" {
			t.Fatalf("first event %q", ev.name)
		}
	}
	if n := e.hub.Subscribers(); n != 3 {
		t.Errorf("%d subscribers, want 3", n)
	}

	// A new chat in one tab shows up in the other.
	id := anna.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo"}, 200)["conversationId"].(string)
	for _, tab := range []<-chan sseEvent{annaTab1, annaTab2} {
		ev := next(t, tab)
		if ev.name != "change" || ev.data["type"] != "conversation" || ev.data["op"] != "insert" || ev.data["id"] != id {
			t.Errorf("event = %+v", ev)
		}
	}
	anna.do("PATCH", "/api/conversations/"+id, map[string]any{"title": "Neu"}).must(t, 200)
	// Ben's first event is about his own chat: Anna's never reached him.
	benID := ben.chat(t, map[string]any{"mode": "Prüfung", "message": "Hallo"}, 200)["conversationId"].(string)
	if ev := next(t, benTab); ev.data["id"] != benID {
		t.Errorf("ben got %+v, want his own chat %s", ev, benID)
	}
}

func TestRealtimeEndsWithTheToken(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db)
	c := chatUser(t, e, "cleo.rt@example.com")
	// The token was issued 15 minutes before it expires; move to its last
	// second so the stream's deadline is one second away.
	e.clock.Advance(15*time.Minute - time.Second)
	events := openStream(t, c)
	if ev := next(t, events); ev.name != "ready" {
		t.Fatalf("first event %q", ev.name)
	}
	if ev := next(t, events); ev.name != "expired" {
		t.Fatalf("event %q, want expired", ev.name)
	}
	select {
	case _, ok := <-events:
		if ok {
			t.Error("stream went on after expiry")
		}
	case <-time.After(10 * time.Second):
		t.Error("stream not closed after expiry")
	}
	e.client().do("GET", "/api/realtime", nil).must(t, 401)
}

// TestRealtimeCapsStreamsPerUser: one stream more than the cap ends the
// user's oldest with a "superseded" event; the newest works, and other
// users' streams are untouched.
func TestRealtimeCapsStreamsPerUser(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db)
	dora := chatUser(t, e, "dora.rt@example.com")
	eli := chatUser(t, e, "eli.rt@example.com")
	eliTab := openStream(t, eli)
	next(t, eliTab)
	var tabs []<-chan sseEvent
	for range realtime.DefaultMaxPerUser {
		tab := openStream(t, dora)
		if ev := next(t, tab); ev.name != "ready" {
			t.Fatalf("first event %q", ev.name)
		}
		tabs = append(tabs, tab)
	}
	newest := openStream(t, dora)
	if ev := next(t, newest); ev.name != "ready" {
		t.Fatalf("newest stream's first event %q", ev.name)
	}
	if ev := next(t, tabs[0]); ev.name != "superseded" {
		t.Fatalf("oldest stream got %q, want superseded", ev.name)
	}
	select {
	case ev, ok := <-tabs[0]:
		if ok {
			t.Fatalf("the oldest stream went on with %+v", ev)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the oldest stream was not closed")
	}
	if n := e.hub.Subscribers(); n != realtime.DefaultMaxPerUser+1 {
		t.Errorf("%d subscribers, want %d of dora and 1 of eli", n, realtime.DefaultMaxPerUser)
	}

	// The newest and the others still receive changes.
	id := dora.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo"}, 200)["conversationId"].(string)
	for _, tab := range append(tabs[1:], newest) {
		if ev := next(t, tab); ev.name != "change" || ev.data["id"] != id {
			t.Errorf("event = %+v", ev)
		}
	}
	eli.do("PATCH", "/api/me", map[string]any{"display_name": "Eli"}).must(t, 200)
	if ev := next(t, eliTab); ev.name != "change" {
		t.Errorf("eli's stream: %+v", ev)
	}
}

// rawStream opens /api/realtime on its own TCP connection and reads up to
// the "ready" event, so a test can then stop reading or go away.
func rawStream(t *testing.T, c *client, readBuffer int) (*net.TCPConn, *bufio.Reader) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(c.e.srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	tcp := conn.(*net.TCPConn)
	if readBuffer > 0 {
		_ = tcp.SetReadBuffer(readBuffer)
	}
	t.Cleanup(func() { tcp.Close() })
	fmt.Fprintf(tcp, "GET /api/realtime HTTP/1.1\r\nHost: coach.test\r\nAuthorization: Bearer %s\r\nAccept: text/event-stream\r\n\r\n", c.token)
	br := bufio.NewReader(tcp)
	res, err := http.ReadResponse(br, nil)
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("realtime: %v %v", res, err)
	}
	body := bufio.NewReader(res.Body)
	for {
		line, err := body.ReadString('\n')
		if err != nil {
			t.Fatalf("before ready: %v", err)
		}
		if strings.HasPrefix(line, "event: ready") {
			return tcp, body
		}
	}
}

// waitSubscribers waits for the hub to hold n streams; the bound only keeps
// a broken build from hanging.
func waitSubscribers(t *testing.T, e *env, n int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := e.hub.WaitSubscribers(ctx, n); err != nil {
		t.Fatalf("still %d streams, want %d", e.hub.Subscribers(), n)
	}
}

func withStreamTimes(heartbeat, write time.Duration) envOption {
	return func(cfg *httpapi.Config, _ *httpapi.Deps) {
		cfg.StreamHeartbeat, cfg.StreamWriteTimeout = heartbeat, write
	}
}

// TestRealtimeHeartbeatFindsClientsThatWentAway: an idle stream gets its
// heartbeat, and a client that closed its connection is dropped at the
// next heartbeat (a short interval here; 25 s in production).
func TestRealtimeHeartbeatFindsClientsThatWentAway(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db, withStreamTimes(20*time.Millisecond, 0))
	c := chatUser(t, e, "finn.rt@example.com")
	conn, body := rawStream(t, c, 0)
	for {
		line, err := body.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if line == ": ping\n" {
			break
		}
	}
	waitSubscribers(t, e, 1)
	conn.Close()
	waitSubscribers(t, e, 0)
}

// TestRealtimeDropsClientsThatStopReading: a client that keeps its
// connection but reads nothing more cannot hold the server: once the
// socket's buffers are full, a write waits at most the write timeout and
// the stream is dropped, while the publisher never blocks.
func TestRealtimeDropsClientsThatStopReading(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db, withStreamTimes(0, 50*time.Millisecond))
	c := chatUser(t, e, "gina.rt@example.com")
	rawStream(t, c, 4096)
	waitSubscribers(t, e, 1)
	uid := c.userID(t)
	// A big id makes each change event large, so the buffers fill soon.
	id := strings.Repeat("x", 8000)
	for i := 0; e.hub.Subscribers() > 0; i++ {
		if i == 1_000_000 {
			t.Fatal("the stream took a million changes without being dropped")
		}
		e.hub.Publish(context.Background(), salescoach.Change{UserID: uid, Type: salescoach.ChangeConversation, Op: salescoach.OpUpdate, ID: id})
		if i%64 == 63 {
			// Let the stream's writer run: it is what finds the full socket.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Millisecond)
			_ = e.hub.WaitSubscribers(ctx, 0)
			cancel()
		}
	}
	waitSubscribers(t, e, 0)
}
