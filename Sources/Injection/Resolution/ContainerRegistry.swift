import Synchronization

/// Every live container in the process, so a missing-registration message can look for the
/// service in other containers too, and an assembly or a mapping can reach a container's
/// descendants.
///
/// It references each container's ``ContainerCore``, weakly, never the container itself (see
/// ``ContainerCore`` for why), and lists handles made from the live cores
/// (``Container/init(sharing:)``): compare them with ``Container/isSame(as:)``.
final class ContainerRegistry: Sendable {
    static let shared = ContainerRegistry()

    private final class WeakCore: Sendable {
        weak let core: ContainerCore?
        init(_ core: ContainerCore) { self.core = core }
    }

    private let cores = Lock<[WeakCore]>([])
    private let counter = Atomic<Int>(0)

    func nextNumber() -> Int { counter.add(1, ordering: .relaxed).newValue }

    func add(_ core: ContainerCore) {
        cores.withLock { list in
            if list.count > 64 { list.removeAll { $0.core == nil } }
            list.append(WeakCore(core))
        }
    }

    /// A handle on every live container, in the order created. The cores are taken under the
    /// lock and the handles made after it: making one runs no app code, but dropping the last
    /// reference to a core (once the list is done with it) may, and must not run under the lock.
    var all: [Container] {
        cores.withLock { list in list.compactMap(\.core) }.map(Container.init(sharing:))
    }
}
