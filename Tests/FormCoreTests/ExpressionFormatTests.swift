import Testing
@testable import FormCore

/// `%f` is computed from the exact binary value, rounded half to even, as printf does.
@Suite struct ExpressionFormatTests {
    static let fixed: [(Double, Int, String)] = [
        (0.125, 2, "0.12"), (0.375, 2, "0.38"), (2.675, 2, "2.67"), (1e-7, 10, "0.0000001000"),
        (123456789.987654321, 3, "123456789.988"), (.leastNonzeroMagnitude, 0, "0"), (0.1, 20, "0.10000000000000000555"),
        (9.5, 0, "10"), (10.5, 0, "10"), (0.0, 3, "0.000"), (1.0 / 3.0, 6, "0.333333"),
        (4294967296.5, 1, "4294967296.5"), (18446744073709551616.0, 0, "18446744073709551616"),
    ]

    @Test(arguments: fixed)
    func fixedPoint(_ value: Double, _ precision: Int, _ expected: String) {
        #expect(ExpressionFixedPoint.digits(of: value, precision: precision) == expected)
    }

    @Test func largestDouble() {
        let text = ExpressionFixedPoint.digits(of: .greatestFiniteMagnitude, precision: 0)
        #expect(text.count == 309)
        #expect(text.hasPrefix("17976931348623157"))
    }

    @Test func nonFiniteAndPadding() throws {
        #expect(try ExpressionFormat.format("%f|%5.1f|%-6d|", [.double(.infinity), -0.04, -12], column: 1) == "inf| -0.0|-12   |")
        #expect(try ExpressionFormat.format("% d|%+d|%.3d|%x", [5, 5, 7, -1], column: 1) == " 5|+5|007|ffffffffffffffff")
    }
}
