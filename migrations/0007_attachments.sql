-- Files stored with submissions. The bytes are addressed by their SHA-256 and stored once,
-- however many submissions (or revisions) refer to them, in AttachmentChunk.size pieces so
-- that neither a write nor a read ever holds a whole file. A content row and its pieces are
-- written in the transaction that first refers to them, so a content is never seen partial.

CREATE TABLE ${prefix}attachment_contents (
    sha256     TEXT PRIMARY KEY CHECK (length(sha256) = 64),
    size       INTEGER NOT NULL CHECK (size >= 0),
    -- The type found from the bytes by the first submission that stored them.
    media_type TEXT NOT NULL,
    created_at TEXT NOT NULL
);

-- Piece `seq` (from 0) of a content's bytes; every piece but the last is full.
CREATE TABLE ${prefix}attachment_chunks (
    sha256 TEXT NOT NULL REFERENCES ${prefix}attachment_contents (sha256) ON DELETE CASCADE,
    seq    INTEGER NOT NULL CHECK (seq >= 0),
    data   BLOB NOT NULL,
    PRIMARY KEY (sha256, seq)
);

-- The files of each revision of a submission (a draft's are its revision 1's): where each sits
-- in the values, its sanitised name and type as submitted. An edit adds the new revision's
-- rows and keeps the old ones with the history; the rows go with their submission.
CREATE TABLE ${prefix}submission_attachments (
    submission_id INTEGER NOT NULL REFERENCES ${prefix}submissions (id) ON DELETE CASCADE,
    revision      INTEGER NOT NULL CHECK (revision >= 1),
    key_path      TEXT NOT NULL,
    position      INTEGER NOT NULL CHECK (position >= 0),
    sha256        TEXT NOT NULL REFERENCES ${prefix}attachment_contents (sha256),
    name          TEXT NOT NULL,
    media_type    TEXT NOT NULL,
    size          INTEGER NOT NULL CHECK (size >= 0),
    PRIMARY KEY (submission_id, revision, key_path, position)
);

-- Whether any submission still refers to a content, when a purge or a draft's new files may
-- have left it unreferenced (and for the foreign key's check when a content is deleted).
CREATE INDEX ${prefix}submission_attachments_sha256 ON ${prefix}submission_attachments (sha256);
