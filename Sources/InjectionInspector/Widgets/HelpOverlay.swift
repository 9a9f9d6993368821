/// A centred box listing every key, then what the marks and row colours mean, drawn over the
/// current screen. Taller than the terminal, it scrolls (↑ ↓ j k PgUp PgDn); any other key
/// closes it.
///
/// ```swift
/// HelpOverlay(groups: HelpOverlay.inspectorKeys, scroll: 0).draw(into: &canvas, in: canvas.bounds)
/// ```
struct HelpOverlay: Sendable {
    /// A titled group of key hints (or of marks and what they mean).
    struct Group: Sendable, Hashable {
        var title: String
        var keys: [KeyBar.Hint]
        /// For the colour legend: the style each entry's key is drawn in (a sample row).
        var styles: [Style]
        init(_ title: String, _ keys: [KeyBar.Hint], styles: [Style] = []) {
            self.title = title
            self.keys = keys
            self.styles = styles
        }
    }

    var groups: [Group]
    /// Lines scrolled past at the top.
    var scroll: Int

    init(groups: [Group], scroll: Int = 0) {
        self.groups = groups
        self.scroll = scroll
    }

    /// Every key the inspector understands, and the legend of what it draws.
    static let inspectorKeys: [Group] = [
        Group("Views", [
            .init(Screen.keyRange, Screen.allCases.map(\.title).joined(separator: ", ")),
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
            .init("/", "filter as you type: a name's start or its letters in order"),
            .init("", "layer:Repo scope:single flag:captive changed: (Ctrl-U clears)"),
            .init("n N", "next / previous match"),
            .init("s S", "cycle the sort column / reverse it"),
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
            .init("e", "export what the view shows; the path is asked first (.mmd: Mermaid)"),
            .init("y", "copy the selected name to the clipboard (OSC 52)"),
            .init("o", "open the registration's File.swift:line in $EDITOR"),
            .init("mouse", "click a tab or a row; the wheel scrolls"),
            .init("?", "this help"),
            .init("q", "quit"),
        ]),
        Group("Marks", [
            .init("—", "no value: not kept (unique, graph), or not known yet"),
            .init("→", "resolves (×N: how often)"),
            .init("⇢", "a lazy read (@LazyInjected), after its holder was built"),
            .init("↻", "a dependency cycle; in a tree, a service shown above"),
            .init("✗", "a missing registration (the request failed)"),
            .init("∅", "an optional request that gave nil (a note)"),
            .init("⚠N", "N problems on this tab; its view lists them"),
            .init("+ − ~", "added, removed, changed since the baseline (--baseline)"),
            .init("declared", "an edge the sources have (--scan) that the run never took"),
        ]),
        Group("Row colours", [
            .init("red", "the service has a problem (Flags: missing, cycle, captive, stale)"),
            .init("orange", "a stale override, or a mapping left active"),
            .init("dim", "a note, or an override that ended"),
            .init("match", "matches the filter"),
        ], styles: [Style(.error, .bold), Style(.warning, .bold), Style(.dim), Style(.match)]),
    ]

    /// The help text, one entry per line, with the style of the key column.
    func lines(keyWidth: Int) -> [(text: String, isTitle: Bool)] {
        styledLines(keyWidth: keyWidth).map { ($0.key + $0.text, $0.isTitle) }
    }

    func styledLines(keyWidth: Int) -> [(key: String, keyStyle: Style, text: String, isTitle: Bool)] {
        var result: [(String, Style, String, Bool)] = []
        for (index, group) in groups.enumerated() {
            if index > 0 { result.append(("", .normal, "", false)) }
            result.append(("", .normal, group.title, true))
            for (row, hint) in group.keys.enumerated() {
                let style = group.styles.indices.contains(row) ? group.styles[row] : Style(.key, .bold)
                result.append(("  " + TextWidth.pad(hint.key, to: keyWidth), style, "  " + hint.label, false))
            }
        }
        return result
    }

    /// How many lines the help has (for the state to bound its scroll).
    static var lineCount: Int {
        HelpOverlay(groups: inspectorKeys).styledLines(keyWidth: 0).count
    }

    func draw(into canvas: inout Canvas, in rect: Rect) {
        let keyWidth = groups.flatMap(\.keys).map { TextWidth.of($0.key) }.max() ?? 0
        let lines = styledLines(keyWidth: keyWidth)
        let contentWidth = lines.map { TextWidth.of($0.key + $0.text) }.max() ?? 0
        let box = rect.centered(height: lines.count + 4, width: contentWidth + 4)
        canvas.fill(box)
        let visible = max(0, box.height - 4)
        let first = max(0, min(scroll, lines.count - visible))
        let title = visible < lines.count ? "Help — ↑↓ scroll, any other key closes" : "Help — any key closes"
        let inside = Box(title: title, focused: true).draw(into: &canvas, in: box)
        guard !inside.isEmpty else { return }
        for (offset, line) in lines.dropFirst(first).enumerated() where offset + 1 < inside.height {
            let row = inside.row + 1 + offset
            let width = inside.width - 1
            if line.isTitle {
                canvas.put(TextWidth.truncate(line.text, to: width), row: row, column: inside.column + 1,
                           style: Style(.title, .bold), limit: inside.right)
                continue
            }
            let x = canvas.put(TextWidth.truncate(line.key, to: width), row: row, column: inside.column + 1,
                               style: line.keyStyle, limit: inside.right)
            canvas.put(TextWidth.truncate(line.text, to: max(0, inside.right - x)), row: row, column: x, limit: inside.right)
        }
        // Say there is more, where there is.
        if first > 0 { canvas.put("↑ more", row: inside.row, column: inside.right - 7, style: Style(.dim), limit: inside.right) }
        if first + visible < lines.count {
            canvas.put("↓ more", row: inside.bottom - 1, column: inside.right - 7, style: Style(.dim), limit: inside.right)
        }
    }
}
