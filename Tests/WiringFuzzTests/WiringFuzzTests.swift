import Foundation
import Injection
import Synchronization
import Testing

/// Random container trees, from seeds (STYLE.md §13): every wiring resolved one root after
/// another against the oracle (answers instance by instance, failures, decorators, the recorded
/// trace, lifetimes), then from several threads at once (no hang, only documented failures,
/// every cycle a real loop, kept and unique instances as their scope says).
///
/// `make fuzz-wiring` runs random seeds for `FUZZ_WIRING_SECONDS`; `FUZZ_WIRING_SEED=<n>`
/// replays one. A failure prints its seed and the smallest program that still fails.
struct WiringFuzzTests {
    /// The seeds `make test` runs (a few seconds in all).
    static let fixedSeeds: [UInt64] = Array(1...200)

    @Test(arguments: fixedSeeds)
    func wiringKeepsItsInvariants(seed: UInt64) {
        for problem in WiringFuzzer.check(seed: seed) { Issue.record(Comment(rawValue: problem)) }
    }

    /// Random seeds for `FUZZ_WIRING_SECONDS` (2 s by default, so `make test` tries a few new
    /// wirings too), or the one seed in `FUZZ_WIRING_SEED`.
    @Test func randomWiringsKeepTheirInvariants() {
        let environment = ProcessInfo.processInfo.environment
        if let replay = environment["FUZZ_WIRING_SEED"].flatMap(UInt64.init) {
            print(Wiring.generate(seed: replay))
            for problem in WiringFuzzer.check(seed: replay) { Issue.record(Comment(rawValue: problem)) }
            let script = LifetimeScript.generate(seed: replay)
            print(script)
            for recorded in [false, true] {
                for problem in LifetimeScriptCheck.run(script, recorded: recorded).problems {
                    Issue.record(Comment(rawValue: "lifetime\(recorded ? " (recorded)" : ""): \(problem)"))
                }
            }
            return
        }
        let seconds = environment["FUZZ_WIRING_SECONDS"].flatMap(Double.init) ?? 2
        // FUZZ_WIRING_LIFETIME: lifetime scripts per wiring (8 unless set), or `only` (scripts alone).
        let lifetime = environment["FUZZ_WIRING_LIFETIME"]
        let wirings = lifetime != "only"
        let lifetimeScriptsPerWiring = wirings ? lifetime.flatMap(Int.init) ?? 8 : 1
        let end = Date().addingTimeInterval(seconds)
        var tried = 0, scripts = 0, breaking = 0, disagreeing = 0
        var generator = SystemRandomNumberGenerator()
        repeat {
            let seed = UInt64.random(in: 1_000...UInt64.max, using: &generator)
            var problems = wirings ? WiringFuzzer.check(seed: seed) : []
            // Random lifetime scripts (``LifetimeScript``) beside each wiring: breaks exactly
            // reported (the fixed ones are LifetimeFuzzTests').
            for _ in 0..<lifetimeScriptsPerWiring {
                let scriptSeed = UInt64.random(in: 1_000...UInt64.max, using: &generator)
                let script = LifetimeScript.generate(seed: scriptSeed)
                // Under FUZZ_WIRING_RECORDED=1 (`make fuzz-wiring`, `make test`), every other one
                // through a trace recorder, which folds repeated resolves: the rules must hold on
                // what `check` reads from a file too.
                let recorded = environment["FUZZ_WIRING_RECORDED"] == "1" && scripts % 2 == 1
                let outcome = LifetimeScriptCheck.run(script, recorded: recorded)
                scripts += 1
                if !outcome.expected.isEmpty { breaking += 1 }
                if !outcome.problems.isEmpty { disagreeing += 1 }
                problems += outcome.problems.map {
                    "lifetime seed \(scriptSeed)\(recorded ? ", recorded" : "") (replay: FUZZ_WIRING_SEED=\(scriptSeed)): \($0)\n\(script)"
                }
            }
            for problem in problems { Issue.record(Comment(rawValue: problem)) }
            if wirings { tried += 1 }
            // FUZZ_WIRING_KEEP_GOING=1 counts every disagreement instead of stopping at the first.
            if !problems.isEmpty && environment["FUZZ_WIRING_KEEP_GOING"] != "1" { break }
        } while Date() < end
        print("fuzz-wiring: \(tried) random wirings and \(scripts) lifetime scripts checked (recorded: \(environment["FUZZ_WIRING_RECORDED"] == "1" ? "half" : "none"); \(breaking) with a break, \(disagreeing) disagreeing)")
        #expect(tried + scripts > 0)
        // At least a fifth of the scripts break a promise (enough to mean "every break reported").
        #expect(scripts < 50 || breaking * 5 >= scripts, "\(breaking) of \(scripts) lifetime scripts break a promise")
    }
}

/// Checks one seed and, on failure, shrinks the wiring to the smallest that still fails.
enum WiringFuzzer {
    /// The seeds being checked right now: if the runtime stops the program (a trap is a finding
    /// too), the trap handler names them, so the failure replays.
    private static let inFlight = Mutex<Set<UInt64>>([])
    private static let trapHandler: Void = InjectionDiagnostics.addTrapHandler { reason in
        let seeds = inFlight.withLock { $0 }.sorted()
        guard !seeds.isEmpty else { return }
        let replay = seeds.map { "FUZZ_WIRING_SEED=\($0) make fuzz-wiring" }.joined(separator: "\n  ")
        FileHandle.standardError.write(Data(
            "wiring fuzzer: the program stops while checking seeds \(seeds); replay with\n  \(replay)\n".utf8))
    }

    static func check(seed: UInt64) -> [String] {
        _ = trapHandler
        inFlight.withLock { _ = $0.insert(seed) }
        defer { inFlight.withLock { _ = $0.remove(seed) } }
        let wiring = Wiring.generate(seed: seed)
        let problems = WiringCheck.sequential(wiring, traced: true)
        let concurrent = problems.isEmpty ? WiringCheck.concurrent(wiring) : []
        if problems.isEmpty && concurrent.isEmpty { return [] }
        if problems.isEmpty {
            // Interleavings do not replay: show the whole wiring.
            return concurrent.map { "seed \(seed) (\(wiring.threads) threads): \($0)" }
                + ["seed \(seed): the wiring (replay: FUZZ_WIRING_SEED=\(seed) make fuzz-wiring):\n\(wiring)"]
        }
        let small = shrink(wiring) { !WiringCheck.sequential($0, traced: true).isEmpty }
        let remaining = WiringCheck.sequential(small, traced: true)
        return problems.map { "seed \(seed): \($0)" }
            + remaining.map { "seed \(seed), smallest wiring: \($0)" }
            + ["seed \(seed): the smallest wiring that still fails (replay: FUZZ_WIRING_SEED=\(seed) make fuzz-wiring):\n\(small)"]
    }

    /// Removes roots, decorators, mappings, dependencies and registrations one at a time while
    /// `fails` holds (as libFuzzer minimises an input), skipping candidates that would trap.
    static func shrink(_ wiring: Wiring, fails: (Wiring) -> Bool) -> Wiring {
        var current = wiring
        var attempts = 0
        var progress = true
        while progress && attempts < 400 {
            progress = false
            for candidate in smaller(current) {
                attempts += 1
                var oracle = WiringOracle(wiring: candidate)
                guard !candidate.hasMappingLoop, oracle.firstTrap() == nil else { continue }
                if fails(candidate) {
                    current = candidate
                    progress = true
                    break
                }
                if attempts >= 400 { break }
            }
        }
        return current
    }

    /// Every wiring with one thing fewer.
    static func smaller(_ wiring: Wiring) -> [Wiring] {
        var candidates: [Wiring] = []
        func without(_ change: (inout Wiring) -> Void) {
            var candidate = wiring
            change(&candidate)
            candidates.append(candidate)
        }
        if wiring.roots.count > 1 {
            let half = wiring.roots.count / 2
            without { $0.roots.removeFirst(half) }
            without { $0.roots.removeLast(wiring.roots.count - half) }
        }
        for index in wiring.roots.indices where wiring.roots.count > 1 { without { $0.roots.remove(at: index) } }
        for index in wiring.decorators.indices { without { $0.decorators.remove(at: index) } }
        for index in wiring.mappings.indices { without { $0.mappings.remove(at: index) } }
        for (r, registration) in wiring.registrations.enumerated() {
            for d in registration.dependencies.indices { without { $0.registrations[r].dependencies.remove(at: d) } }
            if registration.implements { without { $0.registrations[r].implements = false } }
            if registration.scope != .unique { without { $0.registrations[r].scope = .unique } }
        }
        for (p, dependencies) in wiring.providerDependencies.enumerated() {
            for d in dependencies.indices { without { $0.providerDependencies[p].remove(at: d) } }
        }
        for service in wiring.takesArguments { without { $0.takesArguments.remove(service) } }
        return candidates
    }
}
