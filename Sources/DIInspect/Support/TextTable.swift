import Injection
import InjectionGraph
import InjectionInspector

/// Plain, aligned columns for script-friendly output: the header in capitals, two spaces between
/// columns, the last column not padded, control characters in cells escaped. Cells are measured
/// in terminal columns (``TextWidth``), not characters: a name in CJK or with an emoji takes two
/// columns a character, a zero-width space none, and the columns after it still line up.
///
/// ```swift
/// var table = TextTable(["SERVICE", "SCOPE"])
/// table.add(["XYZService in 'app'", "singleton"])
/// print(table.text, terminator: "")
/// ```
struct TextTable {
    let header: [String]
    private(set) var rows: [[String]] = []
    /// Columns aligned to the right (numbers).
    var rightAligned: Set<Int> = []

    init(_ header: [String], rightAligned: Set<Int> = []) {
        self.header = header
        self.rightAligned = rightAligned
    }

    mutating func add(_ row: [String]) {
        rows.append(row.map(\.escapingControlCharacters))
    }

    var text: String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { TextWidth.of($0[column]) }.max() ?? 0 }
        var out = ""
        for row in all {
            var line = ""
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - TextWidth.of(cell))
                if column > 0 { line += "  " }
                if rightAligned.contains(column) {
                    line += padding + cell
                } else {
                    line += column == row.count - 1 ? cell : cell + padding
                }
            }
            out += line + "\n"
        }
        return out
    }
}
