/// A centred box listing every key, drawn over the current screen; any key closes it.
///
/// ```swift
/// HelpOverlay(groups: HelpOverlay.inspectorKeys).draw(into: &canvas, in: canvas.bounds)
/// ```
struct HelpOverlay: Sendable {
    /// A titled group of key hints.
    struct Group: Sendable, Hashable {
        var title: String
        var keys: [KeyBar.Hint]
        init(_ title: String, _ keys: [KeyBar.Hint]) {
            self.title = title
            self.keys = keys
        }
    }

    var groups: [Group]

    init(groups: [Group]) { self.groups = groups }

    /// Every key the inspector understands.
    static let inspectorKeys: [Group] = [
        Group("Views", [
            .init("1-7", "Services, Layers, Scopes, Cycles, Overrides, Missing, Events"),
            .init("Tab", "next pane (list ↔ detail)"),
        ]),
        Group("Move", [
            .init("j k ↑ ↓", "down / up"),
            .init("g G", "first / last"),
            .init("PgUp PgDn", "page up / down"),
            .init("Enter", "drill into the selection"),
            .init("Esc h ←", "back along the breadcrumb"),
        ]),
        Group("Find", [
            .init("/", "filter as you type (layer:Network scope:singleton changed:)"),
            .init("n N", "next / previous match"),
            .init("s", "cycle the sort column"),
        ]),
        Group("Explain", [
            .init("w", "why: a path from a root to the service"),
            .init("d D", "dependency / dependent tree"),
        ]),
        Group("Time (a file, or live while paused)", [
            .init("< > { }", "one event / a tenth of the run back / forward"),
            .init("t Home End", "type a time (+2.5s, 250ms, -1s) / the start / the end"),
        ]),
        Group("Session", [
            .init("v", "Layers: diagram ↔ list"),
            .init("p", "pause / resume live updates"),
            .init("[ ]", "previous / next session (each app run is one)"),
            .init("e", "export the current view as a dot file"),
            .init("?", "this help"),
            .init("q", "quit"),
        ]),
    ]

    /// The help text, one entry per line.
    func lines(keyWidth: Int) -> [(text: String, isTitle: Bool)] {
        var result: [(String, Bool)] = []
        for (index, group) in groups.enumerated() {
            if index > 0 { result.append(("", false)) }
            result.append((group.title, true))
            for hint in group.keys {
                result.append(("  " + TextWidth.pad(hint.key, to: keyWidth) + "  " + hint.label, false))
            }
        }
        return result
    }

    func draw(into canvas: inout Canvas, in rect: Rect) {
        let keyWidth = groups.flatMap(\.keys).map { TextWidth.of($0.key) }.max() ?? 0
        let lines = lines(keyWidth: keyWidth)
        let contentWidth = lines.map { TextWidth.of($0.text) }.max() ?? 0
        let box = rect.centered(height: lines.count + 4, width: contentWidth + 4)
        canvas.fill(box)
        let inside = Box(title: "Help — any key closes", focused: true).draw(into: &canvas, in: box)
        guard !inside.isEmpty else { return }
        for (offset, line) in lines.enumerated() where offset + 1 < inside.height {
            canvas.put(TextWidth.truncate(line.text, to: inside.width - 1), row: inside.row + 1 + offset,
                       column: inside.column + 1, style: line.isTitle ? Style(.title, .bold) : .normal, limit: inside.right)
        }
    }
}
