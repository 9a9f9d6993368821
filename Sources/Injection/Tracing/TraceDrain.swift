// Compiled only with the `Tracing` package trait (on by default): see DECISIONS.md.
#if Tracing
/// The recorder's background-thread side: encodes batches, writes them to the sink, and keeps
/// the durable records for replay when a live inspector (re)connects.
///
/// Owned by the background thread alone, so none of it needs a lock.
struct TraceDrain {
    let sink: any TraceSink
    let header: TraceHeader
    /// Encoded lines of the durable records so far, replayed after the header on every new stream.
    private var replay: [UInt8] = []
    private var replayCount = 0
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
            batch.append(contentsOf: replay)
            batchLines += 1 + UInt64(replayCount)
            batchResentLines += 1 + UInt64(replayCount)
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
                let kept = keepForReplay(batch[start...])
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

    /// Keeps a durable line for the next stream's replay; false when the replay is full.
    private mutating func keepForReplay(_ line: ArraySlice<UInt8>) -> Bool {
        guard replayCount < replayLimit, replay.count + line.count <= replayByteLimit else {
            replayOmitted += 1
            return false
        }
        replay.append(contentsOf: line)
        replayCount += 1
        return true
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
