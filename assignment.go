package salescoach

import (
	"context"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"
)

// Assignments (issue 27, point 4): a team's owner or managers assign a
// training to members or the whole team, with a due date. A member starts
// it from the dashboard ('Aufgaben'); the chat carries the assignment's
// mode, difficulty, family or scenario and product description. It is done
// when a chat started on it is won (the customer convinced, every objection
// overcome); an exam's score is the total of that chat's evaluation. The
// status is read from the chats themselves, so no write of the chat has to
// know about assignments.

// Limits of assignments.
const (
	MaxAssignmentTitleRunes = 200
	// MaxAssignmentProductRunes bounds the product description, as a
	// chat's product override is bounded.
	MaxAssignmentProductRunes = MaxOverrideRunes
	// MaxAssignmentUsers bounds the userIds of one assignment request.
	MaxAssignmentUsers = 2000
	// MaxAssignmentDue is how far ahead a due date may lie.
	MaxAssignmentDue = 366 * 24 * time.Hour
	// AssignmentReminderLead is how long before the due date the reminder
	// mail goes out.
	AssignmentReminderLead = 24 * time.Hour
	// MaxAssignmentsListed bounds the assignments GET /api/team/assignments
	// and GET /api/me/assignments return (the newest first).
	MaxAssignmentsListed = 200
)

// Assignment statuses of one member.
const (
	AssignmentOpen    = "open"
	AssignmentDone    = "done"
	AssignmentOverdue = "overdue"
)

// Assignment is a training a manager assigned to members of their team.
type Assignment struct {
	ID         string
	TeamID     string
	Title      string
	Mode       string // ModePractice or ModeExam
	Difficulty int    // 1..3; an exam plays ExamObjections objections whatever it is
	// Family is an objection family the customer raises first, "" for
	// none; ScenarioID a scenario the chat plays, "" for none (with it,
	// Family is ignored).
	Family     string
	ScenarioID string
	// ProductDescription is what is sold; "" means each member's own
	// profile description.
	ProductDescription string
	DueAt              time.Time
	CreatedBy          string
	CreatedAt          time.Time
	// WholeTeam is set for an assignment to the whole team: whoever joins
	// the team before DueAt gets it too, and whoever leaves loses it while
	// not done (as every open assignment of the team).
	WholeTeam bool
	// Members are the assignees with their completion (TeamAssignments);
	// Mine is the caller's own (MyAssignments).
	Members []*AssignmentMember
	Mine    *AssignmentMember
}

// AssignmentMember is one assignee's completion of an assignment.
type AssignmentMember struct {
	UserID      string
	DisplayName string
	Status      string     // AssignmentOpen, AssignmentDone or AssignmentOverdue
	DoneAt      *time.Time // when the won chat ended
	// ConversationID is the won chat that completed it, "" while open.
	ConversationID string
	// Score is the won exam's evaluation total (percent), nil for practice
	// and while the exam is not evaluated.
	Score *int
}

// AssignmentStatus is a member's status: done with a won chat, overdue
// once the due date has passed without one, open before.
func AssignmentStatus(doneAt *time.Time, due, now time.Time) string {
	switch {
	case doneAt != nil:
		return AssignmentDone
	case now.After(due):
		return AssignmentOverdue
	}
	return AssignmentOpen
}

// EvaluationPercent reads the total (percent) of a stored evaluation (the
// JSON the chat keeps); nil when there is none.
func EvaluationPercent(raw string) *int {
	if raw == "" {
		return nil
	}
	var ev struct {
		TotalPercent *int `json:"totalPercent"`
	}
	if json.Unmarshal([]byte(raw), &ev) != nil || ev.TotalPercent == nil {
		return nil
	}
	p := ClampPercent(*ev.TotalPercent)
	return &p
}

// NewAssignment is what a manager asks for.
type NewAssignment struct {
	Title              string
	Mode               string
	Difficulty         int
	Family             string
	ScenarioID         string
	ProductDescription string
	DueAt              time.Time
	// UserIDs are the assignees; nil or empty assigns the whole team (every
	// member but the caller, and whoever joins before the due date).
	UserIDs []string
}

// Normalize trims the texts and checks every field at now; it returns the
// problems by field (nil when there are none).
func (a *NewAssignment) Normalize(now time.Time) Problems {
	p := Problems{}
	a.Title = strings.TrimSpace(a.Title)
	a.ProductDescription = strings.TrimSpace(a.ProductDescription)
	a.Family = strings.TrimSpace(a.Family)
	a.ScenarioID = strings.TrimSpace(a.ScenarioID)
	switch n := utf8.RuneCountInString(a.Title); {
	case n == 0:
		p["title"] = MsgAssignmentTitleRequired
	case n > MaxAssignmentTitleRunes:
		p["title"] = MsgAssignmentTitleTooLong.With("max", MaxAssignmentTitleRunes)
	}
	if a.Mode != ModePractice && a.Mode != ModeExam {
		p["mode"] = MsgNoMode
	}
	if a.Difficulty < 1 || a.Difficulty > 3 {
		p["difficulty"] = MsgNoDifficulty
	}
	if a.Family != "" && !ValidFamily(a.Family) {
		p["family"] = MsgInvalidData
	}
	if len(a.ScenarioID) > 120 {
		p["scenarioId"] = MsgScenarioNotFound
	}
	if utf8.RuneCountInString(a.ProductDescription) > MaxAssignmentProductRunes {
		p["productDescription"] = MsgOverrideTooLong
	}
	switch {
	case !a.DueAt.After(now):
		p["dueAt"] = MsgAssignmentDuePast
	case a.DueAt.After(now.Add(MaxAssignmentDue)):
		p["dueAt"] = MsgAssignmentDueFar
	}
	if len(a.UserIDs) > MaxAssignmentUsers {
		p["userIds"] = MsgInvalidData
	}
	for _, id := range a.UserIDs {
		if !IsUUID(id) {
			p["userIds"] = MsgInvalidData
			break
		}
	}
	if len(p) == 0 {
		return nil
	}
	return p
}

// AssignmentReminder is one reminder mail due: who gets it, for which
// assignment.
type AssignmentReminder struct {
	AssignmentID string
	Title        string
	DueAt        time.Time
	UserID       string
	Email        string
	Language     string // the member's language, "" for the default
}

// AssignmentService stores assignments. Managers' methods decide with the
// team's permission functions (TeamService's rules): EFORBIDDEN
// (MsgTeamForbidden) for a member, ENOTFOUND (MsgNoTeam) without a team,
// ENOTFOUND for ids of another team.
type AssignmentService interface {
	// CreateAssignment assigns a to members of the caller's team (all but
	// the caller when a.UserIDs is empty, and then also whoever joins the
	// team before the due date: Assignment.WholeTeam). EINVALID for a bad field (see
	// NewAssignment.Normalize), for a scenario one of the assignees may not
	// see (field scenarioId) and for a team without other members (field
	// userIds); ENOTFOUND (MsgTeamMemberNotFound) for a user id not in the
	// team.
	CreateAssignment(ctx context.Context, callerID string, a NewAssignment, now time.Time) (*Assignment, error)
	// TeamAssignments lists the caller's team's assignments, newest first,
	// each with its assignees' completion at now.
	TeamAssignments(ctx context.Context, callerID string, now time.Time) ([]*Assignment, error)
	// MyAssignments lists the assignments of the caller's current team
	// given to the caller, open ones first (by due date), with the caller's
	// completion in Mine. Without a team the list is empty.
	MyAssignments(ctx context.Context, userID string, now time.Time) ([]*Assignment, error)
	// MemberAssignment returns an assignment of the caller's current team
	// given to the caller, to start a chat on. ENOTFOUND
	// (MsgAssignmentNotFound) for anything else.
	MemberAssignment(ctx context.Context, userID, id string) (*Assignment, error)
	// RemindDue queues one reminder mail, built by compose, for each
	// assignee still in the team who has not done an assignment due within
	// AssignmentReminderLead after now, and has not been reminded of it.
	// The reminder's mark and its mail are stored in one transaction by a
	// guarded update, so that a reminder is queued once however many
	// processes run this at once. It returns how many it queued.
	RemindDue(ctx context.Context, now time.Time, compose func(AssignmentReminder) MailMessage) (int, error)
}

// Assignment messages.
var (
	MsgAssignmentNotFound      = newMsg("assignment_not_found", "Diese Aufgabe gibt es nicht.")
	MsgAssignmentTitleRequired = newMsg("assignment_title_required", "Bitte gib einen Titel ein.")
	MsgAssignmentTitleTooLong  = newMsg("assignment_title_too_long", "Der Titel darf höchstens {max} Zeichen lang sein.")
	MsgAssignmentDuePast       = newMsg("assignment_due_past", "Das Fälligkeitsdatum muss in der Zukunft liegen.")
	MsgAssignmentDueFar        = newMsg("assignment_due_far", "Das Fälligkeitsdatum darf höchstens ein Jahr in der Zukunft liegen.")
	MsgAssignmentScenario      = newMsg("assignment_scenario_hidden", "Dieses Szenario sehen nicht alle ausgewählten Mitglieder.")
	MsgAssignmentNoMembers     = newMsg("assignment_no_members", "Im Team ist noch niemand, dem du die Aufgabe geben kannst.")
)
