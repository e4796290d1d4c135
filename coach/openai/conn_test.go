package openai_test

import (
	"context"
	"sync"
	"testing"

	"salescoach/coach"
	"salescoach/coach/openai/openaitest"
)

// A turn's calls reuse the connections of earlier calls, also when many run
// at once and when the reply was streamed: Go's default transport keeps only
// two idle connections per host, and a stream closed right after [DONE]
// loses its connection.
func TestConnectionsAreReused(t *testing.T) {
	const parallel = 16
	srv := openaitest.New(t)
	e, _ := newEngine(t, srv)
	// The first round is held in the fake until all its calls have
	// arrived, so that it opens exactly `parallel` connections.
	var mu sync.Mutex
	arrived, all := 0, make(chan struct{})
	srv.OnRequest(func(openaitest.Request) {
		mu.Lock()
		if arrived++; arrived == parallel {
			close(all)
		}
		mu.Unlock()
		<-all
	})
	ctx := context.Background()
	for round := range 4 {
		var wg sync.WaitGroup
		for i := range parallel {
			wg.Go(func() {
				var err error
				if (round+i)%2 == 0 {
					_, _, err = e.Reply(ctx, input("de", "du"), coach.ReplyPlan{Kind: coach.ReplyOpen}, func(string) {})
				} else {
					_, _, err = e.Assess(ctx, input("de", "du"))
				}
				if err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	}
	if got := srv.Connections(); got != parallel {
		t.Errorf("%d rounds of %d calls at once opened %d connections, want %d", 4, parallel, got, parallel)
	}
}
