import Injection

/// A container seen in the trace: created explicitly (`containerCreated`) or only named by the
/// services it owns.
///
/// ```swift
/// for container in graph.containers {
///     print(container.name, container.parent ?? "(root)")
/// }
/// ```
public struct ContainerInfo: Sendable, Hashable {
    public let name: String
    /// The parent container's name; nil for a root (or when the creation was not seen).
    public internal(set) var parent: String?
    /// Where the container was created; nil when the trace never saw its creation.
    public internal(set) var createdAt: SourceLocation?
    /// The containers added to this one with `add(child:)`, in the order added (its search
    /// order after its own table), with the line that added each.
    public internal(set) var addedChildren: [AddedChild] = []
    /// How many `containerReleased` records named it: one container of this name ended for each.
    public internal(set) var releases: UInt64 = 0

    /// A container searched after this one's own table (`add(child:)`).
    public struct AddedChild: Sendable, Hashable {
        public let name: String
        public let addedAt: SourceLocation
    }
}
