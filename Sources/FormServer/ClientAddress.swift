import NIOCore

extension SocketAddress {
    /// Who a connection counts as for the per-client limits: an IPv4 address as it is, and an
    /// IPv6 address by its /64, the block one subscriber (one home, one machine) is given, so
    /// that a client cannot take a fresh address of its own block for each connection. An
    /// IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is that IPv4 client. Nil for a Unix socket.
    var clientKey: String? {
        switch self {
        case .v4:
            return ipAddress
        case .v6(let address):
            let bytes = withUnsafeBytes(of: address.address.sin6_addr) { Array($0) }
            guard bytes.count == 16 else { return ipAddress }
            if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
                return bytes[12..<16].map(String.init).joined(separator: ".")
            }
            let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            return groups.joined(separator: ":") + "::/64"
        case .unixDomainSocket:
            return nil
        }
    }
}
