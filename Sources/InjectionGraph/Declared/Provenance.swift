/// Where the graph knows a service or an edge from: the app's sources (a scan), a run (a trace),
/// or both.
///
/// ```swift
/// for node in graph.nodes where node.provenance == .declared {
///     print(node.identity, "is registered in the sources but was never seen in a run")
/// }
/// ```
public struct Provenance: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Read from the sources by `di-inspect scan`.
    public static let declared = Provenance(rawValue: 1)
    /// Seen in a trace: registered, resolved, or named by a problem at run time.
    public static let observed = Provenance(rawValue: 2)

    /// `declared`, `observed` or `declared+observed`: how JSON and the list name it.
    public var name: String {
        switch (contains(.declared), contains(.observed)) {
        case (true, true): "declared+observed"
        case (true, false): "declared"
        case (false, true): "observed"
        case (false, false): "none"
        }
    }
}
