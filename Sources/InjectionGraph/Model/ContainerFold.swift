import Injection

/// Containers that come and go at one site are one container.
///
/// A server that makes a child per request (`app.makeChild(name: "request-\(id)")`, a few
/// thousand a second) would otherwise give a reader a container, and a node per service, for
/// every request. Once a container made at a *site* (the same parent, the same creating line,
/// the same name but for a trailing number) has been released, the containers made there after
/// it fold into it, their *stand-in*: their services are its services and their resolves its
/// counts. Containers made at one site that all live on (a loop making `shard-0`…`shard-7`, a
/// test's numbered containers) stay apart, and so do the few made before the first release. Each record's container names are
/// folded as it is read, so everything after the fold sees one container per site: the graph,
/// its problems, and the resolution fold (service, requester, scope, outcome, source), which then
/// folds the repeats of every child into one key.
///
/// A child's `containerCreated` and `containerReleased` keep the child's own name (the fold notes
/// them: ``DependencyGraph`` counts the children a stand-in stands for and remembers the last).
/// A child added with `add(child:)`, one made once, and children made at one line with names of
/// their own (`payments`, `profile`) are untouched: only numbered or equal names fold. Folding
/// what was folded changes nothing, so the live intake and the graph fold alike. A trace from
/// before `containerReleased` existed folds nothing.
///
/// ```swift
/// var fold = ContainerFold()
/// for record in records { graph.apply(fold.fold(record)) }
/// ```
public struct ContainerFold: Sendable {
    /// Where a container was made and what it was called, its number aside.
    struct Site: Hashable, Sendable {
        var parent: String?
        var location: SourceLocation
        var stem: Substring
    }

    /// The stand-in of each site's children: the first container of the site that was released.
    private var sites: [Site: String] = [:]
    /// Containers made on their own and not released yet, with their site (the first one
    /// released names its site's stand-in).
    private var liveOwn: [String: Site] = [:]
    /// Live children folded into a stand-in, by their own name. A child leaves when it is
    /// released, so the table holds what the app holds, not every request it ever served.
    private var members: [String: String] = [:]
    /// The stand-ins by stem, for a record naming a child after its release (an `aggregate` of
    /// its resolves is written up to 250 ms after them).
    private var stems: [Substring: String] = [:]
    /// The first container made at each site (the stand-ins, and containers made once): never
    /// folded by stem (`request-9` made once elsewhere is not one of the folded `request-N`).
    private var ownNames: Set<String> = []
    /// Each folded identity, made once: every record of every child names its services again,
    /// and an identity made per record was 47 MB of copies in a history of a child per request
    /// (heaptrack), none of it counted. At most ``identityLimit`` (a hostile trace's names past
    /// it are made per record, as before).
    private var foldedIdentities: [FoldedIdentityKey: ServiceIdentity] = [:]
    static let identityLimit = 4_096
    /// The registrations folded children made, by folded service (at most ``identityLimit``):
    /// a child registering the same again, as every request's child does, adds nothing.
    private var childRegistrations: [ServiceIdentity: Registered] = [:]

    /// A service of a child, named in its stand-in: the fields of the identity but the container.
    private struct FoldedIdentityKey: Hashable {
        var type: String
        var name: String?
        var layer: String?
        var member: String?
        var standIn: String
    }

    public init() {}

    /// Whether no child has been folded yet: records need no folding.
    public var isEmpty: Bool { stems.isEmpty }

    /// Bytes the fold's tables hold (counted in ``DependencyGraph/residentBytes``): each entry's
    /// key and value with the hash table's slack, plus the site names' storage.
    public var estimatedBytes: Int {
        sites.capacity * 112 + liveOwn.capacity * 112 + members.capacity * 64 + stems.capacity * 64
            + ownNames.capacity * 32 + foldedIdentities.capacity * 160 + childRegistrations.capacity * 160
    }

    /// `records` folded (``fold(_:)-(TraceRecord)``), less the registrations a folded child
    /// repeats: the same service, line, scope and protocols as a child of its site registered
    /// before, replacing nothing. A graph takes such a one as the same registration reported
    /// again and changes nothing, while a history would keep each whole (six records a request
    /// in `sample-app --server`). The live intake folds this way; a file's records are kept.
    public mutating func foldDroppingRepeats(_ records: [TraceRecord]) -> [TraceRecord] {
        var result: [TraceRecord] = []
        result.reserveCapacity(records.count)
        for record in records {
            let folded = fold(record)
            if case .event(let event) = folded, case .registered(let registered) = event.kind,
               isRepeatOfAChild(registered, originalContainer: record.registeredContainer) {
                continue
            }
            result.append(folded)
        }
        return result
    }

    /// Whether `registered` (folded) is a folded child's registration that one of its site's
    /// children made before; remembers it when it is not.
    private mutating func isRepeatOfAChild(_ registered: Registered, originalContainer: String?) -> Bool {
        guard registered.replaced == nil, let originalContainer, originalContainer != registered.service.container
        else { return false }
        if let earlier = childRegistrations[registered.service], earlier.location == registered.location,
           earlier.scope == registered.scope, earlier.implements == registered.implements {
            return true
        }
        if childRegistrations.count < Self.identityLimit || childRegistrations[registered.service] != nil {
            childRegistrations[registered.service] = registered
        }
        return false
    }

    /// The record with its container names folded; a `containerCreated` or `containerReleased`
    /// is noted (see ``noteMade(_:)``).
    public mutating func fold(_ record: TraceRecord) -> TraceRecord {
        switch record {
        case .event(var event):
            switch event.kind {
            case .containerCreated(var created) where created.addedTo == nil:
                _ = noteMade(created)
                created.parent = created.parent.map(folded)
                event.kind = .containerCreated(created)
                return .event(event)
            case .containerReleased(let released):
                _ = noteReleased(released.container)
                return record
            default:
                return isEmpty ? record : .event(folding(event))
            }
        case .aggregate(let aggregate):
            return isEmpty ? record : .aggregate(folding(aggregate))
        case .header, .dropped, .end:
            return record
        }
    }

    /// Notes a container made (not an `add(child:)`): its site's stand-in when one of the site's
    /// containers was released before, else nil (it is a container of its own).
    public mutating func noteMade(_ created: ContainerCreated) -> String? {
        let name = created.container
        let site = Site(parent: created.parent.map(folded), location: created.location, stem: Self.stem(of: name))
        guard let standIn = sites[site] else {
            liveOwn[name] = site
            ownNames.insert(name)
            return nil
        }
        if standIn != name { members[name] = standIn }
        return standIn
    }

    /// Notes a released container: the stand-in it was folded into, if it was. The first of a
    /// site's own containers to go becomes the site's stand-in.
    public mutating func noteReleased(_ name: String) -> String? {
        if let standIn = members.removeValue(forKey: name) { return standIn }
        if let site = liveOwn.removeValue(forKey: name), sites[site] == nil {
            sites[site] = name
            stems[site.stem] = name
        }
        return nil
    }

    /// The name a trace's container `name` stands for.
    @inline(__always)
    public func folded(_ name: String) -> String {
        if isEmpty { return name }
        if let standIn = members[name] { return standIn }
        let stem = Self.stem(of: name)
        guard stem.endIndex != name.endIndex, let standIn = stems[stem], !ownNames.contains(name) else { return name }
        return standIn
    }

    /// Whether `name` is a site's stand-in: the container its later children fold into.
    public func isStandIn(_ name: String) -> Bool {
        !isEmpty && stems[Self.stem(of: name)] == name
    }

    /// `name` without a trailing number and the separator before it: `request-17`, `request#2`
    /// and `request` are all `request`; `container-4` (an unnamed container) is `container`.
    static func stem(of name: String) -> Substring {
        let utf8 = name.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, (48...57).contains(utf8[utf8.index(before: end)]) {
            end = utf8.index(before: end)
        }
        guard end != utf8.endIndex else { return name[...] }
        if end > utf8.startIndex, [UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "#"), UInt8(ascii: " "),
                                   UInt8(ascii: ".")].contains(utf8[utf8.index(before: end)]) {
            end = utf8.index(before: end)
        }
        return end == utf8.startIndex ? name[...] : name[..<end]
    }

    /// `id` in the container its own folds into: itself when that is its own, else the folded
    /// identity, made once (``foldedIdentities``).
    mutating func folded(identity id: ServiceIdentity) -> ServiceIdentity {
        let container = folded(id.container)
        guard container != id.container else { return id }
        let key = FoldedIdentityKey(type: id.type, name: id.name, layer: id.layer, member: id.member, standIn: container)
        if let known = foldedIdentities[key] { return known }
        let made = id.inContainer(container)
        if foldedIdentities.count < Self.identityLimit { foldedIdentities[key] = made }
        return made
    }

    /// The event with every container name folded.
    mutating func folding(_ event: ResolutionEvent) -> ResolutionEvent {
        var event = event
        func identity(_ id: ServiceIdentity) -> ServiceIdentity { folded(identity: id) }
        switch event.kind {
        case .containerCreated(var created):
            // An `add(child:)`: every name is a container's already seen.
            created.container = folded(created.container)
            created.parent = created.parent.map(folded)
            created.addedTo = created.addedTo.map(folded)
            event.kind = .containerCreated(created)
        case .containerReleased:
            break
        case .registered(var registered):
            registered.service = identity(registered.service)
            if let replaced = registered.replaced {
                registered.replaced = .init(service: identity(replaced.service), location: replaced.location)
            }
            registered.implements = registered.implements.map(identity)
            event.kind = .registered(registered)
        case .resolved(var resolved):
            resolved.service = identity(resolved.service)
            resolved.requester = resolved.requester.map(identity)
            resolved.mappedFrom = resolved.mappedFrom.map(identity)
            event.kind = .resolved(resolved)
        case .missing(var missing):
            Self.fold(&missing, identity)
            event.kind = .missing(missing)
        case .resolvedToNil(var missing):
            Self.fold(&missing, identity)
            event.kind = .resolvedToNil(missing)
        case .cycle(var cycle):
            cycle.path = cycle.path.map(identity)
            cycle.enteredThrough = cycle.enteredThrough.map(identity)
            cycle.requestedAs = cycle.requestedAs.map(identity)
            event.kind = .cycle(cycle)
        case .scopeMismatch(var mismatch):
            mismatch.holder = identity(mismatch.holder)
            mismatch.captive = identity(mismatch.captive)
            event.kind = .scopeMismatch(mismatch)
        case .mappingChanged(var change):
            change.container = folded(change.container)
            change.from = change.from.map(identity)
            change.to = change.to.map(identity)
            event.kind = .mappingChanged(change)
        case .staleOverride(var stale):
            stale.replaced = identity(stale.replaced)
            stale.replacement = identity(stale.replacement)
            event.kind = .staleOverride(stale)
        case .scopeReset(var reset):
            reset.container = folded(reset.container)
            event.kind = .scopeReset(reset)
        case .lazyResolved(var lazy):
            lazy.service = identity(lazy.service)
            lazy.owner = lazy.owner.map(identity)
            event.kind = .lazyResolved(lazy)
        case .instanceEnded(var ended):
            ended.service = identity(ended.service)
            event.kind = .instanceEnded(ended)
        }
        return event
    }

    /// The aggregate with its identities' containers folded.
    mutating func folding(_ aggregate: ResolutionAggregate) -> ResolutionAggregate {
        var aggregate = aggregate
        aggregate.service = folded(identity: aggregate.service)
        if let requester = aggregate.requester { aggregate.requester = folded(identity: requester) }
        return aggregate
    }

    private static func fold(_ missing: inout MissingRegistration, _ identity: (ServiceIdentity) -> ServiceIdentity) {
        missing.requested = identity(missing.requested)
        missing.requesterChain = missing.requesterChain.map(identity)
        for index in missing.nearMisses.indices {
            missing.nearMisses[index].service = identity(missing.nearMisses[index].service)
        }
    }
}

extension TraceRecord {
    /// The container a `registered` record's service was registered in, as the app named it.
    fileprivate var registeredContainer: String? {
        guard case .event(let event) = self, case .registered(let registered) = event.kind else { return nil }
        return registered.service.container
    }
}

extension ServiceIdentity {
    /// The same service in another container.
    func inContainer(_ container: String) -> ServiceIdentity {
        ServiceIdentity(type: type, name: name, container: container, layer: layer, member: member)
    }
}
