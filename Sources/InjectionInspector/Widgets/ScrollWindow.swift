/// Which slice of a list is on screen: the first visible index, moved only as much as needed to
/// keep the selection visible (the way `less` and k9s scroll).
///
/// ```swift
/// let offset = ScrollWindow.offset(selected: 50, previous: 0, visible: 20, count: 100)  // 31
/// ```
enum ScrollWindow {
    static func offset(selected: Int?, previous: Int, visible: Int, count: Int) -> Int {
        guard visible > 0, count > 0 else { return 0 }
        var offset = min(max(0, previous), max(0, count - visible))
        if let selected {
            if selected < offset { offset = selected }
            if selected >= offset + visible { offset = selected - visible + 1 }
        }
        return max(0, min(offset, max(0, count - visible)))
    }
}
