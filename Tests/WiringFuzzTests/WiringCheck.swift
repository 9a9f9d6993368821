import Foundation
import Injection
import InjectionGraph
import InjectionTrace

/// The invariants a run of a wiring must keep. Each check returns the problems it found, as
/// sentences; none means the run was right.
enum WiringCheck {
    /// How long a run may take before it counts as a hang.
    static let deadline: TimeInterval = 30

    // MARK: - One thread, against the oracle

    /// Resolves every root in order on one thread, with a trace recorder attached when `traced`,
    /// and compares each answer (instance by instance), each failure, the decorators' failures,
    /// the recorded graph and the instances left alive with what the oracle predicts.
    static func sequential(_ wiring: Wiring, traced: Bool) -> [String] {
        var oracle = WiringOracle(wiring: wiring)
        let expected = oracle.run()
        let sink = MemoryTraceSink()
        let recorder = traced
            ? TraceRecorder(sink: sink, configuration: .init(
                capacity: 1 << 20, aggregationKeyLimit: 1 << 20,
                // The trace is compared whole: on a loaded machine the writer thread may not have
                // run within the app's default 300 ms, which would read as an empty trace.
                stopTimeout: .seconds(30))) : nil
        recorder?.start()
        // In a box, not captured: the thread's closure outlives `done.signal()` a little, and
        // must not keep the run (and its instances) alive while lifetimes are counted.
        let run = Box<WiringRun?>(WiringRun(wiring))
        let tracker = run.value!.factories.tracker
        let prefix = run.value!.prefix
        let results = Box<[Result<Built, ResolutionError>]>([])
        let finished = withDeadline {
            for root in wiring.roots { results.value.append(run.value!.resolve(root)) }
        }
        _ = recorder?.stop()
        guard finished else { return ["no answer within \(Int(deadline)) s: a resolve hangs"] }

        var problems: [String] = []
        let names = Names(wiring: wiring, prefix: prefix)
        var matcher = InstanceMatcher(oracle: oracle)
        for (index, (root, (got, want))) in zip(wiring.roots, zip(results.value, expected)).enumerated() {
            let asked = "root #\(index) (\(Wiring.label(root.target)) from c\(root.container))"
            switch (got, want) {
            case (.success(let built), .success(let id)):
                if let problem = matcher.match(built, id, at: asked) { problems.append(problem) }
            case (.failure(let error), .failure(let failure)):
                if names.key(error) != names.key(failure) {
                    problems.append("\(asked): threw \(names.key(error)), the wiring says \(names.key(failure))")
                }
            case (.success, .failure(let failure)):
                problems.append("\(asked): answered, the wiring says \(names.key(failure))")
            case (.failure(let error), .success):
                problems.append("\(asked): threw \(names.key(error)) — \(error.message)")
            }
        }
        let decorated = run.value!.factories.decoratorFailures.withLock { $0 }.map(names.key)
        let predicted = oracle.decoratorFailures.map(names.key)
        if decorated != predicted {
            problems.append("the decorators' resolves threw \(decorated), the wiring says \(predicted)")
        }
        if let recorder {
            problems += compareTrace(sink: sink, recorder: recorder, oracle: oracle, names: names)
        }
        results.value.removeAll()
        run.value!.retire()
        let watched = run.value!.containers.map(WeakContainer.init)
        run.value = nil
        problems += lifetimeProblems(watched, tracker)
        return problems
    }

    /// The recorded trace, read back into a graph, against the oracle: the same services with
    /// their scopes and counts, the same edges with their counts, the same cycles.
    static func compareTrace(sink: MemoryTraceSink, recorder: TraceRecorder, oracle: WiringOracle, names: Names) -> [String] {
        var problems: [String] = []
        if recorder.statistics.dropped > 0 { problems.append("the recorder dropped \(recorder.statistics.dropped) records") }
        let file: TraceFile
        do { file = try TraceReader.read(bytes: sink.bytes) } catch { return ["the trace is unreadable: \(error)"] }
        if !file.errors.isEmpty { problems.append("the trace has bad lines: \(file.errors)") }
        let graph = DependencyGraph(records: file.records)
        var seen: Set<String> = []
        for node in graph.nodes where node.identity.container.hasPrefix(names.prefix) && node.resolveCount > 0 {
            let key = names.key(node.identity)
            seen.insert(key)
            guard let oracleNode = names.node(for: node.identity) else {
                problems.append("the trace resolved \(key), which the wiring does not have")
                continue
            }
            let resolves = oracle.resolveCounts[oracleNode] ?? 0
            let created = oracle.createdCounts[oracleNode] ?? 0
            if node.resolveCount != resolves || node.createdCount != created {
                problems.append("the trace counts \(key) resolved \(node.resolveCount) times (\(node.createdCount) new), "
                    + "the run did \(resolves) (\(created) new)")
            }
            if node.scope != oracle.scope(of: oracleNode) {
                problems.append("the trace gives \(key) scope \(node.scope.map { "\($0)" } ?? "none"), registered \(oracle.scope(of: oracleNode))")
            }
        }
        for (node, count) in oracle.resolveCounts where count > 0 && !seen.contains(names.key(node)) {
            problems.append("the trace never shows \(names.key(node)), resolved \(count) times")
        }
        var traced: [String: UInt64] = [:]
        for edge in graph.edges where edge.count > 0 {
            let from = graph.nodes[edge.from].identity, to = graph.nodes[edge.to].identity
            guard from.container.hasPrefix(names.prefix) || to.container.hasPrefix(names.prefix) else { continue }
            traced["\(names.key(from)) → \(names.key(to))"] = edge.count
        }
        var predicted: [String: UInt64] = [:]
        for (edge, count) in oracle.edgeCounts { predicted["\(names.key(edge.from)) → \(names.key(edge.to))"] = UInt64(count) }
        if traced != predicted {
            let extra = traced.filter { predicted[$0.key] != $0.value }.map { "\($0.key) ×\($0.value)" }.sorted()
            let absent = predicted.filter { traced[$0.key] != $0.value }.map { "\($0.key) ×\($0.value)" }.sorted()
            problems.append("the trace's edges differ from the run's: traced \(extra), ran \(absent)")
        }
        let tracedLoops = Set(graph.cycles.filter { $0.cycle.path.contains { $0.container.hasPrefix(names.prefix) } }
            .map { names.loop($0.cycle.path.map(names.key)) })
        let predictedLoops = Set(oracle.cycles.map { names.loop($0.map(names.key)) })
        if tracedLoops != predictedLoops {
            problems.append("the trace's cycles \(tracedLoops.sorted()) differ from the run's \(predictedLoops.sorted())")
        }
        return problems
    }

    // MARK: - Several threads at once

    /// Resolves every root from several threads at once (each in its own order) and checks
    /// what holds whatever the interleaving: no hang; only documented failures; every cycle a
    /// real loop of the wiring and every missing name reachable from its root; a kept instance
    /// is one instance; a unique instance has one holder; nothing outlives the run.
    static func concurrent(_ wiring: Wiring) -> [String] {
        let run = Box<WiringRun?>(WiringRun(wiring))
        let tracker = run.value!.factories.tracker
        let names = Names(wiring: wiring, prefix: run.value!.prefix)
        let results = (0..<wiring.threads).map { _ in Box<[(Wiring.Root, Result<Built, ResolutionError>)]>([]) }
        let finished = withDeadline(threads: wiring.threads) { thread in
            let roots = wiring.roots
            for offset in roots.indices {
                let root = roots[(offset + thread * roots.count / wiring.threads) % roots.count]
                results[thread].value.append((root, run.value!.resolve(root)))
            }
        }
        guard finished else { return ["no answer within \(Int(deadline)) s from \(wiring.threads) threads: a resolve hangs"] }
        var problems: [String] = []
        let graph = StaticGraph(wiring: wiring)
        var answers: [Built] = []
        for (root, result) in results.flatMap(\.value) {
            let asked = "\(Wiring.label(root.target)) from c\(root.container)"
            switch result {
            case .success(let built): answers.append(built)
            case .failure(.cycle(let cycle)):
                let keys = cycle.path.map { names.staticKey($0) }
                if !graph.isLoop(keys, from: root.container) {
                    problems.append("\(asked): reported a cycle the wiring does not have: \(cycle.pathDescription)")
                }
            case .failure(.missing(let missing)):
                let name = missing.requested.name ?? "?"
                if !graph.missingNames(from: root, reachable: true).contains(name) {
                    problems.append("\(asked): reported \(name) missing, which no resolve from there can ask for")
                }
            case .failure(let error):
                problems.append("\(asked): failed with an error the wiring cannot cause: \(error.message)")
            }
        }
        // Scopes: one instance per kept registration; one holder per unique instance.
        // (An instance resolved with `lifetime: .new` is unique whatever its registration says.)
        var keptInstances: [Int: Set<ObjectIdentifier>] = [:]
        var holders: [ObjectIdentifier: Int] = [:]
        var fresh: Set<ObjectIdentifier> = []
        var visited: Set<ObjectIdentifier> = []
        var work = answers
        for answer in answers { holders[ObjectIdentifier(answer), default: 0] += 1 }
        while let built = work.popLast() {
            guard visited.insert(ObjectIdentifier(built)).inserted else { continue }
            if let registration = built.registration, !fresh.contains(ObjectIdentifier(built)),
               [.cached, .singleton].contains(wiring.registrations[registration].scope) {
                keptInstances[registration, default: []].insert(ObjectIdentifier(built))
            }
            for (held, isFresh) in zip(built.held, wiring.freshness(of: built)) {
                guard let held else { continue }
                holders[ObjectIdentifier(held), default: 0] += 1
                if isFresh { fresh.insert(ObjectIdentifier(held)) }
                work.append(held)
            }
        }
        for (registration, instances) in keptInstances where instances.count > 1 {
            problems.append("registration #\(registration) (s\(wiring.registrations[registration].service), "
                + "\(wiring.registrations[registration].scope)) answered \(instances.count) different instances")
        }
        var uniqueObjects: [ObjectIdentifier: Built] = [:]
        work = answers
        visited.removeAll()
        while let built = work.popLast() {
            guard visited.insert(ObjectIdentifier(built)).inserted else { continue }
            let scope = built.registration.map { wiring.registrations[$0].scope }
                ?? FuzzLayer.scopes[Int(built.label.dropFirst())!]
            if scope == .unique || fresh.contains(ObjectIdentifier(built)) { uniqueObjects[ObjectIdentifier(built)] = built }
            work += built.held.compactMap { $0 }
        }
        for (id, built) in uniqueObjects where holders[id] != 1 {
            problems.append("a unique \(built.label) is held by \(holders[id] ?? 0) services or callers")
        }
        answers.removeAll()
        uniqueObjects.removeAll()
        for box in results { box.value.removeAll() }
        run.value!.retire()
        let watched = run.value!.containers.map(WeakContainer.init)
        run.value = nil
        problems += lifetimeProblems(watched, tracker)
        _ = names
        return problems
    }

    /// Once the run and every answer are gone: its containers are released, and with them every
    /// instance (none leaked; a freed one counted twice would show as a negative count).
    static func lifetimeProblems(_ containers: [WeakContainer], _ tracker: LifetimeTracker) -> [String] {
        let alive = awaitRelease(containers)
        if alive > 0 { return ["\(alive) containers outlived the run"] }
        // A weak reference reads nil as soon as a container's deinit starts, before it has
        // released what it kept; and the last release may happen on another thread (one that
        // held the container for a moment, like a registry walk of a test running in parallel).
        // So the instances get the same grace as the containers before one counts as leaked.
        var live = tracker.live.load(ordering: .acquiring)
        for _ in 0..<5_000 where live > 0 {
            usleep(1_000)
            live = tracker.live.load(ordering: .acquiring)
        }
        return live == 0 ? [] : ["\(live) instances outlived their containers and every answer"]
    }

    // MARK: - Running with a deadline

    /// Runs `body` on `threads` new threads; false when they have not all finished by the
    /// deadline (they are left running: a hang is the finding). Finished threads are joined, so
    /// what their resolution contexts held is released before lifetimes are counted.
    static func withDeadline(threads: Int = 1, _ body: @escaping @Sendable (Int) -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        var started: [BackgroundThread] = []
        for index in 0..<threads {
            do {
                started.append(try BackgroundThread {
                    body(index)
                    done.signal()
                })
            } catch {
                fatalError("the fuzzer could not start a thread: \(error)")
            }
        }
        let end = DispatchTime.now() + deadline
        for _ in 0..<threads where done.wait(timeout: end) == .timedOut { return false }
        for thread in started { thread.join() }
        return true
    }

    static func withDeadline(_ body: @escaping @Sendable () -> Void) -> Bool {
        withDeadline(threads: 1) { _ in body() }
    }
}

/// A value the test thread and the threads it starts share. `@unchecked Sendable` is sound: each
/// box is written by one thread at a time (a worker while it runs, the test thread before it
/// starts the workers and after the semaphore they signal, which orders the accesses); the
/// workers only read a box the test thread filled before starting them.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Waits (up to 5 s) until none of `containers` is alive: another thread may hold one for a
/// moment (a missing registration's message scans every live container).
func awaitRelease(_ containers: [WeakContainer]) -> Int {
    for _ in 0..<5_000 where containers.contains(where: { $0.container != nil }) { usleep(1_000) }
    return containers.filter { $0.container != nil }.count
}

final class WeakContainer {
    weak var container: Container?
    init(_ container: Container) { self.container = container }
}
