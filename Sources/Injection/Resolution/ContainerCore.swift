import Synchronization

/// A container's mutable state: its registration tables and kept instances, mappings, assembly,
/// added children and decorators. Every ``Container`` owns one; ``ContainerRegistry`` lists the
/// live cores and hands out handles on them (``Container/init(sharing:)``).
///
/// Why a separate object: the registry must not keep containers alive, so it references them
/// weakly, and a weak reference gives its target a side table, after which every retain and
/// release of that object takes the Swift runtime's slow path (`Benchmarks/guard.sh`,
/// singleton). Apps retain containers all the time (`Container.shared`, a layer or a
/// provider holding its container, `@Injected`), cores only through the container that owns
/// them. So the registry references the core, which gets the side table, and the container has
/// none. A handle made from a core is as good as the container for everything the registry's
/// readers do (near-miss messages, mapping loops, an assembly's descendants), because
/// everything they read or change lives here; only its identity differs (``Container/isSame(as:)``),
/// and its ``Container/parent`` is a handle too.
final class ContainerCore: Sendable {
    let name: String
    let traceName: String
    /// The parent's core, not the parent: a registry handle must never hold a container (its
    /// `deinit` would then run on whichever thread drops the handle), only cores.
    let parent: ContainerCore?

    /// The registration tables and kept instances: changed under a lock, read by resolves
    /// without one (``ContainerTables``).
    let state = ContainerTables()
    let mappingState = Lock(MappingTable())
    /// Whether any keypath mapping is active: the keypath resolve reads the mapping table only
    /// when this is set.
    let hasMappings = Atomic<Bool>(false)
    /// The layer implementations installed with ``Container/use(_:file:line:)``.
    let assemblyState = Lock(InstalledAssembly())
    /// Containers searched after this one, in the order added (``Container/add(child:file:line:)``).
    let addedChildren = Lock<[Container]>([])
    /// Whether ``addedChildren`` is non-empty: a miss reads the list only when this is set.
    let hasAddedChildren = Atomic<Bool>(false)
    /// The hooks ``Container/decorate(file:line:_:)-swift.method`` installed, called with every
    /// instance built here.
    let decorators = Lock<[InstalledDecorator]>([])

    init(name: String, traceName: String, parent: ContainerCore?) {
        self.name = name
        self.traceName = traceName
        self.parent = parent
    }

    /// Releases what the container keeps (its registrations and their kept instances, added
    /// children, decorators, assembly) when the container goes (``Container``'s `deinit`), even
    /// if a registry handle holds this core a moment longer (a near-miss message being written
    /// on another thread): instances live exactly as long as their container, as they did
    /// before the core existed. Each is taken out under its lock and released after it, since
    /// an instance's `deinit` is app code and may use containers.
    func releaseContents() {
        // The tables' entries go after the lock, once no read can see them (``ContainerTables``).
        state.withLock { $0.removeAll() }
        let children = addedChildren.withLock { list -> [Container] in
            defer { list = [] }
            return list
        }
        hasAddedChildren.store(false, ordering: .releasing)
        let hooks = decorators.withLock { list -> [InstalledDecorator] in
            defer { list = [] }
            return list
        }
        let assembly = assemblyState.withLock { installed -> InstalledAssembly in
            defer { installed = InstalledAssembly() }
            return installed
        }
        _ = (children, hooks, assembly)
    }
}
