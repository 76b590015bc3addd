import FormCore

/// What a handler sees when its action fires: the element, the session it belongs to (to read
/// or change values) and the engine (to look things up or submit).
public struct ActionContext: Sendable {
    /// The action that fired: its name and the key path of the element that fired it.
    public var request: ActionRequest
    /// The element that fired, with its live properties resolved.
    public var element: Element?
    /// The session the action fired in, with every current value (secure ones included).
    public var session: FormSession
    /// The engine running the handler.
    public var engine: FormEngine
    /// True when the handler runs as part of a submit (it may still cancel it).
    public var isSubmitting: Bool
}

/// What a handler decides.
public enum ActionResult: Sendable, Equatable {
    /// Go on (and, during a submit, store).
    case proceed
    /// Stop the submit; the message is shown to the person.
    case cancel(String)
    /// Submit the form now (from a button pressed while filling).
    case submit
}

/// A registered handler for a `controllerAction` name.
public typealias ActionHandler = @Sendable (ActionContext) async throws -> ActionResult
