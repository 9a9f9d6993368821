import Synchronization

extension Container {
    /// The service being built on this thread, if any: the owner of a `@LazyInjected` created
    /// now (its enclosing object is being initialised by that service's factory). Nil when no
    /// observer listens, so an unobserved app pays one atomic load.
    static func lazyOwner() -> ServiceIdentity? {
        guard EventHub.shared.isActive else { return nil }
        return ResolutionContext.current.frames.last?.registration.identity
    }

    /// Reports the first read of a type-keyed `@LazyInjected`: an edge from its owner to the
    /// registration that answered, taken after the owner was built.
    func reportLazyResolution<T>(_ type: T.Type, name: String?, owner: ServiceIdentity?, file: StaticString, line: UInt) {
        guard EventHub.shared.isActive else { return }
        // The registration that answered, found in the resolve's own search order (an added
        // child answers before the parent).
        let service = registration(answering: EntryKey(ObjectIdentifier(T.self), name: name))?.identity
            ?? ServiceIdentity(type: typeName(T.self), name: name, container: traceName)
        EventHub.shared.emit(.lazyResolved(LazyResolution(owner: owner, service: service, location: SourceLocation(file, line))))
    }

    /// Reports the first read of a plain keypath `@LazyInjected`.
    func reportLazyPlainResolution<T>(_ keyPath: KeyPath<Container, T>, owner: ServiceIdentity?, file: StaticString, line: UInt) {
        guard EventHub.shared.isActive else { return }
        let plain = PlainKeyPaths.entry(for: keyPath)
        let service = registration(forProvider: plain.key)?.identity ?? plain.identity(T.self, in: self)
        EventHub.shared.emit(.lazyResolved(LazyResolution(owner: owner, service: service, location: SourceLocation(file, line))))
    }

    /// Reports the first read of a keypath `@LazyInjected`.
    func reportLazyResolution<T>(_ keyPath: KeyPath<Container, Provider<T>>, owner: ServiceIdentity?, file: StaticString, line: UInt) {
        guard EventHub.shared.isActive else { return }
        let service = self[keyPath: keyPath].identity
        EventHub.shared.emit(.lazyResolved(LazyResolution(owner: owner, service: service, location: SourceLocation(file, line))))
    }
}
