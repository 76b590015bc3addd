/// Everything `formctl check` finds in a loaded definition, in one run: the lint (errors that
/// compiling refuses too, and warnings), cycles among computed values, expressions that fail on
/// the form's default values (the declared data's defaults among them), and, with the data the
/// form will be bound to, what in it does not fit the declared data and the key paths it lacks
/// (a growable repeat's list aside); without data, the sections built from data, which then
/// have no fields.
/// Each issue once, with its file, JSON path, line and column, in file order.
package struct DefinitionCheck {
    package var lint: DefinitionLint
    /// Host functions expressions may call; without them a call is an evaluation failure.
    package var functions: ExpressionFunctions
    /// The file `lint.data` was read from (`check --data`): its mismatches with the declared
    /// data and its undeclared names are issues of that file.
    package var dataFile: String?

    /// `lint` names the data (`DefinitionLint.data`) when it is known; its expression-name check
    /// is turned on here.
    package init(lint: DefinitionLint = DefinitionLint(), functions: ExpressionFunctions = ExpressionFunctions(), dataFile: String? = nil) {
        self.lint = lint
        self.lint.checksExpressionNames = true
        self.functions = functions
        self.dataFile = dataFile
    }

    package func issues(in definition: FormDefinition) -> [DefinitionIssue] {
        // The data is checked against the declarations first, and the rest sees it as a fill
        // would: with the defaults of the declared names it lacks.
        var lint = self.lint
        var issues: [DefinitionIssue] = []
        let model = definition.dataModel
        if let data = lint.data {
            let conformance = model.conform(data)
            lint.data = conformance.data
            issues += dataIssues(of: conformance)
        }
        let linted = lint.lint(definition)
        issues += linted
        // A place the lint already reported on (a pattern that does not compile) fails to
        // evaluate for the same reason: said once.
        let reported = Set(linted.map(\.path))
        let evaluated = lint.data ?? model.conform(.emptyObject).data
        for (path, message) in evaluationErrors(of: definition, data: evaluated, setting: linted, issues: &issues)
        where !reported.contains(path) {
            let exceeded = ExpressionLimits.isExceeded(message)
            issues.append(definition.located(DefinitionIssue(
                exceeded ? .error : .warning, exceeded ? .limitExceeded : .evaluationFailed, path: path,
                message: exceeded ? message : "fails on the form's default values: \(message)")))
        }
        if let data = lint.data {
            // A repeat a person fills starts empty when the data has no list for it: the usual case.
            for miss in Binder.bind(definition, to: data).misses where miss.source != .growableItems {
                issues.append(definition.located(DefinitionIssue(
                    .warning, .missingDataPath, path: miss.path, message: "the data has no '\(miss.keyPath)' (bound as nil)")))
            }
        } else {
            // Without data a section built from it has no fields, which nothing else would say:
            // the form checks fine and then shows nothing there.
            for miss in Binder.bind(definition, to: evaluated).misses where miss.source == .items {
                issues.append(definition.located(DefinitionIssue(
                    .warning, .missingDataPath, path: miss.path,
                    message: "no data is given, so what is built from '\(miss.keyPath)' has no fields; check with the data it will be bound to")))
            }
        }
        return Self.ordered(issues)
    }

    /// Compiles the form bound to the data and evaluates it once, as a fill starts, and returns
    /// what failed to evaluate, by JSON path. Expressions that do not parse (the lint reported
    /// them) are set aside first; a cycle among computed values is reported, set aside, and the
    /// rest compiled again, so that one problem does not hide the others.
    func evaluationErrors(
        of definition: FormDefinition, data: FormValue, setting linted: [DefinitionIssue], issues: inout [DefinitionIssue]
    ) -> [(key: String, value: String)] {
        var compilable = definition
        for issue in linted where issue.code == .invalidExpression && issue.includeChain.isEmpty && issue.file == definition.sourcePath {
            _ = compilable.removeProperty(atPath: issue.path)
        }
        // Evaluated as a fill in the default language sees it; a text map is replaced by one
        // text at the same path, so paths stay the definition's.
        let language = compilable.defaultLanguage
        compilable = compilable.localized(to: language)
        var registry = FormRegistry(functions: functions)
        registry.functions.strings = compilable.strings(for: language)
        // Each round finds one cycle; a form with more than a few is reported in part.
        for _ in 0..<8 {
            do {
                let structure = try CompiledForm.build(compilable, data: data, baseData: data, registry: registry)
                return structure.initialErrors.sorted { $0.key < $1.key }
            } catch {
                let cycles = error.issues.filter { $0.code == .expressionCycle }
                issues += cycles.map(definition.located)
                guard !cycles.isEmpty, cycles.allSatisfy({ compilable.removeProperty(atPath: $0.path) }) else { return [] }
            }
        }
        return []
    }

    /// Each issue once (one found in an included file through several includes, once), in the
    /// order of the files and of the places in them.
    package static func ordered(_ issues: [DefinitionIssue]) -> [DefinitionIssue] {
        var seen = Set<DefinitionIssue>()
        var unique: [DefinitionIssue] = []
        for issue in issues {
            var key = issue
            key.includeChain = []
            if seen.insert(key).inserted { unique.append(issue) }
        }
        return unique.enumerated().sorted { a, b in
            let left = (a.element.chainDescription + (a.element.file ?? ""), a.element.location?.line ?? 0, a.element.location?.column ?? 0)
            let right = (b.element.chainDescription + (b.element.file ?? ""), b.element.location?.line ?? 0, b.element.location?.column ?? 0)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }
}
