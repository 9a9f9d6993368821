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

    @Test(arguments: ["demo", "run", "listen", "open", "record", "check", "export", "list", "why"])
    func everySubcommandHasHelp(_ subcommand: String) throws {
        let result = try Command.run(Command.path(of: "di-inspect"), [subcommand, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: di-inspect \(subcommand)"), "\(result.stdout)")
    }

    @Test func listenRefusesTwoAddresses() throws {
        let result = try Command.run(Command.path(of: "di-inspect"), ["listen", "--socket", "/tmp/x.sock", "--tcp", "7777"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("Give --socket or --tcp, not both."))
    }
}
