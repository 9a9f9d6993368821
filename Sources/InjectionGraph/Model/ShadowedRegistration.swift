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

    /// The container a resolve starts in.
    public let searchedFrom: String
    /// The registration that answers.
    public let answering: Candidate
    /// The registrations passed over that are as near as (or nearer than) the answering one.
    public let passedOver: [Candidate]
    /// Resolves the answering registration served.
    public let resolves: UInt64

    /// The problem text: which answered, which were passed over, and how to decide.
    ///
    /// ```
    /// Shadowed registration: FraudCheck resolved from 'app' is answered by 'legacy' and passes over 'payments'
    ///   Answers: FraudCheck in 'legacy' (added child 'legacy' of 'app', added at App/Setup.swift:8), registered at Legacy.swift:3 ×12
    ///   Passed over: FraudCheck in 'payments' (added child 'payments' of 'app', added at App/Setup.swift:9), registered at Payments.swift:5
    ///   Fix: keep one FraudCheck in the search of 'app': delete the registration at Payments.swift:5 if the one in 'legacy' is meant, else the one at Legacy.swift:3; or register them under different names and resolve by name.
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
        let deleted = passedOver.compactMap { $0.registeredAt?.description }
        if !deleted.isEmpty, let kept = answering.registeredAt {
            lines.append("  Fix: keep one \(type) in the search of '\(searchedFrom)': delete the registration"
                + "\(deleted.count == 1 ? "" : "s") at \(deleted.joined(separator: ", ")) if the one in "
                + "'\(answering.service.container)' is meant, else the one at \(kept); or register them under "
                + "different names and resolve by name.")
        } else {
            lines.append("  Fix: keep one \(type) in the search of '\(searchedFrom)', or register them under "
                + "different names and resolve by name.")
        }
        return lines.joined(separator: "\n")
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
            return ShadowedRegistration(searchedFrom: shadow.searchedFrom, answering: shadow.answering,
                                        passedOver: shadow.passedOver, resolves: nodes[id].resolveCount)
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
