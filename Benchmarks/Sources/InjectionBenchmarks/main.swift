// `swift run -c release InjectionBenchmarks [options] [scenario ...]`
//
// Prints a markdown table of nanoseconds and heap allocations per resolve for direct
// construction, a bare dictionary, Swinject and Injection, the 2-thread scaling, and the targets.
//
// Options:
//   scenario ...           only the scenarios whose id contains one of these words
//   --list                 the scenario ids and their implementations
//   --time MS              length of one timed run (default 200)
//   --rounds N             timed runs per variant, the fastest counts (default 5)
//   --quick                --time 20 --rounds 2: a smoke run
//   --cpu                  time each run on the measuring thread's CPU clock, not the wall clock
//   --profile ID IMPL      run only that variant, N times, inside `benchProfiledRegion`, for
//                          `valgrind --tool=callgrind --toggle-collect='*benchProfiledRegion*'`
//   --iterations N         operations for --profile (default 100000)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct Options {
    var settings = Settings()
    var filters: [String] = []
    var list = false
    var profile: (scenario: String, implementation: String)?
    var iterations = 100_000

    init(_ arguments: ArraySlice<String>) {
        var arguments = arguments
        func value(_ flag: String) -> String {
            guard let value = arguments.popFirst() else { fail("\(flag) needs a value") }
            return value
        }
        func number(_ flag: String) -> Int {
            guard let number = Int(value(flag)), number > 0 else { fail("\(flag) needs a positive number") }
            return number
        }
        while let argument = arguments.popFirst() {
            switch argument {
            case "--list": list = true
            case "--time": settings.runNanoseconds = UInt64(number(argument)) * 1_000_000
            case "--rounds": settings.rounds = number(argument)
            case "--quick": settings.runNanoseconds = 20_000_000; settings.rounds = 2
            case "--cpu": settings.cpuClock = true
            case "--profile": profile = (value(argument), value(argument))
            case "--iterations": iterations = number(argument)
            case "-h", "--help":
                print("usage: InjectionBenchmarks [--list] [--time MS] [--rounds N] [--quick] "
                    + "[--cpu] [--profile SCENARIO IMPLEMENTATION [--iterations N]] [scenario ...]")
                exit(0)
            default:
                if argument.hasPrefix("-") { fail("unknown option \(argument)") }
                filters.append(argument)
            }
        }
    }
}

func fail(_ message: String) -> Never {
    progress("InjectionBenchmarks: \(message)")
    exit(2)
}

/// A line on standard error (progress and warnings; the table goes to standard output).
func progress(_ message: String) {
    var line = message + "\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

/// The region callgrind collects in with `--toggle-collect='*benchProfiledRegion*'`.
@inline(never)
func benchProfiledRegion(_ variant: Variant, iterations: Int) {
    variant.run(iterations)
}

let options = Options(CommandLine.arguments.dropFirst())
var scenarios = Scenario.all()
if !options.filters.isEmpty {
    scenarios = scenarios.filter { scenario in options.filters.contains { scenario.id.contains($0) } }
    if scenarios.isEmpty { fail("no scenario matches \(options.filters.joined(separator: " ")); see --list") }
}

if options.list {
    for scenario in scenarios {
        print("\(scenario.id): \(scenario.variants.map(\.implementation.name).joined(separator: ", "))")
    }
    exit(0)
}

if let (id, name) = options.profile {
    guard let scenario = Scenario.all().first(where: { $0.id == id }) else { fail("no scenario \(id); see --list") }
    guard let variant = scenario.variants.first(where: { $0.implementation.name.lowercased() == name.lowercased() })
        ?? scenario.variants.first(where: { $0.implementation.name.lowercased().hasPrefix(name.lowercased()) })
        ?? scenario.variants.first(where: { $0.implementation.name.lowercased().contains(name.lowercased()) })
    else { fail("scenario \(id) has no implementation \(name); see --list") }
    variant.setUp()
    variant.run(1_000)
    let start = now()
    benchProfiledRegion(variant, iterations: options.iterations)
    let elapsed = now() - start
    variant.tearDown()
    progress("\(id) / \(variant.implementation): \(options.iterations) ops, "
        + "\(formatNanoseconds(Double(elapsed) / Double(options.iterations))) ns/op")
    exit(0)
}

if !allocationCountingWorks() {
    progress("warning: the malloc counter sees no allocations here; allocs/op will read 0")
}
let settings = options.settings
progress("InjectionBenchmarks: \(scenarios.count) scenarios, \(settings.rounds) rounds of ≥ \(settings.runNanoseconds / 1_000_000) ms per variant, "
    + "\(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores")
let results = Measurer(settings: settings, log: progress).run(scenarios)

print("## Injection benchmarks")
print("")
print("ns/op: best of \(settings.rounds) interleaved runs of ≥ \(settings.runNanoseconds / 1_000_000) ms each"
    + (settings.cpuClock ? ", on the measuring thread's CPU clock" : "") + "; "
    + "allocs/op: heap allocations per operation on the measuring thread (malloc & co.).")
print("")
print(Report(scenarios: scenarios, results: results, targets: Target.all).render())
