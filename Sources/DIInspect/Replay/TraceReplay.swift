import Injection
import InjectionGraph
import InjectionInspector
import Synchronization

/// Plays recorded trace records into the inspector's feed at the pace they were recorded
/// (`open --replay --speed N`), from a background thread, as a live app would send them.
///
/// Records are sent in batches of what falls due within a frame (50 ms of replay time), so a
/// fast trace costs a redraw per frame rather than per record. When the last record is sent the
/// session becomes a plain file (the time cursor works without pausing).
final class TraceReplay: Sendable {
    /// Set when the inspector closes; the playing thread checks it between batches.
    private final class StopFlag: Sendable {
        let value = Atomic<Bool>(false)
    }

    private let flag = StopFlag()

    /// The playing thread, joined by ``stop()``; nil when it could not be started.
    private let thread: BackgroundThread?

    init(records: [TraceRecord], speed: Double, name: String, feed: LiveFeed) {
        let flag = self.flag
        do {
            // The package's one thread starter and one clock (DECISIONS.md, "One of each utility").
            thread = try BackgroundThread {
                feed.send([.message("Replaying \(name) at \(Self.speedText(speed))")])
                let start = PosixIO.monotonicNanoseconds()
                var index = 0
                while index < records.count, !flag.value.load(ordering: .relaxed) {
                    let due = GraphHistory.time(of: records[index]) ?? 0
                    let wallDue = start + UInt64(Double(due) / speed)
                    let now = PosixIO.monotonicNanoseconds()
                    if wallDue > now {
                        // Sleep in short steps so that quitting does not wait for a long pause.
                        PosixIO.sleep(nanoseconds: min(wallDue - now, 50_000_000))
                        continue
                    }
                    let frameEnd = UInt64(Double(now - start + 50_000_000) * speed)
                    var end = index + 1
                    while end < records.count, (GraphHistory.time(of: records[end]) ?? 0) <= frameEnd { end += 1 }
                    feed.send(.records(connection: LiveUpdate.firstSession, Array(records[index..<end])))
                    index = end
                }
                if !flag.value.load(ordering: .relaxed) {
                    feed.send([.connection(LiveUpdate.firstSession, .file(name)), .message("Replay finished: < > { } t move in time")])
                }
            }
        } catch {
            thread = nil
            feed.send([.message("Cannot replay \(name): \(error)")])
        }
    }

    static func speedText(_ speed: Double) -> String {
        speed == speed.rounded() ? "\(Int(speed))×" : "\(speed)×"
    }

    /// Stops sending (the inspector is closing) and waits for the thread, at most one sleep
    /// step (50 ms).
    func stop() {
        flag.value.store(true, ordering: .relaxed)
        thread?.join()
    }
}
