package sqlstore

import (
	"context"

	"salescoach"
)

// teamReadableChat is the condition under which a team's owner and
// managers read the chat c (issue 27, docs/privacy.md): it is not deleted,
// it is shared with the team or is an exam started on one of the team's
// assignments, and its author is in the team. Each of its three
// placeholders takes the team's id.
const teamReadableChat = `c.deleted_at IS NULL
	AND (EXISTS (SELECT 1 FROM conversation_shares sh WHERE sh.conversation_id = c.id AND sh.team_id = ?)
		OR (c.mode = 'Prüfung' AND EXISTS (SELECT 1 FROM assignments ra WHERE ra.id = c.assignment_id AND ra.team_id = ?)))
	AND EXISTS (SELECT 1 FROM team_members tm WHERE tm.user_id = c.user_id AND tm.team_id = ?)`

// MemberTranscripts lists the member's chats the caller's team may read,
// in one query bounded by the team (teamReadableChat, with the share and
// the assignment joined for their time and title). It reads the member's
// live chats newest first from the index of migration 0037 and stops at
// the limit.
func (s *TeamService) MemberTranscripts(ctx context.Context, callerID, userID string) ([]*salescoach.MemberTranscript, error) {
	r := s.db.r()
	m, err := managerOf(ctx, r, callerID)
	if err != nil {
		return nil, err
	}
	if _, err := targetRole(ctx, r, m.teamID, userID); err != nil {
		return nil, err
	}
	rows, err := r.queryRows(ctx, `SELECT c.id, c.title, c.mode, COALESCE(c.difficulty, 0), c.created_at, c.completed_at,
			COALESCE(c.evaluation, ''), sh.shared_at, COALESCE(a.id, ''), COALESCE(a.title, '')
		FROM conversations c
		LEFT JOIN conversation_shares sh ON sh.conversation_id = c.id AND sh.team_id = ?
		LEFT JOIN assignments a ON a.id = c.assignment_id AND a.team_id = ?
		WHERE c.user_id = ? AND `+teamReadableChat+`
		ORDER BY c.created_at DESC, c.id DESC LIMIT ?`,
		m.teamID, m.teamID, userID, m.teamID, m.teamID, m.teamID, salescoach.MaxMemberTranscripts)
	if err != nil {
		return nil, dbError(err, "member transcripts")
	}
	defer rows.Close()
	list := []*salescoach.MemberTranscript{}
	for rows.Next() {
		var (
			t          salescoach.MemberTranscript
			evaluation string
		)
		if err := rows.Scan(&t.ConversationID, &t.Title, &t.Mode, &t.Difficulty, scanTime(&t.CreatedAt), scanNullTime(&t.CompletedAt),
			&evaluation, scanNullTime(&t.SharedAt), &t.AssignmentID, &t.AssignmentTitle); err != nil {
			return nil, dbError(err, "member transcripts")
		}
		t.Score = salescoach.EvaluationPercent(evaluation)
		list = append(list, &t)
	}
	return list, dbError(rows.Err(), "member transcripts")
}

// SharedAnswerScores reads the answers' scores of a chat the caller's team
// may read, in one query bounded by the team (teamReadableChat) and by the
// chat's author. See salescoach.TeamService.
func (s *TeamService) SharedAnswerScores(ctx context.Context, callerID, conversationID string) (map[string]int, error) {
	r := s.db.r()
	m, err := managerOf(ctx, r, callerID)
	if err != nil {
		return nil, err
	}
	if !validID(conversationID) || !salescoach.CanReadSharedChat(m.role, true) {
		return nil, notFound(salescoach.MsgConversationNotFound)
	}
	rows, err := r.queryRows(ctx, `SELECT a.message_id, a.score FROM conversations c
		JOIN skill_answers a ON a.conversation_id = c.id AND a.user_id = c.user_id
		WHERE c.id = ? AND `+teamReadableChat, conversationID, m.teamID, m.teamID, m.teamID)
	if err != nil {
		return nil, dbError(err, "shared answer scores")
	}
	defer rows.Close()
	scores := map[string]int{}
	for rows.Next() {
		var id string
		var score int
		if err := rows.Scan(&id, &score); err != nil {
			return nil, dbError(err, "shared answer scores")
		}
		scores[id] = score
	}
	return scores, dbError(rows.Err(), "shared answer scores")
}
