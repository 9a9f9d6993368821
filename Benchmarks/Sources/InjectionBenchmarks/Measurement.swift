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

/// Nanoseconds of CPU time the calling thread has used: time it spent on a core.
@inline(__always)
func threadCPUTime() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
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
    /// Time runs on the measuring thread's CPU clock instead of the wall clock (`--cpu`): on a
    /// machine whose cores other work takes, the time the thread itself ran.
    var cpuClock = false
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
        /// The scaling measured only while every thread had a core (``CoRunning``): N × the
        /// time per operation of one thread alone ÷ that of each thread while all N ran at once,
        /// over the qualifying chunks of every round. Nil when there were too few. On a machine
        /// whose cores other work takes, wall-clock scaling says how often the threads got a core
        /// together; this says what they cost each other when they did.
        var coRunningFactor: Double?
        /// The share of the N-thread runs' chunks that ran with every thread on a core, and
        /// how many such chunks there were.
        var coRunningShare: Double?
        var coRunningChunks = 0
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
            /// Scaling: the qualifying chunks of every round, alone and together (``CoRunning``).
            var alone = CoRunning.Figure()
            var together = CoRunning.Figure()
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
                    jobs[index].bestSingle = max(job.bestSingle, single.operationsPerSecond)
                    jobs[index].bestParallel = max(job.bestParallel, parallel.operationsPerSecond)
                    jobs[index].alone.add(single.coRunning)
                    jobs[index].together.add(parallel.coRunning)
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
                var scaling = Results.Scaling(threads: threads, single: job.bestSingle, parallel: job.bestParallel)
                if job.alone.chunks >= CoRunning.minimumChunks, job.together.chunks >= CoRunning.minimumChunks {
                    scaling.coRunningFactor = Double(threads) * job.alone.nanosecondsPerOperation
                        / job.together.nanosecondsPerOperation
                    scaling.coRunningShare = Double(job.together.chunks) / Double(job.together.allChunks)
                    scaling.coRunningChunks = job.together.chunks
                }
                results.scalings[id, default: [:]][implementation] = scaling
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
        if settings.cpuClock {
            let start = threadCPUTime()
            variant.run(iterations)
            return threadCPUTime() - start
        }
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

    /// One run of `threads` threads at once: operations per second from the first thread's start
    /// to the last one's end, and the time per operation while every thread had a core.
    struct ThreadsRun {
        var operationsPerSecond: Double
        var coRunning: CoRunning.Figure
    }

    /// `threads` threads each running `iterations` operations at once, in chunks timed by the
    /// wall clock and by the thread's CPU clock (``CoRunning``).
    func onThreads(_ threads: Int, _ variant: Variant, iterations: Int) -> ThreadsRun {
        variant.setUp()
        defer { variant.tearDown() }
        let ready = Atomic<Int>(0)
        let go = Atomic<Bool>(false)
        let chunkSize = max(1, iterations / CoRunning.chunksPerRun)
        let logs = (0..<threads).map { _ in CoRunning.Log(capacity: iterations / chunkSize + 1) }
        let workers = (0..<threads).map { thread in
            BenchThread {
                variant.run(min(iterations, 1_000))      // warm-up, and the thread's resolution context
                ready.add(1, ordering: .sequentiallyConsistent)
                while !go.load(ordering: .acquiring) {}
                logs[thread].run(variant, iterations: iterations, chunkSize: chunkSize)
            }
        }
        while ready.load(ordering: .acquiring) < threads { sched_yield() }
        go.store(true, ordering: .releasing)
        for worker in workers { worker.join() }
        let chunks = logs.map { $0.chunks }
        let first = chunks.compactMap { $0.first?.start }.min()!, last = chunks.compactMap { $0.last?.end }.max()!
        return ThreadsRun(
            operationsPerSecond: Double(iterations * threads) / (Double(last - first) / 1e9),
            coRunning: CoRunning.figure(chunks))
    }
}

/// Time per operation measured only while every thread of a run was on a core.
///
/// On a machine shared with other work, two threads often take turns on one core: the wall
/// clock then says nothing about what they cost each other (two threads that write one cache
/// line slow each other only while both run). So each thread runs its operations in chunks of
/// ~50 µs and notes each chunk's wall and CPU time; a chunk in which its thread ran throughout
/// (CPU time ≥ 90 % of wall time) and during which every other thread was inside such chunks
/// too ran with all threads on a core at once. Their time per operation against one thread's
/// undisturbed chunks gives the scaling the threads have when they do run together.
enum CoRunning {
    static let chunksPerRun = 2_000
    /// Fewer qualifying chunks than this over all rounds, and the figure says nothing.
    static let minimumChunks = 200

    struct Chunk {
        var start: UInt64
        var end: UInt64
        var operations: Int
        /// The thread ran for the whole chunk.
        var ranThroughout: Bool
    }

    /// The qualifying chunks' time and operations, summed over threads (and rounds).
    struct Figure {
        var nanoseconds: UInt64 = 0
        var operations = 0
        var chunks = 0
        /// Every chunk, qualifying or not.
        var allChunks = 0

        var nanosecondsPerOperation: Double { Double(nanoseconds) / Double(max(operations, 1)) }

        mutating func add(_ other: Figure) {
            nanoseconds += other.nanoseconds
            operations += other.operations
            chunks += other.chunks
            allChunks += other.allChunks
        }
    }

    /// One thread's chunks, written by that thread only, read after it is joined.
    final class Log: @unchecked Sendable {  // Safe: one writer thread, read after `join` (a happens-before edge).
        private(set) var chunks: [Chunk]

        init(capacity: Int) { chunks = []; chunks.reserveCapacity(capacity) }

        func run(_ variant: Variant, iterations: Int, chunkSize: Int) {
            var left = iterations
            while left > 0 {
                let count = min(chunkSize, left)
                let start = now(), cpuStart = threadCPUTime()
                variant.run(count)
                let cpu = threadCPUTime() - cpuStart, end = now()
                chunks.append(Chunk(start: start, end: end, operations: count, ranThroughout: cpu * 10 >= (end - start) * 9))
                left -= count
            }
        }
    }

    /// The chunks that ran with every thread on a core (for one thread: its undisturbed chunks).
    static func figure(_ threads: [[Chunk]]) -> Figure {
        var figure = Figure(allChunks: threads.reduce(0) { $0 + $1.count })
        for (index, own) in threads.enumerated() {
            let others = threads.indices.filter { $0 != index }.map { threads[$0] }
            var cursors = Array(repeating: 0, count: others.count)
            for chunk in own where chunk.ranThroughout {
                var together = true
                for (k, other) in others.enumerated() {
                    // Skip the other thread's chunks that ended before this one started (both
                    // lists are in time order), then require it to cover this chunk with chunks
                    // in which it ran throughout.
                    while cursors[k] < other.count, other[cursors[k]].end < chunk.start { cursors[k] += 1 }
                    var cursor = cursors[k]
                    guard cursor < other.count, other[cursor].start <= chunk.start else { together = false; break }
                    var covered = chunk.start
                    while cursor < other.count, other[cursor].start <= chunk.end {
                        if !other[cursor].ranThroughout { together = false; break }
                        covered = max(covered, other[cursor].end)
                        cursor += 1
                    }
                    if !together || covered < chunk.end { together = false; break }
                }
                if together {
                    figure.nanoseconds += chunk.end - chunk.start
                    figure.operations += chunk.operations
                    figure.chunks += 1
                }
            }
        }
        return figure
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
