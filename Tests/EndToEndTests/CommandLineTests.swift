import Injection
import InjectionGraph
import Testing

/// `di-inspect` without a terminal: what it says with no subcommand, and `--help` everywhere.
struct CommandLineTests {
    @Test func withoutASubcommandItSaysWhatToType() throws {
        let result = try Command.run(Command.path(of: "di-inspect"), [])
        #expect(result.status == 0)
        for line in ["di-inspect demo", "di-inspect run -- ./my-app", "di-inspect open trace.ndjson",
                     "di-inspect check trace.ndjson", "di-inspect export trace.ndjson --format dot"] {
            #expect(result.stdout.contains(line), "missing: \(line)")
        }
    }

    @Test(arguments: ["demo", "run", "listen", "open", "record", "check", "export", "list", "why", "diff"])
    func everySubcommandHasHelp(_ subcommand: String) throws {
        let result = try Command.run(Command.path(of: "di-inspect"), [subcommand, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: di-inspect \(subcommand)"), "\(result.stdout)")
    }

    @Test func versionComesFromTheOneVersionSource() throws {
        let result = try Command.run(Command.path(of: "di-inspect"), ["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == InjectionVersion.current + "\n")
    }

    /// `demo --help` offers exactly the faults the sample app accepts, and `demo` refuses others.
    @Test func demoOffersEveryFaultOfTheSampleApp() throws {
        func faults(_ help: String) -> [String] {
            let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard let match = flat.firstMatch(of: /wiring bug[^:]*: ([a-z, -]+)\. Repeatable/) else { return [] }
            return match.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let sampleApp = try Command.run(Command.path(of: "sample-app"), ["--help"])
        let demo = try Command.run(Command.path(of: "di-inspect"), ["demo", "--help"])
        let offered = faults(demo.stdout)
        #expect(offered.count >= 8, "\(demo.stdout)")
        #expect(offered == faults(sampleApp.stdout), "demo --help:\n\(demo.stdout)\nsample-app --help:\n\(sampleApp.stdout)")
        let unknown = try Command.run(Command.path(of: "di-inspect"), ["demo", "--fault", "scenario"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Unknown fault 'scenario'; the sample app knows missing, cycle"), "\(unknown.stderr)")
    }

    @Test func listenRefusesTwoAddresses() throws {
        let result = try Command.run(Command.path(of: "di-inspect"), ["listen", "--socket", "/tmp/x.sock", "--tcp", "7777"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("Give --socket or --tcp, not both."))
    }

    /// `check --list-rules` lists the registry: one line per diagnostic, in order, without a trace.
    @Test func checkListsEveryRegisteredDiagnostic() throws {
        let result = try Command.run(Command.path(of: "di-inspect"), ["check", "--list-rules"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = result.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(names == DiagnosticKind.all.map(\.name), "\(result.stdout)")
        let missingFile = try Command.run(Command.path(of: "di-inspect"), ["check"])
        #expect(missingFile.status != 0 && missingFile.stderr.contains("Missing expected argument '<file>'"), "\(missingFile.stderr)")
    }
}
