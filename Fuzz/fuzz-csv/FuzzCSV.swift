import FormCore
import FuzzSupport

/// Any bytes as cells (split at NUL): written by `CSVCell`, read back by a separate RFC 4180
/// reader, they are the same cells, formulas with their `'` in front.
enum FuzzCSV {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let cells = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        var line: [UInt8] = []
        for (index, cell) in cells.enumerated() {
            if index > 0 { line.append(UInt8(ascii: ",")) }
            cell.withUnsafeBytes { CSVCell.write($0, neutralizingFormulas: true) { line.append(contentsOf: $0) } }
        }
        let expected = cells.map { cell in cell.first.map(CSVCell.startsFormula) == true ? [UInt8(ascii: "'")] + cell : cell }
        precondition(read(line) == expected, "a CSV record does not read back")
    }

    /// RFC 4180 for one record: quoted fields with doubled quotes, bare fields up to a comma.
    static func read(_ line: [UInt8]) -> [[UInt8]] {
        var fields: [[UInt8]] = []
        var index = 0
        while true {
            var field: [UInt8] = []
            if index < line.count, line[index] == 0x22 {
                index += 1
                while index < line.count {
                    if line[index] == 0x22 {
                        if index + 1 < line.count, line[index + 1] == 0x22 { field.append(0x22); index += 2; continue }
                        index += 1
                        break
                    }
                    field.append(line[index])
                    index += 1
                }
            } else {
                while index < line.count, line[index] != UInt8(ascii: ",") { field.append(line[index]); index += 1 }
            }
            fields.append(field)
            guard index < line.count, line[index] == UInt8(ascii: ",") else { return fields }
            index += 1
        }
    }
}

@main enum Main { static func main() { FuzzInputs.main(FuzzCSV.run) } }
