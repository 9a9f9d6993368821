import Injection
import InjectionGraph

/// A deterministic, made-up trace of any size, for scale tests and benchmarks.
///
/// Services are spread over containers and layers; edges mostly point from lower to higher
/// service numbers (a layered DAG), plus ``cycles`` back edges that close loops. Every service is
/// registered, and roots are resolved from app code.
///
/// ```swift
/// let trace = SyntheticTrace(services: 1_000, edges: 5_000, cycles: 2)
/// let graph = DependencyGraph(records: trace.records())
/// ```
public struct SyntheticTrace: Sendable, Hashable {
    public var services: Int
    public var edges: Int
    public var containers: Int
    public var layers: Int
    public var cycles: Int
    public var missing: Int
    public var seed: UInt64

    public init(
        services: Int, edges: Int, containers: Int = 2, layers: Int = 16, cycles: Int = 0,
        missing: Int = 0, seed: UInt64 = 1
    ) {
        precondition(services >= 2, "a synthetic trace needs at least 2 services")
        self.services = services
        self.edges = edges
        self.containers = max(1, containers)
        self.layers = layers
        self.cycles = cycles
        self.missing = missing
        self.seed = seed
    }

    /// The identities of the services, in order.
    public func identities() -> [ServiceIdentity] {
        (0..<services).map { index in
            let container = "c\(index % containers)"
            guard layers > 0, index % 4 != 0 else { return ServiceIdentity(type: "Service\(index)", container: container) }
            return ServiceIdentity(
                type: "Service\(index)", container: container, layer: "Layer\(index % layers)", member: "member\(index)")
        }
    }

    /// The header, container creations, registrations, then resolves (with `edges` distinct
    /// requester → service pairs), missing requests, and an end record.
    public func records() -> [TraceRecord] {
        var random = SplitMix64(seed: seed)
        let ids = identities()
        var records: [TraceRecord] = []
        records.reserveCapacity(services + edges + containers + missing + 2)
        records.append(.header(TraceHeader(app: "synthetic", pid: 1, startTime: "2026-01-01T00:00:00Z")))
        var sequence: UInt64 = 0
        func event(_ kind: ResolutionEvent.Kind) -> TraceRecord {
            sequence += 1
            return .event(ResolutionEvent(sequence: sequence, time: sequence * 100, thread: 1, kind: kind))
        }
        let location = SourceLocation(fileID: "Synthetic/Assembly.swift", line: 1)
        for index in 0..<containers {
            records.append(event(.containerCreated(ContainerCreated(
                container: "c\(index)", parent: index == 0 ? nil : "c0", location: location))))
        }
        let scopes: [Scope] = [.unique, .graph, .cached, .shared, .singleton]
        for (index, identity) in ids.enumerated() {
            records.append(event(.registered(Registered(
                service: identity, scope: scopes[index % scopes.count], location: location, replaced: nil))))
        }
        // Distinct pairs: walk a deterministic sequence of (from, step) until enough are found.
        var seen = Set<UInt64>(minimumCapacity: edges)
        let regular = max(0, edges - cycles)
        while seen.count < regular {
            let from = Int(random.next() % UInt64(services - 1))
            let span = UInt64(min(services - 1 - from, 200))
            let to = from + 1 + Int(random.next() % span)
            guard seen.insert(UInt64(from) << 32 | UInt64(to)).inserted else { continue }
            records.append(resolve(ids, from: from, to: to, random: &random, event: event))
        }
        for index in 0..<min(cycles, services / 2) {
            // A back edge from a later service to an earlier one it (probably) reaches.
            let to = index * (services / max(cycles, 1))
            let from = min(services - 1, to + 1)
            if seen.insert(UInt64(from) << 32 | UInt64(to)).inserted {
                records.append(resolve(ids, from: from, to: to, random: &random, event: event))
                if seen.insert(UInt64(to) << 32 | UInt64(from)).inserted {
                    records.append(resolve(ids, from: to, to: from, random: &random, event: event))
                }
            }
        }
        for index in stride(from: 0, to: services, by: max(1, services / 100)) {
            records.append(event(.resolved(Resolved(
                service: ids[index], requester: nil, scope: scopes[index % scopes.count], outcome: .created,
                source: .factory, durationNanoseconds: 5_000, depth: 1))))
        }
        for index in 0..<missing {
            let requester = ids[Int(random.next() % UInt64(services))]
            records.append(event(.missing(MissingRegistration(
                requested: ServiceIdentity(type: "Unregistered\(index % 7)", container: "c0"),
                requesterChain: [requester], nearMisses: [], fix: "c0.register { <#Unregistered#>() }",
                location: nil))))
        }
        records.append(.end(time: sequence * 100 + 100, reason: "exit"))
        return records
    }

    private func resolve(
        _ ids: [ServiceIdentity], from: Int, to: Int, random: inout SplitMix64,
        event: (ResolutionEvent.Kind) -> TraceRecord
    ) -> TraceRecord {
        let cached = random.next() % 3 == 0
        return event(.resolved(Resolved(
            service: ids[to], requester: ids[from], scope: .unique, outcome: cached ? .cached : .created,
            source: .factory, durationNanoseconds: cached ? 0 : 1_000 + random.next() % 1_000, depth: 2)))
    }
}
