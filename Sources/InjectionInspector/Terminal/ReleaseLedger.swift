import Synchronization

/// What has been handed to the background freeing and not freed yet, in bytes (as the
/// histories' footprints estimate them).
///
/// Memory let go of (a forgotten session, the older half of a compacted history) is freed on a
/// background task, so that no frame waits for it. While a flood of short-lived apps keeps that
/// task behind, what waits there is still memory the inspector holds: the inspector counts it
/// into its budget and stops letting new apps in until it has gone.
///
/// ```swift
/// let ledger = ReleaseLedger()
/// ledger.handed(40 << 20)     // a forgotten session's history
/// ledger.pendingBytes         // 41 943 040
/// ledger.freed(40 << 20)      // on the freeing task, once it is gone
/// ```
final class ReleaseLedger: Sendable {
    private let pending = Atomic<Int>(0)
    private let peak = Atomic<Int>(0)

    init() {}

    /// Bytes handed over and not yet freed.
    var pendingBytes: Int { pending.load(ordering: .relaxed) }

    /// The most that was ever pending at once.
    var peakPendingBytes: Int { peak.load(ordering: .relaxed) }

    /// Notes `bytes` handed to the freeing task.
    func handed(_ bytes: Int) {
        let now = pending.add(max(0, bytes), ordering: .relaxed).newValue
        peak.max(now, ordering: .relaxed)
    }

    /// Notes `bytes` freed (what ``handed(_:)`` was told for the same release).
    func freed(_ bytes: Int) {
        pending.subtract(max(0, bytes), ordering: .relaxed)
    }
}
