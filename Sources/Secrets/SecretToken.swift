import Foundation

/// The secrets formctl hands out (a draft's resume token, an access token for `formctl serve`):
/// 32 bytes from the kernel's CSPRNG as base64url, 43 characters. The database keeps only their
/// SHA-256, so a copy of it resumes no draft and opens no endpoint.
package enum SecretToken {
    /// A new secret.
    package static func make() -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        bytes.withUnsafeMutableBytes { SystemRandom.fill($0) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// What is stored instead of `token`: its SHA-256 as lower-case hex.
    package static func hash(_ token: String) -> String { SHA256.hex(of: token) }
}

/// Comparison that takes as long whatever the first difference: an attacker timing the
/// answers learns nothing of the secret compared against.
package enum ConstantTime {
    package static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            difference |= (index < x.count ? x[index] : 0) ^ (index < y.count ? y[index] : 0)
        }
        return difference == 0
    }
}
