@testable import Injection
import Testing
@testable import InjectionGraph

/// A folded site's records (a child per request) go into runs in the history: it grows with the
/// runs, not the children, and the graph rebuilt at a run's end is the live one.
struct FoldedRunHistoryTests {
    typealias B = TraceBuilder

    /// A server's records as the live intake passes them on: `requests` children of one site,
    /// their repeated registrations left out (``ContainerFold/foldDroppingRepeats(_:)``), with
    /// `perSpan` requests in each ``GraphHistory/foldedRunSpan`` of trace time.
    static func server(requests: Int, perSpan: Int) -> [TraceRecord] {
        var trace = ContainerFoldTests.appTrace()
        for number in 1...requests { ContainerFoldTests.serve(number, in: &trace) }
        var request = 0
        let timed = trace.records.map { record -> TraceRecord in
            guard case .event(var event) = record else { return record }
            if case .containerCreated(let created) = event.kind, created.container.hasPrefix("request-") { request += 1 }
            event.time = UInt64(request / perSpan) * GraphHistory.foldedRunSpan + event.sequence
            return .event(event)
        }
        var fold = ContainerFold()
        return fold.foldDroppingRepeats(timed)
    }

    /// The span a record's time is in.
    static func span(of record: TraceRecord) -> UInt64? {
        GraphHistory.time(of: record).map { $0 / GraphHistory.foldedRunSpan }
    }

    /// Applies `records` as the inspector does; `before` is called with the live graph and the
    /// history before each record.
    static func apply(_ records: [TraceRecord], before: (TraceRecord, DependencyGraph, GraphHistory) -> Void = { _, _, _ in })
        -> (graph: DependencyGraph, history: GraphHistory) {
        var graph = DependencyGraph()
        var history = GraphHistory()
        for record in records {
            before(record, graph, history)
            graph.apply(record)
            history.append(record, appliedTo: graph)
        }
        return (graph, history)
    }

    /// What the time cursor shows of a graph, but the revision (a run replays as one step).
    /// The instances the site's services keep are exact once its children have all ended; while
    /// one lives, a run's builds replay after its releases, so they are at most its live
    /// children (live, the last child may not have built yet).
    static func expectSame(_ rebuilt: DependencyGraph, _ live: DependencyGraph, _ comment: Comment) {
        #expect(rebuilt.containers == live.containers, comment)
        #expect(rebuilt.nodes.map(\.identity) == live.nodes.map(\.identity), comment)
        #expect(rebuilt.nodes.map(\.resolveCount) == live.nodes.map(\.resolveCount), comment)
        #expect(rebuilt.nodes.map(\.cachedCount) == live.nodes.map(\.cachedCount), comment)
        #expect(rebuilt.nodes.map(\.totalNanoseconds) == live.nodes.map(\.totalNanoseconds), comment)
        let liveChildren = live.containers.filter { $0.made > 1 }.map(\.live).reduce(0, +)
        for (rebuiltNode, liveNode) in zip(rebuilt.nodes, live.nodes) {
            if liveChildren == 0 || rebuiltNode.identity.container == "app" {
                #expect(rebuiltNode.aliveInstances == liveNode.aliveInstances, comment)
            } else {
                #expect((rebuiltNode.aliveInstances ?? 0) <= liveChildren, comment)
                #expect((rebuiltNode.aliveInstances == nil) == (liveNode.aliveInstances == nil), comment)
            }
        }
        #expect(rebuilt.nodes.map(\.lastSeen) == live.nodes.map(\.lastSeen), comment)
        #expect(rebuilt.edges.map(\.count) == live.edges.map(\.count), comment)
        #expect(rebuilt.edges.map(\.createdCount) == live.edges.map(\.createdCount), comment)
        #expect(rebuilt.session.resolveCount == live.session.resolveCount, comment)
        #expect(rebuilt.session.eventCount == live.session.eventCount, comment)
        #expect(rebuilt.session.lastTime == live.session.lastTime, comment)
        #expect(rebuilt.session.lastSequence == live.session.lastSequence, comment)
    }

    @Test func aFoldedSiteCostsTheHistoryARunNotAChild() {
        let few = Self.apply(Self.server(requests: 10, perSpan: 100_000)).history
        let many = Self.apply(Self.server(requests: 3_000, perSpan: 100_000)).history
        #expect(many.count == few.count, "one run holds every child of the span")
        #expect(many.wholeRecordCount == few.wholeRecordCount)
        // (An array's capacity is what the allocator gave it: equal counts, nearly equal bytes.)
        #expect(many.footprint.total - few.footprint.total < 1_024, "\(many.footprint) vs \(few.footprint)")
        #expect(many.mergedRecords > few.mergedRecords)

        // A run per span: its children's entry and one entry per resolve key.
        let spans = Self.apply(Self.server(requests: 3_000, perSpan: 100)).history
        #expect(spans.count > many.count, "a later span is a run of its own")
        #expect(spans.count <= few.count + 31 * 3, "\(spans.count) entries")
    }

    @Test func everyRecordIsAnEntryOrMerged() {
        let records = Self.server(requests: 500, perSpan: 40)
        let (_, history) = Self.apply(records)
        #expect(history.count + history.mergedRecords == records.count)
        // The event log numbers every record but the header: so does the history's count of lines.
        #expect(history.eventLines(through: history.count) == records.count - 1)
        var previous = 0
        for count in 0...history.count {
            let lines = history.eventLines(through: count)
            #expect(lines >= previous, "lines as of \(count)")
            previous = lines
        }
    }

    @Test func theGraphRebuiltAtTheEndOfEachRunIsTheLiveOne() throws {
        var records = Self.server(requests: 400, perSpan: 60)
        // A record of no folded site in the middle of a span ends its run there.
        let middle = try #require(records.firstIndex { Self.span(of: $0) == 3 }) + 25
        records.insert(.event(ResolutionEvent(sequence: 1_000_000, time: GraphHistory.time(of: records[middle - 1])! + 1,
                                              thread: 1, kind: .registered(Registered(
                                                  service: B.id("Metrics"), scope: .singleton, location: B.at(99), replaced: nil)))),
                       at: middle)
        var checked = 0
        var previousSpan: UInt64?
        var boundaries: [(count: Int, live: DependencyGraph)] = []
        let (graph, history) = Self.apply(records) { record, live, history in
            let span = Self.span(of: record)
            defer { previousSpan = span ?? previousSpan }
            let isInserted = if case .event(let event) = record { event.sequence == 1_000_000 } else { false }
            guard let span, let previousSpan, span != previousSpan || isInserted else { return }
            boundaries.append((history.count, live))
        }
        #expect(history.mergedRecords > records.count / 2, "most of a server's records merge")
        for (count, live) in boundaries {
            Self.expectSame(history.graph(through: count), live, "as of record \(count) of \(history.count)")
            checked += 1
        }
        #expect(checked >= 7)
        Self.expectSame(history.graph(through: history.count), graph, "at the end")
        let requests = try #require(graph.container(named: "request-1"))
        #expect(requests.made == 400 && requests.lastMade == "request-400")
    }

    @Test func theAppsDropNotesAndAggregatesInARunAreOneEntryEach() throws {
        let plain = Self.server(requests: 300, perSpan: 100_000)
        var noisy: [TraceRecord] = []
        let user = B.id("RequestUser", in: "request-1"), handler = B.id("RequestHandler", in: "request-1")
        for record in plain {
            noisy.append(record)
            guard case .event(let event) = record, case .containerReleased = event.kind else { continue }
            // What the app's recorder sends after a batch while it drops, and its folded repeats.
            noisy.append(.dropped(count: 7, time: event.time))
            noisy.append(.aggregate(ResolutionAggregate(
                service: user, requester: handler, scope: .cached, outcome: .cached, source: .factory,
                count: 3, totalNanoseconds: 30, firstTime: event.time, lastTime: event.time)))
        }
        let quiet = Self.apply(plain).history
        let (graph, history) = Self.apply(noisy)
        #expect(history.count <= quiet.count + 2 * 2, "a note and an aggregate key for the run, and for request-1's own")
        #expect(history.count + history.mergedRecords == noisy.count)
        #expect(graph.session.droppedCount == 300 * 7)
        let rebuilt = history.graph(through: history.count)
        #expect(rebuilt.session.droppedCount == graph.session.droppedCount)
        #expect(rebuilt.nodes.map(\.resolveCount) == graph.nodes.map(\.resolveCount))
        #expect(rebuilt.containers == graph.containers)
    }

    /// Without the intake's fold (a reconnected stream's starts afresh) every child's
    /// registrations reach the history: a run keeps each once.
    @Test func childrensRepeatedRegistrationsAreKeptOncePerRun() throws {
        var trace = ContainerFoldTests.appTrace()
        for number in 1...1_000 { ContainerFoldTests.serve(number, in: &trace) }
        let few = Self.apply(Array(trace.records.prefix(40))).history
        let (graph, history) = Self.apply(trace.records)
        #expect(history.count <= few.count + 2, "\(history.count) entries for 1 000 children")
        #expect(history.count + history.mergedRecords == trace.records.count)
        let rebuilt = history.graph(through: history.count)
        #expect(rebuilt.containers == graph.containers)
        #expect(rebuilt.nodes.map(\.registrationCount) == graph.nodes.map(\.registrationCount))
        #expect(rebuilt.nodes.map(\.resolveCount) == graph.nodes.map(\.resolveCount))
        #expect(rebuilt.check().problems.isEmpty)
    }

    @Test func aCompactionKeepsTheRunsAndTheirLines() {
        let records = Self.server(requests: 2_000, perSpan: 20)
        var (graph, history) = Self.apply(records)
        let before = history.count
        history.dropOldestHalf()
        #expect(history.droppedRecords == before / 2)
        Self.expectSame(history.graph(through: history.count), graph, "after the cut")
        #expect(history.eventLines(through: history.count) == records.count - 1)
        // Records go on merging after the cut.
        let merged = history.mergedRecords
        for record in Self.server(requests: 2_010, perSpan: 20).suffix(from: records.count) {
            graph.apply(record)
            history.append(record, appliedTo: graph)
        }
        #expect(history.mergedRecords > merged)
        Self.expectSame(history.graph(through: history.count), graph, "after more")
    }

    @Test func withoutFoldedChildrenEveryRecordIsKeptAsItCame() {
        // Children that all live on are containers of their own: nothing folds.
        var trace = ContainerFoldTests.appTrace()
        for number in 1...50 { ContainerFoldTests.serve(number, in: &trace, released: false) }
        for records in [trace.records, GraphHistoryTests.records] {
            let (_, history) = Self.apply(records)
            #expect(history.mergedRecords == 0)
            #expect(history.count == records.count)
            for count in [0, 1, 7, records.count / 2, records.count] {
                #expect(history.eventLines(through: count) == count - history.headerCount(before: count))
            }
        }
    }
}
