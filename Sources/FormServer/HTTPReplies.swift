import FormCore
import Foundation
import Hummingbird
import OrderedCollections

/// Responses the server gives, built in one place so every one has its content type and every
/// error the same shape: `{"error": "...", ...}`.
enum HTTPReplies {
    /// Text of a content type, whole in one buffer.
    static func text(_ text: String, type: String, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = type
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static let jsonType = "application/json; charset=utf-8"
    static let htmlType = "text/html; charset=utf-8"

    static func json(_ value: FormValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        text(value.jsonString() + "\n", type: jsonType, status: status, headers: headers)
    }

    static func html(_ page: String, status: HTTPResponse.Status = .ok) -> Response {
        text(page, type: htmlType, status: status, headers: [
            .contentSecurityPolicy: "default-src 'self'; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'",
        ])
    }

    /// An error answer after which the connection is closed: the body is written and then
    /// the writer fails instead of finishing, which is how Hummingbird is told not to read the
    /// rest of the request (it would otherwise wait for and drop every byte the client still
    /// sends, however many it declared). The client has the whole answer: its Content-Length
    /// is given and every byte of it written.
    static func errorClosingConnection(_ status: HTTPResponse.Status, _ message: String, _ extra: [String: FormValue] = [:],
                                       headers given: HTTPFields = [:]) -> Response {
        var headers = given
        headers[.contentType] = jsonType
        headers[.connection] = "close"
        let bytes = ByteBuffer(string: errorObject(message, extra).jsonString() + "\n")
        return Response(status: status, headers: headers, body: ResponseBody(contentLength: bytes.readableBytes) { writer in
            try await writer.write(bytes)
            throw ConnectionClosedAfterAnswer()
        })
    }

    static func error(_ status: HTTPResponse.Status, _ message: String, _ extra: [String: FormValue] = [:], headers: HTTPFields = [:]) -> Response {
        json(errorObject(message, extra), status: status, headers: headers)
    }

    private static func errorObject(_ message: String, _ extra: [String: FormValue]) -> FormValue {
        var object: OrderedDictionary<String, FormValue> = ["error": .string(message)]
        for key in extra.keys.sorted() { object[key] = extra[key] }
        return .object(object)
    }
}
/// How a response body stops the connection after its last byte (`errorClosingConnection`).
struct ConnectionClosedAfterAnswer: Error {}
