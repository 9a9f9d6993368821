import InjectionTrace

/// A captive dependency the runtime reported, deduplicated with a count.
///
/// ```swift
/// for record in graph.scopeMismatches { print(record.mismatch.message) }
/// ```
public struct ScopeMismatchRecord: Sendable, Hashable {
    /// The holder, the captive and their scopes.
    public let mismatch: ScopeMismatch
    /// How many times it was reported.
    public internal(set) var count = 1
    public internal(set) var firstSeen: UInt64

    init(_ mismatch: ScopeMismatch, time: UInt64) {
        self.mismatch = mismatch
        self.firstSeen = time
    }
}
