/// A file's size as a person reads it beside its name: `218 bytes`, `12.4 KiB`, `1.2 MiB`, in
/// the binary units the limits are given in (`maxSize` 10 MiB), so a file and its limit
/// compare at a glance; the exact count is in `show` and the dump.
enum FileSizeText {
    static func of(_ bytes: Int) -> String {
        if bytes == 1 { return "1 byte" }
        if bytes < 1024 { return "\(bytes) bytes" }
        var unit = 1024
        for name in ["KiB", "MiB", "GiB"] {
            // One decimal, rounded half up, none when it is 0; 1023.96 KiB is written 1 MiB.
            let tenths = (bytes * 10 + unit / 2) / unit
            if tenths < 10_240 || name == "GiB" {
                return (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)") + " " + name
            }
            unit *= 1024
        }
        return "\(bytes) bytes"
    }
}
