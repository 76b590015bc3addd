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

    static func error(_ status: HTTPResponse.Status, _ message: String, _ extra: [String: FormValue] = [:], headers: HTTPFields = [:]) -> Response {
        var object: OrderedDictionary<String, FormValue> = ["error": .string(message)]
        for key in extra.keys.sorted() { object[key] = extra[key] }
        return json(.object(object), status: status, headers: headers)
    }
}
