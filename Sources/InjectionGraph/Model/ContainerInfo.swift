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
    /// How many containers it stands for: the `containerCreated` records of its name, and of
    /// the children made at its site that were folded into it (``made`` > 1: `request child ×N`).
    /// 0 when the trace never saw it created.
    public internal(set) var made: UInt64 = 0
    /// How many of them were released (`containerReleased`).
    public internal(set) var releases: UInt64 = 0
    /// The name of the last child folded into it (its services are this container's, counted
    /// with the others'); nil when none was.
    public internal(set) var lastMade: String?

    /// How many of the containers it stands for are still alive, as far as the trace says.
    public var live: UInt64 { made > releases ? made - releases : 0 }

    /// The name shown for it: its own, or, for the children of one site folded into it,
    /// `request child ×1200` (`request ×1200` for roots).
    public var label: String {
        guard made > 1 else { return name }
        return "\(ContainerFold.stem(of: name))\(parent == nil ? "" : " child") ×\(made)"
    }

    /// A container searched after this one's own table (`add(child:)`).
    public struct AddedChild: Sendable, Hashable {
        public let name: String
        public let addedAt: SourceLocation
    }
}
