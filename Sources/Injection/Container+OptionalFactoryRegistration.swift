extension Container {
    // A factory that may return nil, registered under an explicit type, as every Resolver factory
    // may be (`register(URL.self) { URL(string: text) }`). The inferred form needs no overload:
    // `register { URL(string: text) }` infers `URL?` and registers `URL` (``OptionalFactoryResult``).
    // These hand back the options of `T`, not `T?`, so `resolveProperties` gets the instance.
    // `@_disfavoredOverload`: a factory that returns `T` keeps the plain forms (Container+Register),
    // or every multi-statement factory of an explicit type would be ambiguous.

    /// Registers under `type` a factory that may return nil, as Resolver's
    /// `register(XYZ.self) { … }` does.
    ///
    /// ```swift
    /// container.register(Endpoint.self, name: "feed") { Endpoint(feedAddress) }
    /// let feed: Endpoint? = container.optional(name: "feed")   // nil when the factory returns nil
    /// ```
    /// `optional()` gives nil when the factory does, and
    /// `resolve` stops with a message naming the factory that returned nil; a nil is never kept.
    ///
    /// - Parameters:
    ///   - type: The type to register under; the factory returns it, or nil.
    ///   - name: A name, to keep several registrations of one type apart.
    ///   - scope: How long instances live; ``Container/defaultScope`` (``Scope/unique`` unless set) by default.
    ///   - file: The registering file, shown in diagnostics and the inspector; leave the default.
    ///   - line: The registering line, shown in diagnostics and the inspector; leave the default.
    ///   - factory: Builds the service, or returns nil when it cannot.
    @discardableResult @_disfavoredOverload
    public func register<T>(
        _ type: T.Type, name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable () throws -> T?
    ) -> RegistrationOptions<T> {
        unwrapped(add(T?.self, name: name, registration: PlainFactory(factory, scope: scope, location: SourceLocation(file, line))))
    }

    /// Registers under `type` a factory that receives the resolving container and may return nil.
    ///
    /// ```swift
    /// container.register(Endpoint.self) { c in Endpoint(c.resolve(String.self, name: "address")) }
    /// ```
    @discardableResult @_disfavoredOverload
    public func register<T>(
        _ type: T.Type, name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (Container) throws -> T?
    ) -> RegistrationOptions<T> {
        unwrapped(add(T?.self, name: name, registration: ContainerFactory(factory, scope: scope, location: SourceLocation(file, line))))
    }

    /// Registers under `type` a factory that takes arguments given at resolve time and may
    /// return nil.
    ///
    /// ```swift
    /// container.register(Endpoint.self, name: "given") { _, args in Endpoint(args()) }
    /// let home: Endpoint? = container.optional(name: "given", args: "https://example.com")
    /// ```
    @discardableResult @_disfavoredOverload
    public func register<T>(
        _ type: T.Type, name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (Container, Arguments) throws -> T?
    ) -> RegistrationOptions<T> {
        unwrapped(add(T?.self, name: name, registration: ArgumentsFactory(factory, scope: scope, location: SourceLocation(file, line))))
    }

    /// Registers in ``shared`` under `type` a factory that may return nil.
    ///
    /// ```swift
    /// Container.register(Endpoint.self, name: "feed") { Endpoint(feedAddress) }
    /// ```
    @discardableResult @_disfavoredOverload
    public static func register<T>(
        _ type: T.Type, name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable () throws -> T?
    ) -> RegistrationOptions<T> {
        shared.register(type, name: name, scope: scope, file: file, line: line, factory: factory)
    }

    /// Registers in ``shared`` under `type` a factory that receives the resolving container and
    /// may return nil.
    @discardableResult @_disfavoredOverload
    public static func register<T>(
        _ type: T.Type, name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (Container) throws -> T?
    ) -> RegistrationOptions<T> {
        shared.register(type, name: name, scope: scope, file: file, line: line, factory: factory)
    }

    /// Registers in ``shared`` under `type` a factory that takes arguments and may return nil.
    @discardableResult @_disfavoredOverload
    public static func register<T>(
        _ type: T.Type, name: String? = nil, scope: Scope = Container.defaultScope,
        file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (Container, Arguments) throws -> T?
    ) -> RegistrationOptions<T> {
        shared.register(type, name: name, scope: scope, file: file, line: line, factory: factory)
    }

    /// The options of an optional factory's registration, typed as the service it stores: the
    /// registration is already kept under `T`'s key, and its property blocks get a `T`.
    private func unwrapped<T>(_ options: RegistrationOptions<T?>) -> RegistrationOptions<T> {
        RegistrationOptions(container: options.container, key: options.key, name: options.name, registration: options.registration)
    }
}
