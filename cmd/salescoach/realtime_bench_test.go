package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"salescoach/realtime"
)

// rssKB reads a process's resident set size from /proc.
func rssKB(b *testing.B, pid int) int {
	b.Helper()
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.Fields(rest)[0])
			return n
		}
	}
	b.Fatal("no VmRSS")
	return 0
}

// openFilesMargin is what the limit of open files must leave besides the
// streams, in each of the two processes: the server's listener, database
// files, log and poller, the test's own files.
const openFilesMargin = 100

// raiseOpenFileLimit raises this process's soft limit of open files to its
// hard limit and returns it. Go does the same at start-up (since 1.19) in
// every Go program, the server too; done here so the count is known, and so
// the server, which inherits it, starts with it as well. Beyond the hard
// limit only a process with CAP_SYS_RESOURCE may go.
func raiseOpenFileLimit(b *testing.B) int {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		b.Fatal(err)
	}
	if l.Cur < l.Max {
		l.Cur = l.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
			b.Fatal(err)
		}
	}
	return int(min(l.Max, 1<<30))
}

// BenchmarkIdleRealtimeConnections holds 10 000 idle live-update streams
// (REALTIME_STREAMS overrides the number; "max" is the most the limit of
// open files allows) on one server process (the real binary, as its own
// process, so its memory is its own) and reports the process's resident
// memory before and after. The streams belong to guests of
// realtime.DefaultMaxPerUser streams each, the most one user may hold. Each
// stream is a socket in both processes, so the count is bounded by the hard
// limit of open files (`ulimit -Hn`) less openFilesMargin; the benchmark
// raises the soft limit to the hard one and refuses a count beyond it.
func BenchmarkIdleRealtimeConnections(b *testing.B) {
	limit := raiseOpenFileLimit(b)
	conns := 10000
	if v := os.Getenv("REALTIME_STREAMS"); v == "max" {
		conns = limit - openFilesMargin
	} else if n, err := strconv.Atoi(v); err == nil && n > 0 {
		conns = n
	}
	if conns+openFilesMargin > limit {
		b.Fatalf("%d streams need %d open files in each process; the hard limit here is %d (ulimit -Hn), "+
			"so at most %d fit (REALTIME_STREAMS=max)", conns, conns+openFilesMargin, limit, limit-openFilesMargin)
	}
	dir := b.TempDir()
	bin := filepath.Join(dir, "salescoach")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	port := 18000 + os.Getpid()%1000
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	cmd := exec.Command(bin, "serve")
	users := (conns + realtime.DefaultMaxPerUser - 1) / realtime.DefaultMaxPerUser
	cmd.Env = append(os.Environ(), "ADDR=127.0.0.1:"+strconv.Itoa(port), "DATA_DIR="+dir, "LOG_LEVEL=error",
		"SIGNUP_LIMIT_PER_HOUR="+strconv.Itoa(users))
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	for i := 0; ; i++ {
		if res, err := http.Get(base + "/healthz"); err == nil {
			res.Body.Close()
			break
		}
		if i > 300 {
			b.Fatal("server did not start")
		}
		time.Sleep(20 * time.Millisecond) // polling start-up, not timing a result
	}
	tokens := make([]string, users)
	for i := range tokens {
		res, err := http.Post(base+"/api/auth/anonymous", "application/json", bytes.NewReader(nil))
		if err != nil {
			b.Fatal(err)
		}
		var sess struct {
			AccessToken string `json:"access_token"`
		}
		_ = json.NewDecoder(res.Body).Decode(&sess)
		res.Body.Close()
		if sess.AccessToken == "" {
			b.Fatalf("guest %d: status %d", i, res.StatusCode)
		}
		tokens[i] = sess.AccessToken
	}
	before := rssKB(b, cmd.Process.Pid)

	// One loopback address has about 28 000 ephemeral ports; spread the
	// streams over several source addresses (all of 127/8 is local).
	var dials atomic.Int64
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		n := dials.Add(1)
		d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 1, byte(1+n/20000))}}
		return d.DialContext(ctx, network, addr)
	}
	client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0, MaxIdleConnsPerHost: conns, DialContext: dial}}
	var ready sync.WaitGroup
	var bodies []*http.Response
	var mu sync.Mutex
	sem := make(chan struct{}, 50)
	b.ResetTimer()
	for i := range conns {
		ready.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem }()
			req, _ := http.NewRequest("GET", base+"/api/realtime", nil)
			req.Header.Set("Authorization", "Bearer "+tokens[i%users])
			res, err := client.Do(req)
			if err != nil {
				b.Error(err)
				ready.Done()
				return
			}
			line, _ := bufio.NewReader(res.Body).ReadString('\n')
			if !strings.HasPrefix(line, "event: ready") {
				b.Errorf("first line %q", line)
			}
			mu.Lock()
			bodies = append(bodies, res)
			mu.Unlock()
			ready.Done()
		}()
	}
	ready.Wait()
	b.StopTimer()
	after := rssKB(b, cmd.Process.Pid)
	b.ReportMetric(float64(len(bodies)), "streams")
	b.ReportMetric(float64(limit), "nofile-limit")
	b.ReportMetric(float64(before)/1024, "rss-before-MB")
	b.ReportMetric(float64(after)/1024, "rss-after-MB")
	b.ReportMetric(float64(after-before)/float64(len(bodies)), "KB/stream")
	for _, r := range bodies {
		r.Body.Close()
	}
}
