import Injection

/// A failed request, deduplicated: identical requests (same service, same requester chain) fold
/// into one with a ``count``.
///
/// ```swift
/// for missing in graph.missing {
///     print(missing.registration.message, "(\(missing.count)×)")
/// }
/// ```
public struct MissingDependency: Sendable, Hashable {
    /// What was asked for (type, name, and the container asked).
    public let requested: ServiceIdentity
    /// The services being resolved when the request was made, outermost first.
    public let chain: [ServiceIdentity]
    /// Registrations that look like what was meant (from the first occurrence).
    public let nearMisses: [NearMiss]
    /// The registration line to add. ``DependencyGraph/check(strict:)`` gives it the scope every
    /// requester seen can hold (``DependencyGraph/missingWithSafeFixes()``).
    public internal(set) var fix: String
    /// Where the resolve was written, when known.
    public let location: SourceLocation?
    /// The `@LazyInjected` declaration whose first read, in app code, started the chain (from the
    /// first occurrence).
    public let lazyRead: SourceLocation?
    /// How many times this exact request failed.
    public internal(set) var count = 1
    public internal(set) var firstSeen: UInt64
    public internal(set) var lastSeen: UInt64

    /// The service whose construction made the request; nil for a request from app code.
    public var requester: ServiceIdentity? { chain.last }

    /// The runtime's diagnostic for this request, whose ``MissingRegistration/message`` is the
    /// developer-facing text.
    public var registration: MissingRegistration {
        MissingRegistration(
            requested: requested, requesterChain: chain, nearMisses: nearMisses, fix: fix,
            location: location, lazyRead: lazyRead)
    }

    init(_ missing: MissingRegistration, time: UInt64) {
        requested = missing.requested
        chain = missing.requesterChain
        nearMisses = missing.nearMisses
        fix = missing.fix
        location = missing.location
        lazyRead = missing.lazyRead
        firstSeen = time
        lastSeen = time
    }
}
