import FormCore
import Hummingbird

/// One line per request on the access log: method, path (no query: it may hold data), status,
/// milliseconds. Never a body or a header, so no secret and no token reaches the log. The same
/// request is counted in the server's metrics by its route's pattern, and a refusal for a busy
/// or full store by its kind.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let log: @Sendable (String) -> Void
    /// Where the request is counted too; nil to log only.
    var metrics: ServerMetrics?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let method = request.method.rawValue
        let path = request.uri.path
        func record(_ status: Int) {
            let elapsed = ContinuousClock.now - start
            // The router has set the matched route's pattern by now ("NotFound" when none matched).
            metrics?.request(route: context.endpointPath.flatMap { $0 == "NotFound" ? nil : $0 }, status: status, duration: elapsed)
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            log(#"{"method":"\#(method)","path":\#(FormValue.string(path).jsonString()),"status":\#(status),"ms":\#((milliseconds * 10).rounded() / 10)}"#)
        }
        do {
            let response = try await next(request, context)
            record(Int(response.status.code))
            return response
        } catch let error as HTTPResponseError {
            record(Int(error.status.code))
            if let kind = (error as? ServedError)?.storeError { metrics?.storeError(kind) }
            throw error
        } catch {
            record(500)
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
        // The work in a task of its own, which the deadlines' one timer can cancel; this task
        // waits for it, and a client gone cancels it too.
        let work = Task { try await Self.$deadline.withValue(deadline) { try await body() } }
        let ticket = requestDeadlines.watch(until: deadline) { work.cancel() }
        let outcome: Result<Response, any Error>
        do {
            outcome = .success(try await withTaskCancellationHandler { try await work.value } onCancel: { work.cancel() })
        } catch {
            outcome = .failure(error)
        }
        let late = requestDeadlines.forget(ticket)
        switch outcome {
        case .success(let response):
            // A write whose transaction had begun finished: its answer stands, however late.
            return response
        case .failure(let error as ServedError) where error.status == .unprocessableContent || error.status == .conflict:
            // What the values or an action decided stands, even past the deadline.
            throw error
        case .failure(let error):
            // Anything else that stopped at the deadline is the deadline's refusal.
            throw late ? Self.outOfTime(limit) : error
        }
    }

    static func outOfTime(_ limit: Duration) -> ServedError {
        ServedError(.serviceUnavailable, message: "the request took longer than \(limit.components.seconds) s and was stopped; nothing was stored",
                    headers: [.retryAfter: "1"])
    }
}
