import Foundation

/// Words quoted so that a POSIX shell reads them back as they are: a command printed for a
/// person to copy (the resume hint) must work when pasted, whatever the path holds.
enum ShellQuoting {
    static func quoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "/", ",", ":", "=", "+", "@", "%": return true
            default: return false
            }
        }
        if safe && !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
