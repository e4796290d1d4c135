package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"salescoach/httpapi"
	"salescoach/metrics"
	"salescoach/realtime"
	"salescoach/sqlstore"
)

// metricsShutdownTimeout bounds how long stopping waits for scrapes and
// profiles in progress; a CPU profile runs for its seconds parameter, and
// is cut off after this.
const metricsShutdownTimeout = 5 * time.Second

// startMetrics serves Prometheus metrics and pprof on the private
// METRICS_ADDR, on a server and mux of their own, never on the public one.
// It returns the Metrics to record into and a function that stops the
// server. Without METRICS_ADDR it serves nothing and returns a nil Metrics,
// which records and wraps nothing, and a stop that does nothing. A listen
// error (the port is taken) stops start-up.
func startMetrics(cfg *Config, db *sqlstore.DB, hub *realtime.Hub, log *slog.Logger) (*metrics.Metrics, func(), error) {
	if cfg.MetricsAddr == "" {
		return nil, func() {}, nil
	}
	ln, err := net.Listen("tcp", cfg.MetricsAddr)
	if err != nil {
		return nil, nil, fmt.Errorf("metrics listen: %w", err)
	}
	m := metrics.New()
	m.WatchDB(db.SQL())
	m.WatchStreams(hub.Subscribers)
	srv := newHTTPServer(m.Handler(), log)
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics server stopped", "err", err)
		}
	}()
	log.Info("metrics listening", "addr", ln.Addr().String())
	stop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), metricsShutdownTimeout)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			_ = srv.Close()
		}
		<-done
	}
	return m, stop, nil
}

// observer is m as the HTTP layer's observer, or no observer at all when
// metrics are off, so the server skips the route lookup per request.
func observer(m *metrics.Metrics) httpapi.Observer {
	if m == nil {
		return nil
	}
	return m
}
