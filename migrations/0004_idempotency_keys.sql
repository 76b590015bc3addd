-- The answers of formctl serve kept under an Idempotency-Key: written in the transaction of the
-- submission they answer, so a committed write always has its answer and a rolled-back one never
-- does, and a retry with the same key gets that answer instead of storing again. The fingerprint
-- is the SHA-256 of the request (method, path, content type, body, credentials); the body never
-- holds a resume token. Rows live 24 hours and are pruned as new ones are written.

CREATE TABLE ${prefix}idempotency_keys (
    key           TEXT PRIMARY KEY,
    fingerprint   TEXT NOT NULL,
    submission_id INTEGER NOT NULL REFERENCES ${prefix}submissions (id) ON DELETE CASCADE,
    status        INTEGER NOT NULL,
    content_type  TEXT NOT NULL,
    body          TEXT NOT NULL,
    created_at    TEXT NOT NULL,
    expires_at    TEXT NOT NULL
);

CREATE INDEX ${prefix}idempotency_keys_expires_at ON ${prefix}idempotency_keys (expires_at);
