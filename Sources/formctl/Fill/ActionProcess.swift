import Glibc

/// Runs an action's program: `posix_spawnp` with the arguments as given (no shell), in a
/// process group of its own, with a small fixed environment. The values go to its stdin while
/// its stderr is read, in one `poll` loop, so neither side can block the other (a program that
/// writes 200 KB to stderr before reading a 1 MB stdin used to deadlock). Its stdout goes to
/// formctl's stderr, as a person running it would see it, unless `capturesOutput` (under
/// `serve`, whose stderr is its JSON log): then it is read too, and its end kept. After `timeout` the whole group is
/// killed, and so it is when the task running it is cancelled (a request past its deadline under
/// `serve`); once the program exits, formctl stops reading, so a grandchild that keeps stderr
/// open cannot hold it up.
struct ActionProcess {
    enum Outcome: Equatable {
        case exited(Int32)
        case killedBySignal(Int32)
        case timedOut
        /// The task running it was cancelled, and the group was killed.
        case cancelled
    }

    struct Result {
        var outcome: Outcome
        /// The last `stderrLimit` bytes the program wrote to stderr.
        var stderr: String
        /// With `capturesOutput`, the last `stderrLimit` bytes it wrote to stdout.
        var stdout: String = ""
    }

    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    let arguments: [String]
    let environment: [String: String]
    let timeout: Duration
    /// Reads the program's stdout into `Result.stdout` instead of passing it to formctl's stderr.
    var capturesOutput = false
    /// The stderr bytes kept for the message (and the stdout bytes kept when captured).
    static let stderrLimit = 4096

    func run(input: [UInt8]) throws(SpawnError) -> Result {
        let (inputRead, inputWrite) = try Self.makePipe()
        let (errorRead, errorWrite) = try Self.makePipe()
        var output: (read: Int32, write: Int32)?
        let pid: pid_t
        do {
            if capturesOutput { output = try Self.makePipe() }
            pid = try spawn(stdin: inputRead, stdout: output?.write, stderr: errorWrite)
        } catch {
            for descriptor in [inputRead, inputWrite, errorRead, errorWrite] + [output?.read, output?.write].compactMap({ $0 }) {
                close(descriptor)
            }
            throw error
        }
        close(inputRead)
        close(errorWrite)
        if let output { close(output.write) }
        for descriptor in [inputWrite, errorRead] + [output?.read].compactMap({ $0 }) {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        var exchange = Exchange(pid: pid, input: input, inputDescriptor: inputWrite, errorDescriptor: errorRead,
                                outputDescriptor: output?.read)
        let outcome = exchange.run(until: ContinuousClock.now + timeout)
        return Result(outcome: outcome, stderr: exchange.stderr.text, stdout: exchange.stdout.text)
    }

    /// `stdout` nil: the program's stdout is formctl's stderr.
    private func spawn(stdin: Int32, stdout: Int32?, stderr: Int32) throws(SpawnError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, stdin, STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stdout ?? STDERR_FILENO, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, stderr, STDERR_FILENO)
        Self.closeOnExec()
        // A group of its own, so a timeout kills everything it started; signals as new (formctl
        // ignores SIGPIPE, and an ignored signal would otherwise stay ignored in the program).
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        sigaddset(&defaults, SIGINT)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        let code = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard code == 0 else {
            throw SpawnError(description: "cannot run '\(arguments[0])': \(String(cString: strerror(code)))")
        }
        return pid
    }

    /// Marks every descriptor above stderr close-on-exec, so the program gets nothing of
    /// formctl's but its three standard streams: a descriptor formctl inherited (its parent's
    /// pipe) would otherwise stay open in the program and in whatever the program leaves
    /// running, and make the parent wait for it.
    private static func closeOnExec() {
        guard let directory = opendir("/proc/self/fd") else { return }
        defer { closedir(directory) }
        let own = dirfd(directory)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let descriptor = Int32(name), descriptor > STDERR_FILENO, descriptor != own else { continue }
            _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
        }
    }

    /// A pipe whose ends close on exec: the program gets them only as its standard streams.
    private static func makePipe() throws(SpawnError) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else {
            throw SpawnError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }
}

/// The loop that feeds a running program and reads it: every pipe non-blocking, one `poll`.
private struct Exchange {
    let pid: pid_t
    let input: [UInt8]
    var inputDescriptor: Int32?
    var errorDescriptor: Int32?
    /// The program's stdout, when it is captured.
    var outputDescriptor: Int32?
    var written = 0
    var stderr = TailBuffer(capacity: ActionProcess.stderrLimit)
    var stdout = TailBuffer(capacity: ActionProcess.stderrLimit)

    init(pid: pid_t, input: [UInt8], inputDescriptor: Int32, errorDescriptor: Int32, outputDescriptor: Int32?) {
        self.pid = pid
        self.input = input
        self.inputDescriptor = inputDescriptor
        self.errorDescriptor = errorDescriptor
        self.outputDescriptor = outputDescriptor
    }

    mutating func run(until deadline: ContinuousClock.Instant) -> ActionProcess.Outcome {
        defer {
            closeInput()
            Self.close(&errorDescriptor)
            Self.close(&outputDescriptor)
        }
        while true {
            if let status = reap(blocking: false) {
                // Whatever is already there; a grandchild still holding the pipe is not waited for.
                Self.read(&errorDescriptor, into: &stderr, atMost: 1 << 20)
                Self.read(&outputDescriptor, into: &stdout, atMost: 1 << 20)
                return Self.outcome(of: status)
            }
            let now = ContinuousClock.now
            if now >= deadline || Task.isCancelled {
                kill(-pid, SIGKILL)
                _ = reap(blocking: true)
                return now >= deadline ? .timedOut : .cancelled
            }
            exchangeOnce(waitingAtMost: min(deadline - now, .milliseconds(20)))
        }
    }

    /// One `poll` on the pipes still open (or a short sleep when none is): a chunk of input
    /// written, whatever stderr (and a captured stdout) holds read.
    mutating func exchangeOnce(waitingAtMost wait: Duration) {
        var descriptors: [pollfd] = []
        if let errorDescriptor { descriptors.append(pollfd(fd: errorDescriptor, events: Int16(POLLIN), revents: 0)) }
        if let outputDescriptor { descriptors.append(pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0)) }
        if let inputDescriptor { descriptors.append(pollfd(fd: inputDescriptor, events: Int16(POLLOUT), revents: 0)) }
        let milliseconds = Int32(max(1, wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000))
        guard poll(&descriptors, nfds_t(descriptors.count), milliseconds) > 0 else { return }
        for entry in descriptors where entry.revents != 0 {
            if entry.fd == errorDescriptor {
                Self.read(&errorDescriptor, into: &stderr, atMost: 1 << 16)
            } else if entry.fd == outputDescriptor {
                Self.read(&outputDescriptor, into: &stdout, atMost: 1 << 16)
            } else {
                writeInput()
            }
        }
    }

    mutating func writeInput() {
        guard let descriptor = inputDescriptor else { return }
        guard written < input.count else { return closeInput() }
        let count = input.withUnsafeBytes { bytes in
            write(descriptor, bytes.baseAddress.map { $0 + written }, min(input.count - written, 1 << 16))
        }
        if count > 0 {
            written += count
            if written == input.count { closeInput() }
        } else if count < 0 && errno != EAGAIN && errno != EINTR {
            // EPIPE: the program stopped reading, which it may.
            closeInput()
        }
    }

    /// Reads what a pipe holds now into `buffer`, up to `limit` bytes; closes it at its end.
    static func read(_ descriptor: inout Int32?, into buffer: inout TailBuffer, atMost limit: Int) {
        guard let open = descriptor else { return }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while total < limit {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(open, $0.baseAddress, $0.count) }
            if count > 0 {
                total += count
                chunk.withUnsafeBufferPointer { buffer.append(UnsafeBufferPointer(rebasing: $0[0..<count])) }
            } else if count == 0 {
                return close(&descriptor)
            } else {
                if errno == EINTR { continue }
                if errno != EAGAIN { close(&descriptor) }
                return
            }
        }
    }

    static func close(_ descriptor: inout Int32?) {
        if let open = descriptor { Glibc.close(open) }
        descriptor = nil
    }

    mutating func closeInput() {
        Self.close(&inputDescriptor)
    }

    /// The program's wait status once it has ended.
    func reap(blocking: Bool) -> Int32? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == pid { return status }
            if result < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// `WIFEXITED`/`WEXITSTATUS`/`WTERMSIG`, which are macros C has and Swift does not import.
    static func outcome(of status: Int32) -> ActionProcess.Outcome {
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .killedBySignal(signal)
    }
}
