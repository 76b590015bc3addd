/// An image's size in pixels, read from its header (PNG, GIF, WebP, JPEG), so that a form's
/// `imageMaxLength` can be held to and a reader knows the size without decoding the image.
/// A JPEG's size sits after its metadata segments (an EXIF block can be 64 KiB), so the
/// header is read through `read`, a few bytes at a time, never the whole file.
enum ImagePixelSize {
    /// Up to `count` bytes from `offset`, fewer at the end.
    typealias Read = (_ offset: Int, _ count: Int) throws -> [UInt8]

    /// Width and height, nil when the type has no header this reads or the header is damaged.
    static func of(mediaType: String, size: Int, read: Read) -> (width: Int, height: Int)? {
        let found: (Int, Int)?
        switch mediaType {
        case "image/png": found = try? png(read)
        case "image/gif": found = try? gif(read)
        case "image/webp": found = try? webp(read)
        case "image/jpeg": found = try? jpeg(read, size: size)
        default: found = nil
        }
        guard let (width, height) = found, width > 0, height > 0 else { return nil }
        return (width, height)
    }

    static func png(_ read: Read) throws -> (Int, Int)? {
        let b = try read(12, 12)
        guard b.count == 12, b[0..<4].elementsEqual("IHDR".utf8) else { return nil }
        return (bigEndian(b[4..<8]), bigEndian(b[8..<12]))
    }

    static func gif(_ read: Read) throws -> (Int, Int)? {
        let b = try read(6, 4)
        guard b.count == 4 else { return nil }
        return (Int(b[0]) | Int(b[1]) << 8, Int(b[2]) | Int(b[3]) << 8)
    }

    static func webp(_ read: Read) throws -> (Int, Int)? {
        let b = try read(12, 18)
        guard b.count == 18 else { return nil }
        switch String(decoding: b[0..<4], as: UTF8.self) {
        case "VP8 ":
            // A key frame: 3 bytes of frame tag, the start code, then 14-bit width and height.
            guard b[11] == 0x9D, b[12] == 0x01, b[13] == 0x2A else { return nil }
            return ((Int(b[14]) | Int(b[15]) << 8) & 0x3FFF, (Int(b[16]) | Int(b[17]) << 8) & 0x3FFF)
        case "VP8L":
            guard b[8] == 0x2F else { return nil }
            let (b0, b1, b2, b3) = (Int(b[9]), Int(b[10]), Int(b[11]), Int(b[12]))
            return (1 + ((b1 & 0x3F) << 8 | b0), 1 + ((b3 & 0x0F) << 10 | b2 << 2 | (b1 & 0xC0) >> 6))
        case "VP8X":
            return (1 + (Int(b[12]) | Int(b[13]) << 8 | Int(b[14]) << 16), 1 + (Int(b[15]) | Int(b[16]) << 8 | Int(b[17]) << 16))
        default:
            return nil
        }
    }

    /// Walks the segments from the start of the image to the first frame header (SOF), reading
    /// each segment's marker and length only.
    static func jpeg(_ read: Read, size: Int) throws -> (Int, Int)? {
        var offset = 2
        for _ in 0..<10_000 {
            guard offset + 4 <= size else { return nil }
            let b = try read(offset, 9)
            guard b.count >= 4, b[0] == 0xFF else { return nil }
            let marker = b[1]
            switch marker {
            case 0xFF:
                offset += 1  // fill byte before a marker
            case 0x01, 0xD0...0xD8:
                offset += 2  // markers without a length
            case 0xD9, 0xDA:
                return nil  // the end, or the scan data, before any frame header
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                guard b.count == 9 else { return nil }
                return (bigEndian(b[7..<9]), bigEndian(b[5..<7]))
            default:
                let length = bigEndian(b[2..<4])
                guard length >= 2 else { return nil }
                offset += 2 + length
            }
        }
        return nil
    }

    static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }
}
