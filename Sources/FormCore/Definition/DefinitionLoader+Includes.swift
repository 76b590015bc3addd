extension DefinitionLoader {
    /// Walks an element's nested sections and inlines every include found, depth first.
    func resolveIncludes(
        in element: Element, directory: String, stack: [String], path: String, file: String,
        issues: inout [DefinitionIssue]
    ) -> Element {
        var element = element
        if var include = element.include {
            include.content = loadInclude(include, directory: directory, stack: stack, path: path, file: file, issues: &issues)
            element.include = include
            return element
        }
        if let sections = element.sections {
            element.sections = sections.enumerated().map { index, section in
                resolveIncludes(in: section, directory: directory, stack: stack, path: join(path, "sections[\(index)]"),
                                file: file, issues: &issues)
            }
        }
        if let template = element.sectionTemplate {
            element.sectionTemplate = resolveIncludes(in: template, directory: directory, stack: stack,
                                                      path: join(path, "sectionTemplate"), file: file, issues: &issues)
        }
        return element
    }

    func resolveIncludes(
        in section: Section, directory: String, stack: [String], path: String, file: String,
        issues: inout [DefinitionIssue]
    ) -> Section {
        var section = section
        if var include = section.include {
            include.content = loadInclude(include, directory: directory, stack: stack, path: path, file: file, issues: &issues)
            section.include = include
            return section
        }
        func resolve(_ elements: [Element]?, _ name: String) -> [Element]? {
            elements.map { list in
                list.enumerated().map { index, element in
                    resolveIncludes(in: element, directory: directory, stack: stack, path: join(path, "\(name)[\(index)]"),
                                    file: file, issues: &issues)
                }
            }
        }
        section.elements = resolve(section.elements, "elements")
        section.beforeTemplateElements = resolve(section.beforeTemplateElements, "beforeTemplateElements")
        section.afterTemplateElements = resolve(section.afterTemplateElements, "afterTemplateElements")
        if let template = section.elementTemplate {
            section.elementTemplate = resolveIncludes(in: template, directory: directory, stack: stack,
                                                      path: join(path, "elementTemplate"), file: file, issues: &issues)
        }
        return section
    }

    /// Reads an included file as a form (its sections), a section, or an element.
    func loadInclude(
        _ include: Include, directory: String, stack: [String], path: String, file: String,
        issues: inout [DefinitionIssue]
    ) -> IncludedContent? {
        // A stored definition carries its includes' content; nothing is read for those.
        if let content = include.content { return content }
        let target = include.path.hasPrefix("/") ? include.path : directory + "/" + include.path
        let normalized = Self.normalize(target)
        let includePath = join(path, "include")
        if let start = stack.firstIndex(of: normalized) {
            let cycle = (stack[start...] + [normalized]).map(Self.displayName).joined(separator: " -> ")
            issues.append(DefinitionIssue(.error, .includeCycle, path: includePath, message: "include cycle: \(cycle)", file: file))
            return nil
        }
        let text: String
        do { text = try readFile(target) } catch {
            issues.append(DefinitionIssue(.error, .includeNotFound, path: includePath,
                                          message: "cannot read included file \(include.path) (\(target)): \(error)", file: file))
            return nil
        }
        let value: FormValue
        let locations: [String: SourceLocation]
        do { (value, locations) = try JSONReader.parseWithLocations(text) } catch {
            issues.append(DefinitionIssue(.error, .malformedJSON, path: "", message: "malformed JSON: \(error.message)", file: target,
                                          location: SourceLocation(line: error.line, column: error.column)))
            return nil
        }
        var decoder = DefinitionDecoder(locations: locations, file: target)
        let innerDirectory = Self.directory(of: target)
        let innerStack = stack + [normalized]
        let content: IncludedContent
        if value["sections"] != nil || value["sectionTemplate"] != nil {
            let root = decoder.decodeRoot(value).root
            let resolved = resolveIncludes(in: root, directory: innerDirectory, stack: innerStack, path: "", file: target, issues: &issues)
            content = .sections(resolved.sections ?? [])
        } else if value["elements"] != nil || value["elementTemplate"] != nil {
            let section = decoder.decodeSection(value, path: "", depth: 1)
            content = .sections([resolveIncludes(in: section, directory: innerDirectory, stack: innerStack, path: "", file: target, issues: &issues)])
        } else {
            let element = decoder.decodeElement(value, path: "", depth: 2)
            content = .element(resolveIncludes(in: element, directory: innerDirectory, stack: innerStack, path: "", file: target, issues: &issues))
        }
        issues += decoder.issues
        return content
    }

    static func displayName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    func join(_ path: String, _ key: String) -> String {
        if path.isEmpty { return key }
        return key.hasPrefix("[") ? path + key : path + "." + key
    }
}
