import FormCore
import Hummingbird

/// One line per request on the access log: method, path (no query: it may hold data), status,
/// milliseconds. Never a body or a header, so no secret and no token reaches the log. The same
/// request is counted in the server's metrics by its route's pattern, and a refusal for a busy
/// or full store by its kind.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let log: @Sendable (String) -> Void
    /// Nil for routes a service mounts in its own application (it has its own metrics).
    var metrics: ServerMetrics?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let method = request.method.rawValue
        let path = request.uri.path
        func line(_ status: Int) -> String {
            let elapsed = ContinuousClock.now - start
            // The router has set the matched route's pattern by now (nil when none matched).
            metrics?.request(route: context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0 }, status: status, duration: elapsed)
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            return #"{"method":"\#(method)","path":\#(FormValue.string(path).jsonString()),"status":\#(status),"ms":\#((milliseconds * 10).rounded() / 10)}"#
        }
        do {
            let response = try await next(request, context)
            log(line(Int(response.status.code)))
            return response
        } catch let error as HTTPResponseError {
            log(line(Int(error.status.code)))
            if let kind = (error as? ServedError)?.storeError { metrics?.storeError(kind) }
            throw error
        } catch {
            log(line(500))
            throw error
        }
    }
}

extension FormServer {
    /// The deadline of the request being handled, set by `limited` for the engine calls.
    @TaskLocal static var deadline: ContinuousClock.Instant?

    /// Gives the request until the request time limit. At the deadline its work is cancelled:
    /// an action program still running is killed, a store call that has not begun its
    /// transaction is abandoned, a fill stops, and the answer is 503 with Retry-After. A write
    /// whose transaction has begun finishes, and its answer (201) is sent even though late:
    /// a 503 is only ever sent for a write that was not stored.
    func limited(_ body: @escaping @Sendable () async throws -> Response) async throws -> Response {
        let limit = limits.requestTimeout
        let deadline = ContinuousClock.now.advanced(by: limit)
        return try await withThrowingTaskGroup(of: Response?.self) { group in
            group.addTask { try await Self.$deadline.withValue(deadline) { try await body() } }
            group.addTask {
                try await Task.sleep(until: deadline)
                return nil
            }
            defer { group.cancelAll() }
            var late = false
            while true {
                do {
                    guard let finished = try await group.next() else { break }
                    if let response = finished { return response }
                    late = true
                    group.cancelAll()
                } catch let error as ServedError where late && error.status != .unprocessableContent && error.status != .conflict {
                    // What the values or an action decided stands; anything else stopped at the deadline.
                    throw Self.outOfTime(limit)
                } catch where late && !(error is ServedError) {
                    throw Self.outOfTime(limit)
                }
            }
            throw Self.outOfTime(limit)
        }
    }

    static func outOfTime(_ limit: Duration) -> ServedError {
        ServedError(.serviceUnavailable, message: "the request took longer than \(limit.components.seconds) s and was stopped; nothing was stored",
                    headers: [.retryAfter: "1"])
    }
}
