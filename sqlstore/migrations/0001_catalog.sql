-- Catalogues the app ships with and admins edit: the AI customer's
-- temperaments and the nine dashboard challenges.
--
-- Migrations are PostgreSQL SQL that SQLite also accepts. The one dialect
-- macro is TIMESTAMPTZ (TIMESTAMP on SQLite); see migrate.go. Ids are TEXT
-- (UUIDs made in Go, slugs for seeded rows); times are always written by the
-- application, never by column defaults, so both databases store one format.

-- "Standard (neutral)" is no row: a user without a preset gets the neutral
-- customer. Description is the instruction given to the AI customer.
CREATE TABLE tone_presets (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE CHECK (name <> ''),
    description TEXT NOT NULL DEFAULT '',
    sort_order  INTEGER NOT NULL DEFAULT 0
);

INSERT INTO tone_presets (id, name, description, sort_order) VALUES
    ('freundlich', 'Freundlich', 'Der Kunde ist höflich und aufgeschlossen, hört interessiert zu und bringt seine Einwände ruhig und wohlwollend vor.', 1),
    ('skeptisch', 'Skeptisch', 'Der Kunde misstraut Versprechen, verlangt Belege, Zahlen und Referenzen und hinterfragt jede Aussage.', 2),
    ('ungeduldig', 'Ungeduldig', 'Der Kunde hat wenig Zeit, antwortet knapp, unterbricht lange Erklärungen und will schnell zum Punkt kommen.', 3),
    ('analytisch', 'Analytisch', 'Der Kunde denkt in Details und Fakten, fragt nach Funktionen, Kosten und Vergleichen und entscheidet erst nach gründlicher Prüfung.', 4),
    ('dominant', 'Dominant', 'Der Kunde tritt bestimmend auf, stellt Forderungen, testet die Standfestigkeit des Verkäufers und will das Gespräch lenken.', 5),
    ('zurueckhaltend', 'Zurückhaltend', 'Der Kunde ist wortkarg und unentschlossen, gibt wenig von sich preis und äußert seine Bedenken erst auf gezielte Fragen.', 6);

-- The nine challenges. key names the counter that feeds a challenge and is
-- fixed; admins edit name, icon, description and target. name is
-- "iconkey – Title" (en dash) because the client takes the icon from it;
-- icon is the same lucide icon key on its own. target 0 marks the staged
-- challenges (thresholds in the code).
CREATE TABLE challenges (
    key         TEXT PRIMARY KEY CHECK (key IN (
                    'objections_solved', 'messages_sent', 'fast_answers', 'feedback', 'calls',
                    'hints', 'perfect_answers', 'completed_chats', 'daily_streak')),
    name        TEXT NOT NULL CHECK (name <> ''),
    icon        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    target      INTEGER NOT NULL DEFAULT 0 CHECK (target >= 0),
    sort_order  INTEGER NOT NULL DEFAULT 0
);

INSERT INTO challenges (key, name, icon, description, target, sort_order) VALUES
    ('objections_solved', 'shield-check – Einwände gelöst', 'shield-check', 'Löse die Einwände deiner Kunden in Übungs-Chats.', 0, 1),
    ('messages_sent', 'message-square – Nachrichten gesendet', 'message-square', 'Sende Nachrichten in deinen Trainings-Chats.', 0, 2),
    ('fast_answers', 'zap – Schnelle Antworten', 'zap', 'Antworte im Übungsmodus innerhalb von 20 Sekunden auf den Kunden.', 10, 3),
    ('feedback', 'message-circle-heart – Feedbackgeber', 'message-circle-heart', 'Hilf uns mit deinem Feedback, den Sales Coach besser zu machen.', 5, 4),
    ('calls', 'phone – Telefonieren', 'phone', 'Trainiere im Sprachmodus wie am Telefon.', 5, 5),
    ('hints', 'lightbulb – Hints genutzt', 'lightbulb', 'Hol dir über die Glühbirne Tipps für deine nächste Antwort.', 5, 6),
    ('perfect_answers', 'sparkles – Perfekte Antworten', 'sparkles', 'Sende die perfekte Antwort, die dir der Coach vorschlägt.', 8, 7),
    ('completed_chats', 'trophy – Abgeschlossene Chats', 'trophy', 'Überzeuge den Kunden und schließe Übungs-Chats erfolgreich ab.', 3, 8),
    ('daily_streak', 'flame – Tägliche Nutzung', 'flame', 'Trainiere an aufeinanderfolgenden Tagen.', 7, 9);
