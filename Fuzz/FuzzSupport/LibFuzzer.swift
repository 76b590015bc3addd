#if FUZZING
import Foundation

/// libFuzzer's driver, linked from `libclang_rt.fuzzer_no_main` by Scripts/fuzz.sh. Its main is
/// left out so that the build's other executables (the migration embedder) keep their own.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

enum LibFuzzer {
    /// The body libFuzzer calls; a C callback carries no context, and the driver runs one input
    /// at a time on one thread.
    nonisolated(unsafe) static var body: ((UnsafeBufferPointer<UInt8>) -> Void)?

    static func run(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
        Self.body = body
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = runDriver(&argc, &argv) { data, size in
            LibFuzzer.body?(UnsafeBufferPointer(start: data, count: size))
            return 0
        }
        exit(status)
    }
}
#endif
