import InjectionTrace

/// One problem `check` found in a trace, with everything needed to explain and fix it.
///
/// ```swift
/// for problem in graph.check().problems {
///     print(problem.message)
/// }
/// ```
public enum GraphProblem: Sendable, Hashable {
    /// A request found no registration.
    case missing(MissingDependency)
    /// The runtime caught a dependency cycle.
    case cycle(ObservedCycle)
    /// Services reach each other in the recorded graph, though no cycle was caught at run time.
    case dependencyLoop(DependencyLoop)
    /// A long-lived service captured a short-lived one.
    case scopeMismatch(ScopeMismatchRecord)
    /// An override set after an instance of the service it replaces was kept.
    case staleOverride(OverrideRecord)
    /// A keypath mapping still in effect when the trace ended.
    case activeMapping(OverrideRecord)

    /// The stable name used in JSON (`missing`, `cycle`, `loop`, `scopeMismatch`,
    /// `staleOverride`, `activeMapping`).
    public var kind: String {
        switch self {
        case .missing: "missing"
        case .cycle: "cycle"
        case .dependencyLoop: "loop"
        case .scopeMismatch: "scopeMismatch"
        case .staleOverride: "staleOverride"
        case .activeMapping: "activeMapping"
        }
    }

    /// The developer-facing text: what happened, where, and how to fix it.
    public var message: String {
        switch self {
        case .missing(let missing):
            missing.registration.message + Self.seen(missing.count)
        case .cycle(let cycle):
            cycle.cycle.message + Self.seen(cycle.count)
        case .dependencyLoop(let loop):
            loop.message
        case .scopeMismatch(let record):
            record.mismatch.message + Self.seen(record.count)
        case .staleOverride(let record):
            StaleOverride(
                replaced: record.from, replacement: record.to, scope: record.staleScope ?? .singleton,
                location: record.location
            ).message
        case .activeMapping(let record):
            "Mapping still active at the end of the trace: requests for \(record.from.qualifiedDescription) "
                + "go to \(record.to.qualifiedDescription) (set at \(record.location)).\n"
                + "  Fix: reset the mapping when the test or preview that set it ends, so later code "
                + "gets the real provider."
        }
    }

    static func seen(_ count: Int) -> String {
        count > 1 ? "\n  Seen \(count) times." : ""
    }
}

/// Services that reach each other in the recorded graph (a strongly connected component) with
/// no cycle caught at run time: each resolved the next at some point, so building them in
/// another order can hit a cycle.
///
/// ```swift
/// if case .dependencyLoop(let loop) = problem { print(loop.path.map(\.description)) }
/// ```
public struct DependencyLoop: Sendable, Hashable {
    /// Every service in the component, sorted by node id.
    public let nodes: [NodeID]
    /// A shortest loop through the component's first service (first repeated at the end).
    public let path: [ServiceIdentity]

    public var message: String {
        let others = nodes.count > path.count - 1 ? " (\(nodes.count) services reach each other)" : ""
        return "Dependency loop: \(DependencyCycle(path: path).pathDescription)\(others)\n"
            + "  Each of these resolved the next at some point; no cycle was caught at run time, "
            + "but building them in another order will hit one.\n"
            + "  Fix: break the loop: resolve one of these lazily (@LazyInjected) or after init."
    }
}
