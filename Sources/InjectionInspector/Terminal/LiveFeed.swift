import Injection
import InjectionTrace
import Synchronization

/// Hands items from producer threads (a socket reader) to the UI loop.
///
/// Producers ``send(_:)`` under a `Mutex` and wake the loop through its ``WakePipe``; the loop
/// ``take()``s everything at once when it wakes. Nothing here touches curses.
///
/// ```swift
/// let feed = LiveFeed<LiveUpdate>(wake: pipe)
/// let listener = try TraceListener(address: .defaultUnix) { event in
///     if case .records(_, let records) = event { feed.send([.records(records)]) }   // any thread
/// }
/// let batch = feed.take()                    // UI loop
/// ```
public final class LiveFeed<Item: Sendable>: Sendable {
    private let pending = Mutex<[Item]>([])
    private let wake: WakePipe

    init(wake: WakePipe) { self.wake = wake }

    /// Queues items and wakes the loop. Safe from any thread.
    public func send(_ items: [Item]) {
        guard !items.isEmpty else { return }
        pending.withLock { $0.append(contentsOf: items) }
        wake.wake()
    }

    /// Everything queued since the last call.
    func take() -> [Item] {
        pending.withLock { items in
            let batch = items
            items.removeAll(keepingCapacity: true)
            return batch
        }
    }
}
