import Injection

extension DependencyGraph {
    /// ``missing``, each `register` fix given a scope that every requester seen for the same
    /// service can hold.
    ///
    /// The runtime writes a missing registration's fix from the one requester it sees: under a
    /// singleton it proposes `register(scope: .singleton)`, under a screen the default `unique`.
    /// Applied, the `unique` one makes the singleton's copy a captive dependency. The graph sees
    /// every requester, so each fix for one service asks for the longest-lived scope among them
    /// (`singleton`, then a custom scope, then `cached`).
    ///
    /// ```swift
    /// for item in graph.missingWithSafeFixes() { print(item.fix) }
    /// ```
    public func missingWithSafeFixes() -> [MissingDependency] {
        var safest: [ServiceIdentity: Scope] = [:]
        for item in missing {
            guard let requester = item.requester, let id = nodeID(for: requester),
                  let scope = nodes[id].scope, scope.isLongLived else { continue }
            if Self.lifetimeRank(scope) > safest[item.requested].map(Self.lifetimeRank) ?? 0 { safest[item.requested] = scope }
        }
        guard !safest.isEmpty else { return missing }
        return missing.map { item in
            guard let scope = safest[item.requested], let fix = Self.registration(item.fix, scope: scope) else { return item }
            var safe = item
            safe.fix = fix
            return safe
        }
    }

    /// How long a long-lived scope keeps its instance, for choosing the longest.
    static func lifetimeRank(_ scope: Scope) -> Int {
        switch scope.kind {
        case .singleton: 3
        case .custom: 2
        case .cached: 1
        default: 0
        }
    }

    /// `app.register(name: "x") { … }` with `scope` as its scope argument, or nil when `fix` is
    /// not a plain registration (a "did you mean" fix, a routing fix).
    static func registration(_ fix: String, scope: Scope) -> String? {
        guard let regex = try? Regex(#"^([^ (]+)\.register(?:\(([^{}]*)\))? \{ (.*) \}$"#),
              let match = fix.wholeMatch(of: regex),
              let receiver = match.output[1].substring, let body = match.output[3].substring else { return nil }
        var arguments = (match.output[2].substring.map { $0.split(separator: ", ").map(String.init) } ?? [])
            .filter { !$0.hasPrefix("scope: ") }
        arguments.append("scope: " + OverrideRecord.literal(scope))
        return "\(receiver).register(\(arguments.joined(separator: ", "))) { \(body) }"
    }
}
