import Foundation

/// What every fuzz target shares: built for libFuzzer (`Scripts/fuzz.sh` defines FUZZING and
/// links libFuzzer without its main), a target's body is handed to libFuzzer's driver; built
/// normally, the same body replays files (a corpus, or a finding), so the targets compile with
/// every build and a finding can be run again without the fuzzer.
public enum FuzzInputs {
    /// The target's entry point.
    public static func main(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        #if FUZZING
        LibFuzzer.run(body)
        #else
        replay(body)
        #endif
    }

    /// Runs `body` on every file named on the command line (directories: every file in them).
    public static func replay(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var count = 0
        for argument in CommandLine.arguments.dropFirst() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                FileHandle.standardError.write(Data("no such file: \(argument)\n".utf8))
                exit(2)
            }
            let files = isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted().map { argument + "/" + $0 }
                : [argument]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                data.withUnsafeBytes { body($0.bindMemory(to: UInt8.self)) }
                count += 1
            }
        }
        print("replayed \(count) inputs")
    }

    /// The input as text when it is UTF-8 (the readers refuse anything else).
    public static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }
}
