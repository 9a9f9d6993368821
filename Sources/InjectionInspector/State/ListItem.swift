import InjectionGraph

/// One selectable line of the current view: a service row, a tree line, an event.
///
/// Items are identified by ``id`` (a service key, a cycle number, an event number) so that the
/// selection stays on the same thing while live updates move rows around.
///
/// ```swift
/// ListItem(id: "app|HTTPClient", node: 3, guide: "├─ ", label: "HTTPClient", note: "singleton")
/// ```
struct ListItem: Sendable, Hashable {
    var id: String
    /// The service the line is about; Enter, `w`, `d` and `D` act on it.
    var node: NodeID?
    /// Tree guide before the label (`│  ├─ `), empty in flat lists.
    var guide: String
    var label: String
    /// Dimmed text after the label.
    var note: String
    var style: Style
    /// Whether the `/` filter matches the line (highlighted; `n`/`N` jump between these).
    var isMatch: Bool
    /// Cells for table views (overrides, events); empty for trees and service rows.
    var cells: [String]
    /// Added, removed or changed since the baseline run (`open --baseline`); drawn as `+ − ~`.
    var mark: GraphDiff.Change?

    init(id: String, node: NodeID? = nil, guide: String = "", label: String = "", note: String = "",
                style: Style = .normal, isMatch: Bool = false, cells: [String] = []) {
        self.cells = cells
        self.id = id
        self.node = node
        self.guide = guide
        self.label = label
        self.note = note
        self.style = style
        self.isMatch = isMatch
    }
}
