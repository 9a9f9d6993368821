import Synchronization

/// Resolver's registration hook: a `registerAllServices()` the container calls for you, declared
/// as in Resolver, `extension Resolver: ResolverRegistering` (with `typealias Resolver = Container`),
/// or `extension Container: ResolverRegistering`, its static `register` calls filling the container.
///
/// Resolver calls it before its first static resolve. Here it runs the first time a resolve
/// from a root container (one with no parent), or from one of its children, finds nothing:
/// once per root container, with that root as ``Container/shared``. The resolve is then tried
/// again. Until something is missing it costs nothing, and a test's fresh container
/// (`@Test(.container)`, `withContainer`) is filled on its first miss, as
/// `Resolver.reset()` made Resolver register again. A registration the app made by hand before
/// that first miss is overridden by one of the same key in `registerAllServices()`.
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
    /// ``ResolverRegistering``: fills this container's root on its first miss; true when the
    /// resolve that missed should be tried again.
    @inline(never)
    func fillRootOnMiss() -> Bool {
        var root = self
        while let parent = root.parent { root = parent }
        return root.core.servicesRegistration.fillOnMiss(root)
    }
}
