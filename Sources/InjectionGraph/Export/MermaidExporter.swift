import Injection

/// Writes a graph as a Mermaid flowchart (`graph LR`) that renders on GitHub.
///
/// Containers and layers become nested subgraphs; a scope decides the node shape (unique
/// rounded, graph hexagon, cached rectangle, shared stadium, singleton subroutine, custom
/// parallelogram, unknown flag); cycle edges are red (`linkStyle`); missing registrations use the
/// `missing` class (dashed red); overrides and mappings are dotted edges. Labels are quoted, with
/// `"` `#` `<` `>` `&` and backticks written as Mermaid entity codes (`#quot;` …).
///
/// ````
/// $ di-inspect export trace.ndjson --format mermaid
/// graph LR
///   subgraph c0["app"]
///     n0["XYZService<br>singleton"]
/// …
/// ````
/// ```swift
/// let text = MermaidExporter().render(graph)
/// ```
public struct MermaidExporter: Sendable {
    public var options: GraphExportOptions

    public init(options: GraphExportOptions = GraphExportOptions()) {
        self.options = options
    }

    public func render(_ graph: DependencyGraph) -> String {
        let selection = graph.selection(options)
        let membership = graph.loopMembership()
        var out = "graph LR\n"
        for cluster in selection.containerClusters(in: graph) {
            out += "  subgraph c\(cluster.index)[\"\(Self.label(cluster.name))\"]\n"
            for node in cluster.services { out += "    " + Self.node(graph.nodes[node]) + "\n" }
            for (layerIndex, layer) in cluster.layers.enumerated() {
                out += "    subgraph c\(cluster.index)_l\(layerIndex)[\"\(Self.label(layer.name))\"]\n"
                for node in layer.services { out += "      " + Self.node(graph.nodes[node]) + "\n" }
                out += "    end\n"
            }
            out += "  end\n"
        }
        var linkIndex = 0
        var redLinks: [Int] = []
        for edgeID in selection.edges {
            let edge = graph.edges[edgeID]
            if edge.isPropertyInjection {
                out += "  n\(edge.from) -->|\"\(edge.count) property\"| n\(edge.to)\n"
            } else if edge.isLazy {
                out += "  n\(edge.from) -.->|\"lazy\"| n\(edge.to)\n"
            } else {
                out += edge.count > 0 ? "  n\(edge.from) -->|\"\(edge.count)\"| n\(edge.to)\n" : "  n\(edge.from) -.-> n\(edge.to)\n"
            }
            if graph.isCycleEdge(edge, membership: membership) { redLinks.append(linkIndex) }
            linkIndex += 1
        }
        let missing = graph.missing(in: selection, options: options)
        for (index, item) in missing.enumerated() {
            out += "  m\(index)[\"\(Self.label(item.requested.qualifiedDescription))<br>(missing)\"]:::missing\n"
            if let requester = item.requester, let from = graph.nodeID(for: requester) {
                out += "  n\(from) -.-> m\(index)\n"
                redLinks.append(linkIndex)
                linkIndex += 1
            }
        }
        // One edge per replaced service and replacement, however often it was set.
        for edge in graph.overrideEdges(in: selection) {
            out += "  n\(edge.from) -.->|\"\(edge.label)\"| n\(edge.to)\n"
            linkIndex += 1
        }
        if !missing.isEmpty { out += "  classDef missing stroke:#d00,stroke-dasharray:5 5,color:#d00\n" }
        if !redLinks.isEmpty {
            out += "  linkStyle " + redLinks.map(String.init).joined(separator: ",") + " stroke:#d00,stroke-width:2px\n"
        }
        return out
    }

    static func node(_ node: ServiceNode) -> String {
        var text = label(node.identity.description)
        if let scope = node.scope { text += "<br>" + label(scope.name) }
        let (open, close) = shape(node.scope)
        return "n\(node.id)\(open)\"\(text)\"\(close)"
    }

    static func shape(_ scope: Scope?) -> (String, String) {
        guard let scope else { return (">", "]") }
        switch scope.kind {
        case .unique: return ("(", ")")
        case .graph: return ("{{", "}}")
        case .cached: return ("[", "]")
        case .shared: return ("([", "])")
        case .singleton: return ("[[", "]]")
        case .custom: return ("[/", "/]")
        }
    }

    /// `text` for inside a quoted Mermaid label: control characters as visible `\u{…}`, and
    /// `"` `#` `<` `>` `&` and backtick as entity codes. (`ProblemAnnotations.githubData` has the
    /// same shape with GitHub's escapes; each format keeps its own table on purpose.)
    ///
    /// ```swift
    /// MermaidExporter.label("Say \"hi\" #1")  // Say #quot;hi#quot; #35;1
    /// ```
    public static func label(_ text: String) -> String {
        var out = ""
        for character in text.escapingControlCharacters {
            switch character {
            case "\"": out += "#quot;"
            case "#": out += "#35;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "&": out += "#amp;"
            case "`": out += "#96;"
            default: out.append(character)
            }
        }
        return out
    }
}
