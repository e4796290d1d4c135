-- Tracked route changes for the admin analytics.
CREATE TABLE page_views (
    id         TEXT PRIMARY KEY,
    path       TEXT NOT NULL,
    source     TEXT NOT NULL CHECK (source IN (
                   'google', 'ai-tool', 'instagram', 'youtube', 'tiktok', 'linkedin', 'direct', 'other')),
    user_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at TIMESTAMPTZ NOT NULL
);
-- Analytics filter by period, then by source or page.
CREATE INDEX page_views_created_at_idx ON page_views (created_at);
CREATE INDEX page_views_source_created_at_idx ON page_views (source, created_at);
CREATE INDEX page_views_user_id_idx ON page_views (user_id);
