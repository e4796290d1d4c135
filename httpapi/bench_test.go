package httpapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"salescoach"
	"salescoach/auth"
	"salescoach/coach"
	"salescoach/coach/openai"
	"salescoach/coach/openai/openaitest"
	"salescoach/httpapi"
	"salescoach/realtime"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// benchUsers creates n Elite users (so quota never stops a benchmark) and
// returns their access tokens. Users are made through the store and tokens
// minted by the issuer, so set-up costs no password hashing.
func benchUsers(b *testing.B, e *env, db *sqlstore.DB, n int) []string {
	b.Helper()
	ctx := context.Background()
	e.billing.Plans.Elite = "bench-elite"
	subs := sqlstore.NewSubscriptionService(db)
	var tokens []string
	for i := range n {
		u, err := e.users.CreateUser(ctx, salescoach.NewUser{Email: fmt.Sprintf("bench%d@example.com", i), EmailConfirmed: true, TermsAccepted: true})
		if err != nil {
			b.Fatal(err)
		}
		if err := subs.UpsertSubscription(ctx, &salescoach.Subscription{UserID: u.ID, PayPalID: "I-BENCH" + u.ID, PlanID: "bench-elite",
			Status: "ACTIVE", UpdateTime: e.clock.Now(), CreatedAt: e.clock.Now()}); err != nil {
			b.Fatal(err)
		}
		// An access token is only good while its session lives.
		rt := &salescoach.RefreshToken{UserID: u.ID, TokenHash: auth.HashToken(auth.NewOpaqueToken()),
			ExpiresAt: e.clock.Now().Add(24 * time.Hour)}
		if err := sqlstore.NewSessionService(db).CreateRefreshToken(ctx, rt); err != nil {
			b.Fatal(err)
		}
		tok, _, err := e.issuer.Issue(u.ID, rt.FamilyID, false)
		if err != nil {
			b.Fatal(err)
		}
		tokens = append(tokens, tok)
	}
	return tokens
}

// Bodies of a benchmark user's requests: a chat starts with a pitch, then
// weak answers follow (scored and answered like any other, never ending the
// chat); after turnsPerChat turns the user starts a new chat, as real chats
// are short.
const (
	startBody    = `{"mode":"Übung","difficulty":3,"message":"Hallo, ich stelle Ihnen CloudKasse vor.","productOverride":"CloudKasse – ein Kassensystem für Cafés."}`
	turnBody     = `{"conversationId":%q,"message":"Das ist doch gar nicht teuer.","productOverride":"CloudKasse – ein Kassensystem für Cafés."}`
	turnsPerChat = 20
)

// weakAssessment is the fake model's verdict on every benchmark answer: weak,
// so a chat never ends during a benchmark.
const weakAssessment = `{"techniques":[` +
	`{"key":"acknowledge","label":"x","reason":"fehlt","shown":false},{"key":"question","label":"x","reason":"fehlt","shown":false},` +
	`{"key":"benefit","label":"x","reason":"fehlt","shown":false},{"key":"evidence","label":"x","reason":"fehlt","shown":false},` +
	`{"key":"next_step","label":"x","reason":"fehlt","shown":false},{"key":"formality","label":"x","reason":"passt","shown":true},` +
	`{"key":"tone","label":"x","reason":"knapp","shown":false}],"score":10}`

// BenchmarkChatTurn measures the server's own cost of a chat turn (HTTP,
// auth, storage, scoring state, XP) with a zero-latency model, as p50 and
// p99 latency. With think=0 every user sends again at once (saturation:
// ns/op is the inverse of throughput); with think=1s each user pauses a
// second between messages — still ten times faster than anyone types. On
// PostgreSQL the server runs as in production there: rate limits kept in
// the database and live updates sent with pg_notify.
func BenchmarkChatTurn(b *testing.B) {
	for _, dbName := range []string{"sqlite", "postgres"} {
		for _, engine := range []string{"builtin", "openai-fake"} {
			for _, load := range []struct {
				users int
				think time.Duration
			}{{1, 0}, {50, 0}, {50, time.Second}, {200, time.Second}} {
				name := fmt.Sprintf("db=%s/engine=%s/users=%d/think=%s", dbName, engine, load.users, load.think)
				b.Run(name, func(b *testing.B) {
					var db *sqlstore.DB
					if dbName == "sqlite" {
						db = sqlstoretest.NewSQLite(b)
					} else {
						db = sqlstoretest.NewPostgres(b)
					}
					opts := []envOption{func(cfg *httpapi.Config, deps *httpapi.Deps) {
						cfg.ChatPerMinute = 1 << 30
						if dbName == "postgres" {
							// As in production on PostgreSQL: rate limits
							// shared by all processes.
							deps.Limiter = sqlstore.NewRateLimiter(db)
						}
					}}
					if engine == "openai-fake" {
						fake := openaitest.New(b)
						fake.Reply("Hm, das überzeugt mich noch nicht.")
						fake.OnSchema(openai.SchemaAssessment, func(openaitest.Request) string { return weakAssessment })
						opts = append(opts, func(_ *httpapi.Config, deps *httpapi.Deps) {
							eng, err := openai.New(openai.Config{BaseURL: fake.URL(), Model: "bench"})
							if err != nil {
								b.Fatal(err)
							}
							deps.Training.Engine = eng
						})
					}
					e := newEnv(b, db, opts...)
					if dbName == "postgres" {
						// As in production on PostgreSQL: live updates are
						// also sent to other processes (pg_notify).
						realtime.NewBridge(e.hub, db.SQL(), "", slog.New(slog.DiscardHandler))
					}
					tokens := benchUsers(b, e, db, load.users)
					client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: load.users}}
					latencies := make([]time.Duration, b.N)
					var next atomic.Int64
					var wg sync.WaitGroup
					pool, cpu := db.SQL().Stats(), cpuTime()
					b.ResetTimer()
					for u := range load.users {
						wg.Add(1)
						go func() {
							defer wg.Done()
							conv, turns := "", 0
							rng := rand.New(rand.NewPCG(uint64(u), 42))
							// Users arrive spread over one think time and pause
							// 0.5–1.5 think times: people do not type in lockstep.
							pause := func() time.Duration { return time.Duration((0.5 + rng.Float64()) * float64(load.think)) }
							if load.think > 0 {
								time.Sleep(time.Duration(rng.Float64() * float64(load.think)))
							}
							for {
								i := next.Add(1) - 1
								if i >= int64(b.N) {
									return
								}
								body := fmt.Sprintf(turnBody, conv)
								if conv == "" || turns == turnsPerChat {
									body, turns = startBody, 0
								}
								req, _ := http.NewRequest("POST", e.srv.URL+"/api/chat", strings.NewReader(body))
								req.Header.Set("Content-Type", "application/json")
								req.Header.Set("Authorization", "Bearer "+tokens[u])
								start := time.Now()
								res, err := client.Do(req)
								if err != nil {
									b.Error(err)
									return
								}
								var answer struct{ ConversationID string }
								err = json.NewDecoder(res.Body).Decode(&answer)
								res.Body.Close()
								latencies[i] = time.Since(start)
								if res.StatusCode != 200 || err != nil {
									b.Errorf("status %d, %v", res.StatusCode, err)
									return
								}
								conv, turns = answer.ConversationID, turns+1
								if load.think > 0 {
									// Pacing models a person between messages; it is not
									// part of any measured interval.
									time.Sleep(pause())
								}
							}
						}()
					}
					wg.Wait()
					b.StopTimer()
					slices.Sort(latencies)
					b.ReportMetric(ms(latencies[len(latencies)/2]), "p50-ms")
					b.ReportMetric(ms(latencies[len(latencies)*99/100]), "p99-ms")
					// Turns that waited for a free database connection, and
					// how long on average: the pool must not be what the
					// slowest turns queue behind.
					after := db.SQL().Stats()
					b.ReportMetric(float64(after.WaitCount-pool.WaitCount)/float64(b.N), "pool-waits/op")
					b.ReportMetric(ms(after.WaitDuration-pool.WaitDuration)/float64(b.N), "pool-wait-ms/op")
					// The CPU time of this process (server, load generator and
					// model fake; not PostgreSQL) per turn: steadier than the
					// latencies on a machine shared with other work.
					b.ReportMetric(ms(cpuTime()-cpu)/float64(b.N), "cpu-ms/op")
				})
			}
		}
	}
}

// BenchmarkFirstTokenToBrowser measures the time from the engine handing the
// server its first token to the browser reading the first SSE token event.
// The engine is the production OpenAI client against the local fake; the
// wrapper only notes when the first piece arrives and passes everything on.
func BenchmarkFirstTokenToBrowser(b *testing.B) {
	db := sqlstoretest.NewSQLite(b)
	fake := openaitest.New(b)
	fake.Reply("Guten Tag. Ehrlich gesagt ist mir das zu teuer, was kostet das denn im Monat?")
	var firstEmit atomic.Int64
	e := newEnv(b, db, func(cfg *httpapi.Config, deps *httpapi.Deps) {
		cfg.ChatPerMinute = 1 << 30
		eng, err := openai.New(openai.Config{BaseURL: fake.URL(), Model: "bench"})
		if err != nil {
			b.Fatal(err)
		}
		deps.Training.Engine = firstTokenClock{Engine: eng, at: &firstEmit}
	})
	tokens := benchUsers(b, e, db, 1)
	added := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		// A new chat: the opening turn is a pure reply, with no assessment
		// before it.
		firstEmit.Store(0)
		req, _ := http.NewRequest("POST", e.srv.URL+"/api/chat", strings.NewReader(`{"mode":"Prüfung","message":"Hallo!"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Authorization", "Bearer "+tokens[0])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "event: token") {
				added = append(added, time.Since(time.Unix(0, firstEmit.Load())))
				break
			}
		}
		_, _ = bufio.NewReader(res.Body).WriteTo(discard{})
		res.Body.Close()
		b.StopTimer()
		b.StartTimer()
	}
	b.StopTimer()
	slices.Sort(added)
	b.ReportMetric(float64(added[len(added)/2].Microseconds())/1000, "p50-added-ms")
	b.ReportMetric(float64(added[len(added)*99/100].Microseconds())/1000, "p99-added-ms")
}

// firstTokenClock passes every call to Engine and notes when Reply's first
// piece arrives.
type firstTokenClock struct {
	coach.Engine
	at *atomic.Int64
}

func (f firstTokenClock) Reply(ctx context.Context, in coach.Input, plan coach.ReplyPlan, emit func(string)) (string, coach.Usage, error) {
	if emit == nil {
		return f.Engine.Reply(ctx, in, plan, nil)
	}
	return f.Engine.Reply(ctx, in, plan, func(piece string) {
		f.at.CompareAndSwap(0, time.Now().UnixNano())
		emit(piece)
	})
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// cpuTime is the user and system CPU time this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
