package realtime

import (
	"context"
	"testing"

	"salescoach"
)

func TestHubDeliversPerUserAndResyncsSlowStreams(t *testing.T) {
	h := NewHub()
	ctx := context.Background()
	a1, a2, b := h.Subscribe("a"), h.Subscribe("a"), h.Subscribe("b")
	h.Publish(ctx, salescoach.Change{UserID: "a", Type: salescoach.ChangeConversation, Op: salescoach.OpInsert, ID: "c1"})
	for _, s := range []*Subscription{a1, a2} {
		if got := <-s.C; got.ID != "c1" {
			t.Errorf("got %+v", got)
		}
	}
	select {
	case got := <-b.C:
		t.Errorf("b received a's change %+v", got)
	default:
	}

	// a1 stops reading: the publisher never blocks, and a1 ends with a
	// resync marker in place of what it missed.
	for i := 0; i < subscriberBuffer*3; i++ {
		h.Publish(ctx, salescoach.Change{UserID: "a", Type: salescoach.ChangeConversation, Op: salescoach.OpUpdate, ID: "c1"})
		<-a2.C
	}
	var last salescoach.Change
	for len(a1.C) > 0 {
		last = <-a1.C
	}
	if last.Type != salescoach.ChangeResync {
		t.Errorf("slow stream's last change = %+v, want a resync", last)
	}

	a1.Close()
	a2.Close()
	if n := h.Subscribers(); n != 1 {
		t.Errorf("%d subscribers after closing two of three", n)
	}
	b.Close()
	if len(h.subs) != 0 {
		t.Errorf("empty users kept: %v", h.subs)
	}
}

func TestHubSupersedesTheOldestBeyondTheCap(t *testing.T) {
	h := NewHub()
	h.SetMaxPerUser(3)
	subs := []*Subscription{h.Subscribe("a"), h.Subscribe("a"), h.Subscribe("a")}
	other := h.Subscribe("b")
	newest := h.Subscribe("a")
	select {
	case <-subs[0].Superseded():
	default:
		t.Fatal("the oldest stream was not superseded")
	}
	for _, s := range append(subs[1:], newest, other) {
		select {
		case <-s.Superseded():
			t.Fatal("a stream within the cap was superseded")
		default:
		}
	}
	if n := h.Subscribers(); n != 4 {
		t.Errorf("%d subscribers, want 3 of a and 1 of b", n)
	}
	h.Publish(context.Background(), salescoach.Change{UserID: "a", Type: salescoach.ChangeUser, Op: salescoach.OpUpdate, ID: "a"})
	if len(subs[0].C) != 0 || len(newest.C) != 1 {
		t.Errorf("the superseded stream got %d changes, the newest %d", len(subs[0].C), len(newest.C))
	}
	subs[0].Close() // still allowed
	if n := h.Subscribers(); n != 4 {
		t.Errorf("%d subscribers after closing the superseded one", n)
	}
}
