import FormCore
import FormStore

extension Submission {
    /// `{"id","uuid","form","version","status"}`: what `fill --json` prints and `serve`
    /// answers for a stored submission.
    public var summaryJSON: FormValue {
        ["id": .int(Int(id)), "uuid": .string(uuid), "form": .string(formName), "version": .int(version), "status": .string(status.rawValue)]
    }
}

extension FormEngine {
    /// The object `formctl dump`, `show` and `serve` give for a stored submission
    /// (`Submission.jsonValue`, with the `language` it was given in). A row whose
    /// values are not JSON is a `corrupt` storage error naming this engine's store.
    public func jsonValue(of stored: StoredSubmission) throws(FormEngineError) -> FormValue {
        Submission(stored, values: try values(of: stored)).jsonValue
    }
}
