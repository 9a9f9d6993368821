/// A trace whose every string is an attack on the terminal that shows it: for the tests that
/// push it through each message path (errors, warnings, check, list, why, the inspector).
///
/// ```swift
/// let lines = HostileTrace.lines()                  // header, registrations, a missing, an unknown kind
/// HostileTrace.rawControls(in: output)  // [] when everything was escaped
/// ```
public enum HostileTrace {
    /// CSI clear-screen, OSC 52 (set the clipboard), OSC 8 (a hyperlink), C1 CSI and OSC, DEL,
    /// and the bidi override and isolate that reorder what follows.
    public static let payload = "\u{1B}[2J\u{1B}]52;c;SGVsbG8=\u{07}\u{1B}]8;;https://evil.example\u{07}link\u{1B}]8;;\u{07}"
        + "\u{9B}31m\u{9D}0;title\u{9C}\u{7F}\u{202E}gnp.exe\u{2066}x\u{2069}"

    /// The payload as it stands inside a JSON string (the trace's encoding).
    public static var jsonPayload: String {
        var out = ""
        for scalar in payload.unicodeScalars {
            if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) || scalar.value >= 0x2000 {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The service every hostile record names: `Evil` followed by the payload.
    public static var evilType: String { "Evil" + payload }

    /// A valid trace: the app name, a registration, a resolve of `Victim` by the evil service,
    /// a missing registration with the payload in its fix, and a record of an unknown kind whose
    /// name is the payload (a warning).
    public static func lines() -> [String] {
        let evil = #"{"type":"Evil\#(jsonPayload)","container":"app"}"#
        let victim = #"{"type":"Victim","container":"app"}"#
        return [
            #"{"format":"di-trace","version":1,"app":"app\#(jsonPayload)","pid":1,"start":"2026-11-22T00:00:00Z"}"#,
            #"{"kind":"registered","seq":1,"t":1,"thread":1,"service":\#(evil),"scope":"\#(jsonPayload)","at":"A\#(jsonPayload).swift:1"}"#,
            #"{"kind":"registered","seq":2,"t":2,"thread":1,"service":\#(victim),"scope":"unique","at":"A.swift:2"}"#,
            #"{"kind":"resolved","seq":3,"t":3,"thread":1,"service":\#(victim),"requester":\#(evil),"scope":"unique","outcome":"created","source":"factory","ns":5,"depth":2}"#,
            #"{"kind":"missing","seq":4,"t":4,"thread":1,"requested":\#(evil),"chain":[\#(victim)],"near":[],"fix":"register \#(jsonPayload)"}"#,
            #"{"kind":"\#(jsonPayload)","seq":5,"t":5,"thread":1}"#,
            #"{"kind":"end","t":6,"reason":"\#(jsonPayload)"}"#,
        ]
    }

    /// A first line that is valid JSON but not a di-trace header: its `format` is the payload.
    public static var notATraceLine: String {
        #"{"format":"\#(jsonPayload)","version":1,"app":"a","pid":1,"start":"2026-11-22T00:00:00Z"}"#
    }

    /// The characters in `text` that could steer a terminal (everything the one escaper
    /// escapes, line breaks excepted), as `U+XXXX`.
    public static func rawControls(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || [0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x00AD, 0x200B, 0x2060, 0xFEFF].contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value))
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }
}
