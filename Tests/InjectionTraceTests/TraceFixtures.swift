@testable import Injection

/// Records of every kind, with names that stress escaping.
enum TraceFixtures {
    static let tricky = "Quote\"Back\\slash\nNew\tTab\u{01}Ctl\u{1F}\u{7F}Del 🧪é/end"

    static let app = ServiceIdentity(type: "XYZFetching", container: "app")
    static let named = ServiceIdentity(type: tricky, name: "edit \"mode\"", container: "app\\main")
    static let keypath = ServiceIdentity(type: "LoginViewModel", container: "app", layer: "Login", member: "viewModel")
    static let location = SourceLocation(fileID: "My:App/File \"x\".swift", line: 12)

    static let header = TraceHeader(app: "sample \(tricky)", pid: 4242, startTime: "2026-11-22T04:23:13Z")

    static func event(_ sequence: UInt64, _ kind: ResolutionEvent.Kind) -> TraceRecord {
        .event(ResolutionEvent(sequence: sequence, time: sequence * 1000, thread: 1 + sequence % 3, kind: kind))
    }

    /// One record of every kind (and the optional fields both present and absent).
    static var everyKind: [TraceRecord] {
        [
            event(1, .containerCreated(ContainerCreated(container: "app", parent: nil, location: location))),
            event(2, .containerCreated(ContainerCreated(container: tricky, parent: "app", location: location))),
            event(3, .registered(Registered(
                service: app, scope: .singleton, location: location, replaced: nil, implements: [named]))),
            event(4, .registered(Registered(
                service: named, scope: .custom("login \(tricky)"), location: location,
                replaced: .init(service: app, location: SourceLocation(fileID: "A.swift", line: 3))))),
            event(5, .resolved(Resolved(
                service: app, requester: nil, scope: .unique, outcome: .created, source: .factory,
                durationNanoseconds: 1234, depth: 1))),
            event(6, .resolved(Resolved(
                service: keypath, requester: named, scope: .graph, outcome: .cached, source: .mapping,
                durationNanoseconds: 0, depth: 3, mappedFrom: app, isPropertyInjection: true))),
            event(7, .missing(MissingRegistration(
                requested: named, requesterChain: [app, keypath],
                nearMisses: [
                    NearMiss(kind: .otherName, service: app),
                    NearMiss(kind: .otherContainer, service: keypath, relation: "parent"),
                ],
                fix: "app.register { <#\(tricky)#>() }", location: location))),
            event(8, .missing(MissingRegistration(
                requested: app, requesterChain: [], nearMisses: [], fix: "x", location: nil))),
            event(9, .cycle(DependencyCycle(path: [app, named, app], enteredThrough: [keypath], closedAt: location, decoratorAt: location))),
            event(10, .scopeMismatch(ScopeMismatch(holder: app, holderScope: .cached, captive: named, captiveScope: .unique))),
            event(11, .mappingChanged(MappingChange(action: .set, container: "app", from: keypath, to: named, location: location))),
            event(12, .mappingChanged(MappingChange(action: .resetAll, container: "app", from: nil, to: nil, location: location))),
            event(13, .staleOverride(StaleOverride(replaced: app, replacement: named, scope: .shared, location: location))),
            event(14, .scopeReset(ScopeReset(container: "app", scope: .custom("session"), discarded: 7))),
            event(15, .resolvedToNil(MissingRegistration(
                requested: named, requesterChain: [app], nearMisses: [NearMiss(kind: .optional, service: app)],
                fix: "app.register { <#\(tricky)#>() }", location: location))),
            event(16, .lazyResolved(LazyResolution(owner: app, service: keypath, location: location))),
            event(17, .lazyResolved(LazyResolution(owner: nil, service: named, location: location))),
            event(18, .scopeReset(ScopeReset(container: "app", scope: .cached, discarded: 2, location: location))),
            event(19, .instanceEnded(InstanceEnded(service: app, scope: .singleton, reason: .replaced, location: location))),
            event(20, .instanceEnded(InstanceEnded(service: named, scope: .shared, reason: .released))),
            event(21, .containerReleased(ContainerReleased(container: tricky))),
            event(22, .scopeMismatch(ScopeMismatch(
                holder: app, holderScope: .singleton, captive: keypath, captiveScope: .unique, captiveHoldsNothing: true))),
            .aggregate(ResolutionAggregate(
                service: app, requester: keypath, scope: .singleton, outcome: .cached, source: .override,
                count: 999_999, totalNanoseconds: UInt64.max, firstTime: 10, lastTime: 20)),
            .aggregate(ResolutionAggregate(
                service: named, requester: nil, scope: .unique, outcome: .created, source: .argument,
                count: 1, totalNanoseconds: 5, firstTime: 10, lastTime: 10)),
            .dropped(count: 42, time: 15_000),
            .end(time: 16_000, reason: "Missing registration: \(tricky)\n  Fix: register it"),
        ]
    }

    /// The header and every record, as a trace.
    static var everyKindTrace: [UInt8] {
        ([TraceRecord.header(header)] + everyKind).flatMap(TraceEncoder.encode)
    }

    static func lines(_ text: String...) -> [UInt8] {
        Array(text.map { $0 + "\n" }.joined().utf8)
    }

    static let headerLine = #"{"format":"di-trace","version":1,"app":"t","pid":1,"start":"2026-01-01T00:00:00Z"}"#
}
