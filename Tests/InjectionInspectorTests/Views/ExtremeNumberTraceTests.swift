import Foundation
import Injection
import InjectionGraph
import InjectionSynthetic
import InjectionTrace
import Testing
@testable import InjectionInspector

/// Traces whose numbers sit at the extremes of their integer types (``ExtremeNumberTrace``)
/// open, and every view, key and time-cursor step draws at every terminal size, loaded as a
/// file or streamed live: `di-inspect open` on them once trapped after its first screen.
@MainActor
struct ExtremeNumberTraceTests {
    static let sizes = [(rows: 24, columns: 80), (rows: 40, columns: 120), (rows: 12, columns: 50), (rows: 6, columns: 20),
                        (rows: 60, columns: 220)]

    static func records(_ extreme: ExtremeNumberTrace) -> [TraceRecord] {
        var reader = TraceReader()
        let text = extreme.lines().joined(separator: "\n") + "\n"
        return reader.feed(Array(text.utf8))
    }

    @Test(arguments: ExtremeNumberTrace.allCases)
    func everyLineIsRead(extreme: ExtremeNumberTrace) {
        var reader = TraceReader()
        let records = reader.feed(Array((extreme.lines().joined(separator: "\n") + "\n").utf8))
        #expect(reader.takeDiagnostics().filter { $0.severity == .error } == [])
        #expect(records.count == extreme.lines().count)
    }

    @Test(arguments: ExtremeNumberTrace.allCases, [false, true])
    func everyKeyDrawsAtEverySize(extreme: ExtremeNumberTrace, live: Bool) {
        let inspector = HeadlessInspector(records: Self.records(extreme), live: live)
        for key in 0..<HeadlessInspector.keyCount {
            inspector.press(key: key)
            for size in Self.sizes {
                #expect(!inspector.frame(rows: size.rows, columns: size.columns).isEmpty)
            }
        }
        // Walked back and forth along the time cursor from each end.
        for key: Character in ["{", "<", "<", "}", ">", "{", "{", "{"] {
            inspector.press(key: HeadlessInspector.keyNumber(of: key))
            #expect(inspector.frame(rows: 24, columns: 80).contains("extreme-\(extreme.rawValue)"))
        }
    }

    /// The kept copies under `Resources/traces` (the fuzzers' seeds, and what a person opens)
    /// are the traces the tests use.
    @Test(arguments: ExtremeNumberTrace.allCases)
    func theResourceFileIsTheTrace(extreme: ExtremeNumberTrace) throws {
        let text = try String(contentsOfFile: BuiltProducts.fixture(extreme.fileName), encoding: .utf8)
        #expect(text == extreme.lines().joined(separator: "\n") + "\n")
    }
}
