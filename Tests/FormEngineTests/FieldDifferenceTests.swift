import FormEngine
import Testing

/// The field-by-field differences between two revisions' values, with key paths as `--set`
/// takes them (repeat items numbered from 0).
@Suite("Field differences")
struct FieldDifferenceTests {
    @Test func aChangedFieldInARepeatItemIsOneDifferenceAtItsKeyPath() {
        let old: FormValue = ["name": "Ann", "guests": [["email": "a@x.io"], ["email": "b@x.io"]], "count": 2]
        let new: FormValue = ["name": "Ann", "guests": [["email": "a@x.io"], ["email": "bo@x.io"]], "count": 2]
        #expect(FieldDifference.between(old, new) == [FieldDifference(path: "guests.1.email", old: "b@x.io", new: "bo@x.io")])
        #expect(FieldDifference.between(new, new).isEmpty)
    }

    @Test func addedAndRemovedFieldsAndItemsHaveNoOldOrNoNewValue() {
        let old: FormValue = ["name": "Ann", "note": "call", "guests": [["email": "a@x.io", "meal": "fish"]]]
        let new: FormValue = ["name": "Ann", "guests": [], "age": 41]
        #expect(FieldDifference.between(old, new) == [
            FieldDifference(path: "note", old: "call", new: nil),
            FieldDifference(path: "guests.0.email", old: "a@x.io", new: nil),
            FieldDifference(path: "guests.0.meal", old: "fish", new: nil),
            FieldDifference(path: "age", old: nil, new: 41),
        ])
        // A repeat that appears empty is still a difference, at the repeat.
        #expect(FieldDifference.between(["name": "Ann"], ["name": "Ann", "guests": []])
                == [FieldDifference(path: "guests", old: nil, new: [])])
    }

    @Test func aChoiceOfSeveralAndAChangedTypeAreComparedWhole() {
        let old: FormValue = ["tags": ["red", "blue"], "nested": ["city": "Oslo"], "size": 1]
        let new: FormValue = ["tags": ["red"], "nested": "none", "size": 1.5]
        #expect(FieldDifference.between(old, new) == [
            FieldDifference(path: "tags", old: ["red", "blue"], new: ["red"]),
            FieldDifference(path: "nested", old: ["city": "Oslo"], new: "none"),
            FieldDifference(path: "size", old: 1, new: 1.5),
        ])
        // Objects compare member by member: the same members in another order are no change.
        #expect(FieldDifference.between(["a": 1, "b": ["c": 2, "d": 3]], ["b": ["d": 3, "c": 2], "a": 1]).isEmpty)
    }
}
