import Injection
import InjectionGraph
import Synchronization

/// A generated wiring with the operations that break what a scope promises about its instances
/// (a `.newSingleton`, a reset, an override after a build, a weak holder dropped, a resolve
/// through a second container), and the clean patterns beside them that keep their own instances
/// on purpose (a child per request, an added module, a child with its own copies).
///
/// The oracle watches the instances themselves (which are alive, which holds which), not the
/// events: a break is two live instances of one registration while a kept holder has the older
/// one, a keeping scope that built at least twice and never handed one out again, or a
/// dependency built from a container outside the requester's search order.
struct LifetimeScript: Sendable, CustomStringConvertible {
    struct Service: Sendable {
        var scope: Scope
        /// Services (of lower index) its factory resolves from the container it runs in.
        var dependencies: [Int]
        /// A service its factory resolves from the other root container instead (a stray).
        var stray: Int?
        /// Registered again in `child` (a child keeping its own, on purpose).
        var copyInChild: Bool
        /// Registered again in `other`, a root the app does not search (leaves only).
        var copyInOther: Bool
        /// Resolves the added module's service (found through `add(child:)`).
        var usesModule: Bool
    }

    enum Operation: Sendable {
        /// Resolve `s<i>` from `app` or `child`, keep nothing.
        case resolve(Int, fromChild: Bool)
        /// Resolve `s<i>` from `app` with `.newSingleton`.
        case newSingleton(Int)
        /// `reset` a scope of `app` or `child`.
        case reset(Scope, inChild: Bool)
        /// Resolve `s<i>`, hold it, resolve it again, drop it (a weak holder dropped).
        case holdAndDrop(Int)
        /// A child per request: made, registering its own `s<i>`, resolved twice, dropped.
        case request(Int)
        /// Register `s<i>` again in `app` (an override after a build). Only last, with resolves.
        case override(Int)
    }

    var seed: UInt64
    var services: [Service]
    var operations: [Operation]

    static let keepingScopes: [Scope] = [.cached, .singleton, .custom("session"), .shared]

    static func generate(seed: UInt64) -> LifetimeScript {
        var random = SeededRandom(seed: seed)
        let count = random.pick(2...6)
        let scopes: [Scope] = [.unique, .graph, .cached, .shared, .singleton, .custom("session")]
        var services: [Service] = []
        for index in 0..<count {
            var scope = random.pick(scopes)
            var dependencies: [Int] = []
            if index > 0 {
                for _ in 0..<random.pick(0...2) { dependencies.append(random.pick(0..<index)) }
            }
            // A weak instance that holds others would hide them from the holder walk: leaves only.
            if scope == .shared && !dependencies.isEmpty { scope = .cached }
            let stray = index > 0 && random.chance(12) ? random.pick(0..<index) : nil
            services.append(Service(
                scope: scope, dependencies: dependencies, stray: stray, copyInChild: random.chance(25),
                copyInOther: false, usesModule: random.chance(15)))
        }
        // What a stray resolves must be registered in `other` (as a leaf, so it builds there).
        for index in services.indices {
            guard let stray = services[index].stray else { continue }
            if services[stray].dependencies.isEmpty && services[stray].stray == nil && !services[stray].usesModule {
                services[stray].copyInOther = true
            } else {
                services[index].stray = nil
            }
        }
        var operations: [Operation] = []
        for _ in 0..<random.pick(3...14) {
            let service = random.pick(0..<count)
            switch random.pick(0..<100) {
            case 0..<45: operations.append(.resolve(service, fromChild: random.chance(20)))
            case 45..<57:
                let kept = services.indices.filter { services[$0].scope.isLongLived }
                if let target = kept.randomElement(using: &random) { operations.append(.newSingleton(target)) }
            case 57..<72: operations.append(.reset(random.pick(keepingScopes), inChild: random.chance(20)))
            case 72..<86: operations.append(.holdAndDrop(service))
            default: operations.append(.request(service))
            }
        }
        if random.chance(15) {
            let service = random.pick(0..<count)
            operations.append(.resolve(service, fromChild: false))
            operations.append(.override(service))
            for _ in 0..<random.pick(0...2) { operations.append(.resolve(random.pick(0..<count), fromChild: false)) }
        }
        return LifetimeScript(seed: seed, services: services, operations: operations)
    }

    var description: String {
        var lines = ["// lifetime script seed \(seed)"]
        for (index, service) in services.enumerated() {
            var line = "app.register(name: \"s\(index)\", scope: .\(service.scope)) deps \(service.dependencies)"
            if let stray = service.stray { line += " other.resolve(s\(stray))" }
            if service.usesModule { line += " module.m" }
            if service.copyInChild { line += "; child copy" }
            if service.copyInOther { line += "; other copy" }
            lines.append(line)
        }
        lines += operations.map { "\($0)" }
        return lines.joined(separator: "\n")
    }
}

/// An instance the script built, with what it holds, and a number of its own (an object's
/// address is reused once it is freed, so it cannot tell a hit from a new instance).
final class Held: Sendable {
    let key: String
    let holds: [Held]
    let serial: Int
    /// Built in a scope that keeps its instances: only such an instance holds others for long
    /// (a short-lived one lives as long as what holds it).
    let isKept: Bool
    private static let serials = Atomic<Int>(0)
    init(key: String, holds: [Held], isKept: Bool) {
        self.key = key
        self.holds = holds
        self.isKept = isKept
        serial = Self.serials.add(1, ordering: .relaxed).newValue
    }
}

/// Every instance a run built (weakly), its builds and hits per registration, and the breaks
/// seen, each as a key: `a:<service>` (two live instances, a holder with the older one),
/// `b:<service>` (a keeping scope that never kept), `c:<requester>><service>` (another container).
final class LifetimeOracle: Sendable {
    private struct State {
        var built: [(key: String, serial: Int, instance: WeakHeld)] = []
        var seen: Set<Int> = []
        var builds: [String: Int] = [:]
        var hits: [String: Int] = [:]
        var replacingBuilds: [String: Int] = [:]
        /// Registrations app code or a short-lived service asked for (each asks again and again).
        var askedAgain: Set<String> = []
        var strays: Set<String> = []
        /// Instances a reset dropped from their slot while something held them.
        var dropped: [String: WeakHeld] = [:]
        /// Replaced instances seen held when another was built (`a:<key>`).
        var replacedHeld: Set<String> = []
        /// Serials of instances a reset or a `.newSingleton` took out of their slot: such an
        /// instance is itself stale, so what it holds is not a break of its own (the check names
        /// the current holder that keeps the stale one, and its fix rebuilds the whole chain).
        var superseded: Set<Int> = []
    }
    private let state = Mutex(State())

    final class WeakHeld: Sendable {
        weak let instance: Held?
        init(_ instance: Held) { self.instance = instance }
    }

    /// A factory built `held`: if a reset dropped an instance of its registration that is still
    /// held, two of them are live now.
    func noteBuilt(_ held: Held) {
        state.withLock { state in
            state.built.append((held.key, held.serial, WeakHeld(held)))
            state.builds[held.key, default: 0] += 1
            if let old = state.dropped[held.key]?.instance, Self.isHeld(old, among: state) {
                state.replacedHeld.insert("a:" + held.key)
            }
            state.dropped[held.key] = nil
        }
    }

    /// A reset dropped `old` from its registration's slot.
    func noteDropped(_ old: Held) { state.withLock { $0.dropped[old.key] = WeakHeld(old) } }
    /// A reset or a `.newSingleton` took `old` out of its slot, held or not.
    func noteSuperseded(_ old: Held) { state.withLock { _ = $0.superseded.insert(old.serial) } }
    func isSuperseded(_ held: Held) -> Bool { state.withLock { $0.superseded.contains(held.serial) } }
    /// The registration was overridden: what its old slot held is not rebuilt by the new one.
    func forgetDropped(_ key: String) { state.withLock { $0.dropped[key] = nil } }
    var replacedHeld: Set<String> { state.withLock { $0.replacedHeld } }

    /// A resolve answered `held`: a hit when it was handed out before. `askedAgainAndAgain`
    /// when app code or a short-lived service asked.
    func noteAnswer(_ held: Held, askedAgainAndAgain: Bool) {
        state.withLock { state in
            if !state.seen.insert(held.serial).inserted { state.hits[held.key, default: 0] += 1 }
            if askedAgainAndAgain { state.askedAgain.insert(held.key) }
        }
    }

    func noteReplacingBuild(_ key: String) { state.withLock { $0.replacingBuilds[key, default: 0] += 1 } }
    func noteStray(requester: String, service: String) { state.withLock { _ = $0.strays.insert("c:\(requester)>\(service)") } }

    /// Whether an instance of `key` was built after `serial` (a newer one, even if nothing
    /// keeps it: it lived beside the older one when it was handed out).
    func built(_ key: String, after serial: Int) -> Bool {
        state.withLock { $0.built.contains { $0.key == key && $0.serial > serial } }
    }

    /// The live instances built for `key`.
    func live(_ key: String) -> [Held] {
        state.withLock { $0.built.filter { $0.key == key }.compactMap(\.instance.instance) }
    }

    /// Whether a live instance other than `held` holds it, directly or through others.
    func isHeld(_ held: Held) -> Bool {
        state.withLock { Self.isHeld(held, among: $0) }
    }

    private static func isHeld(_ held: Held, among state: State) -> Bool {
        // Held by a current kept instance, not only through instances a reset already made
        // stale (a short-lived instance such a stale one holds is no holder of its own).
        let all = state.built.compactMap(\.instance.instance).filter { $0.isKept && !state.superseded.contains($0.serial) }
        return all.contains { candidate in
            guard candidate !== held else { return false }
            var stack = candidate.holds
            var visited: Set<ObjectIdentifier> = []
            while let next = stack.popLast() {
                if next === held { return true }
                guard !state.superseded.contains(next.serial) else { continue }
                if visited.insert(ObjectIdentifier(next)).inserted { stack += next.holds }
            }
            return false
        }
    }

    /// At least two instances built (a replacing `.newSingleton` aside), none handed out again,
    /// and asked for by app code or a short-lived service.
    func neverKept(_ key: String) -> Bool {
        state.withLock {
            ($0.builds[key] ?? 0) - ($0.replacingBuilds[key] ?? 0) >= 2 && ($0.hits[key] ?? 0) == 0
                && $0.askedAgain.contains(key)
        }
    }

    var keys: [String] { state.withLock { Array($0.builds.keys) } }
    var strays: Set<String> { state.withLock { $0.strays } }
}
