import Foundation
import Testing

/// Submissions that formctl f42e323 stored (Tests/Fixtures/migration), changed on the record by
/// today's formctl on SQLite and on PostgreSQL: over HTTP with a token made after the
/// migration, and with edit, review, delete and purge on the command line; each keeps what the
/// old formctl stored as its first revision.
@Suite struct OldDatabaseEditE2ETests {
    @Test(arguments: OldDatabaseBackend.allCases)
    func anOldSubmissionIsEditedOverHTTPWithATokenMadeOnTheMigratedDatabase(_ backend: OldDatabaseBackend) throws {
        let old = try OldDatabase(backend)
        let before = try old.submissions()
        let first = try #require(before.first { $0["form"] as? String == "signup" && $0["status"] as? String == "final" })
        let id = try #require(first["id"] as? Int)
        let oldValues = try #require(first["data"] as? [String: Any])
        #expect((oldValues["guests"] as? [Any])?.count == 3, "\(oldValues)")
        // The first command that writes migrates the database; the old formctl had no tokens.
        let made = try old.formctl(["token", "create", "--form", "signup", "--scope", "write", "--name", "editor"])
        let token = try #require(made.stdout.split(separator: "\n").last.map(String.init), "\(made)")
        #expect(made.exitCode == 0, "\(made)")
        // The last --db is the one serve takes.
        let server = try ServerProcess(old.scratch, extra: ["--db", old.address])
        defer { server.stop() }
        let authorized = ["Authorization": "Bearer \(token)"]

        let shown = try server.request("GET", "/submissions/\(id)", headers: authorized)
        #expect(shown.status == 200 && shown.headers["etag"] == #""1""#, "\(shown.text)")
        #expect(shown.object["uuid"] as? String == first["uuid"] as? String, "\(shown.text)")
        let change = #"{"guests":[{"email":"ann+tag@example.com"}],"_reason":"two guests cancelled"}"#
        let edited = try server.request("PUT", "/submissions/\(id)", body: change,
                                        headers: authorized.merging(["If-Match": #""1""#]) { a, _ in a })
        #expect(edited.status == 200 && edited.object["revision"] as? Int == 2, "\(edited.text)")

        let history = try server.request("GET", "/submissions/\(id)/history", headers: authorized)
        let revisions = history.object["revisions"] as? [[String: Any]] ?? []
        #expect(revisions.count == 2, "\(history.text)")
        let kept = try #require(revisions.first?["data"] as? [String: Any])
        #expect(NSDictionary(dictionary: kept) == NSDictionary(dictionary: oldValues), "revision 1 is what the old formctl stored")
        #expect(revisions.first?["actor"] is NSNull && revisions.last?["actor"] as? String == "editor", "\(history.text)")
        let changes = revisions.last?["changes"] as? [[String: Any]] ?? []
        #expect(changes.compactMap { $0["path"] as? String }.sorted() == ["guests.1.email", "guests.2.email"], "\(history.text)")
        #expect(server.stop() == 0)
    }

    @Test(arguments: OldDatabaseBackend.allCases)
    func anOldSubmissionIsEditedReviewedDeletedAndPurgedOnTheCommandLine(_ backend: OldDatabaseBackend) throws {
        let old = try OldDatabase(backend)
        let before = try old.submissions()
        let registrations = before.filter { $0["form"] as? String == "registration" && $0["status"] as? String == "final" }
        let edited = try #require(registrations.first { ($0["data"] as? [String: Any])?["workshops"] != nil })
        let editedID = try #require(edited["id"] as? Int)
        let gone = try #require(registrations.last { $0["id"] as? Int != editedID })
        let goneID = try #require(gone["id"] as? Int)

        let edit = try old.formctl(["edit", String(editedID), "--set", "workshops.1.title=COBOL tomorrow", "--reason", "renamed",
                                    "--actor", "clerk", "--no-input"])
        #expect(edit.exitCode == 0 && edit.stdout.hasPrefix("edited submission \(editedID): revision 2"), "\(edit)")
        let shown = try old.formctl(["show", String(editedID), "--history", "--json"])
        let history = try #require(try JSONSerialization.jsonObject(with: shown.stdoutData) as? [String: Any], "\(shown)")
        let revisions = try #require(history["revisions"] as? [[String: Any]], "\(shown)")
        #expect(revisions.count == 2, "\(shown)")
        let kept = try #require(revisions.first?["data"] as? [String: Any])
        #expect(NSDictionary(dictionary: kept) == NSDictionary(dictionary: try #require(edited["data"] as? [String: Any])),
                "revision 1 is what the old formctl stored")
        #expect(revisions.first?["at"] as? String == edited["updated_at"] as? String, "\(shown)")
        #expect(revisions.last?["actor"] as? String == "clerk" && revisions.last?["reason"] as? String == "renamed", "\(shown)")
        let changes = revisions.last?["changes"] as? [[String: Any]] ?? []
        #expect(changes.count == 1 && changes.first?["path"] as? String == "workshops.0.title", "\(shown)")

        let review = try old.formctl(["review", String(goneID), "approved", "--comment", "paid", "--actor", "desk"])
        #expect(review.exitCode == 0 && review.stdout == "submission \(goneID) (revision 1) is now approved\n", "\(review)")
        let delete = try old.formctl(["delete", String(goneID), "--yes", "--reason", "duplicate", "--actor", "desk"])
        #expect(delete.exitCode == 0, "\(delete)")
        let tombstone = try old.formctl(["show", String(goneID), "--history", "--json"])
        let deleted = try #require(try JSONSerialization.jsonObject(with: tombstone.stdoutData) as? [String: Any], "\(tombstone)")
        #expect((deleted["deleted"] as? [String: Any])?["reason"] as? String == "duplicate", "\(tombstone)")
        #expect((deleted["reviews"] as? [[String: Any]])?.first?["comment"] as? String == "paid", "\(tombstone)")
        let purge = try old.formctl(["purge", "--yes"])
        #expect(purge.exitCode == 0 && purge.stdout == "purged 1 deleted submission\n", "\(purge)")

        // What is left is every other old row as it was.
        let dump = try old.formctl(["dump", "--format", "json", "--status", "all"])
        let keys: Set<String> = ["id", "uuid", "form", "version", "status", "created_at", "updated_at", "data"]
        let untouched = before.filter { $0["id"] as? Int != editedID && $0["id"] as? Int != goneID }
        #expect(try OldDatabase.objects(dump.stdoutData).filter { $0["id"] as? Int != editedID }.map { OldDatabase.only(keys, $0) }
                == untouched.map { OldDatabase.only(keys, $0) })
    }

}
