-- The outbox: every change to a submission writes an event in the change's own transaction
-- (the triggers below, so every write path is covered, imports included), and each receiver
-- (a webhook's URL) gets a delivery row per event of the types it takes. A purge writes no
-- event and removes none: an event holds the submission's UUID and form name itself, since
-- SQLite may give a purged submission's id to a new one.

-- AUTOINCREMENT: a sequence is never reused, even after the highest row goes.
CREATE TABLE ${prefix}outbox_events (
    sequence        INTEGER PRIMARY KEY AUTOINCREMENT,
    -- 'evt_' and 32 hex digits: the webhook-id a receiver deduplicates by.
    id              TEXT NOT NULL UNIQUE,
    type            TEXT NOT NULL,
    submission_id   INTEGER NOT NULL,
    submission_uuid TEXT NOT NULL,
    form_name       TEXT NOT NULL,
    -- The submission's revision after the change.
    revision        INTEGER NOT NULL,
    occurred_at     TEXT NOT NULL
);

-- A new row: final (submitted in one step, or imported) or a draft.
CREATE TRIGGER ${prefix}submissions_outbox_insert AFTER INSERT ON ${prefix}submissions
BEGIN
    INSERT INTO ${prefix}outbox_events (id, type, submission_id, submission_uuid, form_name, revision, occurred_at)
    SELECT 'evt_' || lower(hex(randomblob(16))),
           CASE NEW.status WHEN 'final' THEN 'submission.created' ELSE 'submission.draft_saved' END,
           NEW.id, NEW.uuid, f.name, NEW.revision, NEW.created_at
    FROM ${prefix}forms f WHERE f.id = NEW.form_id;
END;

-- A deletion, a draft saved or finalized, an edit. Reviews change only the review columns
-- here and are told by the trigger on submission_reviews, so a review is one event; an update
-- that changes none of these columns (a resume token forgotten) is none.
CREATE TRIGGER ${prefix}submissions_outbox_update AFTER UPDATE ON ${prefix}submissions
WHEN (NEW.deleted_at IS NOT NULL AND OLD.deleted_at IS NULL)
  OR (NEW.deleted_at IS NULL AND (NEW.status IS NOT OLD.status OR NEW.revision IS NOT OLD.revision
                                  OR NEW.updated_at IS NOT OLD.updated_at OR NEW.values_json IS NOT OLD.values_json))
BEGIN
    INSERT INTO ${prefix}outbox_events (id, type, submission_id, submission_uuid, form_name, revision, occurred_at)
    SELECT 'evt_' || lower(hex(randomblob(16))),
           CASE
               WHEN NEW.deleted_at IS NOT NULL THEN 'submission.deleted'
               WHEN OLD.status = 'draft' AND NEW.status = 'final' THEN 'submission.finalized'
               WHEN NEW.status = 'draft' THEN 'submission.draft_saved'
               ELSE 'submission.updated'
           END,
           NEW.id, NEW.uuid, f.name, NEW.revision,
           CASE WHEN NEW.deleted_at IS NOT NULL THEN NEW.deleted_at ELSE NEW.updated_at END
    FROM ${prefix}forms f WHERE f.id = NEW.form_id;
END;

CREATE TRIGGER ${prefix}submission_reviews_outbox AFTER INSERT ON ${prefix}submission_reviews
BEGIN
    INSERT INTO ${prefix}outbox_events (id, type, submission_id, submission_uuid, form_name, revision, occurred_at)
    SELECT 'evt_' || lower(hex(randomblob(16))), 'submission.reviewed', s.id, s.uuid, f.name, NEW.revision, NEW.created_at
    FROM ${prefix}submissions s JOIN ${prefix}forms f ON f.id = s.form_id WHERE s.id = NEW.submission_id;
END;

-- A receiver, by name (a webhook's URL). It receives the events after `cursor` (at creation,
-- the last event written): a claim gives the newer events of its types delivery rows and
-- moves the cursor past them. event_types is a comma-separated list of types, NULL for all.
CREATE TABLE ${prefix}outbox_subscriptions (
    id              INTEGER PRIMARY KEY,
    name            TEXT NOT NULL UNIQUE,
    event_types     TEXT,
    cursor          INTEGER NOT NULL CHECK (cursor >= 0),
    created_at      TEXT NOT NULL,
    disabled_at     TEXT,
    disabled_reason TEXT
);

-- One event for one receiver: pending (due at next_attempt_at, or claimed by lease_owner until
-- lease_until), delivered, or failed once its attempts ran out. submission_uuid keeps a
-- submission's events in order without reading the events table.
CREATE TABLE ${prefix}outbox_deliveries (
    subscription_id INTEGER NOT NULL REFERENCES ${prefix}outbox_subscriptions (id),
    event_sequence  INTEGER NOT NULL REFERENCES ${prefix}outbox_events (sequence),
    submission_uuid TEXT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at TEXT NOT NULL,
    lease_owner     TEXT,
    lease_until     TEXT,
    last_status     INTEGER,
    last_error      TEXT,
    delivered_at    TEXT,
    PRIMARY KEY (subscription_id, event_sequence)
);

-- Claims walk a receiver's pending rows in event order; delivered rows cost them nothing.
CREATE INDEX ${prefix}outbox_deliveries_pending ON ${prefix}outbox_deliveries (subscription_id, event_sequence)
    WHERE state = 'pending';
-- Whether a submission has an earlier pending event for the receiver (order per submission).
CREATE INDEX ${prefix}outbox_deliveries_pending_submission
    ON ${prefix}outbox_deliveries (subscription_id, submission_uuid, event_sequence) WHERE state = 'pending';
-- `formctl outbox --state failed` and the failed count.
CREATE INDEX ${prefix}outbox_deliveries_failed ON ${prefix}outbox_deliveries (subscription_id, event_sequence)
    WHERE state = 'failed';
