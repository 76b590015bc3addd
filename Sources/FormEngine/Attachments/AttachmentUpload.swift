import FormCore

/// A file sent for a file field (`QImageElement`, `QFileElement`), read once, as it arrives.
public struct AttachmentUpload: Sendable {
    /// The field's key path, dotted with item indexes: `slides`, `talks.1.slides`. Several
    /// uploads to one key fill its files in order (up to its `maximumFiles`).
    public var keyPath: String
    /// The file's name as the sender gave it; kept sanitised (no directory, no control
    /// character), never used as a path.
    public var fileName: String
    /// The media type the sender claimed: only a hint, used when the bytes say nothing more
    /// specific. The type kept is the one found from the bytes.
    public var declaredType: String?
    /// The bytes, in pieces of any size.
    public var bytes: any AsyncSequence<ArraySlice<UInt8>, any Error> & Sendable

    /// An upload for the field at `keyPath`, of `bytes`.
    public init(keyPath: String, fileName: String, declaredType: String? = nil,
                bytes: any AsyncSequence<ArraySlice<UInt8>, any Error> & Sendable)
    {
        self.keyPath = keyPath
        self.fileName = fileName
        self.declaredType = declaredType
        self.bytes = bytes
    }
}
