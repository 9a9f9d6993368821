/// Number and duration formatting shared by the views.
///
/// ```swift
/// Format.duration(1_250_000)  // "1.3ms"
/// Format.count(12_500)        // "12.5k"
/// ```
enum Format {
    /// Nanoseconds as the shortest readable unit.
    static func duration(_ nanoseconds: UInt64) -> String {
        let value = Double(nanoseconds)
        if nanoseconds < 1_000 { return "\(nanoseconds)ns" }
        if nanoseconds < 1_000_000 { return oneDecimal(value / 1_000) + "µs" }
        if nanoseconds < 1_000_000_000 { return oneDecimal(value / 1_000_000) + "ms" }
        return oneDecimal(value / 1_000_000_000) + "s"
    }

    /// A count, shortened past 10 000 (`12.5k`, `3.1M`).
    static func count(_ value: UInt64) -> String {
        if value < 10_000 { return "\(value)" }
        if value < 1_000_000 { return oneDecimal(Double(value) / 1_000) + "k" }
        return oneDecimal(Double(value) / 1_000_000) + "M"
    }

    /// `1 resolve`, `2 resolves`: a count with its noun, singular for one.
    static func counted<Number: BinaryInteger>(_ value: Number, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }

    /// A share as a whole percentage. 100% and 0% only when exact: a singleton's one miss in 2 944
    /// resolves is 99%, not 100% beside `list`'s NEW 1 (a share just above 0 is 1%).
    static func percent(_ part: UInt64, of whole: UInt64) -> String {
        guard whole > 0 else { return "—" }
        // Clamped: a hostile trace may claim more cached resolves than resolves, and converting
        // an out-of-range Double to Int traps.
        var rounded = Int(min(Double(part) * 100 / Double(whole), 1e15).rounded())
        if rounded >= 100, part < whole { rounded = 99 }
        if rounded == 0, part > 0 { rounded = 1 }
        return "\(rounded)%"
    }

    /// Seconds since the app's first event, as `+12.345s`.
    static func timestamp(_ nanoseconds: UInt64) -> String {
        let millis = nanoseconds / 1_000_000
        let seconds = millis / 1000
        let rest = millis % 1000
        return "+\(seconds).\(rest < 10 ? "00" : rest < 100 ? "0" : "")\(rest)s"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
