/// The OSC 52 sequence that asks the terminal (and tmux, screen, or an SSH client's terminal) to
/// put text on the system clipboard: what `y` sends for the selected service's name.
///
/// The text is base64-encoded inside the sequence, so whatever a trace named, nothing of it
/// reaches the terminal as a control sequence: our own output may set the clipboard, a trace
/// never may (its text is escaped everywhere else).
///
/// ```swift
/// ClipboardSequence.osc52("Cart")  // "\u{1B}]52;c;Q2FydA==\u{07}"
/// ```
enum ClipboardSequence {
    static func osc52(_ text: String) -> String {
        "\u{1B}]52;c;" + base64(Array(text.utf8)) + "\u{07}"
    }

    /// RFC 4648 base64 with padding.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<4 {
                if position <= chunk.count {
                    out.append(alphabet[Int((value >> (18 - 6 * UInt32(position))) & 0x3F)])
                } else {
                    out.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
