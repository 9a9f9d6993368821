/// A key press, decoded from whatever the terminal sent.
///
/// ```swift
/// switch key {
/// case .character("q"): quit()
/// case .down, .character("j"): moveDown()
/// default: break
/// }
/// ```
enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, `/`, `?`, any UTF-8 text).
    case character(Character)
    case enter, backspace, escape, tab, backTab
    case up, down, left, right, pageUp, pageDown, home, end, delete
    /// A control key other than the ones above: `.control("l")` for Ctrl-L.
    case control(Character)
    /// The terminal changed size.
    case resize
    /// A click or a wheel turn, when the terminal reports the mouse.
    case mouse(MouseEvent)
}
