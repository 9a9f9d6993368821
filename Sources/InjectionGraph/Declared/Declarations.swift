import Injection

/// Everything a scan read from the sources, linked: containers, every registration, every
/// injection site, and the notes on what it could not read. ``DependencyGraph/declare(_:)`` adds
/// it to a graph; ``ScanGraphFile`` writes and reads it.
///
/// ```swift
/// var graph = DependencyGraph()
/// graph.declare(try ScanGraphFile.read(text))
/// ```
public struct Declarations: Sendable, Hashable {
    public var summary: ScanSummary
    public var containers: [DeclaredContainer]
    public var registrations: [DeclaredRegistration]
    public var sites: [InjectionSite]
    public var notes: [ScanNote]
    /// The protocols the sources declare (a fix for a missing protocol names an implementation).
    public var protocols: [String]

    public init(
        summary: ScanSummary, containers: [DeclaredContainer] = [], registrations: [DeclaredRegistration] = [],
        sites: [InjectionSite] = [], notes: [ScanNote] = [], protocols: [String] = []
    ) {
        self.summary = summary
        self.containers = containers
        self.registrations = registrations
        self.sites = sites
        self.notes = notes
        self.protocols = protocols
    }

    /// The registration with `id`.
    public func registration(_ id: Int) -> DeclaredRegistration? {
        registrationIndex[id].map { registrations[$0] }
    }

    private var registrationIndex: [Int: Int] {
        Dictionary(registrations.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
