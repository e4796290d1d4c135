package realtime

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"salescoach"
)

// Channel is the PostgreSQL notification channel of live updates.
const Channel = "salescoach_changes"

// notice is a change on the wire between processes; Origin lets a process
// skip its own changes, which it delivered locally already.
type notice struct {
	Origin string `json:"o"`
	salescoach.Change
}

// Bridge connects a Hub to PostgreSQL: published changes are sent with
// pg_notify, and a listening connection delivers other processes' changes
// to the hub.
type Bridge struct {
	hub    *Hub
	db     *sql.DB
	dsn    string
	origin string
	log    *slog.Logger
	// ready is closed once the first LISTEN has been issued.
	ready chan struct{}

	// pending are the changes waiting to be sent; sending is true while a
	// sender goroutine runs (see notify).
	mu      sync.Mutex
	pending []salescoach.Change
	sending bool
}

// maxPending bounds the changes waiting for the database; beyond it new
// ones are dropped (and logged): they are refresh hints, never data.
const maxPending = 10000

// NewBridge attaches a bridge to hub: from now on the hub's Publish also
// notifies the other processes through db. Call Run to receive theirs.
func NewBridge(hub *Hub, db *sql.DB, dsn string, log *slog.Logger) *Bridge {
	b := &Bridge{hub: hub, db: db, dsn: dsn, origin: newOrigin(), log: log, ready: make(chan struct{})}
	hub.relay = b.notify
	return b
}

// Ready is closed once the bridge listens; changes published by other
// processes before that moment are not received.
func (b *Bridge) Ready() <-chan struct{} { return b.ready }

func newOrigin() string {
	raw := make([]byte, 8)
	_, _ = rand.Read(raw)
	return hex.EncodeToString(raw)
}

// notify queues changes for the other processes and returns at once: a
// request that changed something does not wait for the notification, and
// the changes of requests that arrive while one statement is on its way go
// together in the next (PostgreSQL serialises the commits of transactions
// that notify, so fewer of them matter under load). One sender at a time
// keeps the order of a process's changes. A failure loses only refresh
// hints, never data, so it is logged and the write that caused it stands.
func (b *Bridge) notify(_ context.Context, changes []salescoach.Change) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.pending)+len(changes) > maxPending {
		b.log.Warn("live updates not sent to other processes: too many waiting", "dropped", len(changes))
		return
	}
	b.pending = append(b.pending, changes...)
	if !b.sending {
		b.sending = true
		go b.send()
	}
}

// send sends what waits, one statement per batch, until nothing does.
func (b *Bridge) send() {
	for {
		b.mu.Lock()
		batch := b.pending
		b.pending = nil
		if len(batch) == 0 {
			b.sending = false
			b.mu.Unlock()
			return
		}
		b.mu.Unlock()
		b.sendNow(batch)
	}
}

// sendNow sends changes in one statement however many there are. Each
// change is its own notification, as one process of an older version
// expects during a rolling restart.
func (b *Bridge) sendNow(changes []salescoach.Change) {
	payloads := make([]string, 0, len(changes))
	for _, c := range changes {
		payload, err := json.Marshal(notice{Origin: b.origin, Change: c})
		if err != nil {
			return
		}
		payloads = append(payloads, string(payload))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := b.db.ExecContext(ctx, `SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p`,
		Channel, payloads); err != nil {
		b.log.WarnContext(ctx, "live update not sent to other processes", "err", err)
	}
}

// Run listens until ctx ends, reconnecting with a growing pause when the
// connection drops. Other processes' changes go to the hub.
func (b *Bridge) Run(ctx context.Context) {
	pause := time.Second
	for ctx.Err() == nil {
		err := b.listen(ctx)
		if ctx.Err() != nil {
			return
		}
		b.log.WarnContext(ctx, "live update listener lost its connection; reconnecting", "err", err, "pause", pause)
		// Changes missed meanwhile are unknown: every open stream refetches.
		b.hub.resyncAll()
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		pause = min(pause*2, 30*time.Second)
	}
}

func (b *Bridge) listen(ctx context.Context) error {
	conn, err := pgx.Connect(ctx, b.dsn)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{Channel}.Sanitize()); err != nil {
		return err
	}
	select {
	case <-b.ready:
	default:
		close(b.ready)
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		var msg notice
		if json.Unmarshal([]byte(n.Payload), &msg) != nil || msg.Origin == b.origin {
			continue
		}
		b.hub.deliver(msg.Change)
	}
}

// resyncAll tells every local stream to refetch.
func (h *Hub) resyncAll() {
	h.mu.Lock()
	users := make([]string, 0, len(h.subs))
	for u := range h.subs {
		users = append(users, u)
	}
	h.mu.Unlock()
	for _, u := range users {
		h.deliver(salescoach.Change{UserID: u, Type: salescoach.ChangeResync})
	}
}
