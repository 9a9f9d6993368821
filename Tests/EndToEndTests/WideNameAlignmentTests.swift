import Foundation
import Testing

/// `list` promises aligned columns; names an app really registers (Japanese, an emoji, a
/// zero-width space, an accented letter) must not push the columns after them out of line. The
/// columns are counted the way a terminal draws them: two for a wide character; the zero-width
/// space is shown escaped (`\u{200B}`), so that it is seen.
struct WideNameAlignmentTests {
    /// The terminal columns of the few characters these names use: wide CJK and emoji 2, the
    /// zero-width space 0, everything else 1.
    private static func columns(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x200B: total
            case 0x3040...0x9FFF, 0x1F300...0x1FAFF: total + 2
            default: total + 1
            }
        }
    }

    @Test func listServicesAlignsColumnsAfterWideAndZeroWidthNames() throws {
        let names = ["plain", "日本語の名前", "🚀 rocket", "zero\u{200B}width", "naïve café"]
        var lines = [#"{"format":"di-trace","version":1,"app":"wide","pid":1,"start":"2026-11-26T00:00:00Z"}"#]
        for (index, name) in names.enumerated() {
            lines.append(
                #"{"kind":"registered","seq":\#(2 * index + 1),"t":\#(2 * index + 1),"thread":1,"service":{"type":"Greeter","name":"\#(name)","container":"app"},"scope":"singleton","at":"App/main.swift:\#(index + 1)"}"#)
            lines.append(
                #"{"kind":"resolved","seq":\#(2 * index + 2),"t":\#(2 * index + 2),"thread":1,"service":{"type":"Greeter","name":"\#(name)","container":"app"},"scope":"singleton","outcome":"created","source":"factory","ns":1000,"depth":1}"#)
        }
        let trace = Command.temporaryFile(".ndjson")
        try (lines.joined(separator: "\n") + "\n").write(toFile: trace, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: trace) }

        let result = try Command.run(Command.path(of: "di-inspect"), ["list", trace, "services"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n")
        #expect(rows.count == names.count + 1, "\(result.stdout)")
        // Where the CONTAINER column starts, in terminal columns, on every line.
        let starts = rows.map { row -> Int? in
            guard let range = row.range(of: row == rows[0] ? "CONTAINER" : "  app  ") else { return nil }
            let before = row[..<range.lowerBound]
            return Self.columns(before) + (row == rows[0] ? 0 : 2)
        }
        #expect(starts.allSatisfy { $0 != nil && $0 == starts[0] }, "columns out of line:\n\(result.stdout)")
        for name in names where name != "zero\u{200B}width" {
            #expect(result.stdout.contains(name), "\(name) missing:\n\(result.stdout)")
        }
        // An invisible character is shown escaped: `zerowidth` and `zero\u{200B}width` are two services.
        #expect(result.stdout.contains(#"zero\u{200B}width"#), "\(result.stdout)")
    }
}
