import FormCore
import FormStore

extension StoredSubmission {
    /// The stored values parsed from the database's bytes, for csv, which needs them. Every
    /// format checks a row before writing it, so a damaged row (text that is not a JSON object,
    /// or one followed by more, such as `{},"id":1` which would add a key to a json or ndjson
    /// object) stops the dump naming its id instead of reaching the output.
    func dumpedValues() throws -> FormValue {
        let id = self.id
        let values = try valuesJSON.utf8Bytes { bytes -> FormValue in
            do { return try JSONReader.parse(bytes: bytes.assumingMemoryBound(to: UInt8.self)) } catch {
                throw Self.invalidValues(id, error)
            }
        }
        guard values.objectValue != nil else { throw Self.valuesNotAnObject(id) }
        return values
    }

    /// The check `dumpedValues()` makes, for json and ndjson, which copy the stored bytes as
    /// they are: the same verdict and error without building the values.
    func checkDumpedValues() throws {
        let id = self.id
        let isObject = try valuesJSON.utf8Bytes { bytes -> Bool in
            do { return try JSONReader.scanIsObject(bytes: bytes.assumingMemoryBound(to: UInt8.self)) } catch {
                throw Self.invalidValues(id, error)
            }
        }
        guard isObject else { throw Self.valuesNotAnObject(id) }
    }

    private static func invalidValues(_ id: Int64, _ error: any Error) -> CommandFailure {
        CommandFailure("formctl: submission \(id) holds values that are not valid JSON: \(error)", exitCode: .storage)
    }

    private static func valuesNotAnObject(_ id: Int64) -> CommandFailure {
        CommandFailure("formctl: submission \(id) holds values that are not a JSON object", exitCode: .storage)
    }
}
