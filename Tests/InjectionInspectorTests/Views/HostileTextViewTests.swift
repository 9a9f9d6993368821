import InjectionSynthetic
import Injection
import InjectionTrace
import Testing
@testable import InjectionInspector

/// The inspector draws names from a hostile trace (CSI, OSC 52, OSC 8, C1, DEL, bidi overrides)
/// escaped on every screen, its detail pane and the reader's messages.
struct HostileTextViewTests {
    @Test func everyScreenDrawsTheHostileTraceEscaped() throws {
        let file = try TraceReader.read(bytes: Array((HostileTrace.lines().joined(separator: "\n") + "\n").utf8))
        var model = InspectorModel(connection: .file("hostile.ndjson"))
        model.apply([.header(file.header)] + file.records, now: 0)
        #expect(file.diagnostics.count == 1, "the unknown kind is reported")
        let message = try #require(file.diagnostics.first).description
        var sawEvil = false
        for screen in ["1", "2", "3", "4", "5", "6", "7"] {
            for keys in [[screen], [screen, "\r"], [screen, "j", "\r"]] {
                var state = ShopTrace.state(for: model)
                for key in keys {
                    _ = state.handle(key == "\r" ? .enter : .character(Character(key)), model: model)
                }
                state.message = message
                let text = InspectorView.render(model: model, state: state, rows: 40, columns: 200).textDump()
                #expect(HostileTrace.rawControls(in: text) == [], "screen \(keys): \(text)")
                sawEvil = sawEvil || text.contains("Evil\\u{1B}[2J")
            }
        }
        #expect(sawEvil, "the hostile service is on screen, escaped")
    }
}
