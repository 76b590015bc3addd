-- Who may change a draft and who may read: a draft made over HTTP keeps the SHA-256 of its
-- resume token (NULL for drafts made on the command line, which only the operator resumes),
-- and the access tokens of formctl serve are kept as SHA-256 hashes, never as given.

ALTER TABLE ${prefix}submissions ADD COLUMN resume_token_hash TEXT;

CREATE TABLE ${prefix}access_tokens (
    id         INTEGER PRIMARY KEY,
    name       TEXT UNIQUE,
    -- NULL: every form (admin tokens only).
    form_name  TEXT,
    scope      TEXT NOT NULL CHECK (scope IN ('read', 'write', 'admin')),
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    CHECK (form_name IS NOT NULL OR scope = 'admin')
);
