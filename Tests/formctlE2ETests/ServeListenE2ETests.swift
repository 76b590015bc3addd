import Foundation
import Testing

/// `serve` on a port it cannot have says so in words, with what to do, and exits 3.
@Suite struct ServeListenE2ETests {
    @Test func aPortInUseIsNamedWithWhatToDo() throws {
        let scratch = try Scratch()
        let first = try ServerProcess(scratch)
        defer { _ = first.stop() }
        let second = try scratch.formctl(["serve", RepositoryFilesForms.directory, "--db", scratch.path("second.sqlite"),
                                          "--host", "127.0.0.1", "--port", "\(first.port)"])
        #expect(second.exitCode == 3, "\(second)")
        #expect(second.stderr.contains(
            "formctl: cannot listen on 127.0.0.1:\(first.port): the port is in use: something else listens on it "
                + "(stop it, or choose another port with --port)"), "\(second)")
        // SwiftNIO's own wording of the failed call stays out of it.
        #expect(!second.stderr.contains("bind(") && !second.stderr.contains("errno"), "\(second)")
        // The first server is still serving.
        #expect(try first.request("GET", "/healthz").status == 200)
    }
}
