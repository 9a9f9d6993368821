// Keypaths to plain properties (`var viewModel: LoginViewModel { … }`). Each entry point has a
// ``Provider`` twin; the plain one is `@_disfavoredOverload`, so a provider keypath takes its own.

extension Container {
    // MARK: - Resolving

    /// Resolves the plain property at `keyPath` through this container: read on the resolution
    /// stack, so cycles, mappings and events apply, as `Login.viewModel: LoginViewModel`.
    ///
    /// ```swift
    /// let useCase = container[\.profile.useCase]   // `var useCase: ProfileUseCase { … }`
    /// ```
    /// What the property's body builds without asking a container stays invisible: declare
    /// ``Provider``s to see those edges too.
    @_disfavoredOverload
    public subscript<T>(
        _ keyPath: any KeyPath<Container, T> & Sendable, lifetime lifetime: ServiceLifetime = .automatic,
        file file: StaticString = #fileID, line line: UInt = #line
    ) -> T {
        do {
            return try resolvePlain(keyPath, lifetime: lifetime, file: file, line: line)
        } catch {
            InjectionDiagnostics.trap(error, file: file, line: line)
        }
    }

    /// Resolves the plain property at `keyPath` in ``shared``: `Container[\.login.useCase]`.
    @_disfavoredOverload
    public static subscript<T>(_ keyPath: any KeyPath<Container, T> & Sendable, file file: StaticString = #fileID, line line: UInt = #line) -> T {
        shared[keyPath, file: file, line: line]
    }

    /// Resolves the plain property at `keyPath`, throwing a ``ResolutionError`` on failure.
    @_disfavoredOverload
    public func tryResolve<T>(
        _ keyPath: any KeyPath<Container, T> & Sendable, lifetime: ServiceLifetime = .automatic,
        file: StaticString = #fileID, line: UInt = #line
    ) throws(ResolutionError) -> T {
        try resolvePlain(keyPath, lifetime: lifetime, file: file, line: line)
    }

    /// The plain keypath front end of the one resolve path.
    func resolvePlain<T>(
        _ keyPath: any KeyPath<Container, T> & Sendable, lifetime: ServiceLifetime, file: StaticString, line: UInt
    ) throws(ResolutionError) -> T {
        if !anyMappings {
            return try resolveDeclaring(.keyPath(ObjectIdentifier(keyPath)), keyPath, lifetime: lifetime, file: file, line: line)
        }
        let plain = PlainKeyPaths.entry(for: keyPath)
        guard let target = try finalTarget(of: plain.key),
              let targetKeyPath = target.keyPath.keyPath(to: T.self) else {
            return try resolveDeclaring(.provider(plain.key), keyPath, lifetime: lifetime, file: file, line: line)
        }
        // The original's identity builds strings: only when observed.
        let from = EventHub.shared.isActive
            ? registration(forProvider: plain.key)?.identity ?? plain.identity(T.self, in: self) : nil
        return try resolveDeclaring(
            .provider(target.key), targetKeyPath, lifetime: lifetime, source: .mapping, mappedFrom: from,
            file: file, line: line)
    }

    /// Resolves `key`, declaring the plain property on a quiet miss (a missing policy of its own would
    /// cost every resolve; Benchmarks/). A miss while `key` leads nowhere is this resolve's own.
    private func resolveDeclaring<T>(
        _ key: EntryKey, _ keyPath: any KeyPath<Container, T> & Sendable, lifetime: ServiceLifetime,
        source: Resolved.Source? = nil, mappedFrom: ServiceIdentity? = nil, file: StaticString, line: UInt
    ) throws(ResolutionError) -> T {
        do {
            return try resolveEntry(
                key, T.self, lifetime: lifetime, args: .none, source: source, mappedFrom: mappedFrom,
                missing: .report(file: file, line: line, quiet: true))
        } catch .missing where leadsNowhere(key) {
            declarePlain(keyPath, file: file, line: line)
            return try resolveEntry(
                key, T.self, lifetime: lifetime, args: .none, source: source, mappedFrom: mappedFrom,
                missing: .report(file: file, line: line, quiet: false))
        }
    }

    /// Whether `key` finds no registration from this container.
    private func leadsNowhere(_ key: EntryKey) -> Bool {
        switch key {
        case .keyPath(let id):
            guard let known = core.state.withLock({ $0.keyPathKeys[TypeKey(id)]?.key }) else { return true }
            return registration(forProvider: known) == nil
        case .provider(let providerKey):
            return registration(forProvider: providerKey) == nil
        case .type, .named, .detached:
            return false
        }
    }

    /// Registers the plain property here (once) and remembers its key, located where first used.
    func declarePlain<T>(_ keyPath: any KeyPath<Container, T> & Sendable, file: StaticString, line: UInt) {
        let plain = PlainKeyPaths.entry(for: keyPath)
        let registration = ContainerFactory<T>({ container in container[keyPath: keyPath] }, RegistrationFields(
            identitySource: .given(plain.identity(T.self, in: self)), scope: .unique,
            location: SourceLocation(file, line), isOverride: false, takesArguments: false))
        insertDeclared(registration, under: plain.key) { state in
            state.keyPathKeys[TypeKey(ObjectIdentifier(keyPath))] = KeyPathKey(key: plain.key, keyPath: SendableKeyPath(keyPath: keyPath))
        }
    }

    // MARK: - Mapping

    /// Answers requests for the plain property `original` with `replacement` from now on.
    ///
    /// ```swift
    /// container.map(\.profile.mockViewModel, to: \.profile.viewModel)
    /// ```
    /// Only resolves through the container are redirected, not a property reading another directly.
    @_disfavoredOverload
    public func map<T>(
        _ replacement: any KeyPath<Container, T> & Sendable, to original: any KeyPath<Container, T> & Sendable,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        setPlainMapping(original, to: replacement, file: file, line: line)
    }

    /// Removes the mapping of the plain property `original`; it answers for itself again.
    @_disfavoredOverload
    public func resetMapping<T>(_ original: any KeyPath<Container, T> & Sendable, file: StaticString = #fileID, line: UInt = #line) {
        setPlainMapping(original, to: nil, file: file, line: line)
    }

    /// The plain property that answers requests for `original`, when a mapping is set.
    @_disfavoredOverload
    public func mapping<T>(for original: any KeyPath<Container, T> & Sendable) -> (any KeyPath<Container, T> & Sendable)? {
        mappedKeyPath(of: original)
    }

    func setPlainMapping<T>(
        _ original: any KeyPath<Container, T> & Sendable, to target: (any KeyPath<Container, T> & Sendable)?, file: StaticString, line: UInt
    ) {
        setMapping(
            MappingEnd(plain: original, in: self, file: file, line: line),
            to: target.map { MappingEnd(plain: $0, in: self, file: file, line: line) }, file: file, line: line)
    }
}

extension Container.Mappings {
    /// `container.mappings[\.login.viewModel] = \.login.mockTestViewModel` for plain properties.
    @_disfavoredOverload
    public subscript<T>(
        _ original: any KeyPath<Container, T> & Sendable, file: StaticString = #fileID, line: UInt = #line
    ) -> any KeyPath<Container, T> & Sendable {
        get { container.mappedKeyPath(of: original) ?? original }
        nonmutating set { container.setPlainMapping(original, to: unlessItself(newValue, original), file: file, line: line) }
    }
}

extension InjectionMapper {
    /// The mapping of the plain property `original` in ``Container/shared``, or nil; assigning
    /// nil removes it.
    @_disfavoredOverload
    public static subscript<T>(
        _ original: any KeyPath<Container, T> & Sendable, file: StaticString = #fileID, line: UInt = #line
    ) -> (any KeyPath<Container, T> & Sendable)? {
        get { Container.shared.mappedKeyPath(of: original) }
        set { Container.shared.setPlainMapping(original, to: newValue.flatMap { unlessItself($0, original) }, file: file, line: line) }
    }

    /// `InjectionMapper[\.login.viewModel] = \.login.mockTestViewModel` for plain properties, on
    /// ``Container/shared``; reading it as a keypath is deprecated, as for providers.
    @_disfavoredOverload
    public static subscript<T>(
        _ original: any KeyPath<Container, T> & Sendable, file: StaticString = #fileID, line: UInt = #line
    ) -> any KeyPath<Container, T> & Sendable {
        @available(*, deprecated, message: "InjectionMapper[keyPath] answers the mapping or nil; for the keypath that resolves, write InjectionMapper.target(of: keyPath)")
        get { target(of: original) }
        set { Container.shared.setPlainMapping(original, to: unlessItself(newValue, original), file: file, line: line) }
    }

    /// The plain property that answers for `original` in ``Container/shared``: its mapping, or itself.
    @_disfavoredOverload
    public static func target<T>(of original: any KeyPath<Container, T> & Sendable) -> any KeyPath<Container, T> & Sendable {
        Container.shared.mappedKeyPath(of: original) ?? original
    }

    /// Answers requests for the plain property `original` with `replacement`:
    /// `InjectionMapper.map(\.login.previewUseCase, to: \.login.useCase)`.
    @_disfavoredOverload
    public static func map<T>(
        _ replacement: any KeyPath<Container, T> & Sendable, to original: any KeyPath<Container, T> & Sendable,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        Container.shared.setPlainMapping(original, to: replacement, file: file, line: line)
    }

    /// Removes the mapping of the plain property `original`.
    @_disfavoredOverload
    public static func reset<T>(_ original: any KeyPath<Container, T> & Sendable, file: StaticString = #fileID, line: UInt = #line) {
        Container.shared.setPlainMapping(original, to: nil, file: file, line: line)
    }
}
