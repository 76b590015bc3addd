import FormCore
import FormEngine

/// A form as a plain, accessible HTML page: a fieldset per section, a label tied to every
/// input, inputs typed for their element (email, password, number, date, time), radio groups
/// and checkboxes, add and remove buttons for repeats, and each error beside its field with
/// `aria-invalid` and `aria-describedby`. It works without JavaScript: the browser posts the
/// form and gets the page back, with errors or a success page.
struct FormPage {
    let name: String
    let title: String
    let session: FormSession
    /// Errors by field path; those without a field go in a list at the top.
    let errors: [FieldError]
    /// The per-render token a browser's post must bring back (`PageTokens`).
    let pageToken: String
    /// This render's idempotency key (`FormServer.idempotencyKeyField`): a second post of the
    /// same page answers with the first one's result instead of storing again.
    let idempotencyKey: String
    /// The draft this page edits, when it was opened from a draft's address.
    var draft: DraftPage? = nil
    /// Where the routes are mounted, for the form's action, the script's calls and the assets.
    let paths: MountPath
    /// The `?lang=` the page was asked with, kept in its form's action and the script's calls
    /// so that what answers them speaks the same language.
    var chosenLanguage: LanguageTag? = nil

    var html: String {
        var body = ""
        let byPath = Dictionary(grouping: errors, by: \.path)
        // A repeat's own errors (too few items, too many) are shown at its fieldset, as a
        // field's are beside it: the legend names the section, never its key.
        let known = Set(session.fields.compactMap(\.path)).union(session.sections.compactMap(\.repeatPath))
        let general = errors.filter { !known.contains($0.path) }
        if !errors.isEmpty {
            // Counted as the person sees them: each field with errors once, each general error.
            let count = Set(errors.filter { known.contains($0.path) }.map(\.path)).count + general.count
            body += #"<div class="summary" role="alert"><p>\#(PageMessages.html(.errorSummary, ["count": .int(count)]))</p>"#
            if !general.isEmpty {
                body += "<ul>" + general.map { "<li>\(HTML.escape($0.path.isEmpty ? $0.message : "\($0.path): \($0.message)"))</li>" }.joined() + "</ul>"
            }
            body += "</div>"
        }
        if let notice = draft?.notice { body += #"<p id="draft-notice" role="status">\#(HTML.escape(notice))</p>"# }
        let target = HTML.address(draft.map { DraftPage.path(form: name, id: $0.id, in: paths) } ?? paths("/forms/\(HTML.pathSegment(name))/submissions"),
                                  language: chosenLanguage)
        // A file travels only in a multipart body.
        let hasFiles = session.fields.contains { $0.element.kind.holdsFiles }
        let encoding = hasFiles ? #" enctype="multipart/form-data""# : ""
        body += #"<form id="form" method="post" action="\#(HTML.escape(target))"\#(encoding) novalidate data-form="\#(HTML.escape(name))" data-forms="\#(HTML.escape(paths("/forms")))"\#(languageAttribute) data-required="\#(PageMessages.html(.required))">"#
        body += #"<input type="hidden" name="\#(PageTokens.field)" value="\#(HTML.escape(pageToken))">"#
        body += #"<input type="hidden" name="\#(FormServer.idempotencyKeyField)" value="\#(HTML.escape(idempotencyKey))">"#
        if let draft { body += #"<input type="hidden" name="\#(DraftPage.tokenField)" value="\#(HTML.escape(draft.token))">"# }
        let fields = session.fields.filter { !$0.isTemplate }
        for (index, section) in session.sections.enumerated() {
            let inSection = fields.filter { $0.sectionIndex == index }
            let growable = section.repeatPath.flatMap { path in session.repeats.first { $0.path == path && $0.isGrowable } }
            let sectionErrors = section.repeatPath.flatMap { byPath[$0] } ?? []
            if inSection.isEmpty && growable == nil && section.title == nil && sectionErrors.isEmpty { continue }
            let fieldsHTML = inSection.map { FieldHTML(field: $0, errors: $0.path.flatMap { byPath[$0] } ?? [], isReshown: !errors.isEmpty).html }
            // A section of buttons only (the submit button is the page's own) shows nothing.
            if growable == nil && section.title == nil && section.footer == nil && sectionErrors.isEmpty && fieldsHTML.allSatisfy(\.isEmpty) {
                continue
            }
            let errorID = section.repeatPath.map { "error-" + HTML.id($0) } ?? ""
            let described = sectionErrors.isEmpty ? "" : #" class="invalid" aria-describedby="\#(errorID)""#
            body += "<fieldset\(described)\(section.isHidden ? " hidden" : "")>"
            // A select section is one choice whose own group carries the title (and the
            // required mark): a second legend would be read twice.
            let isSelection = inSection.count == 1 && inSection[0].element.properties["selectSection"]?.boolValue == true
            if let title = section.title, !isSelection { body += "<legend>\(HTML.escape(title))</legend>" }
            for error in sectionErrors { body += #"<p class="error" id="\#(errorID)">\#(HTML.escape(error.message))</p>"# }
            // An item may be removed while more than the section's minimum remain.
            let removable = growable.map { $0.count > ($0.minimumItems ?? 0) } ?? false
            var lastItem: Int?
            for (field, html) in zip(inSection, fieldsHTML) {
                if let growable, let item = field.itemIndex, item != lastItem {
                    if lastItem != nil { body += "</div>" }
                    body += #"<div class="item">"#
                    if removable {
                        body += #"<button type="submit" name="_action" value="remove:\#(HTML.escape(growable.path)).\#(item)" class="remove" formnovalidate>\#(PageMessages.html(.removeItem, ["number": .int(item + 1)]))</button>"#
                    }
                    lastItem = item
                }
                body += html
            }
            if lastItem != nil { body += "</div>" }
            if let growable, growable.maximumItems.map({ growable.count < $0 }) ?? true {
                let label = growable.addTitle ?? PageMessages.text(.addItem, ["section": .text(section.title ?? growable.path)])
                body += #"<button type="submit" name="_action" value="add:\#(HTML.escape(growable.path))" class="add" formnovalidate>\#(HTML.escape(label))</button>"#
            }
            if let footer = section.footer { body += "<p class=\"footer\">\(HTML.escape(footer))</p>" }
            body += "</fieldset>"
        }
        body += #"<button type="submit" id="submit">\#(submitTitle)</button> "#
        body += #"<button type="submit" id="save-draft" name="\#(DraftPage.saveField)" value="1" formnovalidate>\#(saveDraftTitle)</button></form>"#
        return HTML.document(title: title, body: body, paths: paths, language: session.language)
    }

    /// The title of the form's button that submits when it has exactly one (in the form's
    /// language: "Send feedback"), else the page's own word, escaped. A button that saves a
    /// draft, cancels or resets is not one: a form with "Send proposal" beside "Save for
    /// later" submits with "Send proposal".
    var submitTitle: String {
        let buttons = session.fields.filter {
            $0.element.kind == .button && !$0.isTemplate && !$0.isHidden
                && !FormEngine.actionsThatDoNotSubmit.contains($0.element.controllerAction ?? "")
        }
        if buttons.count == 1, let title = buttons[0].title, !title.isEmpty { return HTML.escape(title) }
        return PageMessages.html(.submit)
    }

    /// The title of the form's own Save draft button (`"controllerAction": "saveDraft"`,
    /// "Save for later") when it has exactly one, else the page's own words, escaped.
    var saveDraftTitle: String {
        let buttons = session.fields.filter {
            $0.element.kind == .button && !$0.isTemplate && !$0.isHidden && $0.element.controllerAction == "saveDraft"
        }
        if buttons.count == 1, let title = buttons[0].title, !title.isEmpty { return HTML.escape(title) }
        return PageMessages.html(.saveDraft)
    }

    /// `data-lang`, for the script's calls, when the page was asked for in a language.
    var languageAttribute: String {
        chosenLanguage.map { #" data-lang="\#(HTML.escape($0.description))""# } ?? ""
    }
}

/// Shared page furniture and escaping.
enum HTML {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// A page whose style and script are those of the routes mounted at `paths`, in
    /// `language` (its `lang`, and `dir="rtl"` for a language written right to left).
    static func document(title: String, body: String, paths: MountPath, language: LanguageTag) -> String {
        """
        <!doctype html>
        <html lang="\(escape(language.description))" dir="\(language.isRightToLeft ? "rtl" : "ltr")"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title><link rel="stylesheet" href="\(escape(paths("/assets/form.css")))"><script src="\(escape(paths("/assets/form.js")))" defer></script></head>
        <body><main><h1>\(escape(title))</h1>\(body)</main></body></html>

        """
    }

    /// `address` with `?lang=` (or `&lang=`) added when a language was chosen by the address.
    static func address(_ address: String, language: LanguageTag?) -> String {
        guard let language else { return address }
        return address + (address.contains("?") ? "&" : "?") + FormServer.languageParameter + "=" + pathSegment(language.description)
    }

    /// A form's name as one segment of a URL path: every byte but letters, digits and `-._~`
    /// percent-encoded, so that a name with a space, `%` or `é` reaches the same form.
    static func pathSegment(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return out
    }

    /// The id of a field's input: its path with `.` as `-`, other characters kept only if safe.
    static func id(_ path: String) -> String {
        String(path.map { $0 == "." ? "-" : ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") ? $0 : "_" })
    }
}
