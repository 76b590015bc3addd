/// The refusals of a file field's rules, made in one place: the engine refusing an upload while
/// it is still reading and validation refusing a submit's stored references say the same thing.
extension FieldError {
    /// A file larger than the field's `maxSize`.
    package static func fileTooLarge(path: String, limit: Int) -> FieldError {
        FieldError(path: path, rule: "maxSize", message: LibraryMessages.text(.fileTooLarge, ["limit": .text("\(ByteCount(limit))")]))
    }

    /// A file whose type (or name) is none of those the field's `accept` lists.
    package static func fileTypeRefused(path: String, mediaType: String, accept: [String]) -> FieldError {
        let wanted = accept.isEmpty ? LibraryMessages.text(.anyFile) : accept.joined(separator: ", ")
        return FieldError(path: path, rule: "accept",
                          message: LibraryMessages.text(.fileTypeRefused, ["types": .text(wanted), "type": .text(mediaType.excerpt())]))
    }

    /// More files than the field's `maximumFiles`.
    package static func tooManyFiles(path: String, limit: Int) -> FieldError {
        FieldError(path: path, rule: "maximumFiles",
                   message: LibraryMessages.text(.tooManyFiles, ["limit": .int(limit)]))
    }

    /// All the files of one submission together larger than the form's `maxUploadSize`.
    package static func uploadTooLarge(path: String, limit: Int) -> FieldError {
        FieldError(path: path, rule: "maxUploadSize",
                   message: LibraryMessages.text(.uploadTooLarge, ["limit": .text("\(ByteCount(limit))")]))
    }

    /// A file sent for a key path that is no file field of the form.
    package static func notAFileField(path: String) -> FieldError {
        FieldError(path: path, rule: "file", message: LibraryMessages.text(.notAFileField))
    }

    /// A file field answered with something that is no file (text, a number, an object that is
    /// no reference to a stored file).
    package static func expectsFile(path: String) -> FieldError {
        FieldError(path: path, rule: "file", message: LibraryMessages.text(.fileExpectedAnyAnswer, ["hint": .text(attachHint)]))
    }

    /// The ways a file reaches a field, for messages that refuse anything else.
    static var attachHint: String { LibraryMessages.text(.attachHint) }

    /// An image whose longer side is more pixels than the field's `imageMaxLength`: it is
    /// refused, not scaled down, since the bytes stored are the ones sent. `width` and
    /// `height` are what the image's header gave (either may be unknown).
    package static func imageTooLarge(path: String, limit: Int, width: Int?, height: Int?) -> FieldError {
        let size: String
        switch (width, height) {
        case (let width?, let height?): size = LibraryMessages.text(.imageSize, ["width": .int(width), "height": .int(height)])
        case (let side?, nil), (nil, let side?): size = LibraryMessages.text(.imageSide, ["side": .int(side)])
        case (nil, nil): size = LibraryMessages.text(.imageSizeUnknown)
        }
        return FieldError(path: path, rule: "imageMaxLength",
                          message: LibraryMessages.text(.imageTooLarge, ["size": .text(size), "limit": .int(limit)]))
    }
}
