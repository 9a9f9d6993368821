import Foundation
import Injection
import InjectionTrace
import Testing
@testable import InjectionInspector

/// Inputs that once stopped the inspector's screen (found by `make fuzz`'s InspectorFuzzer, or
/// by hand), and those that once stopped a reader (Tests/InjectionGraphTests/FuzzCrashers),
/// replayed exactly as the fuzzer runs them: read as a trace, opened (or streamed live when the
/// first byte is odd), the last bytes pressed as keys with a frame after each, then every size.
@MainActor
struct FuzzCrasherScreenTests {
    nonisolated static let folders = ["FuzzCrashers", "../InjectionGraphTests/FuzzCrashers"].map {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent($0)
            .standardizedFileURL
    }

    nonisolated static let crashers: [String] = folders.flatMap { folder in
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted().map { folder.appendingPathComponent($0).path }
    }

    /// The fuzzer's terminal sizes and keys per input (Fuzzing/Sources/InspectorFuzzer).
    static let sizes = [(rows: 24, columns: 80), (rows: 50, columns: 200), (rows: 12, columns: 48), (rows: 5, columns: 16)]
    static let keysPerInput = 12

    @Test func theCrashersAreListed() throws {
        for folder in Self.folders {
            #expect(!(try FileManager.default.contentsOfDirectory(atPath: folder.path)).isEmpty, "no kept crashers in \(folder.path)")
        }
    }

    @Test(arguments: crashers)
    func aFormerCrasherDrawsEveryFrame(path: String) throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        var reader = TraceReader(maximumLineLength: 1 << 16)
        var records: [TraceRecord] = []
        bytes.withUnsafeBytes { reader.feed($0) { records.append($0) } }
        _ = reader.finish()
        let inspector = HeadlessInspector(records: records, live: bytes.first.map { $0 & 1 == 1 } ?? false)
        for (index, key) in bytes.suffix(Self.keysPerInput).enumerated() {
            inspector.press(key: Int(key))
            let size = Self.sizes[index % Self.sizes.count]
            #expect(!inspector.frame(rows: size.rows, columns: size.columns).isEmpty)
        }
        for size in Self.sizes { #expect(!inspector.frame(rows: size.rows, columns: size.columns).isEmpty) }
    }
}
