import Synchronization
@testable import InjectionInspector

/// A clock the test moves: the inspector's frame gates (records taken at most every 100 ms,
/// the view rebuilt at most every 250 ms) open when the test says, not after a sleep.
final class ManualClock: InspectorClock {
    private let instant = Mutex(ContinuousClock.now)

    var now: ContinuousClock.Instant { instant.withLock { $0 } }

    func advance(by duration: Duration) {
        instant.withLock { $0 = $0.advanced(by: duration) }
    }
}
