import Injection

/// Layers that reach each other: a loop between layers, with the crossings that point against
/// the layering and the service edges that make them.
///
/// Which direction of a loop is the wrong one is a judgement. A crossing back into a layer that
/// is entered from outside the loop (view models, which screens resolve) comes first: that layer
/// is the top of the loop. Then the crossing carried by the fewest service edges (then the
/// fewest resolves), since the layering the app was built along is the direction most of its
/// code follows. When removing it leaves a smaller loop, the weakest crossing of that one is
/// named too.
///
/// ```swift
/// for breach in graph.layerBreaches() {
///     print(breach.loopDescription, breach.against.map(\.description))
/// }
/// ```
public struct LayerBreach: Sendable, Hashable {
    /// One service edge of a crossing against the layering.
    public struct Step: Sendable, Hashable {
        public let requester: ServiceIdentity
        public let service: ServiceIdentity
        /// Resolves along the edge (lazy first reads included).
        public let count: UInt64
        /// Where the requester is registered (its provider or registration), when seen.
        public let registeredAt: SourceLocation?
    }

    /// One crossing against the layering.
    public struct Crossing: Sendable, Hashable, CustomStringConvertible {
        public let from: LayerID
        public let to: LayerID
        /// The service edges that make it, most resolved first.
        public let steps: [Step]

        /// `app/Repository → app/ViewModel`.
        public var description: String { "\(from) → \(to)" }
    }

    /// The layers of the loop, in loop order, starting and ending with the layer the first
    /// crossing against the layering points to (`app/ViewModel → app/UseCase → app/Repository →
    /// app/ViewModel`).
    public let loop: [LayerID]
    /// Every layer that reaches every other one (the loop's strongly connected component).
    public let layers: [LayerID]
    /// The crossings to remove so that the layers no longer reach each other.
    public let against: [Crossing]

    /// `app/ViewModel → app/UseCase → app/Repository → app/ViewModel`.
    public var loopDescription: String { loop.map(\.description).joined(separator: " → ") }

    /// The problem text: the loop, the edges against the layering and what to change.
    ///
    /// ```
    /// Layer breach: app/Repository → app/ViewModel closes a loop between layers: app/ViewModel → app/UseCase → app/Repository → app/ViewModel
    ///   Against the layering: Repository.recent: RecentRepository → ViewModel.catalog: CatalogViewModel ×12 (registered at App/Layers.swift:40)
    ///   Fix: app/Repository must not resolve from app/ViewModel: give Repository.recent what it needs from a lower layer (or as a parameter from its caller), or declare it in app/ViewModel.
    /// ```
    /// A crossing names its ``shownSteps`` most resolved edges and its ``shownRequesters`` first
    /// requesters, then how many more: layers tangled across thousands of services made one
    /// problem of hundreds of thousands of lines. ``against`` keeps every edge.
    public var message: String {
        let first = against[0]
        var lines = ["Layer breach: \(first) closes a loop between layers: \(loopDescription)"]
        for crossing in against {
            for step in crossing.steps.prefix(Self.shownSteps) {
                let at = step.registeredAt.map { " (registered at \($0))" } ?? ""
                lines.append("  Against the layering: \(step.requester.description) → \(step.service.description) ×\(step.count)\(at)")
            }
            if crossing.steps.count > Self.shownSteps {
                let more = crossing.steps.count - Self.shownSteps
                lines.append("  … and \(more) more service edge\(more == 1 ? "" : "s") from \(crossing.from) to \(crossing.to)")
            }
        }
        for crossing in against {
            let requesters = Self.distinct(crossing.steps.map(\.requester.description))
            let one = requesters.count == 1
            lines.append("  Fix: \(crossing.from) must not resolve from \(crossing.to): give \(Self.list(requesters)) what "
                + "\(one ? "it needs" : "they need") from a lower layer (or as a parameter from "
                + "\(one ? "its" : "their") caller), or declare \(one ? "it" : "them") in \(crossing.to).")
        }
        return lines.joined(separator: "\n")
    }

    /// The service edges a crossing lists in ``message``.
    static let shownSteps = 10
    /// The requesters a crossing's fix names in ``message``.
    static let shownRequesters = 8

    /// `names` without repeats, in order.
    static func distinct(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// `a`, `a and b`, `a, b and c`; past ``shownRequesters``, `a, b, … and 12 others`.
    static func list(_ names: [String]) -> String {
        if names.count <= 2 { return names.joined(separator: " and ") }
        if names.count > shownRequesters {
            return names.prefix(shownRequesters).joined(separator: ", ") + " and \(names.count - shownRequesters) others"
        }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

extension DependencyGraph {
    /// Every loop between layers, one per strongly connected component of layers, in the order
    /// of their first layer: the same rule that marks ``LayerCrossing/isBreach`` and the layer
    /// diagram's red arrows.
    ///
    /// ```swift
    /// let breaches = graph.layerBreaches()
    /// ```
    public func layerBreaches() -> [LayerBreach] {
        layerBreaches(in: layerCrossings())
    }

    /// ``layerBreaches()`` from crossings already computed.
    func layerBreaches(in crossings: [LayerCrossing]) -> [LayerBreach] {
        let loops = Self.layerLoops(crossings)
        guard !loops.isEmpty else { return [] }
        var byComponent: [Int: [LayerCrossing]] = [:]
        for crossing in crossings where crossing.isBreach {
            byComponent[loops[crossing.from]!, default: []].append(crossing)
        }
        let ranks = keyRanks()
        return byComponent.values.map { inside in
            let members = Set(inside.flatMap { [$0.from, $0.to] })
            let entries = Set(crossings.filter { !members.contains($0.from) && members.contains($0.to) }.map(\.to))
            return breach(of: inside, entries: entries, ranks: ranks)
        }
            .sorted { $0.layers.first! < $1.layers.first! }
    }

    /// The breach of one loop: remove its weakest crossing until no loop is left.
    private func breach(of inside: [LayerCrossing], entries: Set<LayerID>, ranks: [Int]) -> LayerBreach {
        let layers = Set(inside.flatMap { [$0.from, $0.to] }).sorted()
        var remaining = inside
        var against: [LayerCrossing] = []
        while true {
            let loops = Self.layerLoops(remaining)
            let looping = remaining.filter { loops[$0.from] != nil && loops[$0.from] == loops[$0.to] }
            guard let weakest = looping.min(by: { Self.weaker($0, than: $1, entries: entries) }) else { break }
            against.append(weakest)
            remaining.removeAll { $0.from == weakest.from && $0.to == weakest.to }
        }
        let first = against[0]
        // The loop the first crossing closes: from where it points back to where it starts.
        let loop = layerPath(from: first.to, to: first.from, through: inside) + [first.to]
        return LayerBreach(loop: loop, layers: layers, against: against.map { crossing($0, ranks: ranks) })
    }

    /// Back into a layer entered from outside, then fewer service edges, then fewer resolves:
    /// the unexpected direction (the first pair in order when nothing else tells).
    private static func weaker(_ a: LayerCrossing, than b: LayerCrossing, entries: Set<LayerID>) -> Bool {
        let intoEntryA = entries.contains(a.to), intoEntryB = entries.contains(b.to)
        if intoEntryA != intoEntryB { return intoEntryA }
        if a.edgeCount != b.edgeCount { return a.edgeCount < b.edgeCount }
        if a.resolveCount != b.resolveCount { return a.resolveCount < b.resolveCount }
        return (a.from, a.to) < (b.from, b.to)
    }

    /// A shortest chain of crossings from one layer to another (both included).
    private func layerPath(from start: LayerID, to end: LayerID, through crossings: [LayerCrossing]) -> [LayerID] {
        shortestPath(from: start, to: end) { layer in crossings.filter { $0.from == layer }.map(\.to) } ?? [start, end]
    }

    /// Most resolved first, then by the requester's and the service's keys, compared as their
    /// ranks (``keyRanks()``): a crossing of hundreds of thousands of edges compared keys in
    /// every comparison.
    private func crossing(_ crossing: LayerCrossing, ranks: [Int]) -> LayerBreach.Crossing {
        let ranked = crossing.edges.map { id -> (edge: EdgeID, count: UInt64, requester: Int, service: Int) in
            let edge = edges[id]
            return (id, edge.count.addingSaturated(edge.lazyCount), ranks[edge.from], ranks[edge.to])
        }.sorted { ($0.count, $1.requester, $1.service) > ($1.count, $0.requester, $0.service) }
        let steps = ranked.map { entry -> LayerBreach.Step in
            let edge = edges[entry.edge]
            return LayerBreach.Step(
                requester: nodes[edge.from].identity, service: nodes[edge.to].identity, count: entry.count,
                registeredAt: nodes[edge.from].registeredAt)
        }
        return LayerBreach.Crossing(from: crossing.from, to: crossing.to, steps: steps)
    }

    /// Each service's place in the order of their keys, by node; equal keys share a place, so
    /// their edges keep the order they were recorded in.
    private func keyRanks() -> [Int] {
        let byKey = nodes.map { (node: $0.id, key: $0.identity.key) }.sorted { $0.key < $1.key }
        var ranks = [Int](repeating: 0, count: nodes.count)
        var rank = 0
        for (position, entry) in byKey.enumerated() {
            if position > 0, byKey[position - 1].key != entry.key { rank += 1 }
            ranks[entry.node] = rank
        }
        return ranks
    }
}
