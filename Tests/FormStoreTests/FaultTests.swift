import CSQLite
import Foundation
import StoreFixtures
import TestSupport
import Testing
@testable import FormStore

/// Bad input and faults: each gives a clear error, and what was committed before survives.
@Suite(.serialized) struct FaultTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    /// A store with `count` committed final submissions of form "base".
    func seededStore(_ name: String = "f.sqlite", count: Int = 100, busyTimeout: Duration = .seconds(5)) throws -> SubmissionStore {
        let store = try SubmissionStore(path: directory.path(name), busyTimeout: busyTimeout)
        let version = try store.register(formName: "base", definitionJSON: "{}")
        _ = try store.saveFinalBatch(formVersionID: version.id, valuesJSON: (0..<count).map { #"{"n":\#($0)}"# })
        return store
    }

    @Test func missingDirectory() throws {
        let path = directory.path("no/such/dir/f.sqlite")
        let error = #expect(throws: SQLiteError.self) { _ = try SubmissionStore(path: path) }
        #expect(error?.primaryCode == SQLITE_CANTOPEN)
        #expect(error?.description.contains("does not exist") == true)
        #expect(error?.path == path)
    }

    @Test func readOnlyDirectory() throws {
        let readOnly = directory.path("ro")
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: false)
        chmod(readOnly, 0o555)
        // Run as a separate process: root ignores permissions, so the child drops to nobody.
        let result = try FaultWriter.run(["open", "--as-nobody", readOnly + "/f.sqlite"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("unable to open database file"))
        #expect(result.stderr.contains("not writable"))
        #expect(result.stderr.contains(readOnly))
        #expect(!FileManager.default.fileExists(atPath: readOnly + "/f.sqlite"))
    }

    @Test func lockedDatabaseFailsAfterTheBusyTimeoutAndLosesNothing() throws {
        let path = directory.path("f.sqlite")
        do { _ = try seededStore(count: 10) }
        let holder = try FaultWriter.Child(["hold-lock", path, "3"])
        #expect(holder.waitFor(line: "locked"))
        // Opening and reading still work while another process writes (WAL).
        let store = try SubmissionStore(path: path, busyTimeout: .milliseconds(200))
        #expect(try store.count() == 10)
        let version = try #require(try store.latestVersion(formName: "base"))
        let start = ContinuousClock.now
        let error = #expect(throws: SQLiteError.self) {
            _ = try store.saveFinalBatch(formVersionID: version.id, valuesJSON: ["{}"])
        }
        let waited = ContinuousClock.now - start
        #expect(error?.isBusy == true)
        #expect(error?.description.contains("Another process is writing") == true)
        #expect(waited >= .milliseconds(150) && waited < .seconds(2))
        holder.kill()
        #expect(try store.count() == 10)
        #expect(try store.integrityCheck() == ["ok"])
        _ = try store.saveFinal(formVersionID: version.id, valuesJSON: "{}")
        #expect(try store.count() == 11)
    }

    @Test func fileThatIsNotADatabase() throws {
        let path = directory.path("notes.txt")
        let content = Data(String(repeating: "these are my notes, not a database\n", count: 200).utf8)
        try content.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: SQLiteError.self) { _ = try SubmissionStore(path: path) }
        #expect(error?.primaryCode == SQLITE_NOTADB)
        #expect(error?.description.contains("not an SQLite database") == true)
        #expect(error?.description.contains(path) == true)
        // Refusing must not have touched the file.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == content)
    }

    @Test func corruptFile() throws {
        let path = directory.path("f.sqlite")
        do { _ = try seededStore(count: 2000) }  // closing checkpoints everything into the file
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        #expect(bytes.count / pageSize > 10)
        // Smash the b-tree header of every page but the first (which holds the schema).
        for page in stride(from: pageSize, to: bytes.count, by: pageSize) {
            bytes.replaceSubrange(page..<page + 16, with: [UInt8](repeating: 0xEE, count: 16))
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        do {
            let store = try SubmissionStore(path: path)
            _ = try store.submissions()
            Issue.record("reading a corrupt database did not fail")
        } catch let error as SQLiteError {
            #expect(error.isCorruptOrNotADatabase)
            #expect(error.description.contains("damaged") || error.description.contains("not an SQLite database"))
            #expect(error.path == path)
        }
    }

    @Test func fullDiskRollsBackTheWriteAndKeepsEarlierCommits() throws {
        let store = try seededStore(count: 100)
        let version = try #require(try store.latestVersion(formName: "base"))
        try store.locked.withLock { state in
            let pages = try state.connection.queryFirst("PRAGMA page_count", operation: "t") { $0.int(0) } ?? 0
            try state.connection.execute("PRAGMA max_page_count = \(pages + 5)", operation: "simulate a full disk")
        }
        let big = String(repeating: "z", count: 2000)
        let error = #expect(throws: SQLiteError.self) {
            _ = try store.saveFinalBatch(formVersionID: version.id, valuesJSON: Array(repeating: big, count: 500))
        }
        #expect(error?.isFull == true)
        #expect(error?.description.contains("full") == true)
        #expect(store.locked.withLock { $0.connection.isAutocommit })
        #expect(try store.count() == 100)
        #expect(try store.integrityCheck() == ["ok"])
        // Once there is room again the same store works.
        try store.locked.withLock { try $0.connection.execute("PRAGMA max_page_count = 1000000", operation: "free space") }
        #expect(try store.saveFinalBatch(formVersionID: version.id, valuesJSON: [big]).count == 1)
        #expect(try store.count() == 101)
    }

    @Test func constraintViolationRollsBackTheWholeWrite() throws {
        let store = try seededStore(count: 100)
        let other = try store.register(formName: "other", definitionJSON: "{}")
        let base = try #require(try store.latestVersion(formName: "base"))
        let error = #expect(throws: SQLiteError.self) {
            try store.write { tx in
                _ = try tx.saveFinal(formVersionID: base.id, valuesJSON: "would be lost")
                // A submission claiming form "base" but pointing at a version of "other": the
                // composite foreign key refuses it.
                try store.locked.withLock { state in
                    try state.connection.run(
                        "INSERT INTO submissions (uuid, form_id, form_version_id, status, created_at, updated_at, values_json) VALUES ('u', ?, ?, 'final', 'x', 'x', '{}')",
                        [.integer(1), .integer(other.id)], operation: "inserting an inconsistent submission")
                }
            }
        }
        #expect(error?.isConstraintViolation == true)
        #expect(error?.code == 787)  // SQLITE_CONSTRAINT_FOREIGNKEY
        #expect(error?.description.contains("inserting an inconsistent submission") == true)
        #expect(try store.count() == 100)
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func fourWriterProcessesLoseNothing() throws {
        let path = directory.path("shared.sqlite")
        // A brand-new file: the four processes also race to create and migrate it.
        let writers = try (0..<4).map { try FaultWriter.Child(["writer", path, "1000", "w\($0)"]) }
        for writer in writers {
            let result = writer.finish()
            #expect(result.status == 0, "writer failed: \(result.stderr)")
        }
        let store = try SubmissionStore(path: path)
        #expect(try store.count(formName: "load") == 4000)
        var perWriter: [String: Set<String>] = [:]
        try store.exportSubmissions { row in
            let values = row.valuesJSON
            let writer = String(values.split(separator: "\"")[3])
            perWriter[writer, default: []].insert(values)
        }
        #expect(perWriter.keys.sorted() == ["w0", "w1", "w2", "w3"])
        #expect(perWriter.values.allSatisfy { $0.count == 1000 })
        #expect(try store.forms().map(\.versions) == [1])
        #expect(try store.integrityCheck() == ["ok"])
    }

    @Test func writerKilledMidTransactionLeavesOnlyCommittedBatches() throws {
        let path = directory.path("killed.sqlite")
        let child = try FaultWriter.Child(["bulk", path, "3", "1000"])
        #expect(child.waitFor(line: "committed 2"))
        #expect(child.waitFor(line: "in-flight"))
        child.kill()
        #expect(child.process.terminationReason == .uncaughtSignal)
        let store = try SubmissionStore(path: path)
        #expect(try store.integrityCheck() == ["ok"])
        #expect(try store.count(formName: "bulk") == 3000)
        var batches: [Int: Int] = [:]
        try store.exportSubmissions(formName: "bulk") { row in
            // {"batch":B,"chunk":C,"i":I}
            let batch = Int(row.valuesJSON.split(separator: ":")[1].split(separator: ",")[0]) ?? -1
            batches[batch, default: 0] += 1
        }
        #expect(batches == [0: 1000, 1: 1000, 2: 1000])
        // The killed writer's lock died with it.
        let version = try #require(try store.latestVersion(formName: "bulk"))
        _ = try store.saveFinal(formVersionID: version.id, valuesJSON: "after")
    }
}
