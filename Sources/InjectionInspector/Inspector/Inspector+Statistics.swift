import InjectionGraph

/// `DI_INSPECT_STATS`: what the inspector took in and kept, and where its frames' time went.
extension Inspector {
    /// Figures for the soak benchmark: events received, folded and dropped by the feed,
    /// applied to the sessions, and the history kept.
    var statistics: [String: UInt64] {
        var figures: [String: UInt64] = [:]
        if let feed = feedStatistics {
            figures["received"] = feed.received
            figures["folded"] = feed.folded
            figures["dropped"] = feed.dropped
            figures["shed_connections"] = feed.shedConnections
        }
        let sessions = store.sessions
        figures["applied"] = sessions.reduce(0) { $0 + $1.appliedEvents }
        // What the sessions forgotten since (past the cap, or over the budget) had applied: with
        // `applied` and `dropped`, every event received is accounted for.
        figures["applied_in_forgotten_sessions"] = store.appliedInForgottenSessions
        figures["problem_loop_searches"] = UInt64(state.problems.loopSearches)
        figures["sessions"] = UInt64(sessions.count)
        figures["history_bytes"] = UInt64(sessions.reduce(0) { $0 + $1.history.footprint.total })
        figures["graph_bytes"] = UInt64(sessions.reduce(0) { $0 + $1.graph.residentBytes })
        figures["services_not_shown"] = UInt64(sessions.reduce(0) { $0 + $1.graph.servicesNotShown })
        figures["edges_not_shown"] = UInt64(sessions.reduce(0) { $0 + $1.graph.edgesNotShown })
        figures["sessions_forgotten_over_budget"] = UInt64(store.forgottenOverBudget)
        figures["releasing_bytes"] = UInt64(store.releasing.pendingBytes)
        figures["releasing_peak_bytes"] = UInt64(store.releasing.peakPendingBytes)
        figures["history_dropped_records"] = UInt64(sessions.reduce(0) { $0 + $1.history.droppedRecords })
        // Records kept, whole among them, and merged into folded sites' runs.
        figures["history_records"] = UInt64(sessions.reduce(0) { $0 + $1.history.count })
        figures["history_whole_records"] = UInt64(sessions.reduce(0) { $0 + $1.history.wholeRecordCount })
        figures["history_merged_records"] = UInt64(sessions.reduce(0) { $0 + $1.history.mergedRecords })
        for session in sessions {
            for (kind, count) in session.history.wholeRecordKinds { figures["history_whole_\(kind)", default: 0] += UInt64(count) }
        }
        // Services' sort keys built: the services shown, unless another graph made them be built again.
        figures["service_entries_built"] = UInt64(state.serviceOrder.entriesBuilt)
        // Problems checked from scratch: once per change of structure, not per revision.
        figures["problem_checks"] = UInt64(state.problems.fullChecks)
        for (screen, duration) in longestViewRebuild { figures["longest_rebuild_\(screen)_us"] = Self.microseconds(duration) }
        for (screen, duration) in longestPainting { figures["longest_paint_\(screen)_us"] = Self.microseconds(duration) }
        for (screen, duration) in longestKey { figures["longest_key_\(screen)_us"] = Self.microseconds(duration) }
        // `take`: one take from the feed, its lock included; `batch`: one take and its records
        // applied; `apply`: one connection's records applied to its session; `forget_old`:
        // sessions past the cap forgotten after a batch; `compaction`, `forget`: a tick's history
        // compaction and forgetting of sessions over the budget.
        for parts in [timings, store.timings] {
            for (part, duration) in parts.longest { figures["longest_\(part)_us"] = Self.microseconds(duration) }
            for (part, usage) in parts.usage {
                for (suffix, value) in usage.figures { figures["longest_\(part)_\(suffix)"] = value }
            }
        }
        return figures
    }

    private static func microseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        return UInt64(max(0, seconds)) * 1_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000_000)
    }
}
