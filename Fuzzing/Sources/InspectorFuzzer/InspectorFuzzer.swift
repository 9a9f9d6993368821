import FuzzerDriver
import Injection
import InjectionInspector
import InjectionTrace

/// One libFuzzer input: bytes read as a trace stream, its records opened in the inspector as
/// `di-inspect open` opens a file (or, when the first byte is odd, streamed as a live app's),
/// then keys pressed (the input's last bytes choose them: views, moves, sorts, the time cursor,
/// drill-downs) with a frame drawn at several terminal sizes after each, into the cell buffer a
/// terminal would be sent. Any trap, overflow or memory error on the screen's path is a
/// finding; a crasher goes to Tests/InjectionGraphTests/FuzzCrashers (and a test of the
/// inspector's, Tests/InjectionInspectorTests/Views/FuzzCrasherScreenTests).
@_cdecl("LLVMFuzzerTestOneInput")
public func inspectorFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    var reader = TraceReader(maximumLineLength: 1 << 16)
    var records: [TraceRecord] = []
    reader.feed(bytes) { records.append($0) }
    _ = reader.finish()
    let live = size > 0 && data[0] & 1 == 1
    let keys = [UInt8](bytes.suffix(InspectorFuzzing.keysPerInput))
    MainActor.assumeIsolated {
        let inspector = HeadlessInspector(records: records, live: live)
        for (index, key) in keys.enumerated() {
            inspector.press(key: Int(key))
            let size = InspectorFuzzing.sizes[index % InspectorFuzzing.sizes.count]
            _ = inspector.frame(rows: size.rows, columns: size.columns)
        }
        for size in InspectorFuzzing.sizes { _ = inspector.frame(rows: size.rows, columns: size.columns) }
    }
    return 0
}

enum InspectorFuzzing {
    /// Keys pressed per input (its last bytes).
    static let keysPerInput = 12
    /// A usual terminal, a wide one, a small one that still fits the layout, and one too small.
    static let sizes = [(rows: 24, columns: 80), (rows: 50, columns: 200), (rows: 12, columns: 48), (rows: 5, columns: 16)]
}

@_cdecl("InspectorFuzzer_main")
public func inspectorFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv, testOneInput: inspectorFuzzerTestOneInput)
}
