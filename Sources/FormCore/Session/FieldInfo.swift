/// One element of a form being filled, as a prompter or a service shows it: its live
/// properties resolved, its current value, and whether it is hidden, enabled, required.
public struct FieldInfo: Sendable {
    /// The element with expressions replaced by their current results and its value set.
    public var element: Element
    /// Where its value lives (`guests.1.email`); nil for elements that hold no value.
    public var path: String?
    /// Its current value; nil for elements that hold no value.
    public var value: FormValue?
    /// Hidden by `hidden`, by `visibility: gone`, or by an enclosing section or element.
    public var isHidden: Bool
    /// Whether a person may change it (its `enabled` property).
    public var isEnabled: Bool
    /// Whether it must have a value before a submit (its `required` property, live).
    public var isRequired: Bool
    /// Computed by an expression: shown, not asked.
    public var isComputed: Bool
    /// The index of the section it sits in, in `FormSession.sections`.
    public var sectionIndex: Int
    /// The repeat item's index when the element was built from a template.
    public var itemIndex: Int?
    /// The repeat's path when the element was built from a template (`guests`).
    public var repeatPath: String?
    /// A repeat's template rather than an item's element: what each new item of `repeatPath`
    /// holds. It has no path and no value until an item is added.
    public var isTemplate: Bool = false
    /// Where the element is in the bound form (`sections[0].elements[2]`), as `check` names
    /// places; nil for a repeat's template, which is no element of the form until an item is added.
    public var jsonPath: String? = nil
    /// Where its value lives, as keys and indexes: `path` joins them with dots, so a key that
    /// holds a dot (`"a.b"`, one key) reads there as two.
    package var valuePath: ValuePath? = nil

    /// The element's `key`.
    public var key: String? { element.key }
    /// The element's `title`, as text.
    public var title: String? { element.title }
}

/// A section of a form being filled.
public struct SectionInfo: Sendable {
    /// The section's `title`.
    public var title: String?
    /// The section's `footer`.
    public var footer: String?
    /// Hidden by the section's `hidden` (or `visibility: gone`).
    public var isHidden: Bool
    /// The repeat this section expands, if any (its path in the data).
    public var repeatPath: String?
    package var section: Section
}
