import CNCurses

/// Turns what `wget_wch` returned into a ``Key``.
///
/// Terminals disagree: Enter arrives as 10, 13 or `KEY_ENTER`, Backspace as 8, 127 or
/// `KEY_BACKSPACE`. This is the one place that knows.
///
/// ```swift
/// KeyDecoder.decode(code: 13, isFunctionKey: false)  // .enter
/// ```
enum KeyDecoder {
    /// - Parameters:
    ///   - code: The character or key code.
    ///   - isFunctionKey: Whether `wget_wch` returned `KEY_CODE_YES` (a `KEY_*` code).
    static func decode(code: UInt32, isFunctionKey: Bool) -> Key? {
        if isFunctionKey {
            switch Int32(bitPattern: code) {
            case CN_KEY_ENTER: return .enter
            case CN_KEY_BACKSPACE: return .backspace
            case CN_KEY_UP: return .up
            case CN_KEY_DOWN: return .down
            case CN_KEY_LEFT: return .left
            case CN_KEY_RIGHT: return .right
            case CN_KEY_PPAGE: return .pageUp
            case CN_KEY_NPAGE: return .pageDown
            case CN_KEY_HOME: return .home
            case CN_KEY_END: return .end
            case CN_KEY_DC: return .delete
            case CN_KEY_BTAB: return .backTab
            case CN_KEY_RESIZE: return .resize
            default: return nil
            }
        }
        switch code {
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 9: return .tab
        case 27: return .escape
        case 1...26: return .control(Character(Unicode.Scalar(code + 96)!))
        case 0, 28...31: return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .character(Character(scalar))
        }
    }
}
