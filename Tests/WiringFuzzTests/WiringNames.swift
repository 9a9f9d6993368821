import Injection
import InjectionTrace

/// Short, comparable names for what a run and the oracle talk about: `s3@c1` (the registration
/// of `s3` in container 1), `p2@c0` (provider 2 as declared in container 0), and failures.
struct Names {
    let wiring: Wiring
    /// The run's container-name prefix, stripped from trace identities.
    let prefix: String

    func container(_ traceName: String) -> String {
        traceName.hasPrefix(prefix) ? String(traceName.dropFirst(prefix.count)) : "(\(traceName))"
    }

    func key(_ identity: ServiceIdentity) -> String {
        "\(identity.member ?? identity.name ?? identity.type)@\(container(identity.container))"
    }

    func key(_ node: WiringOracle.Node) -> String {
        switch node {
        case .registration(let index):
            "s\(wiring.registrations[index].service)@c\(wiring.registrations[index].container)"
        case .provider(let j, let container): "p\(j)@c\(container)"
        }
    }

    func key(_ error: ResolutionError) -> String {
        switch error {
        case .cycle(let cycle): "cycle " + cycle.path.map(key).joined(separator: " → ")
        case .missing(let missing): "missing " + (missing.requested.name ?? missing.requested.type)
        default: "error " + error.message
        }
    }

    func key(_ failure: WiringOracle.Failure) -> String {
        switch failure {
        case .cycle(let path): "cycle " + path.map(key).joined(separator: " → ")
        case .missing(let name): "missing " + name
        }
    }

    /// A loop's keys without the repeated end, rotated to start at the smallest: one name for
    /// every rotation of one loop.
    func loop(_ keys: [String]) -> String {
        let loop = keys.count > 1 ? Array(keys.dropLast()) : keys
        guard let start = loop.indices.min(by: { loop[$0] < loop[$1] }) else { return "" }
        return (loop[start...] + loop[..<start]).joined(separator: " → ")
    }

    /// The oracle's node for a traced identity.
    func node(for identity: ServiceIdentity) -> WiringOracle.Node? {
        let name = container(identity.container)
        guard name.hasPrefix("c"), let index = Int(name.dropFirst()) else { return nil }
        if let member = identity.member, member.hasPrefix("p"), let j = Int(member.dropFirst()) {
            return .provider(j, container: index)
        }
        guard let label = identity.name, label.hasPrefix("s"), let service = Int(label.dropFirst()),
              let registration = wiring.registrations.lastIndex(where: { $0.service == service && $0.container == index })
        else { return nil }
        return .registration(registration)
    }

    /// The static graph's key for a traced identity (providers without their container).
    func staticKey(_ identity: ServiceIdentity) -> StaticGraph.Key? {
        switch node(for: identity) {
        case .registration(let index): .registration(index)
        case .provider(let j, _): .provider(j)
        case nil: nil
        }
    }
}

/// Pairs a run's instances with the oracle's, one to one: the same instance wherever the oracle
/// has the same one (a kept, shared or graph instance), a different one wherever it has another.
struct InstanceMatcher {
    let oracle: WiringOracle
    var modelOf: [ObjectIdentifier: Int] = [:]
    var objectOf: [Int: ObjectIdentifier] = [:]

    init(oracle: WiringOracle) { self.oracle = oracle }

    mutating func match(_ built: Built?, _ id: Int?, at path: String) -> String? {
        switch (built, id) {
        case (nil, nil):
            return nil
        case (let built?, let id?):
            let model = oracle.instances[id]
            if built.label != model.label || built.argument != model.argument {
                return "\(path): got \(built.label)(\(built.argument ?? "")), the wiring says \(model.label)(\(model.argument ?? ""))"
            }
            let object = ObjectIdentifier(built)
            if let known = modelOf[object] {
                return known == id ? nil
                    : "\(path): \(built.label) is the same instance as an earlier answer; its scope (\(oracle.scope(of: model.node))) says a new one"
            }
            if let known = objectOf[id], known != object {
                return "\(path): \(built.label) is a new instance; its scope (\(oracle.scope(of: model.node))) says the earlier one"
            }
            modelOf[object] = id
            objectOf[id] = object
            let held = built.held
            let expected = model.dependencies + model.properties
            guard held.count == expected.count else {
                return "\(path) → \(built.label): holds \(held.count) dependencies, the wiring says \(expected.count)"
            }
            for (dependency, expectedID) in zip(held, expected) {
                if let problem = match(dependency, expectedID, at: "\(path) → \(built.label)") { return problem }
            }
            return nil
        case (nil, _?):
            return "\(path): got nil, the wiring says an instance"
        case (let built?, nil):
            return "\(path): got \(built.label), the wiring says nil"
        }
    }
}

/// What each registration and provider can resolve from a given container, whatever was kept
/// before: the graph every cycle must be a loop of.
struct StaticGraph {
    enum Key: Hashable {
        case registration(Int)
        case provider(Int)
    }

    enum Step: Hashable {
        case node(Key)
        case missing(String)
    }

    let wiring: Wiring
    let oracle: WiringOracle

    init(wiring: Wiring) {
        self.wiring = wiring
        self.oracle = WiringOracle(wiring: wiring)
    }

    func step(_ target: Wiring.Target, from container: Int) -> Step {
        switch target {
        case .missing: return .missing("nowhere")
        case .service(let i):
            return oracle.registration(of: i, from: container).map { .node(.registration($0)) } ?? .missing("s\(i)")
        case .alias(let i):
            guard let holder = oracle.aliasHolder(of: i, from: container) else { return .missing("a\(i)") }
            return oracle.registration(of: i, from: holder).map { .node(.registration($0)) } ?? .missing("s\(i)")
        case .provider(let j), .keyPath(let j):
            var final = j
            while let next = wiring.effectiveMapping(of: final, from: container) { final = next }
            return .node(.provider(final))
        }
    }

    func successors(_ key: Key, from container: Int) -> [Step] {
        let (label, dependencies): (String, [Wiring.Dependency]) = switch key {
        case .registration(let index):
            ("s\(wiring.registrations[index].service)", wiring.registrations[index].dependencies)
        case .provider(let j): ("p\(j)", wiring.providerDependencies[j])
        }
        let chain = oracle.chain(from: container)
        let decorations = wiring.decorators.filter { chain.contains($0.container) && $0.decorates == label }
        return dependencies.map { step($0.target, from: container) } + decorations.map { step($0.resolves, from: container) }
    }

    /// Whether `keys` (first repeated at the end) is a loop of dependencies for resolves from `container`.
    func isLoop(_ keys: [Key?], from container: Int) -> Bool {
        let keys = keys.compactMap { $0 }
        guard keys.count >= 2, keys.first == keys.last else { return false }
        return zip(keys, keys.dropFirst()).allSatisfy { successors($0, from: container).contains(.node($1)) }
    }

    /// The names a resolve of `root` can find missing, at any depth.
    func missingNames(from root: Wiring.Root, reachable: Bool) -> Set<String> {
        var names: Set<String> = []
        var seen: Set<Key> = []
        var work = [step(root.target, from: root.container)]
        while let next = work.popLast() {
            switch next {
            case .missing(let name): names.insert(name)
            case .node(let key):
                guard seen.insert(key).inserted else { continue }
                work += successors(key, from: root.container)
            }
        }
        return names
    }
}

extension StaticGraph {
    /// The nodes reachable from `key` (itself included) for resolves from `container`, and
    /// whether a missing name is among the steps.
    func reach(from key: Key, container: Int) -> (nodes: Set<Key>, reachesMissing: Bool) {
        var seen: Set<Key> = []
        var missing = false
        var work = [key]
        while let next = work.popLast() {
            guard seen.insert(next).inserted else { continue }
            for step in successors(next, from: container) {
                switch step {
                case .node(let key): work.append(key)
                case .missing: missing = true
                }
            }
        }
        return (seen, missing)
    }

    /// The lazy and optional dependencies that some order of resolves could make trap: their
    /// edge is on a loop, a loop is reachable past them, or (lazy, or optional through a
    /// provider) a missing name is.
    func trappingSites() -> [WiringOracle.DependencySite] {
        var owners: [(Key, WiringOracle.DependencySite.Owner, [Wiring.Dependency])] = []
        for (index, registration) in wiring.registrations.enumerated() {
            owners.append((.registration(index), .registration(index), registration.dependencies))
        }
        for (j, dependencies) in wiring.providerDependencies.enumerated() {
            owners.append((.provider(j), .provider(j), dependencies))
        }
        var sites: Set<WiringOracle.DependencySite> = []
        for container in wiring.containers.indices {
            for (key, owner, dependencies) in owners {
                for (index, dependency) in dependencies.enumerated() where dependency.access == .lazy || dependency.access == .optional {
                    let missingTraps = dependency.access == .lazy || !dependency.target.isTypeKeyed
                    switch step(dependency.target, from: container) {
                    case .missing:
                        if missingTraps { sites.insert(.init(owner: owner, index: index)) }
                    case .node(let target):
                        let (nodes, reachesMissing) = reach(from: target, container: container)
                        let onLoop = nodes.contains(key) || nodes.contains { node in
                            successors(node, from: container).contains { step in
                                if case .node(let next) = step { reach(from: next, container: container).nodes.contains(node) } else { false }
                            }
                        }
                        if onLoop || (missingTraps && reachesMissing) { sites.insert(.init(owner: owner, index: index)) }
                    }
                }
            }
        }
        return Array(sites)
    }
}
