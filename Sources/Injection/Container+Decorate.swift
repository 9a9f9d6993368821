import Synchronization

extension Container {
    /// Installs a hook called with every instance this container builds, as Resolver's
    /// `Resolver.decorate`: for logging, or to finish setting up services.
    ///
    /// ```swift
    /// app.decorate { service in
    ///     (service as? Loggable)?.logger = appLogger
    /// }
    /// ```
    /// It runs once per instance built, on the resolving thread, inside the instance's frame after its
    /// factory and before a scope keeps it, for resolves that start here or in a descendant (outermost
    /// container first, then in installation order); `validate()` does not run them. What it resolves
    /// is a dependency of the decorated service, and resolving that service again is a cycle
    /// (``ResolutionError/cycle(_:)``), not Resolver's stack overflow:
    ///
    /// ```swift
    /// app.register(scope: .singleton) { Clock() }
    /// app.decorate { service in
    ///     guard service is Clock else { return }
    ///     let container = Container.current            // the container resolving right now
    ///     _ = try? container.tryResolve(Clock.self)   // throws .cycle (Clock → Clock): it is being built
    ///     _ = try? container.tryResolve(Logger.self)  // fine: a dependency of Clock
    /// }
    /// ```
    /// Resolve through ``Container/current``, not a strongly captured container: the container keeps
    /// its decorators, so that would be a retain cycle.
    ///
    /// - Parameters:
    ///   - file: Where the decorator is installed, named when a captive it resolves is reported; leave the default.
    ///   - line: The installing line; leave the default.
    ///   - decorator: Called with each instance built.
    public func decorate(
        file: StaticString = #fileID, line: UInt = #line, _ decorator: @escaping @Sendable (Any) -> Void
    ) {
        core.decorators.withLock { $0.append(InstalledDecorator(run: decorator, file: file, line: line)) }
        Decorators.installed.add(1, ordering: .releasing)
    }

    /// ``decorate(file:line:_:)-swift.method`` on ``shared``: `Container.decorate { service in … }`.
    public static func decorate(
        file: StaticString = #fileID, line: UInt = #line, _ decorator: @escaping @Sendable (Any) -> Void
    ) {
        shared.decorate(file: file, line: line, decorator)
    }

    /// Removes this container's decorators.
    public func removeDecorators() {
        let removed = core.decorators.withLock { list -> Int in
            defer { list.removeAll() }
            return list.count
        }
        if removed > 0 { Decorators.installed.subtract(removed, ordering: .releasing) }
    }

    /// Runs the decorators of this container and its ancestors on a new instance, inside its
    /// frame; the context names the decorator running, so a captive it resolves is reported as
    /// captured "by a decorator" at the line that installed it.
    func decorate(built instance: Any) {
        let context = ResolutionContext.current
        let outer = context.runningDecorator
        defer { context.runningDecorator = outer }
        for container in Array(lineage).reversed() {
            for decorator in container.core.decorators.withLock({ $0 }) {
                context.runningDecorator = (context.frames.count - 1, decorator.file, decorator.line)
                decorator.run(instance)
            }
        }
        if let global = Decorators.global.withLock({ $0 }) { global(instance) }
    }

    /// Resolver's `Resolver.decorate = { service in … }`: one hook for every instance any
    /// container builds, after the containers' own (Resolver's ran on each static resolve's
    /// result); nil removes it. ``decorate(file:line:_:)-swift.method`` on one container scopes a hook to it.
    public static var decorate: (@Sendable (Any) -> Void)? {
        get { Decorators.global.withLock { $0 } }
        set {
            let had = Decorators.global.withLock { hook -> Bool in
                defer { hook = newValue }
                return hook != nil
            }
            if !had, newValue != nil { Decorators.installed.add(1, ordering: .releasing) }
            if had, newValue == nil { Decorators.installed.subtract(1, ordering: .releasing) }
        }
    }
}

/// A decorator and the line that installed it.
struct InstalledDecorator: Sendable {
    let run: @Sendable (Any) -> Void
    let file: StaticString
    let line: UInt
}

/// Whether any container has a decorator: a build checks this one flag before looking for them.
enum Decorators {
    static let installed = Atomic<Int>(0)
    /// Resolver's process-wide hook (``Container/decorate``), after every container's own.
    static let global = Mutex<(@Sendable (Any) -> Void)?>(nil)

    static var areInstalled: Bool {
        @inline(__always) get { installed.load(ordering: .relaxed) > 0 }
    }
}
