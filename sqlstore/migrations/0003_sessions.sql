-- Sign-in state: refresh tokens, mail tokens, OAuth attempts and linked
-- external identities. Tokens are stored only as SHA-256 hashes.

-- One row per issued refresh token; a family is the chain of rotations of
-- one sign-in. used_at marks a rotated token (a second use is reuse and
-- revokes the family); revoked_at marks sign-out and revocation.
CREATE TABLE refresh_tokens (
    id         TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    family_id  TEXT NOT NULL,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    remember   BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ,
    revoked_at TIMESTAMPTZ,
    user_agent TEXT NOT NULL DEFAULT '',
    ip         TEXT NOT NULL DEFAULT ''
);
CREATE INDEX refresh_tokens_family_id_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_id_idx ON refresh_tokens (user_id);
-- For the admin overview's "active sessions in the last 15 minutes".
CREATE INDEX refresh_tokens_created_at_idx ON refresh_tokens (created_at);
CREATE INDEX refresh_tokens_used_at_idx ON refresh_tokens (used_at);

-- Confirmation, password-reset and invitation links.
CREATE TABLE one_time_tokens (
    token_hash TEXT PRIMARY KEY,
    purpose    TEXT NOT NULL CHECK (purpose IN ('confirm_email', 'reset_password', 'invite')),
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX one_time_tokens_user_id_idx ON one_time_tokens (user_id);
CREATE INDEX one_time_tokens_expires_at_idx ON one_time_tokens (expires_at);

-- The server-side half of an OAuth/OIDC sign-in; deleted when consumed.
CREATE TABLE oauth_states (
    state_hash    TEXT PRIMARY KEY,
    provider      TEXT NOT NULL CHECK (provider IN ('google', 'apple')),
    nonce         TEXT NOT NULL DEFAULT '',
    code_verifier TEXT NOT NULL DEFAULT '',
    binding_hash  TEXT NOT NULL DEFAULT '',
    remember      BOOLEAN NOT NULL DEFAULT FALSE,
    ref           TEXT NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL,
    expires_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX oauth_states_expires_at_idx ON oauth_states (expires_at);

-- A Google or Apple account linked to a user; subject is the provider's
-- stable user id.
CREATE TABLE identities (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider   TEXT NOT NULL CHECK (provider IN ('google', 'apple')),
    subject    TEXT NOT NULL CHECK (subject <> ''),
    email      TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    UNIQUE (provider, subject)
);
CREATE INDEX identities_user_id_idx ON identities (user_id);
