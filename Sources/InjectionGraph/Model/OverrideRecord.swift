import Injection

/// One override: a re-registration that replaced an earlier registration, or a keypath mapping
/// that redirected a provider's requests. ``DependencyGraph/overrides`` keeps the whole history in
/// the order the overrides were set.
///
/// ```swift
/// for record in graph.overrides where record.state == .active {
///     print("\(record.from) → \(record.to) set at \(record.location)")
/// }
/// ```
public struct OverrideRecord: Sendable, Hashable {
    /// How the override was made.
    public enum Kind: String, Sendable, Hashable {
        /// `register` for a key that already had a registration (last one wins).
        case registration
        /// A keypath mapping (`mappingChanged` with action `set`).
        case mapping
    }

    /// Whether the override still applies.
    public enum State: Sendable, Hashable {
        /// Still in effect at the end of what the graph has seen.
        case active
        /// A later override for the same key or provider took its place.
        case replaced
        /// A mapping reset (or reset-all) ended it.
        case reset(at: SourceLocation, time: UInt64)
    }

    /// Why the override is stale: holders of the old instance keep using it.
    public enum Staleness: String, Sendable, Hashable {
        /// The runtime reported it (`staleOverride`) for an override the trace did not see set,
        /// so who holds the old instance is unknown.
        case reported
        /// Long-lived services built from the old registration (or provider) were alive when the
        /// override was set: they keep the old instance (``holders``). Whatever the replaced
        /// service's own scope is, `unique` included.
        case heldByLongLived
    }

    /// A long-lived service that was built with the old instance and held it.
    public struct Holder: Sendable, Hashable {
        public let service: ServiceIdentity
        public let scope: Scope
        /// Resolves answered by this holder's kept instance (the one with the old dependency)
        /// after the override.
        public internal(set) var staleUses: UInt64 = 0
        /// Whether the holder was rebuilt since (its scope reset, or it was overridden).
        public internal(set) var isRebuilt = false
    }

    /// Who resolved a mapping's replacement while the mapping was in effect, and how often.
    public struct Use: Sendable, Hashable {
        /// The requester; nil for app code.
        public let requester: ServiceIdentity?
        public internal(set) var count: UInt64
    }

    public let kind: Kind
    /// The container the override was set in.
    public let container: String
    /// The registration that was replaced, or the provider whose requests are redirected.
    public let from: ServiceIdentity
    /// The replacement registration, or the provider that now answers.
    public let to: ServiceIdentity
    /// Where the override was set.
    public let location: SourceLocation
    /// Where the replaced registration was written (registrations only).
    public let replacedLocation: SourceLocation?
    /// The `t` of the event that set it.
    public let time: UInt64
    public internal(set) var state: State = .active
    /// Set when the override came after long-lived services were built from what it replaces.
    public internal(set) var staleness: Staleness?
    /// The long-lived services that held the old instance: dependents (directly, or through
    /// short-lived services) alive when the override was set. One rebuilt before it was used
    /// again (its scope reset right after the override) is dropped: it never served the old one.
    public internal(set) var holders: [Holder] = []
    /// The scope of the replaced service.
    public internal(set) var staleScope: Scope?
    /// For a mapping: who resolved the replacement while it was in effect.
    public internal(set) var uses: [Use] = []

    /// Whether holders of the old instance still use it (``staleness`` says why it started).
    public var isStale: Bool {
        switch staleness {
        case .none: false
        case .reported: true
        case .heldByLongLived: !holders.isEmpty
        }
    }

    init(
        kind: Kind, container: String, from: ServiceIdentity, to: ServiceIdentity,
        location: SourceLocation, replacedLocation: SourceLocation?, time: UInt64
    ) {
        self.kind = kind
        self.container = container
        self.from = from
        self.to = to
        self.location = location
        self.replacedLocation = replacedLocation
        self.time = time
    }

    /// Whether the override is still in effect.
    public var isActive: Bool { state == .active }
}
