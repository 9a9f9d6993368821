import Synchronization

extension Container {
    /// Reports the short-lived services handed to a long-lived one as keyed arguments
    /// (`resolve(args: ["context": context])`): what a long-lived instance is built from, it
    /// keeps, so an argument that is an instance of a `unique` or `graph` registration is a captive
    /// dependency exactly as if its factory had resolved it. Only called for a build with
    /// arguments under a long-lived scope, when somebody observes or `validate()` runs.
    ///
    /// An argument is matched to a registration by its dynamic type, among the registrations a
    /// resolve from here would find (this container's search order).
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
