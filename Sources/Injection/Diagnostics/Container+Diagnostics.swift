extension Container {
    /// Builds (and reports) the diagnostic for a key that no container in the chain registers.
    func reportMissing<T>(
        _ type: T.Type, name: String?, file: StaticString, line: UInt, quiet: Bool
    ) -> MissingRegistration {
        let requested = ServiceIdentity(type: typeName(T.self), name: name, container: traceName)
        // An unobserved `optional()` needs no near-miss scan: only a message or an event shows it.
        if quiet && !EventHub.shared.isActive {
            return MissingRegistration(
                requested: requested, requesterChain: [], nearMisses: [], fix: "", location: SourceLocation(file, line))
        }
        let near = nearMisses(for: T.self, name: name)
        let missing = MissingRegistration(
            requested: requested,
            requesterChain: ResolutionContext.current.chain,
            nearMisses: near,
            fix: fixLine(for: T.self, name: name, near: near),
            location: SourceLocation(file, line),
            lazyRead: Container.lazyReadStartingChain(ResolutionContext.current))
        // An optional resolve's nil is no failure, but recorded (`check` lists it as a note).
        if EventHub.shared.isActive { EventHub.shared.emit(quiet ? .resolvedToNil(missing) : .missing(missing)) }
        return missing
    }

    /// Builds the diagnostic for a cycle entered at `index` of the stack; the resolve that asked
    /// reports it (``reportCycle(_:closedAt:)``), adding the line that closes it.
    func makeCycle(_ context: ResolutionContext, from index: Int, _ registration: AnyRegistration) -> DependencyCycle {
        let chain = context.chain
        context.hasUnreportedCycle = true
        let path = Array(chain[index...]) + [registration.identity]
        // A decorator running on the innermost frame's instance asked, not that frame's factory.
        let decorator = context.runningDecorator.flatMap { running in
            running.holderIndex == chain.count - 1 ? SourceLocation(running.file, running.line) : nil
        }
        return DependencyCycle(
            path: path, enteredThrough: Array(chain[..<index]),
            requestedAs: Self.keysWritten(for: path, from: index, in: context),
            lazyRead: Container.lazyReadStartingChain(context), decoratorAt: decorator)
    }

    /// The key the code wrote for each step of a cycle's path from stack index `start` (an
    /// `.implements` alias followed at that depth); empty when no step went through one.
    static func keysWritten(for path: [ServiceIdentity], from start: Int, in context: ResolutionContext) -> [ServiceIdentity] {
        guard !context.followedAliases.isEmpty else { return [] }
        let written = path.indices.map { step in
            context.followedAliases.first(where: { $0.depth == start + step })?.alias.identity ?? path[step]
        }
        return written == path ? [] : written
    }

    /// Reports a cycle the innermost resolve caught, closed at its site, else at the closing
    /// registration. Only the failure path carries the site (Benchmarks/).
    func reportCycle(_ caught: DependencyCycle, closedAt site: ResolveSite?) -> DependencyCycle {
        var cycle = caught
        if let site {
            cycle.closedAt = SourceLocation(site.file, site.line)
        } else if let closer = ResolutionContext.current.frames.last {
            cycle.closedAt = closer.registration.location
        }
        ResolutionContext.current.hasUnreportedCycle = false
        if EventHub.shared.isActive { EventHub.shared.emit(.cycle(cycle)) }
        return cycle
    }

    /// Registrations that look like what was asked for: the same type under another name, the
    /// same key in another container, a type registered where a protocol was asked, an optional.
    func nearMisses<T>(for type: T.Type, name: String?) -> [NearMiss] {
        let asked = typeName(T.self)
        let optionalOfAsked = "Optional<\(asked)>"
        var result: [NearMiss] = []
        for container in ContainerRegistry.shared.all {
            let relation: String? =
                hasAncestor(container) ? (container.isSame(as: self) ? nil : "parent")
                : container.hasAncestor(self) ? "child" : "other"
            // Under the lock, so no kept instance outlives it: the container may be going away.
            let entries = container.core.state.withLock { state in
                state.allEntries.map { entry in
                    (registration: entry.registration,
                     implements: Container.looksLikeImplementation(entry, of: T.self, asked: asked))
                }
            }
            for entry in entries {
                let identity = entry.registration.identity
                guard identity.member == nil || identity.type == asked else { continue }
                let sameType = entry.registration.producedType == T.self
                if sameType && identity.name != name && (relation == nil || relation == "parent") {
                    result.append(NearMiss(kind: .otherName, service: identity))
                } else if sameType && identity.name == name && (relation == "child" || relation == "other") {
                    result.append(NearMiss(kind: .otherContainer, service: identity, relation: relation))
                } else if !sameType && (identity.type == optionalOfAsked || "Optional<\(identity.type)>" == asked) {
                    result.append(NearMiss(kind: .optional, service: identity))
                } else if !sameType && (relation == nil || relation == "parent"),
                          entry.implements {
                    result.append(NearMiss(kind: .concreteType, service: identity))
                }
            }
        }
        // Closest first: the asked container's other names (nearest spelling first), the same
        // key in a parent, a child, an unrelated container, then type mismatches.
        func closeness(_ near: NearMiss) -> (Int, Int, String) {
            let distance = near.kind == .otherName && name != nil ? editDistance(near.service.name ?? "", name!) : 0
            let relation = switch near.relation { case "parent": 0; case "child": 1; case "other": 2; default: 0 }
            let order = switch near.kind { case .otherName: 0; case .otherContainer: 1; case .concreteType: 2; case .optional: 3 }
            return (order, near.kind == .otherContainer ? relation : distance, near.service.key)
        }
        return result.sorted { closeness($0) < closeness($1) }
    }

    /// Whether a registration probably implements the asked protocol: its kept instance conforms, or
    /// the names say so (a metatype cannot be tested against an arbitrary protocol).
    static func looksLikeImplementation<T>(_ entry: ContainerState.Entry, of type: T.Type, asked: String) -> Bool {
        if let kept = entry.kept as? any InstanceValueProviding, kept.anyValue is T { return true }
        let found = entry.registration.identity.type
        return MissingRegistration.namesLookLikeImplementation(found, of: asked) || namesAWordBefore(found, asked)
    }

    /// `SMTPMailer` for `Mailer`, `DefaultUserService` for `UserService`: a word (a capital and
    /// at most a dozen characters) before the asked name. Only the runtime asks it: a scan reads
    /// what conforms to what from the sources.
    static func namesAWordBefore(_ found: String, _ asked: String) -> Bool {
        guard asked.count >= 5, found.hasSuffix(asked), asked.first?.isUppercase == true else { return false }
        let word = found.dropLast(asked.count)
        return (2...12).contains(word.count) && word.first?.isUppercase == true && word.allSatisfy { $0.isLetter || $0.isNumber }
    }

    /// The `register` line that fixes a missing registration, or the name that was probably
    /// meant when the requested one is a typo of a registered one.
    func fixLine<T>(for type: T.Type, name: String?, near: [NearMiss]) -> String {
        if let elsewhere = routingFix(for: T.self, name: name, near: near) { return elsewhere }
        return MissingRegistration.fixLine(
            receiver: self.name == "shared" ? "Container.shared" : self.name, asked: typeName(T.self), name: name,
            near: near, requesterScope: ResolutionContext.current.frames.last?.scope, isProtocol: Self.isProtocol(T.self))
    }

    /// `.cached`, `.singleton`, `.custom("session")`: a scope as the app writes it.
    static func literal(_ scope: Scope) -> String {
        scope.kind == .custom ? ".custom(\"\(scope.name)\")" : "." + scope.name
    }

    /// Whether `type` is a protocol (`P.Protocol` or `(any P<…>).Type` as its metatype's name).
    static func isProtocol(_ type: Any.Type) -> Bool {
        let metatype = String(describing: Swift.type(of: type))
        return metatype.hasSuffix(".Protocol") || metatype.hasPrefix("(any ")
    }

    /// The fix for a resolve that reached `Container.shared` while another container registers the
    /// key: `withContainer` does not follow work to another thread or a detached `Task`.
    func routingFix<T>(for type: T.Type, name: String?, near: [NearMiss]) -> String? {
        guard parent == nil, self.name == "shared",
              let holder = near.first(where: { $0.kind == .otherContainer })?.service.container,
              let app = ContainerRegistry.shared.all.first(where: { $0.traceName == holder }) else { return nil }
        let asked = typeName(T.self) + ".self" + (name.map { ", name: \"\($0)\"" } ?? "")
        // `on thread 4`, `in a Task on thread 3`: the thread number events and the inspector carry.
        let place = (withUnsafeCurrentTask { $0 != nil } ? "in a Task on thread " : "on thread ") + "\(ThreadNumber.current)"
        return "this resolve ran \(place), where no withContainer(\(app.name)) is in effect, so it "
            + "reached Container.shared, not '\(app.name)', which registers \(typeName(T.self)). Route it to "
            + "'\(app.name)': wrap that work in withContainer(\(app.name)) { … } (a container set with withContainer does "
            + "not follow work to another thread or a detached Task), resolve from the container "
            + "(\(app.name).resolve(\(asked))), or declare the property @Injected(container: \(app.name))"
    }
}

/// Lets diagnostics look at a kept instance without knowing its type.
protocol InstanceValueProviding {
    var anyValue: Any { get }
}

extension Instance: InstanceValueProviding {
    var anyValue: Any { value }
}

/// The Levenshtein distance between two short strings (registration names, service names); also
/// used by the graph's "did you mean" lookup, hence `package`.
package func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
