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
        _ type: T.Type = T.self, name: String? = nil, scope: Scope = .unique,
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
        _ type: T.Type = T.self, name: String? = nil, scope: Scope = .unique,
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
        name: String? = nil, scope: Scope = .unique,
        file: StaticString = #fileID, line: UInt = #line
    ) -> RegistrationOptions<T> {
        shared.register(type, make(), name: name, scope: scope, file: file, line: line)
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
