/// A repeat in a form being filled: a section built from `iterate:` over a collection.
public struct RepeatInfo: Sendable {
    /// The collection's path in the data (and in the values): `guests`.
    public var path: String
    var valuePath: ValuePath
    /// How many items it has now.
    public var count: Int
    /// The section's title.
    public var title: String?
    /// The section's `addTitle`, what a person chooses to add an item ("Add a guest").
    public var addTitle: String?
    /// Whether the template holds fields a person fills.
    public var hasInputs: Bool
    /// Whether a person may add items: the template has inputs, and the section declares how
    /// many items it takes (`addTitle`, `minimumItems`, `maximumItems`) or the data has no such
    /// list. A list that comes with the data is fixed, as in QuickDialog.
    public var isGrowable: Bool
    /// The least number of items the section accepts (`minimumItems`), if it says.
    public var minimumItems: Int?
    /// The most items the section accepts (`maximumItems`), if it says.
    public var maximumItems: Int?
    /// The section's index in `FormSession.sections`.
    public var sectionIndex: Int
    /// The keys an item takes.
    var templateKeys: AnswerKeys
}
