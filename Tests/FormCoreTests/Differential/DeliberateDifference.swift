/// Where formctl binds or stores differently from QuickDialog on purpose, one case per bullet of
/// README "Differences from QuickDialog". `ReferenceBinder` follows QuickDialog except where it is
/// allowed one of these, and notes each one a case reaches.
enum DeliberateDifference: String, CaseIterable, Sendable {
    /// QBooleanElement's initializer turns the switch on; formctl's untouched switch is off.
    case untouchedSwitchIsOff
    /// QFloatElement starts at 0 even when its range leaves 0 out (the slider then shows its
    /// minimum); formctl starts where the slider shows.
    case untouchedSliderInItsRange
    /// QDecimalElement starts at 0; formctl's untouched decimal is no answer (null).
    case untouchedDecimalIsEmpty
    /// QDateTimeInlineElement starts at the current date; formctl's untouched date is null.
    case noDateFromTheClock
    /// QCountdownElement fetches the date its initializer read from the clock; formctl stores
    /// its seconds (`ticksValue`).
    case countdownStoresItsSeconds
    /// QuickDialog's template builder ignores a `sectionTemplate`'s own `elements`; formctl
    /// builds them in every section.
    case templateSectionElements
    /// QSelectSection stores `selectedIndexes` as bound, indexes or not; formctl stores the
    /// indexes of items, the ones shown checked.
    case selectionStoresWhatIsShown
    /// An `NSNumber *` property (a decimal's `numberValue`, a countdown's `ticksValue`) keeps
    /// bound text and booleans as given; formctl reads numeric text as its number, true/false as 1/0.
    case numbersFromText
    /// Null or a collection set on a scalar (`selected`, a float's `floatValue`, a date's
    /// `ticksValue`) raises in QuickDialog; formctl takes it as no selection, 0, no change.
    case whereQuickDialogRaises
    /// QSection binds an element with a nested page `shallow` unless it says `shallowBind:
    /// false` (its default is true), leaving the page's binds unapplied; formctl binds the page
    /// with the element's data wherever the element stands.
    case nestedPageAlwaysBound
}
