import Injection
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
    /// Write what the current view shows to the file the user confirmed.
    case export(ExportRequest)
    /// Put this text on the clipboard (OSC 52).
    case copy(String)
    /// Open this registration's file at its line in the user's editor (`o`).
    case openSource(SourceLocation)
}

/// What the current view shows, to export with the graph module's exporters: a part of the
/// service graph (``DotExporter``, or ``MermaidExporter`` for a `.mmd` path) or, on Layers, the
/// layer summary (``LayerExporter``).
struct ExportRequest: Sendable, Hashable {
    enum Content: Sendable, Hashable {
        /// Services: the whole graph, a layer, a focus, or a view's own services.
        case graph(GraphExportOptions)
        /// One node per layer and one weighted edge per crossing.
        case layers
    }

    /// A short name for the file (`services`, `LoginViewModel-dependencies`).
    var name: String
    var content: Content
    /// Where to write it, as the user confirmed it (relative to the export folder unless it
    /// starts with `/`); empty until then.
    var path = ""

    init(name: String, options: GraphExportOptions = GraphExportOptions()) {
        self.name = name
        self.content = .graph(options)
    }

    init(name: String, content: Content) {
        self.name = name
        self.content = content
    }

    /// The file name offered in the prompt: `di-inspect-<name>.dot`, with anything but letters,
    /// digits and `-` made `_`.
    var defaultPath: String {
        "di-inspect-" + String(name.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }) + ".dot"
    }
}
