import Synchronization

extension Container {
    /// Answers requests for `original` with `replacement` from now on (instances already kept
    /// stay, reported as a stale override).
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
        _ replacement: any KeyPath<Container, Provider<T>> & Sendable, to original: any KeyPath<Container, Provider<T>> & Sendable,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        setMapping(original, to: replacement, file: file, line: line)
    }

    /// Removes the mapping of `original`; its own provider answers again.
    public func resetMapping<T>(_ original: any KeyPath<Container, Provider<T>> & Sendable, file: StaticString = #fileID, line: UInt = #line) {
        setMapping(original, to: nil, file: file, line: line)
    }

    /// Removes every mapping of this container.
    public func resetAllMappings(file: StaticString = #fileID, line: UInt = #line) {
        let loop = Container.mappingChanges.withLock { _ -> MappingLoop? in
            // Removing these can uncover an ancestor's mappings that a descendant's lead back to.
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
    public func mapping<T>(for original: any KeyPath<Container, Provider<T>> & Sendable) -> (any KeyPath<Container, Provider<T>> & Sendable)? {
        mappedKeyPath(of: original)
    }

    /// The mappings, readable and writable by subscript, as in
    /// `container.mappings[\.login.viewModel] = \.login.mockTestViewModel`.
    public var mappings: Mappings { Mappings(container: self) }

    /// `mappings[original]` is the keypath that answers for `original` (itself while unmapped);
    /// assigning `nil`, or `original` itself, removes the mapping.
    ///
    /// ```swift
    /// container.mappings[\.login.viewModel] = \.login.mockTestViewModel
    /// container.mappings[\.login.viewModel] = nil                  // answers for itself again
    /// container.mappings[\.login.viewModel] = \.login.viewModel   // the same
    /// ```
    /// Non-optional so that a keypath literal can be assigned: an optional `KeyPath & Sendable`
    /// does not take one (swiftlang/swift#76716).
    public struct Mappings: Sendable {
        let container: Container

        public subscript<T>(
            _ original: any KeyPath<Container, Provider<T>> & Sendable, file: StaticString = #fileID, line: UInt = #line
        ) -> any KeyPath<Container, Provider<T>> & Sendable {
            get { container.mappedKeyPath(of: original) ?? original }
            nonmutating set { container.setMapping(original, to: unlessItself(newValue, original), file: file, line: line) }
        }

        /// The mapping of `original`, or nil; assigning nil removes it. Disfavoured, so that
        /// keypath literals take the non-optional subscript.
        @_disfavoredOverload
        public subscript<T>(
            _ original: any KeyPath<Container, Provider<T>> & Sendable, file: StaticString = #fileID, line: UInt = #line
        ) -> (any KeyPath<Container, Provider<T>> & Sendable)? {
            get { container.mappedKeyPath(of: original) }
            nonmutating set { container.setMapping(original, to: newValue.flatMap { unlessItself($0, original) }, file: file, line: line) }
        }
    }

    /// The keypath `original` (a provider's or a plain property's) maps to here or in an ancestor.
    func mappedKeyPath<Value>(of original: any KeyPath<Container, Value> & Sendable) -> (any KeyPath<Container, Value> & Sendable)? {
        let key = SendableKeyPath(keyPath: original)
        for container in lineage where container.core.hasMappings.load(ordering: .acquiring) {
            if let target = container.core.mappingState.withLock({ $0.mappings[key]?.target }) {
                return target.keyPath(to: Value.self)
            }
        }
        return nil
    }

    func setMapping<T>(
        _ original: any KeyPath<Container, Provider<T>> & Sendable, to target: (any KeyPath<Container, Provider<T>> & Sendable)?,
        file: StaticString, line: UInt
    ) {
        setMapping(MappingEnd(provider: original, in: self), to: target.map { MappingEnd(provider: $0, in: self) },
                   file: file, line: line)
    }

    /// Sets or removes (`target` nil) the mapping of `original`, for provider and plain keypaths.
    func setMapping(_ original: MappingEnd, to target: MappingEnd?, file: StaticString, line: UInt) {
        let location = SourceLocation(file, line)
        let key = original.keyPath
        let providerKey = original.key
        // Registered first, so the graph knows their scopes before the mapping event.
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
        let outcome = Container.mappingChanges.withLock { _ -> Result<TypedKeyPath?, MappingLoop> in
            var proposed = core.mappingState.withLock { $0.byProvider }
            proposed[providerKey] = mapped
            if let loop = mappingLoop(withOwnMappings: proposed, changed: providerKey) { return .failure(loop) }
            return .success(core.mappingState.withLock { table -> TypedKeyPath? in
                let previous = table.mappings[key.id]?.target
                if let target {
                    table.mappings[key.id] = MappingTable.Mapping(target: target.keyPath, location: location)
                    table.byProvider[providerKey] = mapped
                } else {
                    table.mappings.removeValue(forKey: key.id)
                    table.byProvider.removeValue(forKey: providerKey)
                }
                core.hasMappings.store(!table.mappings.isEmpty, ordering: .releasing)
                return previous
            })
        }
        let previous: TypedKeyPath?
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
        if let targetIdentity, core.state.withLock({ $0.providerEntry(providerKey)?.slot.holdsInstance ?? false }) {
            EventHub.shared.emit(.staleOverride(StaleOverride(
                replaced: originalIdentity, replacement: targetIdentity, scope: original.scope, location: location)))
        }
    }

    /// Whether this container or an ancestor has a mapping. Inlined into every keypath and
    /// provider call: a root container's answer is one flag; an outlined call cost a cached
    /// keypath its margin on the type-keyed resolve (Benchmarks/, keypath-cached).
    @inlinable
    var anyMappings: Bool {
        core.hasMappings.load(ordering: .acquiring) || (parent != nil && ancestorHasMappings)
    }

    /// Whether an ancestor has a mapping (the slow half of ``anyMappings``, for a container with a
    /// parent). It recurses through `parent?.`, which retains no container; `lineage` retains each
    /// (Benchmarks/, keypath-cached from a grandchild: DECISIONS.md).
    @usableFromInline
    var ancestorHasMappings: Bool { parent?.anyMappings == true }
}

/// The mapper from keypath-container code, working on ``Container/shared``:
///
/// ```swift
/// InjectionMapper[\.login.viewModel] = \.login.mockTestViewModel
/// InjectionMapper.map(\.login.mockTestViewModel, to: \.login.viewModel)   // the same, as a call
/// InjectionMapper.reset(\.login.viewModel)
/// InjectionMapper[\.login.viewModel] = nil                                  // the same as reset
/// InjectionMapper.resetAll()
/// ```
/// Mappings apply to instances created after they are set. The subscript reads the mapping or
/// nil, as the article's getter does; `target(of:)` reads the keypath that resolves.
public enum InjectionMapper {
    /// The mapping of `original` in ``Container/shared``, or nil when it is not mapped;
    /// assigning nil removes it: `InjectionMapper[\.login.viewModel] = nil` is `reset(_:)`.
    public static subscript<T>(
        _ original: any KeyPath<Container, Provider<T>> & Sendable, file: StaticString = #fileID, line: UInt = #line
    ) -> (any KeyPath<Container, Provider<T>> & Sendable)? {
        get { Container.shared.mappedKeyPath(of: original) }
        set { Container.shared.setMapping(original, to: newValue.flatMap { unlessItself($0, original) }, file: file, line: line) }
    }

    /// Maps `original` to a keypath literal (an optional `KeyPath & Sendable` does not take one,
    /// swiftlang/swift#76716); assigning `original` itself removes the mapping. Reading it is
    /// deprecated: it answered the keypath that resolves, not the article's mapping-or-nil.
    @_disfavoredOverload
    public static subscript<T>(
        _ original: any KeyPath<Container, Provider<T>> & Sendable, file: StaticString = #fileID, line: UInt = #line
    ) -> any KeyPath<Container, Provider<T>> & Sendable {
        @available(*, deprecated, message: "InjectionMapper[keyPath] answers the mapping or nil; for the keypath that resolves, write InjectionMapper.target(of: keyPath)")
        get { target(of: original) }
        set { Container.shared.setMapping(original, to: unlessItself(newValue, original), file: file, line: line) }
    }

    /// The keypath that answers for `original` in ``Container/shared``: its mapping, or itself.
    public static func target<T>(
        of original: any KeyPath<Container, Provider<T>> & Sendable
    ) -> any KeyPath<Container, Provider<T>> & Sendable {
        Container.shared.mappedKeyPath(of: original) ?? original
    }

    /// Answers requests for `original` with `replacement`.
    public static func map<T>(
        _ replacement: any KeyPath<Container, Provider<T>> & Sendable, to original: any KeyPath<Container, Provider<T>> & Sendable,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        Container.shared.map(replacement, to: original, file: file, line: line)
    }

    /// Removes the mapping of `original`.
    public static func reset<T>(_ original: any KeyPath<Container, Provider<T>> & Sendable, file: StaticString = #fileID, line: UInt = #line) {
        Container.shared.resetMapping(original, file: file, line: line)
    }

    /// Removes every mapping.
    public static func resetAll(file: StaticString = #fileID, line: UInt = #line) {
        Container.shared.resetAllMappings(file: file, line: line)
    }
}

/// A mapping subscript's new target: nil (no mapping) when it is the original itself.
func unlessItself<Value>(
    _ target: any KeyPath<Container, Value> & Sendable, _ original: any KeyPath<Container, Value> & Sendable
) -> (any KeyPath<Container, Value> & Sendable)? {
    target as AnyKeyPath == original ? nil : target
}
