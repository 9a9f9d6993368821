import FuzzerDriver
import Injection
import InjectionGraph
import InjectionTrace

/// One libFuzzer input: bytes read as a trace stream (in two chunks, so lines split across
/// reads are exercised), every record applied to a graph and its history (the inspector's time
/// cursor), then the graph checked and exported,
/// as `di-inspect check` and `export` do. Any trap, overflow or memory error is a finding; a
/// crasher goes to Tests/InjectionGraphTests/FuzzCrashers as a regression test.
@_cdecl("LLVMFuzzerTestOneInput")
public func traceFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    var reader = TraceReader(maximumLineLength: 1 << 16)
    var graph = DependencyGraph()
    var history = GraphHistory()
    let split = size / 2
    func take(_ record: TraceRecord) {
        graph.apply(record)
        history.append(record, appliedTo: graph)
    }
    reader.feed(UnsafeRawBufferPointer(rebasing: bytes[..<split])) { take($0) }
    reader.feed(UnsafeRawBufferPointer(rebasing: bytes[split...])) { take($0) }
    _ = reader.finish()
    _ = history.resolvesPerBucket(16)
    _ = reader.takeDiagnostics()
    let report = graph.check()
    _ = report.text
    _ = report.json
    if graph.nodes.count < 64 {
        _ = DotExporter().render(graph)
        _ = JSONExporter().render(graph)
        _ = MermaidExporter().render(graph)
    }
    return 0
}

@_cdecl("TraceFuzzer_main")
public func traceFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, testOneInput: traceFuzzerTestOneInput)
}
