// Command compare runs the /api/me comparison of make bench-floor: the
// floor (bench/floor), Sales Coach and, when built, PocketBase, one at a
// time on loopback, several rounds alternating, each measured with
// bench/load (GET and PATCH of the own record, N requests at C
// concurrent). It prints every measurement, the ratios per round and their
// medians against the targets of issue 30, with the load average.
//
// With -base, a second Sales Coach binary (main's, say) runs in the same
// rounds on its own database, for an A/B in one sitting.
//
// Usage: compare -load BIN -floor BIN -ours BIN [-base BIN] [-pb BIN] [-pg ADMINURL]
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

var (
	loadBin  = flag.String("load", "", "load generator binary")
	floorBin = flag.String("floor", "", "floor binary")
	oursBin  = flag.String("ours", "", "salescoach binary")
	baseBin  = flag.String("base", "", "a second salescoach binary measured in the same rounds (optional, A/B)")
	pbBin    = flag.String("pb", "", "PocketBase binary (optional)")
	pgAdmin  = flag.String("pg", "", "PostgreSQL admin URL: compare on PostgreSQL (floor on pgx) instead of SQLite")
	rounds   = flag.Int("rounds", 3, "rounds")
	total    = flag.Int("n", 3000, "requests per measurement")
	conc     = flag.Int("c", 50, "concurrent clients")
	warmup   = flag.Int("warmup", 300, "unmeasured GET requests after each start")
	port     = flag.Int("port", 19580, "first of the loopback ports (one per server)")
	workDir  = flag.String("dir", "", "working folder (default: a new temporary one)")
)

// target is one server under test.
type target struct {
	name  string
	start func(dir string, port int) (*exec.Cmd, error)
	// prepare signs in after start: the URL of the own record, the PATCH
	// body and the headers for load.
	prepare func(base string) (url, body, header string, err error)
	// db is the PostgreSQL database the server uses ("" on SQLite): the
	// CPU time of its backends is counted as the database's.
	db string
}

type result struct {
	rps, p99 float64
	// cpu and dbCPU are the CPU time per request, in µs, of the server
	// process and of its PostgreSQL backends: unlike throughput they hardly
	// depend on what else runs on the machine.
	cpu, dbCPU float64
	line       string
}

func main() {
	flag.Parse()
	if *loadBin == "" || *floorBin == "" || *oursBin == "" {
		flag.Usage()
		os.Exit(2)
	}
	dir := *workDir
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "bench-floor-"); err != nil {
			fail(err)
		}
		defer os.RemoveAll(dir)
	}
	var targets []target
	floorDB, oursDB, baseDB := filepath.Join(dir, "floor.db"), "", ""
	if *pgAdmin != "" {
		for _, name := range []string{"bench_floor", "bench_ours", "bench_base"} {
			if out, err := exec.Command(*floorBin, "createdb", *pgAdmin, name).CombinedOutput(); err != nil {
				fail(fmt.Errorf("createdb %s: %v %s", name, err, out))
			}
		}
		floorDB, oursDB, baseDB = withDB(*pgAdmin, "bench_floor"), withDB(*pgAdmin, "bench_ours"), withDB(*pgAdmin, "bench_base")
	}
	targets = append(targets, target{name: "floor",
		start: func(_ string, port int) (*exec.Cmd, error) {
			return startCmd(exec.Command(*floorBin, floorDB, addr(port)), filepath.Join(dir, "floor.log"))
		},
		db: dbName(floorDB),
		prepare: func(base string) (string, string, string, error) {
			out, err := exec.Command(*floorBin, floorDB, "token").Output()
			if err != nil {
				return "", "", "", fmt.Errorf("floor token: %w", err)
			}
			return base + "/me", `{"display_name":"n{i}"}`, "Authorization:Bearer " + strings.TrimSpace(string(out)), nil
		}})
	targets = append(targets, salescoachTarget("salescoach", *oursBin, oursDB, dir))
	if *baseBin != "" {
		targets = append(targets, salescoachTarget("base", *baseBin, baseDB, dir))
	}
	if *pbBin != "" && *pgAdmin == "" {
		pbDir := filepath.Join(dir, "pb")
		targets = append(targets, target{name: "pocketbase",
			start: func(_ string, port int) (*exec.Cmd, error) {
				if out, err := exec.Command(*pbBin, "superuser", "upsert", "admin@bench.local", "bench-password-1", "--dir", pbDir).CombinedOutput(); err != nil {
					return nil, fmt.Errorf("pocketbase superuser: %v %s", err, out)
				}
				return startCmd(exec.Command(*pbBin, "serve", "--http", addr(port), "--dir", pbDir), filepath.Join(dir, "pb.log"))
			},
			prepare: func(base string) (string, string, string, error) {
				// The users record is created once (later rounds find it).
				_ = postJSON(base+"/api/collections/users/records", "", map[string]any{"email": "user@bench.local",
					"password": "bench-password-1", "passwordConfirm": "bench-password-1", "name": "x"}, nil)
				var auth struct {
					Token  string `json:"token"`
					Record struct {
						ID string `json:"id"`
					} `json:"record"`
				}
				if err := postJSON(base+"/api/collections/users/auth-with-password", "",
					map[string]any{"identity": "user@bench.local", "password": "bench-password-1"}, &auth); err != nil {
					return "", "", "", err
				}
				return base + "/api/collections/users/records/" + auth.Record.ID, `{"name":"n{i}"}`, "Authorization:Bearer " + auth.Token, nil
			}})
	}

	db := "SQLite (WAL, synchronous NORMAL)"
	if *pgAdmin != "" {
		db = "PostgreSQL (floor on pgx)"
	}
	fmt.Printf("bench-floor %s, %s, %d rounds, %d requests at %d concurrent, %d warm-up GETs per start, GOMAXPROCS of the servers: default\n",
		time.Now().UTC().Format("2006-01-02 15:04 MST"), db, *rounds, *total, *conc, *warmup)
	fmt.Printf("load average at start: %s\n", loadavg())
	res := map[string]map[string][]result{} // op -> target -> rounds
	for round := 1; round <= *rounds; round++ {
		order := make([]int, len(targets))
		for i := range order {
			order[i] = i
		}
		if *baseBin != "" && round%2 == 0 {
			// The A/B pair runs in the other order every second round,
			// so neither always follows the floor.
			order[1], order[2] = 2, 1
		}
		for _, i := range order {
			t, p := targets[i], *port+i
			r, err := measure(t, dir, p)
			if err != nil {
				fail(fmt.Errorf("round %d, %s: %w", round, t.name, err))
			}
			for _, op := range []string{"GET", "PATCH"} {
				x := r[op]
				if res[op] == nil {
					res[op] = map[string][]result{}
				}
				res[op][t.name] = append(res[op][t.name], x)
				fmt.Printf("round %d %-10s %-5s %s  (load %s)\n", round, t.name, op, x.line, loadavg())
			}
		}
	}
	fmt.Printf("load average at end: %s\n\n", loadavg())
	ok := true
	for _, op := range []string{"GET", "PATCH"} {
		fl, ours, pb := res[op]["floor"], res[op]["salescoach"], res[op]["pocketbase"]
		var rf, pf, rp, pp []float64
		fmt.Printf("%s /api/me\n", op)
		cpuLine := "  CPU per request, median of the rounds (server + PostgreSQL backends):"
		for _, name := range []string{"floor", "salescoach", "base", "pocketbase"} {
			if rs := res[op][name]; len(rs) > 0 {
				var c, d []float64
				for _, x := range rs {
					c, d = append(c, x.cpu), append(d, x.dbCPU)
				}
				cpuLine += fmt.Sprintf(" %s %.0f + %.0f µs;", name, median(c), median(d))
			}
		}
		fmt.Println(strings.TrimSuffix(cpuLine, ";"))
		for i := range ours {
			line := fmt.Sprintf("  round %d: ours %6.0f req/s p99 %6.2f ms | floor %6.0f p99 %6.2f | ours/floor %.2f, p99 %.2f×",
				i+1, ours[i].rps, ours[i].p99, fl[i].rps, fl[i].p99, ours[i].rps/fl[i].rps, ours[i].p99/fl[i].p99)
			rf, pf = append(rf, ours[i].rps/fl[i].rps), append(pf, ours[i].p99/fl[i].p99)
			if len(pb) > i {
				line += fmt.Sprintf(" | PocketBase %6.0f p99 %6.2f | ours/PB %.2f, p99 %.2f×", pb[i].rps, pb[i].p99, ours[i].rps/pb[i].rps, ours[i].p99/pb[i].p99)
				rp, pp = append(rp, ours[i].rps/pb[i].rps), append(pp, ours[i].p99/pb[i].p99)
			}
			fmt.Println(line)
		}
		verdict := func(good bool) string {
			if good {
				return "met"
			}
			ok = false
			return "NOT met"
		}
		fmt.Printf("  median: ours/floor throughput %.2f (target ≥ 0.50: %s), p99 %.2f× the floor's (target ≤ 3: %s)\n",
			median(rf), verdict(median(rf) >= 0.5), median(pf), verdict(median(pf) <= 3))
		if base := res[op]["base"]; len(base) > 0 {
			var bf, bp, ob []float64
			for i := range base {
				fmt.Printf("  round %d: base %6.0f req/s p99 %6.2f ms | base/floor %.2f, p99 %.2f× | ours/base %.2f\n",
					i+1, base[i].rps, base[i].p99, base[i].rps/fl[i].rps, base[i].p99/fl[i].p99, ours[i].rps/base[i].rps)
				bf, bp, ob = append(bf, base[i].rps/fl[i].rps), append(bp, base[i].p99/fl[i].p99), append(ob, ours[i].rps/base[i].rps)
			}
			fmt.Printf("  median: base/floor throughput %.2f, p99 %.2f× the floor's; ours/base throughput %.2f\n",
				median(bf), median(bp), median(ob))
		}
		if len(rp) > 0 {
			fmt.Printf("  median: ours/PocketBase throughput %.2f (target ≥ 2.5: %s), p99 %.2f× PocketBase's (target < 1: %s)\n",
				median(rp), verdict(median(rp) >= 2.5), median(pp), verdict(median(pp) < 1))
		}
	}
	if *pbBin == "" && *pgAdmin == "" {
		fmt.Println("PocketBase: not built, not compared")
	}
	if !ok {
		fmt.Println("\nsome targets are not met (on a busy machine the ratios say little: see the load average)")
	}
}

// salescoachTarget is a Sales Coach binary on its own data folder (and
// database, when db names one).
func salescoachTarget(name, bin, db, dir string) target {
	return target{name: name,
		start: func(_ string, port int) (*exec.Cmd, error) {
			cmd := exec.Command(bin, "serve")
			cmd.Env = append(os.Environ(), "ADDR="+addr(port), "DATA_DIR="+filepath.Join(dir, name),
				"JWT_SECRET="+strings.Repeat("b", 40), "SIGNUP_LIMIT_PER_HOUR=1000")
			if db != "" {
				cmd.Env = append(cmd.Env, "DATABASE_URL="+db)
			}
			return startCmd(cmd, filepath.Join(dir, name+".log"))
		},
		prepare: func(base string) (string, string, string, error) {
			// A guest account, created and signed in through the API; a
			// fresh one each round, so its 15-minute token is fresh.
			var sess struct {
				AccessToken string `json:"access_token"`
			}
			if err := postJSON(base+"/api/auth/anonymous", "", map[string]any{}, &sess); err != nil {
				return "", "", "", err
			}
			return base + "/api/me", `{"display_name":"n{i}"}`, "Authorization:Bearer " + sess.AccessToken, nil
		},
		db: dbName(db)}
}

// measure starts t, warms it up, measures GET and PATCH and stops it.
func measure(t target, dir string, port int) (map[string]result, error) {
	cmd, err := t.start(dir, port)
	if err != nil {
		return nil, err
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	base := "http://" + addr(port)
	if err := waitUp(base); err != nil {
		return nil, err
	}
	url, body, header, err := t.prepare(base)
	if err != nil {
		return nil, err
	}
	if *warmup > 0 {
		if _, err := runLoad("GET", url, "", header, *warmup); err != nil {
			return nil, err
		}
	}
	out := map[string]result{}
	for _, op := range []string{"GET", "PATCH"} {
		b := ""
		if op == "PATCH" {
			b = body
		}
		cpu0, db0 := cpuTicks(cmd.Process.Pid), dbTicks(t.db)
		r, err := runLoad(op, url, b, header, *total)
		if err != nil {
			return nil, err
		}
		r.cpu = float64(cpuTicks(cmd.Process.Pid)-cpu0) * tickMicros / float64(*total)
		r.dbCPU = float64(dbTicks(t.db)-db0) * tickMicros / float64(*total)
		r.line += fmt.Sprintf(" cpu=%.0fµs/req", r.cpu)
		if t.db != "" {
			r.line += fmt.Sprintf(" db-cpu=%.0fµs/req", r.dbCPU)
		}
		out[op] = r
	}
	return out, nil
}

var loadLine = regexp.MustCompile(`rps=(\d+) p50=([\d.]+)ms p99=([\d.]+)ms errors=(\d+) non2xx=(\d+)`)

func runLoad(method, url, body, header string, n int) (result, error) {
	args := []string{"-m", method, "-u", url, "-H", header, "-n", strconv.Itoa(n), "-c", strconv.Itoa(*conc)}
	if body != "" {
		args = append(args, "-b", body)
	}
	out, err := exec.Command(*loadBin, args...).Output()
	if err != nil {
		return result{}, fmt.Errorf("load: %w", err)
	}
	line := strings.TrimSpace(string(out))
	m := loadLine.FindStringSubmatch(line)
	if m == nil {
		return result{}, fmt.Errorf("load printed %q", line)
	}
	if m[4] != "0" || m[5] != "0" {
		return result{}, fmt.Errorf("failed requests: %s", line)
	}
	rps, _ := strconv.ParseFloat(m[1], 64)
	p99, _ := strconv.ParseFloat(m[3], 64)
	return result{rps: rps, p99: p99, line: line}, nil
}

func startCmd(cmd *exec.Cmd, logFile string) (*exec.Cmd, error) {
	f, err := os.OpenFile(logFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return cmd, nil
}

// waitUp polls until the server answers HTTP at all (start-up, not a
// measurement).
func waitUp(base string) error {
	for range 600 {
		if res, err := http.Get(base + "/"); err == nil {
			res.Body.Close()
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return errors.New("did not start within 30 s")
}

func postJSON(url, token string, in any, out any) error {
	b, _ := json.Marshal(in)
	req, _ := http.NewRequest("POST", url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode >= 300 {
		return fmt.Errorf("POST %s: %d %.300s", url, res.StatusCode, raw)
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// tickMicros is one clock tick of /proc/PID/stat in µs (USER_HZ is 100 on
// Linux).
const tickMicros = 1e6 / 100

// cpuTicks is the user + system CPU time of a process so far, in clock
// ticks (0 when it cannot be read).
func cpuTicks(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name in parentheses may hold spaces; fields 14 and 15
	// (utime, stime) count from after it.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return u + st
}

// dbTicks sums cpuTicks over the PostgreSQL backends of database db, found
// by their process title ("postgres: … USER DB HOST(PORT) state"); 0 for
// "". Backends that end during a measurement take their time with them;
// the servers keep their pool's connections open under load.
func dbTicks(db string) int64 {
	if db == "" {
		return 0
	}
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	var n int64
	for _, p := range procs {
		b, err := os.ReadFile(p)
		if err != nil || !bytes.HasPrefix(b, []byte("postgres: ")) || !bytes.Contains(b, []byte(" "+db+" ")) {
			continue
		}
		pid, _ := strconv.Atoi(strings.Split(p, "/")[2])
		n += cpuTicks(pid)
	}
	return n
}

// dbName is the database name of a postgres:// URL, "" for anything else.
func dbName(url string) string {
	if !strings.HasPrefix(url, "postgres://") && !strings.HasPrefix(url, "postgresql://") {
		return ""
	}
	head, _, _ := strings.Cut(url, "?")
	return head[strings.LastIndex(head, "/")+1:]
}

func addr(port int) string { return "127.0.0.1:" + strconv.Itoa(port) }

// withDB replaces the database name of a postgres:// URL.
func withDB(url, name string) string {
	head, query, _ := strings.Cut(url, "?")
	if i := strings.LastIndex(head, "/"); i > len("postgres://") {
		head = head[:i]
	}
	if query != "" {
		return head + "/" + name + "?" + query
	}
	return head + "/" + name
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:3], " ")
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench-floor:", err)
	os.Exit(1)
}
