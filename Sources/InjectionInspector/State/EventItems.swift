import Injection
import InjectionGraph

/// The Events screen's rows, kept from one frame to the next: only the lines logged since the
/// last frame are turned into rows (placed in time order), and rows of lines the log let go of
/// are dropped. The rows are skeletons (``EventsView/skeleton(for:filter:)``): what a row shows
/// is filled in when it is drawn, and for the selected row (``completeRow(at:model:)``).
///
/// Rebuilding every row of a full log (5 000 and more lines, each formatted) took 60 ms at full
/// rate on a loaded machine, on every frame while events flowed and on every key pressed on the
/// screen (and switching to it cost as much); a frame now costs what arrived since the last one,
/// a switch one light row per line. Completed, the rows are those
/// ``EventsView/items(model:state:)`` builds, in the same order: time order, then line number.
///
/// The rows describe one log (a session's; a time cursor's earlier model shares its lines) under
/// one filter; another log or filter starts them over.
///
/// ```swift
/// var rows = EventItems()
/// let items = rows.update(model: model, filter: state.filter)   // every line, once
/// model.apply(moreRecords, now: 2_000)
/// _ = rows.update(model: model, filter: state.filter)           // only the new lines
/// ```
struct EventItems: Sendable {
    /// The rows, in time order (then line number).
    private(set) var items: [ListItem] = []
    /// Each row's line time and number, in the same order.
    private var keys: [Key] = []
    /// The log and filter the rows were built for.
    private var source: (log: UInt64, filter: ServiceFilter)?
    /// The line numbers the rows cover: every line of the log between them that passes the
    /// filter has its row.
    private var covered: ClosedRange<UInt64>?
    /// Rows built by the last ``update(model:filter:)`` (what it cost).
    private(set) var builtByLastUpdate = 0

    private struct Key: Comparable, Sendable {
        var time: UInt64
        var number: UInt64
        static func < (a: Key, b: Key) -> Bool { (a.time, a.number) < (b.time, b.number) }
    }

    init() {}

    /// The rows for `model`'s log under `filter`, brought up to date.
    mutating func update(model: InspectorModel, filter: FilterState) -> [ListItem] {
        builtByLastUpdate = 0
        let lines = model.events.lines
        if source?.log != model.events.identity || source?.filter != filter.filter {
            source = (model.events.identity, filter.filter)
            items = []
            keys = []
            covered = nil
        }
        guard let first = lines.first?.number, let last = lines.last?.number else {
            items = []
            keys = []
            covered = nil
            return items
        }
        // Lines before the first covered one are never added later (a log only loses lines
        // from its start): if some are there, start over.
        if let covered, covered.lowerBound > first {
            items = []
            keys = []
            self.covered = nil
        }
        // Rows of lines the log no longer has (trimmed from its start, or after a time cursor's
        // end): one pass, only when there are some.
        if let covered, covered.lowerBound < first || covered.upperBound > last {
            var keptItems: [ListItem] = []
            var keptKeys: [Key] = []
            keptItems.reserveCapacity(items.count)
            keptKeys.reserveCapacity(keys.count)
            for (item, key) in zip(items, keys) where key.number >= first && key.number <= last {
                keptItems.append(item)
                keptKeys.append(key)
            }
            items = keptItems
            keys = keptKeys
        }
        // The lines not covered yet: those after the last one covered (lines are in number order).
        let from = covered.map { $0.upperBound &+ 1 } ?? first
        let start = from > last ? lines.endIndex : Self.index(of: from, in: lines)
        var newItems: [ListItem] = []
        var newKeys: [Key] = []
        for line in lines[start...] where filter.matches(text: line.text, identity: line.service, scope: line.scope) {
            newItems.append(EventsView.skeleton(for: line, filter: filter))
            newKeys.append(Key(time: line.time, number: line.number))
        }
        builtByLastUpdate = newItems.count
        covered = first...last
        insert(newItems, newKeys)
        return items
    }

    /// Adds rows in time order: appended when they come after the last one (the usual case),
    /// otherwise merged (a folded aggregate carries its last resolve's time, older than the
    /// events queued before it).
    private mutating func insert(_ newItems: [ListItem], _ newKeys: [Key]) {
        guard !newItems.isEmpty else { return }
        var order = Array(newKeys.indices)
        if zip(newKeys, newKeys.dropFirst()).contains(where: { $1 < $0 }) {
            order.sort { newKeys[$0] < newKeys[$1] }
        }
        if let lastKey = keys.last, newKeys[order[0]] < lastKey {
            var mergedItems: [ListItem] = []
            var mergedKeys: [Key] = []
            mergedItems.reserveCapacity(items.count + newItems.count)
            mergedKeys.reserveCapacity(items.count + newItems.count)
            var old = 0
            for index in order {
                while old < keys.count, keys[old] < newKeys[index] {
                    mergedItems.append(items[old])
                    mergedKeys.append(keys[old])
                    old += 1
                }
                mergedItems.append(newItems[index])
                mergedKeys.append(newKeys[index])
            }
            mergedItems.append(contentsOf: items[old...])
            mergedKeys.append(contentsOf: keys[old...])
            items = mergedItems
            keys = mergedKeys
        } else {
            for index in order {
                items.append(newItems[index])
                keys.append(newKeys[index])
            }
        }
    }

    /// Completes the row at `index` (its cells and service, see
    /// ``EventsView/completed(_:model:)``): the selected row, which keys act on.
    mutating func completeRow(at index: Int, model: InspectorModel) {
        guard items.indices.contains(index), items[index].cells.isEmpty else { return }
        items[index] = EventsView.completed(items[index], model: model)
    }

    /// Where line `number` is (or the first line after it) in `lines`, which are in number order.
    private static func index(of number: UInt64, in lines: [LoggedEvent]) -> Int {
        lines.partitioningIndex { $0.number >= number }
    }
}
