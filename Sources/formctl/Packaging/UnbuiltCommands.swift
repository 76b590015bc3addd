import ArgumentParser

/// A command this formctl was built without: `serve` and `token` need the package's `Server`
/// trait, `deliver` and `webhook-secret` its `Webhooks` trait, and none is on by default (they
/// bring SwiftNIO, Hummingbird and BoringSSL into a build that fills forms in a terminal). Listed
/// so that `formctl serve` says how to get it instead of "unexpected argument".
protocol UnbuiltCommand: ParsableCommand {
    /// The package trait that builds the real command.
    static var trait: String { get }
    var arguments: [String] { get }
}

extension UnbuiltCommand {
    /// The abstract its help shows: what it would do, and that this build lacks it.
    static func abstract(_ does: String) -> String {
        "\(does) (not in this build: needs the \(trait) trait)"
    }

    func run() throws {
        let name = Self.configuration.commandName ?? "this command"
        throw CommandFailure(
            """
            formctl: this formctl was built without `\(name)`: build it with the \(Self.trait) trait, \
            e.g. swift build -c release --product formctl --traits \(Self.trait) \
            (or swift run --traits \(Self.trait) formctl \(name) ...)
            """, exitCode: .usage)
    }
}

struct UnbuiltServeCommand: UnbuiltCommand {
    static let trait = "Server"
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: abstract("Serve the forms of a directory over HTTP: JSON for apps, HTML for browsers."))
    @Argument(parsing: .allUnrecognized) var arguments: [String] = []
}

struct UnbuiltTokenCommand: UnbuiltCommand {
    static let trait = "Server"
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: abstract("Create, list and revoke the access tokens of formctl serve."))
    @Argument(parsing: .allUnrecognized) var arguments: [String] = []
}

struct UnbuiltDeliverCommand: UnbuiltCommand {
    static let trait = "Webhooks"
    static let configuration = CommandConfiguration(
        commandName: "deliver", abstract: abstract("Attempt every webhook delivery that is due once, then exit."))
    @Argument(parsing: .allUnrecognized) var arguments: [String] = []
}

struct UnbuiltWebhookSecretCommand: UnbuiltCommand {
    static let trait = "Webhooks"
    static let configuration = CommandConfiguration(
        commandName: "webhook-secret", abstract: abstract("Print a new webhook signing secret."))
    @Argument(parsing: .allUnrecognized) var arguments: [String] = []
}
