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
    public func decorate(_ decorator: @escaping @Sendable (Any) -> Void) {
        decorators.withLock { $0.append(decorator) }
        Decorators.installed.add(1, ordering: .releasing)
    }

    /// ``decorate(_:)`` on ``shared``: `Container.decorate { service in … }`.
    public static func decorate(_ decorator: @escaping @Sendable (Any) -> Void) {
        shared.decorate(decorator)
    }

    /// Removes this container's decorators.
    public func removeDecorators() {
        let removed = decorators.withLock { list -> Int in
            defer { list.removeAll() }
            return list.count
        }
        if removed > 0 { Decorators.installed.subtract(removed, ordering: .releasing) }
    }

    /// Runs the decorators of this container and its ancestors on a new instance.
    func decorate(built instance: Any) {
        for container in Array(lineage).reversed() {
            for decorator in container.decorators.withLock({ $0 }) { decorator(instance) }
        }
    }
}

/// Whether any container has a decorator: a build checks this one flag before looking for them.
enum Decorators {
    static let installed = Atomic<Int>(0)

    static var areInstalled: Bool {
        @inline(__always) get { installed.load(ordering: .relaxed) > 0 }
    }
}
