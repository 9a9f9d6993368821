import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// The view's rows point into one graph by node index: showing another session must rebuild
/// them even when that session's graph happens to be at the same revision with as many events
/// (short-lived apps that each send the same number of records do exactly that; stale rows
/// then indexed past the new graph's nodes and trapped in `ServicesView.cells`).
struct SessionSwitchSyncTests {
    /// A session whose every event resolves the logger: a header and then as many events as the
    /// shop trace, far fewer services.
    static func loggerOnlySession(records count: Int) -> InspectorModel {
        var model = InspectorModel(connection: .live)
        let events = (1..<count).map { n in
            TraceRecord.event(ResolutionEvent(sequence: UInt64(n), time: UInt64(n) * 1_000_000, thread: 1, kind: .resolved(Resolved(
                service: ShopTrace.logger, requester: nil, scope: .unique, outcome: .created, source: .factory,
                durationNanoseconds: 10, depth: 1))))
        }
        model.apply([.header(TraceHeader(app: "logger-app", pid: 4243, startTime: "2026-11-22T04:23:13Z"))] + events, now: 0)
        return model
    }

    @Test func anotherSessionAtTheSameRevisionGetsItsOwnRows() throws {
        var shop = InspectorModel(connection: .live)
        let records = ShopTrace.records()
        shop.apply(records, now: 0)
        let logger = Self.loggerOnlySession(records: records.count)
        try #require(shop.graph.revision == logger.graph.revision, "the two graphs are at the same revision")
        try #require(shop.events.total == logger.events.total, "with as many events")
        try #require(shop.graph.nodes.count > logger.graph.nodes.count)

        var state = ShopTrace.state(for: shop)
        #expect(state.items.count == shop.graph.nodes.count)
        state.sync(with: logger)
        #expect(state.items.count == logger.graph.nodes.count)
        #expect(state.items.allSatisfy { item in item.node.map { logger.graph.nodes.indices.contains($0) } ?? true })
        // And back: the shop's rows again.
        state.sync(with: shop)
        #expect(state.items.count == shop.graph.nodes.count)
    }

    @Test func aCopyOfTheSameSessionKeepsItsRows() {
        var shop = InspectorModel(connection: .live)
        shop.apply(ShopTrace.records(), now: 0)
        var state = ShopTrace.state(for: shop)
        let copy = shop
        state.sync(with: copy)
        #expect(state.items.count == shop.graph.nodes.count)
        #expect(copy.identity == shop.identity, "a copy of a session is the same session")
        #expect(InspectorModel(connection: .live).identity != shop.identity)
    }
}
