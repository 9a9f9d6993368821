import Synchronization

/// Mappings a resolve would follow round for ever. A resolve follows its ancestors' mappings too
/// (the nearest wins), so a change can close a loop only a descendant sees:
/// ``Container/mappingLoop(withOwnMappings:changed:)`` checks every container that could.
struct MappingLoop: Error {
    struct Step {
        let mapping: MappedTarget
        /// The name of the container whose table holds the mapping.
        let container: String
    }

    /// The mappings in the order a resolve follows them.
    let steps: [Step]
    /// The container whose resolves would follow the loop.
    let seenFrom: String

    /// One line per mapping on the loop, with the line that set it.
    var stepLines: [String] {
        steps.map {
            "  Requests for \($0.mapping.original) go to \($0.mapping.target) "
                + "(mapped in '\($0.container)' at \($0.mapping.location))"
        }
    }

    /// The loop as a dependency cycle, for a resolve that met it: the providers in the order
    /// followed, closed at the line of the mapping that leads back.
    func cycle(enteredThrough: [ServiceIdentity]) -> DependencyCycle {
        DependencyCycle(
            path: steps.map(\.mapping.original) + [steps[0].mapping.original],
            enteredThrough: enteredThrough, closedAt: steps.last?.mapping.location)
    }
}

extension Container {
    /// Serialises mapping changes across containers, so each loop check sees every earlier change
    /// (a parent and a child mapped on two threads could otherwise close a loop together).
    static let mappingChanges = Lock<Void>(())

    /// The loop resolves from here or a descendant would meet if this container's mappings were
    /// `proposed`, reported from `changed`. Call with ``mappingChanges`` held.
    func mappingLoop(withOwnMappings proposed: [ProviderKey: MappedTarget], changed: ProviderKey?) -> MappingLoop? {
        // A descendant sees what this container sees unless a container between them maps too.
        let viewers = [self] + ContainerRegistry.shared.all.filter { container in
            !container.isSame(as: self) && container.hasAncestor(self)
                && container.lineage.prefix(while: { !$0.isSame(as: self) })
                    .contains { $0.core.hasMappings.load(ordering: .acquiring) }
        }
        for viewer in viewers {
            let chain = Array(viewer.lineage)
            // Outermost first, so that a nearer container's mapping of the same provider wins.
            var effective: [ProviderKey: MappingLoop.Step] = [:]
            for container in chain.reversed() {
                let table = container.isSame(as: self) ? proposed : container.core.mappingState.withLock { $0.byProvider }
                for (key, mapping) in table {
                    effective[key] = MappingLoop.Step(mapping: mapping, container: container.traceName)
                }
            }
            if let steps = Self.firstLoop(in: effective, startingAt: changed) {
                return MappingLoop(steps: steps, seenFrom: viewer.traceName)
            }
        }
        return nil
    }

    /// A loop of `mappings` (each provider maps to at most one), the one through `start` first;
    /// rotated to begin at `start` when it is on it.
    private static func firstLoop(
        in mappings: [ProviderKey: MappingLoop.Step], startingAt start: ProviderKey?
    ) -> [MappingLoop.Step]? {
        var finished: Set<ProviderKey> = []
        let starts = (start.map { [$0] } ?? []) + Array(mappings.keys)
        for first in starts where !finished.contains(first) {
            var path: [ProviderKey] = []
            var position: [ProviderKey: Int] = [:]
            var current = first
            while !finished.contains(current), let step = mappings[current] {
                if let index = position[current] {
                    var loop = Array(path[index...])
                    if let start, let at = loop.firstIndex(of: start) { loop = Array(loop[at...] + loop[..<at]) }
                    return loop.map { mappings[$0]! }
                }
                position[current] = path.count
                path.append(current)
                current = step.mapping.key
            }
            finished.formUnion(path)
        }
        return nil
    }

    /// Where following mappings from `key` ends; nil when unmapped. A loop (met only if tables changed
    /// under a resolve) is a ``ResolutionError/cycle(_:)``; Brent's detection allocates nothing.
    func finalTarget(of key: ProviderKey) throws(ResolutionError) -> MappedTarget? {
        var final: MappedTarget?
        var current = key
        var saved = key
        var hops = 0
        var limit = 1
        while let next = mappedTargetAndHolder(forProvider: current)?.target {
            final = next
            current = next.key
            if current == saved { throw .cycle(reportMappingLoop(through: current)) }
            hops += 1
            if hops == limit {
                saved = current
                hops = 0
                limit *= 2
            }
        }
        return final
    }

    /// Reports (and returns) the loop of mappings through `key` as a dependency cycle.
    private func reportMappingLoop(through key: ProviderKey) -> DependencyCycle {
        var steps: [MappingLoop.Step] = []
        var current = key
        repeat {
            guard let (next, holder) = mappedTargetAndHolder(forProvider: current) else { break }
            steps.append(MappingLoop.Step(mapping: next, container: holder))
            current = next.key
        } while current != key
        let cycle = MappingLoop(steps: steps, seenFrom: traceName)
            .cycle(enteredThrough: ResolutionContext.current.chain)
        if EventHub.shared.isActive { EventHub.shared.emit(.cycle(cycle)) }
        return cycle
    }

    /// The mapping of the provider with `key` that a resolve in this container follows, and the
    /// name of the container that holds it.
    func mappedTargetAndHolder(forProvider key: ProviderKey) -> (target: MappedTarget, holder: String)? {
        for container in lineage where container.core.hasMappings.load(ordering: .acquiring) {
            if let target = container.core.mappingState.withLock({ $0.byProvider[key] }) {
                return (target, container.traceName)
            }
        }
        return nil
    }
}
