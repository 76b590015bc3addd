/// What a file field (`QImageElement`, `QFileElement`) accepts, read from its definition.
package struct FileFieldRules: Sendable, Hashable {
    /// Media types (`image/png`, `image/*`) and extensions (`.pdf`) accepted; empty accepts any.
    /// An image element with no `accept` takes `image/*`.
    package var accept: [String]
    /// The largest file in bytes (`maxSize`); `defaultMaxSize` when the definition names none.
    package var maxSize: Int
    /// How many files the field holds (`maximumFiles`, default 1). Above 1 its value is an
    /// array of references.
    package var maximumFiles: Int
    /// QuickDialog's `imageMaxLength`: the longest side of an image in pixels; a larger image
    /// is refused (it is not scaled down: the stored bytes are the ones sent).
    package var imageMaxLength: Int?
    /// Whether the field is a `QImageElement`.
    package var isImage: Bool

    /// A file field's size limit when its definition gives no `maxSize`: 10 MiB.
    package static let defaultMaxSize = 10 * 1024 * 1024
    /// A submission's limit for all of its files together when the form gives no
    /// `maxUploadSize`: 50 MiB.
    package static let defaultMaxUploadSize = 50 * 1024 * 1024

    /// Rules as given; the defaults are a field that names none.
    package init(accept: [String] = [], maxSize: Int = FileFieldRules.defaultMaxSize, maximumFiles: Int = 1,
                imageMaxLength: Int? = nil, isImage: Bool = false)
    {
        self.accept = accept
        self.maxSize = maxSize
        self.maximumFiles = maximumFiles
        self.imageMaxLength = imageMaxLength
        self.isImage = isImage
    }
}
