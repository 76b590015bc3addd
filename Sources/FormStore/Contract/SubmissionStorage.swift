import struct Foundation.Date

/// Where submissions live, as FormEngine sees them: every call is async where it may wait (for
/// a lock, a disk, a server) and suspends the calling task instead of blocking a thread of
/// Swift's cooperative pool; every failure is a `StorageError`.
///
/// Two backends implement it: SQLite (embedded, the default; `SQLite/` beside this folder) and
/// PostgreSQL (the `FormStorePostgres` module), for services that run on more than one machine.
/// Both pass one test suite, so a service moves from one to the other without changing its code.
package protocol SubmissionStorage: AnyObject, Sendable {
    /// Which backend this is.
    var backend: StorageError.Backend { get }
    /// The database, for messages: a path, or an address without its password.
    var database: String { get }

    /// The version of `formName` whose definition is `definitionJSON`: the existing one with
    /// the same `contentHash` (any of the form's versions), else a new one numbered one past
    /// the highest.
    func register(formName: String, definitionJSON: String, contentHash: String) async throws(StorageError) -> FormVersion

    /// Stores one submission (see `SubmissionWrite`) in one transaction.
    ///
    /// Writes (`register`, `save`, `saveFinalBatch`, `edit`, `review`, `delete`, `purge`) and cancellation: a write whose
    /// task is cancelled before its transaction begins (waiting for a lock or a connection) is
    /// abandoned with a `cancelled` error, and nothing is stored; once the transaction has
    /// begun it runs to its end, so a write that returns was committed and one that throws
    /// was not.
    func save(_ write: SubmissionWrite) async throws(StorageError) -> StoredSubmission

    /// Stores final submissions of one version, given in `language` (a BCP 47 tag), as one
    /// transaction: all of them or none. Returns how many were stored.
    func saveFinalBatch(formVersionID: Int64, valuesJSON: [String], language: String?) async throws(StorageError) -> Int

    /// The row with this id, a tombstone too (its `deletion` is set).
    func submission(id: Int64) async throws(StorageError) -> StoredSubmission?

    /// One page of `query` and the cursor of the next.
    func page(_ query: SubmissionQuery) async throws(StorageError) -> SubmissionPage

    /// How many submissions match `query` (its order, limit and cursor are ignored).
    func count(_ query: SubmissionQuery) async throws(StorageError) -> Int

    /// Deletes on the record: the row becomes a tombstone (who, when, why), skipped by
    /// listings, counts and exports, its history still readable, until `purge`. False if
    /// there was no such submission, or it was deleted already.
    func delete(id: Int64, actor: String?, reason: String?) async throws(StorageError) -> Bool

    /// Removes tombstones for good, with their revisions, reviews, kept answers and files (the
    /// bytes go when no other submission refers to them): every one, or those deleted before
    /// `deletedBefore`. Returns how many.
    func purge(deletedBefore: Date?) async throws(StorageError) -> Int

    /// Stores an edit (see `SubmissionEditWrite`) in one transaction. The submission must be
    /// final (`notFinal`), not deleted (`submissionNotFound`) and still at the revision the
    /// edit was made from (`revisionConflict`); the version must be one of its own form.
    func edit(_ edit: SubmissionEditWrite) async throws(StorageError) -> StoredSubmission

    /// Stores a review of a final, live submission in one transaction.
    func review(_ review: SubmissionReviewWrite) async throws(StorageError) -> StoredSubmission

    /// Everything kept about a submission, tombstones included; nil if there is no such row.
    func history(submissionID id: Int64) async throws(StorageError) -> SubmissionHistory?

    /// The files submission `id` holds as of `revision` (nil: its current one), by key path
    /// and position; empty when it has none or there is no such submission.
    func attachments(submissionID id: Int64, revision: Int?) async throws(StorageError) -> [StoredAttachment]

    /// Piece `index` (from 0; `AttachmentChunk.size` bytes, the last one shorter) of the bytes
    /// stored under `sha256`; nil past the end, or when no bytes are stored under it.
    func attachmentChunk(sha256: String, index: Int) async throws(StorageError) -> [UInt8]?

    /// Every form by name, with version and submission counts.
    func forms() async throws(StorageError) -> [FormSummary]

    func latestVersion(formName: String) async throws(StorageError) -> FormVersion?

    func formVersion(id: Int64) async throws(StorageError) -> FormVersion?

    /// Every row of `query` in its order (its limit is ignored), read as the consumer asks for
    /// them: a slow consumer holds the reading back, and memory stays flat for any number of
    /// rows. Rows come from one consistent snapshot.
    func export(_ query: SubmissionQuery) -> SubmissionExport

    /// The SHA-256 (hex) of the resume token submission `id` was made with as a draft; nil
    /// when it has none (a draft made on the command line, a final submission) or there is no
    /// such row.
    func resumeTokenHash(submissionID id: Int64) async throws(StorageError) -> String?

    /// The unexpired answer kept under idempotency key `key` (`SubmissionWrite.idempotency`),
    /// if any.
    func idempotencyRecord(key: String) async throws(StorageError) -> IdempotencyRecord?

    /// Stores an access token by its hash (`SecretToken.hash`); a name already taken is a
    /// `constraint` error. `formName` nil (every form) is for `admin` only.
    func createAccessToken(name: String?, formName: String?, scope: AccessScope, tokenHash: String)
        async throws(StorageError) -> AccessToken

    /// Every access token, oldest first.
    func accessTokens() async throws(StorageError) -> [AccessToken]

    /// The access token whose SHA-256 is `tokenHash`, if it exists.
    func accessToken(hash tokenHash: String) async throws(StorageError) -> AccessToken?

    /// Deletes the access token with this id (all digits) or name and returns it; nil if there
    /// is none. It stops working at once.
    func revokeAccessToken(_ idOrName: String) async throws(StorageError) -> AccessToken?

    // MARK: Outbox (every change to a submission writes an event in the change's transaction)

    /// Events with a sequence above `sequence`, in order, at most `limit` of them.
    func events(after sequence: Int64, limit: Int) async throws(StorageError) -> [SubmissionEvent]

    /// The highest event sequence written so far (0 when there is none).
    func lastEventSequence() async throws(StorageError) -> Int64

    /// The subscription with this name, created if new (it then receives the events written
    /// after `lastEventSequence()` at its creation, not the ones before). Its event types are
    /// replaced by `eventTypes`: they apply to events written from now on.
    func subscription(named name: String, eventTypes: Set<SubmissionEventType>?) async throws(StorageError)
        -> OutboxSubscription

    /// Every subscription, by id.
    func subscriptions() async throws(StorageError) -> [OutboxSubscription]

    /// Claims up to `limit` due deliveries of an enabled subscription for `owner` until
    /// `leaseUntil`, oldest event first. New events of the subscription's types get their
    /// delivery rows first. A delivery is not claimed while an earlier event of the same
    /// submission is pending for this subscription (order per submission), nor while another
    /// owner's lease on it is live. Across processes on PostgreSQL each delivery goes to one
    /// owner (`FOR UPDATE SKIP LOCKED`).
    func claimDeliveries(subscriptionID: Int64, owner: String, now: Date, leaseUntil: Date, limit: Int)
        async throws(StorageError) -> [ClaimedDelivery]

    /// Records an attempt's outcome and releases the claim; ignored (false) when `owner` no
    /// longer holds it (its lease expired and another deliverer claimed it).
    @discardableResult
    func recordDelivery(subscriptionID: Int64, eventSequence: Int64, owner: String, outcome: DeliveryOutcome, at: Date)
        async throws(StorageError) -> Bool

    /// Disables a subscription (a 410 Gone, with the reason) or enables it again (nil).
    func setSubscriptionDisabled(name: String, reason: String?, at: Date) async throws(StorageError) -> OutboxSubscription?

    /// Pending and failed deliveries, as `formctl outbox` lists them.
    func outbox(_ query: OutboxQuery) async throws(StorageError) -> [OutboxEntry]

    /// Makes failed (and pending) deliveries of the event with this id, or every failed one
    /// when nil, due now with their attempts counted from 0; returns how many.
    func retryDeliveries(eventID: String?, subscription: String?, now: Date) async throws(StorageError) -> Int

    /// How much the outbox holds.
    func outboxCounts(now: Date) async throws(StorageError) -> OutboxCounts

    /// Wakes a deliverer when events may have been written: after this storage's own writes,
    /// and on PostgreSQL after any process's (LISTEN/NOTIFY). Each element means "look again";
    /// callers still poll now and then, for writes this storage cannot hear of (another
    /// process on SQLite).
    func outboxSignals() -> AsyncStream<Void>

    /// Applied and pending migrations.
    func migrationStatus() async throws(StorageError) -> [MigrationStatus]

    /// Closes the connections once the calls in progress are done, and returns when they are
    /// closed (SQLite's write-ahead log is then folded into the file). Calls after it fail.
    func close() async
}

extension SubmissionStorage {
    /// The submission with this UUID, if any.
    package func submission(uuid: String) async throws(StorageError) -> StoredSubmission? {
        try await page(SubmissionQuery(uuid: uuid, limit: 1)).submissions.first
    }

    /// Stores final submissions of one version with no language recorded, as rows stored
    /// before formctl recorded it have.
    package func saveFinalBatch(formVersionID: Int64, valuesJSON: [String]) async throws(StorageError) -> Int {
        try await saveFinalBatch(formVersionID: formVersionID, valuesJSON: valuesJSON, language: nil)
    }

    /// Counts submissions of a form and status (nil matches every one).
    package func count(formName: String? = nil, status: SubmissionStatus? = nil) async throws(StorageError) -> Int {
        try await count(SubmissionQuery(formName: formName, status: status))
    }
}
