import FormEngine
import Foundation
import Hummingbird

/// The listing's query parameters as a store query: `status` (final, draft, all), `since` and
/// `until` (ISO 8601, created at or after / before), `version`, `review` (a review state),
/// `order` (id, created, updated) and `desc`. Deleted submissions are never listed. A
/// parameter that does not parse is a 400 naming it.
enum SubmissionFilters {
    static func query(form: String, _ parameters: Parameters) throws -> SubmissionQuery {
        var query = SubmissionQuery(formName: form, status: .final)
        if let status = parameters["status"] {
            switch status {
            case "final": query.status = .final
            case "draft": query.status = .draft
            case "all": query.status = nil
            default: throw ServedError(.badRequest, message: "status is final, draft or all, not '\(status)'")
            }
        }
        if let since = parameters["since"] { query.createdFrom = try date(since, "since") }
        if let until = parameters["until"] { query.createdBefore = try date(until, "until") }
        if let version = parameters["version"] {
            guard let number = Int(version), number > 0 else { throw ServedError(.badRequest, message: "version is a positive whole number, not '\(version)'") }
            query.version = number
        }
        if let order = parameters["order"] {
            switch order {
            case "id": query.order = .id
            case "created": query.order = .createdAt
            case "updated": query.order = .updatedAt
            default: throw ServedError(.badRequest, message: "order is id, created or updated, not '\(order)'")
            }
        }
        if let review = parameters["review"] {
            guard let state = ReviewState(rawValue: String(review)) else {
                let states = ReviewState.allCases.map(\.rawValue).joined(separator: ", ")
                throw ServedError(.badRequest, message: "review is one of \(states), not '\(review)'")
            }
            query.reviewState = state
        }
        query.descending = try FormServer.flagParameter(parameters["desc"], named: "desc")
        return query
    }

    static func date(_ text: Substring, _ name: String) throws -> Date {
        if let date = SubmissionQuery.time(String(text)) { return date }
        throw ServedError(.badRequest, message: "\(name) is an ISO 8601 date or date-time (2026-11-23, 2026-11-23T10:00:00Z), not '\(text)'")
    }
}
