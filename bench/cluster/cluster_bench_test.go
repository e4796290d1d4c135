package cluster

import (
	"context"
	crand "crypto/rand"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"salescoach"
	"salescoach/auth"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// Settings of a run, from the environment (defaults in brackets):
// CLUSTER_PROXY (caddy) or nginx, CLUSTER_USERS (200), CLUSTER_DURATION of
// the chatting (60s; one process is killed half-way), CLUSTER_THINK, the
// mean pause between a user's messages (3s; each pause is 0.5–1.5 times it,
// which keeps a user under the 30 chat messages a minute the server allows),
// and CLUSTER_BIN, a salescoach binary to use instead of building one.
type settings struct {
	proxy    string
	users    int
	duration time.Duration
	think    time.Duration
	bin      string
}

func readSettings(b *testing.B) settings {
	s := settings{proxy: "caddy", users: 200, duration: time.Minute, think: 3 * time.Second, bin: os.Getenv("CLUSTER_BIN")}
	if v := os.Getenv("CLUSTER_PROXY"); v != "" {
		s.proxy = v
	}
	if v := os.Getenv("CLUSTER_USERS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 5000 {
			b.Fatalf("CLUSTER_USERS=%q: must be a number from 1 to 5000", v)
		}
		s.users = n
	}
	for env, p := range map[string]*time.Duration{"CLUSTER_DURATION": &s.duration, "CLUSTER_THINK": &s.think} {
		if v := os.Getenv(env); v != "" {
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				b.Fatalf("%s=%q: must be a duration such as 60s", env, v)
			}
			*p = d
		}
	}
	return s
}

// Chat bodies: a practice chat about one product; every message of a user
// is a different text, so that a resend of one turn and the next turn are
// told apart in the stored chat.
const (
	product      = "CloudKasse – ein Kassensystem für Cafés."
	turnsPerChat = 10
	benchPlan    = "bench-elite"
)

// BenchmarkCluster runs three processes of the real binary on one fresh
// PostgreSQL database behind a real reverse proxy on loopback and measures:
//
//  1. quota: a user at quota−1 sends 20 chat starts at once through the
//     proxy (spread over the processes): exactly one may succeed;
//  2. load: the simulated users chat (streamed replies, as the app) for
//     CLUSTER_DURATION; half-way one process is killed with SIGKILL, and
//     the users carry on through the others (the client's retry policy is
//     in client_test.go); turn latency p50/p99 and errors are reported;
//  3. nothing lost: afterwards every message the client saw acknowledged is
//     in the database, and each chat's messages alternate user/customer;
//  4. two tabs: 20 users send two different answers to one chat at once,
//     one to each surviving process; reported, not judged, since
//     cross-process turn serialisation is a separate change.
//
// It needs TEST_DATABASE_URL and the proxy's binary, and is skipped without
// them. Run it with -benchtime 1x: one run is the whole scenario.
func BenchmarkCluster(b *testing.B) {
	if os.Getenv(sqlstoretest.EnvURL) == "" {
		b.Skipf("set %s to run the cluster benchmark", sqlstoretest.EnvURL)
	}
	s := readSettings(b)
	if _, ok := proxyBinaries[s.proxy]; !ok {
		b.Fatalf("CLUSTER_PROXY=%q: must be caddy or nginx", s.proxy)
	}
	if _, err := os.Stat(proxyBinaries[s.proxy]); err != nil {
		b.Skipf("%s is not installed (%v)", s.proxy, err)
	}
	for range b.N {
		runCluster(b, s)
	}
}

// proc is one app process.
type proc struct {
	addr string
	cmd  *exec.Cmd
	log  string
}

func runCluster(b *testing.B, s settings) {
	ctx := context.Background()
	dir := b.TempDir()
	started := time.Now()
	bin := s.bin
	if bin == "" {
		bin = filepath.Join(dir, "salescoach")
		if out, err := exec.Command("go", "build", "-o", bin, "salescoach/cmd/salescoach").CombinedOutput(); err != nil {
			b.Fatalf("build: %v\n%s", err, out)
		}
	}
	dbURL := sqlstoretest.NewPostgresURL(b)
	proxyPort := freePort(b)
	base := fmt.Sprintf("http://127.0.0.1:%d", proxyPort)
	secret := crand.Text() + crand.Text() // 52 characters; JWT_SECRET needs at least 32

	procs := make([]*proc, 3)
	var backends []string
	for i := range procs {
		p := &proc{addr: fmt.Sprintf("127.0.0.1:%d", freePort(b)), log: filepath.Join(dir, fmt.Sprintf("app%d.log", i+1))}
		data := filepath.Join(dir, fmt.Sprintf("data%d", i+1))
		logf, err := os.Create(p.log)
		if err != nil {
			b.Fatal(err)
		}
		p.cmd = exec.Command(bin, "serve")
		p.cmd.Stdout, p.cmd.Stderr = logf, logf
		p.cmd.Env = append(os.Environ(), "ADDR="+p.addr, "DATA_DIR="+data, "DATABASE_URL="+dbURL,
			"JWT_SECRET="+secret, "PUBLIC_URL="+base, "LOG_LEVEL=warn",
			// Rate limits see the simulated users' own addresses.
			"TRUSTED_PROXY_HEADER=X-Forwarded-For", "TRUSTED_PROXIES=127.0.0.1/32",
			"PAYPAL_PLAN_ELITE="+benchPlan)
		if err := p.cmd.Start(); err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() {
			_ = p.cmd.Process.Signal(syscall.SIGTERM)
			_ = p.cmd.Wait()
			logf.Close()
			if b.Failed() {
				tail, _ := os.ReadFile(p.log)
				b.Logf("%s log:\n%s", p.addr, lastLines(string(tail), 30))
			}
		})
		procs[i] = p
		backends = append(backends, p.addr)
		// The database comes migrated (sqlstoretest's template); each
		// process finds nothing to migrate, as in a rolling deployment.
		waitHealthy(b, "http://"+p.addr)
	}
	proxyDir := filepath.Join(dir, "proxy")
	if err := os.MkdirAll(proxyDir, 0o700); err != nil {
		b.Fatal(err)
	}
	pcmd := proxyCommand(b, s.proxy, proxyDir, proxyPort, backends)
	plog, err := os.Create(filepath.Join(proxyDir, "proxy.log"))
	if err != nil {
		b.Fatal(err)
	}
	pcmd.Stdout, pcmd.Stderr = plog, plog
	if err := pcmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_ = pcmd.Process.Signal(syscall.SIGTERM)
		_ = pcmd.Wait()
		plog.Close()
	})
	waitHealthy(b, base)

	db, err := sqlstore.Open(ctx, dbURL)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	// The three processes hold up to 3×21 connections; the benchmark's own
	// checks need few.
	db.SQL().SetMaxOpenConns(4)
	c := newClient(base, s.users+50)
	users := seedUsers(b, db, s.users+1)
	quotaUser, users := users[0], users[1:]
	login(b, c, append([]*user{quotaUser}, users...))
	setup := time.Since(started)
	c.spread()

	quota := quotaRace(b, ctx, db, c, quotaUser)
	quotaSpread := c.spread()

	load := chat(b, s, c, users, procs[1])
	loadSpread := c.spread()

	lost, err := checkStored(ctx, db, load.acks)
	if err != nil {
		b.Fatal(err)
	}
	if lost.missing > 0 {
		b.Errorf("%d acknowledged messages are not stored", lost.missing)
	}

	// The tabs go straight to the two surviving processes: through the
	// proxy, both answers of a chat may land on one process, where turns are
	// serialised already.
	tabs := twoTabs(b, c, [2]*client{newClient("http://"+procs[0].addr, 50), newClient("http://"+procs[2].addr, 50)},
		users[:min(20, len(users))], db)

	report(b, s, setup, quota, named(quotaSpread, procs), load, named(loadSpread, procs), lost, tabs, "app2", c.proxyTry,
		proxyErrors(proxyDir, procs))
}

// named replaces the processes' addresses in spread by app1, app2, app3;
// "(none)" counts answers of the proxy itself (a 502 when a process died
// under a request).
func named(spread map[string]int, procs []*proc) string {
	var parts []string
	for i, p := range procs {
		parts = append(parts, fmt.Sprintf("app%d %d", i+1, spread[p.addr]))
		delete(spread, p.addr)
	}
	for k, n := range spread {
		parts = append(parts, fmt.Sprintf("%s %d", k, n))
	}
	return strings.Join(parts, ", ")
}

// proxyErrors summarises the error lines of the proxy's logs: how many, and
// the first few, with the processes' addresses named.
func proxyErrors(dir string, procs []*proc) string {
	var lines []string
	for _, name := range []string{"proxy.log", "error.log"} {
		raw, _ := os.ReadFile(filepath.Join(dir, name))
		for _, l := range strings.Split(string(raw), "\n") {
			if strings.Contains(l, "[error]") || strings.Contains(l, `"level":"error"`) {
				for i, p := range procs {
					l = strings.ReplaceAll(l, p.addr, fmt.Sprintf("app%d", i+1))
				}
				lines = append(lines, l[:min(len(l), 200)])
			}
		}
	}
	out := fmt.Sprintf("%d error lines", len(lines))
	for _, l := range lines[:min(3, len(lines))] {
		out += "\n  " + l
	}
	return out
}

// freePort asks the kernel for a free loopback port.
func freePort(b *testing.B) int {
	b.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// waitHealthy polls /healthz until it answers 200.
func waitHealthy(b *testing.B, base string) {
	b.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		if time.Now().After(deadline) {
			b.Fatalf("%s did not become healthy: %v", base, err)
		}
		time.Sleep(50 * time.Millisecond) // polling start-up, not timing a result
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// seedUsers creates n confirmed users with one password, all but the first
// on the Elite plan (so the quota never stops the load). Creating them
// through the store saves the mail round trip of a sign-up; they still sign
// in through the proxy.
func seedUsers(b *testing.B, db *sqlstore.DB, n int) []*user {
	b.Helper()
	ctx := context.Background()
	hash, err := auth.HashPassword(benchPassword)
	if err != nil {
		b.Fatal(err)
	}
	users := sqlstore.NewUserService(db)
	subs := sqlstore.NewSubscriptionService(db)
	out := make([]*user, n)
	now := time.Now()
	for i := range out {
		email := fmt.Sprintf("cluster%d@example.com", i)
		u, err := users.CreateUser(ctx, salescoach.NewUser{Email: email, PasswordHash: hash, EmailConfirmed: true, TermsAccepted: true})
		if err != nil {
			b.Fatal(err)
		}
		if i > 0 {
			if err := subs.UpsertSubscription(ctx, &salescoach.Subscription{UserID: u.ID, PayPalID: "I-CLUSTER" + u.ID,
				PlanID: benchPlan, Status: "ACTIVE", UpdateTime: now, CreatedAt: now}); err != nil {
				b.Fatal(err)
			}
		}
		// Each user comes from an address of their own in 10.0.0.0/8.
		out[i] = &user{id: u.ID, email: email, addr: fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255+1)}
	}
	return out
}

const benchPassword = "cluster-bench-password"

// login signs every user in through the proxy, eight at a time.
func login(b *testing.B, c *client, users []*user) {
	b.Helper()
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for _, u := range users {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			var sess struct {
				AccessToken string `json:"access_token"`
			}
			if _, err := c.do(u, "POST", "/api/auth/login",
				map[string]any{"email": u.email, "password": benchPassword}, false, &sess); err != nil || sess.AccessToken == "" {
				b.Errorf("login %s: %v", u.email, err)
				return
			}
			u.token = sess.AccessToken
		}()
	}
	wg.Wait()
	if b.Failed() {
		b.FailNow()
	}
}

// quotaResult is what the 20 concurrent chat starts got.
type quotaResult struct {
	started, limited, other int
	otherCodes              []string
	stored                  int // chat starts in the database afterwards
	quota                   int
}

// quotaRace brings the free user to quota−1 through the store, then
// releases 20 chat starts at once through the proxy.
func quotaRace(b *testing.B, ctx context.Context, db *sqlstore.DB, c *client, u *user) quotaResult {
	b.Helper()
	const racers = 20
	quota := salescoach.PlanQuota(salescoach.PlanFree)
	convs := sqlstore.NewConversationService(db)
	for range quota - 1 {
		conv := &salescoach.Conversation{UserID: u.id, Mode: salescoach.ModePractice, Difficulty: 1, TotalStages: 1, Title: "vorher"}
		if err := convs.StartConversation(ctx, conv, quota, time.Time{}); err != nil {
			b.Fatal(err)
		}
	}
	res := quotaResult{quota: quota}
	var mu sync.Mutex
	together(racers, func(i int) {
		var a answer
		_, err := c.do(u, "POST", "/api/chat", map[string]any{"mode": salescoach.ModePractice, "difficulty": 1,
			"message": fmt.Sprintf("Hallo, Start %d.", i), "productOverride": product}, false, &a)
		mu.Lock()
		defer mu.Unlock()
		var ae *apiError
		switch {
		case err == nil:
			res.started++
		case errors.As(err, &ae) && ae.Status == http.StatusTooManyRequests && ae.Code == "chat_limit":
			res.limited++
		default:
			res.other++
			res.otherCodes = append(res.otherCodes, err.Error())
		}
	})
	n, err := convs.CountChatStarts(ctx, u.id, time.Time{})
	if err != nil {
		b.Fatal(err)
	}
	res.stored = n
	if res.started != 1 || res.limited != racers-1 || n != quota {
		b.Errorf("quota race: %d started, %d at the limit, %d other %v, %d starts stored; want 1, %d, 0, %d",
			res.started, res.limited, res.other, res.otherCodes, n, racers-1, quota)
	}
	return res
}

// together runs fn(0) … fn(n-1) in goroutines released at the same moment
// and waits for all of them.
func together(n int, fn func(i int)) {
	var wg sync.WaitGroup
	release := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-release
			fn(i)
		}()
	}
	close(release)
	wg.Wait()
}

// ack is a turn the client saw answered: both messages must be stored.
type ack struct {
	user, conversation, userMessage, assistantMessage string
}

// loadResult is what the chatting phase measured.
type loadResult struct {
	before, after []time.Duration // turn latencies (first attempt to answer) started before / after the kill
	turns, errors int
	retried       int // turns that needed more than one attempt
	errorKinds    map[string]int
	acks          []ack
	killAt        time.Duration

	// Live-update streams: those on the killed process at the kill, how
	// many of them were opened again on another process, and how many of
	// their users then received changes (their own turns, stored by the
	// other processes) on it; and of all users who chatted after the kill,
	// how many received changes after it.
	streamsOnVictim, reopened, victimChanges int
	chattedAfterKill, changesAfterKill       int
}

// chat lets every user chat for s.duration and kills victim half-way.
func chat(b *testing.B, s settings, c *client, users []*user, victim *proc) loadResult {
	b.Helper()
	res := loadResult{errorKinds: map[string]int{}}
	var mu sync.Mutex
	var killed atomic.Bool
	res.killAt = s.duration / 2

	// Every user holds a live-update stream, as the app does.
	liveCtx, stopLive := context.WithCancel(context.Background())
	streams := make([]*liveStream, len(users))
	var liveWG sync.WaitGroup
	for i, u := range users {
		streams[i] = &liveStream{}
		liveWG.Add(1)
		go func() { defer liveWG.Done(); c.live(liveCtx, u, streams[i], &killed) }()
	}
	for i := 0; ; i++ {
		open := 0
		for _, ls := range streams {
			ls.mu.Lock()
			if ls.opened > 0 {
				open++
			}
			ls.mu.Unlock()
		}
		if open == len(streams) {
			break
		}
		if i > 600 {
			b.Fatalf("only %d of %d live-update streams opened", open, len(streams))
		}
		time.Sleep(50 * time.Millisecond) // polling start-up, not timing a result
	}
	start := time.Now()
	end := start.Add(s.duration)
	turnsAfterKill := make([]int, len(users))
	var wg sync.WaitGroup
	for i, u := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 15))
			pause := func() time.Duration { return time.Duration((0.5 + rng.Float64()) * float64(s.think)) }
			// Users arrive spread over one think time; pauses model a person
			// between messages and are not part of any measured interval.
			time.Sleep(time.Duration(rng.Float64() * float64(s.think)))
			conv, turns, n := "", 0, 0
			for time.Now().Before(end) {
				n++
				body := map[string]any{"conversationId": conv, "productOverride": product,
					"message": fmt.Sprintf("Das ist doch gar nicht teuer, Antwort %d.", n)}
				if conv == "" {
					body = map[string]any{"mode": salescoach.ModePractice, "difficulty": 3, "productOverride": product,
						"message": fmt.Sprintf("Hallo, ich stelle Ihnen CloudKasse vor (%d).", n)}
				}
				afterKill := killed.Load()
				t0 := time.Now()
				var a answer
				attempts, err := c.do(u, "POST", "/api/chat", body, true, &a)
				took := time.Since(t0)
				mu.Lock()
				res.turns++
				if attempts > 1 {
					res.retried++
				}
				if err != nil {
					res.errors++
					res.errorKinds[err.Error()]++
				} else {
					if afterKill {
						res.after = append(res.after, took)
						turnsAfterKill[i]++
					} else {
						res.before = append(res.before, took)
					}
					res.acks = append(res.acks, ack{u.id, a.ConversationID, a.UserMessageID, a.AssistantMessageID})
				}
				mu.Unlock()
				switch {
				case err != nil && conv == "":
				case err != nil:
					// The chat may be in any state now; the person starts anew.
					conv, turns = "", 0
				default:
					conv, turns = a.ConversationID, turns+1
					if a.Completed || turns >= turnsPerChat {
						conv, turns = "", 0
					}
				}
				time.Sleep(pause())
			}
		}()
	}
	time.Sleep(res.killAt) // the scenario's schedule, not a measurement
	onVictim := make([]bool, len(streams))
	for i, ls := range streams {
		ls.mu.Lock()
		onVictim[i] = ls.upstream == victim.addr
		ls.mu.Unlock()
	}
	if err := victim.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		b.Fatal(err)
	}
	killed.Store(true)
	wg.Wait()
	stopLive()
	liveWG.Wait()
	for i, ls := range streams {
		if turnsAfterKill[i] > 0 {
			res.chattedAfterKill++
			if ls.afterKill > 0 {
				res.changesAfterKill++
			}
		}
		if onVictim[i] {
			res.streamsOnVictim++
			if ls.opened > 1 && ls.upstream != victim.addr {
				res.reopened++
			}
			if ls.afterKill > 0 {
				res.victimChanges++
			}
		}
	}
	if res.errors > 0 {
		b.Errorf("%d of %d turns failed: %v", res.errors, res.turns, res.errorKinds)
	}
	return res
}

// lostResult is what the database holds of the acknowledged turns.
type lostResult struct {
	conversations, messages int
	missing                 int // acknowledged messages not stored
	notAlternating          int // chats whose stored messages do not alternate
	repeated                int // user messages stored twice in a row (a resend after a lost answer)
}

// checkStored looks up every chat of acks in the database: are the
// acknowledged messages there, and do the chat's messages alternate?
func checkStored(ctx context.Context, db *sqlstore.DB, acks []ack) (lostResult, error) {
	byConv := map[string][]ack{}
	for _, a := range acks {
		byConv[a.conversation] = append(byConv[a.conversation], a)
	}
	convs := sqlstore.NewConversationService(db)
	var res lostResult
	for id, as := range byConv {
		msgs, err := convs.Messages(ctx, id)
		if err != nil {
			return res, err
		}
		res.conversations++
		res.messages += len(msgs)
		stored := map[string]bool{}
		for _, m := range msgs {
			stored[m.ID] = true
		}
		for _, a := range as {
			for _, m := range []string{a.userMessage, a.assistantMessage} {
				if m != "" && !stored[m] {
					res.missing++
				}
			}
		}
		alt, rep := alternation(msgs)
		if !alt {
			res.notAlternating++
		}
		res.repeated += rep
	}
	return res, nil
}

// alternation reports whether msgs alternate user, customer, user, ...
// (system messages, such as the completion note, aside) and how many user
// messages repeat the text of the one before them.
func alternation(msgs []*salescoach.Message) (bool, int) {
	ok, repeated := true, 0
	want, lastUser := salescoach.RoleUser, ""
	for _, m := range msgs {
		if m.Role != salescoach.RoleUser && m.Role != salescoach.RoleAssistant {
			continue
		}
		if m.Role != want {
			ok = false
		}
		if m.Role == salescoach.RoleUser {
			if m.Content == lastUser {
				repeated++
			}
			lastUser = m.Content
			want = salescoach.RoleAssistant
		} else {
			want = salescoach.RoleUser
		}
	}
	return ok, repeated
}

// tabsResult is what two concurrent answers to one chat got.
type tabsResult struct {
	chats, answered, refused, failed int
	refusals                         map[string]int
	alternating                      int
	missing                          int
}

// twoTabs starts one chat per user through the proxy and then sends two
// different answers to it at once, as two tabs would, one through each of
// tabs, all users together.
func twoTabs(b *testing.B, c *client, tabs [2]*client, users []*user, db *sqlstore.DB) tabsResult {
	b.Helper()
	res := tabsResult{chats: len(users), refusals: map[string]int{}}
	convIDs := make([]string, len(users))
	for i, u := range users {
		var a answer
		if _, err := c.do(u, "POST", "/api/chat", map[string]any{"mode": salescoach.ModePractice, "difficulty": 3,
			"productOverride": product, "message": "Hallo, zwei Tabs."}, false, &a); err != nil {
			b.Fatalf("two tabs: start: %v", err)
		}
		convIDs[i] = a.ConversationID
	}
	var mu sync.Mutex
	var acks []ack
	together(2*len(users), func(j int) {
		i, tab := j/2, j%2
		u := users[i]
		var a answer
		_, err := tabs[tab].do(u, "POST", "/api/chat", map[string]any{"conversationId": convIDs[i], "productOverride": product,
			"message": fmt.Sprintf("Antwort aus Tab %d.", tab+1)}, false, &a)
		mu.Lock()
		defer mu.Unlock()
		var ae *apiError
		switch {
		case err == nil:
			res.answered++
			acks = append(acks, ack{u.id, a.ConversationID, a.UserMessageID, a.AssistantMessageID})
		case errors.As(err, &ae) && ae.Status < 500:
			res.refused++
			res.refusals[fmt.Sprintf("%d %s", ae.Status, ae.Code)]++
		default:
			res.failed++
			res.refusals[err.Error()]++
		}
	})
	for _, id := range convIDs {
		// Every chat is checked, also one where both answers failed.
		acks = append(acks, ack{conversation: id})
	}
	stored, err := checkStored(context.Background(), db, acks)
	if err != nil {
		b.Fatal(err)
	}
	res.missing = stored.missing
	res.alternating = res.chats - stored.notAlternating
	return res
}

func percentile(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	return d[min(len(d)-1, len(d)*p/100)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func report(b *testing.B, s settings, setup time.Duration, q quotaResult, qSpread string, l loadResult,
	lSpread string, lost lostResult, tabs tabsResult, victim string, proxyTries int, proxyLog string) {
	all := append(append([]time.Duration{}, l.before...), l.after...)
	var sb strings.Builder
	fmt.Fprintf(&sb, "\n== cluster: 3 processes behind %s, %d users, %s chatting (think %s), set-up %s ==\n",
		s.proxy, s.users, s.duration, s.think, setup.Round(time.Second))
	fmt.Fprintf(&sb, "quota race (20 starts at %d/%d used): %d started, %d refused with chat_limit, %d other %v; starts stored %d; answers per process: %s\n",
		q.quota-1, q.quota, q.started, q.limited, q.other, q.otherCodes, q.stored, qSpread)
	fmt.Fprintf(&sb, "turns: %d, errors %d %v, retried by the client %d, answers the proxy retried itself %d\n",
		l.turns, l.errors, l.errorKinds, l.retried, proxyTries)
	fmt.Fprintf(&sb, "turn latency all: p50 %.1f ms, p99 %.1f ms, max %.1f ms\n", ms(percentile(all, 50)), ms(percentile(all, 99)), ms(percentile(all, 100)))
	fmt.Fprintf(&sb, "  before the kill: %d turns, p50 %.1f ms, p99 %.1f ms\n", len(l.before), ms(percentile(l.before, 50)), ms(percentile(l.before, 99)))
	fmt.Fprintf(&sb, "  after the kill at %s (%s): %d turns, p50 %.1f ms, p99 %.1f ms\n", l.killAt, victim, len(l.after), ms(percentile(l.after, 50)), ms(percentile(l.after, 99)))
	fmt.Fprintf(&sb, "answers per process: %s\n", lSpread)
	fmt.Fprintf(&sb, "live-update streams: %d on the killed process, %d opened again on another, %d of their users received changes after the kill; of %d users who chatted after the kill, %d received changes after it\n",
		l.streamsOnVictim, l.reopened, l.victimChanges, l.chattedAfterKill, l.changesAfterKill)
	fmt.Fprintf(&sb, "stored: %d chats, %d messages; acknowledged but missing %d; chats not alternating %d; user messages stored twice in a row %d\n",
		lost.conversations, lost.messages, lost.missing, lost.notAlternating, lost.repeated)
	fmt.Fprintf(&sb, "two tabs (%d chats, 2 answers each at once): %d answered, %d refused, %d failed %v; chats alternating %d/%d; acknowledged but missing %d\n",
		tabs.chats, tabs.answered, tabs.refused, tabs.failed, tabs.refusals, tabs.alternating, tabs.chats, tabs.missing)
	fmt.Fprintf(&sb, "proxy log: %s\n", proxyLog)
	fmt.Fprint(os.Stdout, sb.String())
	b.ReportMetric(ms(percentile(all, 50)), "p50-ms")
	b.ReportMetric(ms(percentile(all, 99)), "p99-ms")
	b.ReportMetric(float64(l.turns), "turns")
	b.ReportMetric(float64(l.errors), "errors")
	b.ReportMetric(float64(q.started), "quota-starts")
	b.ReportMetric(float64(lost.missing), "lost")
}
