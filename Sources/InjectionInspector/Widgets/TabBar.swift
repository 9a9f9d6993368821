/// The row of numbered tabs at the top: `1 Services 42  2 Layers 5  4 Cycles ⚠1 …`.
///
/// Each tab shows how many items its screen lists and, when there is something wrong on it, a
/// warning badge. The selected tab is drawn in the ``Role/activeTab`` role.
///
/// ```swift
/// TabBar(tabs: [.init(key: "1", title: "Services", count: 42),
///               .init(key: "4", title: "Cycles", count: 1, warnings: 1)],
///        selected: 0).draw(into: &canvas, in: row)
/// ```
struct TabBar: Sendable {
    /// One tab.
    struct Tab: Sendable, Hashable {
        var key: String
        var title: String
        var count: Int?
        /// Problems on this screen; 0 hides the badge.
        var warnings: Int

        init(key: String, title: String, count: Int? = nil, warnings: Int = 0) {
            self.key = key
            self.title = title
            self.count = count
            self.warnings = warnings
        }
    }

    var tabs: [Tab]
    var selected: Int

    init(tabs: [Tab], selected: Int) {
        self.tabs = tabs
        self.selected = selected
    }

    /// Where each shown tab sits, for drawing and for clicks.
    struct Placement: Sendable, Hashable {
        var index: Int
        var label: String
        var badge: String
        /// Columns from the bar's left edge.
        var columns: Range<Int>
    }

    /// The tabs that fit in `width` columns, and where the `…` of the ones left out goes.
    ///
    /// Counts are dropped first, then titles beyond their first three letters, then beyond the
    /// first; a badge's number is never cut: a tab that does not fit whole is left out, and `…`
    /// says so.
    func placements(width: Int) -> (tabs: [Placement], ellipsis: Int?) {
        for compact in 0...3 {
            let pieces = tabs.map { piece(for: $0, compact: compact) }
            let total = pieces.reduce(0) { $0 + TextWidth.of($1.label) + TextWidth.of($1.badge) + 1 }
            guard total <= width || compact == 3 else { continue }
            var placed: [Placement] = []
            var x = 0
            for (index, piece) in pieces.enumerated() {
                let pieceWidth = TextWidth.of(piece.label) + TextWidth.of(piece.badge)
                let more = index < pieces.count - 1
                if x + pieceWidth > width - (more ? 1 : 0) { return (placed, min(x, width - 1)) }
                placed.append(Placement(index: index, label: piece.label, badge: piece.badge, columns: x..<(x + pieceWidth)))
                x += pieceWidth + 1
            }
            return (placed, nil)
        }
        return ([], nil)
    }

    /// The tab drawn at `column` (from the bar's left edge), if any: what a click selects.
    func tab(atColumn column: Int, width: Int) -> Int? {
        placements(width: width).tabs.first { $0.columns.contains(column) }?.index
    }

    func draw(into canvas: inout Canvas, in rect: Rect) {
        guard rect.height > 0 else { return }
        canvas.fill(Rect(row: rect.row, column: rect.column, height: 1, width: rect.width), style: Style(.chrome))
        let layout = placements(width: rect.width)
        for placement in layout.tabs {
            let style = placement.index == selected ? Style(.activeTab, .bold) : Style(.chrome)
            let x = canvas.put(placement.label, row: rect.row, column: rect.column + placement.columns.lowerBound,
                               style: style, limit: rect.right)
            if !placement.badge.isEmpty {
                canvas.put(placement.badge, row: rect.row, column: x, style: Style(.warning, .bold), limit: rect.right)
            }
        }
        if let ellipsis = layout.ellipsis {
            canvas.put("…", row: rect.row, column: rect.column + ellipsis, style: Style(.chrome), limit: rect.right)
        }
    }

    private func piece(for tab: Tab, compact: Int) -> (label: String, badge: String) {
        let title = compact == 3 ? String(tab.title.prefix(1)) : compact == 2 ? String(tab.title.prefix(3)) : tab.title
        var label = " \(tab.key) \(title)"
        if compact == 0, let count = tab.count { label += " \(count)" }
        label += " "
        let badge = tab.warnings > 0 ? "⚠\(tab.warnings) " : ""
        return (label, badge)
    }
}
