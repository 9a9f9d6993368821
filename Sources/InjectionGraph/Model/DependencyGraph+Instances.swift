import Injection

/// Every kept instance accounted for: which registration built it, and when it stopped being the
/// one its scope hands out (a `.newSingleton`, a reset, an override, a weak scope's release).
/// From that, the lifetime rules: a replaced instance long-lived services still hold, a kept
/// scope that never keeps, a dependency from a container outside the requester's search order.
extension DependencyGraph {
    /// The long-lived services alive now that were built with `replaced`: its dependents,
    /// directly or through short-lived services (a singleton that holds a unique view model that
    /// holds it holds it too). One walk for every way an instance is replaced (overrides and
    /// mappings included, ``markHolders(of:in:)``).
    func longLivedHolders(of replaced: NodeID) -> [OverrideRecord.Holder] {
        var holders: [OverrideRecord.Holder] = []
        var seen: Set<NodeID> = [replaced]
        var queue = [replaced]
        while let node = queue.popLast() {
            for edgeID in incoming[node] where edges[edgeID].count > 0 {
                let dependent = edges[edgeID].from
                guard seen.insert(dependent).inserted else { continue }
                let service = nodes[dependent]
                if let scope = service.scope, scope.isLongLived {
                    // Its edges are every build's; the instance it keeps holds what the
                    // container that answered its build handed out (``BuildPasses``).
                    if let alive = service.aliveInstances, alive > 0, keptInstance(of: dependent, mayHold: replaced) {
                        holders.append(OverrideRecord.Holder(service: service.identity, scope: scope))
                    }
                } else if service.scope?.kind != .shared {
                    queue.append(dependent)
                }
            }
        }
        return holders.sorted { $0.service.key < $1.service.key }
    }

    // MARK: - Events

    mutating func applyInstanceEnded(_ ended: InstanceEnded, time: UInt64) {
        let id = intern(ended.service)
        switch ended.reason {
        case .released:
            nodes[id].releasedCount.addSaturating(1)
        case .replaced:
            nodes[id].newSingletonBuilds.addSaturating(1)
            // The new instance's `created` follows and counts it; the old one is no longer kept.
            if let alive = nodes[id].aliveInstances, alive > 0 { nodes[id].aliveInstances = alive - 1 }
            let holders = longLivedHolders(of: id)
            // What it held is gone from the scope with it.
            releaseHolders { $0.service == ended.service }
            releaseInstanceHolders { $0.service == ended.service }
            if !holders.isEmpty {
                noteReplaced(
                    id, scope: ended.scope, cause: .newSingleton(at: ended.location), holders: holders, rebuilt: true,
                    time: time)
            }
        }
    }

    /// A reset dropped the kept instances of `reset.scope` in its container: what they held is
    /// released, and each that services outside the reset still hold is replaced once it is
    /// built again.
    mutating func applyScopeReset(_ reset: ScopeReset) -> [NodeID] {
        var dropped: [NodeID] = []
        for index in nodes.indices
        where nodes[index].identity.container == reset.container && nodes[index].scope == reset.scope
            && nodes[index].aliveInstances != nil {
            if nodes[index].aliveInstances! > 0 { dropped.append(index) }
            nodes[index].aliveInstances = 0
        }
        if reset.scope.kind == .shared {
            // The weak scope's instances are not counted alive (nothing says when they go): each
            // built one may be dropped, and is replaced if a holder kept it.
            for index in nodes.indices
            where nodes[index].identity.container == reset.container && nodes[index].scope == reset.scope
                && nodes[index].keptBuilds > 0 {
                dropped.append(index)
            }
        }
        for id in dropped {
            nodes[id].resetDrops.addSaturating(1)
            nodes[id].lastResetAt = reset.location
        }
        return dropped
    }

    /// After ``applyScopeReset(_:)`` released what the reset dropped: the dropped instances that
    /// survivors hold.
    mutating func noteResetReplacements(_ dropped: [NodeID], reset: ScopeReset, time: UInt64, thread: UInt64) {
        for id in dropped {
            let holders = longLivedHolders(of: id)
            guard !holders.isEmpty else { continue }
            noteReplaced(
                id, scope: reset.scope, cause: .reset(at: reset.location), holders: holders, rebuilt: false, time: time,
                thread: thread)
        }
    }

    /// Keeps a replacement: one of the same service, cause and line folds into the earlier
    /// record (counted, its holders joined), so the graph grows with distinct replacements. A
    /// reset not rebuilt yet folds only into one also waiting (a break is a second instance
    /// built while a holder keeps the first: this reset's holders have not seen one yet).
    private mutating func noteReplaced(
        _ id: NodeID, scope: Scope, cause: ReplacedInstance.Cause, holders: [OverrideRecord.Holder], rebuilt: Bool,
        time: UInt64, thread: UInt64? = nil
    ) {
        let service = nodes[id].identity
        let instance = Swift.max(1, nodes[id].keptBuilds)
        if let index = replacedInstances.firstIndex(where: {
            $0.service == service && $0.cause == cause && (rebuilt || !$0.isRebuilt)
        }) {
            replacedInstances[index].count += 1
            replacedInstances[index].time = time
            if rebuilt { replacedInstances[index].isRebuilt = true }
            for holder in holders where !replacedInstances[index].holders.contains(where: { $0.service == holder.service }) {
                replacedInstances[index].holders.append(holder)
                activeInstanceHolders += 1
            }
        } else {
            var record = ReplacedInstance(
                service: service, scope: scope, cause: cause, instance: instance, time: time, isRebuilt: rebuilt,
                holders: holders)
            record.replacedOnThread = thread
            replacedInstances.append(record)
            activeInstanceHolders += holders.count
            if !rebuilt { awaitingRebuild += 1 }
        }
    }

    /// A service was built: a reset of it that holders survived is now a replacement (folded
    /// into an earlier one of the same cause and line, if there is one).
    @inline(never)
    mutating func noteRebuilt(_ service: borrowing ServiceIdentity, thread: UInt64?) {
        var index = 0
        while index < replacedInstances.count {
            defer { index += 1 }
            guard !replacedInstances[index].isRebuilt && replacedInstances[index].service == service else { continue }
            replacedInstances[index].isRebuilt = true
            replacedInstances[index].rebuiltOnThread = thread
            awaitingRebuild -= 1
            noteStructureChange()
            let record = replacedInstances[index]
            guard let earlier = replacedInstances.firstIndex(where: {
                $0.isRebuilt && $0.service == record.service && $0.cause == record.cause
            }), earlier < index else { continue }
            replacedInstances[earlier].count += record.count
            replacedInstances[earlier].time = record.time
            if replacedInstances[earlier].rebuiltOnThread == nil { replacedInstances[earlier].rebuiltOnThread = thread }
            if replacedInstances[earlier].replacedOnThread == nil {
                replacedInstances[earlier].replacedOnThread = record.replacedOnThread
            }
            for holder in record.holders {
                if let same = replacedInstances[earlier].holders.firstIndex(where: { $0.service == holder.service }) {
                    // One holder named once: the one still holding, if either is.
                    if replacedInstances[earlier].holders[same].isRebuilt {
                        replacedInstances[earlier].holders[same] = holder
                    } else if !holder.isRebuilt {
                        activeInstanceHolders -= 1
                    }
                } else {
                    replacedInstances[earlier].holders.append(holder)
                }
            }
            replacedInstances.remove(at: index)
            index -= 1
        }
    }

    /// Marks the holders `rebuilt` matches as rebuilt (their kept instance, and the old one it
    /// held, are gone). Once the service was built again, two instances were live while the
    /// holder kept the old one: it stays named (", rebuilt later"). Before that (a reset whose
    /// service was not built again yet), it is forgotten: no second instance ever lived beside
    /// the one it held.
    ///
    /// A reset (`resetBy`, on `thread`) that drops holders of an instance already replaced is
    /// noted: the holders' own reset came, but after another instance was built.
    mutating func releaseInstanceHolders(
        resetBy reset: ScopeReset? = nil, thread: UInt64 = 0, where rebuilt: (OverrideRecord.Holder) -> Bool
    ) {
        guard activeInstanceHolders > 0 else { return }
        for index in replacedInstances.indices where !replacedInstances[index].holders.isEmpty {
            for holder in replacedInstances[index].holders.indices
            where !replacedInstances[index].holders[holder].isRebuilt && rebuilt(replacedInstances[index].holders[holder]) {
                replacedInstances[index].holders[holder].isRebuilt = true
                activeInstanceHolders -= 1
                if let reset, replacedInstances[index].isRebuilt, replacedInstances[index].holdersReset == nil {
                    replacedInstances[index].holdersReset = ReplacedInstance.HoldersReset(
                        container: reset.container, scope: reset.scope, location: reset.location, thread: thread)
                }
            }
            if !replacedInstances[index].isRebuilt { replacedInstances[index].holders.removeAll(where: \.isRebuilt) }
        }
    }

    /// A holder of a replaced instance answered a resolve from its kept instance (the one that
    /// holds the old dependency).
    @inline(never)
    mutating func noteHeldInstanceUse(of service: borrowing ServiceIdentity, count: UInt64) {
        for index in replacedInstances.indices where replacedInstances[index].isRebuilt {
            for holder in replacedInstances[index].holders.indices
            where !replacedInstances[index].holders[holder].isRebuilt && replacedInstances[index].holders[holder].service == service {
                replacedInstances[index].holders[holder].staleUses.addSaturating(count)
            }
        }
    }

    // MARK: - Rules

    /// Replaced instances that long-lived services still hold while another one is handed out.
    public func heldReplacedInstances() -> [ReplacedInstance] {
        replacedInstances.filter(\.isHeld)
    }

    /// Services in a keeping scope with at least two instances built (other than by
    /// `.newSingleton`) and none handed out again, asked for by app code or a short-lived
    /// service: what asks again and again and was meant to get the kept one. (A service only
    /// long-lived services ask for is asked once per holder: a cached dependency of a cached
    /// service, reset with it, is never asked twice, and its scope is not what fails.)
    public func unkeptScopes() -> [UnkeptScope] {
        var result: [UnkeptScope] = []
        for node in nodes where node.keptHits == 0 && node.registeredAt != nil {
            guard let scope = node.scope, scope.keepsInstance,
                  node.keptBuilds >= node.newSingletonBuilds.addingSaturated(2) else { continue }
            var requesters: [OverrideRecord.Holder] = []
            for edgeID in incoming[node.id] where edges[edgeID].count > 0 {
                let requester = nodes[edges[edgeID].from]
                requesters.append(OverrideRecord.Holder(service: requester.identity, scope: requester.scope ?? .unique))
            }
            guard node.appResolveCount > 0 || requesters.contains(where: { !$0.scope.isLongLived }) else { continue }
            result.append(UnkeptScope(
                service: node.identity, scope: scope, registeredAt: node.registeredAt,
                builds: node.keptBuilds - node.newSingletonBuilds, hits: node.keptHits, released: node.releasedCount,
                resets: node.resetDrops, resetAt: node.lastResetAt,
                requesters: requesters.sorted { $0.service.key < $1.service.key }))
        }
        return result
    }

    /// Dependencies a service got from a container outside every search order that reaches the
    /// requester's own container, while that container's search registers the same key.
    /// Containers that keep their own instances on purpose (a feature's, an added module, a
    /// child per request) each resolve inside their own search order and are not listed.
    public func crossContainerResolves() -> [CrossContainerResolve] {
        // Cheap when every service lives in one container: the usual trace.
        guard containers.count > 1 else { return [] }
        var orders: [String: Set<String>] = [:]
        func order(_ name: String) -> Set<String> {
            if let known = orders[name] { return known }
            let found = Set(searchOrder(from: name).map(\.name))
            orders[name] = found
            return found
        }
        // Each service's container is numbered once, and whether it can be a requester here
        // (registered, not a keypath member) read once: an edge then compares integers.
        let (containerOfNode, names) = nodeClasses { $0.identity.container }
        let canRequest = nodes.map { $0.registeredAt != nil && $0.identity.member == nil }
        var reachable: [Int: Bool] = [:]
        var result: [CrossContainerResolve] = []
        for edge in edges where edge.count > 0 {
            let homeNumber = containerOfNode[edge.from], otherNumber = containerOfNode[edge.to]
            guard homeNumber != otherNumber, canRequest[edge.from] else { continue }
            let home = names[homeNumber], other = names[otherNumber]
            let pair = homeNumber * names.count + otherNumber
            let reached: Bool
            if let known = reachable[pair] {
                reached = known
            } else {
                // Some container searches both: the requester was built there (a child per
                // request, a module added to the app), and the dependency is in its search.
                reached = containers.contains { order($0.name).contains(home) && order($0.name).contains(other) }
                reachable[pair] = reached
            }
            guard !reached else { continue }
            let requester = nodes[edge.from], service = nodes[edge.to]
            // The same key registered where the requester's own container searches.
            let homeOrder = searchOrder(from: home).map(\.name)
            guard let expected = homeOrder.lazy.compactMap({ name in
                self.nodeID(for: ServiceIdentity(type: service.identity.type, name: service.identity.name, container: name))
            }).first(where: { self.nodes[$0].registeredAt != nil }) else { continue }
            result.append(CrossContainerResolve(
                requester: requester.identity, requesterRegisteredAt: requester.registeredAt, service: service.identity,
                expected: nodes[expected].identity, expectedRegisteredAt: nodes[expected].registeredAt, count: edge.count))
        }
        return result
    }
}
