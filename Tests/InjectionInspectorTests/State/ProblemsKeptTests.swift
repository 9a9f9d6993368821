import Injection
import InjectionGraph
import Testing
@testable import InjectionInspector

/// The problems report, the flags and the tab badges are kept across the graph revisions that
/// only count: a live session at its service limit changes revision with every batch, and
/// checking 16 384 services for each one held the screen.
struct ProblemsKeptTests {
    static let app = ServiceIdentity(type: "App", container: "app")
    static func service(_ index: Int) -> ServiceIdentity { ServiceIdentity(type: "Service\(index)", container: "app") }

    static func event(_ sequence: Int, _ kind: ResolutionEvent.Kind) -> TraceRecord {
        .event(ResolutionEvent(sequence: UInt64(sequence), time: UInt64(sequence) * 100, thread: 1, kind: kind))
    }

    static func resolve(_ index: Int, sequence: Int) -> TraceRecord {
        event(sequence, .resolved(Resolved(
            service: service(index % 10), requester: app, scope: .singleton, outcome: .cached, source: .factory,
            durationNanoseconds: 10, depth: 2)))
    }

    static func missing(_ name: String, sequence: Int) -> TraceRecord {
        event(sequence, .missing(MissingRegistration(
            requested: ServiceIdentity(type: name, container: "app"), requesterChain: [service(3)], nearMisses: [],
            fix: "app.register { \(name)() }", location: nil)))
    }

    @Test func countOnlyRevisionsKeepTheReportAndAStructuralOneChecksOnce() {
        var model = InspectorModel(connection: .live)
        model.apply((0..<10).map { Self.resolve($0, sequence: $0 + 1) } + [Self.missing("Ghost", sequence: 11)], now: 0)
        var state = InspectorState()
        state.sync(with: model)
        #expect(state.problems.fullChecks == 1)
        #expect(state.counts[.missing].count == 1)
        let flagged = try! #require(model.graph.nodeID(for: Self.service(3)))
        #expect(state.flags.flags(of: flagged) == .missing)

        var sequence = 12
        for batch in 0..<20 {
            let revision = model.graph.revision
            model.apply((0..<50).map { Self.resolve($0 + batch, sequence: sequence + $0) }, now: UInt64(batch))
            sequence += 50
            state.sync(with: model)
            #expect(model.graph.revision == revision + 50)
            #expect(state.report == model.graph.check(stillRunning: true))
        }
        #expect(state.problems.fullChecks == 1, "20 batches of resolves of known services: no check from scratch")
        #expect(state.report.session.resolveCount == 1_010)
        #expect(state.items.count == 11)

        // A new missing registration: checked once, badges and flags follow.
        model.apply([Self.missing("Phantom", sequence: sequence)], now: 30)
        state.sync(with: model)
        #expect(state.problems.fullChecks == 2)
        #expect(state.counts[.missing].count == 2)
        #expect(state.report == model.graph.check(stillRunning: true))

        // Another session with the same records: its own graph, checked.
        var other = InspectorModel(connection: .live)
        other.apply((0..<10).map { Self.resolve($0, sequence: $0 + 1) }, now: 0)
        state.sync(with: other)
        #expect(state.problems.fullChecks == 3)
        #expect(state.counts[.missing].count == 0)
        #expect(state.flags.flags(of: flagged) == [])
    }

    @Test func theServicesRowsFollowTheStructureUnlessSortedByACount() {
        var model = InspectorModel(connection: .live)
        model.apply((0..<10).map { Self.resolve($0, sequence: $0 + 1) }, now: 0)
        var state = InspectorState()
        state.sync(with: model)
        _ = state.handle(.character("j"), model: model)
        _ = state.handle(.character("j"), model: model)
        let selected = state.selectedItem?.id
        let built = state.rowBuilds
        var sequence = 11
        func countOnly(_ count: Int) {
            model.apply((0..<count).map { Self.resolve($0 * 3, sequence: sequence + $0) }, now: UInt64(sequence))
            sequence += count
            state.sync(with: model)
        }
        // Sorted by name: ten batches that only count build no rows; the selection stays.
        for _ in 0..<10 { countOnly(7) }
        #expect(state.rowBuilds == built)
        #expect(state.selectedItem?.id == selected)
        #expect(state.items.map(\.id) == ServiceOrderTests.sortedByStrings(model.graph, state.sort, flags: state.flags))

        // A new service: built once.
        model.apply([Self.event(sequence, .resolved(Resolved(
            service: ServiceIdentity(type: "Late", container: "app"), requester: Self.app, scope: .unique, outcome: .created,
            source: .factory, durationNanoseconds: 1, depth: 2)))], now: 99)
        sequence += 1
        state.sync(with: model)
        #expect(state.rowBuilds == built + 1)
        #expect(state.items.count == 12)

        // Sorted by resolves: the order follows the counts, so every revision builds the rows.
        while state.sort.column != .resolves { _ = state.handle(.character("s"), model: model) }
        let byResolves = state.rowBuilds
        for _ in 0..<5 { countOnly(4) }
        #expect(state.rowBuilds == byResolves + 5)
        #expect(state.items.map(\.id) == ServiceOrderTests.sortedByStrings(model.graph, state.sort, flags: state.flags))
    }
}
