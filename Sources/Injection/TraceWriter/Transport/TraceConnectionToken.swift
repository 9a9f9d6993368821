/// The secret a TCP listener hands out and an app presents first (`{"token":"<32 hex digits>"}`):
/// TCP reaches beyond this user on this machine. Unix sockets need none (a private folder).
///
/// ```swift
/// let token = TraceConnectionToken.random()
/// // listener: print("DI_INSPECT=tcp:192.168.1.20:7777 DI_INSPECT_TOKEN=\(token)")
/// // app:      DI_INSPECT=tcp:192.168.1.20:7777 DI_INSPECT_TOKEN=… ./app
/// ```
public enum TraceConnectionToken {
    /// The environment variable an app reads its token from (or put it in `DI_INSPECT`:
    /// `tcp:TOKEN@HOST:PORT`).
    public static let environmentVariable = "DI_INSPECT_TOKEN"

    /// The longest first line a listener waits for before refusing the connection.
    public static let maximumLineLength = 256

    /// 128 random bits as 32 lowercase hex digits (the system's cryptographic generator).
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex: [Character] = Array("0123456789abcdef")
        return String((0..<32).map { _ in hex[Int(generator.next() & 0x0F)] })
    }

    /// The line an app sends first: `{"token":"…"}` and a newline.
    public static func line(_ token: String) -> [UInt8] {
        var json = JSONOutput(capacity: 64)
        json.bytes.append(contentsOf: #"{"token":"#.utf8)
        json.string(token)
        json.bytes.append(contentsOf: "}\n".utf8)
        return json.bytes
    }

    /// Whether `line` presents `expected`, in constant time (timing tells an attacker nothing).
    public static func matches(_ line: some Collection<UInt8>, expected: String) -> Bool {
        let wanted = Array(#"{"token":""#.utf8) + Array(expected.utf8) + Array(#""}"#.utf8)
        var trimmed = Array(line)
        while let last = trimmed.last, last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") { trimmed.removeLast() }
        guard trimmed.count == wanted.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(trimmed, wanted) { difference |= a ^ b }
        return difference == 0
    }
}
