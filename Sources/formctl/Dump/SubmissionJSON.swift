import FormCore
import FormStore
import Foundation

/// The object `dump` (json, ndjson) and `show` print for a submission:
/// `{"id","uuid","form","version","status","created_at","updated_at","data"}`.
enum SubmissionJSON {
    /// Writes one row straight from SQLite's buffers: text columns escaped as they are copied,
    /// the stored values (already compact JSON) inserted as they are.
    static func write(_ row: StoredSubmission, to out: OutputStream) throws {
        try out.write("{\"id\":")
        try out.write(row.id)
        try out.write(",\"uuid\":")
        try row.uuid.utf8Bytes { try out.writeJSONString($0) }
        try out.write(",\"form\":")
        try row.formName.utf8Bytes { try out.writeJSONString($0) }
        try out.write(",\"version\":")
        try out.write(Int64(row.version))
        try out.write(",\"status\":")
        try row.status.rawValue.utf8Bytes { try out.writeJSONString($0) }
        try out.write(",\"created_at\":")
        try row.createdAtText.utf8Bytes { try out.writeJSONString($0) }
        try out.write(",\"updated_at\":")
        try row.updatedAtText.utf8Bytes { try out.writeJSONString($0) }
        try out.write(",\"data\":")
        try row.valuesJSON.utf8Bytes { try out.write($0) }
        try out.write(UInt8(ascii: "}"))
    }
}
