import InjectionTrace

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
        /// The runtime reported it (`staleOverride`).
        case reported
        /// The replaced service had a kept instance alive when the override was set.
        case keptInstance
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
    /// Set when the override came after an instance of the replaced service was kept.
    public internal(set) var staleness: Staleness?

    /// The scope of the replaced service when it was reported stale.
    public internal(set) var staleScope: Scope?

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
