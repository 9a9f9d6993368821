import Injection

/// One generated wiring: a container tree, registrations in every scope (named, with arguments,
/// overridden in other containers, aliased with `.implements`), keypath providers and mappings,
/// decorators, and what each service resolves while it is built (in its factory, lazily, as an
/// optional, in `resolveProperties`).
struct Wiring: Sendable, CustomStringConvertible {
    /// What a dependency asks for.
    enum Target: Hashable, Sendable {
        /// `Built` named `s<i>`.
        case service(Int)
        /// `Aliased` named `a<i>` (the `.implements` key of `s<i>`'s first registration).
        case alias(Int)
        /// Provider `p<j>` called directly, or through its keypath.
        case provider(Int)
        case keyPath(Int)
        /// A name nothing registers.
        case missing
    }

    /// How a dependency is resolved.
    enum Access: Sendable {
        /// `tryResolve` in the factory (the error propagates).
        case factory
        /// `@LazyInjected` read inside the factory (traps on failure).
        case lazy
        /// `optional()` in the factory (nil when missing; traps on a cycle).
        case optional
        /// `tryResolve` in `.resolveProperties`.
        case property
    }

    struct Dependency: Hashable, Sendable {
        var target: Target
        var access: Access
        /// Resolved with `lifetime: .new`: built under `.unique` whatever the registration's
        /// scope, never answered from or kept in its slot.
        var fresh = false
    }

    struct ContainerSpec: Sendable {
        /// Made with `makeChild` of this container.
        var parent: Int?
        /// A root of its own, added with `add(child:)` to this container.
        var addedTo: Int?
    }

    struct Registration: Sendable {
        var service: Int
        var container: Int
        var scope: Scope
        var dependencies: [Dependency]
        /// `.implements(Aliased.self, name: "a<service>")`.
        var implements: Bool
    }

    struct Decorator: Sendable {
        var container: Int
        /// The label (`s<i>` or `p<j>`) of the instances it acts on.
        var decorates: String
        var resolves: Target
    }

    struct Mapping: Sendable {
        var container: Int
        /// Requests for provider `original` go to `replacement`.
        var original: Int
        var replacement: Int
    }

    struct Root: Hashable, Sendable {
        var container: Int
        var target: Target
    }

    var seed: UInt64
    var containers: [ContainerSpec]
    var registrations: [Registration]
    /// Services whose factories take arguments (every resolve of them passes the requester's label).
    var takesArguments: Set<Int>
    /// What provider `j` resolves while it is built.
    var providerDependencies: [[Dependency]]
    var decorators: [Decorator]
    var mappings: [Mapping]
    var roots: [Root]
    var threads: Int

    var serviceCount: Int { (registrations.map(\.service).max() ?? -1) + 1 }

    static func label(_ target: Target) -> String {
        switch target {
        case .service(let i): "s\(i)"
        case .alias(let i): "a\(i)"
        case .provider(let j): "p\(j)"
        case .keyPath(let j): "p\(j)"
        case .missing: "nowhere"
        }
    }

    // MARK: - Generation

    /// The wiring of `seed`.
    static func generate(seed: UInt64) -> Wiring {
        var random = SeededRandom(seed: seed)
        var containers = [ContainerSpec(parent: nil, addedTo: nil)]
        for index in 1..<random.pick(1...4) {
            if random.chance(65) {
                containers.append(ContainerSpec(parent: random.pick(0..<index), addedTo: nil))
            } else {
                containers.append(ContainerSpec(parent: nil, addedTo: random.pick(0..<index)))
            }
        }
        let services = random.pick(2...8)
        let scopes: [Scope] = [.unique, .graph, .cached, .shared, .singleton]
        func target(_ random: inout SeededRandom) -> Target {
            switch random.pick(0..<10) {
            case 0...4: .service(random.pick(0..<services))
            case 5: .alias(random.pick(0..<services))
            case 6: .provider(random.pick(0..<6))
            case 7: .keyPath(random.pick(0..<6))
            case 8: random.chance(30) ? .missing : .service(random.pick(0..<services))
            default: .service(random.pick(0..<services))
            }
        }
        func dependencies(_ random: inout SeededRandom) -> [Dependency] {
            (0..<random.pick(0...3)).map { _ in
                let access: Access = switch random.pick(0..<10) {
                case 0: .lazy
                case 1: .optional
                case 2, 3: .property
                default: .factory
                }
                return Dependency(target: target(&random), access: access, fresh: random.chance(12))
            }
        }
        var registrations: [Registration] = []
        for service in 0..<services {
            registrations.append(Registration(
                service: service, container: random.pick(containers.indices), scope: random.pick(scopes),
                dependencies: dependencies(&random), implements: random.chance(30)))
        }
        // Overrides: the same name registered again in another container.
        for _ in 0..<random.pick(0...2) where containers.count > 1 {
            let original = random.pick(registrations)
            let others = containers.indices.filter { $0 != original.container }
            registrations.append(Registration(
                service: original.service, container: random.pick(others), scope: random.pick(scopes),
                dependencies: dependencies(&random), implements: false))
        }
        let takesArguments = Set((0..<services).filter { _ in random.chance(20) })
        let providerDependencies = (0..<6).map { _ in random.chance(60) ? dependencies(&random) : [] }
        let decorators = (0..<random.pick(0...3)).map { _ in
            Decorator(
                container: random.pick(containers.indices),
                decorates: random.chance(75) ? "s\(random.pick(0..<services))" : "p\(random.pick(0..<6))",
                resolves: target(&random))
        }
        var mappings: [Mapping] = []
        for _ in 0..<random.pick(0...3) {
            let original = random.pick(0..<6)
            var replacement = random.pick(0..<6)
            if replacement == original { replacement = (original + 1) % 6 }
            mappings.append(Mapping(container: random.pick(containers.indices), original: original, replacement: replacement))
        }
        var roots: [Root] = []
        for container in containers.indices {
            for service in 0..<services { roots.append(Root(container: container, target: .service(service))) }
            for provider in 0..<6 where random.chance(40) {
                roots.append(Root(container: container, target: random.chance(50) ? .provider(provider) : .keyPath(provider)))
            }
            for service in 0..<services where random.chance(15) {
                roots.append(Root(container: container, target: .alias(service)))
            }
        }
        roots.shuffle(using: &random)
        var wiring = Wiring(
            seed: seed, containers: containers, registrations: registrations, takesArguments: takesArguments,
            providerDependencies: providerDependencies, decorators: decorators, mappings: mappings, roots: roots,
            threads: random.pick(2...4))
        wiring.makeRunnable()
        return wiring
    }

    /// Drops the mappings a container would refuse (loops: that refusal stops the program, and is
    /// tested on its own), and turns lazy and optional dependencies whose resolve would trap
    /// (a cycle, or a missing lazy one) into throwing ones, until the oracle sees no trap.
    mutating func makeRunnable() {
        var kept: [Mapping] = []
        for mapping in mappings {
            var candidate = self
            candidate.mappings = kept + [mapping]
            if !candidate.hasMappingLoop { kept.append(mapping) }
        }
        mappings = kept
        // Any interleaving of threads may reach a lazy or optional dependency with other
        // instances kept: it must not trap in any order, so none may lead into a loop (or, for
        // one that traps on a missing registration, to a missing one) in the static graph.
        let graph = StaticGraph(wiring: self)
        for site in graph.trappingSites() { replace(site, with: .factory) }
        for _ in 0..<64 {
            var oracle = WiringOracle(wiring: self)
            guard let trap = oracle.firstTrap() else { return }
            replace(trap, with: .factory)
        }
    }

    /// Replaces the access of one dependency (found by owner and index).
    mutating func replace(_ site: WiringOracle.DependencySite, with access: Access) {
        switch site.owner {
        case .registration(let index): registrations[index].dependencies[site.index].access = access
        case .provider(let index): providerDependencies[index][site.index].access = access
        }
    }

    /// Whether some container's resolves would go round a loop of mappings.
    var hasMappingLoop: Bool {
        containers.indices.contains { container in
            var seen: Set<Int> = []
            for start in 0..<6 {
                seen.removeAll()
                var current = start
                while let next = effectiveMapping(of: current, from: container) {
                    if !seen.insert(current).inserted { return true }
                    current = next
                }
            }
            return false
        }
    }

    /// The mapping of provider `j` a resolve starting in `container` follows: the nearest
    /// container's, along the parent chain.
    func effectiveMapping(of provider: Int, from container: Int) -> Int? {
        var current: Int? = container
        while let index = current {
            if let mapping = mappings.last(where: { $0.container == index && $0.original == provider }) {
                return mapping.replacement
            }
            current = containers[index].parent
        }
        return nil
    }

    // MARK: - As a program

    /// The wiring as the Swift it stands for, to reproduce a failure by hand.
    var description: String {
        var lines = ["// wiring seed \(seed), \(threads) threads"]
        for (index, spec) in containers.enumerated() {
            if let parent = spec.parent {
                lines.append("let c\(index) = c\(parent).makeChild(name: \"c\(index)\")")
            } else if let adder = spec.addedTo {
                lines.append("let c\(index) = Container(name: \"c\(index)\"); c\(adder).add(child: c\(index))")
            } else {
                lines.append("let c\(index) = Container(name: \"c\(index)\")")
            }
        }
        func call(_ dependency: Dependency, from label: String) -> String {
            let arguments = { (i: Int) in takesArguments.contains(i) ? ", args: \"\(label)\"" : "" }
            let lifetime = dependency.fresh ? ", lifetime: .new" : ""
            let resolve: String = switch dependency.target {
            case .service(let i): "c.tryResolve(Built.self, name: \"s\(i)\"\(lifetime)\(arguments(i)))"
            case .alias(let i): "c.tryResolve(Aliased.self, name: \"a\(i)\"\(lifetime)\(arguments(i)))"
            case .provider(let j): "c.fuzz.p\(j).tryResolve(\(dependency.fresh ? "lifetime: .new" : ""))"
            case .keyPath(let j): "c.tryResolve(\\.fuzz.p\(j)\(lifetime))"
            case .missing: "c.tryResolve(Built.self, name: \"nowhere\"\(lifetime))"
            }
            return switch dependency.access {
            case .factory, .property: "try " + resolve
            case .lazy: "lazy(" + resolve + ")"
            case .optional: "optional(" + resolve + ")"
            }
        }
        func body(_ label: String, _ dependencies: [Dependency]) -> String {
            let made = dependencies.filter { $0.access != .property }.map { call($0, from: label) }
            var text = "{ c\(label.hasPrefix("s") ? "" : "") in Built(\"\(label)\", [\(made.joined(separator: ", "))]) }"
            let properties = dependencies.filter { $0.access == .property }.map { call($0, from: label) }
            if !properties.isEmpty { text += ".resolveProperties { c, b in b.add([\(properties.joined(separator: ", "))]) }" }
            return text
        }
        for registration in registrations {
            let label = "s\(registration.service)"
            let arguments = takesArguments.contains(registration.service) ? "c, args" : "c"
            var line = "c\(registration.container).register(Built.self, name: \"\(label)\", scope: .\(registration.scope)) "
                + body(label, registration.dependencies).replacingOccurrences(of: "{ c in", with: "{ \(arguments) in")
            if registration.implements { line += ".implements(Aliased.self, name: \"a\(registration.service)\")" }
            lines.append(line)
        }
        for (index, dependencies) in providerDependencies.enumerated() where !dependencies.isEmpty {
            lines.append("// FuzzLayer.p\(index) (.\(FuzzLayer.scopes[index])) " + body("p\(index)", dependencies))
        }
        for decorator in decorators {
            lines.append("c\(decorator.container).decorate { s in if label(s) == \"\(decorator.decorates)\" { let c = Container.current; _ = "
                + call(Dependency(target: decorator.resolves, access: .factory), from: decorator.decorates)
                    .replacingOccurrences(of: "try ", with: "try? ") + " } }")
        }
        for mapping in mappings {
            lines.append("c\(mapping.container).map(\\.fuzz.p\(mapping.replacement), to: \\.fuzz.p\(mapping.original))")
        }
        for root in roots {
            lines.append("_ = " + call(Dependency(target: root.target, access: .factory), from: "root")
                .replacingOccurrences(of: "c.", with: "c\(root.container)."))
        }
        return lines.joined(separator: "\n")
    }
}
