import Testing

@testable import FormCore

/// Scalars bound from data land as QuickDialog's key-value coding setters take them.
@Suite struct SetterCoercionTests {
    @Test(arguments: ["0x10", "nan", "inf", "1e", "--1", "1.2.3", "12abc", " "])
    func textThatIsNoDecimalNumberStaysText(text: String) {
        #expect(PropertyType.number.coercedForSetter(.string(text)) == .string(text))
    }
}
