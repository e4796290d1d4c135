package httpapi

import (
	"net/http"
	"time"

	"salescoach/training"
)

// Observer is told what the server answered, for metrics (package metrics
// implements it). Its methods must be quick and safe for concurrent use;
// they return nothing, so recording can never fail a request.
type Observer interface {
	// ObserveRequest records one answered request: route is the pattern
	// of routes.go that the request matches ("" when none does), status
	// the status sent (0 when the handler wrote nothing), d the time from
	// arrival to the end of the answer.
	ObserveRequest(route string, status int, d time.Duration)
	// ObserveChatTurn records one chat message handed to the training
	// service: mode is the chat's mode ("" when unknown), err what the
	// service returned.
	ObserveChatTurn(mode string, err error)
}

// observe reports every request to s.Metrics, outermost, so that answers
// of the middlewares (a refused token, a foreign origin) count too. The
// route is looked up in mux, the same lookup routing does: the label is
// the registered pattern (Go 1.22 patterns, as r.Pattern would be), never
// the raw path, so clients cannot create series at will. CONNECT requests,
// which the mux answers with a redirect to a raw path, count as unmatched.
func (s *Server) observe(mux *http.ServeMux, next http.Handler) http.Handler {
	if s.Metrics == nil {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			route := ""
			if r.Method != http.MethodConnect {
				_, route = mux.Handler(r)
			}
			s.Metrics.ObserveRequest(route, rec.status, time.Since(start))
		}()
		next.ServeHTTP(rec, r)
	})
}

// observeChatTurn reports one chat message to s.Metrics. The mode is the
// chat's when the service got as far as loading it, else the requested one.
func (s *Server) observeChatTurn(requested string, res *training.SendResult, err error) {
	if s.Metrics == nil {
		return
	}
	mode := requested
	if res != nil && res.Conversation != nil {
		mode = res.Conversation.Mode
	}
	s.Metrics.ObserveChatTurn(mode, err)
}
