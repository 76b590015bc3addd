import Foundation

/// Checks on a database path made before SQLite is given it: SQLite opens whatever it is given
/// and then creates `-journal` and `-wal` files beside it, so `/dev/null` as a database left
/// world-writable files in `/dev`, and a directory or FIFO gave an obscure error or a hang.
enum DatabaseFile {
    /// What the path is when it exists and is not a regular file ("a character device"), or nil.
    static func nonRegularKind(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether a write-ahead log with content lies beside the database: its transactions are
    /// part of the database, and an `immutable` open would not see them.
    static func hasWriteAheadLog(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > 0
    }

    /// `file:PATH?immutable=1`: SQLite reads the file without locks or a `-shm` file, which is
    /// what a read-only directory allows.
    static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return "file:" + escaped + "?immutable=1"
    }
}
