package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// composeFile is the part of compose.yaml the checks below read.
type composeFile struct {
	Services map[string]struct {
		Image           string            `yaml:"image"`
		Build           any               `yaml:"build"`
		Environment     map[string]string `yaml:"environment"`
		Ports           []string          `yaml:"ports"`
		Secrets         []string          `yaml:"secrets"`
		Volumes         []string          `yaml:"volumes"`
		StopGracePeriod string            `yaml:"stop_grace_period"`
		DependsOn       any               `yaml:"depends_on"`
	} `yaml:"services"`
	Secrets map[string]struct {
		File string `yaml:"file"`
	} `yaml:"secrets"`
	Volumes map[string]any `yaml:"volumes"`
}

// TestDeploymentFiles checks compose.yaml, deploy/Caddyfile and the
// Dockerfile against each other and against the server's settings, on every
// test run (deploy/test-image.sh builds and runs them, but needs root and
// Podman, so it is no part of make test): both replicas get the same
// database and token secret from files, every variable is a real setting,
// the replicas publish no port (metrics stay private), Docker waits out the
// graceful shutdown, and Caddy balances over exactly the replicas, checks
// /readyz and streams without buffering.
func TestDeploymentFiles(t *testing.T) {
	raw, err := os.ReadFile("../../compose.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var c composeFile
	if err := yaml.Unmarshal(raw, &c); err != nil {
		t.Fatalf("compose.yaml: %v", err)
	}
	known := map[string]bool{}
	for _, s := range settings {
		known[s.env] = true
		if s.secret {
			known[s.env+"_FILE"] = true
		}
	}
	var replicas []string
	for name, svc := range c.Services {
		if svc.Image != "salescoach:latest" {
			continue
		}
		replicas = append(replicas, name)
		if svc.Build == nil {
			t.Errorf("%s: not built from the Dockerfile", name)
		}
		for k := range svc.Environment {
			if !known[k] {
				t.Errorf("%s: %s is not a setting of salescoach serve", name, k)
			}
		}
		if svc.Environment["DATABASE_URL_FILE"] != "/run/secrets/database_url" || svc.Environment["JWT_SECRET_FILE"] != "/run/secrets/jwt_secret" {
			t.Errorf("%s: the database and token secret must come from the shared secret files: %v", name, svc.Environment)
		}
		if len(svc.Ports) > 0 {
			t.Errorf("%s publishes %v: only Caddy is reachable from outside", name, svc.Ports)
		}
		if !strings.HasPrefix(svc.Environment["METRICS_ADDR"], ":") || svc.Environment["METRICS_ADDR"] == ":8080" {
			t.Errorf("%s: METRICS_ADDR %q must be its own port", name, svc.Environment["METRICS_ADDR"])
		}
		delay, err1 := time.ParseDuration(svc.Environment["SHUTDOWN_DELAY"])
		timeout, err2 := time.ParseDuration(svc.Environment["SHUTDOWN_TIMEOUT"])
		grace, err3 := time.ParseDuration(svc.StopGracePeriod)
		if err1 != nil || err2 != nil || err3 != nil || grace <= delay+timeout {
			t.Errorf("%s: stop_grace_period %q must exceed SHUTDOWN_DELAY + SHUTDOWN_TIMEOUT", name, svc.StopGracePeriod)
		}
		for _, s := range svc.Secrets {
			if c.Secrets[s].File == "" {
				t.Errorf("%s: secret %s is not declared", name, s)
			}
		}
		if len(svc.Volumes) != 1 || !strings.HasSuffix(svc.Volumes[0], ":/data") {
			t.Errorf("%s: volumes %v, want the shared data volume at /data", name, svc.Volumes)
		}
	}
	if len(replicas) != 2 {
		t.Fatalf("replicas %v, want two", replicas)
	}
	for _, need := range []string{"postgres", "caddy"} {
		if _, ok := c.Services[need]; !ok {
			t.Errorf("no %s service", need)
		}
	}
	if p := c.Services["caddy"].Ports; len(p) == 0 || p[0] != "80:80" {
		t.Errorf("caddy ports %v", p)
	}

	caddyfile, err := os.ReadFile("../../deploy/Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*reverse_proxy ([^{]+)\{`).FindSubmatch(caddyfile)
	if m == nil {
		t.Fatal("Caddyfile: no reverse_proxy block")
	}
	upstreams := strings.Fields(string(m[1]))
	for _, r := range replicas {
		found := false
		for _, u := range upstreams {
			found = found || u == r+":8080"
		}
		if !found {
			t.Errorf("Caddyfile: replica %s is not an upstream of %v", r, upstreams)
		}
	}
	if len(upstreams) != len(replicas) {
		t.Errorf("Caddyfile upstreams %v, replicas %v", upstreams, replicas)
	}
	for _, directive := range []string{"flush_interval -1", "health_uri /readyz", "lb_try_duration"} {
		if !regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(directive)).Match(caddyfile) {
			t.Errorf("Caddyfile lacks %q", directive)
		}
	}

	dockerfile, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`CMD ["/usr/local/bin/salescoach", "healthcheck"]`, "USER 65532", `VOLUME ["/data"]`, "DATA_DIR=/data", "CGO_ENABLED=0"} {
		if !strings.Contains(string(dockerfile), want) {
			t.Errorf("Dockerfile lacks %q", want)
		}
	}
}
