-- Referral codes (one per user) and the sign-ups they brought.
CREATE TABLE referral_codes (
    user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    code       TEXT NOT NULL UNIQUE CHECK (code <> ''),
    created_at TIMESTAMPTZ NOT NULL
);

-- A user is referred at most once (the primary key) and never by themself.
CREATE TABLE referral_signups (
    referred_user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    referrer_user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at       TIMESTAMPTZ NOT NULL,
    CHECK (referrer_user_id <> referred_user_id)
);
-- The dashboard lists a referrer's sign-ups, newest first.
CREATE INDEX referral_signups_referrer_created_at_idx ON referral_signups (referrer_user_id, created_at);
