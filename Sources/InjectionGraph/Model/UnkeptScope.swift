import Injection

/// A service registered in a scope that keeps instances, whose instances were never kept long
/// enough to be handed out again: at least two built, no resolve answered from the scope. A weak
/// `.shared` scope nothing long-lived holds, or a cache reset before every hit. A note (the app
/// works, it just builds what it meant to reuse), a problem with `--strict`.
///
/// ```swift
/// for unkept in graph.unkeptScopes() { print(unkept.service, unkept.builds, unkept.released) }
/// ```
public struct UnkeptScope: Sendable, Hashable {
    public let service: ServiceIdentity
    /// The scope it is registered in.
    public let scope: Scope
    public let registeredAt: SourceLocation?
    /// Instances built under the scope (other than by `.newSingleton`, which builds on purpose).
    public let builds: UInt64
    /// Resolves answered from the scope (none: that is the finding).
    public let hits: UInt64
    /// Instances the weak scope let go, found released at the next lookup.
    public let released: UInt64
    /// Resets that dropped one of its instances, and where the latest was called.
    public let resets: UInt64
    public let resetAt: SourceLocation?
    /// The services that asked for it (app code is not listed), with their scopes.
    public let requesters: [OverrideRecord.Holder]

    /// The share of its resolves answered from the scope, in percent (0 when it never keeps).
    public var hitRate: Int {
        let total = builds.addingSaturated(hits)
        return total == 0 ? 0 : Int((Double(hits) / Double(total) * 100).rounded(.down))
    }
}

/// A service built in one container that resolved a dependency from a container outside that
/// container's search order, while its own search order registers the same key: two instances
/// of one service live at once, one per container (a plain `@Injected` that fell back to
/// `Container.shared` while the app built its holder in its own container).
///
/// ```swift
/// for reach in graph.crossContainerResolves() { print(reach.requester, "→", reach.service) }
/// ```
public struct CrossContainerResolve: Sendable, Hashable {
    /// The service whose build reached the other container.
    public let requester: ServiceIdentity
    public let requesterRegisteredAt: SourceLocation?
    /// What it got, from the container outside its search order.
    public let service: ServiceIdentity
    /// The registration of the same key its own container's search reaches (the one it should
    /// have had).
    public let expected: ServiceIdentity
    public let expectedRegisteredAt: SourceLocation?
    /// Resolves of ``service`` by ``requester``.
    public let count: UInt64
}
