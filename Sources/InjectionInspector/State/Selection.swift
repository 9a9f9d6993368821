/// The selection in one view: the selected item's id (what stays put), its index (where it is
/// now) and the scroll offset.
public struct Selection: Sendable, Hashable {
    public var id: String?
    public var index: Int = 0
    public var offset: Int = 0

    public init(id: String? = nil, index: Int = 0, offset: Int = 0) {
        self.id = id
        self.index = index
        self.offset = offset
    }
}
