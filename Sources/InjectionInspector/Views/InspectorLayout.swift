/// Where each part of the inspector goes for a terminal size: header, tabs, breadcrumb or
/// filter line, the list, the detail pane (right when wide, below when tall, else hidden
/// until Tab), and the key bar.
///
/// ```swift
/// let layout = InspectorLayout(rows: 40, columns: 120)
/// layout.list.height  // rows the list has, title row included
/// ```
struct InspectorLayout: Sendable, Hashable {
    /// Below this the inspector shows ``TooSmallScreen``.
    static let minimumRows = 12
    static let minimumColumns = 60

    var header: Rect
    var tabs: Rect
    var crumb: Rect
    var list: Rect
    var detail: Rect?
    var keys: Rect
    var isTooSmall: Bool

    init(rows: Int, columns: Int, detailFocused: Bool = false) {
        let screen = Rect(row: 0, column: 0, height: rows, width: columns)
        isTooSmall = rows < Self.minimumRows || columns < Self.minimumColumns
        let (header, rest1) = screen.splitTop(1)
        let (tabs, rest2) = rest1.splitTop(1)
        let (crumb, rest3) = rest2.splitTop(1)
        let (body, keys) = rest3.splitBottom(1)
        self.header = header
        self.tabs = tabs
        self.crumb = crumb
        self.keys = keys
        if columns >= 110 {
            let (left, right) = body.splitLeft(columns * 2 / 3)
            list = Rect(row: left.row, column: left.column, height: left.height, width: left.width - 1)
            detail = right
        } else if body.height >= 24 {
            let (top, bottom) = body.splitBottom(body.height * 2 / 5)
            list = top
            detail = bottom
        } else if detailFocused {
            list = Rect(row: body.row, column: body.column, height: 0, width: body.width)
            detail = body
        } else {
            list = body
            detail = nil
        }
    }

    /// Rows of the list below its title row: the page size for PgUp/PgDn.
    var pageSize: Int { max(1, list.height - 1) }
}
