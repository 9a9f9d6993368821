import Foundation
import Injection
import Testing
@testable import InjectionGraph

/// Graphviz rejects a quoted string longer than 16 384 bytes: names that long are cut in the
/// label (with an ellipsis) and kept in a tooltip, so `dot` accepts every export.
struct DotLimitTests {
    static let huge = String(repeating: "Ünïcode\"Quote\\", count: 3_000)  // ~48 KB, quotes and escapes

    func hugeGraph() -> DependencyGraph {
        var trace = TraceBuilder()
        let service = TraceBuilder.id(Self.huge, in: "c" + Self.huge, layer: "L" + Self.huge, member: "m")
        trace.container("c" + Self.huge)
        trace.register(service, .custom("s" + Self.huge))
        trace.resolve(service)
        trace.event(.missing(MissingRegistration(
            requested: TraceBuilder.id("Missing" + Self.huge), requesterChain: [service], nearMisses: [], fix: "x",
            location: nil)))
        return trace.graph
    }

    /// Every double-quoted string of `dot`, unescaped length in bytes.
    func quotedStringLengths(_ dot: String) -> [Int] {
        var lengths: [Int] = []
        var inside = false, escaped = false, length = 0
        for byte in dot.utf8 {
            if inside {
                if escaped { escaped = false; length += 1; continue }
                if byte == UInt8(ascii: "\\") { escaped = true; length += 1; continue }
                if byte == UInt8(ascii: "\"") { inside = false; lengths.append(length); continue }
                length += 1
            } else if byte == UInt8(ascii: "\"") {
                inside = true
                length = 0
            }
        }
        return lengths
    }

    @Test func longNamesAreCutInLabelsAndKeptInTooltips() throws {
        let dot = DotExporter().render(hugeGraph())
        let lengths = quotedStringLengths(dot)
        #expect(lengths.max()! <= DotExporter.tooltipBytes)
        #expect(lengths.max()! > DotExporter.labelBytes, "the tooltip holds more than the label")
        #expect(dot.contains("…\\n"), "a cut label ends with an ellipsis before its scope")
        #expect(dot.contains("tooltip=\""))
        let (status, errors) = try runDot(dot)
        #expect(status == 0, "dot rejected the export: \(errors.prefix(500))")
    }

    @Test func cuttingNeverSplitsAnEscape() {
        let label = DotExporter.labelAttributes(String(repeating: "\"", count: 2_000))
        #expect(label.hasPrefix("label=\"\\\"\\\""))
        #expect(label.contains("\\\"…\", tooltip="))
        #expect(DotExporter.labelAttributes("short") == "label=\"short\"")
    }
}
