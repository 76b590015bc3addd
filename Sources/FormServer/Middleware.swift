import FormCore
import Hummingbird

/// One line per request on the access log: method, path (no query: it may hold data), status,
/// milliseconds. Never a body or a header, so no secret and no token reaches the log.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let log: @Sendable (String) -> Void

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let method = request.method.rawValue
        let path = request.uri.path
        func line(_ status: Int) -> String {
            let elapsed = ContinuousClock.now - start
            let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
            return #"{"method":"\#(method)","path":\#(FormValue.string(path).jsonString()),"status":\#(status),"ms":\#((milliseconds * 10).rounded() / 10)}"#
        }
        do {
            let response = try await next(request, context)
            log(line(Int(response.status.code)))
            return response
        } catch let error as HTTPResponseError {
            log(line(Int(error.status.code)))
            throw error
        } catch {
            log(line(500))
            throw error
        }
    }
}

extension FormServer {
    /// Answers 503 when handling takes longer than the request time limit; the work still in
    /// flight is cancelled. A slow client is the idle timeout's to cut off.
    func limited(_ body: @escaping @Sendable () async throws -> Response) async throws -> Response {
        let limit = limits.requestTimeout
        return try await withThrowingTaskGroup(of: Response?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let response = first else {
                throw ServedError(.serviceUnavailable, message: "the request took longer than \(limit.components.seconds) s", headers: [.retryAfter: "1"])
            }
            return response
        }
    }
}
