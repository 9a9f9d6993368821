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

    func draw(into canvas: inout Canvas, in rect: Rect) {
        guard rect.height > 0 else { return }
        canvas.fill(Rect(row: rect.row, column: rect.column, height: 1, width: rect.width), style: Style(.chrome))
        // Drop counts first, then titles beyond their first three letters, then beyond the first;
        // a badge's number is never cut: a tab that does not fit whole is left out, and `…` says so.
        for compact in 0...3 {
            let pieces = tabs.map { piece(for: $0, compact: compact) }
            let total = pieces.reduce(0) { $0 + TextWidth.of($1.label) + TextWidth.of($1.badge) + 1 }
            if total <= rect.width || compact == 3 {
                var x = rect.column
                for (index, piece) in pieces.enumerated() {
                    let width = TextWidth.of(piece.label) + TextWidth.of(piece.badge)
                    let more = index < pieces.count - 1
                    if x + width > rect.right - (more ? 1 : 0) {
                        canvas.put("…", row: rect.row, column: min(x, rect.right - 1), style: Style(.chrome), limit: rect.right)
                        return
                    }
                    let style = index == selected ? Style(.activeTab, .bold) : Style(.chrome)
                    x = canvas.put(piece.label, row: rect.row, column: x, style: style, limit: rect.right)
                    if !piece.badge.isEmpty {
                        x = canvas.put(piece.badge, row: rect.row, column: x, style: Style(.warning, .bold), limit: rect.right)
                    }
                    x += 1
                }
                return
            }
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
