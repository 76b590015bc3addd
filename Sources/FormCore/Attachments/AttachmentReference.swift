import OrderedCollections

/// A file kept with a submission, as the submission's values record it: a file field's value
/// (`QImageElement`, `QFileElement`) is one reference, or an array of them when the field takes
/// more than one file (`maximumFiles` above 1). The bytes themselves are kept by the store,
/// once per distinct content, under `sha256`.
///
/// In values it is the object `{"name": ..., "size": ..., "type": ..., "sha256": ...}` (with
/// `width` and `height` for an image whose size in pixels could be read).
public struct AttachmentReference: Sendable, Hashable {
    /// The file name as given, sanitised: no directory, no control character, at most 255 bytes.
    public var name: String
    /// Bytes.
    public var size: Int
    /// The media type found from the bytes themselves (`image/png`); what a client claimed is
    /// only a hint, used when the bytes say nothing (`text/plain` against `text/csv`).
    public var mediaType: String
    /// The SHA-256 of the bytes, 64 lowercase hex digits: the content's address in the store.
    public var sha256: String
    /// An image's width in pixels, when its header gives it.
    public var width: Int?
    /// An image's height in pixels, when its header gives it.
    public var height: Int?

    /// A reference to bytes stored (or about to be) under `sha256`.
    public init(name: String, size: Int, mediaType: String, sha256: String, width: Int? = nil, height: Int? = nil) {
        self.name = name
        self.size = size
        self.mediaType = mediaType
        self.sha256 = sha256
        self.width = width
        self.height = height
    }

    /// The object kept in the submission's values.
    public var formValue: FormValue {
        var members: [(String, FormValue)] = [
            ("name", .string(name)), ("size", .int(size)), ("type", .string(mediaType)), ("sha256", .string(sha256)),
        ]
        if let width { members.append(("width", .int(width))) }
        if let height { members.append(("height", .int(height))) }
        return .object(.init(uniqueKeysWithValues: members))
    }

    /// The reference a value holds; nil unless it is an object with exactly these members, a
    /// size that is not negative and a well-formed SHA-256, so a client cannot pass an answer
    /// off as a stored file.
    public init?(formValue: FormValue) {
        guard let object = formValue.objectValue,
            case .string(let name)? = object["name"], case .int(let size)? = object["size"], size >= 0,
            case .string(let type)? = object["type"], !type.isEmpty,
            case .string(let sha256)? = object["sha256"], Self.isSHA256(sha256)
        else { return nil }
        var width: Int?
        var height: Int?
        for (key, value) in object {
            switch (key, value) {
            case ("name", _), ("size", _), ("type", _), ("sha256", _): continue
            case ("width", .int(let w)) where w > 0: width = w
            case ("height", .int(let h)) where h > 0: height = h
            default: return nil
            }
        }
        self.init(name: name, size: size, mediaType: type, sha256: sha256, width: width, height: height)
    }

    /// Whether `text` is 64 lowercase hex digits.
    package static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
