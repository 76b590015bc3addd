import HummingbirdCore
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Open connections per client address, shared by every connection of one server.
final class ClientConnectionCounts: Sendable {
    let maximumPerClient: Int
    private let counts = Mutex<[String: Int]>([:])

    init(maximumPerClient: Int) {
        self.maximumPerClient = maximumPerClient
    }

    /// Counts one more connection from `client`, or returns false when it already has the most.
    func admit(_ client: String) -> Bool {
        counts.withLock { counts in
            let open = counts[client, default: 0]
            guard open < maximumPerClient else { return false }
            counts[client] = open + 1
            return true
        }
    }

    func release(_ client: String) {
        counts.withLock { counts in
            let open = counts[client, default: 0] - 1
            // Removed at zero so that clients long gone take no memory.
            counts[client] = open > 0 ? open : nil
        }
    }
}

/// Closes a connection as soon as it opens when its address already holds the most
/// connections one client may have, so that one address cannot take every connection the
/// server serves at once (`--max-connections`) and leave none to the others.
final class ClientConnectionLimit: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart

    let counts: ClientConnectionCounts
    /// The address this connection was counted under, once admitted.
    var admitted: String?

    init(counts: ClientConnectionCounts) {
        self.counts = counts
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { check(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        check(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let admitted { counts.release(admitted) }
        admitted = nil
        context.fireChannelInactive()
    }

    private func check(_ context: ChannelHandlerContext) {
        guard admitted == nil else { return }
        // A connection without an IP address (a Unix socket) is not a network client.
        guard let client = context.channel.remoteAddress?.clientKey else { return }
        if counts.admit(client) {
            admitted = client
        } else {
            context.close(promise: nil)
        }
    }
}
