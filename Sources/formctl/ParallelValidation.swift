import Dispatch
import FormCore
import FormEngine

/// Validates import lines on every core: lines are copied into a chunk, the chunk is split
/// between one `ImportValidator` (one session) per core, and the outcomes are handed on in line
/// order, so messages and stored rows keep the file's order.
///
/// Validation (filling and checking a session) is nearly all of an import's time, and sessions
/// are independent, so this scales with cores; storing stays on the calling thread.
final class ParallelValidation {
    private let validators: [ImportValidator]
    private let chunkSize: Int
    /// The chunk's bytes end to end, with each line's line number and range.
    private var bytes: [UInt8] = []
    private var lines: [(number: Int, range: Range<Int>)] = []

    init(makeValidator: () throws -> ImportValidator, workers: Int, chunkSize: Int = 4096) throws {
        validators = try (0..<max(1, workers)).map { _ in try makeValidator() }
        self.chunkSize = chunkSize
        bytes.reserveCapacity(chunkSize * 256)
        lines.reserveCapacity(chunkSize)
    }

    /// Queues a line; when the chunk is full, validates it and calls `deliver` per line in order.
    func add(_ line: UnsafeBufferPointer<UInt8>, number: Int,
             deliver: (Int, ImportValidator.Outcome) throws -> Void) throws {
        let start = bytes.count
        bytes.append(contentsOf: line)
        lines.append((number, start..<bytes.count))
        if lines.count >= chunkSize { try drain(deliver) }
    }

    /// Validates whatever is queued.
    func drain(_ deliver: (Int, ImportValidator.Outcome) throws -> Void) throws {
        guard !lines.isEmpty else { return }
        let count = lines.count
        var outcomes = [Result<ImportValidator.Outcome, CommandFailure>?](repeating: nil, count: count)
        let workers = min(validators.count, count)
        let ranges = lines.map(\.range)
        bytes.withUnsafeBufferPointer { all in
            outcomes.withUnsafeMutableBufferPointer { results in
                let job = Job(validators: validators, lines: all, ranges: ranges, results: results, workers: workers)
                DispatchQueue.concurrentPerform(iterations: workers) { job.run(worker: $0) }
            }
        }
        for index in 0..<count {
            guard let outcome = outcomes[index] else { continue }
            try deliver(lines[index].number, try outcome.get())
        }
        bytes.removeAll(keepingCapacity: true)
        lines.removeAll(keepingCapacity: true)
    }

    /// One chunk's work, shared by the workers of `concurrentPerform`.
    ///
    /// `@unchecked Sendable` is sound because: `concurrentPerform` returns only when every worker
    /// is done, so the buffers outlive all use; worker w writes only the result slots w,
    /// w + workers, ... and uses only validator w (so no session is shared); the line bytes and
    /// ranges are only read.
    private struct Job: @unchecked Sendable {
        let validators: [ImportValidator]
        let lines: UnsafeBufferPointer<UInt8>
        let ranges: [Range<Int>]
        let results: UnsafeMutableBufferPointer<Result<ImportValidator.Outcome, CommandFailure>?>
        let workers: Int

        func run(worker: Int) {
            for index in stride(from: worker, to: ranges.count, by: workers) {
                let line = UnsafeBufferPointer(rebasing: lines[ranges[index]])
                do {
                    results[index] = .success(try validators[worker].validate(line: line))
                } catch let failure as CommandFailure {
                    results[index] = .failure(failure)
                } catch {
                    results[index] = .failure(CommandFailure("formctl: \(error)", exitCode: .invalid))
                }
            }
        }
    }
}
