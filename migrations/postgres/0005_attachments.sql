-- The same as migrations/0007_attachments.sql for SQLite: files stored with submissions, the
-- bytes addressed by their SHA-256, stored once, in AttachmentChunk.size pieces.

CREATE TABLE ${prefix}attachment_contents (
    sha256     text PRIMARY KEY CHECK (length(sha256) = 64),
    size       bigint NOT NULL CHECK (size >= 0),
    media_type text NOT NULL,
    created_at timestamptz NOT NULL
);

CREATE TABLE ${prefix}attachment_chunks (
    sha256 text NOT NULL REFERENCES ${prefix}attachment_contents (sha256) ON DELETE CASCADE,
    seq    integer NOT NULL CHECK (seq >= 0),
    data   bytea NOT NULL,
    PRIMARY KEY (sha256, seq)
);
-- Out of line without compression: most files (images, PDFs, archives) are compressed
-- already, and trying again for every piece costs the write time for nothing.
ALTER TABLE ${prefix}attachment_chunks ALTER COLUMN data SET STORAGE EXTERNAL;

CREATE TABLE ${prefix}submission_attachments (
    submission_id bigint NOT NULL REFERENCES ${prefix}submissions (id) ON DELETE CASCADE,
    revision      integer NOT NULL CHECK (revision >= 1),
    key_path      text NOT NULL,
    position      integer NOT NULL CHECK (position >= 0),
    sha256        text NOT NULL REFERENCES ${prefix}attachment_contents (sha256),
    name          text NOT NULL,
    media_type    text NOT NULL,
    size          bigint NOT NULL CHECK (size >= 0),
    PRIMARY KEY (submission_id, revision, key_path, position)
);

CREATE INDEX ${prefix}submission_attachments_sha256 ON ${prefix}submission_attachments (sha256);
