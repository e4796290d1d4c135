-- The profile popup offers 'Standard (du)' and 'Standard (de)' beside the
-- explicit choices, so formality and language get '' for Standard: the user
-- has not chosen (the engines then use du and de). A CHECK cannot be changed
-- in place on SQLite, so each column is replaced by a new one; both databases
-- drop a column together with its own CHECK. Nothing could set 'du' or 'de'
-- before this migration (they were the column defaults), so those rows become
-- Standard; the other values are kept.
ALTER TABLE users ADD COLUMN formality_choice TEXT NOT NULL DEFAULT '' CHECK (formality_choice IN ('', 'du', 'sie'));
UPDATE users SET formality_choice = CASE WHEN formality = 'sie' THEN 'sie' ELSE '' END;
ALTER TABLE users DROP COLUMN formality;
ALTER TABLE users RENAME COLUMN formality_choice TO formality;

ALTER TABLE users ADD COLUMN language_choice TEXT NOT NULL DEFAULT '' CHECK (language_choice IN ('', 'de', 'en'));
UPDATE users SET language_choice = CASE WHEN language = 'en' THEN 'en' ELSE '' END;
ALTER TABLE users DROP COLUMN language;
ALTER TABLE users RENAME COLUMN language_choice TO language;

-- When avatar_url was last set. Answers add it to the avatar's address as
-- the query parameter v (unix seconds), so browsers fetch a replaced picture
-- at once and keep caching an unchanged one; users.updated_at changes with
-- every XP award and would defeat the cache.
ALTER TABLE users ADD COLUMN avatar_updated_at TIMESTAMPTZ;
