import Injection

/// The wiring run by hand, single-threaded, with the runtime's documented rules: the search
/// order of a container tree, mappings, aliases, scopes (with which instances are alive), the
/// resolution stack and its cycles, decorators inside the frame of what they decorate. What it
/// predicts for each root resolve is what the container must answer when the roots are
/// resolved one after another on one thread.
struct WiringOracle {
    let wiring: Wiring

    /// A registration a resolve can build: a type-keyed one (by index), or provider `j` as
    /// declared in a container.
    enum Node: Hashable, Sendable, CustomStringConvertible {
        case registration(Int)
        case provider(Int, container: Int)

        var description: String {
            switch self {
            case .registration(let index): "registration #\(index)"
            case .provider(let j, let container): "p\(j) in c\(container)"
            }
        }
    }

    enum Failure: Error, Hashable {
        case cycle([Node])
        case missing(String)
    }

    /// What a built instance is made of.
    struct Instance {
        let node: Node
        let label: String
        let argument: String?
        var dependencies: [Int?]
        var properties: [Int?] = []
    }

    /// Where a dependency is written, to change its access.
    struct DependencySite: Hashable {
        enum Owner: Hashable {
            case registration(Int)
            case provider(Int)
        }
        let owner: Owner
        let index: Int
    }

    var instances: [Instance] = []
    var kept: [Node: Int] = [:]
    var weaklyKept: [Node: Int] = [:]
    /// Provider registrations declared in each container.
    var declared: [Int: Set<Int>] = [:]
    /// Alive through the app: the roots' answers.
    var roots: [Int] = []
    /// The resolution stack and, per frame, the instances its factory holds so far.
    var stack: [Node] = []
    var held: [[Int]] = []
    var graph: [Node: Int] = [:]
    /// What the decorators' own resolves ended with, in order.
    var decoratorFailures: [Failure] = []
    /// Dependencies whose trapping access (lazy, optional) met a failure it would trap on.
    var traps: [DependencySite] = []
    /// Successful resolves per node (created or answered from a scope), and per edge.
    var resolveCounts: [Node: Int] = [:]
    var createdCounts: [Node: Int] = [:]
    var edgeCounts: [Edge: Int] = [:]
    var cycles: [[Node]] = []

    struct Edge: Hashable {
        let from: Node
        let to: Node
    }

    init(wiring: Wiring) {
        self.wiring = wiring
        for mapping in wiring.mappings {
            declared[mapping.container, default: []].formUnion([mapping.original, mapping.replacement])
        }
    }

    // MARK: - Running

    /// Resolves every root in order; returns each one's answer.
    mutating func run() -> [Result<Int?, Failure>] {
        wiring.roots.map { root in
            let result = resolve(root.target, from: root.container, argument: "root", site: nil)
            if case .success(let id?) = result { roots.append(id) }
            return result
        }
    }

    /// The first dependency whose lazy or optional access would trap.
    mutating func firstTrap() -> DependencySite? {
        for root in wiring.roots {
            _ = resolve(root.target, from: root.container, argument: "root", site: nil)
            if let trap = traps.first { return trap }
        }
        return nil
    }

    // MARK: - The container tree

    /// The containers a lookup from `container` visits, in order: itself, its added children
    /// (depth first, each without its parent), then its parent and so on.
    func searchOrder(from container: Int) -> [Int] {
        var order: [Int] = []
        func addedChildren(of index: Int) {
            for child in wiring.containers.indices where wiring.containers[child].addedTo == index {
                order.append(child)
                addedChildren(of: child)
            }
        }
        var current: Int? = container
        while let index = current {
            order.append(index)
            addedChildren(of: index)
            current = wiring.containers[index].parent
        }
        return order
    }

    /// The parent chain of `container`, itself first.
    func chain(from container: Int) -> [Int] {
        var result: [Int] = []
        var current: Int? = container
        while let index = current {
            result.append(index)
            current = wiring.containers[index].parent
        }
        return result
    }

    /// The registration of `s<service>` a lookup from `container` finds.
    func registration(of service: Int, from container: Int) -> Int? {
        for index in searchOrder(from: container) {
            if let found = wiring.registrations.lastIndex(where: { $0.service == service && $0.container == index }) {
                return found
            }
        }
        return nil
    }

    /// The container holding the `a<service>` alias a lookup from `container` finds.
    func aliasHolder(of service: Int, from container: Int) -> Int? {
        searchOrder(from: container).first { index in
            wiring.registrations.contains { $0.service == service && $0.container == index && $0.implements }
        }
    }

    // MARK: - Resolving

    mutating func resolve(
        _ target: Wiring.Target, from container: Int, argument: String, site: DependencySite?, fresh: Bool = false
    ) -> Result<Int?, Failure> {
        switch target {
        case .missing:
            return .failure(.missing("nowhere"))
        case .service(let service):
            guard let index = registration(of: service, from: container) else { return .failure(.missing("s\(service)")) }
            return resolve(.registration(index), resolver: container, argument: argument, fresh: fresh)
        case .alias(let service):
            guard let holder = aliasHolder(of: service, from: container) else { return .failure(.missing("a\(service)")) }
            guard let index = registration(of: service, from: holder) else { return .failure(.missing("s\(service)")) }
            return resolve(.registration(index), resolver: container, argument: argument, fresh: fresh)
        case .provider(let provider), .keyPath(let provider):
            var final = provider
            while let next = wiring.effectiveMapping(of: final, from: container) { final = next }
            let holder = searchOrder(from: container).first { declared[$0]?.contains(final) == true } ?? {
                declared[container, default: []].insert(final)
                return container
            }()
            return resolve(.provider(final, container: holder), resolver: container, argument: argument, fresh: fresh)
        }
    }

    func scope(of node: Node) -> Scope {
        switch node {
        case .registration(let index): wiring.registrations[index].scope
        case .provider(let j, _): FuzzLayer.scopes[j]
        }
    }

    func label(of node: Node) -> String {
        switch node {
        case .registration(let index): "s\(wiring.registrations[index].service)"
        case .provider(let j, _): "p\(j)"
        }
    }

    /// The instances alive now: reachable from the roots, the kept instances, the pass's graph
    /// instances and what the factories on the stack hold.
    func alive() -> Set<Int> {
        var seen: Set<Int> = []
        var work = roots + Array(kept.values) + Array(graph.values) + held.flatMap { $0 }
        while let id = work.popLast() {
            guard seen.insert(id).inserted else { continue }
            work += instances[id].dependencies.compactMap { $0 } + instances[id].properties.compactMap { $0 }
        }
        return seen
    }

    mutating func counted(_ node: Node, _ id: Int, created: Bool) -> Result<Int?, Failure> {
        resolveCounts[node, default: 0] += 1
        if created { createdCounts[node, default: 0] += 1 }
        if let requester = stack.last { edgeCounts[Edge(from: requester, to: node), default: 0] += 1 }
        return .success(id)
    }

    /// `resolveEntry` then `build`: a kept instance answers first, then the cycle check, then
    /// the pass's graph instance, then the factory on a new frame.
    mutating func resolve(_ node: Node, resolver: Int, argument: String, fresh: Bool = false) -> Result<Int?, Failure> {
        // `lifetime: .new` builds under `.unique`: no slot is read or written.
        let scope = fresh ? .unique : scope(of: node)
        if scope == .cached || scope == .singleton, let id = kept[node] { return counted(node, id, created: false) }
        if scope == .shared, let id = weaklyKept[node], alive().contains(id) { return counted(node, id, created: false) }
        if let index = stack.firstIndex(of: node) {
            let path = Array(stack[index...]) + [node]
            cycles.append(path)
            return .failure(.cycle(path))
        }
        if scope == .graph, let id = graph[node] { return counted(node, id, created: false) }

        let label = label(of: node)
        let dependencies: [Wiring.Dependency]
        let owner: DependencySite.Owner
        var takesArguments = false
        switch node {
        case .registration(let index):
            dependencies = wiring.registrations[index].dependencies
            owner = .registration(index)
            takesArguments = wiring.takesArguments.contains(wiring.registrations[index].service)
        case .provider(let j, _):
            dependencies = wiring.providerDependencies[j]
            owner = .provider(j)
        }
        stack.append(node)
        held.append([])
        var made: [Int?] = []
        var properties: [Int?] = []
        func unwind(_ oracle: inout WiringOracle) {
            oracle.stack.removeLast()
            oracle.held.removeLast()
            if oracle.stack.isEmpty { oracle.graph.removeAll() }
        }
        // The factory's own dependencies first, then `resolveProperties`.
        for phase in [false, true] {
            for (index, dependency) in dependencies.enumerated() where (dependency.access == .property) == phase {
                let site = DependencySite(owner: owner, index: index)
                switch resolve(dependency.target, from: resolver, argument: label, site: site, fresh: dependency.fresh) {
                case .success(let id):
                    if let id { held[held.count - 1].append(id) }
                    if phase { properties.append(id) } else { made.append(id) }
                case .failure(let failure):
                    switch (dependency.access, failure) {
                    case (.optional, .missing) where dependency.target.isTypeKeyed:
                        // `optional()` gives nil for a missing registration at any depth (a
                        // provider has no optional form: the trapping subscript stands in).
                        made.append(nil)
                    case (.lazy, _), (.optional, _):
                        traps.append(site)
                        unwind(&self)
                        return .failure(failure)
                    default:
                        unwind(&self)
                        return .failure(failure)
                    }
                }
            }
        }
        let id = instances.count
        instances.append(Instance(
            node: node, label: label, argument: takesArguments ? argument : nil, dependencies: made,
            properties: properties))
        // Decorators of the resolving container's chain, outermost first, inside the frame.
        held[held.count - 1].append(id)
        for container in chain(from: resolver).reversed() {
            for decorator in wiring.decorators where decorator.container == container && decorator.decorates == label {
                if case .failure(let failure) = resolve(decorator.resolves, from: resolver, argument: label, site: nil) {
                    decoratorFailures.append(failure)
                }
            }
        }
        unwind(&self)
        switch scope {
        case .cached, .singleton: kept[node] = id
        case .shared: weaklyKept[node] = id
        case .graph: if !stack.isEmpty { graph[node] = id }
        default: break
        }
        return counted(node, id, created: true)
    }
}

extension Wiring.Target {
    /// Resolved by type and name (a service, an alias or the missing name), not by provider.
    var isTypeKeyed: Bool {
        switch self {
        case .service, .alias, .missing: true
        case .provider, .keyPath: false
        }
    }
}
