/// The first read of a `@LazyInjected` property: which service declared it (the one being built
/// when the wrapper was created), what it resolved, and where it was declared.
///
/// A lazy edge is not part of its owner's build, so a loop through it is no cycle: the
/// inspector draws it dashed and reports such a loop as "broken lazily".
///
/// ```swift
/// if case .lazyResolved(let lazy) = event.kind {
///     print("\(lazy.owner?.description ?? "app code") ⇢ \(lazy.service) at \(lazy.location)")
/// }
/// ```
public struct LazyResolution: Sendable, Hashable {
    /// The service whose construction created the wrapper; nil when app code created it.
    public var owner: ServiceIdentity?
    /// The registration that answered the read.
    public var service: ServiceIdentity
    /// The wrapper's declaration.
    public var location: SourceLocation

    public init(owner: ServiceIdentity?, service: ServiceIdentity, location: SourceLocation) {
        self.owner = owner
        self.service = service
        self.location = location
    }
}
