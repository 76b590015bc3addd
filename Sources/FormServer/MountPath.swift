/// Where the routes are mounted in a router: empty at the root (`formctl serve`), `/forms` under
/// a service's prefix. Every address the routes send out (links, form actions, redirects,
/// `Location`, the page script's calls, the page cookie's path) is made with it, so that a
/// browser following them stays behind the service's own middleware.
struct MountPath: Sendable {
    /// Empty, or `/` and segments with no `/` at the end.
    let prefix: String

    static let root = MountPath(checked: "")

    private init(checked prefix: String) {
        self.prefix = prefix
    }

    /// `path` such as `/forms` or `api/v1/forms/`: its segments, each letters, digits and
    /// `-._~` only, since the prefix is written into pages and headers as it is.
    init(_ path: String) throws(ServerError) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        for segment in segments where segment == "." || segment == ".."
            || !segment.unicodeScalars.allSatisfy({ $0.isASCII && (Character($0).isLetter || Character($0).isNumber || "-._~".unicodeScalars.contains($0)) })
        {
            throw ServerError("the mount path '\(path)' has the segment '\(segment)': use letters, digits and -._~ only")
        }
        self.init(checked: segments.map { "/" + $0 }.joined())
    }

    /// `path` (from the routes' root, starting with `/`) as the client must send it.
    func callAsFunction(_ path: String) -> String {
        prefix + path
    }

    /// The page cookie's `Path`: the mount's own addresses, not the rest of the service.
    var cookiePath: String { prefix.isEmpty ? "/" : prefix }
}
