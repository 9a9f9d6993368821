/// One column of a ``Table``: a title, how wide it may be, and how its text aligns.
///
/// ```swift
/// TableColumn("Resolves", width: .fixed(8), alignment: .trailing)
/// TableColumn("Service", width: .flexible(minimum: 12))
/// ```
struct TableColumn: Sendable, Hashable {
    /// How a column's width is decided.
    enum Width: Sendable, Hashable {
        /// Exactly this many columns.
        case fixed(Int)
        /// What is left after fixed columns, shared by weight, never below `minimum`.
        case flexible(minimum: Int, weight: Int = 1)
    }

    /// Where text too wide for the column is cut.
    enum Truncation: Sendable, Hashable {
        /// At the end: `NetworkSer…`.
        case tail
        /// At the end, unless that makes two rows on screen read the same: those are cut in the
        /// middle, keeping the start and the end (`Leaf (nam…"leaf12")`), for names that differ
        /// only at their end (numbered or suffixed services sharing a long prefix).
        case tailKeepingRowsApart
        /// At the start, keeping the end: a source location's file and line (`…faults.swift:65`),
        /// which is what tells two locations apart.
        case leading
    }

    var title: String
    var width: Width
    var alignment: Alignment
    var truncation: Truncation

    init(_ title: String, width: Width, alignment: Alignment = .leading, truncation: Truncation = .tail) {
        self.title = title
        self.width = width
        self.alignment = alignment
        self.truncation = truncation
    }

    /// The rows' `texts` cut to `width` columns the way this column cuts (the canvas then only
    /// pads them).
    func fitted(_ texts: [String], to width: Int) -> [String] {
        if truncation == .leading { return texts.map { TextWidth.truncateLeading($0, to: width) } }
        guard truncation == .tailKeepingRowsApart else { return texts }
        let cut = texts.map { TextWidth.truncate($0, to: width) }
        var seen: [String: Int] = [:]
        for text in cut { seen[text, default: 0] += 1 }
        return texts.indices.map { index in
            seen[cut[index], default: 0] > 1 && cut[index] != texts[index]
                ? TextWidth.truncateMiddle(texts[index], to: width) : cut[index]
        }
    }

    /// Widths for `columns` in `available` cells with `gap` cells between columns. Flexible
    /// columns share what fixed ones leave; when even minimums do not fit, the rightmost
    /// columns shrink to nothing first.
    static func layout(_ columns: [TableColumn], available: Int, gap: Int = 1) -> [Int] {
        guard !columns.isEmpty else { return [] }
        let gaps = gap * (columns.count - 1)
        var widths = columns.map { column -> Int in
            switch column.width {
            case .fixed(let w): w
            case .flexible(let minimum, _): minimum
            }
        }
        var spare = available - gaps - widths.reduce(0, +)
        if spare >= 0 {
            let weights = columns.map { column -> Int in
                if case .flexible(_, let weight) = column.width { return max(1, weight) }
                return 0
            }
            let totalWeight = weights.reduce(0, +)
            if totalWeight > 0 {
                var handed = 0
                for index in widths.indices where weights[index] > 0 {
                    let share = spare * weights[index] / totalWeight
                    widths[index] += share
                    handed += share
                }
                if let last = weights.lastIndex(where: { $0 > 0 }) { widths[last] += spare - handed }
            }
            return widths
        }
        // Not enough room: take from the right.
        for index in widths.indices.reversed() where spare < 0 {
            let take = min(widths[index], -spare)
            widths[index] -= take
            spare += take
        }
        return widths
    }
}
