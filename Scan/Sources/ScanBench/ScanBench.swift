import Foundation
import SyntheticApps

/// `make bench`'s scan figures (Scan/): synthetic apps in every style, `di-scan --parse-only`
/// against a full scan of the same files and jobs, one job against two, peak memory on 200 k
/// lines, and byte-identical output whatever the job count. Ratios in one run; never a test.
///
///     scan-bench [--di-scan PATH] [--lines 200000] [--files 2000] [--scale]
///     scan-bench generate STYLE FILES LINES FOLDER
@main
struct ScanBench {
    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "generate" {
            guard arguments.count == 5, let style = SyntheticApp.Style(rawValue: arguments[1]), let files = Int(arguments[2]), let lines = Int(arguments[3]) else {
                fail("usage: scan-bench generate injection|resolver|swinject|factory|mixed FILES LINES FOLDER")
            }
            let written = try SyntheticApp(style: style, files: files, lines: lines).write(to: arguments[4])
            print("wrote \(written.files) files, \(written.lines) lines to \(arguments[4])")
            return
        }
        var diScan = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("di-scan").path
        var lines = 200_000
        var files = 2_000
        var scale = false
        while let argument = arguments.first {
            arguments.removeFirst()
            switch argument {
            case "--di-scan": diScan = arguments.removeFirst()
            case "--lines": lines = Int(arguments.removeFirst()) ?? lines
            case "--files": files = Int(arguments.removeFirst()) ?? files
            case "--scale": scale = true
            default: fail("unknown argument \(argument)")
            }
        }
        let scratch = NSTemporaryDirectory() + "scan-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        // Every style reads without a crash and finds what was generated.
        for style in SyntheticApp.Style.allCases {
            let folder = scratch + "/" + style.rawValue
            let app = try SyntheticApp(style: style, files: 100, lines: 5_000).write(to: folder)
            let run = try measure(diScan, ["--jobs", "2", "-o", scratch + "/\(style.rawValue).ndjson", folder])
            let facts = try String(contentsOfFile: scratch + "/\(style.rawValue).ndjson", encoding: .utf8)
            let registrations = facts.components(separatedBy: "\"form\":\"").count - 1
            print("style \(style.rawValue): \(app.files) files, \(app.lines) lines, \(format(run.seconds)) s, \(registrations) facts with a form")
        }

        let folder = scratch + "/big"
        let app = try SyntheticApp(style: .mixed, files: files, lines: lines).write(to: folder)
        print("app: \(app.files) files, \(app.lines) lines (mixed styles)")
        // Peak memory first: RUSAGE_CHILDREN keeps the largest child so far.
        let memory = try measure(diScan, ["--jobs", "2", "-o", scratch + "/two.ndjson", folder])
        let peak = memory.peakKilobytes / 1024
        var parseOnly = Double.infinity, fullOne = Double.infinity, fullTwo = Double.infinity
        for _ in 0..<3 {
            parseOnly = min(parseOnly, try measure(diScan, ["--parse-only", "--jobs", "1", folder]).seconds)
            fullOne = min(fullOne, try measure(diScan, ["--jobs", "1", "-o", scratch + "/one.ndjson", folder]).seconds)
            fullTwo = min(fullTwo, try measure(diScan, ["--jobs", "2", "-o", scratch + "/two.ndjson", folder]).seconds)
        }
        let identical = FileManager.default.contentsEqual(atPath: scratch + "/one.ndjson", andPath: scratch + "/two.ndjson")
        print("parse-only, 1 job   \(format(parseOnly)) s")
        print("full scan, 1 job    \(format(fullOne)) s   full / parse-only = \(format(fullOne / parseOnly))  (goal <= 2.00)")
        print("full scan, 2 jobs   \(format(fullTwo)) s   1 job / 2 jobs    = \(format(fullOne / fullTwo))  (goal >= 1.60)")
        print("peak memory, 2 jobs \(peak) MB  (goal <= 250 MB on 200 k lines)")
        print("output, 1 vs 2 jobs \(identical ? "byte-identical" : "DIFFERENT")")
        if scale {
            let large = scratch + "/scale"
            let big = try SyntheticApp(style: .mixed, files: 5_000, lines: 500_000, seed: 2).write(to: large)
            let run = try measure(diScan, ["--jobs", "2", "-o", scratch + "/scale.ndjson", large])
            print("scale: \(big.files) files, \(big.lines) lines: full scan, 2 jobs \(format(run.seconds)) s")
        }
    }

    struct Measurement {
        var seconds: Double
        var peakKilobytes: Int
    }

    static func measure(_ executable: String, _ arguments: [String]) throws -> Measurement {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard process.terminationStatus == 0 else { fail("di-scan \(arguments.joined(separator: " ")) exited \(process.terminationStatus)") }
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        return Measurement(seconds: seconds, peakKilobytes: Int(usage.ru_maxrss))
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}
