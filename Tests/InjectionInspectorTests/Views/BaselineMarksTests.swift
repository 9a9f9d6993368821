import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// `open HEAD --baseline BASE`: `+ − ~` marks in the views and the `changed:` filter.
@MainActor
struct BaselineMarksTests {
    /// The shop without the mock HTTP client and without the store's logger, plus an `Audit`
    /// service the head no longer has.
    static func baseline() -> Baseline {
        let audit = ShopTrace.id("Audit")
        var records = ShopTrace.records().filter { record in
            guard case .event(let event) = record else { return true }
            switch event.kind {
            case .registered(let registered): return registered.service != ShopTrace.mockHTTP
            case .staleOverride: return false
            case .resolved(let resolved): return !(resolved.service == ShopTrace.logger && resolved.requester == ShopTrace.store)
            default: return true
            }
        }
        records.append(.event(ResolutionEvent(sequence: 99, time: 99_000_000, thread: 1, kind: .resolved(Resolved(
            service: audit, requester: nil, scope: .unique, outcome: .created, source: .factory, durationNanoseconds: 1, depth: 1)))))
        return Baseline(name: "base.ndjson", graph: DependencyGraph(records: records))
    }

    func inspector() -> Inspector {
        var model = ShopTrace.model()
        model.baseline = Self.baseline()
        let inspector = Inspector(model: model)
        _ = inspector.render(rows: 40, columns: 120)
        return inspector
    }

    func screen(_ inspector: Inspector) -> String { inspector.render(rows: 40, columns: 120).textDump() }

    @Test func servicesAreMarkedAddedAndRemoved() {
        let inspector = inspector()
        let text = screen(inspector)
        #expect(text.contains("+ Network.http: MockHTTPClient"))
        #expect(text.contains("− Audit"), "a service only the baseline has is listed, marked removed")
        #expect(text.contains("vs base.ndjson:"), "the header names the baseline")
        #expect(!text.contains("+ Cart.store: CartStore"))
    }

    @Test func changedFilterKeepsOnlyMarkedLines() {
        let inspector = inspector()
        _ = inspector.handle(.character("/"))
        for character in "changed:removed" { _ = inspector.handle(.character(character)) }
        _ = inspector.handle(.enter)
        #expect(inspector.state.items.map(\.label) == ["Audit"])
        _ = inspector.handle(.character("/"))
        for _ in "removed" { _ = inspector.handle(.backspace) }
        _ = inspector.handle(.enter)
        // changed: alone keeps the added mock, the removed audit, and the HTTP client, which the
        // mock's registration now answers for.
        #expect(Set(inspector.state.items.map { $0.mark?.mark ?? "" }) == ["+", "−", "~"])
        #expect(inspector.state.items.count == 3)
    }

    @Test func anUnknownChangeKindSaysWhatToType() {
        var filter = FilterState()
        filter.set("changed:moved")
        #expect(filter.error == "changed: takes added, removed or changed (got moved)")
        filter.set("changed:+,~ scope:singleton")
        #expect(filter.changes == [.added, .changed])
        #expect(filter.isActive, "the rest of the text still filters")
    }

    @Test func treesMarkNewEdgesToOldServices() {
        let inspector = inspector()
        // The cart store's dependencies: the logger existed, the store → logger edge is new.
        _ = inspector.handle(.character("/"))
        for character in "type:CartStore" { _ = inspector.handle(.character(character)) }
        _ = inspector.handle(.enter)
        _ = inspector.handle(.character("d"))
        let text = screen(inspector)
        #expect(text.contains("└─ + Logger"), "an old service reached by a new edge")
        #expect(text.contains("├─ ~ Network.http: HTTPClient"), "the client is now answered by its override")
    }
}
