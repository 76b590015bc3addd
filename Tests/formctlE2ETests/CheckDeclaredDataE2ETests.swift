import Foundation
import Testing

/// `formctl check` on a form's declared data, as a user runs it: a default that would run code,
/// a declared name compared with a literal of another class, and `--data` that does not fit.
@Suite struct CheckDeclaredDataE2ETests {
    @Test func theOrderExampleChecksClean() throws {
        let form = CommandRunner.exampleForm("order.json")
        let result = try CommandRunner.run(["check", form])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "\(form): ok\n", "\(result)")
    }

    @Test func aCallAsDefaultFailsWithItsPlace() throws {
        let scratch = try Scratch()
        let form = try scratch.write("order.json", #"""
            {"data": [
              {"name": "placed", "class": "Date", "defaultValue": "Date()"},
              {"name": "quantity", "class": "Int", "defaultValue": "1"}],
             "sections": [{"elements": [{"type": "label", "title": "@{quantity == 'one'}"}]}]}
            """#)
        let result = try CommandRunner.run(["check", form])
        #expect(result.exitCode == 1, "\(result)")
        let errors = result.stderrLines.filter { $0.contains(": error: ") }
        #expect(errors.count == 2, "\(result)")
        #expect(errors.first?.hasPrefix("\(form):2:55: error: data[0].defaultValue: Date() is a call") == true, "\(result)")
        #expect(errors.first?.contains("only literals are taken") == true, "\(result)")
        #expect(errors.last == "\(form):4:56: error: sections[0].elements[0].title: 'quantity' is declared Int: == \"one\" "
            + "compares it with a text and is never true", "\(result)")
    }

    /// The data file is named in front of its own problems, at the data's paths.
    @Test func dataOfTheWrongClassFailsNamingTheDataFile() throws {
        let scratch = try Scratch()
        let data = try scratch.write("data.json", #"{"quantity": "three", "coupon": "SPRING"}"#)
        let form = CommandRunner.exampleForm("order.json")
        let result = try CommandRunner.run(["check", form, "--data", data])
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderrLines.contains("\(data): error: quantity: expected Int, found \"three\""), "\(result)")
        #expect(result.stderrLines.contains(
            "\(data): warning: coupon: the form does not declare 'coupon' in its data; it is bound as it is"), "\(result)")
        let fitting = try scratch.write("fitting.json", #"{"quantity": 3, "user": {"name": "Ann", "age": 40}}"#)
        let ok = try CommandRunner.run(["check", form, "--data", fitting])
        #expect(ok.exitCode == 0, "\(ok)")
        #expect(ok.stdout == "\(form): ok\n", "\(ok)")
    }
}
