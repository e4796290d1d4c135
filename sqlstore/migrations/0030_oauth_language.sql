-- The interface language of the app page that started a Google/Apple
-- sign-in (issue 25): an account the sign-in creates takes it as its
-- language. '' when the page sent none (the account keeps Standard).
ALTER TABLE oauth_states ADD COLUMN language TEXT NOT NULL DEFAULT '' CHECK (language IN ('', 'de', 'en'));
