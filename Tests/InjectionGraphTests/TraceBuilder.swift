import Injection
@testable import InjectionGraph

/// Builds hand-made traces from real ``ResolutionEvent`` values, numbering them as the runtime
/// does (sequence from 1, time in steps of 100 ns).
struct TraceBuilder {
    var records: [TraceRecord] = [.header(TraceHeader(app: "sample-app", pid: 42, startTime: "2026-11-22T04:23:13Z"))]
    var sequence: UInt64 = 0

    static func id(_ type: String, name: String? = nil, in container: String = "app", layer: String? = nil, member: String? = nil) -> ServiceIdentity {
        ServiceIdentity(type: type, name: name, container: container, layer: layer, member: member)
    }

    static func at(_ line: Int, _ file: String = "App/Assembly.swift") -> SourceLocation {
        SourceLocation(fileID: file, line: line)
    }

    mutating func event(_ kind: ResolutionEvent.Kind, thread: UInt64 = 1) {
        sequence += 1
        records.append(.event(ResolutionEvent(sequence: sequence, time: sequence * 100, thread: thread, kind: kind)))
    }

    mutating func container(_ name: String, parent: String? = nil, line: Int = 1) {
        event(.containerCreated(ContainerCreated(container: name, parent: parent, location: Self.at(line))))
    }

    mutating func register(_ service: ServiceIdentity, _ scope: Scope = .unique, line: Int = 10, replacing: (ServiceIdentity, Int)? = nil) {
        event(.registered(Registered(
            service: service, scope: scope, location: Self.at(line),
            replaced: replacing.map { Registered.Replaced(service: $0.0, location: Self.at($0.1)) })))
    }

    mutating func resolve(
        _ service: ServiceIdentity, by requester: ServiceIdentity? = nil, _ scope: Scope = .unique,
        _ outcome: Resolved.Outcome = .created, ns: UInt64 = 100, depth: Int? = nil, thread: UInt64 = 1
    ) {
        event(.resolved(Resolved(
            service: service, requester: requester, scope: scope, outcome: outcome, source: .factory,
            durationNanoseconds: ns, depth: depth ?? (requester == nil ? 1 : 2))), thread: thread)
    }

    var graph: DependencyGraph { DependencyGraph(records: records) }
}
