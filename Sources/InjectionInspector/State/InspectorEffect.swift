import InjectionGraph

/// What the reducer asks the outside world to do after a key: the one place side effects leave
/// the pure ``InspectorState``.
///
/// ```swift
/// for effect in state.handle(.character("e"), model: model) {
///     if case .export(let request) = effect { try exporter.write(request) }
/// }
/// ```
public enum InspectorEffect: Sendable, Hashable {
    /// Leave the inspector.
    case quit
    /// Stop (true) or resume (false) taking in live updates.
    case pause(Bool)
    /// Write the current view to a dot file.
    case export(ExportRequest)
}

/// The part of the graph the current view shows, to export.
public struct ExportRequest: Sendable, Hashable {
    /// A short name for the file (`services`, `LoginViewModel-dependencies`).
    public var name: String
    /// The services in the view; empty means the whole graph.
    public var nodes: [NodeID]

    public init(name: String, nodes: [NodeID]) {
        self.name = name
        self.nodes = nodes
    }
}
