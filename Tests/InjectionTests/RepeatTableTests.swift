@testable import Injection
import Synchronization
import Testing

/// The per-thread table that folds repeated resolutions (``RepeatTable``), driven directly with
/// chosen clock readings, so counts, durations and first/last times can be checked exactly.
struct RepeatTableTests {
    private static func registration(_ type: String, scope: Scope = .unique) -> AnyRegistration {
        PlainFactory<Int>({ 0 }, RegistrationFields(
            identitySource: .given(ServiceIdentity(type: type, container: "repeat-table")), scope: scope,
            location: SourceLocation(fileID: "RepeatTableTests.swift", line: 1), isOverride: false, takesArguments: false))
    }

    /// Folds one resolution of `registration` (requested by `requester`) ending at raw time `end`.
    private static func fold(
        _ table: RepeatTable, _ registration: AnyRegistration, requester: AnyRegistration? = nil,
        scope: Scope = .unique, outcome: Resolved.Outcome = .created, took duration: UInt64 = 10,
        at end: UInt64, generation: UInt64 = 1
    ) -> Bool {
        table.fold(
            registration, requesterID: requester.map { UInt(bitPattern: ObjectIdentifier($0).hashValueBits) } ?? 0,
            requester: requester, kind: scope.kind, scope: scope, outcome: outcome, source: .factory,
            start: end - duration, end: end, generation: generation)
    }

    /// A raw clock reading taken after the clock's origin is fixed. The origin is set on the
    /// clock's first use, and a reading taken before it maps to time 0, so a test that runs
    /// before any other used the clock (alone, or first in a parallel run) saw its repeats'
    /// times collapse to 0.
    private static func clockReading() -> UInt64 {
        _ = EventClock.now()
        return EventClock.raw()
    }

    private static func collect(_ table: RepeatTable, resetTo generation: UInt64? = nil) -> [ResolutionAggregate] {
        var aggregates: [ResolutionAggregate] = []
        _ = table.collect(into: &aggregates, resetTo: generation)
        return aggregates
    }

    @Test func theFirstOccurrenceIsAnEventAndRepeatsCountWithExactTimes() {
        let table = RepeatTable(generation: 1)
        let service = Self.registration("Service")
        let origin = Self.clockReading()
        #expect(!Self.fold(table, service, at: origin + 100), "the first occurrence is delivered as an event")
        #expect(Self.fold(table, service, took: 7, at: origin + 200))
        #expect(Self.fold(table, service, took: 9, at: origin + 350))
        let aggregates = Self.collect(table)
        #expect(aggregates.count == 1)
        let aggregate = aggregates.first
        #expect(aggregate?.service == service.identity && aggregate?.requester == nil)
        #expect(aggregate?.count == 2 && aggregate?.totalNanoseconds == 16)
        #expect(aggregate?.firstTime == EventClock.since(raw: origin + 200))
        #expect(aggregate?.lastTime == EventClock.since(raw: origin + 350))
        // Collected counts start again from zero; the key stays known.
        #expect(Self.fold(table, service, took: 1, at: origin + 400))
        #expect(Self.collect(table).map(\.count) == [1])
        #expect(Self.collect(table).isEmpty)
    }

    @Test func requesterOutcomeAndScopeKeepKeysApart() {
        let table = RepeatTable(generation: 1)
        let service = Self.registration("Service"), holder = Self.registration("Holder")
        let base = Self.clockReading()
        for round: UInt64 in 0..<3 {
            let firsts = [
                Self.fold(table, service, at: base + round),
                Self.fold(table, service, requester: holder, at: base + round),
                Self.fold(table, service, outcome: .cached, at: base + round),
                Self.fold(table, service, scope: .custom("a"), at: base + round),
                Self.fold(table, service, scope: .graph, at: base + round),
            ]
            #expect(firsts == Array(repeating: round > 0, count: 5), "round \(round)")
        }
        let aggregates = Self.collect(table)
        #expect(aggregates.count == 5 && aggregates.allSatisfy { $0.count == 2 })
        #expect(aggregates.filter { $0.requester == holder.identity }.count == 1)
        // A custom scope of another name is not a repeat of the first one's key.
        #expect(!Self.fold(table, service, scope: .custom("b"), at: base + 10))
    }

    @Test func manyKeysGrowTheTableAndAllStayExact() {
        let table = RepeatTable(generation: 1)
        let services = (0..<1_000).map { Self.registration("Service\($0)") }
        let base = Self.clockReading()
        for service in services { #expect(!Self.fold(table, service, at: base)) }
        for round: UInt64 in 1...3 {
            for service in services where !Self.fold(table, service, at: base + round) {
                Issue.record("\(service.identity.type) was not folded in round \(round)")
            }
        }
        let aggregates = Self.collect(table)
        #expect(aggregates.count == services.count)
        #expect(aggregates.allSatisfy { $0.count == 3 && $0.totalNanoseconds == 30 })
        #expect(Set(aggregates.map(\.service)) == Set(services.map(\.identity)))
    }

    @Test func keysPastTheLimitAreEventsEveryTime() {
        let table = RepeatTable(generation: 1)
        let services = (0...RepeatTable.keyLimit).map { Self.registration("Service\($0)") }
        let time = Self.clockReading()
        for service in services { _ = Self.fold(table, service, at: time) }
        let last = services[services.count - 1]
        #expect(!Self.fold(table, last, at: time + 1), "the table is full: the key was not remembered")
        #expect(Self.fold(table, services[0], at: time + 1))
    }

    @Test func anIdleKeyIsForgottenAndItsRegistrationReleased() {
        let table = RepeatTable(generation: 1)
        weak var released: AnyRegistration?
        let busy = Self.registration("Busy")
        let time = Self.clockReading()
        do {
            let idle = Self.registration("Idle")
            released = idle
            #expect(!Self.fold(table, idle, at: time))
            #expect(Self.fold(table, idle, at: time + 1))
        }
        #expect(!Self.fold(table, busy, at: time))
        #expect(Self.collect(table).count == 1)
        // A whole interval without a repeat of "Idle": the next collection drops it.
        #expect(Self.fold(table, busy, at: time + 2))
        #expect(Self.collect(table).map(\.service.type) == ["Busy"])
        #expect(released == nil, "the table let go of the idle key's registration")
        #expect(Self.fold(table, busy, at: time + 3), "a key still repeating stays")
    }

    @Test func aNewGenerationForgetsEveryKeyAndFoldsOnlyUnderIt() {
        let table = RepeatTable(generation: 1)
        let service = Self.registration("Service")
        let time = Self.clockReading()
        _ = Self.fold(table, service, at: time)
        #expect(Self.fold(table, service, at: time + 1))
        #expect(Self.collect(table, resetTo: 2).map(\.count) == [1], "the counts so far are taken first")
        #expect(!Self.fold(table, service, at: time + 2, generation: 1), "a thread holding the old list does not fold")
        #expect(!Self.fold(table, service, at: time + 3, generation: 2), "the first occurrence under the new observers is an event")
        #expect(Self.fold(table, service, at: time + 4, generation: 2))
    }

    /// Folds one untimed resolution of `registration` (``BuildSampling``: no start reading, a
    /// coarse end).
    private static func foldUntimed(_ table: RepeatTable, _ registration: AnyRegistration, at end: UInt64) -> Bool {
        table.fold(
            registration, requesterID: 0, requester: nil, kind: .unique, scope: .unique, outcome: .created,
            source: .factory, start: 0, end: end, generation: 1)
    }

    @Test func untimedRepeatsCountExactlyAndTheTimedOnesGiveTheTotal() {
        let table = RepeatTable(generation: 1)
        let service = Self.registration("Service")
        let origin = Self.clockReading()
        #expect(!Self.fold(table, service, took: 40, at: origin + 100), "the first occurrence, timed")
        #expect(Self.fold(table, service, took: 10, at: origin + 200))
        #expect(Self.fold(table, service, took: 20, at: origin + 300))
        #expect(Self.fold(table, service, took: 30, at: origin + 400))
        // A coarse time stamp may be behind the last precise one: the latest is kept.
        for time: UInt64 in [350, 500, 450, 600, 550, 380] { #expect(Self.foldUntimed(table, service, at: origin + time)) }
        let aggregate = Self.collect(table).first
        #expect(aggregate?.count == 9)
        #expect(aggregate?.totalNanoseconds == 180, "3 timed repeats took 60 ns: 9 repeats take 180 ns")
        #expect(aggregate?.firstTime == EventClock.since(raw: origin + 200))
        #expect(aggregate?.lastTime == EventClock.since(raw: origin + 600))
        // An interval with no timed repeat: the last interval's mean (20 ns) times the count.
        for time: UInt64 in 700..<704 { #expect(Self.foldUntimed(table, service, at: origin + time)) }
        #expect(Self.collect(table).map(\.totalNanoseconds) == [80])
        // All timed: the exact total.
        #expect(Self.fold(table, service, took: 7, at: origin + 800))
        #expect(Self.collect(table).map(\.totalNanoseconds) == [7])
    }

    @Test func aRegistrationGoesUntimedOnlyOnceItWasTimedAndCountedUnderTheSameObservers() {
        let table = RepeatTable(generation: 1)
        let service = Self.registration("Service"), other = Self.registration("Other")
        let address = UInt(bitPattern: ObjectIdentifier(service).hashValueBits)
        let otherAddress = UInt(bitPattern: ObjectIdentifier(other).hashValueBits)
        // `#expect` takes a call's receiver apart, and `BuildSampling` is noncopyable: asked through these.
        func skipsClock(_ address: UInt, generation: UInt64) -> Bool { table.sampling.skipsClock(address, generation: generation) }
        func lastDuration(of address: UInt) -> UInt64 { table.sampling.lastDuration(of: address) }
        #expect(!skipsClock(address, generation: 1), "never counted: timed")
        let origin = Self.clockReading()
        #expect(!Self.fold(table, service, took: 25, at: origin))
        #expect(lastDuration(of: address) == 25)
        #expect(lastDuration(of: otherAddress) == 0)
        #expect(!skipsClock(address, generation: 2), "other observers: timed")
        #expect(!skipsClock(otherAddress, generation: 1))
        // Untimed most of the time, yet timed again within every 2 × the mean interval.
        var timed = 0, run = 0, longestRun = 0
        for _ in 0..<10_000 {
            if skipsClock(address, generation: 1) {
                run += 1
                longestRun = max(longestRun, run)
            } else {
                timed += 1
                run = 0
            }
        }
        let mean = Int(BuildSampling.meanInterval)
        #expect(longestRun < 2 * mean - 1)
        #expect((10_000 / (2 * mean)...10_000 / (mean / 2)).contains(timed), "\(timed) timed of 10 000")
        // A cache hit is not a build: it does not say how long one takes.
        #expect(!Self.fold(table, other, outcome: .cached, took: 0, at: origin + 1))
        #expect(!skipsClock(otherAddress, generation: 1))
    }

    /// The owner counts without a lock while another thread collects over and over: every repeat
    /// is in exactly one aggregate (or, when a collection found the key idle and dropped it, is
    /// an event again), and each aggregate's times cover only its own repeats. Run under
    /// ThreadSanitizer too (`make tsan`).
    @Test func collectionsWhileTheOwnerCountsLoseAndRepeatNothing() {
        let table = RepeatTable(generation: 1)
        let service = Self.registration("Service")
        let repeats: UInt64 = 200_000
        let done = Atomic<Bool>(false)
        let collected = Mutex<[ResolutionAggregate]>([])
        let events = Mutex<[UInt64]>([])
        let base = Self.clockReading()
        onThreads(2) { thread in
            if thread == 0 {
                _ = Self.fold(table, service, took: 0, at: base)
                var delivered: [UInt64] = []
                for index in 1...repeats where !Self.fold(table, service, took: 1, at: base + index) {
                    delivered.append(index)
                }
                events.withLock { $0 = delivered }
                done.store(true, ordering: .releasing)
            } else {
                while !done.load(ordering: .acquiring) {
                    let aggregates = Self.collect(table)
                    collected.withLock { $0 += aggregates }
                }
            }
        }
        let aggregates = collected.withLock { $0 } + Self.collect(table)
        let delivered = events.withLock { $0 }
        #expect(aggregates.reduce(0) { $0 + $1.count } + UInt64(delivered.count) == repeats)
        #expect(aggregates.reduce(0) { $0 + $1.totalNanoseconds } + UInt64(delivered.count) == repeats)
        // Repeat n ends at base + n: each aggregate spans exactly its own repeats, and together
        // with the events they cover every repeat once, in order.
        let spans = aggregates.map { ($0.firstTime, $0.lastTime, $0.count) }
            + delivered.map { (EventClock.since(raw: base + $0), EventClock.since(raw: base + $0), UInt64(1)) }
        var next = EventClock.since(raw: base + 1)
        for (first, last, count) in spans.sorted(by: { $0.0 < $1.0 }) {
            #expect(first == next && last - first == count - 1)
            next = last + 1
        }
        #expect(next == EventClock.since(raw: base + repeats) + 1)
    }
}

extension RepeatTableTests {
    @Test func aRepeatTouchesOneCacheLineOfItsSlot() throws {
        let line = RepeatTable.Slots.alignment
        let counts = try #require(MemoryLayout<RepeatTable.Entry>.offset(of: \.counts))
        #expect(MemoryLayout<RepeatTable.Entry>.offset(of: \.key) == 0)
        #expect(counts + MemoryLayout<RepeatCounts>.size <= line, "the key and the counts share the slot's first line")
        #expect(MemoryLayout<RepeatTable.Entry>.stride % line == 0, "every slot starts a line: \(MemoryLayout<RepeatTable.Entry>.stride)")
    }
}
