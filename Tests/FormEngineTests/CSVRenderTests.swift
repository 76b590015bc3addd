import FormEngine
import Foundation
import Testing
import TestSupport

/// A CSV export with repeats inline renders each batch of rows in two halves at once; with
/// repeats separate it writes them one after another. On a form without repeats the two give
/// the same submissions table, so the one checks the other, over rows of every shape, many
/// batches long.
@Suite("CSV rendering")
struct CSVRenderTests {
    static let form = """
        {"sections": [{"elements": [
          {"type": "entry", "key": "name"}, {"type": "multiline", "key": "note"},
          {"type": "entry", "key": "city", "valuePath": "address.city"},
          {"type": "decimal", "key": "amount", "fractionDigits": 2}, {"type": "boolean", "key": "subscribe"},
          {"type": "entry", "key": "say \\"when\\""}
        ]}]}
        """

    /// The answers of row `index`: plain text, text a spreadsheet would run, quotes, line
    /// breaks, a backslash, unanswered fields, numbers and booleans; and in every seventh row a
    /// key with quotes in it, stored escaped, which the row reader leaves to the parser.
    static func answers(_ index: Int) -> FormValue {
        let note: FormValue? = switch index % 6 {
        case 0: "=SUM(A1)"
        case 1: "said \"hi\", then left"
        case 2: "two\nlines"
        case 3: "back\\slash"
        case 4: nil
        default: "é and 日本"
        }
        let city: FormValue? = index % 4 == 0 ? nil : .string(index % 3 == 0 ? "Zürich" : "Oslo")
        let amount: FormValue? = index % 5 == 0 ? nil : .double(Double(index) + 0.25)
        return [
            "name": .string("Person \(index)"), "note": note ?? .null, "address": city.map { ["city": $0] } ?? .null,
            "amount": amount ?? .null, "subscribe": .bool(index % 2 == 0),
            "say \"when\"": index % 7 == 3 ? "now" : .null,
        ]
    }

    struct Stored {
        let engine: FormEngine
        let form: LoadedForm
        let scratch: TemporaryDirectory
    }

    static func stored(rows: Int) async throws -> Stored {
        let scratch = try TemporaryDirectory(prefix: "formengine-csv-render")
        let engine = try FormEngine(databasePath: scratch.path("render.sqlite"))
        let form = try engine.loadForm(definition: try FormDefinition(json: Self.form), name: "render")
        for index in 0..<rows {
            try await engine.submit(SubmissionRequest(answers: answers(index)), to: form)
        }
        return Stored(engine: engine, form: form, scratch: scratch)
    }

    static func csv(_ engine: FormEngine, _ query: SubmissionQuery, repeats: CSVExportOptions.Repeats) async throws -> [String] {
        let export = try await engine.prepareExport(query, as: .csv(CSVExportOptions(repeats: repeats)))
        let sink = ExportTests.Collected()
        try await export.write(to: sink)
        return sink.records
    }

    @Test func halvesRenderedAtOnceGiveTheRecordsOfTheOneByOneWriter() async throws {
        // Over two batches of the store's (1,024 rows each) and a part of a third.
        let stored = try await Self.stored(rows: 2_500)
        let query = SubmissionQuery(formName: "render")
        let inline = try await Self.csv(stored.engine, query, repeats: .inline)
        let separate = try await Self.csv(stored.engine, query, repeats: .separate)
        #expect(inline.count == 2_501)
        #expect(inline == separate)
        #expect(inline.first?.hasSuffix(#",_language,name,note,address.city,amount,subscribe,"""say \""when\""""""#) == true,
                "\(inline.first ?? "")")
        // In id order, each row once.
        let ids = inline.dropFirst().compactMap { Int($0.prefix { $0 != "," }) }
        #expect(ids == ids.sorted() && Set(ids).count == 2_500)
        // Row 3 (index 3 of the answers) went the parser's way; row 0 had its formula neutralised.
        #expect(inline[1].contains(",'=SUM(A1),") && inline[4].hasSuffix(#",back\slash,Zürich,3.25,false,now"#), "\(inline[1]) \(inline[4])")
        #expect(inline[2].contains(#","said ""hi"", then left",Oslo,1.25,false"#), "\(inline[2])")

        let descending = try await Self.csv(stored.engine, SubmissionQuery(formName: "render", descending: true), repeats: .inline)
        #expect(Array(descending.dropFirst()) == Array(inline.dropFirst().reversed()))
    }

    /// A row stored after the columns were found (between `prepareExport` and `write`) is left
    /// for the next export, whichever order the rows are written in.
    @Test(arguments: [false, true]) func aRowStoredAfterPreparingIsLeftForTheNextExport(descending: Bool) async throws {
        let stored = try await Self.stored(rows: 1_500)
        let query = SubmissionQuery(formName: "render", descending: descending)
        let export = try await stored.engine.prepareExport(query, as: .csv)
        let late = try await stored.engine.submit(SubmissionRequest(answers: ["name": "Late"]), to: stored.form)
        let sink = ExportTests.Collected()
        try await export.write(to: sink)
        #expect(sink.records.count == 1_501)
        #expect(!sink.text.contains("Late"))
        let next = try await Self.csv(stored.engine, query, repeats: .inline)
        #expect(next.count == 1_502 && next.contains { $0.hasPrefix("\(late.id),") })
    }
}
