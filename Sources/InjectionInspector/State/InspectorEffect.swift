import InjectionGraph

/// What the reducer asks the outside world to do after a key: the one place side effects leave
/// the pure ``InspectorState``.
///
/// ```swift
/// for effect in state.handle(.character("e"), model: model) {
///     if case .export(let request) = effect { try exporter.write(request) }
/// }
/// ```
enum InspectorEffect: Sendable, Hashable {
    /// Leave the inspector.
    case quit
    /// Stop (true) or resume (false) taking in live updates.
    case pause(Bool)
    /// Write the current view to a dot file.
    case export(ExportRequest)
}

/// The part of the graph the current view shows, to export with the graph module's
/// ``DotExporter``.
struct ExportRequest: Sendable, Hashable {
    /// A short name for the file (`services`, `LoginViewModel-dependencies`).
    var name: String
    /// What to include: the whole graph, a layer, or a service and what it reaches.
    var options: GraphExportOptions

    init(name: String, options: GraphExportOptions = GraphExportOptions()) {
        self.name = name
        self.options = options
    }
}
