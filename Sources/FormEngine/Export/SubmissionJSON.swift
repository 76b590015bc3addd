import FormCore
import FormStore

/// The object a JSON or NDJSON export (and `formctl show`) gives for a submission:
/// `{"id","uuid","form","version","status","created_at","updated_at","revision","review","language","data"}`.
enum SubmissionJSON {
    /// Writes one row straight from the store's buffers: text columns escaped as they are
    /// copied, the stored values (already compact JSON) inserted as they are.
    static func write(_ row: StoredSubmission, to out: ExportBuffer) {
        writeOpening(row, to: out)
        out.write(",\"version\":")
        out.write(Int64(row.version))
        out.write(",\"status\":")
        row.status.rawValue.utf8Bytes { out.writeJSONString($0) }
        out.write(",\"created_at\":")
        row.createdAtText.utf8Bytes { out.writeJSONString($0) }
        out.write(",\"updated_at\":")
        row.updatedAtText.utf8Bytes { out.writeJSONString($0) }
        out.write(",\"revision\":")
        out.write(Int64(row.revision))
        out.write(",\"review\":{\"state\":")
        row.reviewState.rawValue.utf8Bytes { out.writeJSONString($0) }
        if let comment = row.reviewComment {
            out.write(",\"comment\":")
            comment.utf8Bytes { out.writeJSONString($0) }
        }
        out.write("},\"language\":")
        writeOptional(row.language, to: out)
        out.write(",\"data\":")
        row.valuesJSON.utf8Bytes { out.write($0) }
        out.write(UInt8(ascii: "}"))
    }

    /// A JSON string, or `null` for nil.
    static func writeOptional(_ text: String?, to out: ExportBuffer) {
        guard let text else { return out.write("null") }
        text.utf8Bytes { out.writeJSONString($0) }
    }

    /// `{"id":…,"uuid":…,"form":…`: how every exported record of a submission begins, a row
    /// or one of its revisions.
    static func writeOpening(_ row: StoredSubmission, to out: ExportBuffer) {
        out.write("{\"id\":")
        out.write(row.id)
        out.write(",\"uuid\":")
        row.uuid.utf8Bytes { out.writeJSONString($0) }
        out.write(",\"form\":")
        row.formName.utf8Bytes { out.writeJSONString($0) }
    }
}
