import Synchronization

/// Every live container in the process, weakly held, so a missing-registration message can look
/// for the service in other containers too.
final class ContainerRegistry: Sendable {
    static let shared = ContainerRegistry()

    private final class WeakContainer: Sendable {
        weak let container: Container?
        init(_ container: Container) { self.container = container }
    }

    private let containers = Mutex<[WeakContainer]>([])
    private let counter = Atomic<Int>(0)

    func nextNumber() -> Int { counter.add(1, ordering: .relaxed).newValue }

    func add(_ container: Container) {
        containers.withLock { list in
            if list.count > 64 { list.removeAll { $0.container == nil } }
            list.append(WeakContainer(container))
        }
    }

    var all: [Container] {
        containers.withLock { list in list.compactMap(\.container) }
    }
}
