/// The first read of a `@LazyInjected` property: which service declared it (the one being built
/// when the wrapper was created), what it resolved, and where it was declared.
///
/// A lazy edge does not take part in its owner's build, so a loop through it is no cycle at run
/// time: the inspector draws it apart (dashed) and reports such a loop as "broken lazily".
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
