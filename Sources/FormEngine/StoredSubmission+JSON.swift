import FormCore
import FormStore

extension StoredSubmission {
    /// The object `formctl dump`, `show` and `serve` give for a submission:
    /// `{"id","uuid","form","version","status","created_at","updated_at","data"}`.
    /// Throws when the stored values are not JSON (a damaged row).
    public func jsonValue() throws(FormEngineError) -> FormValue {
        let data: FormValue
        do { data = try FormValue(json: valuesJSON) } catch {
            throw .storage(StorageError(kind: .corrupt, backend: .sqlite, message: "submission \(id) holds values that are not valid JSON: \(error)",
                                        database: ""))
        }
        return [
            "id": .int(Int(id)), "uuid": .string(uuid), "form": .string(formName), "version": .int(version),
            "status": .string(status.rawValue), "created_at": .string(createdAtText), "updated_at": .string(updatedAtText),
            "data": data,
        ]
    }
}
