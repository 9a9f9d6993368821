import Injection

/// Writes the layer summary (``LayerMap``) as Graphviz dot or Mermaid: one node per layer, one
/// edge per crossing labelled with how many service edges cross, breaches in red.
///
/// ```
/// $ di-inspect export trace.ndjson --layers --format mermaid
/// flowchart TB
///   l0["app/ViewModel<br/>5 services"]
///   …
///   l0 -->|"5"| l1
/// ```
/// ```swift
/// let dot = LayerExporter.dot(LayerMap(graph))
/// ```
public enum LayerExporter {
    /// The map as a dot digraph, top to bottom in dependency order (one rank per layer rank).
    public static func dot(_ map: LayerMap) -> String {
        var out = "digraph layers {\n"
        out += "  graph [rankdir=TB, fontname=\"Helvetica\", fontsize=10];\n"
        out += "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9];\n"
        for (index, layer) in map.layers.enumerated() {
            let style = layer.id.layer == nil ? ", style=\"rounded,dashed\"" : ""
            out += "  l\(index) [label=\"\(DotExporter.quoted(layer.id.description))\\n\(services(layer.serviceCount))\"\(style)];\n"
        }
        for rank in Set(map.layers.map(\.rank)).sorted() {
            let members = map.layers.indices.filter { map.layers[$0].rank == rank }
            guard members.count > 1 else { continue }
            out += "  { rank=same; " + members.map { "l\($0);" }.joined(separator: " ") + " }\n"
        }
        for arrow in map.arrows {
            var attributes = ["label=\"\(arrow.edgeCount)\"", "penwidth=\(penWidth(arrow.edgeCount))"]
            if arrow.isBreach { attributes += ["color=red", "fontcolor=red", "label=\"\(arrow.edgeCount) breach\""] }
            // Arrows drawn upward (from a pool, or back around a loop) must not pull the ranks.
            if arrow.to <= arrow.from { attributes.append("constraint=false") }
            out += "  l\(arrow.from) -> l\(arrow.to) [" + attributes.joined(separator: ", ") + "];\n"
        }
        return out + "}\n"
    }

    /// The map as a Mermaid flowchart, top to bottom; breach links styled red.
    public static func mermaid(_ map: LayerMap) -> String {
        var out = "flowchart TB\n"
        for (index, layer) in map.layers.enumerated() {
            out += "  l\(index)[\"\(MermaidExporter.label(layer.id.description))<br/>\(services(layer.serviceCount))\"]\n"
        }
        var breachLinks: [Int] = []
        for (linkIndex, arrow) in map.arrows.enumerated() {
            let label = arrow.isBreach ? "\(arrow.edgeCount) breach" : "\(arrow.edgeCount)"
            out += "  l\(arrow.from) -->|\"\(label)\"| l\(arrow.to)\n"
            if arrow.isBreach { breachLinks.append(linkIndex) }
        }
        if !breachLinks.isEmpty {
            out += "  linkStyle " + breachLinks.map(String.init).joined(separator: ",") + " stroke:#d00,stroke-width:2px,color:#d00\n"
        }
        return out
    }

    static func services(_ count: Int) -> String { "\(count) service\(count == 1 ? "" : "s")" }

    /// Thicker lines for heavier crossings, from 1 to 4.
    static func penWidth(_ edges: Int) -> String {
        let width = min(4.0, 1.0 + Double(edges).squareRoot() / 2)
        return String(Double(Int(width * 10)) / 10)
    }
}
