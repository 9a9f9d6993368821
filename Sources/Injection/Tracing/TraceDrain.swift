// Compiled only with the `Tracing` package trait (on by default): see DECISIONS.md.
#if Tracing
/// The recorder's background-thread side: encodes and writes batches, and keeps the durable
/// records to replay when a live inspector (re)connects. Owned by that thread alone.
struct TraceDrain {
    let sink: any TraceSink
    let header: TraceHeader
    /// Encoded durable lines, replayed after the header on every new stream; a released container's
    /// lines are let go (nil), so the replay holds what the app holds.
    private var replay: [[UInt8]?] = []
    /// Lines in ``replay`` (not let go of), and their bytes.
    private var replayCount = 0
    private var replayBytes = 0
    /// The lines of each live container made (not added), with how many of that name live and whether
    /// a stream was open when one was made: the last one's release lets them go.
    private var replayOfContainer: [String: (live: Int, lines: [Int], streamed: Bool)] = [:]
    /// Releases, while no stream was open, of containers made while one was (at most `replayLimit`):
    /// the next replay ends with them, then they go.
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
    /// Records not written after the first stream opened (before it, nobody listened: no loss).
    private(set) var linesLost: UInt64 = 0
    /// Whether the sink ever opened a stream.
    private(set) var everOpened = false
    /// Lines lost for good (not resent by the next stream), announced on the next stream.
    private var lostForGood: UInt64 = 0
    /// How much of ``lostForGood`` a `dropped` record already told the inspector.
    private var lostAnnounced: UInt64 = 0
    /// Lines of the batch a new stream would send again: not lost for good when the batch fails.
    private var batchResentLines: UInt64 = 0

    init(sink: any TraceSink, header: TraceHeader, replayLimit: Int, replayByteLimit: Int = 16 << 20) {
        self.sink = sink
        self.header = header
        self.replayLimit = replayLimit
        self.replayByteLimit = replayByteLimit
        batch.reserveCapacity(1 << 16)
    }

    /// Writes one batch: the records, then the folded repeats, then the drop count since the last.
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
                let lost = UInt64(records.count(where: { !$0.isDurable })) &+ UInt64(aggregates.count)
                linesLost &+= lost
                lostForGood &+= lost
            }
            send()  // Not streaming: only clears the batch (the durable records were taken back out).
            return
        }
        for aggregate in aggregates { append(.aggregate(aggregate)) }
        // After the batch's records: the inspector tells the replay from new records by their times.
        let lostSoFar = lostForGood
        let unannounced = lostSoFar &- lostAnnounced
        if dropped &+ unannounced > 0 {
            append(.dropped(count: dropped &+ unannounced, time: now))
            batchResentLines += 1
        }
        send()
        if streaming { lostAnnounced = lostSoFar }
    }

    private mutating func append(_ record: TraceRecord) {
        TraceEncoder.encode(record, into: &batch)
        batchLines += 1
    }

    /// Keeps a durable line for replay; false when the replay is full, or for a container's release
    /// (which lets its lines go instead).
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

    /// Drops the let-go lines once they are most of the replay.
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
                // The stream broke: the next batch reconnects, and the replay catches the new stream up.
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
            // An instance's end is meaningless without the resolves that built it: not replayed.
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
