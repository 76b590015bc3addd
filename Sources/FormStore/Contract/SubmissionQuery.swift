import Foundation

/// Which submissions to list, count or export, in which order, and from where: every filter is
/// optional (nil matches everything), ranges are half-open (`from` included, `before` not).
///
/// Pages are found by keyset, not offset: `after` is the cursor of the last row of the previous
/// page, so a page costs the same at row ten million as at row ten, and rows inserted meanwhile
/// neither repeat nor go missing.
public struct SubmissionQuery: Sendable, Equatable {
    /// The column rows are sorted by; the id breaks ties, so the order is total.
    public enum Order: String, Sendable, CaseIterable {
        /// The store's row id: the order submissions were first stored in.
        case id
        /// When each was first stored.
        case createdAt
        /// When each last changed.
        case updatedAt
    }

    /// Submissions of this form only.
    public var formName: String?
    /// One version of a form, by its id in the store (`StoredSubmission.formVersionID`).
    public var formVersionID: Int64?
    /// One version of a form by its number (usually with `formName`).
    public var version: Int?
    /// Drafts only, or final submissions only.
    public var status: SubmissionStatus?
    /// Submissions in this review state only.
    public var reviewState: ReviewState?
    /// Whether deleted submissions (tombstones) are left out, the only rows, or included.
    /// The engine's listings, counts and exports always leave them out; a purge lists them.
    package var tombstones: Tombstones = .excluded

    /// Which rows a query reads by deletion.
    package enum Tombstones: Sendable, Equatable {
        /// Live submissions only.
        case excluded
        /// Tombstones only.
        case only
        /// Both.
        case included
    }
    /// The one submission with this UUID (text that is no UUID matches nothing).
    public var uuid: String?
    /// Stored at or after this instant.
    public var createdFrom: Date?
    /// Stored before this instant.
    public var createdBefore: Date?
    /// Last changed at or after this instant.
    public var updatedFrom: Date?
    /// Last changed before this instant.
    public var updatedBefore: Date?
    /// The column rows are sorted by (the id breaks ties).
    public var order: Order
    /// Newest (or highest id) first.
    public var descending: Bool
    /// Rows per page, 1...10,000 (export ignores it: it streams every row).
    public var limit: Int
    /// Where the page starts: the previous page's `next`.
    public var after: SubmissionCursor?

    /// The largest page a query may ask for.
    public static let maximumLimit = 10_000

    /// A query; every filter left nil matches everything.
    public init(
        formName: String? = nil, formVersionID: Int64? = nil, version: Int? = nil, status: SubmissionStatus? = nil,
        uuid: String? = nil, createdFrom: Date? = nil, createdBefore: Date? = nil, updatedFrom: Date? = nil,
        updatedBefore: Date? = nil, order: Order = .id, descending: Bool = false, limit: Int = 100,
        after: SubmissionCursor? = nil, reviewState: ReviewState? = nil
    ) {
        self.reviewState = reviewState
        self.formName = formName
        self.formVersionID = formVersionID
        self.version = version
        self.status = status
        self.uuid = uuid
        self.createdFrom = createdFrom
        self.createdBefore = createdBefore
        self.updatedFrom = updatedFrom
        self.updatedBefore = updatedBefore
        self.order = order
        self.descending = descending
        self.limit = limit
        self.after = after
    }

    /// The same query reading `tombstones`.
    package func with(tombstones: Tombstones) -> SubmissionQuery {
        var query = self
        query.tombstones = tombstones
        return query
    }

    /// The limit clamped to 1...maximumLimit.
    package var pageSize: Int { min(max(1, limit), Self.maximumLimit) }

    /// Refuses a cursor made for another order: it would silently skip or repeat rows.
    package func checkCursor() throws(StoreError) {
        guard let after else { return }
        guard after.order == order, after.descending == descending else {
            throw .invalidCursor("the cursor was made for another order (\(after.order.rawValue)\(after.descending ? " descending" : ""))")
        }
    }
}

/// The position after a row in one order: that row's sort key and id. Its `description` is a
/// plain token (`updatedAt.d.2026-11-21T21:05:03.123Z.42`) a service can hand to its clients
/// and take back with `init?(_:)`.
public struct SubmissionCursor: Sendable, Hashable, LosslessStringConvertible {
    /// The order the cursor was made for; a query in another order refuses it.
    public let order: SubmissionQuery.Order
    /// Whether that order was descending.
    public let descending: Bool
    /// The row's created_at or updated_at as stored; nil for the id order.
    let timestamp: String?
    let id: Int64

    init(order: SubmissionQuery.Order, descending: Bool, timestamp: String?, id: Int64) {
        self.order = order
        self.descending = descending
        self.timestamp = timestamp
        self.id = id
    }

    /// The cursor after `row` in `query`'s order.
    package init(after row: StoredSubmission, in query: SubmissionQuery) {
        let timestamp: String?
        switch query.order {
        case .id: timestamp = nil
        case .createdAt: timestamp = Timestamp.format(row.createdAt)
        case .updatedAt: timestamp = Timestamp.format(row.updatedAt)
        }
        self.init(order: query.order, descending: query.descending, timestamp: timestamp, id: row.id)
    }

    /// The cursor as a token to hand to a client.
    public var description: String {
        "\(order.rawValue).\(descending ? "d" : "a").\(timestamp ?? "").\(id)"
    }

    /// Parses a token made by `description`; nil for anything else.
    public init?(_ token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        // The timestamp itself holds one dot (before the milliseconds).
        guard parts.count == 4 || parts.count == 5,
              let order = SubmissionQuery.Order(rawValue: String(parts[0])),
              parts[1] == "a" || parts[1] == "d",
              let id = Int64(parts[parts.count - 1])
        else { return nil }
        let stamp = parts[2..<(parts.count - 1)].joined(separator: ".")
        if order == .id {
            guard stamp.isEmpty else { return nil }
            self.init(order: order, descending: parts[1] == "d", timestamp: nil, id: id)
        } else {
            guard Timestamp.parse(stamp) != nil else { return nil }
            self.init(order: order, descending: parts[1] == "d", timestamp: stamp, id: id)
        }
    }
}

/// One page of a listing and the cursor of the next one (nil on the last page).
package struct SubmissionPage: Sendable, Equatable {
    package let submissions: [StoredSubmission]
    package let next: SubmissionCursor?

    package init(submissions: [StoredSubmission], next: SubmissionCursor?) {
        self.submissions = submissions
        self.next = next
    }
}
