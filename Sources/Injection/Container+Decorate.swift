import Synchronization

extension Container {
    /// Installs a hook called with every instance this container builds, in the spirit of
    /// Resolver's `Resolver.decorate`: for logging, or to finish setting up services.
    ///
    /// ```swift
    /// app.decorate { service in
    ///     (service as? Loggable)?.logger = appLogger
    /// }
    /// ```
    /// It runs once per instance built (not for instances a scope hands out again), before the
    /// instance is kept or returned, on the resolving thread, for resolves that start in this
    /// container or in one of its descendants; decorators run outermost container first, each
    /// container's in the order installed. `validate()` does not run them.
    ///
    /// A decorator is part of the build it decorates: it runs inside that instance's frame,
    /// after its factory (and `resolveProperties`) and before a scope keeps it. So what it
    /// resolves is recorded as a dependency of the decorated service (the same captive checks
    /// apply), and resolving the decorated service again (directly, or through anything that
    /// resolves it, such as another decorator) is a dependency cycle: ``tryResolve(_:name:lifetime:args:file:line:)-swift.method``
    /// throws ``ResolutionError/cycle(_:)`` with the line that asked, ``resolve(_:name:lifetime:args:file:line:)-swift.method``
    /// stops the program with the same words, and the trace records it. The instance is not
    /// kept yet while its decorators run, so there is nothing else to answer with.
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
    /// Resolve through ``Container/current`` (or capture the container `unowned`), not by
    /// capturing the container strongly: the container keeps its decorators, so a decorator that
    /// holds its own container is a retain cycle, and neither it nor anything it keeps is ever freed.
    /// Resolver ran its decorator after every resolve, cached ones included, outside any
    /// resolution, so a decorator resolving its own service recursed until the stack overflowed.
    ///
    /// - Parameters:
    ///   - file: Where the decorator is installed, named when what it resolves is reported (a
    ///     captive dependency "by a decorator"); leave the default.
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

    static var areInstalled: Bool {
        @inline(__always) get { installed.load(ordering: .relaxed) > 0 }
    }
}
