import Injection

/// A folded site's records are kept per run, not per child.
///
/// The children made at one site fold into one container in the graph (``ContainerFold``), so a
/// child per request costs the graph what one child costs. Kept one by one, their records would
/// still cost the history an entry each (a child made, its resolves, its release: a dozen a
/// request at thousands of requests a second). Instead, the records of a folded site that add
/// nothing new (a child made or released, a resolve of one of the site's services or by one,
/// neither creating a node nor an edge) go into the site's *run*: one ``HistoryEntry`` for the
/// children it made and released (the last child's record kept whole, to name it) and one per
/// resolve key, their counts summed. The app's `dropped` notes (one per batch it sends while
/// it drops) change only counts too: those during a run are one note, their counts summed. A
/// child's registration that repeats one of the run (same service but for its container, line
/// and scope, replacing nothing) is kept once per run: the intake leaves most of them out, but
/// not after a reconnect (its fold starts afresh) or while the app drops its releases (the
/// repeats change nothing but the session's event count, which a rebuild leaves them out of). A
/// run ends after ``foldedRunSpan`` of trace time, at any other record, at a snapshot and when
/// a compaction begins; the next of the site's records begins another. The history of a folded
/// site grows with its runs, not its children.
///
/// The time cursor rebuilds a folded site run by run: within a run, its counts arrive at once.
/// Every other record is kept as before, so a graph without folded children is rebuilt record
/// by record. The event log numbers every record it saw: ``eventLines(through:)`` maps a record
/// count of the history to the log's lines, merged records included.
///
/// ```swift
/// history.append(record, appliedTo: graph)   // a child's release: merged into its site's run
/// history.mergedRecords                       // 1
/// ```
extension GraphHistory {
    /// How long (trace time, nanoseconds) a folded site's run lasts: the time cursor's step
    /// within a folded site's records.
    public static let foldedRunSpan: UInt64 = 1_000_000_000

    /// A folded site's records merged at the end of the history.
    struct FoldedRun: Sendable {
        /// The site's stand-in container.
        let standIn: String
        /// The trace time of its first record.
        let firstTime: UInt64
        /// Its ``HistoryEntry/foldedChildren`` entry, once a child was made or released in it.
        var children: Int?
        /// Its entry for each resolve key.
        var resolves: [RunKey: Int] = [:]
        /// Its `dropped` note, once the app sent one during it.
        var drops: Int?
        /// Its children's registrations, each kept once.
        var registrations: [RegistrationKey: Int] = [:]
        /// Its entry in ``GraphHistory/mergeMarks``, once a record was merged into it.
        var mark: Int?
    }

    /// What a folded site's resolves of one entry share.
    struct RunKey: Hashable, Sendable {
        let service: Int32
        let requester: Int32
        let scope: UInt16
        let isCreated: Bool

        init(_ entry: HistoryEntry) {
            service = entry.service
            requester = entry.requester
            scope = entry.scope
            isCreated = entry.isCreated
        }
    }

    /// A child's registration but for the container it was made in.
    struct RegistrationKey: Hashable, Sendable {
        let type: String
        let name: String?
        let layer: String?
        let member: String?
        let location: SourceLocation
        let scope: Scope
        let implements: [String]

        init(_ registered: Registered) {
            type = registered.service.type
            name = registered.service.name
            layer = registered.service.layer
            member = registered.service.member
            location = registered.location
            scope = registered.scope
            implements = registered.implements.map(\.type)
        }
    }

    /// A record that goes into a folded site's run.
    struct FoldedSite {
        enum Kind { case children, resolve, drops, registration(RegistrationKey) }
        let standIn: String
        let kind: Kind
        var isChildren: Bool { if case .children = kind { true } else { false } }
    }

    /// Records merged into entries before entry ``end``, counted from the session's start.
    struct MergeMark: Sendable {
        var end: Int
        var merged: Int
    }

    /// The site `record` belongs to, when it can go into a run: a `containerCreated` or
    /// `containerReleased` of a child folded into a stand-in, a resolve (`compact`, its entry)
    /// that creates nothing, of a service in a stand-in or by one, or a `dropped` note while a
    /// run is open; nil for anything else.
    func foldedSite(of record: TraceRecord, compact: HistoryEntry?, creates: Bool, in graph: DependencyGraph) -> FoldedSite? {
        guard !creates else { return nil }
        if let compact {
            let service = nodeIdentities[Int(compact.service)].container
            let requester = compact.requester >= 0 ? nodeIdentities[Int(compact.requester)].container : nil
            if let run, service == run.standIn || requester == run.standIn {
                return FoldedSite(standIn: run.standIn, kind: .resolve)
            }
            if graph.containerFold.isStandIn(service) { return FoldedSite(standIn: service, kind: .resolve) }
            if let requester, graph.containerFold.isStandIn(requester) { return FoldedSite(standIn: requester, kind: .resolve) }
            return nil
        }
        if case .dropped = record, let run { return FoldedSite(standIn: run.standIn, kind: .drops) }
        guard case .event(let event) = record else { return nil }
        let name: String
        switch event.kind {
        case .containerCreated(let created) where created.addedTo == nil: name = created.container
        case .containerReleased(let released): name = released.container
        case .registered(let registered) where registered.replaced == nil:
            let standIn = graph.containerFold.folded(registered.service.container)
            guard standIn != registered.service.container else { return nil }
            return FoldedSite(standIn: standIn, kind: .registration(RegistrationKey(registered)))
        default: return nil
        }
        let standIn = graph.containerFold.folded(name)
        return standIn == name ? nil : FoldedSite(standIn: standIn, kind: .children)
    }

    /// Merges `record` into the run of its site, when the run is open and already has an entry
    /// for it; false when it needs an entry of its own.
    mutating func merge(_ record: TraceRecord, compact: HistoryEntry?, of site: FoldedSite, time: UInt64) -> Bool {
        guard var open = run, open.standIn == site.standIn, time < open.firstTime.addingSaturated(Self.foldedRunSpan) else {
            return false
        }
        let index: Int
        switch site.kind {
        case .children:
            guard let children = open.children else { return false }
            index = children
            let isMade = Self.isMade(record)
            let sequence = Self.sequence(of: record)
            let wholeIndex = wholeRecordIndex(of: entries[index])
            entries.update(at: index) { entry in
                if isMade { entry.count.addSaturating(1) } else { entry.nanoseconds.addSaturating(1) }
                entry.first = min(entry.first, time)
                entry.last = max(entry.last, time)
                entry.sequence = max(entry.sequence, sequence)
            }
            // The run names its last child made.
            if isMade { wholeRecords.update(at: wholeIndex) { $0 = record } }
        case .drops:
            guard let drops = open.drops, case .dropped(let count, _) = record else { return false }
            index = drops
            wholeRecords.update(at: wholeRecordIndex(of: entries[index])) { kept in
                if case .dropped(let earlier, let at) = kept { kept = .dropped(count: earlier.addingSaturated(count), time: max(at, time)) }
            }
        case .registration(let key):
            guard let known = open.registrations[key] else { return false }
            index = known
        case .resolve:
            guard let compact, let known = open.resolves[RunKey(compact)] else { return false }
            index = known
            entries.update(at: index) { $0.merge(compact) }
            let resolves = Self.resolves(in: record)
            if resolves > 0 {
                for position in index..<cumulativeResolves.count {
                    cumulativeResolves.update(at: position) { $0 = $0.addingSaturated(resolves) }
                }
            }
        }
        // Each record's time is the latest seen up to it: the run's later entries see this one.
        for position in index..<times.count where times[position] < time {
            times.update(at: position) { $0 = time }
        }
        mergedRecords += 1
        if let mark = open.mark {
            mergeMarks[mark] = MergeMark(end: entries.count, merged: mergedRecords)
        } else {
            open.mark = mergeMarks.count
            mergeMarks.append(MergeMark(end: entries.count, merged: mergedRecords))
        }
        run = open
        return true
    }

    /// Notes the entry just appended for a record of `site`: it opens the site's run, or joins
    /// the one open.
    mutating func note(_ site: FoldedSite, entryAt index: Int, time: UInt64) {
        var open: FoldedRun
        if let current = run, current.standIn == site.standIn, time < current.firstTime.addingSaturated(Self.foldedRunSpan) {
            open = current
            // Its table is changed below: not shared with the property's copy.
            run = nil
        } else {
            open = FoldedRun(standIn: site.standIn, firstTime: time)
        }
        switch site.kind {
        case .children: open.children = index
        case .resolve: open.resolves[RunKey(entries[index])] = index
        case .drops: open.drops = index
        case .registration(let key): open.registrations[key] = index
        }
        if let mark = open.mark { mergeMarks[mark].end = entries.count }
        run = open
    }

    /// The entry of a folded child's making or release, its record kept whole.
    mutating func foldedChildren(_ record: TraceRecord, time: UInt64) -> HistoryEntry {
        let isMade = Self.isMade(record)
        wholeRecords.append(record)
        return HistoryEntry(foldedChildren: droppedWholeRecords + wholeRecords.count - 1,
                            made: isMade ? 1 : 0, released: isMade ? 0 : 1, time: time, sequence: Self.sequence(of: record))
    }

    /// Whether `record` is a `containerCreated` (else, here, a `containerReleased`).
    private static func isMade(_ record: TraceRecord) -> Bool {
        if case .event(let event) = record, case .containerCreated = event.kind { return true }
        return false
    }

    private static func sequence(of record: TraceRecord) -> UInt64 {
        if case .event(let event) = record { return event.sequence }
        return 0
    }

    /// How many lines the event log had numbered after the first `count` records kept (headers
    /// are not lines; records merged into runs are): what the time cursor shows of the log.
    public func eventLines(through count: Int) -> Int {
        let target = min(max(0, count), entries.count)
        let low = mergeMarks.partitioningIndex { $0.end > target }
        let merged = low > 0 ? mergeMarks[low - 1].merged : mergedBeforeStart
        return droppedRecords - droppedHeaders + target - headerCount(before: target) + merged
    }

    /// After a compaction cut the first `cut` records: the marks before it go, the rest count
    /// from the new start.
    mutating func dropMergeMarks(before cut: Int) {
        let dropped = mergeMarks.prefix { $0.end <= cut }
        if let last = dropped.last { mergedBeforeStart = last.merged }
        mergeMarks.removeFirst(dropped.count)
        for index in mergeMarks.indices { mergeMarks[index].end -= cut }
        run = nil
    }
}
