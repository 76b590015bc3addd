import FormCore
import FormStore
import Secrets
import Synchronization

/// Where an export writes the files of the submissions it exports
/// (`FormEngine.prepareExport(_:as:servedForm:records:files:)`, `formctl dump --files DIR`):
/// each as `DIRECTORY/<uuid>/<key path>/<name>` (`talks.1.slides` is one directory), and
/// the field's value in the export becomes
/// `{"path": "<uuid>/<key path>/<name>", "size", "type", "sha256"}` with the path relative
/// to `directory`. In CSV, as any object, that value is columns of its own: `KEY.path`,
/// `KEY.size`, `KEY.type`, `KEY.sha256`; a field of several files is one cell of JSON (or,
/// with repeats separate, a table of its own).
///
/// Directories are made as needed; a file already there is replaced. Nothing is followed out
/// of `directory`: a symbolic link where a directory or file of the export goes is refused
/// (`ExportFileError`), as is a key path or name that is not one path component. Two files
/// of one field with the same name are told apart by their position (`2-scan.png`). Files are
/// written before their row, streamed from the store, and checked against their SHA-256.
/// Only submissions' files are written: an export of revisions keeps each revision's values
/// as stored.
public struct ExportFiles: Sendable {
    /// The directory the files go in (made if missing; its parent must exist).
    public var directory: String

    /// Files written under `directory`.
    public init(directory: String) {
        self.directory = directory
    }
}

/// A file an export could not write: where, and why.
public struct ExportFileError: Error, Sendable, CustomStringConvertible {
    /// The path, under the export's directory, or the directory itself.
    public var path: String
    /// What went wrong: "is a symbolic link, which is not followed", "No space left on device".
    public var problem: String

    /// `PATH: PROBLEM`.
    public var description: String { "cannot write the exported file \(path): \(problem)" }
}

/// One export's files: their paths (a pure function of the row and its files, so the CSV
/// export's first pass learns the columns without writing), and their writing.
struct ExportFileWriter {
    let files: ExportFiles
    let store: any SubmissionStorage
    /// Files written so far, for the caller's account of the export (`PreparedExport.filesWritten`).
    let written = WrittenCount()

    /// A count shared by the copies of the writer an export's passes hold.
    final class WrittenCount: Sendable {
        private let value = Mutex(0)
        func add() { value.withLock { $0 += 1 } }
        var count: Int { value.withLock { $0 } }
    }

    /// The files of `row` as of its current revision.
    func attachments(of row: StoredSubmission) async throws(ExportError) -> [StoredAttachment] {
        do { return try await store.attachments(submissionID: row.id, revision: row.revision) } catch { throw .storage(error) }
    }

    /// Each file with its path relative to the directory, in the store's order. A name already
    /// taken in its field gets a number in front (`2-same.png`), tried upwards until free, since a
    /// sender may have named a file `3-same.png` too and no file may overwrite another; the
    /// numbered name is cut to what one path component may hold.
    static func paths(of files: [StoredAttachment], uuid: String) -> [(file: StoredAttachment, path: String)] {
        var used: [String: Set<String>] = [:]
        return files.map { file in
            var name = file.name
            var number = file.position + 1
            while used[file.keyPath, default: []].contains(name) {
                name = AttachmentFileName.shortened("\(number)-\(file.name)")
                number += 1
            }
            used[file.keyPath, default: []].insert(name)
            return (file, "\(uuid)/\(file.keyPath)/\(name)")
        }
    }

    /// `values` with each file's value as `{"path", "size", "type", "sha256"}`.
    static func exportedValues(_ values: FormValue, placing paths: [(file: StoredAttachment, path: String)]) -> FormValue {
        var result = values
        for (file, path) in paths {
            let exported: FormValue = ["path": .string(path), "size": .int(file.size), "type": .string(file.mediaType),
                                       "sha256": .string(file.sha256)]
            let current = result.value(atPath: file.keyPath)
            if case .array(var items)? = current, items.indices.contains(file.position) {
                items[file.position] = exported
                result = result.setting(.array(items), atKeyPath: file.keyPath)
            } else if current?.objectValue != nil, file.position == 0 {
                result = result.setting(exported, atKeyPath: file.keyPath)
            }
        }
        return result
    }

    /// The row with its files' values replaced, after writing the files; the row as it is
    /// when it holds none.
    func export(_ row: StoredSubmission) async throws -> StoredSubmission {
        let attachments = try await attachments(of: row)
        guard !attachments.isEmpty else { return row }
        let paths = Self.paths(of: attachments, uuid: row.uuid)
        for (file, path) in paths { try await write(file, to: path) }
        let values = Self.exportedValues(try row.exportedValues(), placing: paths)
        return row.with(valuesJSON: values.jsonString())
    }

    /// Streams `file`'s bytes to `path` under the directory, checking their SHA-256.
    func write(_ file: StoredAttachment, to path: String) async throws {
        let output = try ExportDirectory(root: files.directory).create(path)
        defer { output.close() }
        var hasher = SHA256()
        for try await piece in AttachmentBytes(storage: store, file: file) {
            hasher.update(piece)
            try output.write(piece)
        }
        guard hasher.finalizeHex() == file.sha256 else {
            throw ExportFileError(path: path, problem: "the stored bytes do not match their SHA-256 (the store is damaged)")
        }
        try output.commit()
        written.add()
    }
}

extension StoredSubmission {
    /// The row with other values (an export's, with its files' paths), and everything else
    /// as it was: a copy rather than a new row, so that no member (its language once) is lost.
    func with(valuesJSON: String) -> StoredSubmission {
        var row = self
        row.valuesJSON = valuesJSON
        return row
    }
}
