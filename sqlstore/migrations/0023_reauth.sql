-- A fresh Google/Apple sign-in that confirms a signed-in user before their
-- account is deleted (issue 17): users without a password cannot type one.

-- An OAuth attempt is a sign-in ('signin') or a re-authentication
-- ('reauth') of the signed-in user_id in their session family_id, started
-- by an authenticated request.
ALTER TABLE oauth_states ADD COLUMN intent TEXT NOT NULL DEFAULT 'signin' CHECK (intent IN ('signin', 'reauth'));
ALTER TABLE oauth_states ADD COLUMN user_id TEXT REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE oauth_states ADD COLUMN family_id TEXT NOT NULL DEFAULT '';

-- A passed re-authentication: valid for one use, for a few minutes, in the
-- one session (refresh-token family) that asked for it.
CREATE TABLE reauth_proofs (
    family_id  TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider   TEXT NOT NULL CHECK (provider IN ('google', 'apple')),
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX reauth_proofs_user_id_idx ON reauth_proofs (user_id);
CREATE INDEX reauth_proofs_expires_at_idx ON reauth_proofs (expires_at);
