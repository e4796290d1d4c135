package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action     string
	Package    string
	Test       string
	Elapsed    float64
	Output     string
	ImportPath string // build-output and build-fail
}

// timing is one line of go.jsonl: a package's or a test's time.
type timing struct {
	Package string  `json:"package"`
	Test    string  `json:"test,omitempty"`
	Seconds float64 `json:"seconds"`
	Failed  bool    `json:"failed,omitempty"`
}

// convert reads go test's JSON events from r and prints to w what go test
// prints without -v: each package's result line and everything a failed
// test or package said. It appends the times to dir/go.jsonl and reports
// whether anything failed. Lines that are not JSON (go vet's or the
// toolchain's own messages) are printed as they come.
func convert(r io.Reader, w io.Writer, dir string) (failed bool, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return false, err
	}
	f, err := os.OpenFile(filepath.Join(dir, "go.jsonl"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return false, err
	}
	defer f.Close()
	out := bufio.NewWriter(w)
	defer out.Flush()
	times := json.NewEncoder(f)
	// Each top-level test's output, its subtests' included, held until it
	// ends: printed when any of it failed, dropped when it passed.
	held := map[string][]string{}
	bad := map[string]bool{}
	flush := func(key string) {
		for _, o := range held[key] {
			fmt.Fprint(out, o)
		}
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		var e event
		if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &e) != nil {
			fmt.Fprintf(out, "%s\n", line)
			continue
		}
		top, _, _ := strings.Cut(e.Test, "/")
		key := e.Package + "\x00" + top
		switch e.Action {
		case "build-output":
			fmt.Fprint(out, e.Output)
		case "build-fail":
			failed = true
		case "output":
			if strings.HasPrefix(e.Output, "=== ") || e.Output == "PASS\n" {
				// -json runs verbosely; go test without -v prints neither.
				continue
			}
			if e.Test == "" {
				// The package's own lines: "ok …", "FAIL …", a panic in
				// TestMain.
				fmt.Fprint(out, e.Output)
				continue
			}
			held[key] = append(held[key], e.Output)
		case "pass", "fail", "skip":
			if e.Action == "fail" {
				failed = true
				bad[key] = true
			}
			if e.Action != "skip" {
				if err := times.Encode(timing{Package: e.Package, Test: e.Test, Seconds: e.Elapsed, Failed: e.Action == "fail"}); err != nil {
					return failed, err
				}
			}
			switch {
			case e.Test == "":
				// The package ended: tests that never did (a panic, the
				// timeout) say why.
				for k := range held {
					if strings.HasPrefix(k, e.Package+"\x00") {
						if e.Action == "fail" {
							flush(k)
						}
						delete(held, k)
					}
				}
				out.Flush()
			case e.Test == top:
				if bad[key] {
					flush(key)
				}
				delete(held, key)
				delete(bad, key)
			}
		}
	}
	return failed, sc.Err()
}
