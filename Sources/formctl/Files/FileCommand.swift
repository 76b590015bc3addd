import ArgumentParser
import FormEngine

/// `formctl file ID [KEYPATH]`: the files a submission holds, listed; or one file's bytes,
/// read from the store piece by piece as they are written.
struct FileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "file",
        abstract: "List a submission's files, or write one file's bytes out.",
        discussion: """
            Without KEYPATH, one line per file: its key path (with its place among the field's \
            files when the field takes several, as handouts[1]), name, size in bytes, type \
            (found from the bytes) and SHA-256. With KEYPATH (slides, speakers.1.bio), the bytes \
            of that file (--position N for a field of several files, from 0) go to --output \
            FILE (written beside it, then renamed into place), or to standard output when it is \
            not a terminal.
            Exit codes: 0 done, 1 no such submission or file, 2 usage (bytes to a terminal), 3 \
            the database or the output failed.
            """
    )

    @Argument(help: "The submission's id.")
    var id: Int64

    @Argument(help: "The file field's key path; without it, the files are listed.")
    var keyPath: String?

    @Option(help: "Which file of a field of several files, from 0.")
    var position = 0

    @Option(help: ArgumentHelp("The revision to read (default: the current one).", valueName: "N"))
    var revision: Int?

    @Option(name: [.short, .long], help: ArgumentHelp("Write the file's bytes to FILE instead of standard output.", valueName: "FILE"))
    var output: String?

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if position < 0 { throw ValidationError("--position counts from 0") }
        if let revision, revision < 1 { throw ValidationError("--revision counts from 1") }
        if keyPath == nil && output != nil { throw ValidationError("--output is for one file: give its KEYPATH") }
        if keyPath != nil && output == nil && Terminal.isTTY(1) {
            throw ValidationError("standard output is a terminal: give --output FILE to write the file's bytes")
        }
    }

    func run() async throws {
        let engine = try await database.openEngine(readOnly: true)
        guard let keyPath else { return try await list(in: engine) }
        let found: (file: StoredAttachment, bytes: AttachmentBytes)?
        do { found = try await engine.fileBytes(ofSubmission: id, keyPath: keyPath, position: position, revision: revision) } catch {
            throw await RecordFailure.failure(error, id: id, doing: "read a file of", in: engine)
        }
        guard let found else {
            // A revision past the last one is that, not a file missing from it.
            if let revision, let current = try? await engine.submission(id: id)?.revision, revision > current {
                throw CommandFailure("formctl: submission \(id) has no revision \(revision) (its latest is \(current))", exitCode: .invalid)
            }
            throw CommandFailure("formctl: submission \(id) holds no file at \(keyPath)\(position > 0 ? " position \(position)" : "")", exitCode: .invalid)
        }
        let out = try output.map { try OutputStream.file($0) } ?? .standardOutput()
        do {
            for try await piece in found.bytes { try out.write(piece) }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("formctl: cannot read \(keyPath) of submission \(id) from \(engine.database): \(error)", exitCode: .storage)
        }
        try out.commit()
    }

    /// One line per file, in key path order.
    func list(in engine: FormEngine) async throws {
        let files: [StoredAttachment]
        do { files = try await engine.files(ofSubmission: id, revision: revision) } catch {
            throw await RecordFailure.failure(error, id: id, doing: "list the files of", in: engine)
        }
        let counts = Dictionary(files.map { ($0.keyPath, 1) }, uniquingKeysWith: +)
        for file in files {
            let place = (counts[file.keyPath] ?? 1) > 1 || file.position > 0 ? "\(file.keyPath)[\(file.position)]" : file.keyPath
            Terminal.printOut([place, file.name, "\(file.size)", file.mediaType, file.sha256].joined(separator: "\t"))
        }
    }
}
