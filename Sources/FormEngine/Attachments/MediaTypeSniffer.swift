/// The media type of an upload, found from its first bytes: what is stored and served is what
/// the bytes are, not what a sender claims, so a program named `.pdf` is not kept as a PDF.
///
/// The rule:
/// 1. Magic numbers: PNG, JPEG, GIF, WebP, TIFF, BMP, PDF, gzip, xz, 7z, ZIP (an office file
///    named `.docx`, `.xlsx`, `.pptx`, `.odt`, `.ods`, `.odp` or `.epub` gets its own type, any
///    other ZIP is `application/zip`), the ISO media family (MP4, QuickTime, HEIC, AVIF, M4A),
///    MP3, Ogg, WAV, WebM.
/// 2. Text: UTF-8 without NUL or control characters (tabs and line breaks are fine) in the
///    first `headLength` bytes. SVG when it opens with `<svg` (after an XML declaration or
///    comments); else the claimed type when it is textual (`text/csv`, `application/json`),
///    else the name's extension when it says which text (`.csv`, `.json`, `.md`...), else
///    `text/plain`.
/// 3. Anything else: the claimed type when it is consistent with the bytes (well formed, and
///    none of the types above, which the bytes would have shown, nor a textual one), else
///    `application/octet-stream`.
enum MediaTypeSniffer {
    /// How many of the first bytes are looked at.
    static let headLength = 4096

    static func mediaType(head: [UInt8], fileName: String, declaredType: String?) -> String {
        let declared = declaredType.flatMap(normalized)
        if let magic = magicType(head, fileName: fileName) { return magic }
        if isText(head) {
            if isSVG(head) { return "image/svg+xml" }
            if let declared, isTextual(declared) { return declared }
            return textType(forName: fileName) ?? "text/plain"
        }
        if let declared, !recognised.contains(declared), !isTextual(declared) { return declared }
        return "application/octet-stream"
    }

    /// The type its magic number says, if it has one this table knows.
    static func magicType(_ head: [UInt8], fileName: String) -> String? {
        func starts(_ bytes: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + bytes.count && head[offset..<(offset + bytes.count)].elementsEqual(bytes)
        }
        func ascii(_ text: String, at offset: Int = 0) -> Bool { starts(Array(text.utf8), at: offset) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if ascii("GIF87a") || ascii("GIF89a") { return "image/gif" }
        if ascii("RIFF") && ascii("WEBP", at: 8) { return "image/webp" }
        if ascii("RIFF") && ascii("WAVE", at: 8) { return "audio/wav" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "image/tiff" }
        if ascii("BM"), head.count >= 18, [12, 40, 52, 56, 108, 124].contains(Int(head[14])), head[15] == 0 { return "image/bmp" }
        if ascii("%PDF-") { return "application/pdf" }
        if starts([0x1F, 0x8B]) { return "application/gzip" }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return "application/x-xz" }
        if starts([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) { return "application/x-7z-compressed" }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) { return zipType(forName: fileName) }
        if ascii("ftyp", at: 4), head.count >= 12 {
            switch String(decoding: head[8..<12], as: UTF8.self) {
            case "qt  ": return "video/quicktime"
            case "heic", "heix", "mif1", "msf1": return "image/heic"
            case "avif", "avis": return "image/avif"
            case "M4A ", "M4B ": return "audio/mp4"
            default: return "video/mp4"
            }
        }
        if ascii("ID3") || starts([0xFF, 0xFB]) || starts([0xFF, 0xF3]) || starts([0xFF, 0xF2]) { return "audio/mpeg" }
        if ascii("OggS") { return "audio/ogg" }
        if starts([0x1A, 0x45, 0xDF, 0xA3]) { return "video/webm" }
        return nil
    }

    /// Whether a name's extension agrees with the type found from the bytes: false only when
    /// the extension is one of a type this sniffer recognises, and the bytes are another (a
    /// PNG named `.pdf`), so that `accept: [".pdf"]` cannot be met by renaming a file.
    static func extensionAgrees(_ name: String, with mediaType: String) -> Bool {
        guard let expected = typeByExtension[FileExtension.of(name)] else { return true }
        return expected.contains(mediaType)
    }

    static let typeByExtension: [String: Set<String>] = [
        "pdf": ["application/pdf"], "png": ["image/png"], "jpg": ["image/jpeg"], "jpeg": ["image/jpeg"], "gif": ["image/gif"],
        "webp": ["image/webp"], "tif": ["image/tiff"], "tiff": ["image/tiff"], "bmp": ["image/bmp"], "svg": ["image/svg+xml"],
        "gz": ["application/gzip"], "xz": ["application/x-xz"], "7z": ["application/x-7z-compressed"], "zip": ["application/zip"],
        "docx": [zipType(forName: ".docx")], "xlsx": [zipType(forName: ".xlsx")], "pptx": [zipType(forName: ".pptx")],
        "odt": [zipType(forName: ".odt")], "ods": [zipType(forName: ".ods")], "odp": [zipType(forName: ".odp")],
        "epub": [zipType(forName: ".epub")], "mp4": ["video/mp4"], "m4v": ["video/mp4"], "mov": ["video/quicktime"],
        "heic": ["image/heic"], "avif": ["image/avif"], "m4a": ["audio/mp4"], "mp3": ["audio/mpeg"], "ogg": ["audio/ogg"],
        "wav": ["audio/wav"], "webm": ["video/webm"],
    ]

    /// Types the table above finds from the bytes: a claim of one of them for bytes that do
    /// not show it is not believed.
    static let recognised: Set<String> = [
        "image/png", "image/jpeg", "image/gif", "image/webp", "audio/wav", "image/tiff", "image/bmp", "application/pdf",
        "application/gzip", "application/x-gzip", "application/x-xz", "application/x-7z-compressed", "application/zip",
        "video/quicktime", "image/heic", "image/avif", "audio/mp4", "video/mp4", "audio/mpeg", "audio/ogg", "video/webm",
        "image/svg+xml", "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "application/vnd.oasis.opendocument.text", "application/vnd.oasis.opendocument.spreadsheet",
        "application/vnd.oasis.opendocument.presentation", "application/epub+zip",
    ]

    /// A ZIP's type: an office document's when the name says it is one (they are all ZIPs).
    static func zipType(forName name: String) -> String {
        switch FileExtension.of(name) {
        case "docx": return "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        case "xlsx": return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        case "pptx": return "application/vnd.openxmlformats-officedocument.presentationml.presentation"
        case "odt": return "application/vnd.oasis.opendocument.text"
        case "ods": return "application/vnd.oasis.opendocument.spreadsheet"
        case "odp": return "application/vnd.oasis.opendocument.presentation"
        case "epub": return "application/epub+zip"
        default: return "application/zip"
        }
    }

    /// Which text a name's extension says, when it says one.
    static func textType(forName name: String) -> String? {
        switch FileExtension.of(name) {
        case "csv": return "text/csv"
        case "tsv": return "text/tab-separated-values"
        case "json": return "application/json"
        case "md", "markdown": return "text/markdown"
        case "xml": return "application/xml"
        case "yaml", "yml": return "application/yaml"
        case "html", "htm": return "text/html"
        case "txt", "text", "log": return "text/plain"
        default: return nil
        }
    }

    /// Whether a claimed type is one of text (what text bytes may be more precisely).
    static func isTextual(_ type: String) -> Bool {
        type.hasPrefix("text/") || type.hasSuffix("+json") || type.hasSuffix("+xml")
            || ["application/json", "application/xml", "application/yaml", "application/x-yaml", "application/javascript"].contains(type)
    }

    /// A claimed type as `type/subtype` in lower case without parameters; nil when malformed.
    static func normalized(_ claimed: String) -> String? {
        let bare = claimed.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let type = String(bare.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()).lowercased()
        let parts = type.split(separator: "/", omittingEmptySubsequences: false)
        let token: (Substring) -> Bool = { part in
            !part.isEmpty && part.utf8.count <= 127
                && part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "!#$&-^_.+".unicodeScalars.contains($0)) }
        }
        guard parts.count == 2, token(parts[0]), token(parts[1]) else { return nil }
        return type
    }

    /// UTF-8 text with no NUL and no control character but tab, line breaks and form feed; a
    /// multi-byte character cut by the end of the head is fine.
    static func isText(_ head: [UInt8]) -> Bool {
        guard !head.isEmpty else { return false }
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.contains(where: { ($0 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains($0)) || $0 == 0x7F }) { return false }
        // Drop a character cut short at the end of the head before decoding.
        var end = bytes.endIndex
        var back = 0
        while back < 3, end > bytes.startIndex, bytes[end - 1] & 0xC0 == 0x80 { end -= 1; back += 1 }
        if end > bytes.startIndex, bytes[end - 1] >= 0xC0 {
            let lead = bytes[end - 1]
            let needed = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1
            if back < needed { end -= 1 } else { end = bytes.endIndex }
        } else {
            end = bytes.endIndex
        }
        var iterator = bytes[..<end].makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Text whose first element is `<svg` (after an XML declaration, comments, a doctype).
    static func isSVG(_ head: [UInt8]) -> Bool {
        let lower = head.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
        let marker = Array("<svg".utf8)
        guard let start = lower.indices.first(where: { lower[$0...].starts(with: marker) }) else { return false }
        var before = lower[..<start]
        if before.starts(with: [0xEF, 0xBB, 0xBF]) { before = before.dropFirst(3) }
        while true {
            before = before.drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
            if before.isEmpty { return true }
            guard before.starts(with: Array("<?".utf8)) || before.starts(with: Array("<!".utf8)),
                let close = before.firstIndex(of: UInt8(ascii: ">"))
            else { return false }
            before = before[(close + 1)...]
        }
    }
}

/// A file name's extension, lower-cased, without the dot ("" when it has none).
enum FileExtension {
    static func of(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
