#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore

/// The server could not start listening where it was asked to: the port is taken, the address
/// is not one of this machine's, or the port needs privileges.
public struct ListenError: Error, Sendable, CustomStringConvertible {
    /// The host and port asked for.
    public let host: String
    public let port: Int
    /// The system's error number (`EADDRINUSE`, `EADDRNOTAVAIL`, `EACCES`...).
    public let errno: Int32

    /// Whether another program (or another server) listens on that port already.
    public var portIsInUse: Bool { errno == EADDRINUSE }

    public var description: String {
        let reason = switch errno {
        case EADDRINUSE: "the port is in use: something else listens on it"
        case EADDRNOTAVAIL: "the address is not one of this machine's"
        case EACCES: "listening on this port needs privileges this process does not have"
        default: String(cString: strerror(errno))
        }
        return "cannot listen on \(host):\(port): \(reason)"
    }

    /// The error a failed start is, if it is one of listening: SwiftNIO's `IOError` from the
    /// system call that binds or listens.
    static func from(_ error: any Error, host: String, port: Int) -> ListenError? {
        guard let failure = error as? IOError else { return nil }
        return ListenError(host: host, port: port, errno: failure.errnoCode)
    }
}
