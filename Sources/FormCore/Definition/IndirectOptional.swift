/// Stores an optional value on the heap, so that elements and sections, which contain each other
/// through templates, can stay value types.
@propertyWrapper
package struct IndirectOptional<Value: Sendable & Hashable>: Sendable, Hashable {
    private var storage: [Value]

    package init(wrappedValue: Value?) {
        storage = wrappedValue.map { [$0] } ?? []
    }

    package var wrappedValue: Value? {
        get { storage.first }
        set { storage = newValue.map { [$0] } ?? [] }
    }
}
