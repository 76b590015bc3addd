@testable import FormServer
import NIOCore
import Testing

/// Who a connection counts as for --max-connections-per-client and --rate-limit.
@Suite struct ClientAddressTests {
    func key(_ address: String) throws -> String? {
        try SocketAddress(ipAddress: address, port: 443).clientKey
    }

    @Test func anIPv4AddressIsItsOwnClient() throws {
        #expect(try key("192.0.2.1") == "192.0.2.1")
        #expect(try key("127.0.0.2") != key("127.0.0.1"))
    }

    /// One subscriber gets a /64: every address of it is one client, so rotating addresses
    /// within it does not get round the limits.
    @Test func anIPv6AddressCountsByItsSlash64() throws {
        #expect(try key("2001:db8:1:2::5") == "2001:db8:1:2::/64")
        #expect(try key("2001:db8:1:2:ffff:ffff:ffff:ffff") == key("2001:db8:1:2::1"))
        #expect(try key("2001:db8:1:3::1") != key("2001:db8:1:2::1"))
        #expect(try key("::1") == "0:0:0:0::/64")
    }

    @Test func anIPv4MappedAddressIsThatIPv4Client() throws {
        #expect(try key("::ffff:192.0.2.1") == "192.0.2.1")
    }
}
