/// One line of a trace (a file or a live stream): the header, an event, or bookkeeping that the
/// recorder adds. See `docs/TRACE_FORMAT.md` for the wire format.
public enum TraceRecord: Sendable {
    /// The first line: format version and the app that wrote the trace.
    case header(TraceHeader)
    /// One event, as observers saw it.
    case event(ResolutionEvent)
    /// Repeated identical resolutions folded into one line (hot loops).
    case aggregate(ResolutionAggregate)
    /// Events the recorder could not keep because its buffer was full.
    case dropped(count: UInt64, time: UInt64)
    /// The app ended normally, or is about to stop on a failed resolve (`reason`).
    case end(time: UInt64, reason: String)
}

/// The first line of a trace.
public struct TraceHeader: Sendable, Hashable {
    /// The version of the trace format this build writes.
    public static let currentVersion = 1

    public var version: Int
    /// The app's name (its executable's name unless `DI_INSPECT_APP` says otherwise).
    public var app: String
    public var pid: Int32
    /// When recording started, as ISO 8601 in UTC (`2026-11-22T04:23:13Z`).
    public var startTime: String
    /// The runtime version that wrote the trace; nil in traces from before the header carried it.
    public var libraryVersion: String?

    public init(
        version: Int = TraceHeader.currentVersion, app: String, pid: Int32, startTime: String,
        libraryVersion: String? = nil
    ) {
        self.version = version
        self.app = app
        self.pid = pid
        self.startTime = startTime
        self.libraryVersion = libraryVersion
    }
}

/// Identical resolutions (service, requester, scope, outcome, source) between ``firstTime`` and
/// ``lastTime``, folded into one record after the first occurrence's ``TraceRecord/event(_:)``.
public struct ResolutionAggregate: Sendable, Hashable {
    public var service: ServiceIdentity
    public var requester: ServiceIdentity?
    public var scope: Scope
    public var outcome: Resolved.Outcome
    public var source: Resolved.Source
    /// How many resolutions the record stands for.
    public var count: UInt64
    /// Their summed durations.
    public var totalNanoseconds: UInt64
    public var firstTime: UInt64
    public var lastTime: UInt64

    public init(
        service: ServiceIdentity, requester: ServiceIdentity?, scope: Scope, outcome: Resolved.Outcome,
        source: Resolved.Source, count: UInt64, totalNanoseconds: UInt64, firstTime: UInt64, lastTime: UInt64
    ) {
        self.service = service
        self.requester = requester
        self.scope = scope
        self.outcome = outcome
        self.source = source
        self.count = count
        self.totalNanoseconds = totalNanoseconds
        self.firstTime = firstTime
        self.lastTime = lastTime
    }
}
