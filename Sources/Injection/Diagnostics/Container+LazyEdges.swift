extension Container {
    /// Runs a `@LazyInjected` property's first read; read from app code, its declaration is
    /// remembered so that a failure deeper in the chain names it (``MissingRegistration/lazyRead``).
    @usableFromInline
    static func readingLazily<R>(file: StaticString, line: UInt, _ read: () -> R) -> R {
        let context = ResolutionContext.current
        guard context.frames.isEmpty, context.lazyRead == nil else { return read() }
        context.lazyRead = (file, line)
        defer { context.lazyRead = nil }
        return read()
    }

    /// The lazy read that started the resolve failing on this thread, when a service chain lies
    /// between it and the failure (with no chain, the failing request is the read itself).
    static func lazyReadStartingChain(_ context: ResolutionContext) -> SourceLocation? {
        guard !context.frames.isEmpty, let site = context.lazyRead else { return nil }
        return SourceLocation(site.file, site.line)
    }

    /// The service being built on this thread: the owner of a `@LazyInjected` created now. Nil when
    /// unobserved (one atomic load).
    @usableFromInline
    static func lazyOwner() -> ServiceIdentity? {
        guard EventHub.shared.isActive else { return nil }
        return ResolutionContext.current.frames.last?.registration.identity
    }

    /// Reports the first read of a type-keyed `@LazyInjected`: an edge from its owner to the
    /// registration that answered, taken after the owner was built.
    @usableFromInline
    func reportLazyResolution<T>(_ type: T.Type, name: String?, owner: ServiceIdentity?, file: StaticString, line: UInt) {
        guard EventHub.shared.isActive else { return }
        // Found in the resolve's own search order (an added child answers before the parent).
        let service = registration(answering: EntryKey(ObjectIdentifier(T.self), name: name))?.identity
            ?? ServiceIdentity(type: typeName(T.self), name: name, container: traceName)
        EventHub.shared.emit(.lazyResolved(LazyResolution(owner: owner, service: service, location: SourceLocation(file, line))))
    }

    /// Reports the first read of a plain keypath `@LazyInjected`.
    func reportLazyPlainResolution<T>(_ keyPath: any KeyPath<Container, T> & Sendable, owner: ServiceIdentity?, file: StaticString, line: UInt) {
        guard EventHub.shared.isActive else { return }
        let plain = PlainKeyPaths.entry(for: keyPath)
        let service = registration(forProvider: plain.key)?.identity ?? plain.identity(T.self, in: self)
        EventHub.shared.emit(.lazyResolved(LazyResolution(owner: owner, service: service, location: SourceLocation(file, line))))
    }

    /// Reports the first read of a keypath `@LazyInjected`.
    func reportLazyResolution<T>(_ keyPath: any KeyPath<Container, Provider<T>> & Sendable, owner: ServiceIdentity?, file: StaticString, line: UInt) {
        guard EventHub.shared.isActive else { return }
        let service = self[keyPath: keyPath].identity
        EventHub.shared.emit(.lazyResolved(LazyResolution(owner: owner, service: service, location: SourceLocation(file, line))))
    }
}
