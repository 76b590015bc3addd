import Testing

@testable import FormCore

/// The three QuickDialog samples bound to data written for them.
@Suite struct BindingSampleTests {
    static let advancedData = """
        {"cities": [{"name": "Paris", "total": 2100000}, {"name": "Lyon", "total": 516000}, {"name": "Nice", "total": 342000}],
         "teams": {"zebras": 3, "ants": 7, "lions": 1}}
        """

    @Test func advancedSampleExpandsCitiesInOrder() throws {
        let form = Binder.bind(try BindingSupport.sample("jsonadvancedsample"), to: try BindingSupport.data(Self.advancedData))
        let cities = BindingSupport.elements(form, section: 1)
        #expect(cities.map(\.title) == ["Paris", "Lyon", "Nice"])
        #expect(cities.map(\.value) == [.int(2_100_000), .int(516_000), .int(342_000)])
        #expect(cities.allSatisfy { $0.kind == .label })
        #expect(form.definition.sections[1].title == "Bind collection")
        #expect(form.misses.isEmpty)
    }

    @Test func advancedSampleExpandsTeamsInTheDataKeyOrder() throws {
        let form = Binder.bind(try BindingSupport.sample("jsonadvancedsample"), to: try BindingSupport.data(Self.advancedData))
        let teams = BindingSupport.elements(form, section: 2)
        // The data's order, which is neither sorted nor reverse-sorted.
        #expect(teams.map(\.title) == ["zebras", "ants", "lions"])
        #expect(teams.map(\.value) == [.int(3), .int(7), .int(1)])
        #expect(form.definition.sections[2].repeatSource?.isDictionary == true)
        #expect(form.definition.sections[2].repeatSource?.count == 3)
    }

    @Test func advancedSampleKeepsItsButtonsAndDropsTheIteration() throws {
        let form = Binder.bind(try BindingSupport.sample("jsonadvancedsample"), to: try BindingSupport.data(Self.advancedData))
        #expect(BindingSupport.elements(form, section: 0).map(\.key) == ["bt1", "bt2"])
        for index in 1...2 {
            let section = form.definition.sections[index]
            #expect(section.properties["bind"] == nil, "the expanded section must not iterate again")
            #expect(section.elementTemplate == nil)
        }
    }

    @Test func dataSampleBindsEveryProperty() throws {
        let data = """
            {"sectionTitle": "Launch party", "myDate": "2024-05-01T18:30:00Z", "dateTitle": "When",
             "myTime": "18:30", "timeTitle": "At", "bool": true, "float": 0.75, "radio": 1}
            """
        let form = Binder.bind(try BindingSupport.sample("jsondatasample"), to: try BindingSupport.data(data))
        #expect(form.definition.sections[0].title == "Launch party")
        let event = BindingSupport.elements(form, section: 0)
        #expect(event.map(\.title) == ["When", "At"])
        #expect(event.map(\.value) == [.string("2024-05-01T18:30:00Z"), .string("18:30")])
        let controls = BindingSupport.elements(form, section: 1)
        #expect(controls[0].properties["boolValue"] == .bool(true))
        #expect(controls[1].properties["floatValue"] == .double(0.75))
        // QuickDialog's selectedValue setter takes a number as the index (JsonDataSampleController
        // binds `radio` to 1) and keeps no `selectedValue` of its own.
        #expect(controls[2].properties["selectedValue"] == nil)
        #expect(controls[2].selectedIndex == 1)
        #expect(form.misses.isEmpty)
    }

    @Test func dataSampleRadioSelectsTheFirstItemForTextWithoutValues() throws {
        // Text is looked for among `values`, which the sample's radio does not have: QuickDialog's
        // `[_values indexOfObject:]` is then a message to nil, which answers 0, the first item.
        for radio in [#""item 2""#, #""item 9""#, "null"] {
            let form = Binder.bind(try BindingSupport.sample("jsondatasample"), to: try BindingSupport.data(#"{"radio": \#(radio)}"#))
            let element = BindingSupport.elements(form, section: 1)[2]
            #expect(element.properties["selected"] == .int(0), "radio: \(radio)")
            #expect(element.selectedIndex == 0)
        }
    }

    @Test func loginSampleBindsTextValues() throws {
        let data = #"{"login": "ann@example.com", "password": "s3cret"}"#
        let form = Binder.bind(try BindingSupport.sample("loginform"), to: try BindingSupport.data(data))
        let entries = BindingSupport.elements(form, section: 0)
        #expect(entries.map { $0.properties["textValue"] } == [.string("ann@example.com"), .string("s3cret")])
        #expect(entries.map(\.key) == ["login", "password"])
        #expect(form.misses.isEmpty)
    }

    @Test func bindingLeavesTheDefinitionItWasGivenAlone() throws {
        let definition = try BindingSupport.sample("jsonadvancedsample")
        let form = Binder.bind(definition, to: try BindingSupport.data(Self.advancedData))
        #expect(definition.sections[1].elementTemplate != nil)
        #expect(form.definition != definition)
        #expect(form.data == (try BindingSupport.data(Self.advancedData)))
    }
}
