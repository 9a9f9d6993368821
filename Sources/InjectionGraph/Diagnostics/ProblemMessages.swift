import Injection

extension OverrideRecord {
    /// The stale-override warning: who holds the old instance, and how to rebuild them.
    ///
    /// ```
    /// Stale override: ResponseCache in 'app' was replaced at App/Setup.swift:30 after these were built with the old one and kept it:
    ///     Repository.products: ProductRepository in 'app' (cached), served from its old instance 12 times
    ///   Fix: rebuild them right after overriding: app.reset(.cached); or set the override before the first resolve.
    /// ```
    public var staleMessage: String {
        let verb = kind == .mapping ? "mapped to \(to.description)" : "replaced"
        guard staleness == .heldByLongLived else {
            return "Stale override: \(from.qualifiedDescription) was \(verb) at \(location) after a "
                + "\(staleScope?.name ?? "kept") instance of it was built; services built from it earlier keep the old instance.\n"
                + "  Fix: set the override before the first resolve, or reset the scopes of the services that hold it."
        }
        var lines = ["Stale override: \(from.qualifiedDescription) was \(verb) at \(location) after these were built with the old one and kept it:"]
        for holder in holders {
            var line = "    \(holder.service.qualifiedDescription) (\(holder.scope.name))"
            if holder.staleUses > 0 {
                line += ", served from its old instance \(holder.staleUses) time\(holder.staleUses == 1 ? "" : "s")"
            }
            if holder.isRebuilt { line += ", rebuilt later" }
            lines.append(line)
        }
        // Reset what holds the old instance: resetting the replaced service's own scope rebuilds
        // nothing that captured it.
        var resets: [String] = []
        for holder in holders {
            let line = "\(Self.receiver(holder.service.container)).reset(\(Self.literal(holder.scope)))"
            if !resets.contains(line) { resets.append(line) }
        }
        lines.append("  Fix: rebuild them right after overriding: \(resets.joined(separator: "; ")); "
            + "or set the override before the first resolve.")
        return lines.joined(separator: "\n")
    }

    /// The warning for a mapping still in effect when the trace ended.
    public var activeMappingMessage: String {
        var lines = ["Mapping still active at the end of the trace: requests for \(from.qualifiedDescription) "
            + "go to \(to.qualifiedDescription) (set at \(location))."]
        if uses.isEmpty {
            lines.append("  Resolved by: nobody yet")
        } else {
            let sorted = uses.sorted { ($0.count, $1.requester?.key ?? "") > ($1.count, $0.requester?.key ?? "") }
            lines.append("  Resolved by: " + sorted.map { use in
                "\(use.requester?.qualifiedDescription ?? "app code") ×\(use.count)"
            }.joined(separator: ", "))
        }
        lines.append("  Fix: reset it as soon as the test or preview that set it is done: "
            + "\(Self.receiver(container)).resetAllMappings() (or resetMapping with the keypath mapped at \(location)).")
        return lines.joined(separator: "\n")
    }

    /// How app code names a container: `Container.shared`, or the container's name (apps
    /// usually keep their container in a variable of that name).
    static func receiver(_ container: String) -> String {
        container == "shared" ? "Container.shared" : container
    }

    /// `.cached`, `.singleton`, `.custom("session")`.
    static func literal(_ scope: Scope) -> String {
        switch scope.kind {
        case .custom: ".custom(\"\(scope.name)\")"
        default: "." + scope.name
        }
    }
}

extension MissingDependency {
    /// The note for an optional request that gave nil.
    ///
    /// ```
    /// Resolved to nil: Analytics in 'app' (optional; nothing is registered)
    ///   Requested by: CheckoutScreen in 'app', at App/Checkout.swift:12
    ///   Fix: app.register { <#Analytics#>() }, or leave it nil if that is intended
    /// ```
    public var resolvedToNilMessage: String {
        var lines = ["Resolved to nil: \(requested.qualifiedDescription) (optional; nothing is registered)"]
        lines.append("  Requested by: " + MissingRegistration.requester(chain, at: location))
        for near in nearMisses { lines.append("  Near: " + near.message) }
        lines.append("  Fix: \(fix), or leave it nil if that is intended")
        return lines.joined(separator: "\n")
    }
}
