/// The selection in one view: the selected item's id (what stays put), its index (where it is
/// now) and the scroll offset.
struct Selection: Sendable, Hashable {
    var id: String?
    var index: Int = 0
    var offset: Int = 0

    init(id: String? = nil, index: Int = 0, offset: Int = 0) {
        self.id = id
        self.index = index
        self.offset = offset
    }
}
