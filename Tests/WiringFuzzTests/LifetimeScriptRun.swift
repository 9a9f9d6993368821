import Foundation
import Injection
import InjectionGraph
import InjectionTrace
import Synchronization

/// Runs a ``LifetimeScript`` against real containers with an observer recording its events into
/// a graph, and compares the lifetime findings `check --strict` reports with the breaks the
/// oracle saw in the instances themselves: every break reported, nothing reported without one.
enum LifetimeScriptCheck {
    private static let counter = Atomic<Int>(0)

    /// The findings the oracle saw and `check` reported, as keys (see ``LifetimeOracle``).
    struct Outcome {
        var expected: Set<String>
        var reported: Set<String>
        /// What `check --strict` said, for a failure's message.
        var messages: [String] = []
        var problems: [String] {
            var problems: [String] = []
            let missed = expected.subtracting(reported), extra = reported.subtracting(expected)
            if !missed.isEmpty { problems.append("breaks not reported: \(missed.sorted())") }
            if !extra.isEmpty { problems.append("reported without a break: \(extra.sorted())") }
            if !problems.isEmpty { problems.append("check said:\n" + messages.joined(separator: "\n")) }
            return problems
        }
    }

    /// `recorded`: through a trace recorder and the file it wrote, repeated resolves folded into
    /// aggregates, as `check` reads a trace; else every event, as an observer gets them.
    static func run(_ script: LifetimeScript, recorded: Bool = false) -> Outcome {
        let prefix = "lf\(script.seed)x\(counter.add(1, ordering: .relaxed).newValue)-"
        var graph = DependencyGraph()
        let oracle = LifetimeOracle()
        let expected: Set<String>
        var unreadable: String?
        if recorded {
            let sink = MemoryTraceSink()
            let recorder = TraceRecorder(sink: sink, configuration: .init(stopTimeout: .seconds(30)))
            recorder.start()
            expected = execute(script, prefix: prefix, oracle: oracle)
            _ = recorder.stop()
            var records: [TraceRecord] = []
            do { records = try TraceReader.read(bytes: sink.bytes).records } catch { unreadable = "the trace is unreadable: \(error)" }
            for record in records {
                switch record {
                case .event(let event) where event.kind.containers.contains(where: { $0.hasPrefix(prefix) }):
                    graph.apply(event)
                case .aggregate(let aggregate) where aggregate.service.container.hasPrefix(prefix):
                    graph.apply(record)
                default: break
                }
            }
        } else {
            let events = Mutex<[ResolutionEvent]>([])
            let token = ResolutionEvents.addObserver { event in
                if event.kind.containers.contains(where: { $0.hasPrefix(prefix) }) { events.withLock { $0.append(event) } }
            }
            expected = execute(script, prefix: prefix, oracle: oracle)
            token.cancel()
            for event in events.withLock({ $0 }).sorted(by: { $0.sequence < $1.sequence }) { graph.apply(event) }
        }
        var reported: Set<String> = unreadable.map { [$0] } ?? []
        var messages: [String] = []
        for problem in graph.check(strict: true).all {
            messages.append(problem.message)
            switch problem {
            case .replacedInstance(let replaced): reported.insert("a:" + key(replaced.service, prefix))
            case .staleOverride(let record): reported.insert("a:" + key(record.from, prefix))
            case .unkeptScope(let unkept): reported.insert("b:" + key(unkept.service, prefix))
            case .crossContainer(let reach): reported.insert("c:" + key(reach.requester, prefix) + ">" + key(reach.service, prefix))
            default: break
            }
        }
        return Outcome(expected: Set(expected.map(foldingRequests)), reported: Set(reported.map(foldingRequests)), messages: messages)
    }

    /// The children per request (`req1`, `req2`, …, each dropped before the next is made) are
    /// one container to the graph, the first (``ContainerFold``): so are the oracle's breaks in
    /// them, their counts summed.
    static func foldingRequests(_ key: String) -> String {
        key.replacing(#/@req[0-9]+/#, with: "@req1")
    }

    /// `s3@app` for `s3` registered in `<prefix>app`.
    static func key(_ identity: ServiceIdentity, _ prefix: String) -> String {
        "\(identity.name ?? identity.type)@\(identity.container.dropFirst(prefix.count))"
    }

    /// Runs the script; returns the breaks the oracle saw.
    private static func execute(_ script: LifetimeScript, prefix: String, oracle: LifetimeOracle) -> Set<String> {
        var breaks: Set<String> = []
        let app = Container(name: prefix + "app")
        let child = app.makeChild(name: prefix + "child")
        let module = Container(name: prefix + "module")
        app.add(child: module)
        let other = Container(name: prefix + "other")
        module.register(Held.self, name: "m", scope: .singleton) {
            let held = Held(key: "m@module", holds: [], isKept: true)
            oracle.noteBuilt(held)
            return held
        }

        /// Resolves `s<i>` from `c` for `requester` (nil: the script, app code), noting a hit.
        @Sendable func get(_ i: Int, from c: Container, for requester: Scope?, lifetime: ServiceLifetime = .automatic) -> Held {
            let held = c.resolve(Held.self, name: "s\(i)", lifetime: lifetime)
            oracle.noteAnswer(held, askedAgainAndAgain: !(requester?.isLongLived ?? false))
            return held
        }
        func register(_ i: Int, in container: Container, name: String) {
            let service = script.services[i]
            let key = "s\(i)@\(name)"
            container.register(Held.self, name: "s\(i)", scope: service.scope) { c in
                var holds = service.dependencies.map { get($0, from: c, for: service.scope) }
                if service.usesModule {
                    let m = c.resolve(Held.self, name: "m")
                    oracle.noteAnswer(m, askedAgainAndAgain: !service.scope.isLongLived)
                    holds.append(m)
                }
                if let stray = service.stray {
                    holds.append(get(stray, from: other, for: service.scope))
                    oracle.noteStray(requester: key, service: "s\(stray)@other")
                }
                let held = Held(key: key, holds: holds, isKept: service.scope.keepsInstanceForOracle)
                oracle.noteBuilt(held)
                return held
            }
        }
        for i in script.services.indices {
            register(i, in: app, name: "app")
            if script.services[i].copyInChild { register(i, in: child, name: "child") }
            if script.services[i].copyInOther { register(i, in: other, name: "other") }
        }

        // What each keeping registration's slot holds (strongly; weakly for `.shared`).
        var strong: [String: Held] = [:]
        var weak: [String: LifetimeOracle.WeakHeld] = [:]

        /// Notes what the slots keep after a resolve: each keeping registration's instance the
        /// resolve built or answered (a resolve may build several: its dependencies).
        func track(_ held: Held) {
            var stack = [held]
            var seen: Set<ObjectIdentifier> = []
            while let next = stack.popLast() {
                guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
                stack += next.holds
                // One a reset or a `.newSingleton` took out is not what its slot keeps, even
                // when a current holder still reaches it.
                guard let scope = Self.scope(next.key, in: script), !oracle.isSuperseded(next) else { continue }
                if scope.isLongLived, strong[next.key] == nil { strong[next.key] = next }
                if scope.kind == .shared, weak[next.key]?.instance == nil { weak[next.key] = .init(next) }
            }
        }
        func isLeaf(_ i: Int) -> Bool {
            let service = script.services[i]
            return service.dependencies.isEmpty && service.stray == nil && !service.usesModule
        }

        var requests = 0
        for operation in script.operations {
            switch operation {
            case .resolve(let i, let fromChild):
                track(get(i, from: fromChild ? child : app, for: nil))
            case .newSingleton(let i):
                let key = "s\(i)@app"
                let kept = strong[key]
                if let kept {
                    oracle.noteReplacingBuild(key)
                    if oracle.isHeld(kept) { breaks.insert("a:" + key) }
                }
                let held = get(i, from: app, for: nil, lifetime: .newSingleton)
                // Once replaced (not while its replacement is built, which may build what it
                // holds again beside it), stale itself, as one a reset took out: what it holds is
                // not a break of its own (the check names the holder that keeps it, and its fix
                // rebuilds the whole chain).
                if let kept { oracle.noteSuperseded(kept) }
                strong[key] = held
                track(held)
            case .reset(let scope, let inChild):
                let name = inChild ? "child" : "app"
                (inChild ? child : app).reset(scope)
                let dropped = Array(strong.keys).filter { $0.hasSuffix("@" + name) && Self.scope($0, in: script) == scope }
                    .compactMap { strong.removeValue(forKey: $0) }
                for old in dropped { oracle.noteSuperseded(old) }
                for old in dropped where oracle.isHeld(old) { oracle.noteDropped(old) }
                for key in Array(weak.keys) where key.hasSuffix("@" + name) && Self.scope(key, in: script) == scope {
                    if let old = weak.removeValue(forKey: key)?.instance, oracle.isHeld(old) { oracle.noteDropped(old) }
                }
            case .holdAndDrop(let i):
                var held: Held? = get(i, from: app, for: nil)
                track(held!)
                track(get(i, from: app, for: nil))
                held = nil
                _ = held
            case .request(let i):
                // A child per request keeping its own instance on purpose (a leaf: the graph
                // cannot tell yet that the request's container ended with what it kept).
                requests += 1
                let request = app.makeChild(name: prefix + "req\(requests)")
                let leaf = isLeaf(i) ? i : script.services.indices.first(where: isLeaf)
                if let leaf {
                    register(leaf, in: request, name: "req\(requests)")
                    _ = get(leaf, from: request, for: nil)
                    _ = get(leaf, from: request, for: nil)
                }
            case .override(let i):
                let key = "s\(i)@app"
                // Whatever its scope: a holder keeps what the old registration built.
                if oracle.live(key).contains(where: oracle.isHeld) { breaks.insert("a:" + key) }
                // Replaced, as by a `.newSingleton`: stale itself, so what it holds is not a
                // break of its own (the check names its holders; their fix rebuilds the chain).
                for old in oracle.live(key) { oracle.noteSuperseded(old) }
                strong[key] = nil
                weak[key] = nil
                oracle.forgetDropped(key)
                register(i, in: app, name: "app")
            }
        }
        for key in oracle.keys where (Self.scope(key, in: script)?.keepsInstanceForOracle ?? false) && oracle.neverKept(key) {
            breaks.insert("b:" + key)
        }
        breaks.formUnion(oracle.strays)
        breaks.formUnion(oracle.replacedHeld)
        withExtendedLifetime((app, child, module, other)) {}
        strong.removeAll()
        return breaks
    }

    private static func scope(_ key: String, in script: LifetimeScript) -> Scope? {
        guard key.hasPrefix("s"), let i = Int(key.dropFirst().prefix { $0 != "@" }) else { return nil }
        return script.services[i].scope
    }
}

extension Scope {
    /// The scopes whose registrations promise to hand an instance out again.
    var keepsInstanceForOracle: Bool { isLongLived || kind == .shared }
}

extension ResolutionEvent.Kind {
    /// The containers an event is about.
    var containers: [String] {
        switch self {
        case .containerCreated(let event): [event.container] + (event.addedTo.map { [$0] } ?? [])
        case .registered(let event): [event.service.container]
        case .resolved(let event): [event.service.container] + (event.requester.map { [$0.container] } ?? [])
        case .missing(let event), .resolvedToNil(let event): [event.requested.container]
        case .cycle(let event): event.path.map(\.container)
        case .scopeMismatch(let event): [event.holder.container]
        case .mappingChanged(let event): [event.container]
        case .staleOverride(let event): [event.replacement.container]
        case .scopeReset(let event): [event.container]
        case .lazyResolved(let event): [event.service.container]
        case .instanceEnded(let event): [event.service.container]
        case .containerReleased(let event): [event.container]
        }
    }
}
