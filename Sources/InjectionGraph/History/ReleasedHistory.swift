import Injection

/// What a ``GraphHistory`` compaction cut off: the storage of the dropped records and the graphs
/// they were rebuilt from. Dropping it frees that memory (every record kept whole, every graph
/// node), which takes time in proportion to what was dropped: a UI thread hands it to another
/// thread to drop there.
///
/// ```swift
/// let released = history.dropOldestHalf()
/// Task.detached(priority: .background) { withExtendedLifetime(released) {} }
/// ```
public struct ReleasedHistory: Sendable {
    var entries: [[HistoryEntry]] = []
    var times: [[UInt64]] = []
    var cumulativeResolves: [[UInt64]] = []
    var wholeRecords: [[TraceRecord]] = []
    var graphs: [DependencyGraph] = []

    public init() {}

    /// Whether it holds nothing.
    public var isEmpty: Bool {
        entries.isEmpty && times.isEmpty && cumulativeResolves.isEmpty && wholeRecords.isEmpty && graphs.isEmpty
    }

    /// Records whose compact entries it holds (whole chunks only: the rest of the cut stays in
    /// the history's first chunk until that goes).
    public var recordCount: Int { entries.reduce(0) { $0 + $1.count } }

    /// Chunks of records kept whole that it holds.
    public var wholeRecordChunks: Int { wholeRecords.count }
}
