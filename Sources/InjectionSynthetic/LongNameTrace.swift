import Injection
import InjectionTrace

/// A trace whose service names are very long (hundreds of kilobytes each, as a hostile or
/// generated trace may have): a chain of singletons, each registered and resolved by the one
/// before it, ending in a missing registration. For `make bench`'s check that every command
/// costs the trace's length, not its length times a name's (Scripts/bench-long-names.sh).
///
/// ```swift
/// let bytes = LongNameTrace(nameBytes: 500_000, services: 20).encoded()   // about 30 MB
/// ```
public struct LongNameTrace: Sendable {
    /// How long each name is, in bytes (a resolve line holds two: keep it under half the
    /// reader's longest line).
    public var nameBytes: Int
    public var services: Int

    public init(nameBytes: Int, services: Int) {
        self.nameBytes = nameBytes
        self.services = services
    }

    /// The name of service `index`: a long run of one letter, then its number.
    public func name(_ index: Int) -> String {
        String(repeating: "S", count: max(0, nameBytes - 6)) + String(1_000_000 + index).dropFirst()
    }

    public func records() -> [TraceRecord] {
        let identities = (0..<services).map { ServiceIdentity(type: name($0), container: "app") }
        var records: [TraceRecord] = [.header(TraceHeader(app: "long-names", pid: 1, startTime: "2026-11-22T00:00:00Z"))]
        var sequence: UInt64 = 0
        func event(_ kind: ResolutionEvent.Kind) -> TraceRecord {
            sequence += 1
            return .event(ResolutionEvent(sequence: sequence, time: sequence * 1_000, thread: 1, kind: kind))
        }
        for (index, identity) in identities.enumerated() {
            records.append(event(.registered(Registered(
                service: identity, scope: .singleton, location: SourceLocation(fileID: "App/Wiring.swift", line: index + 1),
                replaced: nil))))
        }
        for (index, identity) in identities.enumerated() {
            records.append(event(.resolved(Resolved(
                service: identity, requester: index > 0 ? identities[index - 1] : nil, scope: .singleton, outcome: .created,
                source: .factory, durationNanoseconds: 1_000, depth: index + 1))))
        }
        records.append(.end(time: (sequence + 1) * 1_000, reason: "exit"))
        return records
    }

    /// The trace as a file's bytes.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        for record in records() { TraceEncoder.encode(record, into: &bytes) }
        return bytes
    }
}
