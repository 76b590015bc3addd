import FormCore
import FuzzSupport

/// The JSON reader never crashes or hangs, and what it reads, written and read again, is the
/// same value.
enum FuzzJSON {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let value = try? JSONReader.parse(bytes: bytes) else { return }
        let written = value.jsonString()
        guard let again = try? JSONReader.parse(written) else {
            preconditionFailure("the writer's output does not read back: \(written)")
        }
        precondition(again.jsonString() == written, "a round trip changed the value: \(written)")
    }
}

@main enum Main { static func main() { FuzzInputs.main(FuzzJSON.run) } }
