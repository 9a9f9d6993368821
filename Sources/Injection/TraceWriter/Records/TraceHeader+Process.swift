extension TraceHeader {
    /// The header for this process: the app's name, its pid, the current time and the runtime's version.
    ///
    /// ```swift
    /// let header = TraceHeader.forCurrentProcess()
    /// // TraceHeader(version: 1, app: "sample-app", pid: 4242, startTime: "2026-11-22T04:23:13Z",
    /// //             libraryVersion: "0.1.0-dev")
    /// ```
    ///
    /// - Parameter app: The app's name; by default `DI_INSPECT_APP`, else the executable's name.
    public static func forCurrentProcess(app: String? = nil) -> TraceHeader {
        TraceHeader(
            app: app ?? defaultAppName(), pid: PosixIO.processID, startTime: iso8601(secondsSinceEpoch: PosixIO.secondsSinceEpoch),
            libraryVersion: InjectionVersion.current)
    }

    /// `DI_INSPECT_APP` when set and not empty, else the basename of the executable.
    static func defaultAppName() -> String {
        if let app = PosixIO.environment("DI_INSPECT_APP"), !app.isEmpty { return app }
        let path = CommandLine.arguments.first ?? "app"
        let base = path.split(separator: "/").last.map(String.init) ?? path
        return base.isEmpty ? "app" : base
    }

    /// `2026-11-22T04:23:13Z`, formatted with `gmtime_r` (the runtime has no Foundation).
    static func iso8601(secondsSinceEpoch: Int) -> String {
        let parts = PosixIO.utc(secondsSinceEpoch: secondsSinceEpoch)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(parts.year, 4) + "-" + pad(parts.month, 2) + "-" + pad(parts.day, 2)
            + "T" + pad(parts.hour, 2) + ":" + pad(parts.minute, 2) + ":" + pad(parts.second, 2) + "Z"
    }
}
