-- Forms, their versions and the submissions made against them.
-- Timestamps are ISO 8601 UTC text with milliseconds ('2026-11-21T21:05:03.123Z'):
-- fixed width, so text order is time order and `--since` is a plain comparison.

CREATE TABLE ${prefix}forms (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

-- One row per distinct definition of a form; version grows by one when it changes.
CREATE TABLE ${prefix}form_versions (
    id              INTEGER PRIMARY KEY,
    form_id         INTEGER NOT NULL REFERENCES ${prefix}forms(id),
    version         INTEGER NOT NULL CHECK (version >= 1),
    content_hash    TEXT NOT NULL,
    definition_json TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    UNIQUE (form_id, version),
    -- Target of the submissions foreign key below, which keeps form_id and
    -- form_version_id of a submission consistent.
    UNIQUE (form_id, id)
);

-- form_id is copied from the version so listing by form is one index range
-- scan in id order; the composite foreign key stops the copy from drifting.
CREATE TABLE ${prefix}submissions (
    id              INTEGER PRIMARY KEY,
    uuid            TEXT NOT NULL UNIQUE,
    form_id         INTEGER NOT NULL,
    form_version_id INTEGER NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('draft', 'final')),
    created_at      TEXT NOT NULL,
    updated_at      TEXT NOT NULL,
    values_json     TEXT NOT NULL,
    FOREIGN KEY (form_id, form_version_id) REFERENCES ${prefix}form_versions(form_id, id)
);

-- Listing and counting by form (and status), newest ids last.
CREATE INDEX ${prefix}submissions_form_status_id ON ${prefix}submissions(form_id, status, id);
-- Listing and counting by status across all forms.
CREATE INDEX ${prefix}submissions_status_id ON ${prefix}submissions(status, id);
-- `dump --since`.
CREATE INDEX ${prefix}submissions_created_at ON ${prefix}submissions(created_at);
