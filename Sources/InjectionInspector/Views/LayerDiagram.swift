import Injection
import InjectionGraph

/// The layer diagram: one box per layer, stacked in dependency order (callers above what they
/// call, pools last), and one arrow per crossing, routed in its own lane right of the boxes and
/// labelled with how many service edges cross; breaches are red and marked `!`.
///
/// An arrow leaves its layer from the box's middle row (`├`) and enters the other layer at its
/// top-right corner (`◀`); labels sit on the rows between boxes, where no arrow runs across.
///
/// ```
/// ┌───────────────┐
/// │ app/ViewModel ├─────┐
/// │ 5             │     │
/// ...
/// ```
/// ```swift
/// let diagram = LayerDiagram(LayerMap(graph), selected: 0)
/// if diagram.width <= rect.width, diagram.height <= rect.height { diagram.draw(into: &canvas, at: rect) }
/// ```
struct LayerDiagram: Sendable {
    let map: LayerMap
    /// The highlighted arrow (an index into ``LayerMap/arrows``).
    let selected: Int?
    /// Columns of a box, borders included.
    let boxWidth: Int
    /// Lane of each arrow, and the columns between lanes.
    let lanes: [Int]
    let lanePitch: Int

    static let boxPitch = 4

    init(_ map: LayerMap, selected: Int?) {
        self.map = map
        self.selected = selected
        boxWidth = (map.layers.map { TextWidth.of(Self.title($0)) }.max() ?? 0) + 4
        let labelWidth = map.arrows.map { Self.label($0).count }.max() ?? 1
        lanePitch = labelWidth + 2
        // Short arrows take the inner lanes; an arrow shares a lane with arrows whose rows it
        // does not touch.
        var lanes = [Int](repeating: 0, count: map.arrows.count)
        var taken: [[ClosedRange<Int>]] = []
        let order = map.arrows.indices.sorted {
            let (a, b) = (map.arrows[$0], map.arrows[$1])
            return (abs(a.to - a.from), $0) < (abs(b.to - b.from), $1)
        }
        for index in order {
            let span = Self.span(map.arrows[index])
            let lane = taken.firstIndex { ranges in ranges.allSatisfy { !$0.overlaps(span) } } ?? taken.count
            if lane == taken.count { taken.append([]) }
            taken[lane].append(span)
            lanes[index] = lane
        }
        self.lanes = lanes
    }

    var height: Int { max(0, map.layers.count * Self.boxPitch - 1) }
    var width: Int { boxWidth + (lanes.max().map { 1 + ($0 + 1) * lanePitch } ?? 0) }

    static func title(_ layer: LayerMap.Layer) -> String { "\(layer.id)  \(layer.serviceCount)" }

    /// `12`, or `12!` for a breach.
    static func label(_ arrow: LayerMap.Arrow) -> String { "\(arrow.edgeCount)" + (arrow.isBreach ? "!" : "") }

    static func outRow(_ box: Int) -> Int { box * boxPitch + 1 }
    static func inRow(_ box: Int) -> Int { box * boxPitch }

    static func span(_ arrow: LayerMap.Arrow) -> ClosedRange<Int> {
        let (out, entry) = (outRow(arrow.from), inRow(arrow.to))
        return min(out, entry)...max(out, entry)
    }

    func laneColumn(_ arrow: Int) -> Int { boxWidth + 1 + lanes[arrow] * lanePitch }

    // MARK: - Drawing

    /// Line directions through a cell.
    struct Links: OptionSet {
        let rawValue: UInt8
        static let up = Links(rawValue: 1), down = Links(rawValue: 2), left = Links(rawValue: 4), right = Links(rawValue: 8)

        var glyph: Character {
            switch rawValue {
            case 3: "│"
            case 12: "─"
            case 10: "┌"
            case 6: "┐"
            case 9: "└"
            case 5: "┘"
            case 11: "├"
            case 7: "┤"
            case 14: "┬"
            case 13: "┴"
            case 15: "┼"
            case 1, 2: "│"
            default: "─"
            }
        }
    }

    /// Draws the diagram with its top-left corner at `origin` (clipped to `origin`'s size).
    func draw(into canvas: inout Canvas, at origin: Rect) {
        var links: [Int: Links] = [:]
        var roles: [Int: Style] = [:]
        func key(_ row: Int, _ column: Int) -> Int { row * 10_000 + column }
        func mark(_ row: Int, _ column: Int, _ add: Links, _ style: Style) {
            links[key(row, column), default: []].insert(add)
            // The selected arrow wins over a breach, a breach over a plain arrow.
            if let current = roles[key(row, column)], current.role == .selection || (current.role == .error && style.role == .border) { return }
            roles[key(row, column)] = style
        }
        var heads: [(row: Int, style: Style)] = []
        var labels: [(row: Int, column: Int, text: String, style: Style)] = []
        for (index, arrow) in map.arrows.enumerated() {
            let style = index == selected ? Style(.selection, .bold) : (arrow.isBreach ? Style(.error, .bold) : Style(.border))
            let x = laneColumn(index)
            let out = Self.outRow(arrow.from)
            let entry = Self.inRow(arrow.to)
            let down = entry > out
            for column in boxWidth..<x { mark(out, column, [.left, .right], style) }
            mark(out, x, [.left, down ? .down : .up], style)
            for row in (min(out, entry) + 1)..<max(out, entry) { mark(row, x, [.up, .down], style) }
            mark(entry, x, [.left, down ? .up : .down], style)
            for column in (boxWidth + 1)..<x { mark(entry, column, [.left, .right], style) }
            heads.append((entry, style))
            labels.append((down ? out + 1 : out - 2, x + 1, Self.label(arrow), style))
        }
        let limit = origin.right
        for (cell, link) in links {
            let (row, column) = (cell / 10_000, cell % 10_000)
            guard row < origin.height, origin.column + column < limit else { continue }
            canvas.put(String(link.glyph), row: origin.row + row, column: origin.column + column, style: roles[cell] ?? .normal, limit: limit)
        }
        for label in labels where label.row < origin.height {
            canvas.put(label.text, row: origin.row + label.row, column: origin.column + label.column, style: label.style, limit: limit)
        }
        drawBoxes(into: &canvas, at: origin)
        // Heads last: a selected arrow's head shows over a plain one into the same box.
        for head in heads.sorted(by: { ($0.style.role == .selection ? 1 : 0) < ($1.style.role == .selection ? 1 : 0) })
        where head.row < origin.height {
            canvas.put("◀", row: origin.row + head.row, column: origin.column + boxWidth, style: head.style, limit: limit)
        }
    }

    private func drawBoxes(into canvas: inout Canvas, at origin: Rect) {
        let chosen = selected.flatMap { map.arrows.indices.contains($0) ? map.arrows[$0] : nil }
        let outs = Set(map.arrows.map(\.from))
        for (index, layer) in map.layers.enumerated() {
            let top = origin.row + index * Self.boxPitch
            guard index * Self.boxPitch + 2 < origin.height else { break }
            let isEnd = chosen.map { $0.from == index || $0.to == index } ?? false
            let border = isEnd ? Style(.accent, .bold) : Style(layer.id.layer == nil ? .dim : .border)
            let inner = String(repeating: "─", count: boxWidth - 2)
            let limit = origin.right
            canvas.put("┌" + inner + "┐", row: top, column: origin.column, style: border, limit: limit)
            canvas.put("│", row: top + 1, column: origin.column, style: border, limit: limit)
            var x = canvas.put(" " + layer.id.description, row: top + 1, column: origin.column + 1,
                               style: Style(.title, isEnd ? .bold : []), limit: limit)
            x = canvas.put("  \(layer.serviceCount)", row: top + 1, column: x, style: Style(.dim), limit: limit)
            canvas.put(outs.contains(index) ? "├" : "│", row: top + 1, column: origin.column + boxWidth - 1, style: border, limit: limit)
            canvas.put("└" + inner + "┘", row: top + 2, column: origin.column, style: border, limit: limit)
        }
    }
}
