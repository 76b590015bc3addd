-- The same as migrations/0004_idempotency_keys.sql for SQLite: the answers of formctl serve kept
-- under an Idempotency-Key, written in the transaction of the submission they answer, for 24
-- hours; the fingerprint is the SHA-256 of the request, and the body never holds a resume token.

CREATE TABLE ${prefix}idempotency_keys (
    key           text PRIMARY KEY,
    fingerprint   text NOT NULL,
    submission_id bigint NOT NULL REFERENCES ${prefix}submissions (id) ON DELETE CASCADE,
    status        integer NOT NULL,
    content_type  text NOT NULL,
    body          text NOT NULL,
    created_at    timestamptz NOT NULL,
    expires_at    timestamptz NOT NULL
);

CREATE INDEX ${prefix}idempotency_keys_expires_at ON ${prefix}idempotency_keys (expires_at);
