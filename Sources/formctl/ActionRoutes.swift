import ArgumentParser
import Foundation
import FormCore
import FormEngine

/// formctl's action handlers: the built-ins, and `--action NAME=PROGRAM` routes to programs.
enum ActionRoutes {
    /// Parses `NAME=PROGRAM`; a malformed route is a usage error.
    static func parse(_ routes: [String]) throws -> [(name: String, program: String)] {
        try routes.map { route in
            guard let equals = route.firstIndex(of: "="), equals != route.startIndex,
                route.index(after: equals) != route.endIndex
            else { throw ValidationError("--action takes NAME=PROGRAM, got '\(route)'") }
            return (ActionName.normalize(String(route[..<equals])), String(route[route.index(after: equals)...]))
        }
    }

    /// Registers the routes (the engine has `submit`, `cancel`, `reset` and `saveDraft` built in).
    static func register(on engine: FormEngine, routes: [(name: String, program: String)]) {
        for route in routes {
            engine.registerAction(route.name) { context in try runProgram(route.program, context: context) }
        }
    }

    /// Runs a routed program with the form's values as JSON on stdin (secrets included: an
    /// action is where a password goes). A non-zero exit cancels, with the program's stderr.
    static func runProgram(_ program: String, context: ActionContext) throws -> ActionResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", program]
        var environment = ProcessInfo.processInfo.environment
        environment["FORMCTL_ACTION"] = context.request.name
        environment["FORMCTL_ELEMENT"] = context.request.elementPath
        process.environment = environment
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.standardError
        do { try process.run() } catch {
            throw ActionProgramError(message: "cannot run '\(program)': \(error.localizedDescription)")
        }
        let payload = context.session.values.jsonString() + "\n"
        // The program may exit without reading; a closed pipe must not kill formctl.
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data(payload.utf8))
        try? input.fileHandleForWriting.close()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 0 { return .proceed }
        let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return .cancel(text.isEmpty ? "'\(program)' exited with status \(process.terminationStatus)" : text)
    }
}

struct ActionProgramError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
