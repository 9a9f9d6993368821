// Compiled only with the `Tracing` package trait (on by default): see DECISIONS.md.
#if Tracing
/// The recorder's background-thread side: encodes batches, writes them to the sink, and keeps
/// the durable records for replay when a live inspector (re)connects.
///
/// Owned by the background thread alone, so none of it needs a lock.
struct TraceDrain {
    let sink: any TraceSink
    let header: TraceHeader
    /// Encoded lines of the durable records so far, replayed after the header on every new stream;
    /// a released container's lines are let go of (nil), so the replay holds what the app holds,
    /// not every child a server made per request.
    private var replay: [[UInt8]?] = []
    /// Lines in ``replay`` (not let go of), and their bytes.
    private var replayCount = 0
    private var replayBytes = 0
    /// The lines of each container made (not added) and not released yet, with how many of that
    /// name live and whether a stream was open when one was made: the last one's release lets
    /// them go.
    private var replayOfContainer: [String: (live: Int, lines: [Int], streamed: Bool)] = [:]
    /// Releases, while no stream was open, of containers made while one was (at most
    /// `replayLimit`): the next stream's replay ends with them (the inspector that saw them made
    /// learns they ended), then they go.
    private var releasesWhileAway: [UInt8] = []
    private var releasesWhileAwayCount = 0
    /// Durable records left out of ``replay`` because it was full (announced as `dropped`).
    private var replayOmitted: UInt64 = 0
    private let replayLimit: Int
    private let replayByteLimit: Int
    /// Lines waiting for the next write.
    private var batch: [UInt8] = []
    private var batchLines: UInt64 = 0
    /// Whether the sink accepted the last write (records are only encoded for a live stream).
    private var streaming = false
    private(set) var linesWritten: UInt64 = 0
    /// Records not written after the sink's first stream opened: a failed or timed-out write,
    /// or a stream that stayed broken (before any stream, nobody was listening: not a loss).
    private(set) var linesLost: UInt64 = 0
    /// Whether the sink ever opened a stream.
    private(set) var everOpened = false
    /// Lines lost for good: ``linesLost`` without the header, the replay and the durable
    /// records, which the next stream sends again. They are announced on the stream that
    /// follows, so a reconnected inspector's `dropped N` counts them.
    private var lostForGood: UInt64 = 0
    /// How much of ``lostForGood`` a `dropped` record already told the inspector.
    private var lostAnnounced: UInt64 = 0
    /// Lines of the batch that a new stream would send again (header, replay, durable records,
    /// the announcement itself): not lost for good when the batch fails.
    private var batchResentLines: UInt64 = 0

    init(sink: any TraceSink, header: TraceHeader, replayLimit: Int, replayByteLimit: Int = 16 << 20) {
        self.sink = sink
        self.header = header
        self.replayLimit = replayLimit
        self.replayByteLimit = replayByteLimit
        batch.reserveCapacity(1 << 16)
    }

    /// Writes one drained batch: the records in order, then the folded repeats, then the count
    /// of records dropped since the last batch.
    mutating func write(_ records: [TraceRecord], aggregates: [ResolutionAggregate], dropped: UInt64, now: UInt64) {
        switch sink.prepare() {
        case .unavailable:
            streaming = false
        case .opened:
            streaming = true
            everOpened = true
            TraceEncoder.encode(.header(header), into: &batch)
            for line in replay { if let line { batch.append(contentsOf: line) } }
            batch.append(contentsOf: releasesWhileAway)
            let replayed = UInt64(replayCount + releasesWhileAwayCount)
            releasesWhileAway.removeAll()
            releasesWhileAwayCount = 0
            batchLines += 1 + replayed
            batchResentLines += 1 + replayed
            if replayOmitted > 0 {
                append(.dropped(count: replayOmitted, time: now))
                batchResentLines += 1
            }
        case .ready:
            streaming = true
        }
        for record in records {
            if record.isDurable {
                let start = batch.count
                append(record)
                let kept = keepForReplay(batch[start...], of: record)
                if kept, streaming { batchResentLines += 1 }
                if !streaming {
                    batch.removeSubrange(start...)
                    batchLines -= 1
                }
            } else if streaming {
                append(record)
            }
            if batch.count >= 1 << 18 { send() }
        }
        guard streaming else {
            if everOpened {
                let lost = UInt64(records.count - durableCount(records)) &+ UInt64(aggregates.count)
                linesLost &+= lost
                lostForGood &+= lost
            }
            batch.removeAll(keepingCapacity: true)
            batchLines = 0
            batchResentLines = 0
            return
        }
        for aggregate in aggregates { append(.aggregate(aggregate)) }
        // Announced after the batch's records: a reconnected inspector tells the replay at the
        // start of the stream (already seen) from what is new by the records' times.
        let lostSoFar = lostForGood
        let unannounced = lostSoFar &- lostAnnounced
        if dropped &+ unannounced > 0 {
            append(.dropped(count: dropped &+ unannounced, time: now))
            batchResentLines += 1
        }
        send()
        if streaming { lostAnnounced = lostSoFar }
    }

    private func durableCount(_ records: [TraceRecord]) -> Int {
        records.reduce(0) { $0 + ($1.isDurable ? 1 : 0) }
    }

    private mutating func append(_ record: TraceRecord) {
        TraceEncoder.encode(record, into: &batch)
        batchLines += 1
    }

    /// Keeps a durable line for the next stream's replay; false when the replay is full, or
    /// when the record is a container's release, which lets the container's lines go instead.
    private mutating func keepForReplay(_ line: ArraySlice<UInt8>, of record: TraceRecord) -> Bool {
        let owner: String?
        switch record {
        case .event(let event):
            switch event.kind {
            case .containerReleased(let released):
                guard var known = replayOfContainer[released.container] else { return false }
                known.live -= 1
                if known.live > 0 {
                    replayOfContainer[released.container] = known
                } else {
                    replayOfContainer[released.container] = nil
                    for index in known.lines { letGo(index) }
                    compactReplayIfSparse()
                }
                if !streaming, known.streamed, releasesWhileAwayCount < replayLimit {
                    releasesWhileAway.append(contentsOf: line)
                    releasesWhileAwayCount += 1
                }
                return false
            case .containerCreated(let created) where created.addedTo == nil:
                owner = created.container
                replayOfContainer[created.container, default: (0, [], false)].live += 1
                if streaming { replayOfContainer[created.container]!.streamed = true }
            case .registered(let registered):
                owner = registered.service.container
            default:
                owner = nil
            }
        default:
            owner = nil
        }
        guard replayCount < replayLimit, replayBytes + line.count <= replayByteLimit else {
            replayOmitted += 1
            return false
        }
        if let owner, replayOfContainer[owner] != nil { replayOfContainer[owner]!.lines.append(replay.count) }
        replay.append(Array(line))
        replayCount += 1
        replayBytes += line.count
        return true
    }

    /// Lets the replay's line at `index` go.
    private mutating func letGo(_ index: Int) {
        guard let line = replay[index] else { return }
        replay[index] = nil
        replayCount -= 1
        replayBytes -= line.count
    }

    /// Drops the lines let go of once they are most of the replay (each container's line numbers
    /// follow).
    private mutating func compactReplayIfSparse() {
        guard replay.count >= 1_024, replayCount * 2 < replay.count else { return }
        var moved: [Int: Int] = [:]
        var kept: [[UInt8]?] = []
        kept.reserveCapacity(replayCount)
        for (old, line) in replay.enumerated() where line != nil {
            moved[old] = kept.count
            kept.append(line)
        }
        replay = kept
        for (name, known) in replayOfContainer {
            replayOfContainer[name]!.lines = known.lines.compactMap { moved[$0] }
        }
    }

    private mutating func send() {
        guard !batch.isEmpty else { return }
        if streaming {
            let ok = batch.withUnsafeBytes { sink.write($0) }
            if ok {
                linesWritten += batchLines
            } else {
                linesLost &+= batchLines
                lostForGood &+= batchLines &- batchResentLines
                // The stream broke: the next batch asks the sink to reconnect, and the replay
                // brings the new stream's durable records up to date.
                streaming = false
            }
        }
        batch.removeAll(keepingCapacity: true)
        batchLines = 0
        batchResentLines = 0
    }
}

extension TraceRecord {
    /// Whether the record is kept for replay: everything but resolutions and bookkeeping.
    var isDurable: Bool {
        switch self {
        case .event(let event):
            // An instance's end goes with the resolves that built and replaced it: replayed
            // without them it would say nothing (and a weak scope that never keeps sends one
            // per build).
            switch event.kind {
            case .resolved, .instanceEnded: return false
            default: return true
            }
        case .header, .aggregate, .dropped, .end:
            return false
        }
    }
}
#endif
