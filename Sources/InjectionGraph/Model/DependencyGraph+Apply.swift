import InjectionTrace

extension DependencyGraph {
    /// Adds one trace record to the graph.
    ///
    /// Records are applied in trace order; a live viewer calls this for each line as it arrives.
    ///
    /// ```swift
    /// var graph = DependencyGraph()
    /// graph.apply(.header(TraceHeader(app: "sample-app", pid: 42, startTime: "2026-11-22T04:23:13Z")))
    /// graph.apply(.event(event))
    /// ```
    public mutating func apply(_ record: borrowing TraceRecord) {
        revision &+= 1
        switch record {
        case .header(let header):
            session.header = header
        case .event(let event):
            apply(event)
        case .aggregate(let aggregate):
            session.eventCount.addSaturating(1)
            session.lastTime = max(session.lastTime, aggregate.lastTime)
            applyResolve(
                service: aggregate.service, requester: aggregate.requester, scope: aggregate.scope,
                outcome: aggregate.outcome, count: aggregate.count, nanoseconds: aggregate.totalNanoseconds,
                first: aggregate.firstTime, last: aggregate.lastTime)
        case .dropped(let count, let time):
            session.droppedCount.addSaturating(count)
            session.lastTime = max(session.lastTime, time)
        case .end(let time, let reason):
            session.hasEnded = true
            session.endReason = reason
            session.lastTime = max(session.lastTime, time)
        }
    }

    /// Adds one event to the graph, as ``apply(_:)`` does for ``TraceRecord/event(_:)``.
    public mutating func apply(_ event: borrowing ResolutionEvent) {
        session.eventCount.addSaturating(1)
        if event.sequence > session.lastSequence { session.lastSequence = event.sequence }
        if event.time > session.lastTime { session.lastTime = event.time }
        let time = event.time
        switch event.kind {
        case .resolved(let resolved):
            applyResolve(
                service: resolved.service, requester: resolved.requester, scope: resolved.scope,
                outcome: resolved.outcome, count: 1, nanoseconds: resolved.durationNanoseconds,
                first: time, last: time)
        case .registered(let registered):
            applyRegistered(registered, time: time)
        case .containerCreated(let created):
            noteContainer(created.container, parent: created.parent, location: created.location)
        case .missing(let missingRegistration):
            applyMissing(missingRegistration, time: time)
        case .cycle(let cycle):
            applyCycle(cycle, time: time)
        case .scopeMismatch(let mismatch):
            let holder = intern(mismatch.holder)
            _ = intern(mismatch.captive)
            if let index = mismatchIndex[mismatch] {
                scopeMismatches[index].count.addSaturating(1)
            } else {
                mismatchIndex[mismatch] = scopeMismatches.count
                var record = ScopeMismatchRecord(mismatch, time: time)
                record.holderRegisteredAt = nodes[holder].registeredAt
                scopeMismatches.append(record)
                unconfirmedMismatches += 1
            }
        case .mappingChanged(let change):
            applyMappingChange(change, time: time)
        case .staleOverride(let stale):
            applyStale(stale, time: time)
        case .scopeReset(let reset):
            for index in nodes.indices
            where nodes[index].identity.container == reset.container && nodes[index].scope == reset.scope
                && nodes[index].aliveInstances != nil {
                nodes[index].aliveInstances = 0
            }
            releaseHolders { $0.service.container == reset.container && $0.scope == reset.scope }
        case .resolvedToNil(let missingRegistration):
            applyResolvedToNil(missingRegistration, time: time)
        case .lazyResolved(let lazy):
            applyLazy(lazy)
        }
    }

    // MARK: - Resolves

    /// Borrows the identities and the scope (no copy of the event they live in) and touches each
    /// array through one uniqueness check.
    @inline(never)
    mutating func applyResolve(
        service: borrowing ServiceIdentity, requester: borrowing ServiceIdentity?, scope: borrowing Scope,
        outcome: Resolved.Outcome, count: UInt64, nanoseconds: UInt64, first: UInt64, last: UInt64
    ) {
        session.resolveCount.addSaturating(count)
        let id = intern(service)
        let from: NodeID?
        switch requester {
        case .some(let requester): from = intern(requester)
        case .none: from = nil
        }
        nodes.withUnsafeMutableBufferPointer { nodes in
            nodes[id].record(scope: scope, outcome: outcome, count: count, nanoseconds: nanoseconds, first: first, last: last)
            if let from {
                nodes[from].childNanoseconds.addSaturating(nanoseconds)
            } else {
                nodes[id].appResolveCount.addSaturating(count)
            }
        }
        if unconfirmedMismatches > 0, outcome == .created { confirmMismatches(heldBy: service) }
        if activeMappings > 0 { noteMappedUse(of: service, by: requester, count: count) }
        if activeStaleHolders > 0, outcome == .cached { noteStaleUse(of: service, count: count) }
        guard let from else { return }
        let edgeID = internEdge(from, id)
        edges.withUnsafeMutableBufferPointer { edges in
            edges[edgeID].count.addSaturating(count)
            edges[edgeID].totalNanoseconds.addSaturating(nanoseconds)
            if outcome == .created { edges[edgeID].createdCount.addSaturating(count) } else { edges[edgeID].cachedCount.addSaturating(count) }
        }
    }

    // MARK: - Registrations and overrides

    mutating func applyRegistered(_ registered: Registered, time: UInt64) {
        let id = intern(registered.service)
        nodes[id].scope = registered.scope
        nodes[id].registeredAt = registered.location
        nodes[id].registrationCount.addSaturating(1)
        if registered.scope.isLongLived, nodes[id].aliveInstances == nil { nodes[id].aliveInstances = 0 }
        guard let replaced = registered.replaced else { return }
        let replacedID = intern(replaced.service)
        for index in overrides.indices
        where overrides[index].kind == .registration && overrides[index].to == replaced.service
            && overrides[index].state == .active {
            overrides[index].state = .replaced
        }
        var record = OverrideRecord(
            kind: .registration, container: registered.service.container, from: replaced.service,
            to: registered.service, location: registered.location, replacedLocation: replaced.location,
            time: time)
        markHolders(of: replacedID, in: &record)
        // The container dropped the old entry with its kept instance: the service is built anew,
        // and what held the old one no longer holds anything of this key.
        if nodes[replacedID].aliveInstances != nil { nodes[replacedID].aliveInstances = 0 }
        releaseHolders { $0.service == replaced.service }
        overrides.append(record)
    }

    /// Records on `record` the long-lived services alive now that were built with `replaced`:
    /// its dependents, directly or through short-lived services (a singleton that holds a unique
    /// view model that holds the replaced service holds it too).
    mutating func markHolders(of replaced: NodeID, in record: inout OverrideRecord) {
        record.staleScope = nodes[replaced].scope
        var holders: [OverrideRecord.Holder] = []
        var seen: Set<NodeID> = [replaced]
        var queue = [replaced]
        while let node = queue.popLast() {
            for edgeID in incoming[node] where edges[edgeID].count > 0 {
                let dependent = edges[edgeID].from
                guard seen.insert(dependent).inserted else { continue }
                let service = nodes[dependent]
                if let scope = service.scope, scope.isLongLived {
                    // One that an earlier override of the same service already names holds an
                    // instance older than the one replaced now.
                    let heldEarlier = overrides.contains { earlier in
                        earlier.from == record.from && earlier.holders.contains { $0.service == service.identity && !$0.isRebuilt }
                    }
                    if let alive = service.aliveInstances, alive > 0, !heldEarlier {
                        holders.append(OverrideRecord.Holder(service: service.identity, scope: scope))
                    }
                } else if service.scope?.kind != .shared {
                    queue.append(dependent)
                }
            }
        }
        record.holders = holders.sorted { $0.service.key < $1.service.key }
        if !record.holders.isEmpty { record.staleness = .heldByLongLived }
        activeStaleHolders += holders.count
    }

    /// Marks the holders that `rebuilt` matches as rebuilt (their old instance is gone), and
    /// forgets those that never served the old instance after the override.
    mutating func releaseHolders(where rebuilt: (OverrideRecord.Holder) -> Bool) {
        guard activeStaleHolders > 0 else { return }
        for index in overrides.indices where !overrides[index].holders.isEmpty {
            for holder in overrides[index].holders.indices
            where !overrides[index].holders[holder].isRebuilt && rebuilt(overrides[index].holders[holder]) {
                overrides[index].holders[holder].isRebuilt = true
                activeStaleHolders -= 1
            }
            overrides[index].holders.removeAll { $0.isRebuilt && $0.staleUses == 0 }
        }
    }

    /// A holder of an old instance answered a resolve from its kept instance.
    @inline(never)
    mutating func noteStaleUse(of service: borrowing ServiceIdentity, count: UInt64) {
        for index in overrides.indices where !overrides[index].holders.isEmpty {
            for holder in overrides[index].holders.indices
            where !overrides[index].holders[holder].isRebuilt && overrides[index].holders[holder].service == service {
                overrides[index].holders[holder].staleUses += count
            }
        }
    }

    mutating func applyMappingChange(_ change: MappingChange, time: UInt64) {
        switch change.action {
        case .set:
            guard let from = change.from, let to = change.to else { return }
            let fromID = intern(from)
            _ = intern(to)
            endMappings(in: change.container, from: from, as: .replaced)
            var record = OverrideRecord(
                kind: .mapping, container: change.container, from: from, to: to,
                location: change.location, replacedLocation: nil, time: time)
            markHolders(of: fromID, in: &record)
            overrides.append(record)
            activeMappings += 1
        case .reset:
            guard let from = change.from else { return }
            endMappings(in: change.container, from: from, as: .reset(at: change.location, time: time))
        case .resetAll:
            endMappings(in: change.container, from: nil, as: .reset(at: change.location, time: time))
        }
    }

    /// Ends the active mappings of `container` (for `from`, or all of them).
    mutating func endMappings(in container: String, from: ServiceIdentity?, as state: OverrideRecord.State) {
        for index in overrides.indices
        where overrides[index].kind == .mapping && overrides[index].state == .active
            && overrides[index].container == container && (from == nil || overrides[index].from == from) {
            overrides[index].state = state
            activeMappings -= 1
        }
    }

    /// Counts a resolve of an active mapping's replacement by its requester.
    @inline(never)
    mutating func noteMappedUse(of service: borrowing ServiceIdentity, by requester: borrowing ServiceIdentity?, count: UInt64) {
        let requester = copy requester
        for index in overrides.indices
        where overrides[index].kind == .mapping && overrides[index].state == .active && overrides[index].to == service {
            if let use = overrides[index].uses.firstIndex(where: { $0.requester == requester }) {
                overrides[index].uses[use].count += count
            } else {
                overrides[index].uses.append(OverrideRecord.Use(requester: requester, count: count))
            }
        }
    }

    mutating func applyStale(_ stale: StaleOverride, time: UInt64) {
        _ = intern(stale.replaced)
        _ = intern(stale.replacement)
        // An override the graph saw being set was judged from the graph itself (its holders).
        if overrides.contains(where: {
            $0.from == stale.replaced && $0.to == stale.replacement && $0.location == stale.location
        }) { return }
        // An override the graph did not see being set (the trace started later): keep the report.
        var record = OverrideRecord(
            kind: .registration, container: stale.replacement.container, from: stale.replaced,
            to: stale.replacement, location: stale.location, replacedLocation: nil, time: time)
        record.staleness = .reported
        record.staleScope = stale.scope
        overrides.append(record)
    }

    // MARK: - Optional and lazy resolves

    mutating func applyResolvedToNil(_ missingRegistration: MissingRegistration, time: UInt64) {
        for identity in missingRegistration.requesterChain { _ = intern(identity) }
        let key = MissingKey(requested: missingRegistration.requested, chain: missingRegistration.requesterChain)
        if let index = resolvedToNilIndex[key] {
            resolvedToNil[index].count += 1
            resolvedToNil[index].lastSeen = time
        } else {
            resolvedToNilIndex[key] = resolvedToNil.count
            resolvedToNil.append(MissingDependency(missingRegistration, time: time))
        }
    }

    mutating func applyLazy(_ lazy: LazyResolution) {
        let service = intern(lazy.service)
        guard let owner = lazy.owner else { return }
        let from = intern(owner)
        edges[internEdge(from, service)].lazyCount += 1
    }

    /// The holder of pending scope mismatches was built: they really captured something.
    @inline(never)
    mutating func confirmMismatches(heldBy holder: borrowing ServiceIdentity) {
        for index in scopeMismatches.indices
        where !scopeMismatches[index].isConfirmed && scopeMismatches[index].mismatch.holder == holder {
            scopeMismatches[index].isConfirmed = true
            unconfirmedMismatches -= 1
        }
    }

    // MARK: - Failures

    mutating func applyMissing(_ missingRegistration: MissingRegistration, time: UInt64) {
        let chain = missingRegistration.requesterChain
        var previous: NodeID?
        for identity in chain {
            let id = intern(identity)
            if let previous { _ = internEdge(previous, id) }
            previous = id
        }
        let key = MissingKey(requested: missingRegistration.requested, chain: chain)
        if let index = missingIndex[key] {
            missing[index].count.addSaturating(1)
            missing[index].lastSeen = time
        } else {
            missingIndex[key] = missing.count
            missing.append(MissingDependency(missingRegistration, time: time))
        }
    }

    mutating func applyCycle(_ cycle: DependencyCycle, time: UInt64) {
        var previous: NodeID?
        for identity in cycle.enteredThrough {
            let id = intern(identity)
            if let previous { _ = internEdge(previous, id) }
            previous = id
        }
        let pathIDs = cycle.path.map { intern($0) }
        if let previous, let first = pathIDs.first { _ = internEdge(previous, first) }
        for (from, to) in zip(pathIDs, pathIDs.dropFirst()) {
            edges[internEdge(from, to)].isOnObservedCycle = true
        }
        // Rotate the loop (without its repeated end) to start at its smallest node: one key per loop.
        let loop = pathIDs.count > 1 ? Array(pathIDs.dropLast()) : pathIDs
        let start = loop.indices.min { loop[$0] < loop[$1] } ?? 0
        let key = Array(loop[start...] + loop[..<start])
        if let index = cycleIndex[key] {
            cycles[index].count.addSaturating(1)
        } else {
            cycleIndex[key] = cycles.count
            cycles.append(ObservedCycle(cycle: cycle, nodes: loop, time: time))
        }
    }
}

extension ServiceNode {
    @inline(__always)
    mutating func record(
        scope resolvedScope: Scope, outcome: Resolved.Outcome, count: UInt64, nanoseconds: UInt64,
        first: UInt64, last: UInt64
    ) {
        if scope == nil { scope = resolvedScope }
        resolveCount.addSaturating(count)
        totalNanoseconds.addSaturating(nanoseconds)
        if outcome == .created {
            createdCount.addSaturating(count)
            if resolvedScope.isLongLived { aliveInstances = (aliveInstances ?? 0).addingSaturated(count) }
        } else {
            cachedCount.addSaturating(count)
        }
        if firstSeen == nil || first < firstSeen! { firstSeen = first }
        if lastSeen == nil || last > lastSeen! { lastSeen = last }
    }
}
