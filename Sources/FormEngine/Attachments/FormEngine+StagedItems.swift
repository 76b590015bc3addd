import FormCore

extension FormEngine {
    /// Refuses a staged file for an item of a repeat past those the answers (or the draft
    /// resumed) hold and the new items this request's files may add: placing the file would
    /// make every item before it, so one small part for `talks.99999.slides` made 99,999 empty
    /// talks (seconds of work, and stored when the repeat sets no `maximumItems`).
    ///
    /// A repeat's room is the most of the items its values hold (answers, draft, its
    /// `minimumItems`, the items it starts with), plus one per file staged inside it: files
    /// may add items, one after another, never leaving a gap.
    static func refuseFilesPastTheItems(_ staged: StagedAttachments?, answers: FormValue?, startingValues: FormValue?,
                                        form: CompiledForm) throws(FormEngineError)
    {
        guard let staged else { return }
        var errors: [FieldError] = []
        for file in staged.files {
            let steps = file.keyPath.split(separator: ".", omittingEmptySubsequences: false)
            for (offset, step) in steps.enumerated() {
                guard let index = Int(step) else { continue }
                let repeatPath = steps[..<offset].joined(separator: ".")
                let held = [answers, startingValues].map { values -> Int in
                    guard case .array(let items)? = values?.value(atPath: repeatPath) else { return 0 }
                    return items.count
                }
                let info = form.repeats.first { $0.path == repeatPath }
                let known = max(held.max() ?? 0, info?.minimumItems ?? 0, info?.count ?? 0)
                let added = staged.files.count(where: { $0.keyPath.hasPrefix(repeatPath + ".") })
                if index >= known + added {
                    errors.append(FieldError(path: file.keyPath, rule: "file", message: LibraryMessages.text(.fileItemOutOfReach, [
                        "item": .int(index + 1), "repeat": .text(repeatPath), "count": .int(known),
                    ])))
                    break
                }
            }
        }
        if !errors.isEmpty { throw .invalid(errors) }
    }
}
