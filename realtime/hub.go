// Package realtime delivers live updates: a Hub fans changes out to the
// open event streams of this process, and a PostgreSQL bridge carries them
// between processes with LISTEN/NOTIFY, so several app servers behind a load
// balancer show every tab the same state.
package realtime

import (
	"context"
	"sync"

	"salescoach"
)

// subscriberBuffer is how many changes may wait for a slow stream before it
// is told to resynchronise instead.
const subscriberBuffer = 32

// DefaultMaxPerUser is how many streams one user may hold open in one
// process. A person has a few tabs and devices; far more is a script or a
// bug, and each stream holds a connection and a goroutine. The cap is per
// process: behind a load balancer a user may hold this many on each app
// server.
const DefaultMaxPerUser = 8

// Hub fans changes out to this process's subscribers. Its zero value is not
// usable; call NewHub.
type Hub struct {
	mu   sync.Mutex
	subs map[string]map[*Subscription]struct{}
	// maxPerUser caps a user's subscriptions; opening one more ends the
	// oldest.
	maxPerUser int
	seq        uint64
	// relay, when set, also sends published changes to other processes.
	relay func(ctx context.Context, changes []salescoach.Change)
	// countChanged is closed (and replaced) whenever a subscription opens
	// or closes, for WaitSubscribers.
	countChanged chan struct{}
}

var _ salescoach.ChangePublisher = (*Hub)(nil)

// NewHub returns an empty hub that delivers within this process only and
// allows DefaultMaxPerUser streams per user.
func NewHub() *Hub {
	return &Hub{subs: map[string]map[*Subscription]struct{}{}, maxPerUser: DefaultMaxPerUser, countChanged: make(chan struct{})}
}

// SetMaxPerUser changes how many subscriptions one user may hold (n ≥ 1);
// it applies to subscriptions opened from now on.
func (h *Hub) SetMaxPerUser(n int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.maxPerUser = max(n, 1)
}

// Subscription is one open event stream of a user.
type Subscription struct {
	hub    *Hub
	userID string
	seq    uint64 // opening order, to find the oldest
	// C receives the user's changes. When the stream falls behind by more
	// than subscriberBuffer changes, it receives one ChangeResync instead of
	// the rest. It is nil for a subscription opened with SubscribeFunc.
	C chan salescoach.Change
	// superseded is closed when the hub ended this subscription to make
	// room for a newer one of the same user (nil with SubscribeFunc).
	superseded chan struct{}
	// deliver and onSuperseded replace C and superseded for SubscribeFunc.
	deliver      func(salescoach.Change)
	onSuperseded func()
}

// Superseded is closed when the hub has ended the subscription because the
// user opened more than the allowed number of newer ones. The subscription
// then receives nothing more; its stream should end (Close is still
// allowed).
func (s *Subscription) Superseded() <-chan struct{} { return s.superseded }

// Subscribe opens a subscription for the user's changes; call Close when the
// stream ends. When the user already holds the maximum, the oldest of their
// subscriptions is superseded to make room.
func (h *Hub) Subscribe(userID string) *Subscription {
	return h.subscribe(&Subscription{hub: h, userID: userID, C: make(chan salescoach.Change, subscriberBuffer), superseded: make(chan struct{})})
}

// SubscribeFunc is Subscribe without a channel: deliver is called with each
// of the user's changes and superseded once when the hub ends the
// subscription to make room for a newer one. Both run while the hub holds
// its lock, so they must return at once, must not call the hub, and must
// not block (queue the change; drop and resynchronise when too much
// waits). A stream that needs no goroutine of its own uses this: the
// channel and the goroutine reading it are most of an idle stream's
// memory.
func (h *Hub) SubscribeFunc(userID string, deliver func(salescoach.Change), superseded func()) *Subscription {
	return h.subscribe(&Subscription{hub: h, userID: userID, deliver: deliver, onSuperseded: superseded})
}

func (h *Hub) subscribe(s *Subscription) *Subscription {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.seq++
	s.seq = h.seq
	set := h.subs[s.userID]
	if set == nil {
		set = map[*Subscription]struct{}{}
		h.subs[s.userID] = set
	}
	for len(set) >= h.maxPerUser {
		var oldest *Subscription
		for o := range set {
			if oldest == nil || o.seq < oldest.seq {
				oldest = o
			}
		}
		delete(set, oldest)
		if oldest.onSuperseded != nil {
			oldest.onSuperseded()
		} else {
			close(oldest.superseded)
		}
	}
	set[s] = struct{}{}
	h.countChangedLocked()
	return s
}

// countChangedLocked wakes WaitSubscribers; h.mu is held.
func (h *Hub) countChangedLocked() {
	close(h.countChanged)
	h.countChanged = make(chan struct{})
}

// WaitSubscribers waits until the hub holds exactly n subscriptions or ctx
// ends, and returns ctx's error in that case. Tests and benchmarks use it
// to wait for streams to open or to be dropped.
func (h *Hub) WaitSubscribers(ctx context.Context, n int) error {
	for {
		h.mu.Lock()
		count := 0
		for _, set := range h.subs {
			count += len(set)
		}
		changed := h.countChanged
		h.mu.Unlock()
		if count == n {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Close ends the subscription.
func (s *Subscription) Close() {
	h := s.hub
	h.mu.Lock()
	defer h.mu.Unlock()
	if set := h.subs[s.userID]; set != nil {
		if _, ok := set[s]; ok {
			delete(set, s)
			h.countChangedLocked()
		}
		if len(set) == 0 {
			delete(h.subs, s.userID)
		}
	}
}

// Publish delivers each change to this process's subscribers of its
// UserID and, when a relay is attached, to the other processes.
func (h *Hub) Publish(ctx context.Context, changes ...salescoach.Change) {
	for _, c := range changes {
		h.deliver(c)
	}
	if h.relay != nil && len(changes) > 0 {
		h.relay(ctx, changes)
	}
}

// Subscribers counts the open subscriptions, for metrics and tests.
func (h *Hub) Subscribers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, set := range h.subs {
		n += len(set)
	}
	return n
}

// deliver hands c to the local subscribers without ever blocking the
// publisher: a full stream gets a resync marker in place of the change.
func (h *Hub) deliver(c salescoach.Change) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs[c.UserID] {
		if s.deliver != nil {
			s.deliver(c)
			continue
		}
		select {
		case s.C <- c:
		default:
			// Make room for one resync marker: the stream will refetch
			// everything, so the dropped changes do not matter.
			select {
			case <-s.C:
			default:
			}
			select {
			case s.C <- salescoach.Change{UserID: c.UserID, Type: salescoach.ChangeResync}:
			default:
			}
		}
	}
}
