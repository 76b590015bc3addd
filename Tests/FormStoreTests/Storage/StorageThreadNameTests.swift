import Foundation
import Testing
@testable import FormStore

/// The store's own threads carry names an operator can read where the kernel keeps them
/// (`top -H`, `ps -L`, `perf`, a debugger), so that the CPU a server spends storing is told
/// from what its HTTP and request threads spend.
@Suite struct StorageThreadNameTests {
    /// The names of this process's threads, as the kernel has them.
    static func threadNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").compactMap { task in
            try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8).trimmingCharacters(in: .newlines)
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
    func theWriterAndTheReadersAreNamed() async throws {
        let database = try StoreUnderTest(.sqlite)
        let store = try SQLiteStorage(path: database.location, readers: 2)
        let names = try Self.threadNames()
        // Other tests may have stores open at the same time: at least this store's threads.
        #expect(names.filter { $0 == "store-writer" }.count >= 1, "\(names)")
        #expect(names.filter { $0 == "store-reader" }.count >= 2, "\(names)")
        await store.close()
    }
}
