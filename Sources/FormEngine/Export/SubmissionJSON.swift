import FormCore
import FormStore

/// The object a JSON or NDJSON export (and `formctl show`) gives for a submission:
/// `{"id","uuid","form","version","status","created_at","updated_at","revision","review","language","data"}`.
enum SubmissionJSON {
    /// Writes one row: text columns escaped as they are copied, the stored values (already
    /// compact JSON) inserted as they are.
    static func write(_ row: StoredSubmission, to out: ExportBuffer) {
        row.withExportBytes { write($0, to: out) }
    }

    /// Writes one row straight from the store's buffers.
    static func write(_ row: ExportRowBytes, to out: ExportBuffer) {
        writeOpening(id: row.id, uuid: row.uuid, formName: row.formName, to: out)
        out.write(",\"version\":")
        out.write(Int64(row.version))
        out.write(",\"status\":")
        out.writeJSONString(row.status)
        out.write(",\"created_at\":")
        out.writeJSONString(row.createdAt)
        out.write(",\"updated_at\":")
        out.writeJSONString(row.updatedAt)
        out.write(",\"revision\":")
        out.write(Int64(row.revision))
        out.write(",\"review\":{\"state\":")
        out.writeJSONString(row.reviewState)
        if let comment = row.reviewComment {
            out.write(",\"comment\":")
            out.writeJSONString(comment)
        }
        out.write("},\"language\":")
        if let language = row.language { out.writeJSONString(language) } else { out.write("null") }
        out.write(",\"data\":")
        out.write(row.values)
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
        row.uuid.utf8Bytes { uuid in
            row.formName.utf8Bytes { formName in writeOpening(id: row.id, uuid: uuid, formName: formName, to: out) }
        }
    }

    private static func writeOpening(id: Int64, uuid: UnsafeRawBufferPointer, formName: UnsafeRawBufferPointer, to out: ExportBuffer) {
        out.write("{\"id\":")
        out.write(id)
        out.write(",\"uuid\":")
        out.writeJSONString(uuid)
        out.write(",\"form\":")
        out.writeJSONString(formName)
    }
}
