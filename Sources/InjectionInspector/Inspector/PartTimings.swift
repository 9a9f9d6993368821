/// The longest each part of the work between frames took once, and what the UI thread used
/// meanwhile (``ThreadUsage``: CPU, context switches and page faults, which tell a slow part
/// from a thread kept waiting), for `DI_INSPECT_STATS`: where a long tick went.
struct PartTimings {
    let clock: any InspectorClock
    private(set) var longest: [String: Duration] = [:]
    private(set) var usage: [String: ThreadUsage] = [:]

    init(clock: any InspectorClock) {
        self.clock = clock
    }

    /// Starts timing a part: ``note(_:since:)`` with what this returns.
    func starting() -> (ContinuousClock.Instant, ThreadUsage) { (clock.now, ThreadUsage.now()) }

    mutating func note(_ part: String, since start: (ContinuousClock.Instant, ThreadUsage)) {
        let duration = clock.now - start.0
        if duration > longest[part] ?? .zero {
            longest[part] = duration
            usage[part] = ThreadUsage.now() - start.1
        }
    }
}
