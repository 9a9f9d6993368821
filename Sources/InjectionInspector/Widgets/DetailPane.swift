/// A boxed pane of titled sections of `label: value` lines: the selected service's details.
///
/// ```swift
/// DetailPane(title: "NetworkClient", sections: [
///     .init(title: "Scope", lines: [.init("scope", "singleton"), .init("resolves", "12")])
/// ], focused: false).draw(into: &canvas, in: rect)
/// ```
struct DetailPane: Sendable {
    /// A titled group of lines.
    struct Section: Sendable, Hashable {
        var title: String
        var lines: [Line]
        init(title: String, lines: [Line]) {
            self.title = title
            self.lines = lines
        }
    }

    /// `label: value`, or a bare value when the label is empty.
    struct Line: Sendable, Hashable {
        var label: String
        var value: String
        var style: Style
        init(_ label: String, _ value: String, style: Style = .normal) {
            self.label = label
            self.value = value
            self.style = style
        }
    }

    var title: String
    var sections: [Section]
    var focused: Bool
    /// Lines scrolled off the top.
    var scroll: Int

    init(title: String, sections: [Section], focused: Bool = false, scroll: Int = 0) {
        self.title = title
        self.sections = sections
        self.focused = focused
        self.scroll = scroll
    }

    /// The pane's text lines before clipping, each with its style.
    func renderedLines(width: Int) -> [(text: String, style: Style)] {
        var result: [(String, Style)] = []
        let labelWidth = min(12, sections.flatMap(\.lines).map { TextWidth.of($0.label) }.max() ?? 0)
        for (index, section) in sections.enumerated() {
            if index > 0 { result.append(("", .normal)) }
            result.append((section.title, Style(.title, .bold)))
            for line in section.lines {
                let lead = line.label.isEmpty ? "  " : "  " + TextWidth.pad(line.label, to: labelWidth) + "  "
                let indent = String(repeating: " ", count: TextWidth.of(lead))
                for (index, piece) in Self.wrap(line.value, width: max(8, width - TextWidth.of(lead))).enumerated() {
                    result.append(((index == 0 ? lead : indent) + piece, line.style))
                }
            }
        }
        return result
    }

    /// `text` broken at spaces into lines of at most `width` columns; a word longer than a line
    /// (a long service name, a path) is broken across lines, not cut: the pane is where a name
    /// the table had to shorten is read whole.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard !TextWidth.fits(text, in: width) else { return [text] }
        // One pass: each word's width is taken once and a long word is cut as it is read, so a
        // megabyte-long name costs its length, not its length times its lines.
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let wordWidth = TextWidth.of(word)
            let candidateWidth = current.isEmpty ? wordWidth : currentWidth + 1 + wordWidth
            if candidateWidth <= width {
                if !current.isEmpty { current += " " }
                current += word
                currentWidth = candidateWidth
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            currentWidth = 0
            // The word, longer than what is left, cut into lines of at most `width` columns
            // (at least one character each).
            for character in word {
                let w = TextWidth.of(character)
                if currentWidth + w > width, !current.isEmpty {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                current.append(character)
                currentWidth += w
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    func draw(into canvas: inout Canvas, in rect: Rect) {
        let inside = Box(title: title, focused: focused).draw(into: &canvas, in: rect)
        guard !inside.isEmpty else { return }
        let lines = renderedLines(width: inside.width)
        let start = min(max(0, scroll), max(0, lines.count - inside.height))
        for (offset, line) in lines.dropFirst(start).enumerated() where offset < inside.height {
            canvas.put(TextWidth.truncate(line.text, to: inside.width), row: inside.row + offset, column: inside.column,
                       style: line.style, limit: inside.right)
        }
    }
}
