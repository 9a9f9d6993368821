// Compiled only with the `Tracing` package trait (on by default): see DECISIONS.md.
#if Tracing
import Synchronization

/// Records every ``ResolutionEvent`` to a trace (`docs/TRACE_FORMAT.md`) without slowing the app.
///
/// The resolving thread appends to a bounded buffer; one background thread encodes and writes.
/// When the buffer is full, events are dropped and counted (a `dropped` record). Repeats of one
/// resolution are folded: the first is a `resolved` event, the rest one `aggregate` record per key
/// per ``Configuration/aggregationInterval``, counted by the resolving threads themselves while
/// only folding observers are attached.
///
/// Setting `DI_INSPECT` starts one without code (``TraceBootstrap``); tests start their own:
///
/// ```swift
/// let sink = MemoryTraceSink()
/// let recorder = TraceRecorder(sink: sink)
/// recorder.start()
/// app.register { XYZService() }
/// recorder.stop()          // writes {"kind":"end",…,"reason":"exit"} and closes the sink
/// print(sink.text)
/// ```
public final class TraceRecorder: ResolutionObserver {
    /// Tuning for buffering, folding and replay.
    public struct Configuration: Sendable {
        /// How many records may wait for the background thread before new ones are dropped.
        public var capacity: Int
        /// How often folded repeats are written as `aggregate` records.
        public var aggregationInterval: Duration
        /// Durable records (registrations, failures, …) kept to replay to a late or returning inspector.
        public var replayLimit: Int
        /// Distinct resolution keys folded; beyond it, resolutions are written one per line.
        public var aggregationKeyLimit: Int

        /// The longest ``TraceRecorder/stop(reason:)`` waits for the last records; the rest is counted lost.
        public var stopTimeout: Duration

        public init(
            capacity: Int = 65_536, aggregationInterval: Duration = .milliseconds(250),
            replayLimit: Int = 50_000, aggregationKeyLimit: Int = 100_000, stopTimeout: Duration = .milliseconds(300)
        ) {
            self.stopTimeout = stopTimeout
            self.capacity = capacity
            self.aggregationInterval = aggregationInterval
            self.replayLimit = replayLimit
            self.aggregationKeyLimit = aggregationKeyLimit
        }
    }

    /// Counters for tests and for a summary at exit.
    public struct Statistics: Sendable, Hashable {
        /// Records refused because the buffer was full.
        public var dropped: UInt64
        /// Resolutions counted into `aggregate` records instead of written as events.
        public var folded: UInt64
        /// Lines handed to the sink (header and replays included).
        public var linesWritten: UInt64
    }

    public let sink: any TraceSink
    public let header: TraceHeader
    public let configuration: Configuration

    private let buffer: Lock<TraceBuffer>
    /// Wakes the writer early (flush, stop, half-full buffer); it otherwise polls, so app threads make
    /// no system call per event. Nil when the pipe could not be made.
    private let wake = try? WakePipe()
    private let thread = Lock<BackgroundThread?>(nil)
    private let observation = Lock<ObservationToken?>(nil)
    private let written = Atomic<UInt64>(0)
    /// Records the sink did not take after its stream had opened (a failed or timed-out write).
    private let lost = Atomic<UInt64>(0)
    /// Whether the sink ever opened a stream (a destination that never answered is reported at stop).
    private let everOpened = Atomic<Bool>(false)
    /// Set by the writer thread once it has written its last batch and closed the sink.
    private let drainFinished = Atomic<Bool>(false)
    private let stopRequested = Atomic<Bool>(false)

    /// Creates a recorder; nothing is recorded until ``start(observingEvents:)``.
    ///
    /// - Parameters:
    ///   - sink: Where lines go (``FileTraceSink``, ``SocketTraceSink``, or InjectionTrace's `MemoryTraceSink` in tests).
    ///   - header: The first line of each stream; by default this process's.
    ///   - configuration: Buffer capacity, aggregation interval and replay limits; the defaults suit an app.
    public init(
        sink: any TraceSink, header: TraceHeader = .forCurrentProcess(), configuration: Configuration = Configuration()
    ) {
        self.sink = sink
        self.header = header
        self.configuration = configuration
        buffer = Lock(TraceBuffer(
            capacity: configuration.capacity, aggregationKeyLimit: configuration.aggregationKeyLimit))
    }

    /// A recorder writing to `destination` (a parsed `DI_INSPECT` value).
    public convenience init(
        destination: TraceDestination, header: TraceHeader = .forCurrentProcess(),
        configuration: Configuration = Configuration()
    ) {
        self.init(sink: destination.makeSink(), header: header, configuration: configuration)
    }

    // MARK: - Recording

    /// Takes one event. Called on the resolving thread: a lock, an append or a counter bump.
    public func observe(_ event: ResolutionEvent) {
        var wakeNow = false
        switch event.kind {
        case .resolved(let resolved):
            let key = ResolutionFoldKey(resolved)
            buffer.withLock { buffer in
                guard !buffer.ended else { return }
                if !buffer.failures.isEmpty { buffer.failures.removeAll { $0.thread == event.thread } }
                wakeNow = buffer.add(resolved, key: key, event: event)
            }
        default:
            let failure: String? = switch event.kind {
            case .missing(let missing): missing.message
            case .cycle(let cycle): cycle.message
            default: nil
            }
            buffer.withLock { buffer in
                guard !buffer.ended else { return }
                if let failure { buffer.noteFailure(thread: event.thread, reason: failure) }
                wakeNow = buffer.enqueue(.event(event))
            }
        }
        if wakeNow { wake?.wake() }
    }

    /// The recorder takes repeats as counts (see ``observeRepeats(_:)``).
    public var foldsRepeatedResolutions: Bool { true }

    /// Takes repeats counted by the resolving threads into `aggregate` records (also while stopping,
    /// until the `end` record is written).
    public func observeRepeats(_ aggregates: [ResolutionAggregate]) {
        buffer.withLock { $0.addRepeats(aggregates) }
    }

    /// Starts the background thread and, unless `observingEvents` is false (tests feeding
    /// ``observe(_:)`` by hand), attaches to every container's events. Calling it again does nothing.
    public func start(observingEvents: Bool = true) {
        let started: Bool = thread.withLock { thread in
            guard thread == nil else { return false }
            do {
                thread = try BackgroundThread { [self] in runDrainLoop() }
                return true
            } catch {
                TraceBootstrap.warn("cannot start the trace writer thread (\(error)); recording is off.")
                return false
            }
        }
        guard started else { return }
        TraceRecorder.running.withLock { $0[ObjectIdentifier(self)] = self }
        _ = TraceRecorder.trapHandlerInstalled
        if observingEvents {
            let token = ResolutionEvents.addObserver(self)
            observation.withLock { $0 = token }
        }
    }

    /// Waits until everything observed before the call is written (folded repeats included).
    ///
    /// - Returns: Whether the background thread confirmed the flush before `timeout`.
    @discardableResult
    public func flush(timeout: Duration = .seconds(2)) -> Bool {
        guard thread.withLock({ $0 != nil }) else { return false }
        // Repeats counted by the resolving threads so far join the aggregates before the ticket.
        EventHub.shared.collectRepeats()
        let ticket = buffer.withLock { buffer in
            buffer.flushRequested += 1
            return buffer.flushRequested
        }
        return waitForFlush(ticket, until: PosixIO.monotonicNanoseconds() &+ timeout.nanoseconds)
    }

    private func waitForFlush(_ ticket: UInt64, until deadline: UInt64) -> Bool {
        guard thread.withLock({ $0 != nil }) else { return false }
        wake?.wake()
        while buffer.withLock({ $0.flushCompleted < ticket }) {
            if PosixIO.monotonicNanoseconds() >= deadline { return false }
            PosixIO.sleep(nanoseconds: 200_000)
        }
        return true
    }

    /// Detaches, writes an `end` record with `reason`, flushes, stops the thread and closes the sink;
    /// later calls do nothing. Bounded by ``Configuration/stopTimeout`` whatever the sink does.
    ///
    /// - Returns: The line printed on stderr when anything was lost or no stream ever opened
    ///   (without the `di-inspect:` prefix); nil when the trace is complete or already stopped.
    @discardableResult
    public func stop(reason: String = "exit") -> String? {
        observation.withLock { token in
            token?.cancel()
            token = nil
        }
        let deadline = PosixIO.monotonicNanoseconds() &+ configuration.stopTimeout.nanoseconds
        guard !stopRequested.exchange(true, ordering: .acquiringAndReleasing) else { return nil }
        finish(reason: reason, deadline: deadline)
        buffer.withLock { $0.stopping = true }
        wake?.wake()
        let started = thread.withLock { $0 }
        var finished = started == nil
        while !finished && PosixIO.monotonicNanoseconds() < deadline {
            finished = drainFinished.load(ordering: .acquiring)
            if !finished { PosixIO.sleep(nanoseconds: 200_000) }
        }
        if let started, finished { started.join() }
        if started == nil { sink.close() }
        TraceRecorder.running.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
        let loss = lossReport(flushCutShort: !finished, ran: started != nil)
        if let loss { TraceBootstrap.warn(loss) }
        return loss
    }

    /// The one line `stop` prints when the trace is incomplete, or nil when nothing was lost.
    func lossReport(flushCutShort: Bool, ran: Bool = true) -> String? {
        let dropped = buffer.withLock { $0.totalDropped }
        let lost = lost.load(ordering: .relaxed)
        if ran && !flushCutShort && !everOpened.load(ordering: .relaxed), let failure = sink.failure {
            // A destination that failed before writing anything is "unavailable", not "incomplete".
            return "nothing reached \(sink): \(failure) while the app ran; no trace was recorded."
        }
        guard dropped > 0 || lost > 0 || flushCutShort else { return nil }
        var parts: [String] = []
        if dropped > 0 { parts.append("\(dropped) events dropped while the writer was behind") }
        if lost > 0 { parts.append("\(lost) records not written (\(sink.failure ?? "the stream broke"))") }
        if flushCutShort {
            parts.append("the last records were not written within \(configuration.stopTimeout) (\(sink.failure ?? "the sink was not taking them"))")
        }
        return "the trace to \(sink) is incomplete: " + parts.joined(separator: "; ") + "."
    }

    /// Queues the `end` record (once) and flushes until `deadline`; later events are ignored.
    func finish(reason: String, deadline: UInt64? = nil) {
        // Counts so far are written before the end.
        EventHub.shared.collectRepeats()
        let ticket: UInt64? = buffer.withLock { buffer in
            guard !buffer.ended else { return nil }
            buffer.ended = true
            // Past the capacity on purpose: the end is never dropped, and the final aggregates precede it.
            buffer.pending.append(.end(time: EventClock.now(), reason: reason))
            buffer.flushRequested += 1
            return buffer.flushRequested
        }
        let deadline = deadline ?? PosixIO.monotonicNanoseconds() &+ configuration.stopTimeout.nanoseconds
        if let ticket { _ = waitForFlush(ticket, until: deadline) }
    }

    /// The counters so far.
    public var statistics: Statistics {
        let (dropped, folded) = buffer.withLock { ($0.totalDropped, $0.totalFolded) }
        return Statistics(dropped: dropped, folded: folded, linesWritten: written.load(ordering: .relaxed))
    }

    // MARK: - Background thread

    private func runDrainLoop() {
        // No SIGPIPE from a pipe or socket sink: the signal is thread-directed, and this thread blocks it.
        PosixIO.blockBrokenPipeSignal()

        var drain = TraceDrain(sink: sink, header: header, replayLimit: configuration.replayLimit)
        var spare: [TraceRecord] = []
        spare.reserveCapacity(min(configuration.capacity, 4096))
        let interval = configuration.aggregationInterval.nanoseconds
        var lastAggregation = EventClock.now()
        while true {
            if let wake { wake.wait(milliseconds: 10) } else { PosixIO.sleep(nanoseconds: 10_000_000) }
            let now = EventClock.now()
            let aggregateNow = now &- lastAggregation >= interval
            if aggregateNow {
                lastAggregation = now
                // Before the buffer is taken, so each aggregate's first occurrence is already queued.
                EventHub.shared.collectRepeats()
            }
            let (aggregates, dropped, ticket, stopping) = buffer.withLock { buffer in
                swap(&buffer.pending, &spare)
                buffer.signalledHalfFull = false
                let dropped = buffer.dropped
                buffer.dropped = 0
                let flushing = buffer.flushRequested > buffer.flushCompleted || buffer.stopping
                let aggregates = aggregateNow || flushing ? buffer.takeAggregates() : []
                return (aggregates, dropped, buffer.flushRequested, buffer.stopping)
            }
            // Records, then their aggregates; the end record stays last.
            if let last = spare.last, case .end = last {
                spare.removeLast()
                drain.write(spare, aggregates: aggregates, dropped: dropped, now: now)
                drain.write([last], aggregates: [], dropped: 0, now: now)
            } else {
                drain.write(spare, aggregates: aggregates, dropped: dropped, now: now)
            }
            spare.removeAll(keepingCapacity: true)
            written.store(drain.linesWritten, ordering: .relaxed)
            lost.store(drain.linesLost, ordering: .relaxed)
            if drain.everOpened { everOpened.store(true, ordering: .relaxed) }
            buffer.withLock { $0.flushCompleted = max($0.flushCompleted, ticket) }
            if stopping {
                sink.close()
                drainFinished.store(true, ordering: .releasing)
                return
            }
        }
    }

    // MARK: - Crash path

    /// The running recorders, so the trap handler can write their `end` records.
    private static let running = Lock<[ObjectIdentifier: TraceRecorder]>([:])

    /// Installs, once, the handler that lets each running recorder write `end` before a failed resolve traps.
    private static let trapHandlerInstalled: Bool = {
        InjectionDiagnostics.addTrapHandler { (message: String) in
            let thread = ThreadNumber.current
            for recorder in TraceRecorder.running.withLock({ Array($0.values) }) {
                recorder.finishAfterFailedResolve(onThread: thread, message: message)
            }
        }
        return true
    }()

    /// Writes `end` with the failure about to stop the program: the last missing registration or cycle
    /// reported on `thread`, else the trap's message.
    func finishAfterFailedResolve(onThread thread: UInt64, message: String) {
        let reason = buffer.withLock { buffer in buffer.failures.last { $0.thread == thread }?.reason }
        finish(reason: reason ?? message)
    }
}
#endif
