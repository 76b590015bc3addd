/// Answers from flat name=value pairs, as an HTML form posts them: `guests.0.email=a@b.c`
/// becomes `{"guests": [{"email": "a@b.c"}]}`, a multiple choice's ticked boxes an array, a
/// checkbox the last of its hidden `false` and its `true`. Any other field named twice is
/// refused: which of its two values was meant cannot be told. Names starting with `_` are the
/// page's own (`_action`, and the tokens a page carries), not answers.
///
/// Every name is checked against the form as it is read: a name that is no field of the form
/// nor an item of one of its repeats is refused, never built into the answers. Each pair costs
/// the length of its name and value (the answers are built in place, one pass over the pairs),
/// and `Limits` bounds what one request can make.
package struct FlatAnswers: Sendable {
    /// What one request's pairs may hold.
    package struct Limits: Sendable, Equatable {
        /// Pairs per request, and items made in all repeats per request.
        package var maximumFields = 10_000
        /// Dot-separated parts of one name: the bound of every key path (`ValuePath`).
        package var maximumNameParts = ValuePath.maximumComponents
        /// Items of a repeat that declares no `maximumItems` (one that does takes that many):
        /// item numbers run from 0 to one less.
        package var maximumItems = 1_000
        package init() {}
    }

    /// The answers read, and the page action (`add:guests`, `remove:guests.1`) when a repeat
    /// button was pressed instead of submit, already applied to the answers.
    package struct Read: Sendable {
        package var answers: FormValue
        package var action: String?
        /// The page's own fields other than `_action` (a token the page carries, say), by name;
        /// the last value of a repeated name.
        package var pageFields: [String: String] = [:]
    }

    let keys: AnswerKeys
    /// `maximumItems` of the repeats that declare it, by path.
    let declaredMaximumItems: [String: Int]
    /// The paths whose inputs are a group of checkboxes (a select section), whose posted values
    /// come as a list, with item numbers as `#` so that items added later match too.
    let multipleChoiceShapes: Set<String>
    /// The paths of yes/no fields (`#` for item numbers), whose page sends a hidden `false`
    /// before the ticked box's `true` under the same name: the last value is the answer.
    let booleanShapes: Set<String>
    package let limits: Limits

    package init(form: CompiledForm, limits: Limits = Limits()) {
        keys = form.base.answerKeys
        declaredMaximumItems = Dictionary(
            form.base.repeats.compactMap { info in info.maximumItems.map { (info.path, $0) } }, uniquingKeysWith: min)
        multipleChoiceShapes = Set(form.fields.filter { FieldChoices($0.element)?.isSelection == true }.compactMap(\.path).map(Self.shape))
        booleanShapes = Set(form.fields.filter { $0.element.kind == .boolean }.compactMap(\.path).map(Self.shape))
        self.limits = limits
    }

    /// The most items one list of a request may hold: `limits.maximumItems`, or the largest
    /// `maximumItems` a repeat of the form declares when that is more.
    package var longestList: Int { max(limits.maximumItems, declaredMaximumItems.values.max() ?? 0) }

    /// Reads an `application/x-www-form-urlencoded` body (see `URLEncodedForm`).
    package func read(urlEncoded bytes: UnsafeBufferPointer<UInt8>) throws(FlatAnswersError) -> Read {
        try read(URLEncodedForm.pairs(bytes, maximumPairs: limits.maximumFields))
    }

    /// Reads decoded pairs, in order: the first name the form does not have, or the first pair
    /// past a bound, is the error.
    package func read(_ pairs: [(name: String, value: String)]) throws(FlatAnswersError) -> Read {
        guard pairs.count <= limits.maximumFields else {
            throw FlatAnswersError(.bound, name: "", "the form has more than \(limits.maximumFields) fields (the limit per request)")
        }
        var builder = AnswerTree(limits: limits)
        var action: String?
        var pageFields: [String: String] = [:]
        for (name, value) in pairs {
            if name == "_action" {
                action = value
                continue
            }
            if name.hasPrefix("_") {
                pageFields[name] = value
                continue
            }
            let node = try builder.node(at: name, keys: keys, declaredMaximumItems: declaredMaximumItems, target: .field)
            if multipleChoiceShapes.contains(Self.shape(name)) {
                var list = node.value?.arrayValue ?? []
                if !value.isEmpty { list.append(.string(value)) }
                node.value = .array(list)
            } else {
                // A node already holding a value was named before, perhaps spelled otherwise.
                if node.value != nil, !booleanShapes.contains(Self.shape(name)) {
                    throw FlatAnswersError(.repeatedName, name: name, "is sent more than once; this field takes one value")
                }
                node.value = .string(value)
            }
        }
        if let action { try builder.apply(action, keys: keys, declaredMaximumItems: declaredMaximumItems) }
        return Read(answers: builder.root.formValue, action: action, pageFields: pageFields)
    }

    /// A path with its item numbers as `#`: `guests.#.topics`.
    static func shape(_ path: String) -> String {
        path.split(separator: ".", omittingEmptySubsequences: false)
            .map { part in !part.isEmpty && part.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ? "#" : part }
            .joined(separator: ".")
    }
}
