import CBenchSupport
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Keeping the work alive

/// Consumes a value so that the optimizer can neither drop the work that produced it nor the
/// allocation behind it: its address goes to a C function the Swift optimizer cannot see into.
@inline(never)
func blackHole<T>(_ value: T) {
    withUnsafePointer(to: value) { bench_consume(UnsafeRawPointer($0)) }
}

// MARK: - Clock

/// Nanoseconds on the monotonic clock.
@inline(__always)
func now() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
}

// MARK: - Settings

struct Settings: Sendable {
    /// Each timed run lasts at least this long.
    var runNanoseconds: UInt64 = 200_000_000
    /// Timed runs per variant; the fastest counts.
    var rounds = 5
    /// Operations per allocation count.
    var allocationIterations = 10_000
}

// MARK: - Results

/// What one run of the suite measured, by scenario id and implementation.
struct Results: Sendable {
    struct Latency: Sendable {
        var nanoseconds: Double
        var allocations: Double?
    }
    struct Scaling: Sendable {
        var threads: Int
        /// Operations per second on one thread, and with all threads together.
        var single: Double
        var parallel: Double
        var factor: Double { parallel / single }
    }

    var latency: [String: [Implementation: Latency]] = [:]
    var scalings: [String: [Implementation: Scaling]] = [:]

    func nanoseconds(_ scenario: String, _ implementation: Implementation) -> Double? {
        latency[scenario]?[implementation]?.nanoseconds
    }
    func allocations(_ scenario: String, _ implementation: Implementation) -> Double? {
        latency[scenario]?[implementation]?.allocations
    }
    /// The fastest of the other containers (``Implementation/peers``) measured in `scenario`.
    func bestPeer(_ scenario: String) -> (implementation: Implementation, nanoseconds: Double)? {
        Implementation.peers
            .compactMap { peer in nanoseconds(scenario, peer).map { (peer, $0) } }
            .min { $0.1 < $1.1 }
    }

    /// The highest N-thread throughput (ops/s) among the other containers in `scenario`.
    func bestPeerParallel(_ scenario: String) -> Double? {
        Implementation.peers.compactMap { scaling(scenario, $0)?.parallel }.max()
    }

    func scaling(_ scenario: String, _ implementation: Implementation) -> Scaling? {
        scalings[scenario]?[implementation]
    }
}

// MARK: - Running

/// Times the variants of many scenarios, interleaved: every round runs each variant once, in
/// turn, so machine drift (frequency, a noisy neighbour) touches all of them alike; the fastest
/// round of each variant counts.
struct Measurer {
    let settings: Settings
    var log: (String) -> Void = { _ in }

    func run(_ scenarios: [Scenario]) -> Results {
        var results = Results()

        // Calibrate: operations per timed run, per (scenario, variant).
        struct Job {
            let scenario: Scenario
            let variant: Variant
            var iterations: Int
            var best = Double.infinity          // latency: ns per op
            var bestSingle = 0.0                // scaling: ops/s
            var bestParallel = 0.0
        }
        var jobs: [Job] = []
        for scenario in scenarios {
            for variant in scenario.variants {
                variant.setUp()
                let problem = variant.check()
                variant.tearDown()
                if let problem { fail("\(scenario.id) / \(variant.implementation) fails its check: \(problem)") }
                let iterations = calibrate(variant)
                log("calibrated \(scenario.id) / \(variant.implementation): \(iterations) ops per run")
                jobs.append(Job(scenario: scenario, variant: variant, iterations: iterations))
            }
        }

        for round in 1...settings.rounds {
            log("round \(round) of \(settings.rounds)")
            for index in jobs.indices {
                let job = jobs[index]
                switch job.scenario.kind {
                case .latency:
                    let elapsed = timed(job.variant, iterations: job.iterations)
                    jobs[index].best = min(job.best, Double(elapsed) / Double(job.iterations))
                case .scaling(let threads):
                    let single = onThreads(1, job.variant, iterations: job.iterations)
                    let parallel = onThreads(threads, job.variant, iterations: job.iterations)
                    jobs[index].bestSingle = max(job.bestSingle, single)
                    jobs[index].bestParallel = max(job.bestParallel, parallel)
                }
            }
        }

        for job in jobs {
            let id = job.scenario.id, implementation = job.variant.implementation
            switch job.scenario.kind {
            case .latency:
                results.latency[id, default: [:]][implementation] = Results.Latency(
                    nanoseconds: job.best, allocations: allocationsPerOperation(job.variant))
            case .scaling(let threads):
                results.scalings[id, default: [:]][implementation] = Results.Scaling(
                    threads: threads, single: job.bestSingle, parallel: job.bestParallel)
            }
        }
        return results
    }

    /// Operations that take at least `settings.runNanoseconds` in one run.
    func calibrate(_ variant: Variant) -> Int {
        var iterations = 1
        while true {
            let elapsed = timed(variant, iterations: iterations)
            if elapsed >= 20_000_000 || iterations >= 1 << 40 {
                let scaled = Double(iterations) * Double(settings.runNanoseconds) / Double(max(elapsed, 1))
                return max(1, Int(scaled.rounded(.up)))
            }
            iterations *= elapsed < 1_000_000 ? 10 : 2
        }
    }

    /// Nanoseconds for `iterations` operations on this thread, after a short warm-up.
    func timed(_ variant: Variant, iterations: Int) -> UInt64 {
        variant.setUp()
        defer { variant.tearDown() }
        variant.run(min(iterations, 1_000))
        let start = now()
        variant.run(iterations)
        return now() - start
    }

    /// Heap allocations per operation made by this thread while running the variant.
    func allocationsPerOperation(_ variant: Variant) -> Double {
        variant.setUp()
        defer { variant.tearDown() }
        variant.run(1_000)
        bench_alloc_counting_start()
        variant.run(settings.allocationIterations)
        let count = bench_alloc_counting_stop()
        return Double(count) / Double(settings.allocationIterations)
    }

    /// Operations per second of `threads` threads each running `iterations` operations at once,
    /// measured from the first thread's start to the last one's end.
    func onThreads(_ threads: Int, _ variant: Variant, iterations: Int) -> Double {
        variant.setUp()
        defer { variant.tearDown() }
        let ready = Atomic<Int>(0)
        let go = Atomic<Bool>(false)
        let spans = Mutex<[(start: UInt64, end: UInt64)]>([])
        let workers = (0..<threads).map { _ in
            BenchThread {
                variant.run(min(iterations, 1_000))      // warm-up, and the thread's resolution context
                ready.add(1, ordering: .sequentiallyConsistent)
                while !go.load(ordering: .acquiring) {}
                let start = now()
                variant.run(iterations)
                let end = now()
                spans.withLock { $0.append((start, end)) }
            }
        }
        while ready.load(ordering: .acquiring) < threads { sched_yield() }
        go.store(true, ordering: .releasing)
        for worker in workers { worker.join() }
        let (first, last) = spans.withLock { list in
            (list.map(\.start).min()!, list.map(\.end).max()!)
        }
        return Double(iterations * threads) / (Double(last - first) / 1e9)
    }
}

/// Whether the malloc counter sees the Swift runtime's allocations (it interposes malloc in the
/// executable; a static or unusual libc would bypass it).
func allocationCountingWorks() -> Bool {
    final class Probe {}
    bench_alloc_counting_start()
    blackHole(Probe())
    return bench_alloc_counting_stop() >= 1
}

// MARK: - Threads

/// A joinable POSIX thread running a closure.
final class BenchThread: Sendable {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    nonisolated(unsafe) private var handle = pthread_t()

    init(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let status = pthread_create(&handle, nil, { raw in
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            body.run()
            return nil
        }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
    }

    func join() { pthread_join(handle, nil) }
}
