import Injection
/// Why a ``TraceListener`` could not start listening.
public struct TraceListenerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong and where, e.g. `bind unix:/tmp/x.sock: Address already in use`.
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
