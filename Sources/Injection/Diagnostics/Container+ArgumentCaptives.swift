extension Container {
    /// Reports short-lived services passed to a long-lived one as arguments: it keeps what it is
    /// built from, so such an argument is a captive dependency. Only for a long-lived build with
    /// arguments, when observed or validating; matched by dynamic type in this search order.
    func reportArgumentCaptives(
        _ args: Arguments, holder: AnyRegistration, holderScope: Scope, in context: ResolutionContext
    ) {
        guard let value = args.value else { return }
        var objects: [Any] = []
        if let keyed = value as? [String: Any] {
            objects = keyed.keys.sorted().compactMap { keyed[$0] }
        } else {
            let children = Mirror(reflecting: value).children
            objects = Mirror(reflecting: value).displayStyle == .tuple ? children.map(\.value) : [value]
        }
        var reported: Set<ObjectIdentifier> = []
        for object in objects where type(of: object) is AnyClass {
            let produced = ObjectIdentifier(type(of: object))
            for (container, _) in searchOrder() {
                let entries = container.core.state.withLock { $0.allEntries.map(\.registration) }
                guard let captive = entries.first(where: { ObjectIdentifier($0.producedType) == produced }) else { continue }
                // The nearest registration of the type is the one the app resolves.
                if captive.scope.isShortLived, reported.insert(produced).inserted {
                    let mismatch = ScopeMismatch(
                        holder: holder.identity, holderScope: holderScope, captive: captive.identity,
                        captiveScope: captive.scope, capturedBy: .argument)
                    if context.validation != nil { context.pendingMismatches.append((context.frames.count, mismatch)) }
                    if EventHub.shared.isActive { EventHub.shared.emit(.scopeMismatch(mismatch), in: context) }
                }
                break
            }
        }
    }
}
