import Injection
import InjectionGraph
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the inspector's keys do outside the screen: `e` writes a file, `y` copies to the
/// terminal's clipboard, `o` opens the editor. Each returns what the key bar says.
///
/// ```swift
/// let actions = InspectorActions(exportDirectory: ".", sources: SourceFileLocator(roots: ["."]))
/// actions.export(request, graph: model.graph)  // "Exported to ./di-inspect-cycles.dot"
/// ```
struct InspectorActions {
    /// Where `e` writes dot files.
    var exportDirectory: String
    /// Where `o` looks for a trace's source files: the current folder, then `--source-root`.
    let sources: SourceFileLocator

    /// Writes what the view shows to the path the user confirmed (relative to the export
    /// folder unless absolute): Mermaid for `.mmd`/`.mermaid`, else dot.
    func export(_ request: ExportRequest, graph: DependencyGraph) -> String {
        let mermaid = request.path.hasSuffix(".mmd") || request.path.hasSuffix(".mermaid")
        let dot = switch request.content {
        case .graph(let options): mermaid ? MermaidExporter(options: options).render(graph) : DotExporter(options: options).render(graph)
        case .layers: mermaid ? LayerExporter.mermaid(LayerMap(graph)) : LayerExporter.dot(LayerMap(graph))
        }
        let path = request.path.hasPrefix("/") ? request.path
            : (exportDirectory.hasSuffix("/") ? exportDirectory : exportDirectory + "/") + request.path
        guard let file = fopen(path, "w") else {
            return "Export failed: cannot write \(path) (errno \(errno))"
        }
        defer { fclose(file) }
        let written = dot.utf8CString.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count - 1, file) }
        return written == dot.utf8.count ? "Exported to \(path)" : "Export failed: short write to \(path)"
    }

    /// Sends OSC 52 straight to the terminal: it moves no cursor and prints nothing, so the
    /// screen ncurses knows about is unchanged. Only to a terminal.
    func copyToClipboard(_ text: String) {
        guard isatty(1) == 1 else { return }
        let bytes = Array(ClipboardSequence.osc52(text).utf8)
        bytes.withUnsafeBytes { buffer in _ = write(1, buffer.baseAddress, buffer.count) }
    }

    /// The editor at the registration's line, or why not (the file is not here).
    func editor(for location: SourceLocation) -> Result<ForegroundProgram, EditorUnavailable> {
        guard let path = sources.path(for: location.fileID) else {
            return .failure(EditorUnavailable(message: "\(location.description) is not under this folder"
                + (sources.roots.count > 1 ? " or \(sources.roots[1])" : "")
                + (sources.roots.count > 1 ? "" : " (open --source-root DIR)")))
        }
        let arguments = EditorCommand.arguments(environment: PosixIO.environmentVariables(), file: path, line: location.line)
        return .success(ForegroundProgram(arguments: arguments, description: "\(path):\(location.line)"))
    }

    /// Why `o` opens no editor, for the key bar.
    struct EditorUnavailable: Error {
        var message: String
    }
}
