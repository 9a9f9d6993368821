/// Traces whose every number sits at an extreme of its integer type: counts, times, durations,
/// sequence and thread numbers at `UInt64.max` (or 2^63, or their smallest), depths, discarded
/// counts and line numbers at `Int.max` or `-Int.max`, the process id at `Int32`'s ends. Each
/// is a valid trace (the reader accepts every line); what it tests is the arithmetic of
/// whatever reads it: graph, history, time cursor, screen and exports.
///
/// ```swift
/// for extreme in ExtremeNumberTrace.allCases {
///     let text = extreme.lines().joined(separator: "\n")   // Resources/traces/extreme-\(extreme).ndjson
/// }
/// ```
public enum ExtremeNumberTrace: String, CaseIterable, Sendable {
    /// Unsigned fields at `UInt64.max`, signed ones at `Int.max`, the pid at `Int32.max`.
    case largest
    /// Unsigned fields at 2^63 (past `Int.max`: a conversion to `Int` traps), signed at `Int.max`.
    case pastSignedRange = "past-signed-range"
    /// Unsigned fields at their smallest (0 or 1), signed ones at `-Int.max`, the pid at `Int32.min`.
    case smallest

    /// The file the trace is kept in under `Resources/traces`.
    public var fileName: String { "extreme-\(rawValue).ndjson" }

    /// The trace's lines (no trailing newlines).
    public func lines() -> [String] {
        let (unsigned, signed, pid): (UInt64, Int, Int32) = switch self {
        case .largest: (.max, .max, .max)
        case .pastSignedRange: (1 << 63, .max, 0)
        case .smallest: (1, -Int.max, .min)
        }
        let line = signed < 0 ? 1 : signed
        // Sequence numbers must differ (a duplicate is skipped): counted down from the extreme,
        // or up from it when it is the smallest.
        var step: UInt64 = 0
        func seq() -> String {
            defer { step += 1 }
            return "\"seq\":\(self == .smallest ? unsigned + step : unsigned - step)"
        }
        let u = unsigned
        let service = #"{"type":"Service","container":"app"}"#
        let holder = #"{"type":"Holder","container":"app","layer":"Feature","member":"holder"}"#
        let missing = #"{"type":"Missing","container":"app"}"#
        return [
            #"{"format":"di-trace","version":1,"app":"extreme-\#(rawValue)","pid":\#(pid),"start":"2026-11-22T00:00:00Z"}"#,
            #"{"kind":"containerCreated",\#(seq()),"t":\#(u),"thread":\#(u),"container":"app","at":"App.swift:\#(line)"}"#,
            #"{"kind":"registered",\#(seq()),"t":\#(u),"thread":\#(u),"service":\#(service),"scope":"singleton","at":"App.swift:\#(line)"}"#,
            #"{"kind":"registered",\#(seq()),"t":\#(u),"thread":\#(u),"service":\#(holder),"scope":"unique","at":"App.swift:\#(line)"}"#,
            #"{"kind":"resolved",\#(seq()),"t":\#(u),"thread":\#(u),"service":\#(service),"requester":\#(holder),"scope":"singleton","outcome":"created","source":"factory","ns":\#(u),"depth":\#(signed)}"#,
            #"{"kind":"resolved",\#(seq()),"t":0,"thread":\#(u),"service":\#(holder),"scope":"unique","outcome":"created","source":"factory","ns":\#(u),"depth":\#(signed)}"#,
            #"{"kind":"aggregate","service":\#(service),"requester":\#(holder),"scope":"singleton","outcome":"cached","source":"factory","count":\#(u),"ns":\#(u),"from":\#(u),"to":0}"#,
            #"{"kind":"aggregate","service":\#(service),"requester":\#(holder),"scope":"singleton","outcome":"cached","source":"factory","count":\#(u),"ns":\#(u),"from":0,"to":\#(u)}"#,
            #"{"kind":"aggregate","service":\#(holder),"scope":"unique","outcome":"created","source":"factory","count":\#(u),"ns":\#(u),"from":0,"to":\#(u)}"#,
            #"{"kind":"scopeReset",\#(seq()),"t":\#(u),"thread":\#(u),"container":"app","scope":"singleton","discarded":\#(signed)}"#,
            #"{"kind":"lazyResolved",\#(seq()),"t":\#(u),"thread":\#(u),"service":\#(service),"requester":\#(holder),"at":"App.swift:\#(line)"}"#,
            #"{"kind":"missing",\#(seq()),"t":\#(u),"thread":\#(u),"requested":\#(missing),"chain":[\#(holder)],"near":[],"fix":"register Missing","at":"App.swift:\#(line)"}"#,
            #"{"kind":"dropped","count":\#(u),"t":\#(u)}"#,
            #"{"kind":"dropped","count":\#(u),"t":0}"#,
            #"{"kind":"end","t":\#(u),"reason":"exit"}"#,
        ]
    }
}
