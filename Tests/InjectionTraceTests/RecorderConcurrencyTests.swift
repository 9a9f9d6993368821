import Synchronization
import Testing
@testable import Injection
@testable import InjectionTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The recorder between the app's threads and its writer thread: several threads record while the
/// writer drains, the collector takes the threads' folded repeats and another thread flushes.
/// Every event is written, folded into an aggregate or counted as dropped, exactly once.
///
/// `make tsan` runs this suite under ThreadSanitizer (its name matches the target's
/// `ConcurrencyTests` filter): the recorder's buffer, its lock bodies and the repeat tables'
/// collection, with the app's threads and the writer at work at once.
struct RecorderConcurrencyTests {
    static let header = TraceHeader(app: "recorder-concurrency", pid: 1, startTime: "2026-01-01T00:00:00Z")

    /// How long `stop()` may take to write what is left. The default (300 ms) bounds an app's
    /// exit; these tests count every event, and under ThreadSanitizer on a loaded machine the
    /// last drain can take longer than that (CI: the stop was cut short, the writer thread left
    /// unjoined and ~1 100 events unwritten), which would be a finding about the machine, not
    /// about the recorder's accounting.
    static let stopTimeout: Duration = .seconds(30)

    /// Recorded by hand on four threads (distinct resolves, repeats of a few keys, failures and
    /// other events) into a small buffer, while the writer drains every millisecond and a fifth
    /// thread flushes and reads the statistics: the written events, the aggregates' counts and
    /// the dropped counts add up to what was recorded.
    @Test func eventsFromManyThreadsWhileTheWriterDrainsAreEachWrittenFoldedOrCounted() throws {
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(
            sink: sink, header: Self.header,
            configuration: .init(capacity: 256, aggregationInterval: .milliseconds(1), stopTimeout: Self.stopTimeout))
        recorder.start(observingEvents: false)
        let threads = 4, perThread = 2_000
        let flushed = Atomic<Int>(0)
        onThreads(threads + 1) { thread in
            guard thread < threads else {
                for _ in 0..<20 {
                    if recorder.flush() { flushed.add(1, ordering: .relaxed) }
                    _ = recorder.statistics
                }
                return
            }
            for index in 0..<perThread {
                let sequence = UInt64(thread * perThread + index + 1)
                let kind: ResolutionEvent.Kind = switch index % 4 {
                case 0: .resolved(Self.resolved("Distinct\(thread)-\(index)"))
                case 1, 2: .resolved(Self.resolved("Repeated\(index % 8)"))
                default: index % 8 == 3
                    ? .missing(MissingRegistration(
                        requested: ServiceIdentity(type: "Missing\(thread)", container: "c"), requesterChain: [],
                        nearMisses: [], fix: "register it", location: nil))
                    : .scopeReset(ScopeReset(container: "c", scope: .cached, discarded: index))
                }
                recorder.observe(ResolutionEvent(sequence: sequence, time: sequence, thread: UInt64(thread + 1), kind: kind))
            }
        }
        recorder.stop()
        #expect(flushed.load(ordering: .relaxed) == 20)

        let file = try TraceReader.read(bytes: sink.bytes)
        #expect(file.diagnostics == [])
        var events: UInt64 = 0, folded: UInt64 = 0, dropped: UInt64 = 0
        for record in file.records {
            switch record {
            case .event: events += 1
            case .aggregate(let aggregate):
                #expect(aggregate.service.type.hasPrefix("Repeated"), "\(aggregate.service.type) folded")
                folded += aggregate.count
            case .dropped(let count, _): dropped += count
            case .header, .end: break
            }
        }
        #expect(events + folded + dropped == UInt64(threads * perThread))
        #expect(recorder.statistics.folded == folded)
        #expect(recorder.statistics.dropped == dropped)
        guard case .end(_, "exit")? = file.records.last else {
            Issue.record("expected the end record last")
            return
        }
    }

    /// Resolved for real on four threads with the recorder attached: the threads count repeats
    /// in their own tables (while the recorder is the only kind of observer; other tests'
    /// observers may switch that off meanwhile, and the counts are exact either way), the writer
    /// collects them every millisecond, and a fifth thread registers services and flushes
    /// (collecting too). Each key's count is exact, and no aggregate comes before its key's first
    /// `resolved` event.
    @Test func resolvesOnManyThreadsWhileTheCollectorDrainsAddUpExactly() throws {
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(
            sink: sink, header: Self.header, configuration: .init(aggregationInterval: .milliseconds(1), stopTimeout: Self.stopTimeout))
        recorder.start()
        let name = "recorder-concurrency-\(getpid())"
        let container = Container(name: name)
        container.register(scope: .singleton) { "kept" }
        container.register { c in c.resolve(String.self).count }
        // Built before the threads start: racing first builds may each run the factory (first
        // writer wins), which would make the "created" count depend on timing.
        let _: String = container.resolve()
        let threads = 4, rounds = 2_000, registered = 20
        let flushed = Atomic<Int>(0)
        onThreads(threads + 1) { thread in
            guard thread < threads else {
                for index in 0..<registered {
                    container.register(Double.self, name: "late\(index)") { Double(index) }
                    if recorder.flush() { flushed.add(1, ordering: .relaxed) }
                }
                return
            }
            for _ in 0..<rounds {
                let _: Int = container.resolve()
                let _: String = container.resolve()
            }
        }
        recorder.stop()
        #expect(flushed.load(ordering: .relaxed) == registered)

        let file = try TraceReader.read(bytes: sink.bytes)
        #expect(file.diagnostics == [])
        var counts: [String: UInt64] = [:]
        var seen: Set<String> = []
        var registrations = 0
        for record in file.records {
            switch record {
            case .event(let event):
                switch event.kind {
                case .resolved(let resolved) where resolved.service.container == name:
                    let key = Self.key(resolved.service, resolved.requester, resolved.outcome)
                    seen.insert(key)
                    counts[key, default: 0] += 1
                case .registered(let registration) where registration.service.container == name:
                    registrations += 1
                default: break
                }
            case .aggregate(let aggregate) where aggregate.service.container == name:
                let key = Self.key(aggregate.service, aggregate.requester, aggregate.outcome)
                #expect(seen.contains(key), "aggregate for \(key) before its first resolved event")
                counts[key, default: 0] += aggregate.count
            case .dropped:
                Issue.record("nothing may be dropped: repeats are counted, not queued")
            default: break
            }
        }
        let total = UInt64(threads * rounds)
        #expect(counts == [
            "String ← app created": 1, "String ← app cached": total, "Int ← app created": total,
            "String ← Int cached": total,
        ])
        #expect(registrations == 2 + registered)
    }

    private static func resolved(_ type: String) -> Resolved {
        Resolved(
            service: ServiceIdentity(type: type, container: "c"), requester: nil, scope: .unique,
            outcome: .created, source: .factory, durationNanoseconds: 10, depth: 1)
    }

    private static func key(_ service: ServiceIdentity, _ requester: ServiceIdentity?, _ outcome: Resolved.Outcome) -> String {
        "\(service.type) ← \(requester?.type ?? "app") \(outcome)"
    }
}

/// Runs `body` on `count` threads at once and waits for all of them.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    BackgroundThread.runConcurrently(count, body)
}
