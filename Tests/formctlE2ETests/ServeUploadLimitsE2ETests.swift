import Foundation
import Glibc
import Testing

/// Every limit and bad input of a multipart submit, against a real `formctl serve`: each
/// refused with its status naming the field, heard by a client that is still sending, and
/// nothing stored; a 100 MB upload streamed through a server whose memory stays flat; and a
/// server killed mid-upload leaves no row and no file behind.
@Suite(.serialized) struct ServeUploadLimitsE2ETests {
    typealias Upload = ServeUploadE2ETests

    static func post(_ server: ServerProcess, _ form: MultipartForm) throws -> ServerProcess.Reply {
        try server.request("POST", "/forms/proposal/submissions", bytes: form.body, type: form.contentType,
                           headers: ["Accept": "application/json"])
    }

    /// A form with the title and a first slides part, to which a test adds what it refuses.
    static var started: MultipartForm {
        var form = MultipartForm()
        form.field("title", "Refused")
        form.file("slides", fileName: "deck.pdf", bytes: Upload.pdf("fine"))
        return form
    }

    @Test func eachBadPartIsRefusedNamingItsFieldAndNothingIsStored() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Upload.forms(scratch))
        defer { server.stop() }
        var large = Self.started
        large.file("photo", fileName: "big.png", type: "image/png", bytes: Upload.png + Data(count: 1_100_000))
        var wrongType = Self.started
        wrongType.file("photo", fileName: "me.png", type: "image/png", bytes: Upload.pdf("not a picture"))
        var unknownFile = Self.started
        unknownFile.file("resume", fileName: "cv.pdf", bytes: Upload.pdf("cv"))
        var unknownField = Self.started
        unknownField.field("nickname", "Al")
        var notAFile = Self.started
        notAFile.file("title", fileName: "title.txt", bytes: Data("a title".utf8))
        var tooMany = Self.started
        tooMany.file("slides", fileName: "2.pdf", bytes: Upload.pdf("2"))
        tooMany.file("slides", fileName: "3.pdf", bytes: Upload.pdf("3"))
        var missing = MultipartForm()
        missing.field("title", "No slides")
        for (form, status, field, rule) in [
            (large, 413, "photo", "maxSize"), (wrongType, 415, "photo", "accept"), (unknownFile, 422, "resume", "file"),
            (notAFile, 422, "title", "file"), (tooMany, 422, "slides", "maximumFiles"), (unknownField, 422, "nickname", "answers"),
            (missing, 422, "slides", "required"),
        ] {
            let reply = try Self.post(server, form)
            let errors = reply.object["errors"] as? [[String: Any]] ?? []
            #expect(reply.status == status, "\(field) \(rule): \(reply.status) \(reply.text)")
            #expect(errors.contains { $0["path"] as? String == field && $0["rule"] as? String == rule }, "\(field) \(rule): \(reply.text)")
        }
        #expect(try Upload.stored(scratch) == "0 0 0 0")
    }

    /// `--max-body` bounds the parts that are not files, not the files: a 2,000-byte title is
    /// refused under `--max-body 1024`, a 5,000-byte file beside a short title is taken.
    @Test func maxBodyBoundsTheFieldsButNotTheFiles() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Upload.forms(scratch), extra: ["--max-body", "1024"])
        defer { server.stop() }
        var long = MultipartForm()
        long.field("title", String(repeating: "t", count: 2_000))
        long.file("slides", fileName: "deck.pdf", bytes: Upload.pdf("long title"))
        let refused = try Self.post(server, long)
        #expect(refused.status == 413 && refused.object["field"] as? String == "title", "\(refused.status) \(refused.text)")
        #expect(try Upload.stored(scratch) == "0 0 0 0")
        var big = MultipartForm()
        big.field("title", "Short")
        big.file("slides", fileName: "deck.pdf", bytes: Upload.pdf(String(repeating: "x", count: 5_000)))
        let taken = try Self.post(server, big)
        #expect(taken.status == 201, "\(taken.status) \(taken.text)")
        #expect(try Upload.stored(scratch) == "1 1 1 1")
    }

    @Test func aTruncatedOrMalformedBodyIsRefusedAndNothingIsStored() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Upload.forms(scratch))
        defer { server.stop() }
        let whole = Self.started.body
        // Cut inside the file, and cut just before the closing boundary.
        for cut in [whole.prefix(whole.count / 2), Self.started.head] {
            let reply = try server.request("POST", "/forms/proposal/submissions", bytes: Data(cut), type: Self.started.contentType,
                                           headers: ["Accept": "application/json"])
            #expect(reply.status == 400 && reply.text.contains("ends before its closing boundary"), "\(reply.status) \(reply.text)")
        }
        let noBoundary = try server.request("POST", "/forms/proposal/submissions", bytes: whole, type: "multipart/form-data")
        #expect(noBoundary.status == 400 && noBoundary.text.contains("boundary"), "\(noBoundary.text)")
        // A connection closed mid-body (the client gone) stores nothing either.
        let gone = try StreamingUpload(port: server.port)
        #expect(gone.start("/forms/proposal/submissions", contentType: Self.started.contentType, contentLength: whole.count,
                           bytes: whole.prefix(200)))
        _ = consume gone
        usleep(300_000)
        #expect(server.process.isRunning)
        #expect(try Upload.stored(scratch) == "0 0 0 0")
        #expect(try Self.post(server, Self.started).status == 201)
    }

    /// A part's headers far too long (one endless header, or thousands of short ones) are
    /// refused as they come, within the first 16 KiB past their start, not held until the
    /// body's bound of megabytes is reached; the server still answers the next client.
    @Test func aPartsHeadersFarTooLongAreRefusedAsTheyCome() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Upload.forms(scratch))
        defer { server.stop() }
        let form = Self.started
        let head = Data("--\(form.boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n".utf8)
        for (what, line) in [("one endless header", "X-Long: "), ("thousands of headers", "X-Short: a\r\n")] {
            let upload = try StreamingUpload(port: server.port)
            let length = 3_900_000
            var sent = head.count
            let repeated = what == "one endless header" ? Data(repeating: UInt8(ascii: "a"), count: 16_384)
                : Data(String(repeating: line, count: 16_384 / line.utf8.count).utf8)
            var first = true
            let answer = upload.post("/forms/proposal/submissions", contentType: form.contentType, contentLength: length,
                                     headers: ["Accept": "application/json"]) {
                if first {
                    first = false
                    return head + (what == "one endless header" ? Data(line.utf8) : Data())
                }
                guard sent + repeated.count < length else { return nil }
                sent += repeated.count
                return repeated
            }
            #expect(answer.status == 400 && answer.text.contains("headers") && answer.text.contains("16384 bytes"), "\(what): \(answer)")
        }
        #expect(try Upload.stored(scratch) == "0 0 0 0")
        #expect(try Self.post(server, Self.started).status == 201)
    }

    /// A body that stalls mid-file is stopped at `--request-timeout` and answered 503 with
    /// Retry-After, as every request out of time is (not 400, as if the client had sent it
    /// wrong); nothing is stored and the server goes on.
    @Test func aBodyThatStallsMidFileIsAnswered503AtTheDeadline() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Upload.forms(scratch), extra: ["--request-timeout", "2"])
        defer { server.stop() }
        let form = Self.started
        let upload = try StreamingUpload(port: server.port)
        var sent = false
        let answer = upload.post("/forms/proposal/submissions", contentType: form.contentType, contentLength: form.body.count + 100_000,
                                 headers: ["Accept": "application/json"], timeout: 20) {
            defer { sent = true }
            return sent ? nil : form.head + form.fileHead("photo", fileName: "me.png", type: "image/png") + Upload.png
        }
        #expect(answer.status == 503 && answer.text.contains("longer than 2 s"), "\(answer)")
        #expect(upload.received.range(of: Data("Retry-After: 1".utf8)) != nil, "\(String(decoding: upload.received, as: UTF8.self))")
        #expect(try Upload.stored(scratch) == "0 0 0 0")
        #expect(try Self.post(server, Self.started).status == 201)
    }

    /// A file past its field's limit: the 413 naming the field reaches a client that sends its
    /// whole body (the rest is read and dropped, not reset). A Content-Length past the whole
    /// bound is refused before the body is read, and a client reading while it sends hears it
    /// and stops.
    @Test func aClientStillSendingHearsThe413() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Upload.forms(scratch))
        defer { server.stop() }
        var form = MultipartForm()
        form.field("title", "Huge photo")
        let head = form.head + form.fileHead("photo", fileName: "huge.png", type: "image/png")
        let fileSize = 2_500_000
        let length = head.count + fileSize + 2 + form.end.count
        let upload = try StreamingUpload(port: server.port)
        var pieces = [head, Upload.png]
        var left = fileSize - Upload.png.count
        while left > 0 {
            pieces.append(Data(count: min(left, 16_384)))
            left -= 16_384
        }
        pieces += [Data("\r\n".utf8), form.end]
        var index = 0
        let answer = upload.post("/forms/proposal/submissions", contentType: form.contentType, contentLength: length,
                                 headers: ["Accept": "application/json"]) {
            defer { index += 1 }
            return index < pieces.count ? pieces[index] : nil
        }
        #expect(answer.status == 413 && answer.text.contains("photo"), "\(answer)")

        let past = try StreamingUpload(port: server.port)
        var sentPieces = 0
        let refused = past.post("/forms/proposal/submissions", contentType: form.contentType, contentLength: 50_000_000,
                                headers: ["Accept": "application/json"]) {
            sentPieces += 1
            return sentPieces < 3_000 ? Data(count: 16_384) : nil
        }
        #expect(refused.status == 413 && refused.text.contains("larger than"), "\(refused)")
        #expect(past.sent < 50_000_000, "the answer came while the client was sending (\(past.sent) bytes sent)")
        #expect(try Upload.stored(scratch) == "0 0 0 0")
    }

    /// A form taking one file of up to 200 MiB.
    static let archive = #"""
    {"title": "Archive", "maxUploadSize": 209715200,
     "sections": [{"elements": [{"type": "file", "key": "archive", "title": "Archive", "maxSize": 209715200}]}]}
    """#

    /// 100 MB streamed from the test (made piece by piece, hashed as it is sent): the server's
    /// resident memory grows by less than 64 MB over its idle size, and the file comes back
    /// with the same SHA-256.
    @Test func a100MBUploadKeepsTheServersMemoryFlat() throws {
        let scratch = try Scratch()
        let server = try ServerProcess(scratch, formsDirectory: try Upload.forms(scratch, Self.archive, name: "archive"),
                                       extra: ["--request-timeout", "300"])
        defer { server.stop() }
        // Idle: after a first request has warmed the server up.
        #expect(try server.request("GET", "/forms/archive", type: nil).status == 200)
        let idle = try #require(residentBytes(of: server.process.processIdentifier))
        let sampling = MemorySampler(pid: server.process.processIdentifier)
        let form = MultipartForm()
        let head = form.fileHead("archive", fileName: "archive.bin")
        let size = 100_000_000
        let length = head.count + size + 2 + form.end.count
        let hash = try StreamingSHA256()
        var pattern = Data(count: 65_536)
        for index in 0..<pattern.count { pattern[index] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 8) }
        var made = 0
        var stage = 0
        let upload = try StreamingUpload(port: server.port)
        let answer = upload.post("/forms/archive/submissions", contentType: form.contentType, contentLength: length,
                                 headers: ["Accept": "application/json"], timeout: 300) {
            switch stage {
            case 0:
                stage = 1
                return head
            case 1 where made < size:
                var piece = pattern.prefix(min(pattern.count, size - made))
                piece[piece.startIndex] = UInt8(truncatingIfNeeded: made >> 16)
                made += piece.count
                hash.update(piece)
                return piece
            case 1:
                stage = 2
                return Data("\r\n".utf8) + form.end
            default:
                return nil
            }
        }
        let peak = sampling.stop()
        #expect(answer.status == 201, "\(answer)")
        let grown = peak - idle
        #expect(grown < 64 << 20, "the server grew by \(grown >> 20) MB over its idle \(idle >> 20) MB")
        print("100 MB upload: idle \(idle >> 20) MB, peak \(peak >> 20) MB, grown \(grown >> 20) MB")
        let sha = hash.finish()
        let created = (try? JSONSerialization.jsonObject(with: Data(answer.text.utf8))) as? [String: Any]
        let id = try #require(created?["id"] as? Int)
        let shown = try server.request("GET", "/submissions/\(id)", type: nil, headers: ["Authorization": "Bearer \(server.token)"])
        #expect((shown.object["files"] as? [[String: Any]])?.first?["sha256"] as? String == sha, "\(shown.text.prefix(500))")
    }

    /// SIGKILL while a file is half sent: after a restart no submission row, no attachment and
    /// no stored content is there.
    @Test func aServerKilledMidUploadLeavesNothingBehind() throws {
        let scratch = try Scratch()
        let forms = try Upload.forms(scratch, Self.archive, name: "archive")
        let server = try ServerProcess(scratch, formsDirectory: forms)
        let form = MultipartForm()
        let head = form.fileHead("archive", fileName: "archive.bin")
        let upload = try StreamingUpload(port: server.port)
        #expect(upload.start("/forms/archive/submissions", contentType: form.contentType, contentLength: head.count + 20_000_002 + form.end.count,
                             bytes: head + Data(count: 8_000_000)))
        usleep(300_000)
        kill(server.process.processIdentifier, SIGKILL)
        server.process.waitUntilExit()
        let again = try ServerProcess(scratch, formsDirectory: forms)
        defer { again.stop() }
        #expect(try Upload.stored(scratch) == "0 0 0 0")
        #expect(try scratch.rows("pragma integrity_check").trimmingCharacters(in: .newlines) == "ok")
    }
}

/// The highest resident memory of a process, sampled every 20 ms on a thread of its own.
final class MemorySampler: @unchecked Sendable {
    // @unchecked: `peak` and `running` are read and written under `lock` only.
    private let lock = NSLock()
    private var peak = 0
    private var running = true
    private let thread: Thread

    init(pid: Int32) {
        let box = Box()
        thread = Thread { box.sampler?.loop(pid) }
        box.sampler = self
        thread.start()
    }

    private final class Box: @unchecked Sendable {
        // @unchecked: set once before the thread starts.
        weak var sampler: MemorySampler?
    }

    private func loop(_ pid: Int32) {
        while lock.withLock({ running }) {
            if let now = residentBytes(of: pid) { lock.withLock { peak = max(peak, now) } }
            usleep(20_000)
        }
    }

    /// Stops sampling; the highest seen.
    func stop() -> Int {
        lock.withLock { running = false }
        usleep(40_000)
        return lock.withLock { peak }
    }
}
