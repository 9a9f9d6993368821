import Testing
@testable import Injection

/// Exact lines, as `docs/TRACE_FORMAT.md` shows them.
struct TraceEncoderTests {
    static let service = ServiceIdentity(type: "XYZFetching", name: "edit", container: "app", layer: "Login", member: "viewModel")

    @Test func header() {
        let line = TraceEncoder.line(.header(TraceHeader(app: "sample-app", pid: 4242, startTime: "2026-11-22T04:23:13Z")))
        #expect(line == #"{"format":"di-trace","version":1,"app":"sample-app","pid":4242,"start":"2026-11-22T04:23:13Z"}"# + "\n")
    }

    @Test func resolvedWithEveryOptionalField() {
        let event = ResolutionEvent(sequence: 12, time: 3_000, thread: 2, kind: .resolved(Resolved(
            service: Self.service, requester: ServiceIdentity(type: "A", container: "app"), scope: .custom("login"),
            outcome: .cached, source: .mapping, durationNanoseconds: 0, depth: 2,
            mappedFrom: ServiceIdentity(type: "B", container: "app"))))
        #expect(TraceEncoder.line(.event(event)) == #"{"kind":"resolved","seq":12,"t":3000,"thread":2,"#
            + #""service":{"type":"XYZFetching","name":"edit","container":"app","layer":"Login","member":"viewModel"},"#
            + #""requester":{"type":"A","container":"app"},"scope":"login","outcome":"cached","source":"mapping","#
            + #""ns":0,"depth":2,"mappedFrom":{"type":"B","container":"app"}}"# + "\n")
    }

    @Test func registeredOverride() {
        let event = ResolutionEvent(sequence: 1, time: 0, thread: 1, kind: .registered(Registered(
            service: ServiceIdentity(type: "A", container: "app"), scope: .singleton,
            location: SourceLocation(fileID: "App/Main.swift", line: 12),
            replaced: .init(service: ServiceIdentity(type: "A", container: "app"), location: SourceLocation(fileID: "App/Main.swift", line: 3)))))
        #expect(TraceEncoder.line(.event(event)) == #"{"kind":"registered","seq":1,"t":0,"thread":1,"#
            + #""service":{"type":"A","container":"app"},"scope":"singleton","at":"App/Main.swift:12","#
            + #""replaced":{"service":{"type":"A","container":"app"},"at":"App/Main.swift:3"}}"# + "\n")
    }

    @Test func bookkeepingRecords() {
        #expect(TraceEncoder.line(.dropped(count: 92, time: 18_446_744_073_709_551_615))
            == #"{"kind":"dropped","count":92,"t":18446744073709551615}"# + "\n")
        #expect(TraceEncoder.line(.end(time: 0, reason: "exit")) == #"{"kind":"end","t":0,"reason":"exit"}"# + "\n")
        #expect(TraceEncoder.line(.aggregate(ResolutionAggregate(
            service: ServiceIdentity(type: "A", container: "c"), requester: nil, scope: .unique, outcome: .created,
            source: .factory, count: 10, totalNanoseconds: 100, firstTime: 5, lastTime: 9)))
            == #"{"kind":"aggregate","service":{"type":"A","container":"c"},"scope":"unique","outcome":"created","#
            + #""source":"factory","count":10,"ns":100,"from":5,"to":9}"# + "\n")
    }

    @Test func escapesControlCharactersQuotesAndBackslashes() {
        var buffer: [UInt8] = Array("x".utf8)
        TraceEncoder.encode(.end(time: 1, reason: "\u{0}\u{1F}\"\\é🧪\r"), into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self)
            == #"x{"kind":"end","t":1,"reason":"\u0000\u001f\"\\é🧪\r"}"# + "\n")
    }

    /// What the display escapes is escaped in the trace too, the invisible characters with the
    /// controls; other characters that share their lead bytes pass as written.
    @Test func escapesWhatTheDisplayEscapes() {
        var buffer: [UInt8] = []
        TraceEncoder.encode(
            .end(time: 1, reason: "a\u{85}\u{AD}\u{202E}\u{200B}\u{2060}\u{FEFF}b \u{A0}\u{2019}\u{FF21}\u{FFFD}日本"), into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self)
            == #"{"kind":"end","t":1,"reason":"a\u0085\u00ad\u202e\u200b\u2060\ufeffb "# + "\u{A0}\u{2019}\u{FF21}\u{FFFD}日本" + #""}"# + "\n")
    }
}
