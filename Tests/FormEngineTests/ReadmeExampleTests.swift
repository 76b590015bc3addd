import Foundation
import TestSupport
import Testing

/// The README's library example is `Examples/quick-start/main.swift` word for word, and that
/// file is built with the package: the example people copy compiles as written.
@Suite("README example")
struct ReadmeExampleTests {
    @Test func theReadmeShowsTheQuickStartAsItIs() throws {
        let root = RepositoryFiles.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: root.appendingPathComponent("Examples/quick-start/main.swift"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + example + "```"))
    }

    /// The DocC catalogue's getting-started article quotes the same file, so its code compiles too.
    @Test func theGettingStartedArticleShowsTheQuickStartAsItIs() throws {
        let root = RepositoryFiles.root
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/FormEngine/FormEngine.docc/GettingStarted.md"), encoding: .utf8)
        let example = try String(contentsOf: root.appendingPathComponent("Examples/quick-start/main.swift"), encoding: .utf8)
        #expect(article.contains("```swift\n" + example + "```"))
    }

    /// The second library example, a submission's life after the write, is
    /// `Examples/service-tour/main.swift` word for word.
    @Test func theReadmeShowsTheServiceTourAsItIs() throws {
        let root = RepositoryFiles.root
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: root.appendingPathComponent("Examples/service-tour/main.swift"), encoding: .utf8)
        #expect(readme.contains("```swift\n" + example + "```"))
    }
}
