extension Container {
    // The static forms register in ``shared``, as Resolver's static `register` registers in its
    // main container; each mirrors the instance method of the same shape.

    /// Registers in ``shared`` a factory that receives the resolving container.
    ///
    /// ```swift
    /// Container.register { c in XYZRepository(fetcher: c.resolve(), service: c.resolve()) }
    /// ```
    @discardableResult
    public static func register<T>(
        _ type: T.Type = T.self, name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (Container) throws -> T
    ) -> RegistrationOptions<T> {
        shared.register(type, name: name, scope: scope, file: file, line: line, factory: factory)
    }

    /// Registers in ``shared`` a factory that takes arguments given at resolve time.
    ///
    /// ```swift
    /// Container.register { _, args in EditorViewModel(id: args("id")) }
    /// let editor: EditorViewModel = Container.resolve(args: ["id": 3])
    /// ```
    @discardableResult
    public static func register<T>(
        _ type: T.Type = T.self, name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (Container, Arguments) throws -> T
    ) -> RegistrationOptions<T> {
        shared.register(type, name: name, scope: scope, file: file, line: line, factory: factory)
    }

    /// Registers in ``shared`` how to build a service with an autoclosure and an explicit type.
    ///
    /// ```swift
    /// Container.register(WeatherFetching.self, WeatherService())
    /// ```
    @discardableResult
    public static func register<T>(
        _ type: T.Type, _ make: @autoclosure @escaping @Sendable () -> T,
        name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line
    ) -> RegistrationOptions<T> {
        shared.register(type, make(), name: name, scope: scope, file: file, line: line)
    }

    /// Registers in ``shared`` how to build a service, in service-container code's spelling:
    /// the type, labeled, then an autoclosure.
    ///
    /// ```swift
    /// Container.register(type: NetworkService.self, NetworkService())
    /// ```
    /// The same as ``register(_:_:name:scope:file:line:)-swift.type.method``: the autoclosure runs at each resolve
    /// the scope does not answer from what it keeps.
    @discardableResult
    public static func register<T>(
        type: T.Type, _ make: @autoclosure @escaping @Sendable () -> T,
        name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line
    ) -> RegistrationOptions<T> {
        shared.register(type, make(), name: name, scope: scope, file: file, line: line)
    }

    /// Resolves with a ``ServiceLifetime`` chosen at the use site, or returns nil when nothing
    /// is registered: service-container code's `resolve(_:_:)`, which the code then unwraps.
    ///
    /// ```swift
    /// guard let service = Container.resolve(.singleton, NetworkService.self) else {
    ///     fatalError("No service of type NetworkService registered!")
    /// }
    /// ```
    /// Resolves in the container building on this thread, else ``shared``, as
    /// ``resolve(_:name:lifetime:args:file:line:)-swift.type.method`` does; a cycle still stops
    /// the program (it is a bug, not an absence).
    public static func resolve<T>(
        _ lifetime: ServiceLifetime, _ type: T.Type, name: String? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) -> T? {
        current.optional(type, name: name, lifetime: lifetime, file: file, line: line)
    }

    /// Registers in ``shared`` an instance that already exists: every resolve returns it.
    ///
    /// ```swift
    /// Container.register(DashboardCoordinator() as DashboardCoordinating)
    /// ```
    @_disfavoredOverload
    @discardableResult
    public static func register<T>(
        _ instance: T, name: String? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> RegistrationOptions<T> {
        shared.register(instance, name: name, file: file, line: line)
    }
}
