// The Swift side of Scripts/bench-store.sh: the same inserts as Scripts/bench_sqlite.c, through
// SubmissionStore.
//   bench-store <db> single <rows>   saveFinal per submission (one transaction each)
//   bench-store <db> batch <rows>    saveFinalBatch, all rows in one transaction
import FormStore
import Foundation
import StoreFixtures

func report(_ rows: Int, _ elapsed: Duration) -> String {
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return "\(rows) rows in \(String(format: "%.3f", seconds)) s = \(String(format: "%.0f", Double(rows) / seconds)) rows/s"
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let rows = Int(arguments[3]), rows > 0, ["single", "batch"].contains(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: bench-store <db> single|batch <rows>\n".utf8))
    exit(2)
}

do {
    let store = try SubmissionStore(path: arguments[1])
    let version = try store.register(formName: "bench", definitionJSON: "{}")
    // Values are built before timing, as the C side does.
    let values = (0..<rows).map { #"{"name":"user \#($0)","email":"user\#($0)@example.com","age":\#(18 + $0 % 60)}"# }

    let start = ContinuousClock.now
    var first: Int64 = 0, last: Int64 = 0
    if arguments[2] == "batch" {
        let ids = try store.saveFinalBatch(formVersionID: version.id, valuesJSON: values)
        first = ids.first ?? 0
        last = ids.last ?? 0
    } else {
        for (index, value) in values.enumerated() {
            let saved = try store.saveFinal(formVersionID: version.id, valuesJSON: value)
            if index == 0 { first = saved.id }
            last = saved.id
        }
    }
    let elapsed = ContinuousClock.now - start

    guard last - first == Int64(rows - 1) else {
        FileHandle.standardError.write(Data("unexpected ids\n".utf8))
        exit(1)
    }
    print(report(rows, elapsed))

    if arguments[2] == "batch" {
        // Not compared with C: shows that a `dump` streams at a useful rate in constant memory.
        let exportStart = ContinuousClock.now
        var exported = 0, bytes = 0
        try store.exportSubmissions { row in
            exported += 1
            bytes += row.withUTF8(.valuesJSON) { $0.count } + row.withUTF8(.uuid) { $0.count }
        }
        print("export: " + report(exported, ContinuousClock.now - exportStart) + " (\(bytes) bytes)")
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
