/// `serve --watch`: the forms directory looked at again and again while the server runs, so
/// that a form being written is served as it is saved, without a restart.
extension FormServer {
    /// Watches `directory` (the one the forms were loaded from) until the task is cancelled,
    /// looking at its files' stamps (`FormFileStamps`) every `interval`. A form whose
    /// definition, data or strings file changed is loaded again once its files have stood
    /// still for one look (an editor's save is whole), and served at the version its content
    /// hash gives; one that no longer loads stays served as it was, and `log` says why (the
    /// file, line and column, as at start); a removed definition stops being served; a new
    /// one is served. Requests in flight keep the form they started with.
    public func watchForms(in directory: String, every interval: Duration = .milliseconds(250),
                           log: @escaping @Sendable (String) -> Void) async {
        var loaded = FormFileStamps.all(in: directory) ?? [:]
        var seen = loaded
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            guard let now = FormFileStamps.all(in: directory) else { continue }
            for (name, stamps) in now.sorted(by: { $0.key < $1.key }) where loaded[name] != stamps && seen[name] == stamps {
                loaded[name] = stamps
                await reload(name, in: directory, log: log)
            }
            for name in loaded.keys.sorted() where now[name] == nil {
                loaded[name] = nil
                if let removed = current.remove(name) {
                    log("formctl serve: \(directory)/\(name).json removed: form \(name) (version \(removed.version)) is no longer served")
                }
            }
            seen = now
        }
    }

    /// Loads form `name` again and serves it, or says why not and keeps what was served.
    func reload(_ name: String, in directory: String, log: @Sendable (String) -> Void) async {
        let path = "\(directory)/\(name).json"
        let before = current.form(named: name)
        switch await ServedForms.load(name, in: directory, engine: engine) {
        case .served(let form):
            current.serve(form)
            switch before?.version {
            case nil: log("formctl serve: \(path): serving form \(name), version \(form.version)")
            case form.version: log("formctl serve: \(path) reloaded: form \(name), still version \(form.version) (same definition)")
            case let old?: log("formctl serve: \(path) reloaded: form \(name), version \(form.version) (was \(old))")
            }
        case .notServed(let reasons):
            let kept = before.map { "not reloaded, version \($0.version) is still served" } ?? "not served"
            for reason in reasons { log("warning: \(path): \(kept): \(reason)") }
        }
    }
}
