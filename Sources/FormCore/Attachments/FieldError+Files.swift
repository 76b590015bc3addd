/// The refusals of a file field's rules, made in one place: the engine refusing an upload while
/// it is still reading and validation refusing a submit's stored references say the same thing.
extension FieldError {
    /// A file larger than the field's `maxSize`.
    public static func fileTooLarge(path: String, limit: Int) -> FieldError {
        FieldError(path: path, rule: "maxSize", message: "the file is larger than \(ByteCount(limit)), the most this field takes")
    }

    /// A file whose type (or name) is none of those the field's `accept` lists.
    public static func fileTypeRefused(path: String, mediaType: String, accept: [String]) -> FieldError {
        let wanted = accept.isEmpty ? "any file" : accept.joined(separator: ", ")
        return FieldError(path: path, rule: "accept", message: "takes \(wanted), not a file of type \(mediaType.excerpt())")
    }

    /// More files than the field's `maximumFiles`.
    public static func tooManyFiles(path: String, limit: Int) -> FieldError {
        FieldError(path: path, rule: "maximumFiles",
                   message: limit == 1 ? "takes one file only" : "takes at most \(limit) files")
    }

    /// All the files of one submission together larger than the form's `maxUploadSize`.
    public static func uploadTooLarge(path: String, limit: Int) -> FieldError {
        FieldError(path: path, rule: "maxUploadSize",
                   message: "the files of this submission together are larger than \(ByteCount(limit)), the most the form takes")
    }

    /// A file sent for a key path that is no file field of the form.
    public static func notAFileField(path: String) -> FieldError {
        FieldError(path: path, rule: "file", message: "is not a file field of this form: no file can be attached here")
    }

    /// A file field answered with something that is no file (text, a number, an object that is
    /// no reference to a stored file).
    public static func expectsFile(path: String) -> FieldError {
        FieldError(path: path, rule: "file",
                   message: "expects a file; attach one with --attach KEY=PATH, a {\"file\": PATH} answer or an upload")
    }

    /// An image whose longer side is more pixels than the field's `imageMaxLength`: it is
    /// refused, not scaled down, since the bytes stored are the ones sent.
    public static func imageTooLarge(path: String, limit: Int, width: Int, height: Int) -> FieldError {
        FieldError(path: path, rule: "imageMaxLength",
                   message: "the image is \(width)×\(height) pixels; this field takes images of at most \(limit) pixels on their longer side")
    }
}
