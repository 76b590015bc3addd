import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request does not arrive in time: its head must be whole within
/// the header timeout of its first byte (of the connection, for the first request), and its
/// body must not pause for longer than the body timeout. Without this, a client sending a
/// header byte every few seconds holds a connection until the idle timeout, and a few hundred
/// such clients hold every connection the server has. Between requests on a kept-alive
/// connection the idle timeout applies, as before.
///
/// It sits after the HTTP decoder, where a whole head is one part; the first byte of the next
/// head only shows before the decoder, so a small companion there (`RequestBytesWatch`) tells
/// it when bytes arrive.
///
/// One timer per connection, armed lazily: a new deadline only moves `deadline`, and the timer,
/// when it fires, closes the connection if the deadline is due or arms itself again for it.
/// Scheduling and cancelling a timer for every head and every body (four event-loop tasks per
/// request) was a measurable share of a small request's CPU. A timer is replaced only when a
/// deadline falls before the time it is armed for (a header timeout shorter than the body's).
final class RequestReadTimeout: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart

    enum Phase {
        /// Between requests: no clock runs until a byte arrives.
        case betweenRequests
        case readingHead
        case readingBody
    }

    let headerTimeout: TimeAmount
    let bodyTimeout: TimeAmount
    /// A new connection owes its first head from the moment it is accepted.
    var phase = Phase.readingHead
    var deadline: NIODeadline?
    var timer: Scheduled<Void>?
    /// When the armed timer fires.
    var armedFor: NIODeadline?
    var context: ChannelHandlerContext?

    init(headerTimeout: Duration, bodyTimeout: Duration) {
        self.headerTimeout = TimeAmount(headerTimeout)
        self.bodyTimeout = TimeAmount(bodyTimeout)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        do {
            try context.pipeline.syncOperations.addHandler(RequestBytesWatch(timeout: self), position: .first)
        } catch {
            // Without the watch a kept-alive connection is bounded by the idle timeout alone.
        }
        if context.channel.isActive { start(headerTimeout) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        if phase == .readingHead { start(headerTimeout) }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            phase = .readingBody
            start(bodyTimeout)
        case .body:
            // Moving the deadline is enough: the timer looks at it when it fires.
            deadline = .now() + bodyTimeout
        case .end:
            phase = .betweenRequests
            stop()
        }
        context.fireChannelRead(data)
    }

    /// Bytes came in (before decoding): between requests they start the next head's clock.
    func bytesArrived() {
        guard phase == .betweenRequests else { return }
        phase = .readingHead
        start(headerTimeout)
    }

    private func start(_ timeout: TimeAmount) {
        let due = NIODeadline.now() + timeout
        deadline = due
        // An armed timer that fires no later than the deadline arms itself again for it.
        if let armedFor, armedFor <= due { return }
        disarm()
        arm(for: due)
    }

    /// No deadline until the next `start`; an armed timer finds none when it fires and stops.
    private func stop() {
        deadline = nil
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
        armedFor = nil
    }

    private func arm(for due: NIODeadline) {
        guard let context else { return }
        armedFor = due
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) { [self] in
            timer = nil
            armedFor = nil
            guard let due = self.deadline, self.phase != .betweenRequests else { return }
            if due <= .now() {
                self.context?.close(promise: nil)
            } else {
                arm(for: due)
            }
        }
    }
}

/// The first handler of a connection: tells `RequestReadTimeout` that bytes arrived.
final class RequestBytesWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let timeout: RequestReadTimeout

    init(timeout: RequestReadTimeout) {
        self.timeout = timeout
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        timeout.bytesArrived()
        context.fireChannelRead(data)
    }
}
