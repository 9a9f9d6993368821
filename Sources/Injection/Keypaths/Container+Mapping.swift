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
        mappingState.withLock { table in
            table.mappings.removeAll()
            table.byProvider.removeAll()
            hasMappings.store(false, ordering: .releasing)
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
            if container.hasMappings.load(ordering: .acquiring),
               let target = container.mappingState.withLock({ $0.mappings[key]?.target }) {
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
        if let target {
            if mappingChain(from: target.key, reaches: providerKey) {
                InjectionDiagnostics.trap(
                    "Mapping loop: mapping \(original.identity()) to \(target.identity()) at \(location) would lead back to it.\n  Fix: map it to a provider whose own mappings do not lead back.",
                    file: file, line: line)
            }
        }
        // Both ends are registered now, so the graph knows their scopes before the mapping event.
        original.register()
        target?.register()
        let previous = mappingState.withLock { table -> SendableKeyPath? in
            let previous = table.mappings[key]?.target
            if let target {
                table.mappings[key] = MappingTable.Mapping(target: target.keyPath, location: location)
                table.byProvider[providerKey] = MappedTarget(keyPath: target.keyPath, key: target.key)
            } else {
                table.mappings.removeValue(forKey: key)
                table.byProvider.removeValue(forKey: providerKey)
            }
            hasMappings.store(!table.mappings.isEmpty, ordering: .releasing)
            return previous
        }
        guard EventHub.shared.isActive else { return }
        let fromIdentity = original.identity()
        let toIdentity = target?.identity()
        if target == nil && previous == nil { return }
        EventHub.shared.emit(.mappingChanged(MappingChange(
            action: target == nil ? .reset : .set, container: traceName, from: fromIdentity, to: toIdentity,
            location: location)))
        if let toIdentity, hasKeptInstance(providerKey) {
            EventHub.shared.emit(.staleOverride(StaleOverride(
                replaced: fromIdentity, replacement: toIdentity, scope: original.scope, location: location)))
        }
    }

    /// Whether following mappings from `start` (the provider itself included) reaches `key`, so
    /// that mapping `key` to `start` would close a loop of any length.
    func mappingChain(from start: ProviderKey, reaches key: ProviderKey) -> Bool {
        var current = start
        var seen: Set<ProviderKey> = []
        while seen.insert(current).inserted {
            if current == key { return true }
            guard let next = mappedTarget(forProvider: current) else { return false }
            current = next.key
        }
        return false
    }

    /// Whether this container or an ancestor has any mapping (one atomic load per container).
    var anyMappings: Bool {
        var current: Container? = self
        while let container = current {
            if container.hasMappings.load(ordering: .acquiring) { return true }
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
            if container.hasMappings.load(ordering: .acquiring),
               let target = container.mappingState.withLock({ $0.byProvider[key] }) {
                return target
            }
            current = container.parent
        }
        return nil
    }

    func hasKeptInstance(_ key: ProviderKey) -> Bool {
        state.withLock { state in
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
