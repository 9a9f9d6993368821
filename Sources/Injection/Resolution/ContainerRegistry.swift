import Synchronization

/// Every live container in the process, held without keeping it alive, so a missing-registration
/// message can look for the service in other containers too.
///
/// Not `weak`: a weak reference gives the object a side table, and every retain and release of
/// an object with a side table takes the runtime's slow path (~100 instructions each, callgrind;
/// a provider call retains its container several times). An unowned reference counts inline
/// instead: it keeps the container's memory (not its contents) until the entry is dropped, and
/// reading it tries a strong retain that fails once the container has started to deinit.
final class ContainerRegistry: Sendable {
    static let shared = ContainerRegistry()

    private let containers = Mutex<[UnownedContainer]>([])
    private let counter = Atomic<Int>(0)

    func nextNumber() -> Int { counter.add(1, ordering: .relaxed).newValue }

    func add(_ container: Container) {
        containers.withLock { list in
            if list.count > 64 { list.removeAll { !$0.isAlive } }
            list.append(UnownedContainer(container))
        }
    }

    var all: [Container] {
        containers.withLock { list in list.compactMap { $0.strong() } }
    }
}

/// A reference to a container that can be read safely after the container died.
///
/// Sendable without checking: both stored properties are immutable (`weak let` is set once), and
/// the runtime's reference counts it touches are atomic. Safety: the unowned count taken in `init`
/// keeps the object's memory allocated until `deinit`, so ``RuntimeReferenceCounts/tryRetain(_:)``
/// always reads a valid header; it succeeds only while the strong count is above zero and the
/// object is not deiniting, and its +1 is handed to the caller. Without the runtime's functions
/// (``RuntimeReferenceCounts/available`` is nil) a plain `weak` reference does the same, at the
/// price of the side table.
private final class UnownedContainer: @unchecked Sendable {
    private let pointer: UnsafeMutableRawPointer?
    private weak let fallback: Container?

    init(_ container: Container) {
        if let counts = RuntimeReferenceCounts.available {
            let pointer = Unmanaged.passUnretained(container).toOpaque()
            counts.unownedRetain(pointer)
            self.pointer = pointer
            fallback = nil
        } else {
            pointer = nil
            fallback = container
        }
    }

    deinit {
        if let pointer, let counts = RuntimeReferenceCounts.available { counts.unownedRelease(pointer) }
    }

    /// The container, retained, or nil when it has died.
    func strong() -> Container? {
        guard let pointer else { return fallback }
        guard let counts = RuntimeReferenceCounts.available, counts.tryRetain(pointer) else { return nil }
        return Unmanaged<Container>.fromOpaque(pointer).takeRetainedValue()
    }

    var isAlive: Bool { strong() != nil }
}
