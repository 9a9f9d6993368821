import Injection

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
    /// Whether the holder was seen built afterwards. A holder whose build failed (a cycle or a
    /// missing dependency stopped it) captured nothing, and is not reported.
    public internal(set) var isConfirmed = false
    /// Where the holder was registered, when the trace saw it.
    public internal(set) var holderRegisteredAt: SourceLocation?

    /// Where the holder's `@LazyInjected` that captured it is declared, when the capture came
    /// from a first read rather than from the holder's build.
    public internal(set) var capturedLazilyAt: SourceLocation?

    /// The warning, naming where the holder is registered.
    public var message: String {
        mismatch.message(holderRegisteredAt: holderRegisteredAt, capturedLazilyAt: capturedLazilyAt)
    }

    init(_ mismatch: ScopeMismatch, time: UInt64) {
        self.mismatch = mismatch
        self.firstSeen = time
    }
}
