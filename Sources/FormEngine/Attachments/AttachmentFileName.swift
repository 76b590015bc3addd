import FormCore

/// The name an upload is kept under: what the sender called it, made safe to show and to
/// write as one path component (`dump --files` does), never trusted as a path.
enum AttachmentFileName {
    /// The longest name kept, in UTF-8 bytes: what file systems allow for one component.
    static let maximumBytes = 255

    /// The last component of `given` (after `/` or `\`, which old browsers send whole
    /// Windows paths with), without control characters or the bidirectional controls that
    /// make `gnp.exe` read as `exe.png`, trimmed, at most 255 bytes (the extension kept when
    /// it can be); "file" when nothing is left, or only `.` or `..`.
    static func sanitised(_ given: String) -> String {
        let last = given.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let kept = String(String.UnicodeScalarView(last.unicodeScalars.filter { !isRefused($0) }))
        let trimmed = String(kept.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard !trimmed.isEmpty, trimmed != ".", trimmed != ".." else { return "file" }
        return shortened(trimmed)
    }

    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        if ControlCharacterCheck.isControl(scalar) { return true }
        switch scalar.value {
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// `name` cut to `maximumBytes` on a character boundary, keeping a short extension.
    static func shortened(_ name: String) -> String {
        guard name.utf8.count > maximumBytes else { return name }
        let ext = FileExtension.of(name)
        let suffix = ext.isEmpty || ext.utf8.count > 16 ? "" : "." + String(name.suffix(ext.count))
        var stem = suffix.isEmpty ? name : String(name.dropLast(ext.count + 1))
        while stem.utf8.count + suffix.utf8.count > maximumBytes { stem.removeLast() }
        return stem + suffix
    }
}
