import Injection
import ArgumentParser
import Foundation
import InjectionGraph

/// `di-inspect export FILE [--format dot|svg|json|mermaid] …`: the graph for other tools.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the dependency graph as Graphviz dot, SVG, JSON or Mermaid.",
        discussion: """
            svg runs Graphviz's dot, which must be installed (apt-get install graphviz, brew \
            install graphviz).

              $ di-inspect export trace.ndjson --format svg -o graph.svg
              $ di-inspect export trace.ndjson --no-legend | dot -Tpng > graph.png
              $ di-inspect export trace.ndjson --focus ViewModel.cart --depth 2
              $ di-inspect export trace.ndjson --layers --format mermaid
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dot, svg, json, mermaid
    }

    @Argument(help: "The trace file.")
    var file: String

    @Option(help: "The output format.")
    var format: Format = .dot

    @Option(help: "Only the services of this layer ('Login', 'app/Login', or a container's name).")
    var layer: String?

    @Option(help: "Only this service and what it reaches (a type, 'Layer.member', or a description).")
    var focus: String?

    @Option(help: "With --focus: how many edges away to go.")
    var depth: Int?

    @Flag(help: "With --focus: show the services that depend on it instead of its dependencies.")
    var reverse = false

    @Flag(help: "One node per layer and one weighted edge per layer crossing (breaches red), for dot or mermaid.")
    var layers = false

    @Flag(help: "Leave out the legend (dot and svg).")
    var noLegend = false

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func validate() throws {
        if let depth, depth < 0 { throw ValidationError("--depth must be 0 or more, got \(depth).") }
        if focus == nil, depth != nil || reverse {
            throw ValidationError("--depth and --reverse need --focus SERVICE.")
        }
        if layers, format == .json { throw ValidationError("--layers writes dot, svg or mermaid, not json.") }
        if noLegend, format == .json || format == .mermaid {
            throw ValidationError("--no-legend is for dot and svg; \(format.rawValue) has no legend.")
        }
        if layers, layer != nil || focus != nil {
            throw ValidationError("--layers summarises every layer; it does not combine with --layer or --focus.")
        }
    }

    func run() throws {
        let graph = try loadGraph(file)
        if layers {
            let map = LayerMap(graph)
            let text = format == .mermaid ? LayerExporter.mermaid(map) : LayerExporter.dot(map)
            try write(format == .svg ? try GraphvizRenderer.svg(fromDot: text) : text)
            return
        }
        var options = GraphExportOptions(layer: layer, depth: depth, reverse: reverse)
        if let focus { options.focus = try lookUp(focus, in: graph) }
        let text = switch format {
        case .dot, .svg: DotExporter(options: options, includesLegend: !noLegend).render(graph)
        case .json: JSONExporter(options: options).render(graph)
        case .mermaid: MermaidExporter(options: options).render(graph)
        }
        try write(format == .svg ? try GraphvizRenderer.svg(fromDot: text) : text)
    }

    /// Graph formats are written as they are: dot, mermaid and JSON escape their own labels.
    private func write(_ text: String) throws {
        try writeReport(text, to: output, escaping: false)
    }
}
