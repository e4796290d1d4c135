-- A client secret's expiry date (issue 40): the owner may enter the date
-- the provider shows (Entra ID's secrets expire), and is reminded by mail
-- 14 days before it. secret_reminded_at is when that mail was queued; a
-- new date clears it, so each date is reminded of once.
ALTER TABLE team_sso ADD COLUMN client_secret_expires_at TIMESTAMPTZ;
ALTER TABLE team_sso ADD COLUMN secret_reminded_at TIMESTAMPTZ;
CREATE INDEX team_sso_secret_expiry_idx ON team_sso (client_secret_expires_at) WHERE secret_reminded_at IS NULL;
