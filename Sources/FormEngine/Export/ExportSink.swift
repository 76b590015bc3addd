/// Where an export's bytes go: a file, an HTTP response body, memory.
///
/// The export hands over its output in chunks, in order: each chunk holds whole rows (a CSV
/// record, an NDJSON line) and is about 256 KiB long, or one row when a row
/// is longer, so memory holds a chunk rather than the whole result. The export awaits each
/// write, so a slow sink (a slow client) holds the reading back. An error thrown by `write`
/// stops the export and reaches its caller as it was thrown.
public protocol ExportSink {
    /// Takes the next bytes of the export.
    mutating func write(_ bytes: [UInt8]) async throws
}
