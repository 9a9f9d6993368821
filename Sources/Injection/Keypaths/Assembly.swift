import Synchronization

/// The set of layer implementations a container uses, swapped as a whole for the app, for
/// previews and for tests, without touching the code that injects.
///
/// ```swift
/// protocol AppLayers: Assembly {
///     func viewModel(_ container: Container) -> any ViewModelLayer
///     func interactor(_ container: Container) -> any InteractorLayer
/// }
/// extension Container {
///     var viewModel: any ViewModelLayer { assembly(AppLayers.self).viewModel(self) }
///     var interactor: any InteractorLayer { assembly(AppLayers.self).interactor(self) }
/// }
/// ```
/// `LiveLayers`, `PreviewLayers` and `MockLayers` conform to `AppLayers`; one of them is installed:
/// ```swift
/// container.use(LiveLayers())       // the app
/// container.use(PreviewLayers())    // previews: no network
/// container.use(MockLayers())       // tests: mocks per layer
/// ```
public protocol Assembly: Sendable {}

extension Container {
    /// Installs `assembly` in this container, replacing any earlier one: from the next resolve
    /// on, every layer provider answers from it. Children without an assembly of their own
    /// follow their parent's.
    ///
    /// ```swift
    /// // A test's setUp, on the same container every time:
    /// container.use(MockLayers(appState: AppState()))
    /// ```
    /// Every keypath provider starts afresh: kept instances are dropped (reported as
    /// ``ScopeReset`` events carrying the ``AssemblyChange``) and mappings are re-pointed at the
    /// new layers. Overrides (`provider.register { … }`) and type-keyed registrations stay.
    public func use(_ assembly: some Assembly, file: StaticString = #fileID, line: UInt = #line) {
        let previous = core.assemblyState.withLock { installed -> (any Assembly)? in
            defer { installed = InstalledAssembly(assembly) }
            return installed.assembly
        }
        let change = AssemblyChange(
            previous: previous.map { typeName(Swift.type(of: $0)) }, installed: typeName(Swift.type(of: assembly)),
            location: SourceLocation(file, line))
        for container in [self] + descendantsSharingAssembly() {
            container.startLayersAfresh(after: change)
        }
        refuseMappingLoops(after: change, file: file, line: line)
    }

    /// Stops the program when the re-pointed mappings lead round: two keypaths with different
    /// providers under the old assembly can share one under the new one.
    private func refuseMappingLoops(after change: AssemblyChange, file: StaticString, line: UInt) {
        let loop = Container.mappingChanges.withLock { _ in
            mappingLoop(withOwnMappings: core.mappingState.withLock { $0.byProvider }, changed: nil)
        }
        guard let loop else { return }
        let around = loop.seenFrom == traceName ? "" : " for resolves from '\(loop.seenFrom)'"
        InjectionDiagnostics.trap(
            "Mapping loop: using \(change.installed) in '\(name)' at \(change.location) re-points mappings at its layers "
                + "so that they lead back to where they start\(around):\n"
                + loop.stepLines.joined(separator: "\n")
                + "\n  Fix: reset one of those mappings before use(_:), or give the assembly's layers a provider of their own for each mapped keypath.",
            file: file, line: line)
    }

    /// The installed assembly, as `A` (usually the app's assembly protocol). Stops the program
    /// with a message saying what to install when there is none.
    @inlinable
    public func assembly<A>(_ type: A.Type = A.self, file: StaticString = #fileID, line: UInt = #line) -> A {
        if let answer = installedAssembly(as: ObjectIdentifier(A.self)) {
            // Only a `TypedAssembly<A>` is kept under `A`'s metatype: never fails.
            return (answer as! TypedAssembly<A>).value
        }
        return castAssembly(A.self, file: file, line: line)
    }

    /// The first assembly-holding ancestor's kept answer for the protocol `type`, if any.
    @usableFromInline
    func installedAssembly(as type: ObjectIdentifier) -> AnyObject? {
        for container in lineage {
            if let answer = Self.answer(in: container, for: type) { return answer }
        }
        return nil
    }

    /// nil: no assembly here (ask the parent); `.some(nil)`: not asked as `type` yet.
    private static func answer(in container: Container, for type: ObjectIdentifier) -> AnyObject?? {
        container.core.assemblyState.withLock { installed -> AnyObject?? in
            installed.isInstalled ? .some(installed.answer(for: type)) : .none
        }
    }

    /// The first ask for `A`: the cast (a conformance lookup) runs once and is kept.
    @usableFromInline
    func castAssembly<A>(_ type: A.Type, file: StaticString, line: UInt) -> A {
        for container in lineage {
            let found = container.core.assemblyState.withLock { installed -> (typed: A?, assembly: any Assembly)? in
                guard let assembly = installed.assembly else { return nil }
                guard let typed = assembly as? A else { return (nil, assembly) }
                installed.remember(TypedAssembly(typed), for: ObjectIdentifier(A.self))
                return (typed, assembly)
            }
            guard let (typed, assembly) = found else { continue }
            guard let typed else {
                InjectionDiagnostics.trap(
                    "Assembly mismatch: '\(container.name)' uses \(typeName(Swift.type(of: assembly))), which is not a \(typeName(A.self)).\n  Fix: \(container.name).use(<#an assembly conforming to \(typeName(A.self))#>)",
                    file: file, line: line)
            }
            return typed
        }
        InjectionDiagnostics.trap(
            "Missing assembly: '\(name)' has no assembly of type \(typeName(A.self)) (nor do its parents).\n  Fix: \(name == "shared" ? "Container.shared" : name).use(<#an assembly conforming to \(typeName(A.self))#>) before the first keypath injection",
            file: file, line: line)
    }

    /// Live descendants that have no assembly of their own between them and this container.
    private func descendantsSharingAssembly() -> [Container] {
        ContainerRegistry.shared.all.filter { candidate in
            guard !candidate.isSame(as: self), candidate.hasAncestor(self) else { return false }
            return !candidate.lineage.prefix(while: { !$0.isSame(as: self) })
                .contains { $0.core.assemblyState.withLock { $0.isInstalled } }
        }
    }

    /// Forgets what came from the previous assembly's layers: declared providers, kept
    /// instances, the keypath → provider cache and the mappings' provider keys.
    private func startLayersAfresh(after change: AssemblyChange) {
        let dropped = core.state.withLock { state -> [Scope: Int] in
            state.keyPathKeys.removeAll()
            var dropped: [Scope: Int] = [:]
            for key in state.providerKeys {
                guard let entry = state.providerEntry(key) else { continue }
                for scope in entry.slot.discardAll() { dropped[scope, default: 0] += 1 }
                if !entry.registration.isOverride { state.setProvider(nil, for: key) }
            }
            return dropped
        }
        repointMappings()
        guard EventHub.shared.isActive else { return }
        let resets = dropped.isEmpty
            ? [ScopeReset(container: traceName, scope: .unique, discarded: 0, assemblyChange: change)]
            : dropped.sorted { $0.key.name < $1.key.name }.map {
                ScopeReset(container: traceName, scope: $0.key, discarded: $0.value, assemblyChange: change)
            }
        for reset in resets { EventHub.shared.emit(.scopeReset(reset)) }
    }

    /// Re-points the mappings' provider keys at the new assembly's providers.
    private func repointMappings() {
        guard core.hasMappings.load(ordering: .acquiring) else { return }
        let keyPaths = core.mappingState.withLock { table in table.mappings.map { ($0.key, $0.value) } }
        var byProvider: [ProviderKey: MappedTarget] = [:]
        for (original, mapping) in keyPaths {
            if let from = PlainKeyPaths.existing(original.keyPath), PlainKeyPaths.existing(mapping.target.id.keyPath) != nil {
                // A plain property's key is its keypath's, whatever the assembly: it stays.
                let previous = core.mappingState.withLock { $0.byProvider[from.key] }
                if let previous { byProvider[from.key] = previous }
                continue
            }
            // Projected outside the lock: a keypath runs the app's layer code.
            guard let from = self[keyPath: original.keyPath as AnyKeyPath] as? any ProviderKeyed,
                  let to = self[keyPath: mapping.target.id.keyPath as AnyKeyPath] as? any ProviderKeyed else { continue }
            byProvider[from.key] = MappedTarget(
                keyPath: mapping.target, key: to.key, original: from.identity, target: to.identity,
                location: mapping.location)
        }
        core.mappingState.withLock { $0.byProvider = byProvider }
    }
}
