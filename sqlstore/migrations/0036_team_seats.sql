-- Seats (issue 27 point 6): the team plan 'Team' is a PayPal subscription
-- with a quantity, bought by the team's owner. It is a row of subscriptions
-- like a personal plan (so webhooks, the reconcile and the cancellation at
-- period end treat it alike), told apart by seats: NULL for a personal
-- plan, the quantity PayPal reports for a team's. Every reader of a user's
-- personal plan filters on seats IS NULL. user_id is the owner who bought
-- it (the PayPal buyer); team_id is the team it pays for (NULL once the
-- team is deleted: the row stays a team subscription, never a personal
-- plan). pending_seats is a quantity change awaiting the buyer's approval
-- at PayPal; seats are assigned up to the smaller of both.
ALTER TABLE subscriptions ADD COLUMN team_id TEXT REFERENCES teams (id) ON DELETE SET NULL;
ALTER TABLE subscriptions ADD COLUMN seats INTEGER CHECK (seats IS NULL OR seats >= 0);
ALTER TABLE subscriptions ADD COLUMN pending_seats INTEGER CHECK (pending_seats IS NULL OR pending_seats >= 1);
CREATE INDEX subscriptions_team_idx ON subscriptions (team_id, update_time) WHERE team_id IS NOT NULL;

-- Who holds a seat of their team. The seat goes with the membership
-- (leaving, removal, a deleted account) through the foreign key on
-- team_members' key.
CREATE TABLE team_seats (
    team_id     TEXT NOT NULL,
    user_id     TEXT NOT NULL UNIQUE,
    assigned_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (team_id, user_id),
    FOREIGN KEY (team_id, user_id) REFERENCES team_members (team_id, user_id) ON DELETE CASCADE
);
