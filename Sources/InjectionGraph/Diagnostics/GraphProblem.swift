import Injection

/// One problem (or note) `check` found in a trace, with everything needed to explain and fix it.
///
/// `check`, the inspector's tab badges and views, and the dot export all derive from this one
/// list (``DependencyGraph/check(strict:)``), so they always agree.
///
/// ```swift
/// for problem in graph.check().problems {
///     print(problem.message)
/// }
/// ```
///
/// New kinds of problem are added as the rules grow: give a `switch` over it a `default:`.
public enum GraphProblem: Sendable, Hashable {
    /// A request found no registration.
    case missing(MissingDependency)
    /// The runtime caught a dependency cycle.
    case cycle(ObservedCycle)
    /// Services reach each other in the recorded graph, though no cycle was caught at run time.
    case dependencyLoop(DependencyLoop)
    /// A long-lived service captured a short-lived one (a note when the captive holds nothing:
    /// ``ScopeMismatch/captiveHoldsNothing``).
    case scopeMismatch(ScopeMismatchRecord)
    /// An override set after long-lived services were built from what it replaces.
    case staleOverride(OverrideRecord)
    /// A keypath mapping still in effect when the trace ended.
    case activeMapping(OverrideRecord)
    /// An optional request found nothing and gave nil (a note unless `--strict`).
    case resolvedToNil(MissingDependency)
    /// Services that reach each other only through a lazy edge: no cycle at run time (a note).
    case lazyLoop(DependencyLoop)
    /// Layers that reach each other: a dependency points against the layering.
    case layerBreach(LayerBreach)
    /// A key registered twice in one search order, answered by the one that is not nearer.
    case shadowed(ShadowedRegistration)
    /// A key registered twice in the sources where the later registration wins (a scan).
    case overridden(DeclaredOverride)
    /// Something the scan could not read or type (a note).
    case scanNote(ScanNote)
    /// A kept instance replaced (a `.newSingleton`, a reset) while long-lived services still
    /// hold it: two instances of a key whose scope promises one.
    case replacedInstance(ReplacedInstance)
    /// A keeping scope that never handed an instance out again (a note unless `--strict`).
    case unkeptScope(UnkeptScope)
    /// A dependency from a container outside the requester's search order, while that order
    /// registers the same key.
    case crossContainer(CrossContainerResolve)

    /// Where the inspector shows a problem: the tab whose badge counts it.
    public enum Area: String, Sendable, Hashable, CaseIterable {
        case layers, scopes, cycles, overrides, missing
    }

    /// The registered description of this kind of problem (``DiagnosticKind/all``): its name,
    /// title, tab and meaning are read from there, not spelled again per output.
    public var diagnostic: DiagnosticKind {
        switch self {
        case .missing: .missing
        case .cycle: .cycle
        case .dependencyLoop: .dependencyLoop
        case .scopeMismatch(let record): record.mismatch.captiveHoldsNothing ? .statelessCaptive : .scopeMismatch
        case .staleOverride: .staleOverride
        case .activeMapping: .activeMapping
        case .resolvedToNil: .resolvedToNil
        case .lazyLoop: .lazyLoop
        case .layerBreach: .layerBreach
        case .shadowed: .shadowed
        case .overridden: .overridden
        case .scanNote(let note): DiagnosticKind.scanNote(note.kind)
        case .replacedInstance: .replacedInstance
        case .unkeptScope: .unkeptScope
        case .crossContainer: .crossContainer
        }
    }

    /// The stable name used in JSON (`missing`, `cycle`, `loop`, …: ``DiagnosticKind/name``).
    public var kind: String { diagnostic.name }

    /// The inspector tab that lists it.
    public var area: Area { diagnostic.area }

    /// The services the problem is about, for a view to find it and for dot to mark it.
    public var services: [ServiceIdentity] {
        switch self {
        case .missing(let missing), .resolvedToNil(let missing): missing.chain.suffix(1) + [missing.requested]
        case .cycle(let cycle): Array(cycle.cycle.path.dropLast())
        case .dependencyLoop(let loop), .lazyLoop(let loop): Array(loop.path.dropLast())
        case .scopeMismatch(let record): [record.mismatch.holder, record.mismatch.captive]
        case .staleOverride(let record): [record.from, record.to] + record.holders.map(\.service)
        case .activeMapping(let record): [record.from, record.to]
        case .layerBreach(let breach):
            breach.against.flatMap(\.steps).flatMap { [$0.requester, $0.service] }
        case .shadowed(let shadow): [shadow.answering.service] + shadow.passedOver.map(\.service)
        case .overridden(let override): [override.winner.service]
        case .scanNote: []
        case .replacedInstance(let replaced): [replaced.service] + replaced.holders.map(\.service)
        case .unkeptScope(let unkept): [unkept.service]
        case .crossContainer(let reach): [reach.requester, reach.service, reach.expected]
        }
    }

    /// The developer-facing text: what happened, where, and how to fix it.
    public var message: String {
        switch self {
        case .missing(let missing):
            missing.registration.message + Self.seen(missing.count)
        case .cycle(let cycle):
            cycle.message + Self.seen(cycle.count)
        case .dependencyLoop(let loop):
            loop.message
        case .scopeMismatch(let record):
            record.message + Self.seen(record.count)
        case .staleOverride(let record):
            record.staleMessage
        case .activeMapping(let record):
            record.activeMappingMessage
        case .resolvedToNil(let missing):
            missing.resolvedToNilMessage + Self.seen(missing.count)
        case .lazyLoop(let loop):
            loop.lazyMessage
        case .layerBreach(let breach):
            breach.message
        case .shadowed(let shadow):
            shadow.message
        case .overridden(let override):
            override.message
        case .scanNote(let note):
            note.text
        case .replacedInstance(let replaced):
            replaced.message
        case .unkeptScope(let unkept):
            unkept.message
        case .crossContainer(let reach):
            reach.message
        }
    }

    static func seen(_ count: Int) -> String {
        count > 1 ? "\n  Seen \(count) times." : ""
    }
}

/// Services that reach each other in the recorded graph (a strongly connected component) with
/// no cycle caught at run time: each resolved the next at some point, so building them in
/// another order can hit a cycle. A ``GraphProblem/lazyLoop(_:)`` is one that needs a lazy edge.
///
/// ```swift
/// if case .dependencyLoop(let loop) = problem { print(loop.path.map(\.description)) }
/// ```
public struct DependencyLoop: Sendable, Hashable {
    /// Every service in the component, sorted by node id.
    public let nodes: [NodeID]
    /// A shortest loop through the component's first service (first repeated at the end).
    public let path: [ServiceIdentity]
    /// For each step of ``path``, whether it is a lazy edge (one fewer than the path).
    public let lazySteps: [Bool]

    public init(nodes: [NodeID], path: [ServiceIdentity], lazySteps: [Bool]? = nil) {
        self.nodes = nodes
        self.path = path
        self.lazySteps = lazySteps ?? Array(repeating: false, count: max(0, path.count - 1))
    }

    /// `A → B ⇢ A in 'app'`: `⇢` marks a lazy step.
    public var pathDescription: String {
        let containers = Set(path.map(\.container))
        let names = path.map { containers.count > 1 ? $0.qualifiedDescription : $0.description }
        var text = names.first ?? ""
        for (index, name) in names.dropFirst().enumerated() {
            text += (lazySteps.indices.contains(index) && lazySteps[index] ? " ⇢ " : " → ") + name
        }
        return text + (containers.count == 1 ? " in '\(containers.first!)'" : "")
    }

    public var message: String {
        let others = nodes.count > path.count - 1 ? " (\(nodes.count) services reach each other)" : ""
        return "Dependency loop: \(pathDescription)\(others)\n"
            + "  Each of these resolved the next at some point; no cycle was caught at run time, "
            + "but building them in another order will hit one.\n"
            + "  Fix: break the loop: resolve one of these lazily (@LazyInjected) or after init."
    }

    /// The informational text of a loop closed only by lazy edges.
    public var lazyMessage: String {
        let lazy = zip(path, path.dropFirst()).enumerated().filter { lazySteps[$0.offset] }.map { "\($0.element.0.description) ⇢ \($0.element.1.description)" }
        return "Cycle broken lazily: \(pathDescription)\n"
            + "  \(lazy.joined(separator: ", ")) is read after its holder is built (@LazyInjected), so no cycle "
            + "happens at run time; resolving it eagerly there would make one."
    }
}
