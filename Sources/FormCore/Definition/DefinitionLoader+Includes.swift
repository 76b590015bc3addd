#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DefinitionLoader.Run {
    /// Walks an element's nested sections and inlines every include found, depth first.
    /// `depth` counts levels of sections and elements from the form's root, as the decoder does.
    mutating func resolveIncludes(in element: Element, path: String, depth: Int, context: FileContext) -> Element {
        var element = element
        if var include = element.include {
            // A stored definition carries its includes' content (`included`): nothing to read.
            if include.content == nil, let (content, source) = loadInclude(include, site: path, depth: depth, context: context) {
                include.content = content
                include.source = source
            }
            element.include = include
            return element
        }
        if let sections = element.sections {
            element.sections = sections.enumerated().map { index, section in
                resolveIncludes(in: section, path: join(path, "sections[\(index)]"), depth: depth + 1, context: context)
            }
        }
        if let template = element.sectionTemplate {
            element.sectionTemplate = resolveIncludes(in: template, path: join(path, "sectionTemplate"), depth: depth + 1, context: context)
        }
        return element
    }

    mutating func resolveIncludes(in section: Section, path: String, depth: Int, context: FileContext) -> Section {
        var section = section
        if var include = section.include {
            if include.content == nil, let (content, source) = loadInclude(include, site: path, depth: depth, context: context) {
                include.content = content
                include.source = source
            }
            section.include = include
            return section
        }
        func resolve(_ elements: [Element]?, _ name: String) -> [Element]? {
            elements.map { list in
                list.enumerated().map { index, element in
                    resolveIncludes(in: element, path: join(path, "\(name)[\(index)]"), depth: depth + 1, context: context)
                }
            }
        }
        section.elements = resolve(section.elements, "elements")
        section.beforeTemplateElements = resolve(section.beforeTemplateElements, "beforeTemplateElements")
        section.afterTemplateElements = resolve(section.afterTemplateElements, "afterTemplateElements")
        if let template = section.elementTemplate {
            section.elementTemplate = resolveIncludes(in: template, path: join(path, "elementTemplate"), depth: depth + 1, context: context)
        }
        return section
    }

    /// Reads an included file as a form (its sections), a section, or an element, after
    /// checking, in this order and before opening it: the include depth, that it lies inside the
    /// allowed directories (as written, then with links resolved), cycles, and the load's
    /// budgets of files and bytes.
    mutating func loadInclude(_ include: Include, site: String, depth: Int, context: FileContext) -> (IncludedContent, IncludeSource)? {
        guard !budgetExhausted else { return nil }
        let includePath = join(site, "include")
        let chain = context.chain + [IncludeSite(file: context.file, path: site, include: include.path)]
        func report(_ code: DefinitionIssue.Code, _ message: String) {
            record(DefinitionIssue(.error, code, path: includePath, message: message, file: context.file, includeChain: context.chain))
        }
        let target = DefinitionLoader.normalize(include.path.hasPrefix("/") ? include.path : context.directory + "/" + include.path)
        let quoted = "'\(include.path.excerpt(maximumLength: 200))'"
        if chain.count > limits.maximumIncludeDepth {
            report(.limitExceeded, "include \(quoted) would be \(chain.count) files deep; includes nest at most \(limits.maximumIncludeDepth) files deep (the limit)")
            return nil
        }
        guard roots.containsWritten(PathNames.absolute(target)) else {
            report(.includeRefused, "include \(quoted) refused: it is outside \(roots.description), where includes may come from (allow another directory with the includeRoots option)")
            return nil
        }
        var canonical = PathNames.absolute(target)
        if loader.readFile == nil {
            guard let resolved = PathNames.resolved(target) else {
                let reason = FileReadError(path: target, code: errno)
                report(.includeNotFound, "cannot read included file \(quoted) (\(target)): \(reason)")
                return nil
            }
            guard roots.containsResolved(resolved) else {
                report(.includeRefused, "include \(quoted) refused: a symbolic link leads it to \(resolved), outside \(roots.description)")
                return nil
            }
            canonical = resolved
        }
        if let start = context.stack.firstIndex(of: canonical) {
            let cycle = (context.stack[start...] + [canonical]).map(PathNames.fileName).joined(separator: " -> ")
            report(.includeCycle, "include cycle: \(cycle)")
            return nil
        }
        guard includedFiles < limits.maximumIncludedFiles else {
            report(.limitExceeded, "include \(quoted) would be file \(includedFiles + 1) included by this load; a load includes at most \(limits.maximumIncludedFiles) files (the limit; every include counts, so a file that includes another twice doubles the count at each level)")
            budgetExhausted = true
            return nil
        }
        includedFiles += 1
        let remaining = limits.maximumTotalBytes - bytesRead
        let maximum = min(limits.maximumFileBytes, remaining)
        let bytes: [UInt8]
        do {
            bytes = try read(loader.readFile == nil ? canonical : target, regularFileOnly: true, maximumBytes: maximum)
        } catch let error as FileReadError {
            switch error.reason {
            case .tooLarge where maximum < limits.maximumFileBytes:
                report(.limitExceeded, "include \(quoted) would take the files read by this load past \(ByteCount(limits.maximumTotalBytes)) (the limit)")
                budgetExhausted = true
            case .tooLarge:
                report(.limitExceeded, "included file \(quoted) is larger than \(ByteCount(limits.maximumFileBytes)), the most a definition file may have (the limit)")
            case .notRegularFile, .changedWhileOpening:
                report(.includeRefused, "include \(quoted) refused: \(error); only regular files are included")
            default:
                report(.includeNotFound, "cannot read included file \(quoted) (\(target)): \(error)")
            }
            return nil
        } catch {
            report(.includeNotFound, "cannot read included file \(quoted) (\(target)): \(error)")
            return nil
        }
        bytesRead += bytes.count
        guard let (value, locations) = parse(bytes, file: target, chain: chain) else { return nil }
        return decodeIncluded(value, locations: locations, file: target, chain: chain, depth: depth,
                              context: FileContext(file: target, directory: PathNames.directory(of: target),
                                                   stack: context.stack + [canonical], chain: chain))
    }

    /// Decodes an included file's JSON as a whole form, a section or an element, its nesting
    /// counted from where the include stands (`depth`), and resolves its own includes.
    mutating func decodeIncluded(
        _ value: FormValue, locations: [String: SourceLocation], file: String, chain: [IncludeSite], depth: Int, context: FileContext
    ) -> (IncludedContent, IncludeSource) {
        var decoder = DefinitionDecoder(locations: locations, file: file)
        decoder.includeChain = chain
        if value["sections"] != nil || value["sectionTemplate"] != nil {
            // The file's sections (its level 1) stand where the include stands.
            decoder.depthOffset = max(0, depth - 1)
            let root = decoder.decodeRoot(value).root
            record(decoder.issues)
            if let strings = root.properties["strings"] { includedStrings.append(strings) }
            if root.properties["data"] != nil || root.properties["classes"] != nil {
                includedData.append(IncludedData(file: file, chain: chain, data: root.properties["data"], classes: root.properties["classes"]))
            }
            let resolved = resolveIncludes(in: root, path: "", depth: decoder.depthOffset, context: context)
            return (.sections(resolved.sections ?? []), IncludeSource(file: file, chain: chain, isWholeForm: true))
        }
        if value["elements"] != nil || value["elementTemplate"] != nil {
            decoder.depthOffset = max(0, depth - 1)
            let section = decoder.decodeSection(value, path: "", depth: 1)
            record(decoder.issues)
            let resolved = resolveIncludes(in: section, path: "", depth: decoder.depthOffset + 1, context: context)
            return (.sections([resolved]), IncludeSource(file: file, chain: chain, isWholeForm: false))
        }
        decoder.depthOffset = max(0, depth - 2)
        let element = decoder.decodeElement(value, path: "", depth: 2)
        record(decoder.issues)
        let resolved = resolveIncludes(in: element, path: "", depth: decoder.depthOffset + 2, context: context)
        return (.element(resolved), IncludeSource(file: file, chain: chain, isWholeForm: false))
    }

    func join(_ path: String, _ key: String) -> String { JSONPath.join(path, key) }
}
