import Testing
import Injection
@testable import InjectionTrace

struct TraceRoundTripTests {
    @Test func everyKindSurvivesEncodeAndRead() throws {
        let file = try TraceReader.read(bytes: TraceFixtures.everyKindTrace)
        #expect(file.diagnostics == [])
        #expect(file.header == TraceFixtures.header)
        #expect(file.records.count == TraceFixtures.everyKind.count)
        // Re-encoding what was read gives the same bytes: every field of every kind came back.
        let again = file.records.flatMap(TraceEncoder.encode)
        let original = TraceFixtures.everyKind.flatMap(TraceEncoder.encode)
        #expect(String(decoding: again, as: UTF8.self) == String(decoding: original, as: UTF8.self))
    }

    @Test func aReleasedContainerIsReadBack() throws {
        let file = try TraceReader.read(bytes: TraceFixtures.everyKindTrace)
        let released = file.records.compactMap { record -> ContainerReleased? in
            guard case .event(let event) = record, case .containerReleased(let released) = event.kind else { return nil }
            return released
        }
        #expect(released == [ContainerReleased(container: TraceFixtures.tricky)])
        // One without its container is an error on its line, and the rest is read.
        let bad = try TraceReader.read(bytes: TraceFixtures.lines(
            TraceFixtures.headerLine, #"{"kind":"containerReleased","seq":1,"t":1,"thread":1}"#,
            #"{"kind":"containerReleased","seq":2,"t":2,"thread":1,"container":"request-7"}"#))
        #expect(bad.records.count == 1)
        #expect(bad.diagnostics.map(\.message) == [#""containerReleased" record has no "container"; line skipped"#])
    }

    @Test func trickyNamesComeBackExactly() throws {
        let file = try TraceReader.read(bytes: TraceFixtures.everyKindTrace)
        guard case .event(let event) = file.records[3], case .registered(let registered) = event.kind else {
            Issue.record("expected a registration, got \(file.records[3])")
            return
        }
        #expect(registered.service == TraceFixtures.named)
        #expect(registered.service.type == TraceFixtures.tricky)
        #expect(registered.scope == .custom("login \(TraceFixtures.tricky)"))
        #expect(registered.location == TraceFixtures.location)
        #expect(registered.replaced == .init(service: TraceFixtures.app, location: SourceLocation(fileID: "A.swift", line: 3)))
        guard case .end(_, let reason) = file.records.last else {
            Issue.record("expected the end record last")
            return
        }
        #expect(reason == "Missing registration: \(TraceFixtures.tricky)\n  Fix: register it")
        #expect(file.header.app == "sample \(TraceFixtures.tricky)")
    }

    @Test func escapingIsExactlyAsSpecified() {
        let line = TraceEncoder.line(.end(time: 1, reason: "a\"b\\c\nd\te\u{01}f\u{7F}🧪"))
        #expect(line == #"{"kind":"end","t":1,"reason":"a\"b\\c\nd\te\u0001f\u007f🧪"}"# + "\n")
    }

    @Test func readerAcceptsStandardEscapesAndAnyFieldOrder() throws {
        let bytes = TraceFixtures.lines(
            TraceFixtures.headerLine,
            #"{ "t" : 5, "reason" : "x\ny\t\"\/\u00e9\ud83e\uddea", "kind" : "end" }"#)
        let file = try TraceReader.read(bytes: bytes)
        #expect(file.diagnostics == [])
        guard case .end(let time, let reason)? = file.records.first else {
            Issue.record("expected an end record")
            return
        }
        #expect(time == 5)
        #expect(reason == "x\ny\t\"/é🧪")
    }

    @Test func chunkedFeedingGivesTheSameRecords() {
        let bytes = TraceFixtures.everyKindTrace
        for size in [1, 7, 64, 4096] {
            var reader = TraceReader()
            var records: [TraceRecord] = []
            var index = 0
            while index < bytes.count {
                let end = min(bytes.count, index + size)
                records += reader.feed(bytes[index..<end])
                index = end
            }
            records += reader.finish()
            #expect(reader.takeDiagnostics() == [], "chunk size \(size)")
            #expect(records.count == TraceFixtures.everyKind.count + 1, "chunk size \(size)")
            #expect(records.flatMap(TraceEncoder.encode) == bytes, "chunk size \(size)")
        }
    }
}
