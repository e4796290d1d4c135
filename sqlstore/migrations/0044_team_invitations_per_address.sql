-- An invitation belongs to its address (issue 38), and a team holds at most
-- one pending invitation per address: inviting the address again replaces
-- the pending one, whose link then stops working. Older duplicates of a
-- pending invitation go before the index that keeps it so.
DELETE FROM team_invitations WHERE used_at IS NULL AND EXISTS (
    SELECT 1 FROM team_invitations n
    WHERE n.team_id = team_invitations.team_id AND n.email_lower = team_invitations.email_lower AND n.used_at IS NULL
        AND (n.created_at > team_invitations.created_at
            OR (n.created_at = team_invitations.created_at AND n.id > team_invitations.id)));
CREATE UNIQUE INDEX team_invitations_pending_idx ON team_invitations (team_id, email_lower) WHERE used_at IS NULL;
