import ArgumentParser
import FormEngine

/// `formctl review ID STATE`: sets where a final submission stands in review, with a comment;
/// every review is kept in the submission's history.
struct ReviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Set a submission's review state (received, hasIssues, approved, rejected), with a comment.",
        discussion: """
            STATE is received, hasIssues (or has-issues), approved or rejected. Every review is \
            kept with its comment, who made it (--actor, default the login name) and the revision \
            it reviewed: formctl show ID --history lists them. Drafts and deleted submissions \
            cannot be reviewed.
            Exit codes: 0 done, 1 no such submission or it cannot be reviewed, 2 usage, 3 the \
            database cannot be read or written.
            """
    )

    @Argument(help: "The submission's id.")
    var id: Int64

    @Argument(help: ArgumentHelp("received, hasIssues (has-issues), approved or rejected.", valueName: "STATE"))
    var state: ReviewStateArgument

    @Option(help: ArgumentHelp("What the reviewer says (kept with the review).", valueName: "TEXT"))
    var comment: String?

    @OptionGroup var actor: ActorOptions

    @OptionGroup var database: DatabaseOptions

    func validate() throws {
        if let comment { try RecordText.check(comment, option: "--comment") }
    }

    func run() async throws {
        if !database.isPostgres { try database.requireExistingFile() }
        let engine = try await database.openEngine()
        let reviewed: StoredSubmission
        do {
            reviewed = try await engine.review(id: id, state: state.state, comment: comment.flatMap { $0.isEmpty ? nil : $0 },
                                               actor: actor.name)
        } catch {
            throw await RecordFailure.failure(error, id: id, doing: "review", in: engine)
        }
        Terminal.printOut("submission \(reviewed.id) (revision \(reviewed.revision)) is now \(reviewed.reviewState.rawValue)")
    }
}
