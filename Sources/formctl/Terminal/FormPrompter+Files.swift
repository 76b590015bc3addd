import FormCore
import FormEngine

/// File fields (`QImageElement`, `file`) on a terminal: a path is asked (`~` expanded,
/// relative to the working directory), the file is read once by the engine, which measures,
/// hashes and types it from its bytes and checks the field's limits, and its name, size and
/// type are shown to be accepted before it becomes the field's value.
extension FormPrompter {
    /// The field's rules when it takes files.
    func fileRules(of field: FieldInfo) -> FileFieldRules? {
        field.path.flatMap { form.compiled.fileRules(atKeyPath: $0) }
    }

    /// Asks a field fitted to its type: a file field for paths, any other as typed text.
    func askField(_ field: FieldInfo) async throws {
        if fileRules(of: field) != nil { try await promptForFilesUntilValid(field) } else { try promptUntilValid(field) }
    }

    /// Asks for the field's files until its value passes its rules (`required` says so on an
    /// empty answer, as for any field).
    func promptForFilesUntilValid(_ field: FieldInfo) async throws {
        guard let path = field.path else { return }
        var field = field
        while true {
            try await promptForFiles(field)
            let errors = session.validate().filter { $0.path == path && $0.rule != "matches" }
            if errors.isEmpty { return }
            errors.forEach { say(style.red("  \($0.message)")) }
            field = session.fields.first { $0.path == path } ?? field
        }
    }

    /// One round: paths until the field holds its files. Empty keeps what the field holds
    /// (nothing, at first), `-` removes it; a field of several files asks for more until an
    /// empty line or its `maximumFiles`.
    func promptForFiles(_ field: FieldInfo) async throws {
        guard let path = field.path, let rules = fileRules(of: field) else { return }
        let fields = session.fields
        let title = position(of: field, in: fields) + itemTitle(field, in: fields) + (field.isRequired ? style.red("*") : "")
        let current = AttachmentReference.all(in: field.value ?? .null)
        if !current.isEmpty {
            let files = current.map(\.summary).joined(separator: "; ")
            say(style.dim("  " + TerminalMessages.text(.filesNow, ["files": .text(files)])))
        }
        var chosen: [AttachmentReference] = []
        while chosen.count < rules.maximumFiles {
            let prompt = chosen.isEmpty
                ? "\(title) \(style.dim("(\(fileHint(rules)))")): "
                : "  \(TerminalMessages.text(.anotherFile)) \(style.dim("(" + TerminalMessages.text(.enterWhenDone) + ")")): "
            let typed = try readText(prompt).trimmingSpacesAndTabs
            if typed.isEmpty {
                if chosen.isEmpty { return }
                break
            }
            if typed == "-" && chosen.isEmpty {
                try session.set(.null, forKey: path)
                return
            }
            if let reference = try await attach(LocalPath.expanded(typed), to: path) { chosen.append(reference) }
        }
        guard let first = chosen.first else { return }
        let value: FormValue = rules.maximumFiles > 1 ? .array(chosen.map(\.formValue)) : first.formValue
        do { try session.set(value, forKey: path) } catch { say(style.red("  \(error.message)")) }
    }

    /// Reads the file at `file` for the field at `keyPath` and asks to keep it; nil when it is
    /// refused (the reason said) or not kept, and the path is asked again.
    func attach(_ file: String, to keyPath: String) async throws -> AttachmentReference? {
        var scratch = StagedAttachments()
        let reference: AttachmentReference
        do {
            let upload = try AttachmentUpload.file(keyPath: keyPath, path: file)
            reference = try await engine.stage(upload, for: form, into: &scratch)
        } catch {
            say(style.red("  " + Self.message(error, file: file)))
            return nil
        }
        guard try askYesNo("  " + TerminalMessages.text(.keepFile, ["file": .text(reference.summary)]), default: true) else { return nil }
        attachedFiles.accept(reference, from: file)
        return reference
    }

    /// What the field takes, in words: `.pdf, up to 4.1 kB` or `up to 3 files, each up to 10.5 MB`.
    func fileHint(_ rules: FileFieldRules) -> String {
        var parts: [String] = []
        if !rules.accept.isEmpty { parts.append(rules.accept.joined(separator: ", ")) }
        let size: MessageArgument = .text(FileSizeText.of(rules.maxSize))
        if rules.maximumFiles > 1 {
            parts.append(TerminalMessages.text(.fileHintFiles, ["count": .int(rules.maximumFiles), "size": size]))
        } else {
            parts.append(TerminalMessages.text(.fileHintSize, ["size": size]))
        }
        parts.append(TerminalMessages.text(.fileHintPath))
        return parts.joined(separator: ", ")
    }

    /// The engine's refusal without the key path the prompt already names.
    static func message(_ error: FormEngineError, file: String) -> String {
        if case .invalid(let errors) = error { return errors.map(\.message).joined(separator: "; ") }
        return "\(file): \(error)"
    }
}
