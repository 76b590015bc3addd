/// The actions every form may name without a handler: what a person expects a form's buttons
/// to do. A host's own handler under the same name replaces the built-in.
enum BuiltInActions {
    static let handlers: [String: ActionHandler] = [
        "submit": { _ in .submit },
        "cancel": { context in context.isSubmitting ? .proceed : .cancel("cancelled") },
        "reset": { context in
            if !context.isSubmitting { context.session.reset() }
            return .proceed
        },
        "saveDraft": { _ in .proceed },
    ]

    /// Names whose built-in handler does nothing while a submit runs (a button that means
    /// "submit", or one that only matters while filling): a submit skips them.
    static let inertDuringSubmit: Set<String> = ["submit", "cancel", "reset", "saveDraft"]

    /// Names of buttons that are no way of submitting: beside one of them, a form's other
    /// button is what submitting it means.
    static let notSubmitting: Set<String> = ["cancel", "reset", "saveDraft"]

    static var names: [String] { handlers.keys.sorted() }
}
