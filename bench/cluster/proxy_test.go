package cluster

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// proxyBinaries are the Debian packages' reverse proxies the benchmark can
// put in front of the processes.
var proxyBinaries = map[string]string{"caddy": "/usr/bin/caddy", "nginx": "/usr/sbin/nginx"}

// upstreamHeader is the response header in which the proxy names the
// process (host:port) that answered, so the benchmark can count how requests
// spread. nginx lists every process it tried, comma-separated.
const upstreamHeader = "X-Upstream"

// proxyCommand writes the proxy's configuration into dir and returns the
// command that runs it in the foreground on 127.0.0.1:port in front of
// backends (host:port each).
//
// Both configurations: round-robin over the processes; replies not
// buffered, so streamed chat replies and live updates pass through at once;
// a process that fails a request is left out for 10 s (passive health
// check); the client's X-Forwarded-For is kept and the proxy's own peer
// appended, as a proxy behind a trusted load balancer does. A request
// already sent to a process that dies is not resent by either (it may not be
// idempotent): the proxy answers 502.
//
// They differ in how a dead process is found. nginx sends a request whose
// connection cannot be made to the next process (proxy_next_upstream).
// Caddy 2.6.2 must not: when it retries a request with a body on the next
// process it sends the body empty or closed (the first attempt consumed it),
// and counts that failure against the healthy process, which then leaves
// the pool too (seen here: one of the two survivors got no request for the
// rest of a run; with buffer_requests every process was out for seconds at a
// time, "no upstreams available"). So the
// Caddyfile has no lb_try_duration, and an active health check (/healthz
// every second) takes a dead process out instead; the one request that
// finds it first gets a 502, which the client retries.
func proxyCommand(tb testing.TB, kind, dir string, port int, backends []string) *exec.Cmd {
	tb.Helper()
	var cmd *exec.Cmd
	switch kind {
	case "caddy":
		conf := filepath.Join(dir, "Caddyfile")
		write(tb, conf, caddyfile(port, backends))
		cmd = exec.Command(proxyBinaries[kind], "run", "--config", conf, "--adapter", "caddyfile")
		// Caddy keeps state under these folders; none of it is wanted here.
		cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_CONFIG_HOME="+dir)
	case "nginx":
		conf := filepath.Join(dir, "nginx.conf")
		write(tb, conf, nginxConf(dir, port, backends, os.Geteuid() == 0))
		cmd = exec.Command(proxyBinaries[kind], "-p", dir, "-c", conf, "-e", filepath.Join(dir, "error.log"))
	default:
		tb.Fatalf("CLUSTER_PROXY=%q: must be caddy or nginx", kind)
	}
	return cmd
}

func caddyfile(port int, backends []string) string {
	return fmt.Sprintf(`{
	admin off
	auto_https off
}

http://:%d {
	bind 127.0.0.1
	reverse_proxy %s {
		lb_policy round_robin
		fail_duration 10s
		max_fails 1
		health_uri /healthz
		health_interval 1s
		health_timeout 1s
		flush_interval -1
		trusted_proxies 127.0.0.1/32
		header_down %s {http.reverse_proxy.upstream.hostport}
	}
}
`, port, strings.Join(backends, " "), upstreamHeader)
}

// nginxConf is the nginx configuration. Run as root, nginx's workers would
// drop to nobody and could not write the temporary folders the test created,
// so they stay root then.
func nginxConf(dir string, port int, backends []string, root bool) string {
	var b strings.Builder
	if root {
		b.WriteString("user root root;\n")
	}
	fmt.Fprintf(&b, `daemon off;
master_process on;
worker_processes 1;
pid %[1]s/nginx.pid;
events { worker_connections 4096; }
http {
	access_log off;
	client_body_temp_path %[1]s/client_body;
	proxy_temp_path %[1]s/proxy;
	fastcgi_temp_path %[1]s/fastcgi;
	uwsgi_temp_path %[1]s/uwsgi;
	scgi_temp_path %[1]s/scgi;
	upstream app {
`, dir)
	for _, be := range backends {
		fmt.Fprintf(&b, "\t\tserver %s max_fails=1 fail_timeout=10s;\n", be)
	}
	fmt.Fprintf(&b, `		keepalive 64;
	}
	server {
		listen 127.0.0.1:%d;
		location / {
			proxy_pass http://app;
			proxy_http_version 1.1;
			proxy_set_header Connection "";
			proxy_set_header Host $host;
			proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
			proxy_buffering off;
			proxy_request_buffering off;
			proxy_read_timeout 1h;
			proxy_connect_timeout 2s;
			proxy_next_upstream error timeout;
			proxy_next_upstream_tries 3;
			add_header %s $upstream_addr always;
		}
	}
}
`, port, upstreamHeader)
	return b.String()
}

func write(tb testing.TB, path, content string) {
	tb.Helper()
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		tb.Fatal(err)
	}
}
