import InjectionGraph
import InjectionSynthetic
import Testing
@testable import InjectionInspector

/// A 10 000-service graph renders like a small one. Timing is printed, never asserted (run in
/// release to measure: `swift test -c release --filter RenderScaleTests`).
struct RenderScaleTests {
    @Test func tenThousandServicesRenderEveryScreen() {
        let clock = ContinuousClock()
        var model = InspectorModel(connection: .live)
        let records = SyntheticTrace(services: 10_000, edges: 40_000, cycles: 3).records()
        let ingest = clock.measure { model.apply(records, now: 0) }
        var state = InspectorState()
        state.pageSize = InspectorLayout(rows: 40, columns: 120).pageSize
        let sync = clock.measure { state.sync(with: model) }
        #expect(state.items.count == 10_000)
        var frames: [Duration] = []
        var canvas = Canvas(rows: 0, columns: 0)
        for key in ["1", "2", "3", "4", "5", "6", "7"] {
            _ = state.handle(.character(Character(key)), model: model)
            for _ in 0..<10 {
                frames.append(clock.measure { canvas = InspectorView.render(model: model, state: state, rows: 40, columns: 120) })
            }
            #expect(!canvas.textDump().isEmpty)
        }
        _ = state.handle(.character("1"), model: model)
        let resort = clock.measure { _ = state.handle(.character("s"), model: model) }
        frames.sort()
        print("""
            render-scale: \(records.count) records ingested in \(ingest); first sync \(sync); re-sort \(resort)
            render-scale: frame median \(frames[frames.count / 2]), worst \(frames.last!) over \(frames.count) frames
            """)
    }
}
