import Synchronization

/// Every live container in the process, so a missing-registration message can look for the
/// service in other containers too, and an assembly or a mapping can reach a container's
/// descendants.
///
/// It references each ``ContainerCore`` weakly, never the container (see ``ContainerCore``), and
/// hands out handles on them: compare with ``Container/isSame(as:)``.
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

    /// A handle on every live container, in the order created; made after the lock, since dropping
    /// a core's last reference may run app code.
    var all: [Container] {
        cores.withLock { list in list.compactMap(\.core) }.map(Container.init(sharing:))
    }
}
