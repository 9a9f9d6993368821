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
    /// Installs `assembly` in this container, replacing any earlier one, at any time: from the
    /// next resolve on, every layer provider answers from the new assembly, however it is reached
    /// (keypath, `@Inject`, a provider called directly, a mapping). Children without an assembly
    /// of their own use their parent's and change with it.
    ///
    /// ```swift
    /// // A test's setUp, on the same container every time:
    /// container.use(MockLayers(appState: AppState()))
    /// ```
    /// A container cannot tell which layers came from an assembly, so the change starts every
    /// keypath provider of the container afresh: instances kept from the previous assembly's
    /// providers are dropped, reported as ``ScopeReset`` events carrying the
    /// ``AssemblyChange``, and mappings are re-pointed at the new layers. Explicit overrides
    /// (`provider.register { … }`) and type-keyed registrations stay.
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

    /// Stops the program when the re-pointed mappings lead round: two keypaths that named
    /// different providers under the previous assembly can name one under the new one (a layer
    /// whose `offlineNetwork` returns its `network`), so a mapping between them, or a chain
    /// through them, would now send a resolve back to where it started. A mapping set with
    /// `map` is refused the same way when it is set; here the assembly is what closed the loop.
    private func refuseMappingLoops(after change: AssemblyChange, file: StaticString, line: UInt) {
        let loop = Container.mappingChanges.withLock { _ in
            mappingLoop(withOwnMappings: core.mappingState.withLock { $0.byProvider }, changed: nil)
        }
        guard let loop else { return }
        // Shaped like `resetAllMappings`' refusal (Container+Mapping.swift) on purpose: the same
        // loop listing, but another cause and another fix, so each says its own.
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
    ///
    /// Only the first ask for `A` casts the assembly to it (a conformance lookup); the container
    /// keeps that answer for later asks, until another assembly is installed.
    @inlinable
    public func assembly<A>(_ type: A.Type = A.self, file: StaticString = #fileID, line: UInt = #line) -> A {
        // `@inlinable`, so that the kept answer (`InstalledAssembly`) is read as `A` in the app's
        // specialised code.
        if let answer = installedAssembly(as: ObjectIdentifier(A.self)) {
            // Only a `TypedAssembly<A>` is kept under `A`'s metatype (`castAssembly`): never fails.
            return (answer as! TypedAssembly<A>).value
        }
        return castAssembly(A.self, file: file, line: line)
    }

    /// The answer kept for the protocol whose metatype is `type` by the first container of the
    /// lineage that has an assembly; nil when it has none yet (or no container has an assembly).
    @usableFromInline
    func installedAssembly(as type: ObjectIdentifier) -> AnyObject? {
        for container in lineage {
            if let answer = Self.answer(in: container, for: type) { return answer }
        }
        return nil
    }

    /// `container`'s answer for the protocol whose metatype is `type`: nil when it has no
    /// assembly (ask its parent), `.some(nil)` when its assembly has not been asked as `type` yet.
    private static func answer(in container: Container, for type: ObjectIdentifier) -> AnyObject?? {
        container.core.assemblyState.withLock { installed -> AnyObject?? in
            installed.isInstalled ? .some(installed.answer(for: type)) : .none
        }
    }

    /// The first ask for `A`: the installed assembly cast to `A` and kept for later asks.
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
            for container in candidate.lineage {
                if container.isSame(as: self) { return true }
                if container.core.assemblyState.withLock({ $0.isInstalled }) { return false }
            }
            return true
        }
    }

    /// Forgets what this container learned from the previous assembly's layers: declared
    /// provider registrations and every provider's kept instance, the keypath → provider cache,
    /// and the provider keys mappings were pointed at.
    private func startLayersAfresh(after change: AssemblyChange) {
        let dropped = core.state.withLock { state -> [Scope: Int] in
            state.keyPathKeys.removeAll()
            var dropped: [Scope: Int] = [:]
            for key in state.providerKeys {
                guard let entry = state.providerEntry(key) else { continue }
                for scope in entry.discardAll() { dropped[scope, default: 0] += 1 }
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

    /// Recomputes the provider keys of this container's mappings: a keypath through a layer now
    /// leads to the new assembly's provider.
    private func repointMappings() {
        guard core.hasMappings.load(ordering: .acquiring) else { return }
        let keyPaths = core.mappingState.withLock { table in table.mappings.map { ($0.key, $0.value) } }
        var byProvider: [ProviderKey: MappedTarget] = [:]
        for (original, mapping) in keyPaths {
            if let from = PlainKeyPaths.existing(original.keyPath), let to = PlainKeyPaths.existing(mapping.target.id.keyPath) {
                // A plain property's key is its keypath's, whatever the assembly: it stays.
                let previous = core.mappingState.withLock { $0.byProvider[from.key] }
                if let previous { byProvider[from.key] = previous }
                _ = to
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
