package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

const (
	slowTests    = 15
	slowPackages = 8
	slowFiles    = 10
)

// report prints the phases' times, the slowest Go packages and tests and
// the slowest vitest files from what dir holds; a part whose file is
// missing is left out (a phase that did not run has no times).
func report(w io.Writer, dir string) error {
	fmt.Fprintln(w, "\n== test times ==")
	if err := reportPhases(w, filepath.Join(dir, "phases")); err != nil {
		return err
	}
	if err := reportGo(w, filepath.Join(dir, "go.jsonl")); err != nil {
		return err
	}
	return reportVitest(w, filepath.Join(dir, "vitest.json"))
}

// readOptional reads the file at path; a missing one is no error, it
// reads as nothing (that part of the run did not happen).
func readOptional(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return b, err
}

func reportPhases(w io.Writer, path string) error {
	b, err := readOptional(path)
	if err != nil || b == nil {
		return err
	}
	var last, first float64
	for i, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		name, at, ok := strings.Cut(line, " ")
		t, err := strconv.ParseFloat(strings.TrimSpace(at), 64)
		if !ok || err != nil {
			return fmt.Errorf("%s: bad line %q", path, line)
		}
		if i == 0 {
			first, last = t, t
			continue
		}
		fmt.Fprintf(w, "phase %-10s %s\n", name, dur(t-last))
		last = t
	}
	fmt.Fprintf(w, "phase %-10s %s\n", "total", dur(last-first))
	return nil
}

func reportGo(w io.Writer, path string) error {
	b, err := readOptional(path)
	if err != nil || b == nil {
		return err
	}
	var pkgs, tests []timing
	for _, line := range bytes.Split(b, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var t timing
		if err := json.Unmarshal(line, &t); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		switch {
		case t.Test == "":
			pkgs = append(pkgs, t)
		case !strings.Contains(t.Test, "/"):
			// Top-level tests: a subtest's time is inside its parent's.
			tests = append(tests, t)
		}
	}
	// go test runs a package more than once (the trainer's harness with and
	// without -race): each run is listed.
	bySeconds := func(ts []timing) {
		sort.SliceStable(ts, func(i, j int) bool { return ts[i].Seconds > ts[j].Seconds })
	}
	bySeconds(pkgs)
	bySeconds(tests)
	fmt.Fprintf(w, "slowest Go packages (%d run):\n", len(pkgs))
	for _, p := range pkgs[:min(slowPackages, len(pkgs))] {
		fmt.Fprintf(w, "  %8s  %s\n", dur(p.Seconds), p.Package)
	}
	fmt.Fprintf(w, "slowest Go tests (%d run):\n", len(tests))
	for _, t := range tests[:min(slowTests, len(tests))] {
		fmt.Fprintf(w, "  %8s  %s %s\n", dur(t.Seconds), strings.TrimPrefix(t.Package, "salescoach/"), t.Test)
	}
	return nil
}

// vitestReport is the part of vitest's json reporter output read here.
type vitestReport struct {
	TestResults []struct {
		Name      string  `json:"name"`
		StartTime float64 `json:"startTime"`
		EndTime   float64 `json:"endTime"`
	} `json:"testResults"`
}

func reportVitest(w io.Writer, path string) error {
	b, err := readOptional(path)
	if err != nil || b == nil {
		return err
	}
	var r vitestReport
	if err := json.Unmarshal(b, &r); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	files := r.TestResults
	sort.SliceStable(files, func(i, j int) bool { return files[i].EndTime-files[i].StartTime > files[j].EndTime-files[j].StartTime })
	fmt.Fprintf(w, "slowest vitest files (%d run):\n", len(files))
	for _, f := range files[:min(slowFiles, len(files))] {
		name := f.Name
		if i := strings.Index(name, "/web/"); i >= 0 {
			name = name[i+len("/web/"):]
		}
		fmt.Fprintf(w, "  %8s  %s\n", dur((f.EndTime-f.StartTime)/1000), name)
	}
	return nil
}

// dur prints seconds as "1m05s", "14.2s" or "0.35s".
func dur(s float64) string {
	d := time.Duration(s * float64(time.Second))
	switch {
	case d < 10*time.Second:
		return fmt.Sprintf("%.2fs", d.Seconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
}
