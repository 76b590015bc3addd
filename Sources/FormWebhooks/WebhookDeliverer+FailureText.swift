import AsyncHTTPClient
import Glibc
import NIOCore
import NIOHTTP1

/// Why an attempt got no answer, as `formctl outbox` shows it in LAST ERROR: what happened at
/// the receiver in a person's words, not SwiftNIO's type names (`invalid constant string`,
/// `HTTPClientError.remoteConnectionClosed`).
extension WebhookDeliverer {
    static func failureText(_ error: any Error) -> String {
        if let error = error as? HTTPClientError, error == .remoteConnectionClosed {
            return "the receiver closed the connection without answering"
        }
        if error is HTTPParserError {
            return "the receiver's answer is not HTTP (\(error))"
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: return "connection refused: nothing listens at that address"
            case ECONNRESET: return "the receiver reset the connection"
            case EHOSTUNREACH, ENETUNREACH: return "the receiver's host cannot be reached"
            default: return "connection failed: \(String(cString: strerror(error.errnoCode)))"
            }
        }
        return "\(error)"
    }
}
