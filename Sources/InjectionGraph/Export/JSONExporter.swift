import Injection

/// Writes a graph as JSON, in the schema documented in `docs/GRAPH_JSON.md` (`"format":
/// "di-graph"`, `"version": 1`). Node ids are the graph's ``NodeID``s, so a focused export keeps
/// the ids of the whole graph.
///
/// ```
/// $ di-inspect export trace.ndjson --format json | jq '.services[] | select(.resolves > 100)'
/// ```
/// ```swift
/// let json = JSONExporter().render(graph)
/// ```
public struct JSONExporter: Sendable {
    public var options: GraphExportOptions

    /// The schema version this exporter writes.
    public static let version = 1

    public init(options: GraphExportOptions = GraphExportOptions()) {
        self.options = options
    }

    public func render(_ graph: DependencyGraph) -> String {
        value(graph).lineOriented
    }

    /// The document as a ``JSONValue``.
    public func value(_ graph: DependencyGraph) -> JSONValue {
        let selection = graph.selection(options)
        let membership = graph.loopMembership()
        let declared = graph.declarations != nil
        let services: [JSONValue] = selection.nodes.map { id in
            let node = graph.nodes[id]
            return .object([
                ("id", .int(id)),
                ("service", .identity(node.identity)),
                ("key", .string(node.identity.key)),
                ("scope", node.scope.map { .string($0.name) }),
                ("registeredAt", .location(node.registeredAt)),
                ("registrations", .int(node.registrationCount)),
                ("implements", node.implements.isEmpty ? nil : .array(node.implements.map { .identity($0) })),
                ("resolves", .uint(node.resolveCount)),
                ("created", .uint(node.createdCount)),
                ("cached", .uint(node.cachedCount)),
                ("fromApp", .uint(node.appResolveCount)),
                ("alive", node.aliveInstances.map(JSONValue.uint)),
                ("firstSeen", node.firstSeen.map(JSONValue.uint)),
                ("lastSeen", node.lastSeen.map(JSONValue.uint)),
                ("totalNs", .uint(node.totalNanoseconds)),
                ("selfNs", .uint(node.selfNanoseconds)),
                // Only beside a scan: a run's export stays as it was.
                ("provenance", declared ? .string(node.provenance.name) : nil),
            ])
        }
        let edges: [JSONValue] = selection.edges.map { id in
            let edge = graph.edges[id]
            return .object([
                ("from", .int(edge.from)),
                ("to", .int(edge.to)),
                ("count", .uint(edge.count)),
                ("created", .uint(edge.createdCount)),
                ("cached", .uint(edge.cachedCount)),
                ("totalNs", .uint(edge.totalNanoseconds)),
                ("cycle", .bool(graph.isCycleEdge(edge, membership: membership))),
                ("property", edge.propertyCount > 0 ? .uint(edge.propertyCount) : nil),
                ("provenance", declared ? .string(edge.provenance.name) : nil),
                ("lazy", edge.isDeclared ? .bool(edge.isLazy) : nil),
                ("declaredAt", .declaredLocation(edge.declaredAt)),
            ])
        }
        let crossings: [JSONValue] = graph.layerCrossings().compactMap { crossing in
            let kept = crossing.edges.filter { selection.contains(graph.edges[$0].from) && selection.contains(graph.edges[$0].to) }
            guard !kept.isEmpty else { return nil }
            return .object([
                ("from", .string(crossing.from.description)),
                ("to", .string(crossing.to.description)),
                ("edges", .int(kept.count)),
                ("resolves", .uint(kept.reduce(0) { $0.addingSaturated(graph.edges[$1].count) })),
                ("breach", .bool(crossing.isBreach)),
            ])
        }
        let report = graph.check()
        let problems = report.problems.filter { problem in
            switch problem {
            case .missing, .activeMapping, .staleOverride: graph.declarations != nil  // a run lists them in their own arrays
            default: true
            }
        }
        let declarations = graph.declarations
        return .object([
            ("format", .string("di-graph")),
            ("version", .int(Self.version)),
            ("session", .session(graph.session)),
            ("containers", .array(graph.containers.map { container in
                .object([
                    ("name", .string(container.name)),
                    ("parent", container.parent.map(JSONValue.string)),
                    ("createdAt", .location(container.createdAt)),
                ])
            })),
            ("services", .array(services)),
            ("edges", .array(edges)),
            ("layerCrossings", .array(crossings)),
            ("missing", .array(graph.missing(in: selection, options: options).map { GraphProblem.missing($0).jsonValue })),
            ("overrides", .array(graph.overrides(in: selection).map(JSONValue.override))),
            ("problems", .array(problems.map(\.jsonValue))),
            // What a scan read from the sources (docs/GRAPH_JSON.md, "Declared"): absent for a run.
            ("scan", declarations.map { .scanSummary($0.summary) }),
            ("declaredContainers", declarations.map { .array($0.containers.map(JSONValue.declaredContainer)) }),
            ("registrations", declarations.map { .array($0.registrations.map(JSONValue.registration)) }),
            ("sites", declarations.map { .array($0.sites.map(JSONValue.site)) }),
            ("warnings", declarations == nil ? nil : .array(report.warnings.map(\.jsonValue))),
            ("notes", declarations == nil ? nil : .array(report.notes.map(\.jsonValue))),
        ])
    }
}
