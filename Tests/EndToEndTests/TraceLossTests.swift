import Foundation
import Testing

/// An app whose trace cannot be written says so once, on stderr, and exits normally.
struct TraceLossTests {
    @Test func aFullDiskIsReportedOnceAtExit() throws {
        let result = try Command.run(
            Command.path(of: "sample-app"), ["--duration", "0.3", "--interval-ms", "1"], environment: ["DI_INSPECT": "file:/dev/full"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").filter { $0.contains("is incomplete") }
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("di-inspect: the trace to file:/dev/full is incomplete: ") == true, "\(result.stderr)")
        #expect(lines.first?.contains("write failed: No space left on device") == true, "\(result.stderr)")
    }
}
