-- A final submission's history: an edit keeps what it said before, a review says where it
-- stands, a deletion leaves a tombstone until it is purged. Existing rows become revision 1,
-- received, not deleted: every column below has a default, so no row is rewritten.

-- The current revision (1 as submitted, one more per edit), who made it and why.
ALTER TABLE ${prefix}submissions ADD COLUMN revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1);
ALTER TABLE ${prefix}submissions ADD COLUMN revision_actor TEXT;
ALTER TABLE ${prefix}submissions ADD COLUMN revision_reason TEXT;
-- The last review's state and comment, on the row so that filters and exports need no join.
ALTER TABLE ${prefix}submissions ADD COLUMN review_state TEXT NOT NULL DEFAULT 'received'
    CHECK (review_state IN ('received', 'hasIssues', 'approved', 'rejected'));
ALTER TABLE ${prefix}submissions ADD COLUMN review_comment TEXT;
-- Set on a tombstone: listings and exports skip it, its history stays readable until purged.
ALTER TABLE ${prefix}submissions ADD COLUMN deleted_at TEXT;
ALTER TABLE ${prefix}submissions ADD COLUMN deleted_by TEXT;
ALTER TABLE ${prefix}submissions ADD COLUMN deletion_reason TEXT;

-- The superseded revisions, each as it was: its values, the form version they were valid
-- for, when it was made, by whom and why. The current revision is the submissions row.
CREATE TABLE ${prefix}submission_revisions (
    submission_id   INTEGER NOT NULL REFERENCES ${prefix}submissions (id) ON DELETE CASCADE,
    revision        INTEGER NOT NULL CHECK (revision >= 1),
    form_version_id INTEGER NOT NULL REFERENCES ${prefix}form_versions (id),
    values_json     TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    actor           TEXT,
    reason          TEXT,
    PRIMARY KEY (submission_id, revision)
);

-- Every review, oldest first by id: the state set, the comment, who, when, and which
-- revision of the values was reviewed.
CREATE TABLE ${prefix}submission_reviews (
    id            INTEGER PRIMARY KEY,
    submission_id INTEGER NOT NULL REFERENCES ${prefix}submissions (id) ON DELETE CASCADE,
    revision      INTEGER NOT NULL,
    state         TEXT NOT NULL CHECK (state IN ('received', 'hasIssues', 'approved', 'rejected')),
    comment       TEXT,
    actor         TEXT,
    created_at    TEXT NOT NULL
);

CREATE INDEX ${prefix}submission_reviews_submission_id ON ${prefix}submission_reviews (submission_id, id);
-- Listings and counts skip tombstones, so their indexes leave them out: a count by form and
-- status stays a scan of the index alone, and tombstones cost the live rows nothing.
DROP INDEX ${prefix}submissions_form_status_id;
CREATE INDEX ${prefix}submissions_form_status_id ON ${prefix}submissions (form_id, status, id) WHERE deleted_at IS NULL;
DROP INDEX ${prefix}submissions_status_id;
CREATE INDEX ${prefix}submissions_status_id ON ${prefix}submissions (status, id) WHERE deleted_at IS NULL;
-- `dump --review STATE` and the listing's filter, by form.
CREATE INDEX ${prefix}submissions_form_review_id ON ${prefix}submissions (form_id, review_state, id) WHERE deleted_at IS NULL;
-- `purge --before`: tombstones only, so the index costs nothing for live rows.
CREATE INDEX ${prefix}submissions_deleted_at ON ${prefix}submissions (deleted_at) WHERE deleted_at IS NOT NULL;
