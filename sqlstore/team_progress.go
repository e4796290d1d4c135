package sqlstore

import (
	"context"
	"time"

	"salescoach"
)

// TeamProgress reads the caller's team's report from the team day tables
// of migration 0037, which triggers keep equal to the sums of the current
// members' skill day rows, so it reads as few rows as one user's report.
// The exams are left empty: the members' exam results are on their member
// pages, by name, and a team's thousands of exams, picked out of every
// member's chats, would cost the report most of its time. It returns EINVALID (field range) for a days not in
// salescoach.ProgressRanges, ENOTFOUND (MsgNoTeam) without a team,
// EFORBIDDEN (MsgTeamForbidden) for a member, and otherwise only driver
// errors.
func (s *TeamService) TeamProgress(ctx context.Context, callerID string, days int, now time.Time) (*salescoach.ProgressReport, error) {
	if !salescoach.ValidProgressRange(days) {
		return nil, salescoach.FieldError("range", salescoach.MsgBadPeriod)
	}
	r := s.db.r()
	m, err := managerOf(ctx, r, callerID)
	if err != nil {
		return nil, err
	}
	rep, _, err := readProgress(ctx, r, progressOf{
		techniques: `team_technique_days`, families: `team_family_days`, key: `team_id`, id: m.teamID,
	}, days, now)
	if err != nil {
		return nil, err
	}
	// What to practise next is each member's own (their progress page).
	rep.Recommendation = nil
	return rep, nil
}
