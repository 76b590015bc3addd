import FormStore
import Glibc

extension DumpCommand {
    /// csv: a single file (or standard output), or with `--repeats separate` a directory of
    /// files, each written beside its final name and renamed into place once all are complete.
    func dumpCSV(_ query: SubmissionQuery, store: any SubmissionStorage) async throws {
        var dump = CSVDump(store: store, query: query, separatesRepeats: repeats == .separate, neutralizesFormulas: !rawCsv)
        let lastID = try await dump.collect()
        var outputs: [OutputStream] = []
        if repeats == .separate, let directory = output {
            try Self.makeDirectory(directory)
            for table in dump.shape.tables {
                let out = try OutputStream.file(directory + "/" + CSVColumnName.fileName(repeatPath: table.path))
                table.out = out
                outputs.append(out)
            }
        } else {
            let out = try output.map { try OutputStream.file($0) } ?? .standardOutput()
            dump.shape.submissions.out = out
            outputs.append(out)
        }
        try dump.writeHeaders()
        if let lastID { try await dump.write(upTo: lastID) }
        for out in outputs { try out.commit() }
    }

    /// The output directory of `--repeats separate`: made if missing (its parent must exist).
    static func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o777) == 0 || errno == EEXIST {
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return }
            throw CommandFailure("formctl: \(path) is not a directory (--repeats separate writes a file per repeat in it)", exitCode: .storage)
        }
        throw CommandFailure("formctl: cannot make the directory \(path): \(String(cString: strerror(errno)))", exitCode: .storage)
    }
}
