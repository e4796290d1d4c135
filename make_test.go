package salescoach_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// makeDryRun runs `make -n target` in the repository with CHROMIUM_PATH set,
// free of any make that runs this test.
func makeDryRun(t *testing.T, target, chromium string) (string, error) {
	t.Helper()
	return makeWith(t, chromium, "-n", target)
}

// makeWith runs make with args like makeDryRun.
func makeWith(t *testing.T, chromium string, args ...string) (string, error) {
	t.Helper()
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed")
	}
	cmd := exec.Command("make", args...)
	for _, kv := range os.Environ() {
		switch strings.SplitN(kv, "=", 2)[0] {
		case "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "CHROMIUM_PATH":
			continue
		}
		cmd.Env = append(cmd.Env, kv)
	}
	cmd.Env = append(cmd.Env, "CHROMIUM_PATH="+chromium)
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// A newcomer without Chromium learns in one line, before anything is built,
// how to get one (the end-to-end tests would fail with a launch error).
func TestMakeTestStopsEarlyWithoutChromium(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "chromium")
	for _, target := range []string{"test", "test-e2e"} {
		out, err := makeDryRun(t, target, missing)
		if err == nil {
			t.Fatalf("make -n %s without Chromium succeeded:\n%s", target, out)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 1 {
			t.Fatalf("make -n %s without Chromium printed %d lines, want one:\n%s", target, len(lines), out)
		}
		for _, want := range []string{missing, "apt-get install chromium", "CHROMIUM_PATH"} {
			if !strings.Contains(lines[0], want) {
				t.Errorf("make -n %s: %q does not say %q", target, lines[0], want)
			}
		}
	}

	// Any executable will do for the check (make -n runs nothing).
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	if out, err := makeDryRun(t, "test", sh); err != nil || strings.Contains(out, "need Chromium") {
		t.Fatalf("make -n test with CHROMIUM_PATH=%s: %v\n%s", sh, err, out)
	}
}

// `make build` also builds the PayPal stand-in the end-to-end tests start
// beside the app (e2e/fakes/paypal.ts).
func TestMakeBuildBuildsThePayPalFake(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	// -B: as if nothing were built yet; -n: only print the commands.
	out, err := makeWith(t, sh, "-n", "-B", "build")
	if err != nil {
		t.Fatalf("make -n -B build: %v\n%s", err, out)
	}
	if !strings.Contains(out, "-o bin/paypalfake ./cmd/paypalfake") {
		t.Fatalf("make build does not build bin/paypalfake:\n%s", out)
	}
}
