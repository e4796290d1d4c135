package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A run as go test -json prints it: a passing and a failing test, a
// subtest, a package that does not build.
const events = `{"Action":"start","Package":"salescoach/a"}
{"Action":"run","Package":"salescoach/a","Test":"TestOK"}
{"Action":"output","Package":"salescoach/a","Test":"TestOK","Output":"=== RUN   TestOK\n"}
{"Action":"output","Package":"salescoach/a","Test":"TestOK","Output":"    a_test.go:5: quiet when it passes\n"}
{"Action":"pass","Package":"salescoach/a","Test":"TestOK","Elapsed":1.5}
{"Action":"run","Package":"salescoach/a","Test":"TestBad"}
{"Action":"output","Package":"salescoach/a","Test":"TestBad","Output":"=== RUN   TestBad\n"}
{"Action":"run","Package":"salescoach/a","Test":"TestBad/sqlite"}
{"Action":"output","Package":"salescoach/a","Test":"TestBad/sqlite","Output":"    a_test.go:9: got 2, want 3\n"}
{"Action":"fail","Package":"salescoach/a","Test":"TestBad/sqlite","Elapsed":7}
{"Action":"output","Package":"salescoach/a","Test":"TestBad","Output":"--- FAIL: TestBad (7.00s)\n"}
{"Action":"fail","Package":"salescoach/a","Test":"TestBad","Elapsed":7.25}
{"Action":"output","Package":"salescoach/a","Output":"FAIL\n"}
{"Action":"output","Package":"salescoach/a","Output":"FAIL\tsalescoach/a\t9.0s\n"}
{"Action":"fail","Package":"salescoach/a","Elapsed":9}
{"ImportPath":"salescoach/b [salescoach/b.test]","Action":"build-output","Output":"b/b.go:3:1: syntax error\n"}
{"ImportPath":"salescoach/b [salescoach/b.test]","Action":"build-fail"}
{"Action":"output","Package":"salescoach/c","Output":"PASS\n"}
{"Action":"output","Package":"salescoach/c","Output":"ok  \tsalescoach/c\t61.0s\n"}
{"Action":"pass","Package":"salescoach/c","Elapsed":61}
`

func TestConvertPrintsWhatGoTestWouldAndKeepsTheTimes(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	failed, err := convert(strings.NewReader(events+"# a line that is no JSON\n"), &out, dir)
	if err != nil || !failed {
		t.Fatalf("convert: failed %v, err %v; want failed", failed, err)
	}
	got := out.String()
	for _, want := range []string{"got 2, want 3", "--- FAIL: TestBad", "FAIL\tsalescoach/a\t9.0s", "b/b.go:3:1: syntax error", "ok  \tsalescoach/c\t61.0s", "# a line that is no JSON"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	for _, not := range []string{"quiet when it passes", "=== RUN", "PASS\n"} {
		if strings.Contains(got, not) {
			t.Errorf("output has %q:\n%s", not, got)
		}
	}

	if err := os.WriteFile(filepath.Join(dir, "phases"), []byte("start 1000\nbuild 1090\nvet 1095.5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	vitest := `{"testResults":[{"name":"/x/web/src/a.test.tsx","startTime":1000,"endTime":4500},{"name":"/x/web/src/b.test.ts","startTime":1000,"endTime":1200}]}`
	if err := os.WriteFile(filepath.Join(dir, "vitest.json"), []byte(vitest), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := report(&out, dir); err != nil {
		t.Fatal(err)
	}
	rep := out.String()
	for _, want := range []string{"phase build      1m30s", "phase vet        5.50s", "phase total      1m35s",
		"1m01s  salescoach/c", "7.25s  a TestBad", "1.50s  a TestOK", "3.50s  src/a.test.tsx"} {
		if !strings.Contains(rep, want) {
			t.Errorf("report lacks %q:\n%s", want, rep)
		}
	}
	if strings.Contains(rep, "TestBad/sqlite") || strings.Index(rep, "TestBad") > strings.Index(rep, "TestOK") {
		t.Errorf("report lists subtests or not slowest first:\n%s", rep)
	}
	if strings.Index(rep, "a.test.tsx") > strings.Index(rep, "b.test.ts") {
		t.Errorf("vitest files not slowest first:\n%s", rep)
	}
}

func TestReportWithoutTimesSaysSoBriefly(t *testing.T) {
	var out bytes.Buffer
	if err := report(&out, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(out.String()) != "== test times ==" {
		t.Fatalf("report of an empty folder: %q", out.String())
	}
}
