package httpapi

import (
	"net/http"
	"time"

	"salescoach"
)

// Assignments (issue 27, point 4). Who may do what is decided in
// salescoach.AssignmentService: a member calling the managers' endpoints
// gets 403 team_forbidden, a caller without a team 404 team_not_found,
// another team's ids 404.

type createAssignmentRequest struct {
	Title              string    `json:"title"`
	Mode               string    `json:"mode"`
	Difficulty         int       `json:"difficulty"`
	Family             string    `json:"family"`
	ScenarioID         string    `json:"scenarioId"`
	ProductDescription string    `json:"productDescription"`
	DueAt              *string   `json:"dueAt"`
	UserIDs            []string  `json:"userIds"`
	dueAt              *time.Time // DueAt parsed
}

// Valid leaves the checks to NewAssignment.Normalize, which needs the
// clock (the due date lies in the future); it only bounds the list and
// reads the due date (RFC 3339), naming dueAt when it is none.
func (q *createAssignmentRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	if len(q.UserIDs) > salescoach.MaxAssignmentUsers {
		p["userIds"] = salescoach.MsgInvalidData
	}
	parseDate("dueAt", q.DueAt, &q.dueAt, p)
	return p
}

// assignmentMemberJSON is one assignee's completion.
type assignmentMemberJSON struct {
	UserID         string     `json:"userId"`
	DisplayName    string     `json:"displayName"`
	Status         string     `json:"status"`
	DoneAt         *time.Time `json:"doneAt"`
	ConversationID *string    `json:"conversationId"`
	Score          *int       `json:"score"`
}

// assignmentJSON is an assignment; members for the managers' list, mine
// for the caller's own.
type assignmentJSON struct {
	ID                 string    `json:"id"`
	Title              string    `json:"title"`
	Mode               string    `json:"mode"`
	Difficulty         int       `json:"difficulty"`
	Family             *string   `json:"family"`
	ScenarioID         *string   `json:"scenarioId"`
	ProductDescription string    `json:"productDescription"`
	DueAt              time.Time `json:"dueAt"`
	CreatedAt          time.Time `json:"createdAt"`
	// WholeTeam: given to the whole team, so whoever joins before the due
	// date gets it too.
	WholeTeam bool                   `json:"wholeTeam"`
	Members   []assignmentMemberJSON `json:"members,omitempty"`
	Mine      *assignmentMemberJSON  `json:"mine,omitempty"`
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func toAssignmentMemberJSON(m *salescoach.AssignmentMember) assignmentMemberJSON {
	return assignmentMemberJSON{UserID: m.UserID, DisplayName: m.DisplayName, Status: m.Status, DoneAt: m.DoneAt,
		ConversationID: optional(m.ConversationID), Score: m.Score}
}

func toAssignmentJSON(a *salescoach.Assignment, members bool) assignmentJSON {
	out := assignmentJSON{ID: a.ID, Title: a.Title, Mode: a.Mode, Difficulty: a.Difficulty, Family: optional(a.Family),
		ScenarioID: optional(a.ScenarioID), ProductDescription: a.ProductDescription, DueAt: a.DueAt, CreatedAt: a.CreatedAt,
		WholeTeam: a.WholeTeam}
	if members {
		out.Members = make([]assignmentMemberJSON, 0, len(a.Members))
		for _, m := range a.Members {
			out.Members = append(out.Members, toAssignmentMemberJSON(m))
		}
	}
	if a.Mine != nil {
		mine := toAssignmentMemberJSON(a.Mine)
		out.Mine = &mine
	}
	return out
}

// handleCreateAssignment assigns a training (managers and owners): 201 with
// the assignment and its assignees, all open. Each assignee's open tabs are
// told (ChangeTeam) so that their dashboard shows it.
func (s *Server) handleCreateAssignment(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*createAssignmentRequest](w, r, 0)
	if err != nil {
		return err
	}
	var due time.Time // none is in the past: Normalize names dueAt
	if req.dueAt != nil {
		due = *req.dueAt
	}
	a, err := s.Assignments.CreateAssignment(r.Context(), u.ID, salescoach.NewAssignment{Title: req.Title, Mode: req.Mode,
		Difficulty: req.Difficulty, Family: req.Family, ScenarioID: req.ScenarioID, ProductDescription: req.ProductDescription,
		DueAt: due, UserIDs: req.UserIDs}, s.now())
	if err != nil {
		return err
	}
	if s.Hub != nil {
		changes := make([]salescoach.Change, 0, len(a.Members))
		for _, m := range a.Members {
			changes = append(changes, salescoach.Change{UserID: m.UserID, Type: salescoach.ChangeTeam, Op: salescoach.OpInsert, ID: a.ID})
		}
		s.Hub.Publish(r.Context(), changes...)
	}
	writeJSON(w, http.StatusCreated, toAssignmentJSON(a, true))
	return nil
}

// handleTeamAssignments lists the team's assignments with the completion
// of each assignee (managers and owners).
func (s *Server) handleTeamAssignments(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	list, err := s.Assignments.TeamAssignments(r.Context(), u.ID, s.now())
	if err != nil {
		return err
	}
	out := make([]assignmentJSON, 0, len(list))
	for _, a := range list {
		out = append(out, toAssignmentJSON(a, true))
	}
	writeJSON(w, http.StatusOK, map[string]any{"assignments": out})
	return nil
}

// handleMyAssignments lists the caller's own assignments ('Aufgaben'),
// open ones first; empty without a team.
func (s *Server) handleMyAssignments(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	list, err := s.Assignments.MyAssignments(r.Context(), u.ID, s.now())
	if err != nil {
		return err
	}
	out := make([]assignmentJSON, 0, len(list))
	for _, a := range list {
		out = append(out, toAssignmentJSON(a, false))
	}
	writeJSON(w, http.StatusOK, map[string]any{"assignments": out})
	return nil
}

// requireAssignments is requireUser for the assignment endpoints; without
// an assignment store they answer 404 team_not_found.
func (s *Server) requireAssignments(next userHandlerFunc) http.Handler {
	return s.requireUser(func(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
		if s.Assignments == nil {
			return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgNoTeam)
		}
		return next(w, r, u)
	})
}
