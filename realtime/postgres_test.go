package realtime_test

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"

	"salescoach"
	"salescoach/realtime"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestMain(m *testing.M) { sqlstoretest.Main(m) }

// Changes published together by one process reach another process's
// stream, each one, in order (sent as one statement of one notification
// each).
func TestBridgeCarriesChangesPublishedTogether(t *testing.T) {
	url := sqlstoretest.NewPostgresURL(t)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	bridged := func() *realtime.Hub {
		db, err := sqlstore.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		hub := realtime.NewHub()
		b := realtime.NewBridge(hub, db.SQL(), url, slog.New(slog.DiscardHandler))
		done := make(chan struct{})
		go func() { defer close(done); b.Run(ctx) }()
		t.Cleanup(func() { cancel(); <-done })
		<-b.Ready()
		return hub
	}
	a, b := bridged(), bridged()
	sub := b.Subscribe("u1")
	defer sub.Close()
	own := a.Subscribe("u1")
	defer own.Close()

	sent := []salescoach.Change{
		{UserID: "u1", Type: salescoach.ChangeConversation, Op: salescoach.OpUpdate, ID: "c1"},
		{UserID: "u1", Type: salescoach.ChangeUser, Op: salescoach.OpUpdate, ID: "u1"},
		{UserID: "u1", Type: salescoach.ChangeProfile, Op: salescoach.OpUpdate, ID: "u1"},
	}
	a.Publish(ctx, sent...)
	for i, want := range sent {
		if got := <-sub.C; got != want {
			t.Errorf("other process: change %d = %+v, want %+v", i, got, want)
		}
		if got := <-own.C; got != want {
			t.Errorf("own process: change %d = %+v, want %+v", i, got, want)
		}
	}
	// The publishing process delivered its changes itself and skips them
	// when they come back from PostgreSQL: the next thing its stream sees
	// is the other process's change.
	next := salescoach.Change{UserID: "u1", Type: salescoach.ChangeFeedback, Op: salescoach.OpInsert, ID: "f1"}
	b.Publish(ctx, next)
	if got := <-own.C; got != next {
		t.Errorf("own process after its own changes: %+v, want %+v", got, next)
	}
}

// Changes published by many requests at once are batched on their way to
// PostgreSQL; every one still reaches the other process, and each
// publisher's changes arrive in the order it published them.
func TestBridgeBatchesConcurrentPublishers(t *testing.T) {
	url := sqlstoretest.NewPostgresURL(t)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	bridged := func() *realtime.Hub {
		db, err := sqlstore.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		hub := realtime.NewHub()
		hub.SetMaxPerUser(20)
		b := realtime.NewBridge(hub, db.SQL(), url, slog.New(slog.DiscardHandler))
		done := make(chan struct{})
		go func() { defer close(done); b.Run(ctx) }()
		t.Cleanup(func() { cancel(); <-done })
		<-b.Ready()
		return hub
	}
	a, b := bridged(), bridged()
	const publishers, each = 10, 20 // each fits a subscription's buffer
	subs := make([]*realtime.Subscription, publishers)
	for p := range publishers {
		subs[p] = b.Subscribe(fmt.Sprintf("u%d", p))
		defer subs[p].Close()
	}
	start := make(chan struct{})
	var wg sync.WaitGroup
	for p := range publishers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for i := range each {
				a.Publish(ctx, salescoach.Change{UserID: fmt.Sprintf("u%d", p), Type: salescoach.ChangeConversation,
					Op: salescoach.OpUpdate, ID: fmt.Sprint(i)})
			}
		}()
	}
	close(start)
	wg.Wait()
	for p, sub := range subs {
		for i := range each {
			if got := <-sub.C; got.ID != fmt.Sprint(i) {
				t.Fatalf("publisher %d: change %d = %+v", p, i, got)
			}
		}
	}
}
