import Injection

/// Writes a graph as Graphviz `dot`.
///
/// Containers and their layers become nested clusters (`subgraph cluster_…`); a service's
/// scope decides its shape; edges are labelled with resolve counts; cycle edges are red; lazy
/// edges (`@LazyInjected`) are dashed grey; captive dependencies are orange; missing
/// registrations are dashed red nodes linked from their requester, optional requests that gave
/// nil dotted grey ones; overrides and mappings are dotted edges from the replaced service to its
/// replacement, orange when stale (with the holders of the old instance) or left active. The
/// marks come from ``DependencyGraph/check(strict:)``. A legend cluster explains it all:
///
/// | scope | shape |
/// |---|---|
/// | unique | ellipse |
/// | graph | hexagon |
/// | cached | box |
/// | shared | rounded box |
/// | singleton | box with a double border |
/// | custom | component (box with tabs) |
/// | unknown (only seen in a failed chain) | dotted ellipse |
///
/// ```
/// $ di-inspect export trace.ndjson --format dot | dot -Tsvg > graph.svg
/// ```
/// ```swift
/// let dot = DotExporter().render(graph)
/// ```
public struct DotExporter: Sendable {
    public var options: GraphExportOptions
    /// Whether to add the legend cluster.
    public var includesLegend: Bool

    public init(options: GraphExportOptions = GraphExportOptions(), includesLegend: Bool = true) {
        self.options = options
        self.includesLegend = includesLegend
    }

    /// The `dot` source for `graph`.
    public func render(_ graph: DependencyGraph) -> String {
        let selection = graph.selection(options)
        let membership = graph.loopMembership()
        // Marks come from the problem list `check` prints, so the picture and the report agree.
        let report = graph.check()
        var captive: Set<[NodeID]> = []
        for problem in report.problems {
            guard case .scopeMismatch(let record) = problem,
                  let holder = graph.nodeID(for: record.mismatch.holder),
                  let kept = graph.nodeID(for: record.mismatch.captive) else { continue }
            captive.insert([holder, kept])
        }
        var breaches: Set<[NodeID]> = []
        for case .layerBreach(let breach) in report.problems {
            for step in breach.against.flatMap(\.steps) {
                if let from = graph.nodeID(for: step.requester), let to = graph.nodeID(for: step.service) { breaches.insert([from, to]) }
            }
        }
        var out = "digraph dependencies {\n"
        out += "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=10];\n"
        out += "  node [fontname=\"Helvetica\", fontsize=10];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9];\n"
        writeClusters(graph, selection, to: &out)
        for edgeID in selection.edges {
            let edge = graph.edges[edgeID]
            out += "  n\(edge.from) -> n\(edge.to)"
            var attributes: [String] = []
            if edge.isPropertyInjection {
                attributes.append("label=\"\(edge.count) (property)\", arrowhead=empty")
            } else if edge.isLazy {
                attributes.append("label=\"lazy \(edge.lazyCount)\", style=dashed, arrowhead=empty, color=gray40")
            } else if edge.count > 0 {
                attributes.append("label=\"\(edge.count)\"")
            } else {
                attributes.append("style=dashed")
            }
            if graph.isCycleEdge(edge, membership: membership) { attributes.append("color=red, penwidth=2") }
            if breaches.contains([edge.from, edge.to]) { attributes.append("color=red, penwidth=2, xlabel=\"breach\"") }
            if captive.contains([edge.from, edge.to]) {
                attributes.append("color=orange, penwidth=2, xlabel=\"captive\"")
                captive.remove([edge.from, edge.to])
            }
            out += " [" + attributes.joined(separator: ", ") + "];\n"
        }
        // A captive pair whose edge is outside the selection is still drawn when both ends are in.
        for pair in captive.sorted(by: { $0.lexicographicallyPrecedes($1) })
        where selection.contains(pair[0]) && selection.contains(pair[1]) {
            out += "  n\(pair[0]) -> n\(pair[1]) [color=orange, penwidth=2, xlabel=\"captive\"];\n"
        }
        for (index, item) in graph.missing(in: selection, options: options).enumerated() {
            out += "  m\(index) [\(Self.labelAttributes(item.requested.qualifiedDescription, suffix: "\\n(missing)")), "
            out += "shape=box, style=dashed, color=red, fontcolor=red];\n"
            if let requester = item.requester, let from = graph.nodeID(for: requester) {
                out += "  n\(from) -> m\(index) [style=dashed, color=red];\n"
            }
        }
        for (index, item) in graph.resolvedToNil.enumerated() {
            guard let requester = item.requester, let from = graph.nodeID(for: requester), selection.contains(from)
            else { continue }
            let label = Self.quoted(item.requested.qualifiedDescription) + "\\n(nil: optional)"
            out += "  z\(index) [label=\"\(label)\", shape=box, style=dotted, color=gray40, fontcolor=gray40];\n"
            out += "  n\(from) -> z\(index) [style=dotted, color=gray40];\n"
        }
        // One edge per replaced service and replacement, however often it was set.
        for edge in graph.overrideEdges(in: selection) {
            let color = edge.isStale || edge.isLeftActive ? ", color=orange, fontcolor=orange, penwidth=2" : ""
            out += "  n\(edge.from) -> n\(edge.to) [style=dotted, label=\"\(edge.label)\"\(color)];\n"
            for holder in edge.holders {
                guard let id = graph.nodeID(for: holder), selection.contains(id) else { continue }
                out += "  n\(id) -> n\(edge.from) [style=dotted, color=orange, label=\"holds old\"];\n"
            }
        }
        // A replaced instance: each holder points at the service it keeps an older instance of;
        // a resolve from another container is its edge, marked.
        for case .replacedInstance(let replaced) in report.problems {
            guard let to = graph.nodeID(for: replaced.service), selection.contains(to) else { continue }
            for holder in replaced.holders {
                guard let from = graph.nodeID(for: holder.service), selection.contains(from) else { continue }
                out += "  n\(from) -> n\(to) [style=dotted, color=orange, label=\"holds replaced\"];\n"
            }
        }
        // A scope that never keeps (a note unless --strict): its service, marked.
        for case .unkeptScope(let unkept) in report.all {
            guard let id = graph.nodeID(for: unkept.service), selection.contains(id) else { continue }
            out += "  n\(id) [xlabel=\"never kept\", fontcolor=orange];\n"
        }
        for case .crossContainer(let reach) in report.problems {
            guard let from = graph.nodeID(for: reach.requester), let to = graph.nodeID(for: reach.service),
                  selection.contains(from), selection.contains(to) else { continue }
            out += "  n\(from) -> n\(to) [style=dotted, color=red, label=\"other container\"];\n"
        }
        // A shadow: the registration that answers, pointing at those it passes over.
        for case .shadowed(let shadow) in report.problems {
            guard let from = graph.nodeID(for: shadow.answering.service), selection.contains(from) else { continue }
            for passed in shadow.passedOver {
                guard let to = graph.nodeID(for: passed.service), selection.contains(to) else { continue }
                out += "  n\(from) -> n\(to) [style=dotted, label=\"shadows\", color=orange, fontcolor=orange, penwidth=2];\n"
            }
        }
        if includesLegend { out += Self.legend }
        out += "}\n"
        return out
    }

    /// Container clusters, each with its own services and a nested cluster per layer.
    func writeClusters(_ graph: DependencyGraph, _ selection: GraphSelection, to out: inout String) {
        for cluster in selection.containerClusters(in: graph) {
            out += "  subgraph cluster_c\(cluster.index) {\n"
            out += "    \(Self.labelAttributes(cluster.name, separator: ";\n    "));\n    style=rounded;\n"
            for node in cluster.services { writeNode(graph.nodes[node], indent: "    ", to: &out) }
            for (layerIndex, layer) in cluster.layers.enumerated() {
                out += "    subgraph cluster_c\(cluster.index)_l\(layerIndex) {\n"
                out += "      \(Self.labelAttributes(layer.name, separator: ";\n      "));\n      style=dashed;\n"
                for node in layer.services { writeNode(graph.nodes[node], indent: "      ", to: &out) }
                out += "    }\n"
            }
            out += "  }\n"
        }
    }

    func writeNode(_ node: ServiceNode, indent: String, to out: inout String) {
        out += indent
        out += "n\(node.id) ["
        let scope = node.scope.map { "\\n" + Self.quoted(Self.capped($0.name, bytes: Self.labelBytes)) } ?? ""
        out += Self.labelAttributes(node.identity.description, suffix: scope)
        out += ", "
        out += Self.shape(node.scope)
        out += "];\n"
    }

    /// The shape attributes of a scope (see the table above).
    static func shape(_ scope: Scope?) -> String {
        guard let scope else { return "shape=ellipse, style=dotted" }
        switch scope.kind {
        case .unique: return "shape=ellipse"
        case .graph: return "shape=hexagon"
        case .cached: return "shape=box"
        case .shared: return "shape=box, style=rounded"
        case .singleton: return "shape=box, peripheries=2"
        case .custom: return "shape=component"
        }
    }

    /// `text` escaped for a double-quoted dot string: control characters become visible
    /// `\u{…}` text, then backslashes and quotes are escaped. Non-ASCII stays UTF-8.
    ///
    /// ```swift
    /// DotExporter.quoted("Say \"hi\"\n")  // Say \"hi\"\\u{0A}
    /// ```
    public static func quoted(_ text: String) -> String {
        let visible = text.escapingControlCharacters
        guard visible.contains(where: { $0 == "\"" || $0 == "\\" }) else { return visible }
        var out = ""
        for character in visible {
            if character == "\"" || character == "\\" { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// The most bytes of quoted text a label shows (Graphviz rejects a quoted string past
    /// 16 384 bytes; a label this long is unreadable anyway). Longer names end with `…` and are
    /// kept whole, up to ``tooltipBytes``, in the `tooltip` (shown on hover in SVG).
    public static let labelBytes = 1_024
    /// The most bytes of quoted text a tooltip holds: under Graphviz's limit, with room to spare.
    public static let tooltipBytes = 16_000

    /// `label="…"` for `text` (quoted, capped at ``labelBytes``) followed by `suffix` (already
    /// quoted dot text), plus `tooltip="…"` with the full text when the label had to be cut.
    ///
    /// ```swift
    /// DotExporter.labelAttributes(String(repeating: "A", count: 20_000))
    /// // label="AAAA…", tooltip="AAAA…"   (1 024 and 16 000 bytes at most)
    /// ```
    public static func labelAttributes(_ text: String, suffix: String = "", separator: String = ", ") -> String {
        let full = quoted(text)
        guard full.utf8.count > labelBytes else { return "label=\"\(full)\(suffix)\"" }
        let label = quoted(capped(text, bytes: labelBytes))
        let tooltip = quoted(capped(text, bytes: tooltipBytes))
        return "label=\"\(label)\(suffix)\"\(separator)tooltip=\"\(tooltip)\""
    }

    /// The longest prefix of `text` whose quoted form, with `…`, fits in `bytes`; `text` itself
    /// when it fits whole. Cuts between characters, so no escape or UTF-8 sequence is split.
    static func capped(_ text: String, bytes: Int) -> String {
        guard quoted(text).utf8.count > bytes else { return text }
        var kept = ""
        var used = 3  // the ellipsis
        for character in text {
            let cost = quoted(String(character)).utf8.count
            if used + cost > bytes { break }
            kept.append(character)
            used += cost
        }
        return kept + "…"
    }

    static let legend = """
          subgraph cluster_legend {
            label="Legend";
            style=dashed;
            fontsize=9;
            node [fontsize=9];
            edge [fontsize=8];
            legend_unique [label="unique", shape=ellipse];
            legend_graph [label="graph", shape=hexagon];
            legend_cached [label="cached", shape=box];
            legend_shared [label="shared", shape=box, style=rounded];
            legend_singleton [label="singleton", shape=box, peripheries=2];
            legend_custom [label="custom scope", shape=component];
            legend_unknown [label="scope unknown", shape=ellipse, style=dotted];
            legend_missing [label="missing registration", shape=box, style=dashed, color=red, fontcolor=red];
            legend_a1 [label="requester", shape=plaintext];
            legend_b1 [label="service", shape=plaintext];
            legend_a1 -> legend_b1 [label="resolves (count)"];
            legend_a2 [label="A", shape=plaintext];
            legend_b2 [label="B", shape=plaintext];
            legend_a2 -> legend_b2 [label="on a cycle", color=red, penwidth=2];
            legend_a3 [label="replaced", shape=plaintext];
            legend_b3 [label="replacement", shape=plaintext];
            legend_a3 -> legend_b3 [label="override / mapping", style=dotted];
            legend_a4 [label="requester", shape=plaintext];
            legend_b4 [label="failed request", shape=plaintext];
            legend_a4 -> legend_b4 [label="never completed", style=dashed];
            legend_a5 [label="owner", shape=plaintext];
            legend_b5 [label="service", shape=plaintext];
            legend_a5 -> legend_b5 [label="lazy (@LazyInjected)", style=dashed, arrowhead=empty, color=gray40];
            legend_a6 [label="long-lived", shape=plaintext];
            legend_b6 [label="short-lived", shape=plaintext];
            legend_a6 -> legend_b6 [xlabel="captive", color=orange, penwidth=2];
          }

        """
}
