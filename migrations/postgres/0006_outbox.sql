-- The same outbox as migrations/0008_outbox.sql for SQLite: every change to a submission writes
-- an event in the change's own transaction (statement triggers below, so COPY imports are
-- covered too, with one INSERT per statement), and each receiver gets a delivery row per event.
--
-- The triggers take a transaction-scoped advisory lock before an event takes its sequence,
-- so events commit in sequence order: a reader that has seen sequence N will never later see
-- a smaller one commit (a claim's cursor and engine.events could otherwise skip it). Writes
-- that change submissions therefore commit one at a time from their first change on; the
-- rest of formctl's writes are short. They also NOTIFY the outbox's channel, which PostgreSQL
-- delivers at the commit, to wake deliverers in every process.

CREATE TABLE ${prefix}outbox_events (
    sequence        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- 'evt_' and 32 hex digits: the webhook-id a receiver deduplicates by.
    id              text NOT NULL UNIQUE DEFAULT 'evt_' || replace(gen_random_uuid()::text, '-', ''),
    type            text NOT NULL,
    submission_id   bigint NOT NULL,
    submission_uuid uuid NOT NULL,
    form_name       text NOT NULL,
    -- The submission's revision after the change.
    revision        integer NOT NULL,
    occurred_at     timestamptz NOT NULL
);

CREATE FUNCTION ${prefix}formctl_outbox_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM new_rows LIMIT 1;
    IF NOT FOUND THEN RETURN NULL; END IF;
    PERFORM pg_advisory_xact_lock(hashtext('${prefix}formctl_outbox'));
    INSERT INTO ${prefix}outbox_events (type, submission_id, submission_uuid, form_name, revision, occurred_at)
    SELECT CASE n.status WHEN 'final' THEN 'submission.created' ELSE 'submission.draft_saved' END,
           n.id, n.uuid, f.name, n.revision, n.created_at
    FROM new_rows n JOIN ${prefix}forms f ON f.id = n.form_id ORDER BY n.id;
    PERFORM pg_notify('${prefix}formctl_outbox', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER ${prefix}submissions_outbox_insert AFTER INSERT ON ${prefix}submissions
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${prefix}formctl_outbox_inserted();

-- A deletion, a draft saved or finalized, an edit; reviews are told by the trigger on
-- submission_reviews, so a review is one event, and an update that changes none of these
-- columns (a resume token forgotten) is none.
CREATE FUNCTION ${prefix}formctl_outbox_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.deleted_at IS NOT NULL AND o.deleted_at IS NULL)
       OR (n.deleted_at IS NULL AND (n.status IS DISTINCT FROM o.status OR n.revision IS DISTINCT FROM o.revision
                                     OR n.updated_at IS DISTINCT FROM o.updated_at OR n.values_json IS DISTINCT FROM o.values_json))
    LIMIT 1;
    IF NOT FOUND THEN RETURN NULL; END IF;
    PERFORM pg_advisory_xact_lock(hashtext('${prefix}formctl_outbox'));
    INSERT INTO ${prefix}outbox_events (type, submission_id, submission_uuid, form_name, revision, occurred_at)
    SELECT CASE
               WHEN n.deleted_at IS NOT NULL THEN 'submission.deleted'
               WHEN o.status = 'draft' AND n.status = 'final' THEN 'submission.finalized'
               WHEN n.status = 'draft' THEN 'submission.draft_saved'
               ELSE 'submission.updated'
           END,
           n.id, n.uuid, f.name, n.revision, CASE WHEN n.deleted_at IS NOT NULL THEN n.deleted_at ELSE n.updated_at END
    FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN ${prefix}forms f ON f.id = n.form_id
    WHERE (n.deleted_at IS NOT NULL AND o.deleted_at IS NULL)
       OR (n.deleted_at IS NULL AND (n.status IS DISTINCT FROM o.status OR n.revision IS DISTINCT FROM o.revision
                                     OR n.updated_at IS DISTINCT FROM o.updated_at OR n.values_json IS DISTINCT FROM o.values_json))
    ORDER BY n.id;
    PERFORM pg_notify('${prefix}formctl_outbox', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER ${prefix}submissions_outbox_update AFTER UPDATE ON ${prefix}submissions
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION ${prefix}formctl_outbox_updated();

CREATE FUNCTION ${prefix}formctl_outbox_reviewed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM new_rows LIMIT 1;
    IF NOT FOUND THEN RETURN NULL; END IF;
    PERFORM pg_advisory_xact_lock(hashtext('${prefix}formctl_outbox'));
    INSERT INTO ${prefix}outbox_events (type, submission_id, submission_uuid, form_name, revision, occurred_at)
    SELECT 'submission.reviewed', s.id, s.uuid, f.name, r.revision, r.created_at
    FROM new_rows r JOIN ${prefix}submissions s ON s.id = r.submission_id JOIN ${prefix}forms f ON f.id = s.form_id
    ORDER BY r.id;
    PERFORM pg_notify('${prefix}formctl_outbox', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER ${prefix}submission_reviews_outbox AFTER INSERT ON ${prefix}submission_reviews
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${prefix}formctl_outbox_reviewed();

-- A receiver, by name (a webhook's URL): it receives the events after `cursor` (at creation,
-- the last event written). event_types is a comma-separated list of types, NULL for all.
CREATE TABLE ${prefix}outbox_subscriptions (
    id              bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    name            text NOT NULL UNIQUE,
    event_types     text,
    cursor          bigint NOT NULL CHECK (cursor >= 0),
    created_at      timestamptz NOT NULL,
    disabled_at     timestamptz,
    disabled_reason text
);

-- One event for one receiver: pending (due at next_attempt_at, or claimed by lease_owner until
-- lease_until), delivered, or failed once its attempts ran out.
CREATE TABLE ${prefix}outbox_deliveries (
    subscription_id bigint NOT NULL REFERENCES ${prefix}outbox_subscriptions (id),
    event_sequence  bigint NOT NULL REFERENCES ${prefix}outbox_events (sequence),
    submission_uuid uuid NOT NULL,
    state           text NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
    attempts        integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at timestamptz NOT NULL,
    lease_owner     text,
    lease_until     timestamptz,
    last_status     integer,
    last_error      text,
    delivered_at    timestamptz,
    PRIMARY KEY (subscription_id, event_sequence)
);

CREATE INDEX ${prefix}outbox_deliveries_pending ON ${prefix}outbox_deliveries (subscription_id, event_sequence)
    WHERE state = 'pending';
CREATE INDEX ${prefix}outbox_deliveries_pending_submission
    ON ${prefix}outbox_deliveries (subscription_id, submission_uuid, event_sequence) WHERE state = 'pending';
CREATE INDEX ${prefix}outbox_deliveries_failed ON ${prefix}outbox_deliveries (subscription_id, event_sequence)
    WHERE state = 'failed';
