/// The bytes of a file to store, read in pieces so that no file is ever held whole in memory
/// (the engine spools an upload to an unnamed temporary file and reads it back from there).
package protocol AttachmentContent: Sendable {
    /// Up to `count` bytes from `offset`; fewer only at the end of the content.
    func read(offset: Int, count: Int) throws -> [UInt8]
}

/// The size of the pieces a file's bytes are stored and read back in: small enough that a
/// reader's memory stays flat for a file of any size, large enough that a 100 MB file is a few
/// hundred rows.
package enum AttachmentChunk {
    package static let size = 256 * 1024
}

/// One file to store with a submission (`SubmissionWrite.attachments`,
/// `SubmissionEditWrite.attachments`): where it sits in the values and what it is.
package struct AttachmentWrite: Sendable, Equatable {
    /// The field's key path, dotted with item indexes: `slides`, `talks.1.slides`.
    package var keyPath: String
    /// Its place among the field's files, from 0.
    package var position: Int
    /// The sanitised file name.
    package var name: String
    /// The media type found from the bytes.
    package var mediaType: String
    /// Bytes.
    package var size: Int
    /// SHA-256 of the bytes (64 lowercase hex digits): the content's address. Bytes already
    /// stored under it (by any submission) are not stored again.
    package var sha256: String
    /// The bytes, read when no content with this SHA-256 is stored yet. nil: the content is
    /// already stored (a file kept from the draft or revision this write follows); if it is
    /// not, the write fails with `StoreError.attachmentContentMissing` and nothing is stored.
    package var content: (any AttachmentContent)?

    package init(keyPath: String, position: Int, name: String, mediaType: String, size: Int, sha256: String,
                 content: (any AttachmentContent)?)
    {
        self.keyPath = keyPath
        self.position = position
        self.name = name
        self.mediaType = mediaType
        self.size = size
        self.sha256 = sha256
        self.content = content
    }

    /// Everything but the bytes' source.
    package static func == (lhs: AttachmentWrite, rhs: AttachmentWrite) -> Bool {
        lhs.keyPath == rhs.keyPath && lhs.position == rhs.position && lhs.name == rhs.name
            && lhs.mediaType == rhs.mediaType && lhs.size == rhs.size && lhs.sha256 == rhs.sha256
            && (lhs.content == nil) == (rhs.content == nil)
    }
}

/// A file stored with a submission, as of one of its revisions (its bytes are read with
/// `SubmissionStorage.attachmentChunk`).
public struct StoredAttachment: Sendable, Hashable {
    /// The submission that holds it.
    public var submissionID: Int64
    /// The revision whose values refer to it (a draft's files are its revision 1's).
    public var revision: Int
    /// The field's key path, dotted with item indexes: `slides`, `talks.1.slides`.
    public var keyPath: String
    /// Its place among the field's files, from 0.
    public var position: Int
    /// The sanitised file name.
    public var name: String
    /// The media type found from the bytes.
    public var mediaType: String
    /// Bytes.
    public var size: Int
    /// SHA-256 of the bytes, 64 lowercase hex digits.
    public var sha256: String

    package init(submissionID: Int64, revision: Int, keyPath: String, position: Int, name: String, mediaType: String,
                 size: Int, sha256: String)
    {
        self.submissionID = submissionID
        self.revision = revision
        self.keyPath = keyPath
        self.position = position
        self.name = name
        self.mediaType = mediaType
        self.size = size
        self.sha256 = sha256
    }

    /// How many `AttachmentChunk.size` pieces the bytes are read in (an empty file has none).
    package var chunkCount: Int { (size + AttachmentChunk.size - 1) / AttachmentChunk.size }
}
