/// The pane that has the keyboard: the list on the left, or the detail pane (Tab switches).
enum Pane: Sendable, Hashable {
    case list
    case detail
}
