import Foundation
import SyntheticApps

/// `make bench`'s scan figures (Scan/): synthetic apps in every style, `di-scan --parse-only`
/// against a full scan of the same files and jobs (`di-scan` alone, and the whole
/// `di-inspect scan`: parse, extract, write, read, link, check, print), one job against two, peak
/// memory on 200 k lines, and byte-identical output whatever the job count. Ratios in one run,
/// of medians, in wall time and in CPU time (user + system: steadier on a shared machine); never
/// a test.
///
///     scan-bench [--di-scan PATH] [--di-inspect PATH] [--lines 200000] [--files 2000] [--runs 7] [--scale]
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
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        var diScan = beside.appendingPathComponent("di-scan").path
        var diInspect = beside.appendingPathComponent("di-inspect").path
        var lines = 200_000
        var files = 2_000
        var scale = false
        var runs = 7
        while let argument = arguments.first {
            arguments.removeFirst()
            switch argument {
            case "--di-scan": diScan = arguments.removeFirst()
            case "--di-inspect": diInspect = arguments.removeFirst()
            case "--lines": lines = Int(arguments.removeFirst()) ?? lines
            case "--files": files = Int(arguments.removeFirst()) ?? files
            case "--scale": scale = true
            case "--runs": runs = max(1, Int(arguments.removeFirst()) ?? runs)
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
        let whole = FileManager.default.isExecutableFile(atPath: diInspect)
        // Each figure is the median of `runs` runs, the runs of the figures a ratio compares
        // taken in turn (1 job, 2 jobs, 1 job, …), so a change in the machine's load falls on both.
        var parseOnly: [Measurement] = [], fullOne: [Measurement] = [], fullTwo: [Measurement] = []
        var wholeOne: [Measurement] = [], wholeTwo: [Measurement] = []
        for _ in 0..<runs {
            parseOnly.append(try measure(diScan, ["--parse-only", "--jobs", "1", folder]))
            fullOne.append(try measure(diScan, ["--jobs", "1", "-o", scratch + "/one.ndjson", folder]))
            fullTwo.append(try measure(diScan, ["--jobs", "2", "-o", scratch + "/two.ndjson", folder]))
            if whole {
                // What a user runs: the di-inspect process from start to exit, its di-scan
                // included, its report written (here to a file). Exit 1: the generated apps have
                // missing registrations, found as they should be.
                wholeOne.append(try measure(
                    diInspect, ["scan", "--jobs", "1", folder], scanner: diScan, passing: [0, 1], output: scratch + "/one.report"))
                wholeTwo.append(try measure(
                    diInspect, ["scan", "--jobs", "2", folder], scanner: diScan, passing: [0, 1], output: scratch + "/two.report"))
            }
        }
        let identical = FileManager.default.contentsEqual(atPath: scratch + "/one.ndjson", andPath: scratch + "/two.ndjson")
        let parse = Measurement.median(parseOnly), one = Measurement.median(fullOne), two = Measurement.median(fullTwo)
        func ratio(_ full: Measurement, _ base: Measurement) -> String {
            "\(format(full.seconds / base.seconds)) wall, \(format(full.cpuSeconds / base.cpuSeconds)) CPU"
        }
        print("medians of \(runs) runs each, wall (CPU: user + system of the process and its children)")
        print("parse-only, 1 job           \(parse)")
        print("di-scan, 1 job              \(one)   ÷ parse-only = \(ratio(one, parse))  (goal <= 2.00)")
        print("di-scan, 2 jobs             \(two)   1 job ÷ 2 jobs = \(format(one.seconds / two.seconds)) wall  (goal >= 1.60)")
        if whole {
            let inspectOne = Measurement.median(wholeOne), inspectTwo = Measurement.median(wholeTwo)
            print("whole di-inspect scan (the process end to end, as /usr/bin/time measures it: di-scan, reading, linking, checks, report):")
            print("di-inspect scan, 1 job      \(inspectOne)   ÷ parse-only = \(ratio(inspectOne, parse))  (goal <= 2.00)")
            print("di-inspect scan, 2 jobs     \(inspectTwo)   1 job ÷ 2 jobs = \(format(inspectOne.seconds / inspectTwo.seconds)) wall  (goal >= 1.60)")
            print("  after di-scan (di-inspect's own work, whole − di-scan): 1 job \(format(inspectOne.seconds - one.seconds)) s wall, "
                + "\(format(inspectOne.cpuSeconds - one.cpuSeconds)) s CPU; 2 jobs \(format(inspectTwo.seconds - two.seconds)) s wall, "
                + "\(format(inspectTwo.cpuSeconds - two.cpuSeconds)) s CPU")
            let reports = FileManager.default.contentsEqual(atPath: scratch + "/one.report", andPath: scratch + "/two.report")
            print("report, 1 vs 2 jobs \(reports ? "byte-identical" : "DIFFERENT")")
        } else {
            print("di-inspect scan: \(diInspect) not built (make scan-bench builds it); the whole path not measured")
        }
        print("peak memory, 2 jobs \(peak) MB  (goal <= 250 MB on 200 k lines)")
        print("facts, 1 vs 2 jobs \(identical ? "byte-identical" : "DIFFERENT")")
        let (small, large) = try oneBlock(diScan, scratch: scratch, runs: runs)
        print("one function of 2 000 registrations \(small), of 8 000 \(large): 4× the lines take "
            + "\(format(large.seconds / small.seconds))× the time  (goal <= 6.00; linear 4, quadratic 16)")
        if whole {
            let (small, large) = try oneSwitch(diInspect, diScan: diScan, scratch: scratch, runs: runs)
            print("one switch of 2 000 cases registering one key \(small), of 8 000 \(large), whole scan: 4× the lines take "
                + "\(format(large.seconds / small.seconds))× the time  (goal <= 6.00; linear 4, quadratic 16)")
        }
        if scale {
            let large = scratch + "/scale"
            let big = try SyntheticApp(style: .mixed, files: 5_000, lines: 500_000, seed: 2).write(to: large)
            let run = try measure(diScan, ["--jobs", "2", "-o", scratch + "/scale.ndjson", large])
            print("scale: \(big.files) files, \(big.lines) lines: full scan, 2 jobs \(format(run.seconds)) s")
        }
    }

    /// di-scan on one file whose one function registers `count` services on one container (an
    /// app's generated wiring): the time must grow with the lines, not with their square.
    static func oneBlock(_ diScan: String, scratch: String, runs: Int) throws -> (Measurement, Measurement) {
        try smallAndLarge(name: "one-block", scratch: scratch, runs: runs, source: { count in
            let body = (0..<count).map { "    c.register { Service\($0)() }" }.joined(separator: "\n")
            return "import Injection\n\nfunc registerAll(c: Container) {\n\(body)\n}\n"
        }, measuring: { folder in try measure(diScan, ["-o", scratch + "/one-block.ndjson", folder]) })
    }

    /// The whole `di-inspect scan` of one file whose `switch` registers one key in each of
    /// `count` cases: registrations on exclusive arms never override each other, and the search
    /// for the one a registration overrides must not walk all of them.
    static func oneSwitch(_ diInspect: String, diScan: String, scratch: String, runs: Int) throws -> (Measurement, Measurement) {
        try smallAndLarge(name: "one-switch", scratch: scratch, runs: runs, source: { count in
            let cases = (0..<count).map { "    case \($0): c.register { Live() as Service }" }.joined(separator: "\n")
            return "import Injection\n\nprotocol Service {}\nfinal class Live: Service {}\n\n"
                + "func registerOne(c: Container, mode: Int) {\n  switch mode {\n\(cases)\n    default: break\n  }\n}\n"
        }, measuring: { folder in try measure(diInspect, ["scan", folder], scanner: diScan, passing: [0, 1]) })
    }

    /// One file of `source(2 000)` and one of `source(8 000)`, each measured `runs` times in turn:
    /// the medians, for the ratio that tells linear from quadratic.
    static func smallAndLarge(
        name: String, scratch: String, runs: Int, source: (Int) -> String, measuring: (String) throws -> Measurement
    ) throws -> (Measurement, Measurement) {
        func file(_ count: Int) throws -> String {
            let folder = scratch + "/\(name)-\(count)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try source(count).write(toFile: folder + "/Wiring.swift", atomically: true, encoding: .utf8)
            return folder
        }
        let small = try file(2_000), large = try file(8_000)
        var smallRuns: [Measurement] = [], largeRuns: [Measurement] = []
        for _ in 0..<runs {
            smallRuns.append(try measuring(small))
            largeRuns.append(try measuring(large))
        }
        return (.median(smallRuns), .median(largeRuns))
    }

    struct Measurement: CustomStringConvertible {
        var seconds: Double
        /// User and system time of the process and its children (di-inspect's di-scan).
        var cpuSeconds: Double
        var peakKilobytes: Int

        static let none = Measurement(seconds: .infinity, cpuSeconds: .infinity, peakKilobytes: 0)

        /// The median run's wall and CPU time, each taken alone (a stable figure where the
        /// quickest run is luck), and the largest peak.
        static func median(_ runs: [Measurement]) -> Measurement {
            func middle(_ values: [Double]) -> Double {
                let sorted = values.sorted()
                return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            }
            return Measurement(
                seconds: middle(runs.map(\.seconds)), cpuSeconds: middle(runs.map(\.cpuSeconds)),
                peakKilobytes: runs.map(\.peakKilobytes).max() ?? 0)
        }

        var description: String { "\(format(seconds)) s (CPU \(format(cpuSeconds)) s)" }
    }

    static func measure(
        _ executable: String, _ arguments: [String], scanner: String? = nil, passing: Set<Int32> = [0], output: String? = nil
    ) throws -> Measurement {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let scanner { process.environment = ProcessInfo.processInfo.environment.merging(["DI_SCAN": scanner]) { $1 } }
        var outputFile: FileHandle?
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: nil) else { fail("cannot write \(output)") }
            outputFile = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        }
        defer { try? outputFile?.close() }
        process.standardOutput = outputFile ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let before = childUsage()
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        guard passing.contains(process.terminationStatus) else {
            fail("\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        let after = childUsage()
        func cpu(_ usage: rusage) -> Double {
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        return Measurement(seconds: seconds, cpuSeconds: cpu(after) - cpu(before), peakKilobytes: Int(after.ru_maxrss))
    }

    /// Children waited for so far; `ru_maxrss` is the largest of them.
    static func childUsage() -> rusage {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        return usage
    }

    static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}
