#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

import OrderedCollections

/// A form's strings catalogue: `NAME.strings.json` beside `NAME.json` (`{"de": {"thanks":
/// "Danke!"}}`) and the `strings` of the whole forms it includes are merged into its root's
/// `strings`, so that the definition as stored carries every text `localized('key')` reads.
/// The form's own entries win: over the strings file (a clash is a warning, the author wrote the
/// key twice) and over an included form's (the including form translates its parts its way).
extension DefinitionLoader.Run {
    /// `forms/feedback.json` -> `forms/feedback.strings.json`.
    static func stringsFile(besides path: String) -> String {
        (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".strings.json"
    }

    /// Reads the strings file beside `path`, when there is one, and merges it into `root`.
    mutating func mergeStringsFile(besides path: String, into root: inout Element) {
        let file = Self.stringsFile(besides: path)
        let maximum = min(limits.maximumFileBytes, limits.maximumTotalBytes - bytesRead)
        let bytes: [UInt8]
        do {
            bytes = try read(file, regularFileOnly: true, maximumBytes: maximum)
        } catch let error as FileReadError where error.code == ENOENT {
            return
        } catch let error as FileReadError {
            record(DefinitionIssue(.error, error.reason == .tooLarge(limit: maximum) ? .limitExceeded : .unreadableFile, path: "",
                                   message: "cannot read the form's strings \(file): \(error)", file: file))
            return
        } catch {
            return  // a loader serving files from memory has no strings file for this form
        }
        bytesRead += bytes.count
        guard let (value, locations) = parse(bytes, file: file, chain: []) else { return }
        var decoder = DefinitionDecoder(locations: locations, file: file)
        guard case .object(let languages) = value else {
            decoder.report(.error, .invalidText, "", "a strings file must be an object of language tags to texts by key, "
                + "such as {\"de\": {\"thanks\": \"Danke!\"}}; found \(value.typeName)")
            record(decoder.issues)
            return
        }
        decoder.checkStrings(value, path: "")
        let clashes = merge(languages, into: &root)
        for clash in clashes {
            decoder.report(.warning, .duplicateKey, clash, "the form's own strings.\(clash) is used instead of this one")
        }
        record(decoder.issues)
    }

    /// Adds `languages` (tag -> key -> text) to the root's `strings`, keeping the root's entries;
    /// returns the paths (`de.thanks`) of the entries the root already had.
    @discardableResult
    func merge(_ languages: OrderedDictionary<String, FormValue>, into root: inout Element) -> [String] {
        var strings = root.properties["strings"]?.objectValue ?? [:]
        var clashes: [String] = []
        for (tag, table) in languages {
            guard case .object(let entries) = table else { continue }
            var merged = strings[tag]?.objectValue ?? [:]
            for (key, text) in entries {
                if merged[key] != nil {
                    clashes.append(JSONPath.join(tag, key))
                } else {
                    merged[key] = text
                }
            }
            strings[tag] = .object(merged)
        }
        if !strings.isEmpty { root.properties["strings"] = .object(strings) }
        return clashes
    }
}
