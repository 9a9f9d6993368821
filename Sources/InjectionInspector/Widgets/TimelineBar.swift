/// The header's time cursor: where the views are in the run (`t=1.2s/3.4s`) and a one-line
/// sparkline of resolves over the whole run, the cursor's slice drawn reversed.
///
/// ```swift
/// TimelineBar(timeline: model.timeline(buckets: 24)).draw(into: &canvas, row: 0, from: 40, to: 80)
/// // t=1.2s/3.4s ▁▂█▅▁▁▃▂
/// ```
struct TimelineBar: Sendable {
    var timeline: Timeline

    init(timeline: Timeline) {
        self.timeline = timeline
    }

    static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// Fewer columns than this leave the sparkline out.
    static let minimumSparkline = 6
    static let maximumSparkline = 48

    /// `t=1.2s/3.4s`, or `t=end/3.4s` when the cursor is at the end; `history from +312s` first
    /// when the oldest history was dropped to stay within the memory budget.
    var position: String {
        let from = timeline.start.map { "history from +\(Format.duration($0))  " } ?? ""
        return from + "t=" + (timeline.isAtEnd ? "end" : Format.duration(timeline.position)) + "/" + Format.duration(timeline.end)
    }

    /// How many sparkline columns fit between `from` and `to` after the position text.
    static func sparklineWidth(positionWidth: Int, from: Int, to: Int) -> Int {
        let room = to - from - positionWidth - 3
        return room >= minimumSparkline ? min(room, maximumSparkline) : 0
    }

    /// Draws on `row` between columns `from` and `to`.
    func draw(into canvas: inout Canvas, row: Int, from: Int, to: Int) {
        let text = position
        guard to - from >= TextWidth.of(text) + 2 else { return }
        var x = canvas.put("  " + text, row: row, column: from, style: Style(.chrome, timeline.isAtEnd ? [] : .bold), limit: to)
        let width = Self.sparklineWidth(positionWidth: TextWidth.of(text), from: from, to: to)
        guard width > 0 else { return }
        // Resample to the width the header has.
        let line = Self.sparkline(timeline.resolves, width: width)
        let cursor = timeline.resolves.isEmpty ? width - 1
            : min(width - 1, timeline.cursorBucket * width / timeline.resolves.count)
        x = canvas.put(" ", row: row, column: x, style: Style(.chrome), limit: to)
        for (index, level) in line.enumerated() {
            let style = index == cursor ? Style(.accent, [.reverse, .bold]) : Style(.chrome)
            x = canvas.put(String(level), row: row, column: x, style: style, limit: to)
        }
    }

    /// `values` summed into `width` slices and scaled to the eight block levels (zero is the lowest).
    static func sparkline(_ values: [UInt64], width: Int) -> [Character] {
        guard width > 0 else { return [] }
        var slices = [UInt64](repeating: 0, count: width)
        if !values.isEmpty {
            for (index, value) in values.enumerated() { slices[index * width / values.count] += value }
        }
        let top = max(slices.max() ?? 0, 1)
        return slices.map { value in
            value == 0 ? levels[0] : levels[min(levels.count - 1, Int((Double(value) / Double(top)) * Double(levels.count - 1) + 0.5))]
        }
    }
}
