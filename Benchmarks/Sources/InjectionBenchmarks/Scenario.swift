/// What the suite measures: scenarios, each run by several implementations, and the targets the
/// library is held to.
///
/// To add a scenario (for example the keypath API: `Container[\.login.useCase]`, `@Inject`,
/// resolution through an active mapping), write a function returning a ``Scenario`` in a file of
/// its own and list it in ``Scenario/all`` (and its targets in ``Target/all``). A variant only
/// says how to run the operation `n` times; timing, interleaving, allocation counting and the
/// table are shared.

/// Who performs the operation: a baseline, a competitor, or this library in some configuration.
struct Implementation: Hashable, Sendable, CustomStringConvertible {
    let name: String
    var description: String { name }

    /// Plain initializers, no container.
    static let direct = Implementation(name: "direct")
    /// A bare `[ObjectIdentifier: () -> Any]` dictionary: lookup, call, `as!` cast.
    static let dictionary = Implementation(name: "dictionary")
    static let swinject = Implementation(name: "Swinject 2.10.0")
    /// This library, type-keyed `resolve`.
    static let injection = Implementation(name: "Injection")
    /// An observer that takes every event as a `ResolutionEvent` (no folding).
    static let injectionObserved = Implementation(name: "Injection, every-event observer")
    /// The trace recorder attached (repeats folded at the source), writing to a discarding sink.
    static let injectionRecorded = Implementation(name: "Injection, recorder attached")
    static let injectionDetached = Implementation(name: "Injection, observer detached")
    /// Threads scenario: this library resolving a singleton struct (no reference count), and
    /// that plus one retain and release of a shared object, the least a class service costs (the
    /// caller owns what `resolve` returns).
    /// Threads scenario: resolving from `Container.shared` through the static
    /// `Container.resolve()`, and through a local `@Injected`.
    static let injectionShared = Implementation(name: "Injection via Container.shared")
    static let injectionInjected = Implementation(name: "Injection via @Injected")
    /// Threads scenario: the class singleton read from an object's `@Injected` property
    /// (resolved when the object is made).
    static let injectionInjectedProperty = Implementation(name: "Injection, @Injected property read")
    static let injectionValue = Implementation(name: "Injection, struct service")
    static let injectionFloor = Implementation(name: "Injection, struct service + one shared retain (floor)")
    /// Threads scenario: each thread reads a captured reference and writes nothing shared. What
    /// the machine's cores give when nothing is shared at all.
    static let unshared = Implementation(name: "no shared writes (machine ceiling)")
}

/// One way of running a scenario's operation.
struct Variant: Sendable {
    let implementation: Implementation
    /// Runs the operation `iterations` times, handing each result to ``blackHole(_:)``.
    let run: @Sendable (_ iterations: Int) -> Void
    /// Runs before each timed run (and the allocation count) and `tearDown` after it: for
    /// process-wide state such as an attached observer, so that the variants measured in between
    /// do not see it.
    var setUp: @Sendable () -> Void = {}
    var tearDown: @Sendable () -> Void = {}
    /// Run once before any timing: nil when the implementation answers what the scenario asks
    /// (``Check``), else what is wrong.
    var check: @Sendable () -> String? = { nil }

    init(
        implementation: Implementation, check: @escaping @Sendable () -> String? = { nil },
        run: @escaping @Sendable (_ iterations: Int) -> Void,
        setUp: @escaping @Sendable () -> Void = {}, tearDown: @escaping @Sendable () -> Void = {}
    ) {
        self.implementation = implementation
        self.run = run
        self.setUp = setUp
        self.tearDown = tearDown
        self.check = check
    }
}

/// How a scenario is timed.
enum ScenarioKind: Sendable {
    /// Nanoseconds per operation on one thread, plus heap allocations per operation.
    case latency
    /// Throughput of `threads` threads running the operation at once against one thread.
    case scaling(threads: Int)
}

struct Scenario: Sendable {
    /// Short id for the command line (`InjectionBenchmarks transient`).
    let id: String
    /// The row label in the table.
    let title: String
    var kind: ScenarioKind = .latency
    let variants: [Variant]
}

/// A goal the library is held to, checked against one run's results.
struct Target: Sendable {
    /// What is promised, as printed: `transient ≤ 2× direct`.
    let title: String
    /// Computes the measured value and whether it meets the goal; nil when the scenario was not
    /// run (filtered out).
    let check: @Sendable (Results) -> (measured: String, met: Bool)?

    /// `implementation` in `scenario` costs at most `limit` times `reference` (time per op).
    static func ratio(
        _ title: String, scenario: String, _ implementation: Implementation,
        atMost limit: Double, of reference: Implementation
    ) -> Target {
        Target(title: title) { results in
            guard let value = results.nanoseconds(scenario, implementation),
                  let base = results.nanoseconds(scenario, reference) else { return nil }
            let ratio = value / base
            return (format(ratio, digits: 2) + "×", ratio <= limit)
        }
    }

    /// `implementation` costs at most `limit` times the fastest other container (time per op).
    static func peerRatio(_ title: String, scenario: String, atMost limit: Double) -> Target {
        Target(title: title) { results in
            guard Implementation.peersBuiltIn, let value = results.nanoseconds(scenario, .injection),
                  let best = results.bestPeer(scenario) else { return nil }
            let ratio = value / best.nanoseconds
            return (format(ratio, digits: 2) + "× (\(best.implementation))", ratio <= limit)
        }
    }

    /// Injection's N-thread time per op is at most `limit` times the fastest other container's.
    static func peerParallelRatio(_ title: String, scenario: String, atMost limit: Double) -> Target {
        Target(title: title) { results in
            guard Implementation.peersBuiltIn, let value = results.scaling(scenario, .injection)?.parallel,
                  let best = results.bestPeerParallel(scenario) else { return nil }
            let ratio = best / value
            return (format(ratio, digits: 2) + "×", ratio <= limit)
        }
    }

    /// `implementation`'s throughput with N threads is at least `limit` times its 1-thread one.
    static func scaling(
        _ title: String, scenario: String, _ implementation: Implementation, atLeast limit: Double
    ) -> Target {
        Target(title: title) { results in
            guard let scaling = results.scaling(scenario, implementation) else { return nil }
            // Judged on the wall clock; the figure while the threads had a core each (``CoRunning``)
            // is shown beside it, with the same run's ceiling, for a machine shared with other work.
            let coRunning = scaling.coRunningFactor.map { factor in
                let ceiling = results.scaling(scenario, .unshared)?.coRunningFactor
                return "; while co-running \(format(factor, digits: 2))"
                    + (ceiling.map { ", ceiling \(format($0, digits: 2))" } ?? "")
            } ?? ""
            return (format(scaling.factor, digits: 2) + coRunning, scaling.factor >= limit)
        }
    }

    /// `implementation` allocates no more per operation than `reference` (the object itself).
    static func allocations(
        _ title: String, scenario: String, _ implementation: Implementation,
        notAbove reference: Implementation
    ) -> Target {
        Target(title: title) { results in
            guard let value = results.allocations(scenario, implementation),
                  let base = results.allocations(scenario, reference) else { return nil }
            return ("\(formatAllocations(value)) vs \(formatAllocations(base))", value <= base + 0.005)
        }
    }
}
