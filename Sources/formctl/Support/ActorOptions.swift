import ArgumentParser
import FormCore
import Glibc

/// `--actor NAME`: who the history records as making a change (an edit, a review, a deletion).
/// Without it, the login name: `$USER`, else the password database's name for this user.
struct ActorOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Who makes the change, as the history records it (default: the login name, $USER).", valueName: "NAME"))
    var actor: String?

    func validate() throws {
        guard let actor else { return }
        if actor.isEmpty { throw ValidationError("--actor takes a name, not an empty text") }
        try RecordText.check(actor, option: "--actor", allowingLineBreaks: false)
    }

    /// The name given, else the login name; nil only when neither `$USER` nor the password
    /// database has one (a container running under a bare uid).
    var name: String? {
        if let actor { return actor }
        if let user = Terminal.environment("USER"), !user.isEmpty { return user }
        guard let entry = getpwuid(getuid()), let login = entry.pointee.pw_name else { return nil }
        let name = String(cString: login)
        return name.isEmpty ? nil : name
    }
}

/// Text a person gives for the record (`--reason`, `--comment`, `--actor`): kept in the history
/// and printed by `show --history`, so control characters are refused before anything is stored.
enum RecordText {
    static func check(_ text: String, option: String, allowingLineBreaks: Bool = true) throws {
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() where ControlCharacterCheck.isControl(scalar) {
            if allowingLineBreaks && (scalar == "\n" || scalar == "\t") { continue }
            let code = String(scalar.value, radix: 16, uppercase: true)
            throw ValidationError("\(option) contains a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)) at character \(offset + 1)")
        }
    }
}
