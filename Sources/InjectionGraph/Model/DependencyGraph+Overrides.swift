import Injection

/// Registrations, overrides and mappings: who replaced what, which long-lived services still
/// hold an old instance, and who used a mapping's replacement.
extension DependencyGraph {
    mutating func applyRegistered(_ registered: Registered, time: UInt64) {
        let id = intern(registered.service)
        for key in registered.implements where !nodes[id].implements.contains(key) { nodes[id].implements.append(key) }
        // A chained option (`.scope(.cached)`, `.implements(…)`) reports the registration again
        // from the same site, replacing nothing: the same registration, updated.
        if registered.replaced == nil, nodes[id].registrationCount > 0, nodes[id].registeredAt == registered.location {
            nodes[id].scope = registered.scope
            if registered.scope.isLongLived, nodes[id].aliveInstances == nil { nodes[id].aliveInstances = 0 }
            return
        }
        nodes[id].scope = registered.scope
        nodes[id].registeredAt = registered.location
        nodes[id].registrationCount.addSaturating(1)
        if registered.scope.isLongLived, nodes[id].aliveInstances == nil { nodes[id].aliveInstances = 0 }
        guard let replaced = registered.replaced else { return }
        let replacedID = intern(replaced.service)
        for index in activeRegistrationOverrides.removeValue(forKey: replaced.service) ?? [] {
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
        releaseInstanceHolders { $0.service == replaced.service }
        appendRegistrationOverride(record)
    }

    /// Keeps a registration override: an app that registers the same service again and again
    /// from the same site (a test per case, a feature toggled, services rebuilt in a loop)
    /// would otherwise grow ``overrides`` with its run. A repeat (same container, from, to and
    /// both lines) is folded into the earlier record, in its place: the latest time, its
    /// holders carried over. The graph grows with the distinct overrides, not the events.
    mutating func appendRegistrationOverride(_ record: OverrideRecord) {
        let key = RegistrationOverrideKey(container: record.container, from: record.from, to: record.to,
                                          location: record.location, replacedLocation: record.replacedLocation)
        var position = overrides.count
        var record = record
        if let earlierPosition = registrationOverrideIndex[key] {
            position = earlierPosition
            let earlier = overrides[earlierPosition]
            carryHolders(of: earlier, into: &record)
            // It may still be listed as active (a stale report set it); it is listed again below.
            activeRegistrationOverrides[earlier.to]?.removeAll { $0 == earlierPosition }
            overrides[earlierPosition] = record
        } else {
            registrationOverrideIndex[key] = position
            overrides.append(record)
        }
        if record.state == .active { activeRegistrationOverrides[record.to, default: []].append(position) }
    }

    /// After a record was removed from ``overrides``: the indices point past it again.
    mutating func reindexOverrides(afterRemoving removed: Int) {
        guard !registrationOverrideIndex.isEmpty else { return }
        registrationOverrideIndex = registrationOverrideIndex.mapValues { $0 > removed ? $0 - 1 : $0 }
        activeRegistrationOverrides = activeRegistrationOverrides.mapValues { $0.map { $0 > removed ? $0 - 1 : $0 } }
    }

    /// Records on `record` the long-lived services alive now that were built with `replaced`:
    /// its dependents, directly or through short-lived services (a singleton that holds a unique
    /// view model that holds the replaced service holds it too).
    mutating func markHolders(of replaced: NodeID, in record: inout OverrideRecord) {
        record.staleScope = nodes[replaced].scope
        // One that an earlier override of the same service already names holds an instance
        // older than the one replaced now.
        let holders = longLivedHolders(of: replaced).filter { holder in
            !overrides.contains { earlier in
                earlier.from == record.from && earlier.holders.contains { $0.service == holder.service && !$0.isRebuilt }
            }
        }
        record.holders = holders
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
                overrides[index].holders[holder].staleUses.addSaturating(count)
                noteStructureChange()
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
            foldRepeatedMapping(into: &record)
            overrides.append(record)
            activeMappings += 1
        case .reset:
            guard let from = change.from else { return }
            endMappings(in: change.container, from: from, as: .reset(at: change.location, time: time))
        case .resetAll:
            endMappings(in: change.container, from: nil, as: .reset(at: change.location, time: time))
        }
    }

    /// An app that sets the same mapping again and again (a toggle, a test per case) would
    /// otherwise grow ``overrides`` with its run, and every resolve of a mapped service walks
    /// them: the earlier, ended record of the same mapping (container, from, to, line) is folded
    /// into the new one — its uses and the holders it still names carry over — so the graph
    /// grows with the distinct mappings, not with the events.
    mutating func foldRepeatedMapping(into record: inout OverrideRecord) {
        guard let index = overrides.lastIndex(where: {
            $0.kind == .mapping && !$0.isActive && $0.container == record.container && $0.from == record.from
                && $0.to == record.to && $0.location == record.location
        }) else { return }
        let earlier = overrides.remove(at: index)
        reindexOverrides(afterRemoving: index)
        for use in earlier.uses {
            if let same = record.uses.firstIndex(where: { $0.requester == use.requester }) {
                record.uses[same].count.addSaturating(use.count)
            } else {
                record.uses.append(use)
            }
        }
        carryHolders(of: earlier, into: &record)
    }

    /// Folds a repeated override's `earlier` record into `record`: the holders it names carry
    /// over (a holder named by both is counted once, its stale uses summed) and so does its
    /// staleness if the new record has none yet.
    mutating func carryHolders(of earlier: OverrideRecord, into record: inout OverrideRecord) {
        for holder in earlier.holders {
            if let same = record.holders.firstIndex(where: { $0.service == holder.service }) {
                record.holders[same].staleUses.addSaturating(holder.staleUses)
                if !holder.isRebuilt { activeStaleHolders -= 1 }
            } else {
                record.holders.append(holder)
            }
        }
        if record.staleness == nil { record.staleness = earlier.staleness }
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
            noteStructureChange()
            if let use = overrides[index].uses.firstIndex(where: { $0.requester == requester }) {
                overrides[index].uses[use].count.addSaturating(count)
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
        appendRegistrationOverride(record)
    }
}
