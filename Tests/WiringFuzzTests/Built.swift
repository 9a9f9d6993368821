import Synchronization

/// The `.implements` key of the fuzzer's services.
protocol Aliased: AnyObject, Sendable {}

/// What every generated factory builds: its label (`s<i>` or `p<j>`), the argument it was given,
/// and what it resolved, so a resolve's answer can be compared with the oracle's, instance by
/// instance. Each one counts itself in its run's tracker (swift-collections' `LifetimeTracked`).
final class Built: Aliased {
    let label: String
    /// The registration that built it (type-keyed ones; nil for providers).
    let registration: Int?
    let argument: String?
    let dependencies: [Built?]
    let properties = Mutex<[Built?]>([])
    let tracker: LifetimeTracker

    init(label: String, registration: Int?, argument: String?, dependencies: [Built?], tracker: LifetimeTracker) {
        self.label = label
        self.registration = registration
        self.argument = argument
        self.dependencies = dependencies
        self.tracker = tracker
        tracker.live.add(1, ordering: .relaxed)
    }

    deinit { tracker.live.subtract(1, ordering: .relaxed) }

    /// Everything it holds: its dependencies, then what `resolveProperties` set.
    var held: [Built?] { dependencies + properties.withLock { $0 } }
}

/// How many instances of one run are alive.
final class LifetimeTracker: Sendable {
    let live = Atomic<Int>(0)
}

extension Wiring {
    /// Which of `built`'s held slots (``Built/held``: factory dependencies, then properties)
    /// were resolved with `lifetime: .new`.
    func freshness(of built: Built) -> [Bool] {
        let dependencies = built.registration.map { registrations[$0].dependencies }
            ?? providerDependencies[Int(built.label.dropFirst())!]
        return dependencies.filter { $0.access != .property }.map(\.fresh)
            + dependencies.filter { $0.access == .property }.map(\.fresh)
    }
}
