import Testing
@testable import Injection

struct TraceBootstrapTests {
    // MARK: - Valid DI_INSPECT values

    @Test func parsesEveryDestination() throws {
        #expect(try TraceDestination(parsing: "file:/tmp/app.ndjson") == .file(path: "/tmp/app.ndjson"))
        #expect(try TraceDestination(parsing: "file:relative/t.ndjson") == .file(path: "relative/t.ndjson"))
        #expect(try TraceDestination(parsing: "unix:/tmp/di.sock") == .socket(.unix(path: "/tmp/di.sock")))
        #expect(try TraceDestination(parsing: "unix") == .socket(.unix(path: TraceDestination.defaultSocketPath())))
        #expect(try TraceDestination(parsing: "tcp:127.0.0.1:7777") == .socket(.tcp(host: "127.0.0.1", port: 7777)))
        #expect(try TraceDestination(parsing: "tcp:localhost:1") == .socket(.tcp(host: "localhost", port: 1)))
        #expect(try TraceDestination(parsing: "tcp:[::1]:9000") == .socket(.tcp(host: "::1", port: 9000)))
    }

    @Test func descriptionsRoundTrip() throws {
        for value in ["file:/tmp/a b.ndjson", "unix:/tmp/di.sock", "tcp:127.0.0.1:7777", "tcp:[::1]:9000"] {
            #expect(try TraceDestination(parsing: value).description == value)
        }
    }

    @Test func emptyMeansOff() {
        guard case .success(nil) = TraceBootstrap.destination(forEnvironmentValue: "") else {
            Issue.record("an empty DI_INSPECT must mean: not recording")
            return
        }
        guard case .success(.file(path: "/tmp/x")) = TraceBootstrap.destination(forEnvironmentValue: "file:/tmp/x") else {
            Issue.record("file:/tmp/x must parse")
            return
        }
    }

    // MARK: - Invalid values: one clear line

    @Test(arguments: [
        ("ftp:x", #"DI_INSPECT="ftp:x" is not a trace destination; expected file:PATH, unix:PATH or tcp:HOST:PORT; recording is off."#),
        ("/tmp/trace", #"DI_INSPECT="/tmp/trace" is not a trace destination; expected file:PATH, unix:PATH or tcp:HOST:PORT; recording is off."#),
        ("file:", #"DI_INSPECT="file:" has no path; expected file:PATH or unix:PATH; recording is off."#),
        ("unix:", #"DI_INSPECT="unix:" has no path; expected file:PATH or unix:PATH; recording is off."#),
        ("tcp:7777", #"DI_INSPECT="tcp:7777" has no valid port (1-65535); expected tcp:HOST:PORT, e.g. tcp:127.0.0.1:7777; recording is off."#),
        ("tcp::7777", #"DI_INSPECT="tcp::7777" has no host; expected tcp:HOST:PORT, e.g. tcp:127.0.0.1:7777; recording is off."#),
        ("tcp:host:99999", #"DI_INSPECT="tcp:host:99999" has no valid port (1-65535); expected tcp:HOST:PORT, e.g. tcp:127.0.0.1:7777; recording is off."#),
        ("tcp:host:0", #"DI_INSPECT="tcp:host:0" has no valid port (1-65535); expected tcp:HOST:PORT, e.g. tcp:127.0.0.1:7777; recording is off."#),
    ])
    func rejectsWithOneClearLine(value: String, message: String) {
        guard case .failure(let error) = TraceBootstrap.destination(forEnvironmentValue: value) else {
            Issue.record("\(value) must be rejected")
            return
        }
        #expect(TraceBootstrap.message(for: error) == message)
    }

    @Test func rejectsASocketPathTooLongForSunPath() {
        let path = "/" + String(repeating: "s", count: 120)
        #expect(throws: TraceDestinationError.socketPathTooLong("unix:" + path, length: 121)) {
            try TraceDestination(parsing: "unix:" + path)
        }
    }

    @Test func aTCPDestinationWithoutATokenIsWarnedAbout() throws {
        let bare = try TraceDestination(parsing: "tcp:192.168.1.20:7777")
        #expect(TraceBootstrap.missingTokenWarning(for: bare)
            == "DI_INSPECT=tcp:192.168.1.20:7777 has no token; the listener will refuse it. Set DI_INSPECT_TOKEN to the token `di-inspect listen --tcp` printed, or write it as tcp:TOKEN@HOST:PORT.")
        #expect(TraceBootstrap.missingTokenWarning(for: try TraceDestination(parsing: "tcp:5f0c@192.168.1.20:7777")) == nil)
        #expect(TraceBootstrap.missingTokenWarning(for: try TraceDestination(parsing: "unix:/tmp/di.sock")) == nil)
        #expect(TraceBootstrap.missingTokenWarning(for: try TraceDestination(parsing: "file:/tmp/t.ndjson")) == nil)
    }

    // MARK: - Header

    @Test func headerTimeIsISO8601InUTC() {
        #expect(TraceHeader.iso8601(secondsSinceEpoch: 0) == "1970-01-01T00:00:00Z")
        #expect(TraceHeader.iso8601(secondsSinceEpoch: 1_795_321_393) == "2026-11-22T04:23:13Z")
        let header = TraceHeader.forCurrentProcess(app: "demo")
        #expect(header.app == "demo")
        #expect(header.version == 1)
        #expect(header.startTime.count == 20 && header.startTime.hasSuffix("Z"))
    }
}
