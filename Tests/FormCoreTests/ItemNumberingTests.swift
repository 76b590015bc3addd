import Testing

@testable import FormCore

/// Key paths as people type and read them number repeat items from 1; values number them from 0.
@Suite struct ItemNumberingTests {
    static let numbering = ItemNumbering(repeatPaths: ["guests", "talks", "talks.0.speakers", "talks.1.speakers"])

    @Test func typedItemsCountFromOneAndOnlyRepeatsAreRenumbered() throws {
        #expect(try Self.numbering.fromOne("guests.1.email").get() == "guests.0.email")
        #expect(try Self.numbering.fromOne("talks.2.speakers.1.name").get() == "talks.1.speakers.0.name")
        // A repeat inside an item not yet added is known by its shape in the items there are.
        #expect(try Self.numbering.fromOne("talks.3.speakers.1.name").get() == "talks.2.speakers.0.name")
        // Numbers that are no item of a repeat are keys, kept as typed.
        #expect(try Self.numbering.fromOne("scores.1").get() == "scores.1")
        #expect(try Self.numbering.fromOne("email").get() == "email")
    }

    @Test func itemZeroIsRefusedSayingWhereItemsStart() {
        #expect(throws: FieldError(path: "guests.0", rule: "items", message: "items are numbered from 1 (guests.1 is the first)")) {
            try Self.numbering.fromOne("guests.0.email").get()
        }
        #expect(throws: FieldError(path: "talks.1.speakers.0", rule: "items",
                                   message: "items are numbered from 1 (talks.1.speakers.1 is the first)")) {
            try Self.numbering.fromOne("talks.1.speakers.0.name").get()
        }
    }

    @Test func valuesPathsAreReadFromOne() {
        #expect(Self.numbering.toOne("guests.0.email") == "guests.1.email")
        #expect(Self.numbering.toOne("talks.1.speakers.0.name") == "talks.2.speakers.1.name")
        #expect(Self.numbering.toOne("guests") == "guests")
        #expect(Self.numbering.toOne("scores.1") == "scores.1")
    }
}
