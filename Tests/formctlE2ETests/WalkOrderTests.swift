import FormCore
import Testing

@testable import formctl

/// The walk's order: a repeat item built as a page of its own (its sections listed after the
/// whole repeat) is asked right after its item, before the next item and the sections after
/// the repeat, and the summary lists it there too.
@Suite struct WalkOrderTests {
    static let talk = """
        {"sections": [
          {"title": "Co-speakers", "bind": "iterate:speakers", "addTitle": "Add a co-speaker",
           "elementTemplate": {"type": "root", "title": "Co-speaker", "sections": [{"elements": [
             {"type": "entry", "key": "name", "title": "Name", "bind": "textValue:name"},
             {"type": "entry", "key": "email", "title": "Email", "bind": "textValue:email"}]}]}},
          {"title": "After", "elements": [{"type": "entry", "key": "after", "title": "After"}]}]}
        """

    @Test func anItemsPageIsAskedWithItsItem() throws {
        let session = try CompiledForm(definition: FormDefinition(json: Self.talk)).makeSession()
        _ = try session.appendItems(to: "speakers", count: 2)
        let sections = session.sections
        let ordered = FormPrompter.inWalkOrder(session.fields, sections: sections).filter(\.isAskable).compactMap(\.path)
        #expect(ordered == ["speakers.0.name", "speakers.0.email", "speakers.1.name", "speakers.1.email", "after"])
        let pages = FormPrompter.itemPages(session.fields, sections: sections)
        #expect(pages.count == 2, "each item's page is one section")
        #expect(!pages.contains(0) && !pages.contains { sections[$0].title == "After" })
    }
}
