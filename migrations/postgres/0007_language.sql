-- The same as migrations/0009_language.sql for SQLite: the language a submission (and each
-- kept revision) was given in, NULL for rows stored before it was recorded. A nullable column
-- without a default: PostgreSQL adds it without rewriting the table, and the outbox's triggers
-- name the columns they compare, so it writes no event of its own.
ALTER TABLE ${prefix}submissions ADD COLUMN language text;
ALTER TABLE ${prefix}submission_revisions ADD COLUMN language text;
