// Package cluster holds the three-process load test (BenchmarkCluster): three
// processes of the real salescoach binary on one PostgreSQL database behind a
// real reverse proxy from Debian (Caddy or nginx) on loopback, with simulated
// users chatting, a quota race and one process killed mid-load. It is a
// benchmark only; docs/performance.md says how to run it and what it showed.
package cluster
