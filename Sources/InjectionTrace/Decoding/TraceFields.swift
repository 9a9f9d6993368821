import Injection

/// The record kinds of the trace format, matched from the bytes of `kind`.
enum TraceKind: Equatable {
    case containerCreated, registered, resolved, missing, cycle, scopeMismatch, mappingChanged
    case staleOverride, scopeReset, resolvedToNil, lazyResolved, instanceEnded, containerReleased
    case aggregate, dropped, end
    case unknown(String)

    init(_ s: inout JSONScanner) throws(TraceLineError) {
        guard let bytes = s.plainStringBytes() else {
            self = .unknown(try s.string())
            return
        }
        if bytes.equals("resolved") { self = .resolved }
        else if bytes.equals("aggregate") { self = .aggregate }
        else if bytes.equals("registered") { self = .registered }
        else if bytes.equals("containerCreated") { self = .containerCreated }
        else if bytes.equals("missing") { self = .missing }
        else if bytes.equals("cycle") { self = .cycle }
        else if bytes.equals("scopeMismatch") { self = .scopeMismatch }
        else if bytes.equals("mappingChanged") { self = .mappingChanged }
        else if bytes.equals("staleOverride") { self = .staleOverride }
        else if bytes.equals("scopeReset") { self = .scopeReset }
        else if bytes.equals("resolvedToNil") { self = .resolvedToNil }
        else if bytes.equals("lazyResolved") { self = .lazyResolved }
        else if bytes.equals("instanceEnded") { self = .instanceEnded }
        else if bytes.equals("containerReleased") { self = .containerReleased }
        else if bytes.equals("dropped") { self = .dropped }
        else if bytes.equals("end") { self = .end }
        else { self = .unknown(String(decoding: bytes, as: UTF8.self)) }
    }

    /// The kind's name as written. The event kinds repeat `ResolutionEvent.Kind.name` on purpose:
    /// that table needs an event (its cases carry payloads) and this one is matched from raw bytes
    /// before any payload is decoded; `TraceSchemaTests` checks the two agree for every kind.
    var name: String {
        switch self {
        case .containerCreated: "containerCreated"
        case .registered: "registered"
        case .resolved: "resolved"
        case .missing: "missing"
        case .cycle: "cycle"
        case .scopeMismatch: "scopeMismatch"
        case .mappingChanged: "mappingChanged"
        case .staleOverride: "staleOverride"
        case .scopeReset: "scopeReset"
        case .resolvedToNil: "resolvedToNil"
        case .lazyResolved: "lazyResolved"
        case .instanceEnded: "instanceEnded"
        case .containerReleased: "containerReleased"
        case .aggregate: "aggregate"
        case .dropped: "dropped"
        case .end: "end"
        case .unknown(let name): name
        }
    }
}

/// Every field any line may carry, filled in whatever order the line has them, then checked
/// against what its `kind` requires.
struct TraceFields {
    var kind: TraceKind?
    var seq: UInt64?, t: UInt64?, thread: UInt64?
    var service: ServiceIdentity?, requester: ServiceIdentity?, mappedFrom: ServiceIdentity?
    var scope: Scope?, outcome: Resolved.Outcome?, source: Resolved.Source?
    var ns: UInt64?, depth: Int?, count: UInt64?
    var fromIdentity: ServiceIdentity?, toIdentity: ServiceIdentity?, fromTime: UInt64?, toTime: UInt64?
    var container: String?, parent: String?, addedTo: String?, at: SourceLocation?
    var replacedRegistration: Registered.Replaced?, replacedIdentity: ServiceIdentity?
    var requested: ServiceIdentity?, chain: [ServiceIdentity]?, near: [NearMiss]?, fix: String?
    var path: [ServiceIdentity]?, through: [ServiceIdentity]?, requestedAs: [ServiceIdentity]?, lazyRead: SourceLocation?
    var capturedBy: String?, decoratorAt: SourceLocation?, holdsNothing: Bool?
    var holder: ServiceIdentity?, holderScope: Scope?, captive: ServiceIdentity?, captiveScope: Scope?
    var action: MappingChange.Action?, replacement: ServiceIdentity?, discarded: Int?
    var reason: String?
    var property: Bool?, implements: [ServiceIdentity]?
    var format: String?, version: Int?, app: String?, pid: Int32?, start: String?, library: String?

    /// A scope mismatch's `capturedBy` (with the decorator's `decoratorAt`); absent: the factory.
    func captureRoute() throws(TraceLineError) -> CaptureRoute? {
        switch capturedBy {
        case nil: return nil
        case "argument": return .argument
        case "decorator":
            guard let decoratorAt else { throw TraceLineError("\"scopeMismatch\" record captured by a decorator has no \"decoratorAt\"") }
            return .decorator(installedAt: decoratorAt)
        case let other?: throw TraceLineError("\"capturedBy\" is \"\(other)\", not \"decorator\" or \"argument\"")
        }
    }

    func decoded() throws(TraceLineError) -> DecodedTraceLine {
        guard let kind else {
            guard let format else { throw TraceLineError("the line has no \"kind\"") }
            return .header(try header(format: format), format: format)
        }
        let name = kind.name
        func need<T>(_ value: T?, _ field: StaticString) throws(TraceLineError) -> T {
            guard let value else { throw TraceLineError("\"\(name)\" record has no \"\(field)\"") }
            return value
        }
        func event(_ payload: ResolutionEvent.Kind) throws(TraceLineError) -> DecodedTraceLine {
            let sequence = try need(seq, "seq")
            let event = ResolutionEvent(
                sequence: sequence, time: try need(t, "t"), thread: try need(thread, "thread"), kind: payload)
            return .record(.event(event), sequence: sequence)
        }
        switch kind {
        case .resolved:
            return try event(.resolved(Resolved(
                service: try need(service, "service"), requester: requester, scope: try need(scope, "scope"),
                outcome: try need(outcome, "outcome"), source: try need(source, "source"),
                durationNanoseconds: try need(ns, "ns"), depth: try need(depth, "depth"), mappedFrom: mappedFrom,
                isPropertyInjection: property ?? false)))
        case .aggregate:
            return .record(.aggregate(ResolutionAggregate(
                service: try need(service, "service"), requester: requester, scope: try need(scope, "scope"),
                outcome: try need(outcome, "outcome"), source: try need(source, "source"),
                count: try need(count, "count"), totalNanoseconds: try need(ns, "ns"),
                firstTime: try need(fromTime, "from"), lastTime: try need(toTime, "to"))), sequence: nil)
        case .registered:
            return try event(.registered(Registered(
                service: try need(service, "service"), scope: try need(scope, "scope"), location: try need(at, "at"),
                replaced: replacedRegistration, implements: implements ?? [])))
        case .containerCreated:
            return try event(.containerCreated(ContainerCreated(
                container: try need(container, "container"), parent: parent, location: try need(at, "at"),
                addedTo: addedTo)))
        case .missing:
            return try event(.missing(MissingRegistration(
                requested: try need(requested, "requested"), requesterChain: try need(chain, "chain"),
                nearMisses: try need(near, "near"), fix: try need(fix, "fix"), location: at, lazyRead: lazyRead)))
        case .cycle:
            return try event(.cycle(DependencyCycle(
                path: try need(path, "path"), enteredThrough: try need(through, "through"), closedAt: at,
                requestedAs: requestedAs ?? [], lazyRead: lazyRead, decoratorAt: decoratorAt)))
        case .scopeMismatch:
            return try event(.scopeMismatch(ScopeMismatch(
                holder: try need(holder, "holder"), holderScope: try need(holderScope, "holderScope"),
                captive: try need(captive, "captive"), captiveScope: try need(captiveScope, "captiveScope"),
                capturedBy: try captureRoute(), captiveHoldsNothing: holdsNothing ?? false)))
        case .mappingChanged:
            return try event(.mappingChanged(MappingChange(
                action: try need(action, "action"), container: try need(container, "container"),
                from: fromIdentity, to: toIdentity, location: try need(at, "at"))))
        case .staleOverride:
            return try event(.staleOverride(StaleOverride(
                replaced: try need(replacedIdentity, "replaced"), replacement: try need(replacement, "replacement"),
                scope: try need(scope, "scope"), location: try need(at, "at"))))
        case .scopeReset:
            return try event(.scopeReset(ScopeReset(
                container: try need(container, "container"), scope: try need(scope, "scope"),
                discarded: try need(discarded, "discarded"), location: at)))
        case .instanceEnded:
            let raw = try need(reason, "reason")
            guard let ended = InstanceEnded.Reason(rawValue: raw) else {
                throw TraceLineError("\"reason\" is \"\(raw)\", not \"replaced\" or \"released\"")
            }
            return try event(.instanceEnded(InstanceEnded(
                service: try need(service, "service"), scope: try need(scope, "scope"), reason: ended, location: at)))
        case .resolvedToNil:
            return try event(.resolvedToNil(MissingRegistration(
                requested: try need(requested, "requested"), requesterChain: try need(chain, "chain"),
                nearMisses: try need(near, "near"), fix: try need(fix, "fix"), location: at, lazyRead: lazyRead)))
        case .lazyResolved:
            return try event(.lazyResolved(LazyResolution(
                owner: requester, service: try need(service, "service"), location: try need(at, "at"))))
        case .containerReleased:
            return try event(.containerReleased(ContainerReleased(container: try need(container, "container"))))
        case .dropped:
            return .record(.dropped(count: try need(count, "count"), time: try need(t, "t")), sequence: nil)
        case .end:
            return .record(.end(time: try need(t, "t"), reason: try need(reason, "reason")), sequence: nil)
        case .unknown(let name):
            return .unknownKind(name)
        }
    }

    private func header(format: String) throws(TraceLineError) -> TraceHeader {
        func need<T>(_ value: T?, _ field: StaticString) throws(TraceLineError) -> T {
            guard let value else { throw TraceLineError("the header has no \"\(field)\"") }
            return value
        }
        return TraceHeader(
            version: try need(version, "version"), app: try need(app, "app"), pid: try need(pid, "pid"),
            startTime: try need(start, "start"), libraryVersion: library)
    }
}
