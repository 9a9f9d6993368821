#if os(Linux)
import Foundation
import Testing

/// `di-inspect scan` runs `di-scan` as a child: when di-inspect is killed (a timeout, an
/// interrupted CI job), di-scan ends with it instead of scanning on for nobody.
@Suite(.serialized)
struct ScannerLifetimeTests {
    /// The children of `pid`, from `/proc` (empty until it has started one).
    static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    /// Whether `pid` has ended: gone, or a zombie nobody has reaped yet.
    static func hasEnded(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let afterName = stat.range(of: ") ") else { return true }
        return stat[afterName.upperBound...].hasPrefix("Z") || stat[afterName.upperBound...].hasPrefix("X")
    }

    /// Polls `condition` until it holds or `seconds` pass: a wait for a process, not an ordering.
    static func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    @Test func killingDIInspectEndsItsScanner() throws {
        try ScanTools.requireBuilt()
        // A named pipe nobody writes: di-scan, told to read it, waits for ever unless it is ended.
        let folder = NSTemporaryDirectory() + "scanner-lifetime-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pipe = folder + "/Wiring.swift"
        try #require(mkfifo(pipe, 0o600) == 0)

        let inspector = Process()
        inspector.executableURL = URL(fileURLWithPath: ScanTools.diInspect)
        inspector.arguments = ["scan", pipe]
        inspector.environment = ProcessInfo.processInfo.environment.merging(["DI_SCAN": ScanTools.diScan]) { $1 }
        inspector.standardOutput = FileHandle.nullDevice
        inspector.standardError = FileHandle.nullDevice
        try inspector.run()
        let pid = inspector.processIdentifier
        var scanner: Int32 = 0
        defer {
            if scanner > 0 { kill(scanner, SIGKILL) }
            kill(pid, SIGKILL)
        }
        #expect(Self.eventually(within: 30) {
            scanner = Self.children(of: pid).first ?? 0
            return scanner > 0
        }, "di-inspect started no di-scan")
        try #require(scanner > 0)
        #expect(!Self.hasEnded(scanner), "di-scan ended before anything could stop it")

        kill(pid, SIGKILL)
        inspector.waitUntilExit()
        #expect(Self.eventually(within: 10) { Self.hasEnded(scanner) }, "di-scan \(scanner) outlived its di-inspect")
    }
}
#endif
