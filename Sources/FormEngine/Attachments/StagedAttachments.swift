import FormCore

/// The files received for one submit: each spooled to an unnamed temporary file as it arrived
/// (so memory holds a piece, never a file), measured, hashed and typed from its bytes, within
/// the form's limits. Pass it with `SubmissionRequest.stagedAttachments`, or to the session
/// submit; the temporary files vanish when the last copy of this value is gone, even if the
/// process is killed.
public struct StagedAttachments: Sendable {
    /// Each file received, in the order it arrived.
    public internal(set) var files: [StagedAttachment] = []

    /// No file yet.
    public init() {}

    /// Bytes received, all files together (bounded by the form's `maxUploadSize`).
    public var totalSize: Int { files.reduce(0) { $0 + $1.reference.size } }
}

/// One file received: where it goes in the values and what it was found to be.
public struct StagedAttachment: Sendable {
    /// The field's key path, dotted with item indexes.
    public let keyPath: String
    /// Its place among the field's files, from 0.
    public let position: Int
    /// What is stored in the values for it.
    public let reference: AttachmentReference
    /// Where its bytes wait until the store reads them.
    let spool: SpooledFile
}
