#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension TraceHeader {
    /// The header for this process: the app's name, its pid and the current time.
    ///
    /// ```swift
    /// let header = TraceHeader.forCurrentProcess()
    /// // TraceHeader(version: 1, app: "sample-app", pid: 4242, startTime: "2026-11-22T04:23:13Z")
    /// ```
    ///
    /// - Parameter app: The app's name; by default `DI_INSPECT_APP`, else the executable's name.
    public static func forCurrentProcess(app: String? = nil) -> TraceHeader {
        TraceHeader(
            app: app ?? defaultAppName(), pid: getpid(), startTime: iso8601(secondsSinceEpoch: time(nil)))
    }

    /// `DI_INSPECT_APP` when set and not empty, else the basename of the executable.
    static func defaultAppName() -> String {
        if let raw = getenv("DI_INSPECT_APP"), raw.pointee != 0 { return String(cString: raw) }
        let path = CommandLine.arguments.first ?? "app"
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return base.isEmpty ? "app" : base
    }

    /// `2026-11-22T04:23:13Z`, formatted with `gmtime_r` (the runtime has no Foundation).
    static func iso8601(secondsSinceEpoch: time_t) -> String {
        var seconds = secondsSinceEpoch
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(parts.tm_year + 1900, 4) + "-" + pad(parts.tm_mon + 1, 2) + "-" + pad(parts.tm_mday, 2)
            + "T" + pad(parts.tm_hour, 2) + ":" + pad(parts.tm_min, 2) + ":" + pad(parts.tm_sec, 2) + "Z"
    }
}
