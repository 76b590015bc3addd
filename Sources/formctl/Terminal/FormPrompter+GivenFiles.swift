import FormCore
import FormEngine

extension FormPrompter {
    /// `fill --attach` on a terminal: each file read and checked as at the prompt, then set as
    /// its field's value (several to one key fill a field of several files in order) before
    /// the walk, which then asks only what is still missing. A key inside a repeat may add
    /// the repeat's next item, as `--set` may, never skip one. Every refusal at once.
    func attach(given assignments: [FileAssignment]) async throws(FormEngineError) {
        var keys: [String] = []
        var chosen: [String: [AttachmentReference]] = [:]
        var errors: [FieldError] = []
        for assignment in assignments {
            var scratch = StagedAttachments()
            do {
                let reference = try await engine.stage(try assignment.upload(), for: form, into: &scratch)
                attachedFiles.accept(reference, from: assignment.path)
                if chosen[assignment.keyPath] == nil { keys.append(assignment.keyPath) }
                chosen[assignment.keyPath, default: []].append(reference)
            } catch {
                guard case .invalid(let refused) = error else { throw error }
                errors += refused
            }
        }
        for key in keys {
            guard let rules = form.compiled.fileRules(atKeyPath: key), let references = chosen[key], let first = references.first
            else { continue }
            if references.count > rules.maximumFiles {
                errors.append(.tooManyFiles(path: key, limit: rules.maximumFiles))
                continue
            }
            do {
                try addItemIfNamed(key)
                try session.set(rules.maximumFiles > 1 ? .array(references.map(\.formValue)) : first.formValue, forKey: key)
            } catch {
                errors.append(FieldError(path: key, rule: "file", message: error.message))
            }
        }
        if !errors.isEmpty { throw .invalid(errors) }
    }

    /// Adds the next item of the repeat `key` is inside (`speakers.1.bio` when `speakers` has
    /// one item), as `--set` does.
    func addItemIfNamed(_ key: String) throws(SessionError) {
        for info in session.repeats where key.hasPrefix(info.path + ".") {
            let rest = key.dropFirst(info.path.count + 1)
            if let index = Int(rest.prefix { $0 != "." }), index == info.count, info.isGrowable {
                _ = try session.appendItem(to: info.path)
            }
        }
    }
}
