package training

import (
	"context"
	"log/slog"
	"time"

	"salescoach"
)

// Heartbeat keeps this app process alive as the holder of its turn claims
// (salescoach.TurnClaim.Holder): it beats every Every, each beat keeping
// the process alive for Lease, and leaves when it stops. A process that is
// killed stops beating, and its claims are free Lease after its last beat
// instead of when they lapse (DefaultClaimTTL); one that shuts down leaves,
// and its claims (none, once its requests have drained) are free at once.
type Heartbeat struct {
	Holders salescoach.ClaimHolderService
	// ID names this process; Service.Holder must be the same. A restarted
	// process needs a new one, so that it never waits on the claims of the
	// process that died.
	ID string
	// Every is the time between beats; zero means DefaultBeatEvery.
	Every time.Duration
	// Lease is how long one beat keeps the process alive; zero means
	// DefaultHolderLease.
	Lease time.Duration
	Now   func() time.Time
	Log   *slog.Logger
}

// Heartbeat defaults: a beat a second, and a process is dead five seconds
// after its last beat, so four beats in a row must fail (a database busy
// for seconds) before a live process's claims could be taken; even then
// its turns stop cleanly (a write under a claim checks the claim's token).
const (
	DefaultBeatEvery   = time.Second
	DefaultHolderLease = 5 * time.Second
)

func (h *Heartbeat) every() time.Duration {
	if h.Every > 0 {
		return h.Every
	}
	return DefaultBeatEvery
}

func (h *Heartbeat) lease() time.Duration {
	if h.Lease > 0 {
		return h.Lease
	}
	return DefaultHolderLease
}

// Start beats once, so that claims naming ID hold from the first request
// on. It returns the store's error.
func (h *Heartbeat) Start(ctx context.Context) error {
	now := h.Now()
	return h.Holders.Beat(ctx, h.ID, now, now.Add(h.lease()))
}

// Run beats every Every until ctx ends, then leaves. A failed beat is
// logged and the next one tried on time.
func (h *Heartbeat) Run(ctx context.Context) {
	tick := time.NewTicker(h.every())
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			dctx, done := detached(ctx)
			defer done()
			if err := h.Holders.Leave(dctx, h.ID); err != nil {
				h.Log.ErrorContext(dctx, "claim holder did not leave", "holder", h.ID, "err", err)
			}
			return
		case <-tick.C:
			if err := h.Start(ctx); err != nil && ctx.Err() == nil {
				h.Log.ErrorContext(ctx, "claim holder beat failed", "holder", h.ID, "err", err)
			}
		}
	}
}
