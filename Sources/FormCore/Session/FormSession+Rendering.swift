extension FormSession {
    /// The form as a definition of its own: templates expanded, bound values and the current
    /// values written in, valid to fill as it is and storing what filling the original stores.
    ///
    /// An element built from a template (or bound inside an include's shared data) has lost the
    /// item its expressions read (`@{key}`, `@{value}`): those are evaluated to their current
    /// values, and its key becomes the key path its value is stored at, also written as
    /// `valuePath`, so `tools.Xcode.score` is stored inside `tools` as before. An element outside
    /// any template keeps its expressions as written: they read only fields and data, which the
    /// rendered form still has, so `hidden: @{!followUp}` keeps following `followUp`. A repeat
    /// the person grows (guests) stays a template with its `iterate:` bind: its items are the
    /// answers', not the definition's.
    package var renderedDefinition: FormDefinition {
        let live = form
        var (merged, growable) = state.withLock { state in
            (state.structure.form, Set(state.structure.repeats.filter(\.isGrowable).map(\.valuePath)))
        }
        let rendering = Rendering(growable: growable)
        merged.definition.root = rendering.element(merged.definition.root, live: live.definition.root)
        return merged.rendered
    }

    /// `renderedDefinition` in every language the form has: each text that stands where the
    /// source definition has a text map, and reads as that map does in the session's language,
    /// gets the map back. Texts an expression or the data changed, and those of elements
    /// expanded from a template (which stand elsewhere), stay as rendered, in the session's
    /// language. What `formctl render` prints when no language is asked for.
    package var renderedDefinitionInEveryLanguage: FormDefinition {
        let source = compiledForm.definition
        let language = compiledForm.language
        let defaultLanguage = source.defaultLanguage
        var maps: [String: FormValue] = [:]
        source.forEachText { path, value in
            if TextMap.isTextMap(value) { maps[path] = value }
        }
        return renderedDefinition.mappingTexts { path, value in
            guard let map = maps[path], TextMap.resolve(map, in: language, defaultLanguage: defaultLanguage) == value else { return value }
            return map
        }
    }
}

/// One walk over the bound form and the same form with its live values, side by side.
private struct Rendering {
    /// The value paths of the repeats a person grows.
    let growable: Set<ValuePath>

    func element(_ bound: Element, live: Element) -> Element {
        var element = bound
        if !bound.scopes.isEmpty {
            element.properties = live.properties
            if let path = live.valuePath {
                element.properties["key"] = .string(path.description)
                element.properties["valuePath"] = .string(path.description)
            }
        }
        if let sections = bound.sections, let liveSections = live.sections, sections.count == liveSections.count {
            element.sections = zip(sections, liveSections).map { section($0, live: $1) }
        }
        return element
    }

    func section(_ bound: Section, live: Section) -> Section {
        if let source = bound.repeatSource, !source.isDictionary, let template = source.template,
            let path = bound.repeatPath, growable.contains(path)
        {
            return growableRepeat(bound, source: source, template: template)
        }
        var section = bound
        if bound.scopes.contains(where: \.isRepeat), let path = bound.valuePath?.description {
            section.properties["key"] = .string(path)
            section.properties["valuePath"] = .string(path)
        }
        if let elements = bound.elements, let liveElements = live.elements, elements.count == liveElements.count {
            section.elements = zip(elements, liveElements).map { element($0, live: $1) }
        }
        return section
    }

    /// The section as its definition wrote it: the `iterate:` bind, the template, and the
    /// elements before and after the items, counted as the binder counted them (the items a
    /// person added stand between them).
    func growableRepeat(_ bound: Section, source: RepeatSource, template: Element) -> Section {
        var section = bound
        var spec = (try? BindingSpec(parsing: bound.properties["bind"]?.stringValue ?? "")) ?? BindingSpec()
        spec.iteration = .items(source.path)
        section.properties["bind"] = .string(spec.description)
        section.repeatSource = nil
        section.elementTemplate = template
        let elements = bound.elements ?? []
        let before = elements.prefix(source.elementsBefore)
        let after = elements.dropFirst(before.count).suffix(source.elementsAfter)
        section.beforeTemplateElements = before.isEmpty ? nil : Array(before)
        section.afterTemplateElements = after.isEmpty ? nil : Array(after)
        section.elements = nil
        return section
    }
}
