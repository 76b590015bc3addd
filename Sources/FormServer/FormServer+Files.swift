import FormCore
import FormEngine
import Hummingbird

/// `GET /submissions/ID/files/KEYPATH[?position=N]`: a stored file's bytes, streamed from the
/// store piece by piece, to a token that may read the submission. The type is the one found
/// from the bytes, and the browser is told to save the file rather than show it
/// (`attachment`, `nosniff`): a file a stranger uploaded never runs as a page of this server.
extension FormServer {
    func showFile(_ request: Request, _ context: RouteContext) async throws -> Response {
        let (submission, _) = try await visibleSubmission(request, context)
        // The router gives the segment as sent: `talks.1.slides`, or percent-encoded.
        let keyPath = try Self.pathSegment(context.parameters.get("keyPath") ?? "", naming: "the key path")
        var position = 0
        if let text = request.uri.queryParameters["position"] {
            guard let number = Int(String(text)), number >= 0 else {
                throw ServedError(.badRequest, message: "position must be a whole number from 0 (a field's first file)")
            }
            position = number
        }
        let noFile = ServedError(.notFound, message: "submission \(submission.id) has no file at '\(keyPath)' position \(position)")
        // A deleted submission's files are gone for good, whoever asks.
        guard submission.deletion == nil else { throw noFile }
        guard let found = try await engineCall({ try await engine.fileBytes(ofSubmission: submission.id, keyPath: keyPath, position: position) })
        else { throw noFile }
        let headers: HTTPFields = [
            .contentType: Self.servedType(found.file.mediaType),
            .contentDisposition: Self.attachmentDisposition(found.file.name),
            .xContentTypeOptions: "nosniff",
            // Should a browser show it anyway (opened from a cache, a proxy that drops the
            // disposition), it runs nothing and loads nothing, as a page of no origin.
            .contentSecurityPolicy: "default-src 'none'; sandbox",
            .cacheControl: "private, no-store",
        ]
        let bytes = found.bytes
        return Response(status: .ok, headers: headers, body: ResponseBody(contentLength: found.file.size) { writer in
            for try await piece in bytes { try await writer.write(ByteBuffer(bytes: piece)) }
            try await writer.finish(nil)
        })
    }

    /// The type a file is served with: the one found from its bytes, except for what a
    /// browser runs as a page or a script (HTML, XML and SVG, JavaScript), served as
    /// `application/octet-stream` so that no browser, old or new, renders a stranger's upload
    /// with this server's origin. The submission's JSON still says what the file is.
    static func servedType(_ mediaType: String) -> String {
        let type = mediaType.lowercased()
        let active = ["text/html", "application/xhtml+xml", "text/xml", "application/xml", "image/svg+xml", "text/javascript",
                      "application/javascript", "application/ecmascript", "text/ecmascript", "text/xsl", "application/xslt+xml"]
        return active.contains(type) || type.hasSuffix("+xml") ? "application/octet-stream" : mediaType
    }

    /// `attachment; filename*=UTF-8''...` (RFC 6266 and 8187): the name percent-encoded, so
    /// any name (quotes, non-ASCII) reaches the browser as it was kept, and nothing in it can
    /// end the header.
    static func attachmentDisposition(_ name: String) -> String {
        var encoded = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return "attachment; filename*=UTF-8''" + encoded
    }

    /// The files a submission holds, each with the address of its bytes, for the submission's
    /// JSON: the values hold the same references by key path.
    func fileLinks(of submission: StoredSubmission) async throws -> FormValue {
        let files = try await engineCall { try await engine.files(ofSubmission: submission.id) }
        return .array(files.map { file -> FormValue in
            // As `formctl show` lists it, with where to read it.
            guard case .object(var members) = file.jsonValue else { return file.jsonValue }
            members["url"] = .string(paths("/submissions/\(submission.id)/files/\(HTML.pathSegment(file.keyPath))")
                + (file.position == 0 ? "" : "?position=\(file.position)"))
            return .object(members)
        })
    }
}
