package training_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
	"salescoach/training"
)

// TestHeartbeatLeavesWhenItStops: the first beat is in when Start returns,
// and a heartbeat that stops (the process shuts down) removes its holder,
// so its claims are free at once.
func TestHeartbeatLeavesWhenItStops(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		h := &training.Heartbeat{Holders: sqlstore.NewClaimHolderService(db), ID: "proc-" + db.Dialect(),
			Every: 5 * time.Millisecond, Now: time.Now, Log: slog.New(slog.DiscardHandler)}
		holders := func() int {
			var n int
			if err := db.SQL().QueryRowContext(t.Context(), arg(db, `SELECT COUNT(*) FROM claim_holders WHERE id = ?`), h.ID).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if err := h.Start(t.Context()); err != nil {
			t.Fatal(err)
		}
		if holders() != 1 {
			t.Fatal("no holder after Start")
		}
		ctx, stop := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); h.Run(ctx) }()
		stop()
		<-done
		if holders() != 0 {
			t.Error("the holder is still there after its heartbeat stopped")
		}
	})
}
