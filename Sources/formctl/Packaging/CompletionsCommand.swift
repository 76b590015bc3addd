import ArgumentParser

/// `formctl completions bash|zsh|fish`: the shell completion script on stdout, to be sourced
/// or saved where the shell looks for completions (the README's install section says where).
struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the completion script for bash, zsh or fish.",
        discussion: """
            bash: formctl completions bash > ~/.local/share/bash-completion/completions/formctl
            zsh:  formctl completions zsh > "${fpath[1]}/_formctl"
            fish: formctl completions fish > ~/.config/fish/completions/formctl.fish
            """
    )

    enum Shell: String, ExpressibleByArgument, CaseIterable {
        case bash, zsh, fish

        var completionShell: CompletionShell {
            switch self {
            case .bash: .bash
            case .zsh: .zsh
            case .fish: .fish
            }
        }
    }

    @Argument(help: "The shell: bash, zsh or fish.")
    var shell: Shell

    func run() throws {
        Terminal.printOut(Formctl.completionScript(for: shell.completionShell))
    }
}
