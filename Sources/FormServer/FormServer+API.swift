import FormCore
import FormEngine
import FormStore
import Foundation
import Hummingbird

/// The JSON endpoints: the bound definition, the live state, submissions and drafts, and the
/// token-protected reading of stored submissions.
extension FormServer {
    func showForm(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let form = try form(context)
        if wantsHTML(request) { return try await page(form, answers: nil, errors: [], status: .ok) }
        var data: FormValue?
        if let text = request.uri.queryParameters["data"] {
            do { data = try FormValue(json: String(text)) } catch {
                throw ServedError(.badRequest, message: "the data parameter is not JSON: \(error)")
            }
        }
        let prefilled = try await engineCall { try await engine.makeSession(for: form.loaded, prefilling: SubmissionRequest(data: data, deadline: Self.deadline)) }
        return HTTPReplies.json(prefilled.session.renderedDefinition.encoded)
    }

    func state(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let form = try form(context)
        let values: FormValue
        switch try await readBody(request) {
        case .json(let body): values = body.objectValue?["values"] ?? body
        // The page's script sends the form as the browser would post it.
        case .htmlForm(let pairs): values = HTMLFormAnswers.answers(from: pairs, multiple: form.multipleChoicePaths).answers
        }
        guard case .object = values else { throw ServedError(.badRequest, message: "send {\"values\": {...}}: an object of answers by key") }
        let prefilled = try await engineCall {
            try await engine.makeSession(for: form.loaded, prefilling: SubmissionRequest(answers: values, status: .draft, deadline: Self.deadline))
        }
        return HTTPReplies.json(FieldStates.json(prefilled))
    }

    func submit(_ request: Request, _ context: BasicRequestContext, draftID: Int64?) async throws -> Response {
        let form = try form(context)
        let body = try await readBody(request)
        if case .htmlForm(let pairs) = body { return try await submitPage(form, pairs: pairs) }
        guard case .json(let answers) = body, case .object = answers else {
            throw ServedError(.badRequest, message: "send the answers as a JSON object keyed by element key")
        }
        let draft = request.uri.queryParameters["draft"].map { $0 == "true" || $0 == "1" } ?? false
        let submitted = try await engineCall {
            try await engine.submit(SubmissionRequest(answers: answers, draftID: draftID, status: draft ? .draft : .final, deadline: Self.deadline),
                                to: form.loaded)
        }
        return HTTPReplies.json(submitted.summaryJSON, status: draftID == nil ? .created : .ok,
                                headers: [.location: "/submissions/\(submitted.id)"])
    }

    func listSubmissions(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        try requireToken(request)
        let form = try form(context)
        let query = try SubmissionFilters.query(form: form.name, request.uri.queryParameters)
        let rows = engine.storage.export(query)
        var headers = HTTPFields()
        headers[.contentType] = "application/x-ndjson"
        // Rows are read as the client takes them: a slow client holds the reading back.
        let body = ResponseBody { writer in
            for try await row in rows {
                let line = (try? engine.jsonValue(of: row).jsonString()) ?? #"{"id":\#(row.id),"error":"values are not JSON"}"#
                try await writer.write(ByteBuffer(string: line + "\n"))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    func showSubmission(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        try requireToken(request)
        let id = try draftID(context)
        let found = try await engineCall { try await engine.storedSubmission(id: id) }
        guard let found else { throw ServedError(.notFound, message: "no submission with id \(id)") }
        return HTTPReplies.json(try await engineCall { try engine.jsonValue(of: found) })
    }

    /// Runs an engine call and turns its refusal into the status a client acts on: 422 with
    /// every field error, 409 when an action cancelled, 503 with Retry-After when the store is
    /// busy, 404 for a draft that is not there, 500 (logged, not shown) for the rest.
    func engineCall<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as FormEngineError {
            throw engineRefusal(error)
        }
    }
}

extension FormEngine {
    /// The stored row as it is, for the token-protected reading endpoints.
    func storedSubmission(id: Int64) async throws(FormEngineError) -> StoredSubmission? {
        do { return try await storage.submission(id: id) } catch { throw .storage(error) }
    }
}
