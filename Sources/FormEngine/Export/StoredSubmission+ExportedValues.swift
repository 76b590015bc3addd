import FormCore
import FormStore

extension StoredSubmission {
    /// The stored values parsed from the store's bytes, for CSV, which needs them. Every format
    /// checks a row before writing it, so a damaged row (text that is not a JSON object, or one
    /// followed by more, such as `{},"id":1` which would add a key to a JSON or NDJSON object)
    /// stops the export naming its id instead of reaching the output.
    func exportedValues() throws(ExportError) -> FormValue {
        let id = self.id
        return try valuesJSON.exportUTF8Bytes { (bytes) throws(ExportError) in try Self.exportedValues(bytes: bytes, id: id) }
    }

    /// `exportedValues()` of the stored bytes themselves.
    static func exportedValues(bytes: UnsafeRawBufferPointer, id: Int64) throws(ExportError) -> FormValue {
        let values: FormValue
        do { values = try JSONReader.parse(bytes: bytes.assumingMemoryBound(to: UInt8.self)) } catch {
            throw .damagedRow(id: id, reason: "not valid JSON: \(error)")
        }
        guard values.objectValue != nil else { throw .damagedRow(id: id, reason: "not a JSON object") }
        return values
    }

    /// The check `exportedValues()` makes, for JSON and NDJSON, which copy the stored bytes as
    /// they are: the same verdict and error without building the values.
    func checkExportedValues() throws(ExportError) {
        try Self.checkExportedValues(valuesJSON, id: id)
    }

    /// The check of `checkExportedValues()` for values stored under submission `id` (a row's, or
    /// one of its revisions').
    static func checkExportedValues(_ valuesJSON: String, id: Int64) throws(ExportError) {
        try valuesJSON.exportUTF8Bytes { (bytes) throws(ExportError) in try checkExportedValues(bytes: bytes, id: id) }
    }

    /// The check of `checkExportedValues()` on the stored bytes themselves.
    static func checkExportedValues(bytes: UnsafeRawBufferPointer, id: Int64) throws(ExportError) {
        let isObject: Bool
        do { isObject = try JSONReader.scanIsObject(bytes: bytes.assumingMemoryBound(to: UInt8.self)) } catch {
            throw .damagedRow(id: id, reason: "not valid JSON: \(error)")
        }
        guard isObject else { throw .damagedRow(id: id, reason: "not a JSON object") }
    }
}
