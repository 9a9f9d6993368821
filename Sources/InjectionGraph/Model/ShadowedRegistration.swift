import Injection

/// One key registered in two containers of one search order, where the one that answers is not
/// nearer than the one passed over: the wrong one of two implementations can be used without a
/// resolve failing.
///
/// A container searches its own table, then the containers added to it with `add(child:)` (in
/// the order added, each with its own added children first), then its parent (and the parent's
/// added children). Distance is counted in containers: an added child or a parent is one step.
/// A nearer registration winning is what an override is for (a child container's, or a
/// container's own over a module it added); an answer from as far as, or farther than, a
/// registration it passes over is decided by the order `add(child:)` was called in, which
/// nobody reading either registration sees. Keypath providers are left out: each container
/// that resolves one declares it in itself.
///
/// ```swift
/// for shadow in graph.shadowedRegistrations() { print(shadow.message) }
/// ```
public struct ShadowedRegistration: Sendable, Hashable {
    /// A registration in the search order, with how far it is.
    public struct Candidate: Sendable, Hashable {
        public let service: ServiceIdentity
        public let registeredAt: SourceLocation?
        /// Containers between the searching one and this one (0: its own table).
        public let distance: Int
        /// How the search reaches the container: `its own table`, `added child 'x' (added at …)`,
        /// `parent 'x'`.
        public let reachedAs: String
    }

    /// A service that resolved the answering registration, and where it is registered: the
    /// code that would lose its backend if the answering registration were deleted, or that
    /// gets another module's instance today.
    public struct User: Sendable, Hashable {
        public let service: ServiceIdentity
        public let registeredAt: SourceLocation?
    }

    /// The container a resolve starts in.
    public let searchedFrom: String
    /// The registration that answers.
    public let answering: Candidate
    /// The registrations passed over that are as near as (or nearer than) the answering one.
    public let passedOver: [Candidate]
    /// Resolves the answering registration served.
    public let resolves: UInt64
    /// Services that resolved the answering registration or a passed-over one (set once
    /// resolved; empty in ``DependencyGraph/shadowCandidates()``).
    public let users: [User]

    init(searchedFrom: String, answering: Candidate, passedOver: [Candidate], resolves: UInt64, users: [User] = []) {
        self.searchedFrom = searchedFrom
        self.answering = answering
        self.passedOver = passedOver
        self.resolves = resolves
        self.users = users
    }

    /// The problem text: which answered, which were passed over, and a fix that keeps every
    /// module with its own registration.
    ///
    /// Deleting one of the registrations is no fix: the module that made it (a child added to
    /// serve its own services) would then talk to the other module's backend, and no check could
    /// tell. So each fix gives registrations names of their own and has each module's services
    /// resolve theirs by name; the first names the ones passed over (what resolves by type keeps
    /// the answer it gets today), the "Or" the one that answers.
    ///
    /// ```
    /// Shadowed registration: FraudCheck resolved from 'app' is answered by 'legacy' and passes over 'payments'
    ///   Answers: FraudCheck in 'legacy' (added child 'legacy' of 'app', added at App/Setup.swift:8), registered at Legacy.swift:3 ×12
    ///   Passed over: FraudCheck in 'payments' (added child 'payments' of 'app', added at App/Setup.swift:9), registered at Payments.swift:5
    ///   Resolved by: Checkout in 'payments' (registered at Payments.swift:6), Audit in 'legacy' (registered at Legacy.swift:4)
    ///   Fix: keep both, each under a name of its own: register the one at Payments.swift:5 with name: "payments" and resolve it by that name where 'payments' uses it (Checkout, registered at Payments.swift:6): c.resolve(FraudCheck.self, name: "payments"). Deleting either registration would hand its module the other one.
    ///   Or: name the one that answers instead: register the one at Legacy.swift:3 with name: "legacy" and resolve it by that name where 'legacy' uses it (Audit, registered at Legacy.swift:4): c.resolve(FraudCheck.self, name: "legacy"); what resolves FraudCheck from 'app' by type then gets the one in 'payments'.
    /// ```
    public var message: String {
        let type = answering.service.description
        let others = passedOver.map { "'\($0.service.container)'" }.joined(separator: ", ")
        var lines = ["Shadowed registration: \(type) resolved from '\(searchedFrom)' is answered by "
            + "'\(answering.service.container)' and passes over \(others)"]
        func describe(_ candidate: Candidate) -> String {
            "\(candidate.service.qualifiedDescription) (\(candidate.reachedAs))"
                + (candidate.registeredAt.map { ", registered at \($0)" } ?? "")
        }
        lines.append("  Answers: \(describe(answering)) ×\(resolves)")
        for candidate in passedOver { lines.append("  Passed over: \(describe(candidate))") }
        if !users.isEmpty {
            lines.append("  Resolved by: " + users.map { user in
                user.service.qualifiedDescription + (user.registeredAt.map { " (registered at \($0))" } ?? "")
            }.joined(separator: ", "))
        }
        let named = passedOver.map(naming).joined(separator: "; ")
        lines.append("  Fix: keep both, each under a name of its own: \(named). Deleting either registration "
            + "would hand its module the other one.")
        // Naming the answering one (and every passed-over one but the first) leaves the first
        // passed-over registration the only one by type.
        let rest = ([answering] + passedOver.dropFirst()).map(naming).joined(separator: "; ")
        lines.append("  Or: name the one that answers instead: \(rest); what resolves \(type) from '\(searchedFrom)' "
            + "by type then gets the one in '\(passedOver[0].service.container)'.")
        return lines.joined(separator: "\n")
    }

    /// "register the one at L with name: "c" and resolve it by that name where 'c' uses it (…): c.resolve(…)".
    private func naming(_ candidate: Candidate) -> String {
        let identity = candidate.service
        let name = Self.name(for: candidate)
        let registration = candidate.registeredAt.map { "the one at \($0)" } ?? "the one in '\(identity.container)'"
        let modulesUsers = users.filter { $0.service.container == identity.container }
        let listed = modulesUsers.prefix(3).map { user in
            user.service.description + (user.registeredAt.map { ", registered at \($0)" } ?? "")
        }.joined(separator: "; ") + (modulesUsers.count > 3 ? "; \(modulesUsers.count - 3) more" : "")
        return "register \(registration) with name: \"\(name)\" and resolve it by that name where "
            + "'\(identity.container)' uses it" + (listed.isEmpty ? "" : " (\(listed))")
            + ": c.resolve(\(identity.type).self, name: \"\(name)\")"
    }

    /// The name a fix gives a candidate: its container's, after the name it has.
    static func name(for candidate: Candidate) -> String {
        candidate.service.name.map { "\($0).\(candidate.service.container)" } ?? candidate.service.container
    }
}

extension DependencyGraph {
    /// Every key a container's search order holds more than once where the answer is not the
    /// nearest registration, for keys that were resolved: see ``ShadowedRegistration``. One
    /// per answering and passed-over set, from the first container (in order seen) whose
    /// search shows it.
    ///
    /// ```swift
    /// let shadows = graph.shadowedRegistrations()
    /// ```
    public func shadowedRegistrations() -> [ShadowedRegistration] {
        resolvedShadows(shadowCandidates())
    }

    /// Of `candidates` (from ``shadowCandidates()``), those whose answering registration was
    /// resolved, with its resolves as the graph counts them now.
    func resolvedShadows(_ candidates: [ShadowedRegistration]) -> [ShadowedRegistration] {
        candidates.compactMap { shadow in
            guard let id = nodeID(for: shadow.answering.service), nodes[id].resolveCount > 0 else { return nil }
            var users: [ShadowedRegistration.User] = []
            var seen: Set<NodeID> = []
            for candidate in [shadow.answering] + shadow.passedOver {
                guard let candidateID = nodeID(for: candidate.service) else { continue }
                for edgeID in incoming[candidateID] where seen.insert(edges[edgeID].from).inserted {
                    let user = nodes[edges[edgeID].from]
                    users.append(.init(service: user.identity, registeredAt: user.registeredAt))
                }
            }
            return ShadowedRegistration(searchedFrom: shadow.searchedFrom, answering: shadow.answering,
                                        passedOver: shadow.passedOver, resolves: nodes[id].resolveCount, users: users)
        }
    }

    /// What ``shadowedRegistrations()`` finds from the registrations and containers alone,
    /// resolved or not (`resolves` 0): it changes only with them, so a viewer keeps it while
    /// only counts change. (A set skipped for being unresolved is the same answering
    /// registration wherever it is met again, so filtering after the deduplication keeps the
    /// same ones as filtering before it.)
    func shadowCandidates() -> [ShadowedRegistration] {
        // Cheap when no container was added to another: the usual trace.
        guard containers.contains(where: { !$0.addedChildren.isEmpty }) else { return [] }
        var registered: [String: [NodeID]] = [:]
        for node in nodes where node.registeredAt != nil && node.identity.member == nil {
            registered[node.identity.container, default: []].append(node.id)
        }
        var result: [ShadowedRegistration] = []
        var seen: Set<[String]> = []
        for container in containers {
            var byKey: [String: [ShadowedRegistration.Candidate]] = [:]
            var keys: [String] = []
            for step in searchOrder(from: container.name) {
                for id in registered[step.name] ?? [] {
                    let identity = nodes[id].identity
                    let key = identity.type + "\u{0}" + (identity.name ?? "")
                    if byKey[key] == nil { keys.append(key) }
                    byKey[key, default: []].append(.init(
                        service: identity, registeredAt: nodes[id].registeredAt, distance: step.distance,
                        reachedAs: step.reachedAs))
                }
            }
            for key in keys {
                let candidates = byKey[key]!
                guard candidates.count > 1, let answering = candidates.first else { continue }
                let passedOver = candidates.dropFirst().filter { $0.distance <= answering.distance }
                guard !passedOver.isEmpty else { continue }
                let signature = ([answering] + passedOver).map(\.service.key)
                guard seen.insert(signature).inserted else { continue }
                result.append(ShadowedRegistration(
                    searchedFrom: container.name, answering: answering, passedOver: Array(passedOver), resolves: 0))
            }
        }
        return result
    }

    /// The containers a resolve from `start` searches, in order, with their distance.
    func searchOrder(from start: String) -> [(name: String, distance: Int, reachedAs: String)] {
        var order: [(name: String, distance: Int, reachedAs: String)] = []
        var visited: Set<String> = []
        func addChildren(of name: String, distance: Int) {
            guard let info = container(named: name) else { return }
            for child in info.addedChildren where visited.insert(child.name).inserted {
                order.append((child.name, distance + 1, "added child '\(child.name)' of '\(name)', added at \(child.addedAt)"))
                addChildren(of: child.name, distance: distance + 1)
            }
        }
        var current: String? = start
        var distance = 0
        while let name = current, visited.insert(name).inserted {
            order.append((name, distance, distance == 0 ? "its own table" : "parent '\(name)'"))
            addChildren(of: name, distance: distance)
            current = container(named: name)?.parent
            distance += 1
        }
        return order
    }
}
