// Child process for FormStoreTests: things that need a second process (another writer, a lock
// holder, a process to SIGKILL, a user who is not root). Prints progress lines on stdout so the
// test knows when to act, and errors on stderr. Exit codes: 0 ok, 2 usage, 3 store error.
#if canImport(Glibc)
import Glibc
#endif
import FormStore
import FormStorePostgres
import Foundation
import Secrets
import StoreFixtures

func say(_ line: String) {
    // Unbuffered, so the parent sees each line the moment it is written.
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func usage() -> Never {
    FileHandle.standardError.write(Data("""
        usage: store-fault-writer writer <db> <count> <tag>
               store-fault-writer hold-lock <db> <seconds>
               store-fault-writer locked-service <db> <version-id>
               store-fault-writer bulk <db> <committed-batches> <batch-size>
               store-fault-writer open [--as-nobody] <db>
               store-fault-writer attach <db>
               store-fault-writer group-writer <db> <tasks>
        <db> is an SQLite path, or for writer, bulk and attach a postgres:// address.

        """.utf8))
    exit(2)
}

let definition = #"{"title":"fault test"}"#
var args = Array(CommandLine.arguments.dropFirst())
guard !args.isEmpty else { usage() }
let command = args.removeFirst()

do {
    switch command {
    case "writer":
        // Separate transactions on purpose: this is what races with the other writers.
        guard args.count == 3, let count = Int(args[1]) else { usage() }
        if PostgresAddress.isAddress(args[0]) {
            let storage = try await PostgresStorage(url: args[0])
            let version = try await storage.register(formName: "load", definitionJSON: definition,
                                                     contentHash: SHA256.hex(of: definition))
            for i in 0..<count {
                _ = try await storage.save(SubmissionWrite(version: .id(version.id), status: .final,
                                                           valuesJSON: #"{"writer":"\#(args[2])","i":\#(i)}"#))
            }
            await storage.close()
            say("done \(count)")
            break
        }
        // Four of these race on one file; on a loaded machine a writer can wait for the lock
        // longer than the store's default 5 s, and the test is about losing nothing, not speed.
        let store = try SubmissionStore(path: args[0], busyTimeout: .seconds(30))
        let version = try store.register(formName: "load", definitionJSON: definition)
        for i in 0..<count {
            _ = try store.saveFinal(formVersionID: version.id, valuesJSON: #"{"writer":"\#(args[2])","i":\#(i)}"#)
        }
        say("done \(count)")

    case "hold-lock":
        guard args.count == 2, let seconds = Double(args[1]) else { usage() }
        let store = try SubmissionStore(path: args[0])
        try store.write { _ in
            say("locked")
            usleep(useconds_t(seconds * 1_000_000))
        }
        say("released")

    case "locked-service":
        // What a service sees while another process holds the write lock: four submits wait
        // for it while a 10 ms ticker and reads go on for 2 s. A process of its own, so that its
        // cooperative pool is not shared with the rest of a test run, whose blocking waits
        // would make the ticker late whatever the store does.
        guard args.count == 2, let versionID = Int64(args[1]) else { usage() }
        let storage = try SQLiteStorage(path: args[0], busyTimeout: .seconds(20))
        let start = ContinuousClock.now
        let submits = Task {
            try await withThrowingTaskGroup(of: Duration.self) { group in
                // More submits than the cooperative pool has threads on a small machine.
                for n in 0..<4 {
                    group.addTask {
                        _ = try await storage.save(SubmissionWrite(version: .id(versionID), status: .final, valuesJSON: #"{"n":\#(n)}"#))
                        return ContinuousClock.now - start
                    }
                }
                var waits: [Duration] = []
                for try await wait in group { waits.append(wait) }
                return waits
            }
        }
        var worstLateness = Duration.zero
        var reads = 0, readsSeeingOne = 0
        while ContinuousClock.now - start < .seconds(2) {
            let before = ContinuousClock.now
            try await Task.sleep(for: .milliseconds(10))
            worstLateness = max(worstLateness, ContinuousClock.now - before - .milliseconds(10))
            if ContinuousClock.now - start < .milliseconds(1_500) {
                reads += 1
                if try await storage.count(SubmissionQuery(formName: "svc")) == 1 { readsSeeingOne += 1 }
            }
        }
        let waited = try await submits.value
        func milliseconds(_ duration: Duration) -> Int { Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000) }
        say("submits \(waited.count) shortest-wait-ms \(milliseconds(waited.min() ?? .zero))")
        say("reads \(reads) seeing-one \(readsSeeingOne)")
        say("worst-lateness-ms \(milliseconds(worstLateness))")
        await storage.close()

    case "bulk":
        guard args.count == 3, let batches = Int(args[1]), let size = Int(args[2]) else { usage() }
        func rows(batch: Int, chunk: Int, count: Int = size) -> [String] {
            (0..<count).map { #"{"batch":\#(batch),"chunk":\#(chunk),"i":\#($0)}"# }
        }
        if PostgresAddress.isAddress(args[0]) {
            let storage = try await PostgresStorage(url: args[0])
            let version = try await storage.register(formName: "bulk", definitionJSON: definition,
                                                     contentHash: SHA256.hex(of: definition))
            for batch in 0..<batches {
                _ = try await storage.saveFinalBatch(formVersionID: version.id, valuesJSON: rows(batch: batch, chunk: 0))
                say("committed \(batch)")
            }
            // The batch that gets killed: one COPY long enough to be cut off while its rows
            // stream to the server.
            let doomed = rows(batch: batches, chunk: 0, count: 2_000_000)
            say("in-flight")
            _ = try await storage.saveFinalBatch(formVersionID: version.id, valuesJSON: doomed)
            say("finished")
            break
        }
        let store = try SubmissionStore(path: args[0])
        let version = try store.register(formName: "bulk", definitionJSON: definition)
        for batch in 0..<batches {
            _ = try store.saveFinalBatch(formVersionID: version.id, valuesJSON: rows(batch: batch, chunk: 0))
            say("committed \(batch)")
        }
        // The batch that gets killed: big enough that SQLite spills pages to the WAL before the
        // kill, capped so a forgotten child cannot run forever (it then rolls back).
        struct Capped: Error {}
        try store.write { transaction in
            for chunk in 0..<2_000 {
                _ = try transaction.saveFinalBatch(formVersionID: version.id, valuesJSON: rows(batch: batches, chunk: chunk))
                if chunk == 60 { say("in-flight") }
            }
            throw Capped()
        }

    case "attach":
        // A submission with a small file is committed; then one with a large file whose bytes
        // stop coming once many pieces are written (SQLite has spilled them to the WAL by then,
        // PostgreSQL holds them in the open transaction): the test kills it there.
        guard args.count == 1 else { usage() }
        let storage: any SubmissionStorage = PostgresAddress.isAddress(args[0])
            ? try await PostgresStorage(url: args[0]) : try SQLiteStorage(path: args[0])
        let version = try await storage.register(formName: "files", definitionJSON: definition,
                                                 contentHash: SHA256.hex(of: definition))
        _ = try await storage.save(SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"file":"small"}"#,
                                                   attachments: [StallingFile(size: 1_000, stallAt: nil).write("small")]))
        say("committed")
        let large = StallingFile(size: 64 * AttachmentChunk.size, stallAt: 40 * AttachmentChunk.size)
        _ = try await storage.save(SubmissionWrite(version: .id(version.id), status: .final, valuesJSON: #"{"file":"large"}"#,
                                                   attachments: [large.write("large")]))
        say("finished")

    case "group-writer":
        // Tasks that each save one row after another, every third under an idempotency key,
        // so that saves wait for the writer together and share transactions; each row is
        // said ("acked TASK I GROUPS", with how many groups the store has stored so far) once
        // its save has returned. Runs until killed.
        guard args.count == 2, let tasks = Int(args[1]) else { usage() }
        let postgres = PostgresAddress.isAddress(args[0]) ? try await PostgresStorage(url: args[0]) : nil
        let sqlite = postgres == nil ? try SQLiteStorage(path: args[0]) : nil
        guard let storage: any SubmissionStorage = postgres ?? sqlite else { usage() }
        let groups = { @Sendable in postgres?.saveGroupCounts.groups ?? sqlite?.saveGroupCounts.groups ?? 0 }
        let version = try await storage.register(formName: "group", definitionJSON: definition,
                                                 contentHash: SHA256.hex(of: definition))
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<tasks {
                group.addTask {
                    for i in 0..<1_000_000 {
                        let keyed = i % 3 == 0 ? IdempotencyWrite(key: "key-\(task)-\(i)", fingerprint: "f",
                                                                   expiresAt: Date().addingTimeInterval(3_600)) { stored in
                            IdempotentResponse(status: 201, contentType: "application/json", body: #"{"id":\#(stored.id)}"#)
                        } : nil
                        _ = try await storage.save(SubmissionWrite(version: .id(version.id), status: .final,
                                                                   valuesJSON: #"{"task":\#(task),"i":\#(i)}"#, idempotency: keyed))
                        say("acked \(task) \(i) \(groups())")
                    }
                }
            }
            try await group.waitForAll()
        }

    case "open":
        var path = args.last ?? ""
        if args.first == "--as-nobody" {
            guard args.count == 2 else { usage() }
            path = args[1]
            // Root ignores directory permissions, so the read-only-directory test drops to nobody.
            if geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0) {
                FileHandle.standardError.write(Data("cannot drop privileges\n".utf8))
                exit(2)
            }
        } else if args.count != 1 { usage() }
        let store = try SubmissionStore(path: path)
        say("opened \(try store.count())")

    default:
        usage()
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(3)
}


/// Bytes made up as they are read (no file of that size is needed) that stall at `stallAt`:
/// "in-flight" is said, and after a minute (a child the test forgot) the read fails, so the
/// write rolls back rather than completes.
struct StallingFile: AttachmentContent {
    struct Stalled: Error {}

    let size: Int
    let stallAt: Int?

    func read(offset: Int, count: Int) throws -> [UInt8] {
        if let stallAt, offset >= stallAt {
            say("in-flight")
            sleep(60)
            throw Stalled()
        }
        return (offset..<min(size, offset + count)).map { UInt8(truncatingIfNeeded: $0 / 1_000) }
    }

    /// Its write. The store takes a file's SHA-256 as given (the engine computes it while it
    /// spools), so a made-up address of the right form stands in for hashing the bytes here.
    func write(_ keyPath: String) -> AttachmentWrite {
        AttachmentWrite(keyPath: keyPath, position: 0, name: "\(keyPath).bin", mediaType: "application/octet-stream", size: size,
                        sha256: SHA256.hex(of: "\(keyPath) \(size)"), content: self)
    }
}
