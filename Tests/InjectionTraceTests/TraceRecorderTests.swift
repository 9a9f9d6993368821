import Synchronization
import Testing
@testable import Injection
@testable import InjectionTrace

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The recorder, read back through the reader. Recorders here are fed by hand
/// (`observingEvents: false`) unless a test says otherwise, so parallel tests never see each
/// other's events.
struct TraceRecorderTests {
    static let header = TraceHeader(app: "recorder-test", pid: 1, startTime: "2026-01-01T00:00:00Z")

    private func reset(_ sequence: UInt64, container: String = "c") -> ResolutionEvent {
        ResolutionEvent(sequence: sequence, time: sequence, thread: 1, kind: .scopeReset(
            ScopeReset(container: container, scope: .cached, discarded: Int(sequence))))
    }

    private func resolved(_ sequence: UInt64, type: String, time: UInt64? = nil, ns: UInt64 = 10) -> ResolutionEvent {
        ResolutionEvent(sequence: sequence, time: time ?? sequence, thread: 2, kind: .resolved(Resolved(
            service: ServiceIdentity(type: type, container: "c"), requester: nil, scope: .unique,
            outcome: .created, source: .factory, durationNanoseconds: ns, depth: 1)))
    }

    private func read(_ sink: MemoryTraceSink) throws -> TraceFile {
        try TraceReader.read(bytes: sink.bytes)
    }

    // MARK: - Drops

    @Test func aFullBufferDropsAndCounts() throws {
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(sink: sink, header: Self.header, configuration: .init(capacity: 8))
        // Before start nothing drains: exactly 8 fit, 92 are dropped.
        for sequence in 1...100 { recorder.observe(reset(UInt64(sequence))) }
        #expect(recorder.statistics.dropped == 92)
        recorder.start(observingEvents: false)
        recorder.stop()
        let file = try read(sink)
        #expect(file.diagnostics == [])
        #expect(file.header == Self.header)
        #expect(file.records.map(\.kindName) == Array(repeating: "scopeReset", count: 8) + ["dropped", "end"])
        guard case .dropped(let count, _) = file.records[8], case .end(_, let reason) = file.records[9] else {
            Issue.record("expected dropped then end")
            return
        }
        #expect(count == 92)
        #expect(reason == "exit")
        #expect(sink.isClosed)
    }

    // MARK: - Folding

    @Test func aMillionResolvesFoldIntoFewLinesAndCountsAddUp() throws {
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(
            sink: sink, header: Self.header,
            configuration: .init(capacity: 1024, aggregationInterval: .milliseconds(5)))
        recorder.start(observingEvents: false)
        let types = ["A", "B", "C"]
        let total = 1_000_000
        for index in 0..<total {
            recorder.observe(resolved(UInt64(index + 1), type: types[index % 3], ns: 2))
        }
        recorder.stop()
        let file = try read(sink)
        #expect(file.diagnostics == [])
        var counts: [String: UInt64] = [:]
        var nanoseconds: UInt64 = 0
        var firstEvents = 0
        for record in file.records {
            switch record {
            case .event(let event):
                guard case .resolved(let resolved) = event.kind else { continue }
                counts[resolved.service.type, default: 0] += 1
                nanoseconds += resolved.durationNanoseconds
                firstEvents += 1
            case .aggregate(let aggregate):
                counts[aggregate.service.type, default: 0] += aggregate.count
                nanoseconds += aggregate.totalNanoseconds
                #expect(aggregate.firstTime <= aggregate.lastTime)
            case .dropped:
                Issue.record("nothing may be dropped: repeats only bump a counter")
            default:
                break
            }
        }
        #expect(firstEvents == 3)
        #expect(counts == ["A": 333_334, "B": 333_333, "C": 333_333])
        #expect(nanoseconds == 2 * UInt64(total))
        #expect(file.records.count < 10_000, "\(file.records.count) lines for a million resolves")
        #expect(recorder.statistics.folded == UInt64(total - 3))
    }

    /// A build that keeps its instance is never folded: its place among resets and replacements
    /// says which instance a holder kept. Hits of it fold as any repeat.
    @Test func aKeptBuildIsAlwaysItsOwnLine() throws {
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(sink: sink, header: Self.header)
        recorder.start(observingEvents: false)
        func session(_ sequence: UInt64, _ outcome: Resolved.Outcome) -> ResolutionEvent {
            ResolutionEvent(sequence: sequence, time: sequence, thread: 1, kind: .resolved(Resolved(
                service: ServiceIdentity(type: "Session", container: "c"), requester: nil, scope: .cached,
                outcome: outcome, source: .factory, durationNanoseconds: 10, depth: 1)))
        }
        var sequence: UInt64 = 0
        for _ in 0..<3 {
            sequence += 1
            recorder.observe(session(sequence, .created))
            for _ in 0..<2 {
                sequence += 1
                recorder.observe(session(sequence, .cached))
            }
            sequence += 1
            recorder.observe(reset(sequence))
        }
        recorder.stop()
        let file = try read(sink)
        var lines: [String] = []
        var folded: [Resolved.Outcome: UInt64] = [:]
        for record in file.records {
            switch record {
            case .event(let event):
                if case .resolved(let resolved) = event.kind { lines.append("\(resolved.outcome)") }
                if case .scopeReset = event.kind { lines.append("reset") }
            case .aggregate(let aggregate):
                folded[aggregate.outcome, default: 0] += aggregate.count
            default: break
            }
        }
        // Aggregates are written when the interval ends: only their counts are fixed.
        #expect(lines == ["created", "cached", "reset", "created", "reset", "created", "reset"])
        #expect(folded == [.cached: 5])
    }

    @Test func everyNonResolveEventIsItsOwnLine() throws {
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(sink: sink, header: Self.header)
        recorder.start(observingEvents: false)
        for record in TraceFixtures.everyKind {
            if case .event(let event) = record { recorder.observe(event) }
        }
        recorder.stop()
        let file = try read(sink)
        let expected = TraceFixtures.everyKind.compactMap { record -> String? in
            guard case .event = record else { return nil }
            return record.kindName
        }
        // Both resolutions have distinct keys, so both are written as events.
        #expect(file.records.map(\.kindName) == expected + ["end"])
    }

    // MARK: - Replay for a late or returning inspector

    @Test func aReconnectGetsTheHeaderAndTheDurableRecords() throws {
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(sink: sink, header: Self.header)
        recorder.start(observingEvents: false)
        recorder.observe(reset(1))
        recorder.observe(resolved(2, type: "A"))
        recorder.observe(reset(3))
        #expect(recorder.flush())
        #expect(try read(sink).records.map(\.kindName) == ["scopeReset", "resolved", "scopeReset"])

        sink.disconnect(clear: true)
        recorder.observe(resolved(4, type: "B"))
        #expect(recorder.flush())
        #expect(sink.openCount == 2)
        // The new stream: header, the durable records replayed (not the resolve), then the new one.
        #expect(try read(sink).records.map(\.kindName) == ["scopeReset", "scopeReset", "resolved"])
        recorder.stop()
    }

    /// A server's child per request: the replay holds the containers the app holds, not every
    /// child it ever made, and an inspector that saw a child made while its stream was up learns
    /// on the next stream that it ended.
    @Test func aReconnectReplaysTheContainersStillAliveOnly() throws {
        func event(_ sequence: UInt64, _ kind: ResolutionEvent.Kind) -> ResolutionEvent {
            ResolutionEvent(sequence: sequence, time: sequence, thread: 1, kind: kind)
        }
        func made(_ name: String, _ sequence: UInt64) -> ResolutionEvent {
            event(sequence, .containerCreated(ContainerCreated(
                container: name, parent: name == "app" ? nil : "app", location: SourceLocation(fileID: "App/Server.swift", line: 40))))
        }
        func registered(_ name: String, _ sequence: UInt64) -> ResolutionEvent {
            event(sequence, .registered(Registered(
                service: ServiceIdentity(type: "RequestUser", container: name), scope: .cached,
                location: SourceLocation(fileID: "App/Server.swift", line: 41), replaced: nil)))
        }
        func released(_ name: String, _ sequence: UInt64) -> ResolutionEvent {
            event(sequence, .containerReleased(ContainerReleased(container: name)))
        }
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(sink: sink, header: Self.header)
        recorder.start(observingEvents: false)
        recorder.observe(made("app", 1))
        recorder.observe(registered("app", 2))
        var sequence: UInt64 = 3
        for number in 1...3_000 {
            recorder.observe(made("request-\(number)", sequence))
            recorder.observe(registered("request-\(number)", sequence + 1))
            if number != 2_000 { recorder.observe(released("request-\(number)", sequence + 2)) }
            sequence += 3
        }
        // Made while the stream is up, released while it is down.
        recorder.observe(made("request-late", sequence))
        #expect(recorder.flush())
        sink.disconnect(clear: true)
        sink.setAvailable(false)
        recorder.observe(released("request-late", sequence + 1))
        #expect(recorder.flush())
        sink.setAvailable(true)
        recorder.observe(resolved(sequence + 2, type: "A"))
        #expect(recorder.flush())
        let replayed = try read(sink).records.compactMap { record -> String? in
            guard case .event(let event) = record else { return nil }
            switch event.kind {
            case .containerCreated(let created): return "made \(created.container)"
            case .registered(let registered): return "registered in \(registered.service.container)"
            case .containerReleased(let released): return "released \(released.container)"
            default: return record.kindName
            }
        }
        #expect(replayed == [
            "made app", "registered in app", "made request-2000", "registered in request-2000",
            "released request-late", "resolved",
        ])
        recorder.stop()
    }

    @Test func anInspectorThatAttachesLateSeesTheRegistrations() throws {
        let sink = MemoryTraceSink()
        sink.setAvailable(false)
        let recorder = TraceRecorder(sink: sink, header: Self.header)
        recorder.start(observingEvents: false)
        recorder.observe(reset(1))
        recorder.observe(resolved(2, type: "A"))
        #expect(recorder.flush())
        #expect(sink.bytes.isEmpty)
        sink.setAvailable(true)
        recorder.observe(reset(3))
        #expect(recorder.flush())
        let file = try read(sink)
        #expect(file.records.map(\.kindName) == ["scopeReset", "scopeReset"])
        recorder.stop()
    }

    // MARK: - The end record

    @Test func aFailedResolveEndsTheTraceWithItsReason() throws {
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(sink: sink, header: Self.header)
        recorder.start(observingEvents: false)
        let missing = MissingRegistration(
            requested: ServiceIdentity(type: "XYZFetching", container: "app"), requesterChain: [],
            nearMisses: [], fix: "app.register { <#XYZFetching#>() }", location: nil)
        recorder.observe(ResolutionEvent(sequence: 1, time: 1, thread: 7, kind: .missing(missing)))
        recorder.finishAfterFailedResolve(onThread: 7, message: "the trap's own message")
        let file = try read(sink)
        guard case .end(_, let reason)? = file.records.last else {
            Issue.record("expected an end record, got \(file.records.map(\.kindName))")
            return
        }
        #expect(reason == missing.message)
        // After the end nothing more is recorded; stop does not write a second end.
        recorder.observe(reset(2))
        recorder.stop()
        #expect(try read(sink).records.map(\.kindName) == ["missing", "end"])
    }

    @Test func aSuccessfulResolveClearsAnEarlierFailure() throws {
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(sink: sink, header: Self.header)
        recorder.start(observingEvents: false)
        let cycle = DependencyCycle(path: [ServiceIdentity(type: "A", container: "c"), ServiceIdentity(type: "A", container: "c")])
        recorder.observe(ResolutionEvent(sequence: 1, time: 1, thread: 2, kind: .cycle(cycle)))
        recorder.observe(resolved(2, type: "B"))
        let trapMessage = "Argument mismatch: Search expects arguments of type (String, Int) but was resolved with Int."
        recorder.finishAfterFailedResolve(onThread: 2, message: trapMessage)
        recorder.stop()
        guard case .end(_, let reason)? = try read(sink).records.last else {
            Issue.record("expected an end record")
            return
        }
        // No failure event is left on the thread: the end record carries the trap's own message.
        #expect(reason == trapMessage)
    }

    // MARK: - Real containers, a real file

    @Test func recordsAContainerToAFile() throws {
        let path = "/tmp/di-trace-recorder-test-\(getpid()).ndjson"
        defer { unlink(path) }
        let recorder = TraceRecorder(destination: .file(path: path), header: Self.header)
        recorder.start()
        let name = "recorder-file-test"
        let container = Container(name: name)
        container.register { 42 }
        for _ in 0..<1000 { let _: Int = container.resolve() }
        recorder.stop()

        let file = try TraceReader.read(contentsOfFile: path)
        #expect(file.diagnostics == [])
        // Other tests run in parallel and their events are recorded too: look at ours only.
        var kinds: [String] = []
        var resolves: UInt64 = 0
        for record in file.records {
            switch record {
            case .event(let event):
                switch event.kind {
                case .containerCreated(let created) where created.container == name: kinds.append("containerCreated")
                case .registered(let registered) where registered.service.container == name: kinds.append("registered")
                case .resolved(let resolved) where resolved.service.container == name: resolves += 1
                default: break
                }
            case .aggregate(let aggregate) where aggregate.service.container == name:
                resolves += aggregate.count
            default:
                break
            }
        }
        #expect(kinds == ["containerCreated", "registered"])
        #expect(resolves == 1000)
        guard case .end(_, "exit")? = file.records.last else {
            Issue.record("expected the end record last")
            return
        }
    }

    /// Every resolve a kept build makes is its own line, as the build is, whichever container
    /// answered: the pass says what the kept instance holds. Outside a kept build the same
    /// resolves fold.
    @Test func aKeptBuildsPassIsNeverFolded() throws {
        final class Dependency: Sendable {}
        final class Holder: Sendable {
            let dependency: Dependency
            init(_ dependency: Dependency) { self.dependency = dependency }
        }
        let sink = MemoryTraceSink()
        let recorder = TraceRecorder(sink: sink, header: Self.header)
        recorder.start()
        let name = "recorder-kept-pass-\(getpid())"
        let app = Container(name: name)
        let child = app.makeChild(name: name + "-child")
        app.register(Dependency.self, scope: .graph) { Dependency() }
        app.register(Holder.self, scope: .cached) { c in Holder(c.resolve(Dependency.self)) }
        app.register(Holder.self, name: "short", scope: .unique) { c in Holder(c.resolve(Dependency.self)) }
        for index in 0..<4 {
            _ = app.resolve(Holder.self, name: "short")
            _ = (index % 2 == 0 ? app : child).resolve(Holder.self)
            app.reset(.cached)
        }
        recorder.stop()

        var lines: [String: UInt64] = [:]
        var folded: [String: UInt64] = [:]
        for record in try read(sink).records {
            switch record {
            case .event(let event):
                guard case .resolved(let resolved) = event.kind, resolved.service.container == name,
                      resolved.service.type.hasSuffix("Dependency") else { continue }
                lines[resolved.requester?.name ?? "cached", default: 0] += 1
            case .aggregate(let aggregate)
                where aggregate.service.container == name && aggregate.service.type.hasSuffix("Dependency"):
                folded[aggregate.requester?.name ?? "cached", default: 0] += aggregate.count
            default: break
            }
        }
        // Four builds of the cached holder, through the app and the child: four lines. The
        // unique holder's four fold after a first line (or a few: observers that tests in
        // parallel attach make first occurrences lines again).
        #expect(lines["cached"] == 4)
        #expect(folded["cached"] == nil)
        #expect(lines["short", default: 0] + folded["short", default: 0] == 4)
        #expect(folded["short", default: 0] > 0)
    }
}
