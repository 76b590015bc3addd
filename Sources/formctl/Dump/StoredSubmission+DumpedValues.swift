import FormCore
import FormStore

extension StoredSubmission {
    /// The stored values parsed from the database's bytes. Every format checks a row with
    /// this before writing it, so a damaged row (text that is not a JSON object, or one
    /// followed by more, such as `{},"id":1` which would add a key to a json or ndjson
    /// object) stops the dump naming its id instead of reaching the output.
    func dumpedValues() throws -> FormValue {
        let id = self.id
        let values = try valuesJSON.utf8Bytes { bytes -> FormValue in
            do { return try JSONReader.parse(bytes: bytes.assumingMemoryBound(to: UInt8.self)) } catch {
                throw CommandFailure("formctl: submission \(id) holds values that are not valid JSON: \(error)", exitCode: .storage)
            }
        }
        guard values.objectValue != nil else {
            throw CommandFailure("formctl: submission \(id) holds values that are not a JSON object", exitCode: .storage)
        }
        return values
    }
}
