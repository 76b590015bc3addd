import FormCore
import Foundation
import FuzzSupport

/// Any bytes as the body of a request to `formctl serve` for forms/signup.json (a repeat with a
/// `maximumItems`, a radio, a checkbox, secrets): an input starting with `J` is a JSON body (the
/// rest), any other an HTML form's `application/x-www-form-urlencoded` body. The server reads
/// either into answers or a refusal, then fills the form with them. Nothing may crash, a refusal
/// names at most a shortened field, and what a form body makes stays within `FlatAnswers.Limits`.
enum FuzzHTTPAnswers {
    static let form: CompiledForm? = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "forms/signup.json")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return try? CompiledForm(definition: FormDefinition(json: text))
    }()
    static let reader = form.map { FlatAnswers(form: $0) }

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let form, let reader else { return }
        let answers: FormValue
        if bytes.first == UInt8(ascii: "J") {
            guard let parsed = try? JSONReader.parse(bytes: UnsafeBufferPointer(rebasing: bytes.dropFirst())) else { return }
            answers = parsed
        } else {
            do throws(FlatAnswersError) {
                let read = try reader.read(urlEncoded: bytes)
                answers = read.answers
                check(answers, depth: 0, limits: reader.limits)
            } catch {
                precondition(error.name.count <= FlatAnswersError.shownNameLength + 3, "a refusal repeats a whole name")
                return
            }
        }
        let filled = form.fill(FormInput(answers: answers))
        let stored = filled.valuesToStore
        precondition(stored["password"] == nil && stored["passwordConfirmation"] == nil, "a secret would be stored")
        if filled.errors.isEmpty { _ = stored.jsonString() }
    }

    /// A form body's answers: no deeper than a name has parts, no list longer than a repeat's bound.
    static func check(_ value: FormValue, depth: Int, limits: FlatAnswers.Limits) {
        precondition(depth <= limits.maximumNameParts, "answers deeper than a name's parts")
        switch value {
        case .object(let members): for member in members.values { check(member, depth: depth + 1, limits: limits) }
        case .array(let items):
            precondition(items.count <= limits.maximumFields, "a list longer than the fields of a request")
            for item in items { check(item, depth: depth + 1, limits: limits) }
        default: break
        }
    }
}

@main enum Main {
    static func main() {
        // Without the form every input would pass untested.
        guard FuzzHTTPAnswers.form != nil else {
            FileHandle.standardError.write(Data("forms/signup.json did not load\n".utf8))
            exit(2)
        }
        FuzzInputs.main(FuzzHTTPAnswers.run)
    }
}
