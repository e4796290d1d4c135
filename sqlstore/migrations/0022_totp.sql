-- Two-factor sign-in with an authenticator app (TOTP, RFC 6238).

-- A user's authenticator app. secret_sealed is the shared secret encrypted
-- with AES-256-GCM (auth.TOTP; the key is not in the database). The row is
-- pending until confirmed_at is set by a first valid code. last_step is the
-- newest 30-second step whose code was accepted: a code is accepted only for
-- a newer step, so each code works once.
CREATE TABLE user_totp (
    user_id       TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret_sealed TEXT NOT NULL CHECK (secret_sealed <> ''),
    confirmed_at  TIMESTAMPTZ,
    last_step     BIGINT NOT NULL DEFAULT 0,
    created_at    TIMESTAMPTZ NOT NULL
);

-- One-time recovery codes, stored as keyed hashes (HMAC-SHA256); a used
-- code is deleted.
CREATE TABLE totp_recovery_codes (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash  TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (user_id, code_hash)
);

-- A sign-in that waits for its code: the SHA-256 of the opaque challenge
-- token, the attempts made (at most five), deleted when used.
CREATE TABLE totp_challenges (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    remember   BOOLEAN NOT NULL DEFAULT FALSE,
    attempts   INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX totp_challenges_user_id_idx ON totp_challenges (user_id);

-- Sessions (refresh-token families) that passed the code step or set up the
-- factor; the admin API asks for it when two-factor sign-in is mandatory
-- for admins.
CREATE TABLE session_two_factor (
    family_id TEXT PRIMARY KEY,
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    passed_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX session_two_factor_user_id_idx ON session_two_factor (user_id);
