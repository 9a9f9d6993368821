import Injection
import Testing
@testable import InjectionGraph

/// Registrations set again and again from the same site fold into one override each: the graph
/// grows with the distinct overrides, not with the events (a churning app re-registers its
/// services all day).
struct RegistrationOverrideFoldTests {
    typealias B = TraceBuilder

    static func graph(_ trace: TraceBuilder) -> DependencyGraph { DependencyGraph(records: trace.records) }

    @Test func aServiceRegisteredAThousandTimesHasTwoOverrides() {
        var trace = TraceBuilder()
        let service = B.id("Session")
        trace.register(service, .singleton, line: 10)
        for _ in 0..<1_000 { trace.register(service, .singleton, line: 20, replacing: (service, trace.records.count > 2 ? 20 : 10)) }
        let graph = Self.graph(trace)
        // The first replaced line 10; the 999 others replaced line 20 from line 20: one record.
        #expect(graph.overrides.count == 2)
        #expect(graph.overrides.map(\.replacedLocation?.line) == [10, 20])
        #expect(graph.overrides.map(\.isActive) == [false, true])
        #expect(graph.overrides[1].time == trace.records.count.toTime)
        #expect(graph.nodes[graph.nodeID(for: service)!].registrationCount == 1_001)
    }

    @Test func interleavedServicesKeepOneActiveOverrideEach() {
        var trace = TraceBuilder()
        let services = (0..<100).map { B.id("Service\($0)") }
        for service in services { trace.register(service, .singleton, line: 10) }
        for round in 0..<50 {
            for service in services { trace.register(service, .singleton, line: 20, replacing: (service, round == 0 ? 10 : 20)) }
        }
        let graph = Self.graph(trace)
        #expect(graph.overrides.count == 200)
        #expect(graph.overrides.count(where: \.isActive) == 100)
        #expect(Set(graph.overrides.filter(\.isActive).map(\.to)) == Set(services))
    }

    @Test func aMappingFoldThatMovesRecordsKeepsTheRegistrationIndexTrue() {
        var trace = TraceBuilder()
        let real = B.id("API"), mock = B.id("MockAPI"), session = B.id("Session")
        trace.event(.mappingChanged(MappingChange(action: .set, container: "app", from: real, to: mock, location: B.at(40))))
        trace.event(.mappingChanged(MappingChange(action: .reset, container: "app", from: real, to: nil, location: B.at(41))))
        trace.register(session, .singleton, line: 10)
        trace.register(session, .singleton, line: 20, replacing: (session, 10))
        // The same mapping set again: its earlier record is removed, the registration's moves up.
        trace.event(.mappingChanged(MappingChange(action: .set, container: "app", from: real, to: mock, location: B.at(40))))
        trace.register(session, .singleton, line: 30, replacing: (session, 20))
        let graph = Self.graph(trace)
        let registrations = graph.overrides.filter { $0.kind == .registration }
        #expect(registrations.map(\.location.line) == [20, 30])
        #expect(registrations.map(\.isActive) == [false, true], "the moved record was found and ended")
        #expect(graph.overrides.count { $0.kind == .mapping } == 1)
    }
}

private extension Int {
    /// TraceBuilder's time of its `self`th record (the header is record 1 and has none).
    var toTime: UInt64 { UInt64(self - 1) * 100 }
}
