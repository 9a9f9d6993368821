@_spi(Folding) import Injection
import Testing

/// The one fold key (``ResolutionFoldKey``): the recorder, a resolving thread's repeat table and
/// the inspector's intake fold under it, so a resolution delivered as an event and the repeats
/// a thread counted of it are one key wherever they are folded.
struct ResolutionFoldTests {
    static let service = ServiceIdentity(type: "Repository", container: "app")
    static let requester = ServiceIdentity(type: "ViewModel", container: "app")

    static func resolved(
        service: ServiceIdentity = service, requester: ServiceIdentity? = requester, scope: Scope = .cached,
        outcome: Resolved.Outcome = .cached, source: Resolved.Source = .factory
    ) -> Resolved {
        Resolved(
            service: service, requester: requester, scope: scope, outcome: outcome, source: source,
            durationNanoseconds: 7, depth: 2)
    }

    static func aggregate(of resolved: Resolved, count: UInt64, first: UInt64, last: UInt64) -> ResolutionAggregate {
        ResolutionAggregate(
            service: resolved.service, requester: resolved.requester, scope: resolved.scope,
            outcome: resolved.outcome, source: resolved.source, count: count,
            totalNanoseconds: count.multipliedReportingOverflow(by: 7).overflow ? .max : count * 7,
            firstTime: first, lastTime: last)
    }

    @Test func anEventAndTheRepeatsCountedOfItAreOneKey() {
        let event = Self.resolved()
        let repeats = Self.aggregate(of: event, count: 40, first: 10, last: 90)
        #expect(ResolutionFoldKey(event) == ResolutionFoldKey(repeats))
        #expect(Set([ResolutionFoldKey(event), ResolutionFoldKey(repeats)]).count == 1)
        // The inspector meets repeats as `aggregate` records; its slot adds them to the event's.
        var counts = ResolutionFoldCounts()
        counts.add(duration: 7, time: 95)
        counts.add(repeats)
        let folded = counts.aggregate(for: ResolutionFoldKey(event))
        #expect(folded == Self.aggregate(of: event, count: 41, first: 10, last: 95))
    }

    @Test func eachOfTheFiveFieldsSeparatesKeys() {
        let base = ResolutionFoldKey(Self.resolved())
        let others = [
            Self.resolved(service: ServiceIdentity(type: "Repository", name: "b", container: "app")),
            Self.resolved(requester: nil),
            Self.resolved(scope: .custom("session")),
            Self.resolved(outcome: .created),
            Self.resolved(source: .override),
        ].map(ResolutionFoldKey.init)
        for other in others { #expect(other != base) }
        #expect(Set(others + [base]).count == 6)
    }

    @Test func countsFromThreadsOutOfOrderCoverEveryRepeatAndSaturate() {
        var counts = ResolutionFoldCounts()
        counts.add(duration: 5, time: 50)
        counts.add(duration: 5, time: 20)   // an earlier thread's, pushed later
        counts.add(duration: 5, time: 70)
        #expect((counts.count, counts.totalNanoseconds, counts.firstTime, counts.lastTime) == (3, 15, 20, 70))
        let huge = Self.aggregate(of: Self.resolved(), count: .max - 1, first: 30, last: 40)
        counts.add(huge)
        #expect(counts.count == .max, "a count past UInt64 stays at its largest value")
        #expect(counts.totalNanoseconds == .max)
    }
}
