import Synchronization

/// A container's mutable state: its registration tables and kept instances, mappings, assembly,
/// added children and decorators. Every ``Container`` owns one; ``ContainerRegistry`` lists the
/// live cores and hands out handles on them (``Container/init(sharing:)``).
///
/// Why a separate object: the registry references containers weakly, and a weak reference
/// sends every retain and release of its target down the runtime's slow path (side table;
/// `Benchmarks/guard.sh`, singleton). Apps retain containers all the time, cores only through
/// their container, so the registry references the core. A handle made from a core reads and
/// changes the same state; only its identity differs (``Container/isSame(as:)``).
@usableFromInline
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
    @usableFromInline let hasMappings = Atomic<Bool>(false)
    /// The layer implementations installed with ``Container/use(_:file:line:)``.
    let assemblyState = Lock(InstalledAssembly())
    /// Containers searched after this one, in the order added (``Container/add(child:file:line:)``).
    let addedChildren = Lock<[Container]>([])
    /// Whether ``addedChildren`` is non-empty: a miss reads the list only when this is set.
    let hasAddedChildren = Atomic<Bool>(false)
    /// The hooks ``Container/decorate(file:line:_:)-swift.method`` installed, called with every
    /// instance built here.
    let decorators = Lock<[InstalledDecorator]>([])

    /// Whether `registerAllServices()` has filled this container (``ResolverRegistering``).
    let servicesRegistration = ServicesRegistration()

    init(name: String, traceName: String, parent: ContainerCore?) {
        self.name = name
        self.traceName = traceName
        self.parent = parent
    }

    /// Releases what the container keeps when it goes (``Container``'s `deinit`), even if a registry
    /// handle holds this core a moment longer: instances live exactly as long as their container.
    /// Each part is taken out under its lock and released after it (`deinit`s are app code).
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
