import Synchronization

/// The forms a server answers with now: one `ServedForms` that `serve --watch` replaces form
/// by form as their files change. A request reads it once and keeps that form for its whole
/// handling, so a reload never changes a form under a request in flight.
final class CurrentForms: Sendable {
    private let served: Mutex<ServedForms>

    init(_ forms: ServedForms) {
        served = Mutex(forms)
    }

    /// The forms as they are now.
    var forms: ServedForms { served.withLock { $0 } }

    /// Serves `form` under its name from now on (added, or in place of the one before);
    /// returns the one it replaces.
    @discardableResult
    func serve(_ form: ServedForms.Form) -> ServedForms.Form? {
        served.withLock { $0.forms.updateValue(form, forKey: form.name) }
    }

    /// Stops serving form `name`; returns it, if it was served.
    @discardableResult
    func remove(_ name: String) -> ServedForms.Form? {
        served.withLock { $0.forms.removeValue(forKey: name) }
    }

    func form(named name: String) -> ServedForms.Form? {
        served.withLock { $0.forms[name] }
    }
}
