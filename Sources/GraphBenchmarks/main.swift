// The graph at scale, for `make bench`: trace ingest, the graph model's ingest, `check` and dot
// export on 100 k services / 1 M edges, with the memory each step adds. Release mode only.
import Foundation
import Injection
import InjectionTrace
import InjectionGraph
import InjectionSynthetic

func seconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let elapsed = clock.measure(body)
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func format(_ value: Double, _ digits: Int = 2) -> String {
    let scale = pow(10, Double(digits))
    return String((value * scale).rounded() / scale)
}

let arguments = CommandLine.arguments

// `GraphBenchmarks --live-shape SHAPE SOCKET SECONDS [SERVICES]`: sends a LiveShape (churn, new-names,
// reconnects, short-lived) to `di-inspect listen --socket SOCKET` for SECONDS, prints what it sent
// and exits (Scripts/bench-live-shapes.sh).
if arguments.count >= 5, arguments[1] == "--live-shape" {
    guard let shape = LiveShape(rawValue: arguments[2]), let seconds = Double(arguments[4]) else {
        print("usage: GraphBenchmarks --live-shape \(LiveShape.allCases.map(\.rawValue).joined(separator: "|")) SOCKET SECONDS [SERVICES]")
        exit(2)
    }
    let driver = LiveShapeDriver(shape: shape, socketPath: arguments[3], services: arguments.count > 5 ? Int(arguments[5]) ?? 5_000 : 5_000)
    let sent = driver.run(seconds: seconds)
    print("\(shape.rawValue): \(sent.connections) connections, \(sent.records) records, \(sent.failures) failures")
    exit(0)
}

// `GraphBenchmarks --write-trace PATH [SERVICES EDGES]`: writes a synthetic trace file for the
// inspector's memory benchmark (Scripts/bench-inspector.sh) and exits.
if arguments.count >= 3, arguments[1] == "--write-trace" {
    let services = arguments.count > 3 ? Int(arguments[3]) ?? 100_000 : 100_000
    let edges = arguments.count > 4 ? Int(arguments[4]) ?? 1_000_000 : 1_000_000
    var bytes: [UInt8] = []
    TraceEncoder.encode(.header(TraceHeader(app: "synthetic", pid: 1, startTime: "2026-11-22T00:00:00Z")), into: &bytes)
    for record in SyntheticTrace(services: services, edges: edges, containers: 4, layers: 16, cycles: 20, missing: 50).records() {
        TraceEncoder.encode(record, into: &bytes)
    }
    guard FileManager.default.createFile(atPath: arguments[2], contents: Data(bytes)) else {
        print("cannot write \(arguments[2])")
        exit(1)
    }
    print("wrote \(bytes.count / 1_000_000) MB to \(arguments[2])")
    exit(0)
}

// `GraphBenchmarks --write-resolve-trace PATH LINES`: a trace of LINES `resolved` events among
// 1 000 services and 4 000 edges (a long-running app: the graph stays, the trace grows), written in 4 MB pieces so the
// generator's memory stays flat; for the streaming benchmark (Scripts/bench-big-trace.sh).
if arguments.count >= 4, arguments[1] == "--write-resolve-trace", let lines = Int(arguments[3]) {
    guard let output = FileHandle(forWritingAtPath: arguments[2])
        ?? (FileManager.default.createFile(atPath: arguments[2], contents: nil) ? FileHandle(forWritingAtPath: arguments[2]) : nil)
    else {
        print("cannot write \(arguments[2])")
        exit(1)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(5 << 20)
    TraceEncoder.encode(.header(TraceHeader(app: "synthetic", pid: 1, startTime: "2026-11-22T00:00:00Z")), into: &bytes)
    let identities = (0..<1_000).map { ServiceIdentity(type: "Service\($0)", container: "app") }
    for index in 0..<lines {
        // Each service is asked for by four others: 4 000 edges however long the trace.
        let service = identities[index % 1_000], requester = identities[(index % 1_000 + 1 + (index / 1_000) % 4) % 1_000]
        let event = ResolutionEvent(sequence: UInt64(index + 1), time: UInt64(index) * 1_000, thread: UInt64(index % 8 + 1),
            kind: .resolved(Resolved(service: service, requester: requester, scope: .unique, outcome: .created,
                                     source: .factory, durationNanoseconds: UInt64(index % 5_000), depth: 2)))
        TraceEncoder.encode(.event(event), into: &bytes)
        if bytes.count >= 4 << 20 {
            output.write(Data(bytes))
            bytes.removeAll(keepingCapacity: true)
        }
    }
    output.write(Data(bytes))
    try? output.close()
    exit(0)
}

// `GraphBenchmarks --write-long-name-trace PATH NAME_BYTES SERVICES`: a trace whose service names
// are NAME_BYTES long (LongNameTrace), for Scripts/bench-long-names.sh.
if arguments.count >= 5, arguments[1] == "--write-long-name-trace", let nameBytes = Int(arguments[3]),
   let services = Int(arguments[4]) {
    let bytes = LongNameTrace(nameBytes: nameBytes, services: services).encoded()
    guard FileManager.default.createFile(atPath: arguments[2], contents: Data(bytes)) else {
        print("cannot write \(arguments[2])")
        exit(1)
    }
    exit(0)
}

/// The time cursor's long run (10 k services, 50 k edges, 4 rounds) applied to a graph and its
/// history, as both time-cursor modes measure it.
func longRunGraphAndHistory() -> (DependencyGraph, GraphHistory) {
    let records = TimeCursorBenchmark.longRun(services: 10_000, edges: 50_000, rounds: 4)
    var graph = DependencyGraph()
    var history = GraphHistory()
    for record in records {
        graph.apply(record)
        history.append(record, appliedTo: graph)
    }
    return (graph, history)
}

// `GraphBenchmarks --time-cursor-at N`: builds the time-cursor run's history and rebuilds the
// graph as of record N once, for `valgrind --tool=callgrind --toggle-collect='*GraphHistory*graph*'`
// (instruction counts do not drift with the machine's load).
if arguments.count >= 3, arguments[1] == "--time-cursor-at", let target = Int(arguments[2]) {
    let (_, history) = longRunGraphAndHistory()
    print("as of record \(target): \(history.graph(through: target).nodes.count) services")
    exit(0)
}

// `GraphBenchmarks --time-cursor`: only the time cursor's figures (the history's memory and
// the latency of "the graph as of t" at 10 k services).
if arguments.count >= 2, arguments[1] == "--time-cursor" {
    let (graph, history) = longRunGraphAndHistory()
    let footprint = history.footprint
    let longest = (0..<history.count).max { history.replayLength(through: $0) < history.replayLength(through: $1) } ?? 0
    func megabytes(_ bytes: Int) -> String { format(Double(bytes) / 1_048_576, 1) + " MB" }
    let result = TimeCursorBenchmark.run(services: 10_000, edges: 50_000, rounds: 4, samples: 400)
    print("## Time cursor (10 000 services, 50 000 edges), release build\n")
    print("| measure | figure | target |")
    print("|---|---:|---|")
    print("| records in the run | \(result.records) (\(result.wholeRecords) kept whole, the rest compact) | |")
    print("| graph as of a record: median | \(format(result.medianMilliseconds)) ms | |")
    print("| graph as of a record: worst of 400 points | \(format(result.maximumMilliseconds)) ms (as of record \(result.slowestRecord)) | ≤ 10 ms \(result.maximumMilliseconds <= 10 ? "✓" : "✗") |")
    print("| ingest, graph alone → with history | \(format(result.ingestSeconds, 3)) s → \(format(result.ingestWithHistorySeconds, 3)) s | |")
    print("| longest replay | \(history.replayLength(through: longest)) entries, as of record \(longest) | |")
    print("| the graph itself | \(megabytes(graph.estimatedBytes)) | |")
    print("| history: compact entries, times | \(megabytes(footprint.entries)) | |")
    print("| history: whole records, identities | \(megabytes(footprint.wholeRecords)), \(megabytes(footprint.identities)) | |")
    print("| history: \(history.snapshotCount) snapshots | \(megabytes(footprint.snapshots)) | |")
    print("| history in all | \(megabytes(footprint.total)), \(footprint.total / records.count) bytes/record | |")
    exit(0)
}

// `GraphBenchmarks --model-ingest [ROUNDS]`: only the model's ingest of the graph-at-scale
// records (100 k services, 1 M edges), ROUNDS times into fresh graphs, one line per round; with
// `valgrind --tool=callgrind --toggle-collect='*DependencyGraph*apply*'` it counts the
// instructions of ingest alone (they do not drift with the machine's load).
if arguments.count >= 2, arguments[1] == "--model-ingest" {
    let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
    let records = SyntheticTrace(services: 100_000, edges: 1_000_000, containers: 4, layers: 16, cycles: 20, missing: 50).records()
    for round in 1...max(1, rounds) {
        var graph = DependencyGraph()
        // Each record borrowed from the array, as the reader hands them over (no copy).
        let elapsed = seconds { for index in records.indices { graph.apply(records[index]) } }
        print("round \(round): model ingest \(format(Double(records.count) / elapsed / 1e6)) M events/s "
            + "(\(records.count) records in \(format(elapsed, 3)) s; \(graph.nodes.count) services, \(graph.edges.count) edges)")
    }
    exit(0)
}

// `GraphBenchmarks --check [ROUNDS]`: only `check()` of the graph-at-scale model, ROUNDS times on
// one graph, one line per round; for a profiler (`perf record`, or callgrind with
// `--toggle-collect='*DependencyGraph*check*'`).
if arguments.count >= 2, arguments[1] == "--check" {
    let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
    let records = SyntheticTrace(services: 100_000, edges: 1_000_000, containers: 4, layers: 16, cycles: 20, missing: 50).records()
    var graph = DependencyGraph()
    for record in records { graph.apply(record) }
    for round in 1...max(1, rounds) {
        var report: DiagnosticsReport?
        let elapsed = seconds { report = graph.check() }
        print("round \(round): check \(format(elapsed, 3)) s (\(report?.problems.count ?? 0) problems)")
    }
    exit(0)
}

// `GraphBenchmarks --live-shape-checks SHAPE BATCHES [SERVICES]`: a live shape's records in
// batches of 1 000 (as its driver sends them), the problems after every batch kept by a
// DiagnosticsCache (what the inspector does) and, on the same graph, checked from scratch (what
// it did at every change of structure). Prints both times and the cache's counts; with
// `valgrind --tool=callgrind --toggle-collect='*DiagnosticsCache*report*'` (or `*check*`) each
// side's instructions.
if arguments.count >= 4, arguments[1] == "--live-shape-checks", let shape = LiveShape(rawValue: arguments[2]),
   let batches = Int(arguments[3]) {
    let driver = LiveShapeDriver(shape: shape, socketPath: "", services: arguments.count > 4 ? Int(arguments[4]) ?? 5_000 : 5_000)
    var graph = DependencyGraph()
    graph.serviceLimit = 16_384
    graph.edgeLimit = 4 * 16_384
    var cache = DiagnosticsCache()
    var cachedSeconds = 0.0, scratchSeconds = 0.0, differing = 0, step = 0
    for _ in 0..<batches {
        for _ in 0..<1_000 {
            step += 1
            graph.apply(driver.record(step: step, time: UInt64(step) * 1_000))
        }
        var cached: DiagnosticsReport?, scratch: DiagnosticsReport?
        cachedSeconds += seconds { cached = cache.report(for: graph, stillRunning: true) }
        scratchSeconds += seconds { scratch = graph.check(stillRunning: true) }
        if cached != scratch { differing += 1 }
    }
    print("\(shape.rawValue), \(batches) batches of 1 000 records: \(graph.nodes.count) services, \(graph.edges.count) edges, "
        + "\(cache.report.problems.count) problems")
    print("kept by DiagnosticsCache: \(format(cachedSeconds * 1_000 / Double(batches), 3)) ms per batch "
        + "(\(cache.fullChecks) checks of the structure, \(cache.loopSearches) loop searches)")
    print("from scratch: \(format(scratchSeconds * 1_000 / Double(batches), 3)) ms per batch; "
        + "ratio \(format(scratchSeconds / max(cachedSeconds, 1e-9), 1)); reports differing: \(differing)")
    exit(differing == 0 ? 0 : 1)
}

let services = 100_000, edges = 1_000_000
print("## Graph at scale (\(services) services, \(edges) edges), release build\n")

// 1. The reader alone on a generated trace (bytes → records, one at a time).
let ingestBytes = TraceIngestBenchmark.syntheticTrace(events: 1_000_000)
let readerResult = TraceIngestBenchmark.measure(ingestBytes, repetitions: 3)

// 2. The synthetic graph as records, then the model built from them.
let baseline = residentMegabytes()
let records = SyntheticTrace(services: services, edges: edges, containers: 4, layers: 16, cycles: 20, missing: 50).records()
let afterRecords = residentMegabytes()
var graph = DependencyGraph()
let ingestSeconds = seconds { for index in records.indices { graph.apply(records[index]) } }
let afterGraph = residentMegabytes()

// 3. The same records through the wire format: encode to NDJSON, read back and apply.
var wire: [UInt8] = []
wire.reserveCapacity(records.count * 200)
TraceEncoder.encode(.header(TraceHeader(app: "synthetic", pid: 1, startTime: "2026-11-22T00:00:00Z")), into: &wire)
for record in records { TraceEncoder.encode(record, into: &wire) }
var wireGraph = DependencyGraph()
var reader = TraceReader()
let wireSeconds = seconds {
    wire.withUnsafeBytes { bytes in reader.feed(bytes) { wireGraph.apply($0) } }
    _ = reader.finish()
}

// 4. check and dot export.
var report: DiagnosticsReport?
let checkSeconds = seconds { report = graph.check() }
var dot = ""
let dotSeconds = seconds { dot = DotExporter().render(graph) }
let peak = residentMegabytes("VmHWM")

let graphMemory = afterGraph - afterRecords
print("| measure | figure | target |")
print("|---|---:|---|")
print("| trace reader (bytes → records) | \(format(readerResult.eventsPerSecond / 1e6)) M events/s, \(format(readerResult.megabytesPerSecond, 0)) MB/s | ≥ 1 M events/s \(readerResult.eventsPerSecond >= 1e6 ? "✓" : "✗") |")
print("| model ingest (records → graph) | \(format(Double(records.count) / ingestSeconds / 1e6)) M events/s (\(records.count) records in \(format(ingestSeconds)) s) | ≥ 1 M events/s \(Double(records.count) / ingestSeconds >= 1e6 ? "✓" : "✗") |")
print("| file to graph (NDJSON → graph) | \(format(Double(records.count) / wireSeconds / 1e6)) M events/s, \(format(Double(wire.count) / 1e6 / wireSeconds, 0)) MB/s | |")
print("| `check` | \(format(checkSeconds, 3)) s (\(report?.problems.count ?? 0) problems) | < 1 s \(checkSeconds < 1 ? "✓" : "✗") |")
print("| dot export | \(format(dotSeconds, 3)) s (\(dot.utf8.count / 1_000_000) MB) | |")
print("| graph model memory | \(format(graphMemory, 0)) MB (RSS added by building it) | ≤ 200 MB \(graphMemory <= 200 ? "✓" : "✗") |")
print("| records held for the run | \(format(afterRecords - baseline, 0)) MB | |")
print("| process peak RSS | \(format(peak, 0)) MB | |")
print("\nnodes \(graph.nodes.count), edges \(graph.edges.count); wire graph \(wireGraph.nodes.count) nodes, \(wireGraph.edges.count) edges")
