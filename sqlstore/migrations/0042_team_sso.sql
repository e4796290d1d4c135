-- Company sign-in (issue 29): a team signs in through its own OpenID
-- Connect provider.
--
-- team_sso holds the one provider of a team. client_secret is sealed
-- (AES-GCM, additional data the team id; see auth.SSOSealer), never plain.
-- config_version counts the changes of issuer, client id and secret: a
-- test (test_*) is current only while test_version equals it, and the
-- per-team provider cache of the server is keyed by it.
CREATE TABLE team_sso (
    team_id             TEXT PRIMARY KEY REFERENCES teams (id) ON DELETE CASCADE,
    issuer              TEXT NOT NULL CHECK (length(issuer) BETWEEN 1 AND 300),
    client_id           TEXT NOT NULL CHECK (length(client_id) BETWEEN 1 AND 300),
    client_secret       TEXT NOT NULL CHECK (client_secret <> ''),
    config_version      INTEGER NOT NULL DEFAULT 1 CHECK (config_version >= 1),
    enforced            BOOLEAN NOT NULL DEFAULT FALSE,
    default_role        TEXT NOT NULL DEFAULT 'member' CHECK (default_role IN ('member', 'manager')),
    active              BOOLEAN NOT NULL DEFAULT FALSE,
    admin_disabled_at   TIMESTAMPTZ,
    admin_disabled_by   TEXT REFERENCES users (id) ON DELETE SET NULL,
    test_at             TIMESTAMPTZ,
    test_ok             BOOLEAN NOT NULL DEFAULT FALSE,
    test_version        INTEGER NOT NULL DEFAULT 0,
    test_subject        TEXT NOT NULL DEFAULT '',
    test_email          TEXT NOT NULL DEFAULT '',
    test_email_verified BOOLEAN NOT NULL DEFAULT FALSE,
    test_error          TEXT NOT NULL DEFAULT '',
    created_at          TIMESTAMPTZ NOT NULL,
    updated_at          TIMESTAMPTZ NOT NULL
);

-- The e-mail domains a team lists. A listed domain is claimed (usable for
-- sign-in) once the owner's test signed in with a verified address of it;
-- the partial unique index makes a claimed domain one team's only, so of
-- two teams claiming one domain at once exactly one succeeds.
CREATE TABLE team_sso_domains (
    team_id    TEXT NOT NULL REFERENCES team_sso (team_id) ON DELETE CASCADE,
    domain     TEXT NOT NULL CHECK (length(domain) BETWEEN 3 AND 253),
    claimed    BOOLEAN NOT NULL DEFAULT FALSE,
    claimed_at TIMESTAMPTZ,
    PRIMARY KEY (team_id, domain)
);
CREATE UNIQUE INDEX team_sso_domains_claim_idx ON team_sso_domains (domain) WHERE claimed;

-- The identities of company sign-in: the provider's subject within the
-- team's provider. Their own table, because identities' provider CHECK
-- allows only google and apple and a subject is unique per team's
-- provider, not globally.
CREATE TABLE sso_identities (
    team_id    TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    subject    TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email      TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    UNIQUE (team_id, subject)
);
CREATE INDEX sso_identities_user_idx ON sso_identities (user_id);

-- A company sign-in whose e-mail names an existing account outside the
-- team waits here for that account's password (once): single use, 15
-- minutes, the token stored hashed.
CREATE TABLE sso_pending_links (
    token_hash TEXT PRIMARY KEY,
    team_id    TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    subject    TEXT NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
    email      TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at    TIMESTAMPTZ
);
CREATE INDEX sso_pending_links_expires_at_idx ON sso_pending_links (expires_at);
CREATE INDEX sso_pending_links_team_idx ON sso_pending_links (team_id);
CREATE INDEX sso_pending_links_user_idx ON sso_pending_links (user_id);

-- oauth_states gains company sign-in: provider "sso:<team id>" and the
-- intent 'sso_test' (the owner's test). Both columns had CHECKs that SQLite
-- cannot change in place, so the table is rebuilt the same way on both
-- databases; states in flight are copied.
ALTER TABLE oauth_states RENAME TO oauth_states_0041;
CREATE TABLE oauth_states (
    state_hash    TEXT PRIMARY KEY,
    provider      TEXT NOT NULL CHECK (provider IN ('google', 'apple')
                      OR (provider LIKE 'sso:%' AND length(provider) BETWEEN 5 AND 64)),
    nonce         TEXT NOT NULL DEFAULT '',
    code_verifier TEXT NOT NULL DEFAULT '',
    binding_hash  TEXT NOT NULL DEFAULT '',
    remember      BOOLEAN NOT NULL DEFAULT FALSE,
    ref           TEXT NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL,
    expires_at    TIMESTAMPTZ NOT NULL,
    intent        TEXT NOT NULL DEFAULT 'signin' CHECK (intent IN ('signin', 'reauth', 'sso_test')),
    user_id       TEXT REFERENCES users (id) ON DELETE CASCADE,
    family_id     TEXT NOT NULL DEFAULT '',
    language      TEXT NOT NULL DEFAULT '' CHECK (language IN ('', 'de', 'en'))
);
INSERT INTO oauth_states (state_hash, provider, nonce, code_verifier, binding_hash, remember, ref, created_at,
        expires_at, intent, user_id, family_id, language)
    SELECT state_hash, provider, nonce, code_verifier, binding_hash, remember, ref, created_at,
        expires_at, intent, user_id, family_id, language
    FROM oauth_states_0041;
DROP TABLE oauth_states_0041;
CREATE INDEX oauth_states_expires_at_idx ON oauth_states (expires_at);
