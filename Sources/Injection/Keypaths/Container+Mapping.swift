import Synchronization

extension Container {
    /// Answers requests for `original` with `replacement` from now on (instances built after
    /// this call; instances already kept or held stay as they are, which is reported as a stale
    /// override).
    ///
    /// ```swift
    /// container.map(\.login.mockTestViewModel, to: \.login.viewModel)
    /// // or: container.mappings[\.login.viewModel] = \.login.mockTestViewModel
    /// ```
    /// - Parameters:
    ///   - replacement: The provider that answers.
    ///   - original: The provider whose requests are redirected.
    ///   - file: The mapping file, reported with the mapping's event; leave the default.
    ///   - line: The mapping line, reported with the mapping's event; leave the default.
    public func map<T>(
        _ replacement: KeyPath<Container, Provider<T>>, to original: KeyPath<Container, Provider<T>>,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        setMapping(original, to: replacement, file: file, line: line)
    }

    /// Removes the mapping of `original`; its own provider answers again.
    public func resetMapping<T>(_ original: KeyPath<Container, Provider<T>>, file: StaticString = #fileID, line: UInt = #line) {
        setMapping(original, to: nil, file: file, line: line)
    }

    /// Removes every mapping of this container.
    public func resetAllMappings(file: StaticString = #fileID, line: UInt = #line) {
        let loop = Container.mappingChanges.withLock { _ -> MappingLoop? in
            // Removing this container's mappings can uncover an ancestor's that a descendant's
            // lead back to.
            if let loop = mappingLoop(withOwnMappings: [:], changed: nil) { return loop }
            core.mappingState.withLock { table in
                table.mappings.removeAll()
                table.byProvider.removeAll()
                core.hasMappings.store(false, ordering: .releasing)
            }
            return nil
        }
        if let loop {
            InjectionDiagnostics.trap(
                "Mapping loop: removing every mapping of '\(name)' at \(SourceLocation(file, line)) would uncover "
                    + "mappings that lead back to where they start, for resolves from '\(loop.seenFrom)':\n"
                    + loop.stepLines.joined(separator: "\n")
                    + "\n  Fix: reset one of those mappings first, or keep one of this container's.",
                file: file, line: line)
        }
        if EventHub.shared.isActive {
            EventHub.shared.emit(.mappingChanged(MappingChange(
                action: .resetAll, container: traceName, from: nil, to: nil, location: SourceLocation(file, line))))
        }
    }

    /// The provider that answers requests for `original`, when a mapping is set.
    public func mapping<T>(for original: KeyPath<Container, Provider<T>>) -> KeyPath<Container, Provider<T>>? {
        mappedTarget(of: original)
    }

    /// The mappings, readable and writable by subscript, as in
    /// `container.mappings[\.login.viewModel] = \.login.mockTestViewModel`.
    public var mappings: Mappings { Mappings(container: self) }

    /// Subscript access to a container's mappings.
    public struct Mappings: Sendable {
        let container: Container

        public subscript<T>(
            _ original: KeyPath<Container, Provider<T>>, file: StaticString = #fileID, line: UInt = #line
        ) -> KeyPath<Container, Provider<T>>? {
            get { container.mappedTarget(of: original) }
            nonmutating set { container.setMapping(original, to: newValue, file: file, line: line) }
        }
    }

    func mappedTarget<T>(of original: KeyPath<Container, Provider<T>>) -> KeyPath<Container, Provider<T>>? {
        let key = SendableKeyPath(keyPath: original)
        var current: Container? = self
        while let container = current {
            if container.core.hasMappings.load(ordering: .acquiring),
               let target = container.core.mappingState.withLock({ $0.mappings[key]?.target }) {
                return target.keyPath as? KeyPath<Container, Provider<T>>
            }
            current = container.parent
        }
        return nil
    }

    func setMapping<T>(
        _ original: KeyPath<Container, Provider<T>>, to target: KeyPath<Container, Provider<T>>?,
        file: StaticString, line: UInt
    ) {
        setMapping(MappingEnd(provider: original, in: self), to: target.map { MappingEnd(provider: $0, in: self) },
                   file: file, line: line)
    }

    /// Sets or removes (`target` nil) the mapping of `original`, whichever style of keypath
    /// (provider or plain property) both ends are: the loop refusal, the tables and the events
    /// are the same for both.
    func setMapping(_ original: MappingEnd, to target: MappingEnd?, file: StaticString, line: UInt) {
        let location = SourceLocation(file, line)
        let key = original.keyPath
        let providerKey = original.key
        // Both ends are registered now, so the graph knows their scopes before the mapping event.
        original.register()
        target?.register()
        let originalIdentity = original.identity()
        let targetIdentity = target?.identity()
        let mapped = target.map {
            MappedTarget(
                keyPath: $0.keyPath, key: $0.key, original: originalIdentity, target: targetIdentity!,
                location: location)
        }
        // The check and the change are one step under one lock (see `mappingChanges`).
        let outcome = Container.mappingChanges.withLock { _ -> Result<SendableKeyPath?, MappingLoop> in
            var proposed = core.mappingState.withLock { $0.byProvider }
            proposed[providerKey] = mapped
            if let loop = mappingLoop(withOwnMappings: proposed, changed: providerKey) { return .failure(loop) }
            return .success(core.mappingState.withLock { table -> SendableKeyPath? in
                let previous = table.mappings[key]?.target
                if let target {
                    table.mappings[key] = MappingTable.Mapping(target: target.keyPath, location: location)
                    table.byProvider[providerKey] = mapped
                } else {
                    table.mappings.removeValue(forKey: key)
                    table.byProvider.removeValue(forKey: providerKey)
                }
                core.hasMappings.store(!table.mappings.isEmpty, ordering: .releasing)
                return previous
            })
        }
        let previous: SendableKeyPath?
        switch outcome {
        case .success(let replaced): previous = replaced
        case .failure(let loop):
            let around = loop.seenFrom == traceName ? "" : " for resolves from '\(loop.seenFrom)'"
            let what = targetIdentity.map { "mapping \(originalIdentity) to \($0)" }
                ?? "removing the mapping of \(originalIdentity)"
            InjectionDiagnostics.trap(
                "Mapping loop: \(what) at \(location) would lead back to it\(around).\n"
                    + loop.stepLines.joined(separator: "\n")
                    + "\n  Fix: map it to a provider whose own mappings do not lead back.",
                file: file, line: line)
        }
        guard EventHub.shared.isActive else { return }
        if target == nil && previous == nil { return }
        EventHub.shared.emit(.mappingChanged(MappingChange(
            action: target == nil ? .reset : .set, container: traceName, from: originalIdentity, to: targetIdentity,
            location: location)))
        if let targetIdentity, hasKeptInstance(providerKey) {
            EventHub.shared.emit(.staleOverride(StaleOverride(
                replaced: originalIdentity, replacement: targetIdentity, scope: original.scope, location: location)))
        }
    }

    /// Whether this container or an ancestor has any mapping (one atomic load per container).
    var anyMappings: Bool {
        var current: Container? = self
        while let container = current {
            if container.core.hasMappings.load(ordering: .acquiring) { return true }
            current = container.parent
        }
        return false
    }

    /// The provider that answers for the provider with `key`, from this container's mappings or
    /// an ancestor's.
    func mappedTarget<T>(forProvider key: ProviderKey, _ type: T.Type) -> KeyPath<Container, Provider<T>>? {
        mappedTarget(forProvider: key)?.keyPath.keyPath as? KeyPath<Container, Provider<T>>
    }

    func mappedTarget(forProvider key: ProviderKey) -> MappedTarget? {
        var current: Container? = self
        while let container = current {
            if container.core.hasMappings.load(ordering: .acquiring),
               let target = container.core.mappingState.withLock({ $0.byProvider[key] }) {
                return target
            }
            current = container.parent
        }
        return nil
    }

    func hasKeptInstance(_ key: ProviderKey) -> Bool {
        core.state.withLock { state in
            guard let entry = state.providers[key] else { return false }
            return entry.holdsInstance
        }
    }
}

/// The mapper from keypath-container code, working on ``Container/shared``:
///
/// ```swift
/// InjectionMapper[\.login.viewModel] = \.login.mockTestViewModel
/// InjectionMapper.map(\.login.mockTestViewModel, to: \.login.viewModel)   // the same, as a call
/// InjectionMapper.reset(\.login.viewModel)
/// InjectionMapper.resetAll()
/// ```
/// Mappings apply to instances created after they are set.
public enum InjectionMapper {
    public static subscript<T>(
        _ original: KeyPath<Container, Provider<T>>, file: StaticString = #fileID, line: UInt = #line
    ) -> KeyPath<Container, Provider<T>>? {
        get { Container.shared.mappedTarget(of: original) }
        set { Container.shared.setMapping(original, to: newValue, file: file, line: line) }
    }

    /// Answers requests for `original` with `replacement`.
    public static func map<T>(
        _ replacement: KeyPath<Container, Provider<T>>, to original: KeyPath<Container, Provider<T>>,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        Container.shared.map(replacement, to: original, file: file, line: line)
    }

    /// Removes the mapping of `original`.
    public static func reset<T>(_ original: KeyPath<Container, Provider<T>>, file: StaticString = #fileID, line: UInt = #line) {
        Container.shared.resetMapping(original, file: file, line: line)
    }

    /// Removes every mapping.
    public static func resetAll(file: StaticString = #fileID, line: UInt = #line) {
        Container.shared.resetAllMappings(file: file, line: line)
    }
}
