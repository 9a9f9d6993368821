import Synchronization

/// Resolver's registration hook: a `registerAllServices()` the container calls for you, declared
/// as in Resolver, `extension Resolver: ResolverRegistering` (with `typealias Resolver = Container`),
/// or `extension Container: ResolverRegistering`, its static `register` calls filling the container.
///
/// Resolver calls it before its first static resolve, to fill its main container. Here it runs
/// the first time a resolve finds nothing in ``Container/shared`` (a root container: the app's,
/// or a test's installed with `withContainer` or `@Test(.container)`) or in one of its children:
/// once per such container, and the resolve is then tried again. Until something is missing it
/// costs nothing; a test's fresh container is filled on its own first miss, as `Resolver.reset()`
/// made Resolver register again; a container an app makes and uses directly is never filled, as
/// Resolver never filled a `Resolver()` instance. A registration made by hand before that first
/// miss is overridden by one of the same key in `registerAllServices()`.
public protocol ResolverRegistering {
    static func registerAllServices()
}

/// Whether `registerAllServices()` has filled a root container: one per ``ContainerCore``, inline
/// (no allocation of its own).
struct ServicesRegistration: ~Copyable, Sendable {
    /// `pending`, `done`, or the number of the thread running it plus `running`.
    private let state = Atomic<UInt64>(ServicesRegistration.pending)
    /// Held while `registerAllServices()` runs, so that another thread's miss waits for it.
    private let running = Mutex<Void>(())

    private static let pending: UInt64 = 0
    private static let done: UInt64 = 1
    private static let running: UInt64 = 2

    /// Fills `root` with `registerAllServices()` if `Container` has one and nothing has yet;
    /// true when the miss that asked should be tried again (now, or after another thread's run).
    func fillOnMiss(_ root: Container) -> Bool {
        guard let registering = Container.self as Any as? (any ResolverRegistering.Type) else { return false }
        let thisThread = ResolutionContext.current.threadNumber &+ Self.running
        let seen = state.load(ordering: .acquiring)
        // Done: a miss is a miss. This thread's own run: a miss inside registerAllServices().
        if seen == Self.done || seen == thisThread { return false }
        return running.withLock { _ in
            if state.load(ordering: .acquiring) == Self.done { return true }
            state.store(thisThread, ordering: .releasing)
            withContainer(root) { registering.registerAllServices() }
            state.store(Self.done, ordering: .releasing)
            return true
        }
    }
}

extension Container {
    /// ``ResolverRegistering``: fills this container's root on its first miss when the root is
    /// ``Container/shared``; true when the resolve that missed should be tried again.
    @inline(never)
    func fillRootOnMiss() -> Bool {
        var root = self
        for ancestor in lineage { root = ancestor }
        guard root.isSame(as: Container.shared) else { return false }
        return root.core.servicesRegistration.fillOnMiss(root)
    }
}
