#if Webhooks
import FormWebhooks
import Foundation

/// Reads `--webhook-secret-file`: the secret as `formctl webhook-secret` wrote it. What is
/// wrong is said with the file's name, never with its contents.
enum WebhookSecretFile {
    static func read(_ path: String) throws -> WebhookSecret {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw CommandFailure("formctl: cannot read --webhook-secret-file \(path): \(reason(error))", exitCode: .usage)
        }
        let secret: WebhookSecret
        do { secret = try WebhookSecret(text) } catch {
            throw CommandFailure("formctl: --webhook-secret-file \(path): \(error)", exitCode: .usage)
        }
        if let mode = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int, mode & 0o044 != 0 {
            Terminal.printError(
                "warning: --webhook-secret-file \(path) can be read by other users (mode \(String(mode & 0o777, radix: 8))): chmod 600 it")
        }
        return secret
    }

    /// The system's reason alone (Foundation's message repeats the path, or says "the file
    /// couldn't be opened" for a file that is not text).
    static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        if (error as NSError).code == NSFileReadInapplicableStringEncodingError { return "not UTF-8 text" }
        if (error as NSError).code == NSFileReadNoSuchFileError { return "no such file" }
        if (error as NSError).code == NSFileReadNoPermissionError { return "permission denied" }
        return error.localizedDescription
    }
}
#endif
