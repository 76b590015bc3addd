-- The language a submission was given in: the tag of the language its form was shown and
-- validated in (`de`, `ar`, `pt-BR`), chosen from the person's preferences. NULL for rows
-- stored before formctl recorded it. Like revision_actor, it belongs to the current revision:
-- an edit records its editor's language, and the revision it supersedes keeps its own in
-- submission_revisions. No default and no trigger change: the outbox's triggers name the
-- columns they read, so a new column changes no event.
ALTER TABLE ${prefix}submissions ADD COLUMN language TEXT;
ALTER TABLE ${prefix}submission_revisions ADD COLUMN language TEXT;
