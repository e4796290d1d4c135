// Package metrics collects what an operator watches in Prometheus: HTTP
// requests by route pattern, chat turns, model calls per purpose, open
// live-update streams, mails, the database pool and the Go runtime. It
// records by decoration (an engine and a mailer that wrap the real ones) and
// through the small observer interface httpapi calls, so the code it watches
// hardly knows about it. Its Handler serves /metrics and the pprof profiles;
// it belongs on a private address, never on the public server.
package metrics

import (
	"database/sql"
	"net/http"
	"net/http/pprof"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"salescoach"
)

// namespace prefixes every metric of the app (the runtime's and the
// database pool's keep client_golang's names).
const namespace = "salescoach"

// Model call purposes, the values of the purpose label: one per coach.Engine
// method.
const (
	PurposeReply      = "reply"           // Reply: the customer's next message
	PurposeScore      = "score"           // Assess: rating the seller's answer
	PurposeHint       = "hint"            // Hint: a tip for the next answer
	PurposePerfect    = "perfect_message" // PerfectAnswer: a model answer
	PurposeEvaluation = "evaluation"      // Evaluate: the six-category evaluation
	PurposeSummary    = "summary"         // Summarize: a product website's summary
)

// purposes are all values of the purpose label, to create their series at
// zero so rates work from the first scrape.
var purposes = []string{PurposeReply, PurposeScore, PurposeHint, PurposePerfect, PurposeEvaluation, PurposeSummary}

// RouteUnmatched is the route label of requests that matched no route
// pattern (404, 405). Raw paths never become labels: they would let any
// client create series without bound.
const RouteUnmatched = "unmatched"

// Buckets of the histograms, in seconds. Requests: the chat-turn target is
// 20 ms at p99, so the low end is fine. Model calls: local models take
// seconds, long evaluations up to LLM_TIMEOUT.
var (
	requestBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}
	modelBuckets   = []float64{0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120}
)

// Metrics holds the app's collectors in a registry of its own (not
// client_golang's global one, so tests and several servers in one process
// do not collide). A nil *Metrics records nothing and wraps nothing, so
// callers need no branch when metrics are off. It is safe for concurrent
// use.
type Metrics struct {
	reg *prometheus.Registry

	requests        *prometheus.CounterVec
	requestDuration *prometheus.HistogramVec
	chatTurns       *prometheus.CounterVec
	modelDuration   *prometheus.HistogramVec
	modelTTFT       *prometheus.HistogramVec
	modelTokens     *prometheus.CounterVec
	modelErrors     *prometheus.CounterVec
	mails           *prometheus.CounterVec
}

// New returns Metrics with the Go runtime and process collectors
// registered.
func New() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "http_requests_total",
		Help: "HTTP requests answered, by route pattern (\"unmatched\" for none) and status code."}, []string{"route", "code"})
	m.requestDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: "http_request_duration_seconds",
		Help:    "Time from a request's arrival to the end of its answer, by route pattern and status code; for streams (live updates, streamed chat replies) how long they stayed open.",
		Buckets: requestBuckets}, []string{"route", "code"})
	m.chatTurns = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "chat_turns_total",
		Help: "Chat messages the training service handled, by mode (practice, exam) and outcome (ok or the error code)."}, []string{"mode", "outcome"})
	m.modelDuration = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: "model_call_duration_seconds",
		Help: "Duration of model calls, successful or not, by purpose.", Buckets: modelBuckets}, []string{"purpose"})
	m.modelTTFT = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: "model_time_to_first_token_seconds",
		Help: "Time from the start of a streamed model call to its first piece of text, by purpose.", Buckets: modelBuckets}, []string{"purpose"})
	m.modelTokens = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "model_tokens_total",
		Help: "Tokens the model server reported, by purpose and kind (prompt, completion); the built-in trainer reports none."}, []string{"purpose", "kind"})
	m.modelErrors = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "model_errors_total",
		Help: "Failed model calls, by purpose and error code (unavailable: unreachable, timed out, invalid output)."}, []string{"purpose", "code"})
	m.mails = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "mails_total",
		Help: "Mails handed to the mail server, by result (sent, failed)."}, []string{"result"})
	for _, p := range purposes {
		m.modelDuration.WithLabelValues(p)
		m.modelTokens.WithLabelValues(p, "prompt")
		m.modelTokens.WithLabelValues(p, "completion")
	}
	m.modelTTFT.WithLabelValues(PurposeReply)
	m.mails.WithLabelValues("sent")
	m.mails.WithLabelValues("failed")
	m.reg.MustRegister(m.requests, m.requestDuration, m.chatTurns, m.modelDuration, m.modelTTFT, m.modelTokens, m.modelErrors, m.mails,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Registry returns the registry the collectors live in, for tests and for
// registering more collectors.
func (m *Metrics) Registry() *prometheus.Registry {
	if m == nil {
		return nil
	}
	return m.reg
}

// WatchDB adds the connection pool of db (open, in use, idle, waits) as
// client_golang's go_sql_* metrics with db_name="salescoach".
func (m *Metrics) WatchDB(db *sql.DB) {
	if m == nil {
		return
	}
	m.reg.MustRegister(collectors.NewDBStatsCollector(db, namespace))
}

// WatchStreams adds the gauge salescoach_live_update_streams_open, read from
// open at every scrape (realtime.Hub.Subscribers: the live-update streams of
// this process).
func (m *Metrics) WatchStreams(open func() int) {
	if m == nil {
		return
	}
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Namespace: namespace, Name: "live_update_streams_open",
		Help: "Live-update streams (GET /api/realtime) open in this process."}, func() float64 { return float64(open()) }))
}

// ObserveRequest records one answered request. route is the pattern of the
// route that matched ("" for none); status 0 means the handler wrote
// nothing, which net/http answers with 200.
func (m *Metrics) ObserveRequest(route string, status int, d time.Duration) {
	if m == nil {
		return
	}
	if route == "" {
		route = RouteUnmatched
	}
	if status == 0 {
		status = http.StatusOK
	}
	code := strconv.Itoa(status)
	m.requests.WithLabelValues(route, code).Inc()
	m.requestDuration.WithLabelValues(route, code).Observe(d.Seconds())
}

// ObserveChatTurn records one chat message the training service handled:
// mode is the chat's (salescoach.ModePractice or ModeExam; anything else
// counts as "unknown"), err what it returned. The outcome is "ok" or the
// error's code (salescoach.ErrorCode), so a quota exhausted is "limit" and a
// model that is down "unavailable".
func (m *Metrics) ObserveChatTurn(mode string, err error) {
	if m == nil {
		return
	}
	label := "unknown"
	switch mode {
	case salescoach.ModePractice:
		label = "practice"
	case salescoach.ModeExam:
		label = "exam"
	}
	m.chatTurns.WithLabelValues(label, outcome(err)).Inc()
}

// outcome is "ok" for nil and otherwise err's code, one of the fixed set of
// salescoach codes, so the label stays bounded.
func outcome(err error) string {
	if err == nil {
		return "ok"
	}
	return salescoach.ErrorCode(err)
}

// Handler serves the metrics at /metrics and the pprof profiles under
// /debug/pprof/ on a mux of its own. Serve it only on a private address:
// profiles show the program's internals and cost CPU while they run.
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	if m != nil {
		mux.Handle("GET /metrics", promhttp.InstrumentMetricHandler(m.reg, promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})))
	}
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}
