@testable import FormServer
import Testing

/// The mount path is written into pages and headers as given, so only plain segments pass.
struct MountPathTests {
    @Test func aPathIsReadAsItsSegmentsWithOneLeadingSlash() throws {
        #expect(try MountPath("/").prefix == "")
        #expect(try MountPath("").prefix == "")
        #expect(try MountPath("forms").prefix == "/forms")
        #expect(try MountPath("/api/v1/forms/").prefix == "/api/v1/forms")
        #expect(try MountPath("/forms")("/submissions/3") == "/forms/submissions/3")
        #expect(try MountPath("/forms").cookiePath == "/forms" && MountPath.root.cookiePath == "/")
    }

    @Test func aSegmentThatAPageOrHeaderWouldMisreadIsRefusedNamingIt() {
        for path in ["/a b", "/forms\"><script>", "/x?y", "/:name", "/../admin", "/é"] {
            #expect(throws: ServerError.self, "\(path)") { try MountPath(path) }
        }
        #expect(throws: ServerError.self) { try MountPath("/ok/a;b") }
        do { _ = try MountPath("/forms/a b") } catch { #expect(error.description.contains("'a b'"), "\(error)") }
    }
}
