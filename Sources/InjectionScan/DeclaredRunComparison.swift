import Injection
import InjectionGraph

/// What the sources declare against what a run did (`di-inspect diff SCAN RUN`): registrations
/// declared and never resolved (coverage), services the run resolved that the scan did not see
/// (its blind spots, at the run's registration line), declared edges the run never took, and
/// problems the scan reports that the run contradicts.
///
/// ```swift
/// let comparison = DeclaredRunComparison(scan: scanGraph, run: runGraph)
/// print(comparison.text)
/// exit(comparison.hasContradictions ? 1 : 0)
/// ```
public struct DeclaredRunComparison: Sendable {
    /// A declared registration and what the run did with its key.
    public struct Coverage: Sendable, Hashable {
        public let service: ServiceIdentity
        public let declaredAt: SourceLocation?
        public let resolves: UInt64
    }

    /// A problem of the scan that the run shows is not one.
    public struct Contradiction: Sendable, Hashable {
        public let problem: GraphProblem
        public let severity: ProblemSeverity
        /// Why the run contradicts it.
        public let reason: String
    }

    /// Every declared service (keys the sources register), with the run's resolves.
    public let coverage: [Coverage]
    /// Services the run registered or resolved that the scan has no node for, with the run's
    /// registration line.
    public let blindSpots: [(service: ServiceIdentity, registeredAt: SourceLocation?)]
    /// Declared edges (requester → service) the run never took.
    public let edgesNeverTaken: [(from: ServiceIdentity, to: ServiceIdentity, declaredAt: DeclaredLocation?)]
    public let contradictions: [Contradiction]

    /// Resolved declared services over all declared services.
    public var coveredCount: Int { coverage.count { $0.resolves > 0 } }

    /// The run resolved something the scan calls missing, or the scan calls an error what the
    /// run resolved: the scan is wrong about this code (`diff` exits 1).
    public var hasContradictions: Bool { !contradictions.isEmpty }

    public init(scan: DependencyGraph, run: DependencyGraph) {
        func resolves(_ identity: ServiceIdentity) -> UInt64 {
            run.nodeID(for: identity).map { run.nodes[$0].resolveCount } ?? 0
        }
        var coverage: [Coverage] = []
        for node in scan.nodes where node.isDeclared {
            coverage.append(Coverage(service: node.identity, declaredAt: node.registeredAt, resolves: resolves(node.identity)))
        }
        self.coverage = coverage
        blindSpots = run.nodes.filter { node in
            (node.registrationCount > 0 || node.resolveCount > 0) && scan.nodeID(for: node.identity) == nil
                && run.overflowNode != node.id
        }.map { ($0.identity, $0.registeredAt) }
        var neverTaken: [(ServiceIdentity, ServiceIdentity, DeclaredLocation?)] = []
        for edge in scan.edges where edge.isDeclared {
            let from = scan.nodes[edge.from].identity, to = scan.nodes[edge.to].identity
            let taken = run.nodeID(for: from).flatMap { a in run.nodeID(for: to).flatMap { run.edgeID(from: a, to: $0) } }
                .map { run.edges[$0].count > 0 || run.edges[$0].lazyCount > 0 } ?? false
            if !taken { neverTaken.append((from, to, edge.declaredAt)) }
        }
        edgesNeverTaken = neverTaken
        var contradictions: [Contradiction] = []
        let runProblems = Set(run.check().all.map(\.kind))
        for declared in scan.declaredProblems where declared.severity != .note {
            switch declared.problem {
            case .missing(let missing):
                // Resolved under the key asked, in any container the run saw.
                let resolved = run.nodes.first { node in
                    node.resolveCount > 0 && node.identity.type == missing.requested.type && node.identity.name == missing.requested.name
                }
                if let resolved {
                    contradictions.append(Contradiction(
                        problem: declared.problem, severity: declared.severity,
                        reason: "the run resolved \(resolved.identity.qualifiedDescription) \(counted(resolved.resolveCount, "time"))"))
                }
            case .cycle(let cycle) where declared.severity == .error:
                let path = cycle.cycle.path.dropLast()
                if !runProblems.contains("cycle"), path.allSatisfy({ resolves($0) > 0 }) {
                    contradictions.append(Contradiction(
                        problem: declared.problem, severity: declared.severity,
                        reason: "the run built every service on it and caught no cycle"))
                }
            default:
                continue
            }
        }
        self.contradictions = contradictions
    }

    /// The report for a terminal.
    public var text: String {
        var lines: [String] = []
        let total = coverage.count
        let percent = total == 0 ? 100 : coveredCount * 100 / total
        lines.append("Coverage: \(coveredCount) of \(counted(total, "declared service")) resolved in this run (\(percent)%)")
        let never = coverage.filter { $0.resolves == 0 }
        if !never.isEmpty {
            lines.append("")
            lines.append("Declared, never resolved in this run (\(never.count)):")
            for item in never {
                lines.append("  \(item.service.qualifiedDescription)" + (item.declaredAt.map { "  at \($0)" } ?? ""))
            }
        }
        if !blindSpots.isEmpty {
            lines.append("")
            lines.append("Resolved in the run, not seen by the scan (\(blindSpots.count)):")
            for spot in blindSpots {
                lines.append("  \(spot.service.qualifiedDescription)" + (spot.registeredAt.map { "  registered at \($0)" } ?? ""))
            }
        }
        if !edgesNeverTaken.isEmpty {
            lines.append("")
            lines.append("Declared edges never taken (\(edgesNeverTaken.count)):")
            for edge in edgesNeverTaken {
                lines.append("  \(edge.from.description) → \(edge.to.qualifiedDescription)"
                    + (edge.declaredAt.map { "  at \($0.sourceLocation)" } ?? ""))
            }
        }
        lines.append("")
        if contradictions.isEmpty {
            lines.append("The run contradicts none of the scan's problems.")
        } else {
            lines.append("The run contradicts \(contradictions.count) of the scan's problems:")
            for (index, item) in contradictions.enumerated() {
                lines.append("")
                lines.append("[\(index + 1)] (\(item.severity.rawValue); \(item.reason)) " + item.problem.message)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as JSON (docs/GRAPH_JSON.md, "Declared against observed").
    public var json: String {
        JSONValue.object([
            ("format", .string("di-scan-diff")),
            ("version", .int(1)),
            ("coverage", .object([("declared", .int(coverage.count)), ("resolved", .int(coveredCount))])),
            ("services", .array(coverage.map { item in
                .object([
                    ("service", .string(item.service.qualifiedDescription)), ("key", .string(item.service.key)),
                    ("declaredAt", item.declaredAt.map { .string($0.description) }), ("resolves", .uint(item.resolves)),
                ])
            })),
            ("blindSpots", .array(blindSpots.map { spot in
                .object([("key", .string(spot.service.key)), ("registeredAt", spot.registeredAt.map { .string($0.description) })])
            })),
            ("edgesNeverTaken", .array(edgesNeverTaken.map { edge in
                .object([
                    ("from", .string(edge.from.key)), ("to", .string(edge.to.key)),
                    ("declaredAt", edge.declaredAt.map { .string($0.sourceLocation.description) }),
                ])
            })),
            ("contradictions", .array(contradictions.map { item in
                .object([("severity", .string(item.severity.rawValue)), ("reason", .string(item.reason)), ("problem", item.problem.jsonValue)])
            })),
        ]).lineOriented
    }
}
