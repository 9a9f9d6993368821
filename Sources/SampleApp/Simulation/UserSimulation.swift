import Dispatch
import Injection
import Synchronization

/// Plays a user of the shop: opens and closes screens, pulls to refresh, logs out, goes offline
/// for a while, while background refreshes resolve on other threads.
struct UserSimulation {
    let app: Container
    let faults: [Fault]
    let intervalMilliseconds: Int
    var random: SeededRandom
    /// Opens the unregistered payment screen with the trapping resolve at step 5.
    var crashOnMissing = false
    /// Bugs in what instances do rather than in a resolve (``LifetimeFault``).
    var lifetimeFaults: [LifetimeFault] = []

    /// Runs until `deadline` (monotonic ns) or until a stop is requested; returns how many
    /// screens were opened.
    mutating func run(until deadline: UInt64?, stop: borrowing Atomic<Bool>, report: (String) -> Void) -> Int {
        var iteration = 0
        var reported = Set<Fault>()
        let refreshes = DispatchGroup()
        while !stop.load(ordering: .relaxed) {
            if let deadline, ResolutionEvents.now() >= deadline { break }
            iteration += 1
            openScreen(Registrations.screenNames[random.next(below: Registrations.screenNames.count)])
            if crashOnMissing && iteration == 5 { openScreen("payment") }

            if iteration % 25 == 0 {
                let app = self.app
                DispatchQueue.global().async(group: refreshes) { app.useCases.sync().run() }
            }
            // Background refreshes finish before any reset: one building between a reset and
            // what follows it would keep an instance the reset meant to drop (the old session in
            // a repository, the live client under the tunnel's mapping), and two would be live.
            let resets = iteration % 150 == 0 || iteration % 200 == 0 || iteration % 300 == 100
            if resets { refreshes.wait() }
            if iteration % 150 == 0 { app.reset(.cached) }                 // pull to refresh
            if iteration % 200 == 0 { app.reset(.custom("session")); app.reset(.cached) }  // logout: what kept the session goes too
            if iteration % 300 == 100 {                                   // the train enters a tunnel
                app.reset(.cached)
                app.map(\.network.mockAPI, to: \.network.api)
            }
            if iteration % 300 == 160 { app.resetMapping(\.network.api) }

            for fault in faults where iteration % 40 == 10 {
                if let message = fault.trigger(in: app, iteration: iteration), !reported.contains(fault) {
                    reported.insert(fault)
                    report(message)
                }
            }
            for fault in lifetimeFaults where iteration % 40 == 10 { fault.trigger(in: app, iteration: iteration) }
            if intervalMilliseconds > 0 { sleepMilliseconds(intervalMilliseconds) }
        }
        refreshes.wait()
        if app.mapping(for: \.network.api) != nil { app.resetMapping(\.network.api) }
        return iteration
    }

    private func openScreen(_ name: String) {
        let screen: any Screen = app.resolve(name: name)
        _ = screen.render()
    }

}

/// Waits `milliseconds` (the simulations' pace).
func sleepMilliseconds(_ milliseconds: Int) {
    let semaphore = DispatchSemaphore(value: 0)
    _ = semaphore.wait(timeout: .now() + .milliseconds(milliseconds))
}

/// A small deterministic generator (SplitMix64), so a run can be replayed with `--seed`.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
