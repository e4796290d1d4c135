package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"salescoach"
	"salescoach/coach"
	"salescoach/training"
)

// maxChatBody allows a chat message with the extracted text of a PDF.
const maxChatBody = 1 << 20

func (s *Server) handlePreflight(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	usage, err := s.Training.Usage(r.Context(), u.ID)
	if err != nil {
		return err
	}
	// plansForSale false: no plan can be bought here, and a refused start
	// says when the quota renews (renewsOn, a UTC day) instead of asking for
	// an upgrade.
	writeJSON(w, http.StatusOK, map[string]any{"allowed": usage.Used < usage.Quota, "limit": usage.Quota, "used": usage.Used,
		"engine": s.Training.Engine.Name(), "plansForSale": s.Training.ForSale(),
		"renewsOn": salescoach.Day(salescoach.QuotaRenewal(usage.CycleStart))})
	return nil
}

func (s *Server) handleUsage(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	usage, err := s.Training.Usage(r.Context(), u.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, usage)
	return nil
}

type chatRequest struct {
	ConversationID  string `json:"conversationId"`
	Mode            string `json:"mode"`
	Difficulty      int    `json:"difficulty"`
	Message         string `json:"message"`
	ProductOverride string `json:"productOverride"`
	PDFName         string `json:"pdfName"`
	PDFText         string `json:"pdfText"`
	// CallID names the caller's voice call when the browser's own speech
	// recognition heard the message: the message is a turn of that call.
	CallID string `json:"callId"`
	// FocusFamily is the objection family a new practice chat's customer
	// raises first ('Als Nächstes üben' on the progress page).
	FocusFamily string `json:"focusFamily"`
	// ScenarioID names the scenario a new chat plays (ignored for an
	// existing chat).
	ScenarioID string `json:"scenarioId"`
	// AssignmentID names a team assignment of the caller a new chat is
	// started on; its mode, difficulty, family or scenario and product
	// description win over the request's (ignored for an existing chat).
	AssignmentID string `json:"assignmentId"`
}

func (q *chatRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	if strings.TrimSpace(q.Message) == "" {
		p["message"] = salescoach.MsgMessageEmpty
	} else if utf8.RuneCountInString(strings.TrimSpace(q.Message)) > salescoach.MaxMessageRunes {
		p["message"] = salescoach.MsgMessageTooLong.With("max", salescoach.MaxMessageRunes)
	}
	if utf8.RuneCountInString(q.PDFText) > salescoach.MaxPDFTextRunes {
		p["pdfText"] = salescoach.MsgPDFTextTooLong
	}
	if utf8.RuneCountInString(q.ProductOverride) > salescoach.MaxOverrideRunes {
		p["productOverride"] = salescoach.MsgOverrideTooLong
	}
	if len(q.PDFName) > 255 {
		p["pdfName"] = salescoach.MsgPDFNameTooLong
	}
	if q.FocusFamily != "" && !salescoach.ValidFamily(q.FocusFamily) {
		p["focusFamily"] = salescoach.MsgInvalidData
	}
	return p
}

// chatAnswer is the answer to a chat message, and the last event of a stream.
type chatAnswer struct {
	Message            string                  `json:"message"`
	ConversationID     string                  `json:"conversationId"`
	UserMessageID      string                  `json:"userMessageId"`
	AssistantMessageID string                  `json:"assistantMessageId"`
	Stage              int                     `json:"stage"`
	TotalStages        int                     `json:"totalStages"`
	Progress           int                     `json:"progress"`
	Completed          bool                    `json:"completed"`
	Title              string                  `json:"title"`
	Score              *salescoach.ScoreResult `json:"score"`
}

// handleChat starts or continues a chat. With Accept: text/event-stream the
// customer's reply streams as "token" events and ends with a "done" event
// carrying the same answer as the JSON form; a failure after the stream has
// begun is an "error" event.
func (s *Server) handleChat(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.chat, u.ID); err != nil {
		return err
	}
	req, err := decode[*chatRequest](w, r, maxChatBody)
	if err != nil {
		return err
	}
	if req.ConversationID != "" && !salescoach.IsUUID(req.ConversationID) {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgConversationNotFound)
	}
	if len(req.ScenarioID) > 120 {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgScenarioNotFound)
	}
	if req.AssignmentID != "" && !salescoach.IsUUID(req.AssignmentID) {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgAssignmentNotFound)
	}
	if req.CallID != "" && !salescoach.IsUUID(req.CallID) {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgCallNotFound)
	}
	in := training.SendRequest{ConversationID: req.ConversationID, Mode: req.Mode, Difficulty: req.Difficulty,
		Message: req.Message, ProductOverride: req.ProductOverride, PDFName: req.PDFName, PDFText: req.PDFText, FocusFamily: req.FocusFamily,
		ScenarioID: req.ScenarioID, AssignmentID: req.AssignmentID}
	var sse *eventStream
	var emit func(string)
	if strings.Contains(r.Header.Get("Accept"), "text/event-stream") {
		sse = newEventStream(w)
		emit = func(piece string) { sse.send("token", map[string]string{"text": piece}) }
	}
	res, err := s.Training.Send(r.Context(), u, in, emit)
	s.observeChatTurn(req.Mode, res, err)
	if err != nil {
		status, body := errorPayload(w, r, s.log, err)
		if res != nil {
			body.ConversationID = res.ConversationID
		}
		if sse != nil && sse.started {
			sse.send("error", body)
		} else {
			writeJSON(w, status, body)
		}
		return nil
	}
	if req.CallID != "" {
		// Counted before the answer goes out, so a hang-up right after it
		// finds the turn. The message stands either way: a call that is not
		// the caller's or is finished just gains nothing.
		if err := s.Voice.AddCallTurn(r.Context(), u.ID, req.CallID); salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
			s.log.InfoContext(r.Context(), "voice turn not counted: no open call of the user", "user_id", u.ID)
		} else if err != nil {
			s.log.ErrorContext(r.Context(), "counting a voice turn failed", "user_id", u.ID, "err", err)
		}
	}
	if sse != nil {
		sse.send("done", answerOf(res))
	} else {
		writeJSON(w, http.StatusOK, answerOf(res))
	}
	return nil
}

func answerOf(res *training.SendResult) chatAnswer {
	c := res.Conversation
	return chatAnswer{Message: res.Message, ConversationID: res.ConversationID, UserMessageID: res.UserMessageID,
		AssistantMessageID: res.AssistantMessageID, Stage: c.Stage, TotalStages: c.TotalStages, Progress: c.Progress,
		Completed: c.Completed(), Title: c.Title, Score: res.Score}
}

// eventStream writes server-sent events. Headers go out with the first
// event, so an error before any event can still be a normal JSON answer.
type eventStream struct {
	w       http.ResponseWriter
	rc      *http.ResponseController
	started bool
}

func newEventStream(w http.ResponseWriter) *eventStream {
	return &eventStream{w: w, rc: http.NewResponseController(w)}
}

func (e *eventStream) send(event string, data any) {
	if !e.started {
		h := e.w.Header()
		h.Set("Content-Type", "text/event-stream; charset=utf-8")
		h.Set("Cache-Control", "no-store")
		h.Set("X-Accel-Buffering", "no") // nginx would otherwise hold tokens back
		e.w.WriteHeader(http.StatusOK)
		e.started = true
	}
	b, _ := json.Marshal(data)
	fmt.Fprintf(e.w, "event: %s\ndata: %s\n\n", event, b)
	_ = e.rc.Flush()
}

// conversationJSON is a conversation as the app reads it.
type conversationJSON struct {
	ID          string     `json:"id"`
	Title       string     `json:"title"`
	Mode        string     `json:"mode"`
	Difficulty  *int       `json:"difficulty"`
	CreatedAt   time.Time  `json:"created_at"`
	CompletedAt *time.Time `json:"completed_at"`
	// Scenario is the scenario the chat plays (its snapshot), null for a
	// catalogue chat: the chat header shows it.
	Scenario *chatScenarioJSON `json:"scenario"`
}

// chatScenarioJSON is what the chat header shows of a chat's scenario.
type chatScenarioJSON struct {
	ID        string `json:"id"`
	Title     string `json:"title"`
	Situation string `json:"situation"`
	Persona   struct {
		Name    string `json:"name"`
		Role    string `json:"role"`
		Company string `json:"company"`
	} `json:"persona"`
}

func toConversationJSON(c *salescoach.Conversation) conversationJSON {
	out := conversationJSON{ID: c.ID, Title: c.Title, Mode: c.Mode, CreatedAt: c.CreatedAt, CompletedAt: c.CompletedAt}
	if sc := c.Scenario; sc != nil {
		out.Scenario = &chatScenarioJSON{ID: c.ScenarioID, Title: sc.Title, Situation: sc.Situation}
		out.Scenario.Persona.Name, out.Scenario.Persona.Role, out.Scenario.Persona.Company = sc.Persona.Name, sc.Persona.Role, sc.Persona.Company
	}
	if c.Mode == salescoach.ModePractice {
		d := c.Difficulty
		out.Difficulty = &d
	}
	return out
}

type messageJSON struct {
	ID           string    `json:"id"`
	Role         string    `json:"role"`
	Content      string    `json:"content"`
	PDFName      string    `json:"pdfName,omitempty"`
	IsCompletion bool      `json:"isCompletion"`
	CreatedAt    time.Time `json:"created_at"`
}

func (s *Server) handleConversations(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	list, err := s.Conversations.Conversations(r.Context(), u.ID)
	if err != nil {
		return err
	}
	out := make([]conversationJSON, 0, len(list))
	for _, c := range list {
		out = append(out, toConversationJSON(c))
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) handleConversation(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	c, err := s.Conversations.Conversation(r.Context(), u.ID, r.PathValue("id"))
	if err != nil {
		return err
	}
	return s.writeConversation(w, r, c)
}

// writeConversation answers a conversation with its messages and state.
func (s *Server) writeConversation(w http.ResponseWriter, r *http.Request, c *salescoach.Conversation) error {
	body, err := s.conversationBody(r, c)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, body)
	return nil
}

// conversationBody is a conversation with its messages and state. The
// reminder lines that may be sent to a model are never shown.
func (s *Server) conversationBody(r *http.Request, c *salescoach.Conversation) (map[string]any, error) {
	msgs, err := s.Conversations.Messages(r.Context(), c.ID)
	if err != nil {
		return nil, err
	}
	out := make([]messageJSON, 0, len(msgs))
	for _, m := range msgs {
		if strings.HasPrefix(m.Content, coach.ReminderPrefix) {
			continue
		}
		out = append(out, messageJSON{ID: m.ID, Role: m.Role, Content: m.Content, PDFName: m.PDFName,
			IsCompletion: m.IsCompletion, CreatedAt: m.CreatedAt})
	}
	var score *salescoach.ScoreResult
	if c.Mode == salescoach.ModePractice {
		score = c.LastScore
	}
	return map[string]any{
		"conversation": toConversationJSON(c), "messages": out,
		"stage": c.Stage, "totalStages": c.TotalStages, "progress": c.Progress, "completed": c.Completed(),
		"score": score, "evaluation": training.StoredEvaluation(c), "engine": s.Training.Engine.Name(),
	}, nil
}

type renameRequest struct {
	Title string `json:"title"`
}

func (q *renameRequest) Valid() salescoach.Problems {
	q.Title = strings.TrimSpace(q.Title)
	if q.Title == "" {
		return salescoach.Problems{"title": salescoach.MsgTitleEmpty}
	}
	if utf8.RuneCountInString(q.Title) > salescoach.MaxTitleRunes {
		return salescoach.Problems{"title": salescoach.MsgTitleTooLong.With("max", salescoach.MaxTitleRunes)}
	}
	return nil
}

func (s *Server) handleRename(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*renameRequest](w, r, 0)
	if err != nil {
		return err
	}
	if err := s.Conversations.Rename(r.Context(), u.ID, r.PathValue("id"), req.Title, s.now()); err != nil {
		return err
	}
	s.changed(r, u.ID, salescoach.ChangeConversation, salescoach.OpUpdate, r.PathValue("id"))
	writeJSON(w, http.StatusOK, map[string]string{"id": r.PathValue("id"), "title": req.Title})
	return nil
}

func (s *Server) handleDeleteConversation(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.Conversations.SoftDelete(r.Context(), u.ID, r.PathValue("id"), s.now()); err != nil {
		return err
	}
	s.changed(r, u.ID, salescoach.ChangeConversation, salescoach.OpDelete, r.PathValue("id"))
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (s *Server) handleDeleteHistory(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	n, err := s.Conversations.DeleteHistory(r.Context(), u.ID, s.now())
	if err != nil {
		return err
	}
	s.changed(r, u.ID, salescoach.ChangeConversation, salescoach.OpDelete, "")
	writeJSON(w, http.StatusOK, map[string]int{"deleted": n})
	return nil
}

func (s *Server) handleScore(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	res, err := s.Training.Score(r.Context(), u, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

func (s *Server) handleHint(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	tip, err := s.Training.Hint(r.Context(), u, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"tip": tip})
	return nil
}

// overrideRequest is the optional body of the perfect-message and
// evaluation calls.
type overrideRequest struct {
	ConversationID  string `json:"conversationId"`
	ProductOverride string `json:"productOverride"`
}

func (q *overrideRequest) Valid() salescoach.Problems {
	if utf8.RuneCountInString(q.ProductOverride) > salescoach.MaxOverrideRunes {
		return salescoach.Problems{"productOverride": salescoach.MsgOverrideTooLong}
	}
	return nil
}

// optionalBody decodes an overrideRequest when the request has a body.
func optionalBody(w http.ResponseWriter, r *http.Request) (*overrideRequest, error) {
	if r.ContentLength == 0 {
		return &overrideRequest{}, nil
	}
	return decode[*overrideRequest](w, r, 0)
}

func (s *Server) handlePerfectMessage(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := optionalBody(w, r)
	if err != nil {
		return err
	}
	msg, err := s.Training.PerfectMessage(r.Context(), u, r.PathValue("id"), req.ProductOverride)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"message": msg})
	return nil
}

func (s *Server) handleEvaluation(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := optionalBody(w, r)
	if err != nil {
		return err
	}
	ev, err := s.Training.Evaluate(r.Context(), u, r.PathValue("id"), req.ProductOverride)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"evaluation": ev})
	return nil
}

func (s *Server) handleFinish(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	c, err := s.Training.Finish(r.Context(), u, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"conversation": toConversationJSON(c), "completed": c.Completed()})
	return nil
}

// handleAdminConversation answers any conversation, deleted ones included:
// the user's view of it plus, at the top level, its id, owner (id and
// e-mail), title, mode and times.
func (s *Server) handleAdminConversation(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	if !salescoach.IsUUID(r.PathValue("id")) {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgConversationNotFound)
	}
	c, err := s.Conversations.ConversationByID(r.Context(), r.PathValue("id"))
	if err != nil {
		return err
	}
	body, err := s.conversationBody(r, c)
	if err != nil {
		return err
	}
	// The owner's e-mail, as the list shows it ("" for a guest; a deleted
	// account's conversations are gone with it).
	owner, err := s.Users.UserByID(r.Context(), c.UserID)
	if err != nil {
		return err
	}
	body["id"], body["user_id"], body["user_email"], body["title"], body["mode"] = c.ID, c.UserID, owner.Email, c.Title, c.Mode
	body["created_at"], body["completed_at"], body["deleted_at"] = c.CreatedAt, c.CompletedAt, c.DeletedAt
	writeJSON(w, http.StatusOK, body)
	return nil
}
