import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// The threads an import validates its lines on, one per worker, at a lower scheduling
/// priority than the rest of the process.
///
/// An import's validation needs about twice the CPU of its storing, and the store's writer is
/// one thread: on two cores, three busy threads shared them evenly and the writer fell behind,
/// so the validators stopped, waiting for it, while it wrote alone (`Scripts/bench-import-dump.sh`,
/// signup: 3.0 s with dispatch's threads, 2.7 s with these). At a lower priority, the writer
/// runs whenever it has rows and the validators take what is left, so both cores stay busy to
/// the end. The threads are the import's own, not dispatch's shared ones, whose priority a
/// library must not change under the service that embeds it; they end with the import.
final class ImportWorkers: Sendable {
    /// Blocks of work: `body` runs once for each of `0..<count`, on whichever worker is free,
    /// with the worker's number (`0..<workers`); `completion` runs once, on the worker that
    /// finished the last one.
    final class Job: @unchecked Sendable {
        // `@unchecked Sendable`: `next` and `finished` are read and written under the
        // workers' condition lock only; `body` and `completion` are set once, before the job is
        // queued, and are Sendable.
        let count: Int
        let body: @Sendable (_ block: Int, _ worker: Int) -> Void
        let completion: @Sendable () -> Void
        fileprivate var next = 0
        fileprivate var finished = 0

        init(count: Int, body: @escaping @Sendable (_ block: Int, _ worker: Int) -> Void, completion: @escaping @Sendable () -> Void) {
            self.count = count
            self.body = body
            self.completion = completion
        }
    }

    /// How far below the process's own priority the workers run (a nice value added to it).
    /// At 10 the writer gets about nine tenths of a core it shares with one worker.
    static let niceness: Int32 = 10

    private let queue: Queue
    /// Threads started and not yet ended (they end once the workers are released and have
    /// finished what was queued).
    let running = RunningThreads()

    /// A count of threads, read from any thread.
    final class RunningThreads: Sendable {
        private let count = Atomic<Int>(0)
        var value: Int { count.load(ordering: .acquiring) }
        fileprivate func set(_ value: Int) { count.store(value, ordering: .releasing) }
        fileprivate func ended() { count.subtract(1, ordering: .releasing) }
    }

    /// Starts `count` threads (at least one), named `import-validate`.
    init(count: Int) {
        queue = Queue()
        let threads = max(1, count)
        running.set(threads)
        for worker in 0..<threads {
            let queue = self.queue
            let thread = Thread { [running] in
                // Named from inside: on Linux, Foundation does not pass a name set before
                // `start()` to the kernel, where `top -H` and `perf` read it.
                Thread.current.name = "import-validate"
                Self.lowerPriority()
                queue.serve(worker: worker)
                running.ended()
            }
            // As large as a main thread's: a deeply nested definition recurses in its fill.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    deinit { queue.stop() }

    /// Queues `job`; its blocks start after those of the jobs queued before it.
    func run(_ job: Job) {
        if job.count == 0 {
            job.completion()
            return
        }
        queue.add(job)
    }

    /// Lowers the calling thread's priority. On Linux a thread is a task of its own and
    /// `setpriority` with 0 changes only the calling one (elsewhere it would change the whole
    /// process, so it is left alone). Raising a nice value needs no privilege; should it fail,
    /// the import only runs as it did before.
    private static func lowerPriority() {
        #if os(Linux)
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, current + niceness))
        #endif
    }

    /// The jobs waiting for a worker, shared by the workers under one lock.
    private final class Queue: @unchecked Sendable {
        // `@unchecked Sendable`: `jobs` and `stopping` are touched only under `condition`.
        private let condition = NSCondition()
        private var jobs: [Job] = []
        private var first = 0
        private var stopping = false

        func add(_ job: Job) {
            condition.lock()
            jobs.append(job)
            condition.unlock()
            condition.broadcast()
        }

        func stop() {
            condition.lock()
            stopping = true
            condition.unlock()
            condition.broadcast()
        }

        /// A worker's loop: takes the next block of the oldest job until stopped with nothing
        /// left to do.
        func serve(worker: Int) {
            condition.lock()
            while true {
                while first == jobs.count && !stopping { condition.wait() }
                guard first < jobs.count else { break }
                let job = jobs[first]
                let block = job.next
                job.next += 1
                if job.next == job.count {
                    first += 1
                    if first == jobs.count {
                        jobs.removeAll(keepingCapacity: true)
                        first = 0
                    }
                }
                condition.unlock()
                job.body(block, worker)
                condition.lock()
                job.finished += 1
                if job.finished == job.count {
                    condition.unlock()
                    job.completion()
                    condition.lock()
                }
            }
            condition.unlock()
        }
    }
}
