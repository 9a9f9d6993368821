import Injection

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
            noteStructureChange()
        case .event(let event):
            apply(event)
        case .aggregate(var aggregate):
            if !containerFold.isEmpty { aggregate = containerFold.folding(aggregate) }
            session.eventCount.addSaturating(1)
            session.lastTime = max(session.lastTime, aggregate.lastTime)
            applyResolve(
                service: aggregate.service, requester: aggregate.requester, scope: aggregate.scope,
                outcome: aggregate.outcome, count: aggregate.count, nanoseconds: aggregate.totalNanoseconds,
                first: aggregate.firstTime, last: aggregate.lastTime)
            if aggregate.outcome == .created, aggregate.scope.isLongLived { forgetKeptHolds(of: aggregate.service) }
        case .dropped(let count, let time):
            session.droppedCount.addSaturating(count)
            session.lastTime = max(session.lastTime, time)
        case .end(let time, let reason):
            noteStructureChange()
            session.hasEnded = true
            session.endReason = reason
            session.lastTime = max(session.lastTime, time)
        }
    }

    /// Adds one event to the graph, as ``apply(_:)`` does for ``TraceRecord/event(_:)``.
    public mutating func apply(_ event: borrowing ResolutionEvent) {
        switch event.kind {
        case .containerCreated(let created) where created.addedTo == nil:
            applyFolded(event)
        case .containerReleased:
            applyFolded(event)
        default:
            if containerFold.isEmpty {
                applyFolded(event)
            } else {
                applyFolded(containerFold.folding(copy event))
            }
        }
    }

    /// ``apply(_:)-(ResolutionEvent)`` of an event whose container names are folded
    /// (``ContainerFold``), or a container's making or release, which the fold notes.
    private mutating func applyFolded(_ event: borrowing ResolutionEvent) {
        session.eventCount.addSaturating(1)
        if event.sequence > session.lastSequence { session.lastSequence = event.sequence }
        if event.time > session.lastTime { session.lastTime = event.time }
        let time = event.time
        // Anything but a resolve registers, reports a problem or changes who holds what: the
        // problems are checked again. A resolve says itself what it changed.
        switch event.kind {
        case .resolved, .containerReleased: break
        default: noteStructureChange()
        }
        switch event.kind {
        case .resolved(let resolved):
            applyResolve(
                service: resolved.service, requester: resolved.requester, scope: resolved.scope,
                outcome: resolved.outcome, count: 1, nanoseconds: resolved.durationNanoseconds,
                first: time, last: time, property: resolved.isPropertyInjection, thread: event.thread)
            notePassStep(resolved, thread: event.thread)
        case .registered(let registered):
            applyRegistered(registered, time: time)
        case .containerCreated(let created):
            if let owner = created.addedTo {
                noteContainer(created.container, parent: created.parent, location: nil)
                noteContainer(owner, parent: nil, location: nil)
                let index = containerIndex[owner]!
                if !containers[index].addedChildren.contains(where: { $0.name == created.container }) {
                    containers[index].addedChildren.append(.init(name: created.container, addedAt: created.location))
                }
            } else {
                noteMade(created)
            }
        case .containerReleased(let released):
            noteReleased(released.container)
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
            let dropped = applyScopeReset(reset)
            releaseHolders { $0.service.container == reset.container && $0.scope == reset.scope }
            releaseInstanceHolders(resetBy: reset, thread: event.thread) {
                $0.service.container == reset.container && $0.scope == reset.scope
            }
            noteResetReplacements(dropped, reset: reset, time: time, thread: event.thread)
        case .resolvedToNil(let missingRegistration):
            applyResolvedToNil(missingRegistration, time: time)
        case .lazyResolved(let lazy):
            applyLazy(lazy, time: time)
        case .instanceEnded(let ended):
            applyInstanceEnded(ended, time: time)
        }
    }

    // MARK: - Resolves

    /// Borrows the identities and the scope (no copy of the event they live in) and writes each
    /// node and edge once per count kind, in its page (after a copy of the graph, only the pages
    /// written are copied).
    @inline(never)
    mutating func applyResolve(
        service: borrowing ServiceIdentity, requester: borrowing ServiceIdentity?, scope: borrowing Scope,
        outcome: Resolved.Outcome, count: UInt64, nanoseconds: UInt64, first: UInt64, last: UInt64,
        property: Bool = false, thread: UInt64? = nil
    ) {
        session.resolveCount.addSaturating(count)
        let id = intern(service)
        let from: NodeID?
        switch requester {
        case .some(let requester): from = intern(requester)
        case .none: from = nil
        }
        // A first resolve sets the scope (cycles, fixes), makes a registration one that answers
        // (shadowed registrations) or a node a root: more than a count. Each node and the edge
        // are written once (one page access each: two uniqueness checks and two bounds checks),
        // and the write says whether it was a first.
        let firstResolve = nodes[id].record(
            scope: scope, outcome: outcome, count: count, nanoseconds: nanoseconds, first: first, last: last,
            fromApp: from == nil)
        if let from { nodes[from].childNanoseconds.addSaturating(nanoseconds) }
        if firstResolve { noteStructureChange() }
        if unconfirmedMismatches > 0, outcome == .created { confirmMismatches(heldBy: service) }
        if activeMappings > 0 { noteMappedUse(of: service, by: requester, count: count) }
        if activeStaleHolders > 0, outcome == .cached { noteStaleUse(of: service, count: count) }
        if awaitingRebuild > 0, outcome == .created { noteRebuilt(service, thread: thread) }
        if activeInstanceHolders > 0, outcome == .cached { noteHeldInstanceUse(of: service, count: count) }
        guard let from else { return }
        let edgeID = internEdge(from, id)
        // An edge's first resolve makes a lazy one eager (loops) and counts for who holds what.
        if edges[edgeID].record(outcome: outcome, count: count, nanoseconds: nanoseconds, property: property) {
            // Once, when its count leaves 0; on the node the edge belongs to (a folded edge's).
            if edges[edgeID].count > 0 { nodes[edges[edgeID].from].resolvedDependencies += 1 }
            noteStructureChange()
        }
    }

    // MARK: - Optional and lazy resolves

    mutating func applyResolvedToNil(_ missingRegistration: MissingRegistration, time: UInt64) {
        for identity in missingRegistration.requesterChain { _ = intern(identity) }
        let key = MissingKey(requested: missingRegistration.requested, chain: missingRegistration.requesterChain)
        Self.countRepeat(of: missingRegistration, key: key, time: time, in: &resolvedToNil, index: &resolvedToNilIndex)
    }

    mutating func applyLazy(_ lazy: LazyResolution, time: UInt64) {
        let service = intern(lazy.service)
        guard let owner = lazy.owner else { return }
        let from = intern(owner)
        edges[internEdge(from, service)].lazyCount.addSaturating(1)
        // A long-lived owner keeps what its @LazyInjected read first, for as long as it lives:
        // reading lazily delays the capture, it does not avoid it.
        if let holderScope = nodes[from].scope, let captiveScope = nodes[service].scope,
           holderScope.captures(captiveScope) {
            let mismatch = ScopeMismatch(holder: owner, holderScope: holderScope, captive: lazy.service, captiveScope: captiveScope)
            if let index = mismatchIndex[mismatch] {
                scopeMismatches[index].count.addSaturating(1)
            } else {
                mismatchIndex[mismatch] = scopeMismatches.count
                var record = ScopeMismatchRecord(mismatch, time: time)
                record.isConfirmed = true   // the owner was built: it created the wrapper
                record.holderRegisteredAt = nodes[from].registeredAt
                record.capturedLazilyAt = lazy.location
                scopeMismatches.append(record)
            }
        }
    }

    /// The holder of pending scope mismatches was built: they really captured something.
    @inline(never)
    mutating func confirmMismatches(heldBy holder: borrowing ServiceIdentity) {
        for index in scopeMismatches.indices
        where !scopeMismatches[index].isConfirmed && scopeMismatches[index].mismatch.holder == holder {
            scopeMismatches[index].isConfirmed = true
            unconfirmedMismatches -= 1
            noteStructureChange()
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
        Self.countRepeat(of: missingRegistration, key: key, time: time, in: &missing, index: &missingIndex)
    }

    /// Counts a repeat of the missing dependency filed under `key`, or files it: the one rule
    /// for both lists of them (missing, and optional requests that gave nil).
    private static func countRepeat(
        of missingRegistration: MissingRegistration, key: MissingKey, time: UInt64,
        in list: inout [MissingDependency], index: inout [MissingKey: Int]
    ) {
        if let position = index[key] {
            list[position].count.addSaturating(1)
            list[position].lastSeen = time
        } else {
            index[key] = list.count
            list.append(MissingDependency(missingRegistration, time: time))
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

extension DependencyEdge {
    /// One access to the edge's page for all its counts; returns whether it is the edge's first
    /// resolve.
    @inline(__always)
    mutating func record(outcome: Resolved.Outcome, count: UInt64, nanoseconds: UInt64, property: Bool) -> Bool {
        let first = self.count == 0
        self.count.addSaturating(count)
        totalNanoseconds.addSaturating(nanoseconds)
        if outcome == .created { createdCount.addSaturating(count) } else { cachedCount.addSaturating(count) }
        if property { propertyCount.addSaturating(count) }
        return first
    }
}

extension ServiceNode {
    /// Counts a resolve (from app code when `fromApp`); returns whether it was more than a count:
    /// the service's first resolve, or its first from app code (it became a root).
    @inline(__always)
    mutating func record(
        scope resolvedScope: Scope, outcome: Resolved.Outcome, count: UInt64, nanoseconds: UInt64,
        first: UInt64, last: UInt64, fromApp: Bool
    ) -> Bool {
        var firstResolve = resolveCount == 0
        if fromApp {
            if appResolveCount == 0 { firstResolve = true }
            appResolveCount.addSaturating(count)
        }
        if scope == nil { scope = resolvedScope }
        resolveCount.addSaturating(count)
        totalNanoseconds.addSaturating(nanoseconds)
        if outcome == .created {
            createdCount.addSaturating(count)
            if resolvedScope.isLongLived { aliveInstances = (aliveInstances ?? 0).addingSaturated(count) }
            if resolvedScope.keepsInstance { keptBuilds.addSaturating(count) }
        } else {
            cachedCount.addSaturating(count)
            if resolvedScope.keepsInstance { keptHits.addSaturating(count) }
        }
        if firstSeen == nil || first < firstSeen! { firstSeen = first }
        if lastSeen == nil || last > lastSeen! { lastSeen = last }
        return firstResolve
    }
}
