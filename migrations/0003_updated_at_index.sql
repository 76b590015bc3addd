-- Keyset paging by update time (a service asking what changed since it last looked): the
-- id breaks ties between rows updated in the same millisecond.
CREATE INDEX ${prefix}submissions_updated_at_id ON ${prefix}submissions(updated_at, id);
