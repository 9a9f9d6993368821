import Synchronization

extension Container {
    /// Resolves a service, stopping the program with a diagnostic when it cannot.
    ///
    /// ```swift
    /// let fetcher: XYZFetching = container.resolve()
    /// let editor = container.resolve(XYZViewModel.self, name: "edit")
    /// let fresh: Session = container.resolve(lifetime: .new)
    /// ```
    /// A missing registration or a cycle prints the same message that
    /// ``tryResolve(_:name:lifetime:args:file:line:)`` throws, after observers (and the trace)
    /// have received it.
    ///
    /// - Parameters:
    ///   - name: The registration name, for named registrations.
    ///   - lifetime: The service type chosen at this use site (``ServiceLifetime``).
    ///   - args: Arguments for a factory registered with `{ container, args in … }`.
    public func resolve<T>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        args: Any? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        do {
            return try resolveKey(T.self, name: name, lifetime: lifetime, args: Arguments(args), file: file, line: line)
        } catch {
            InjectionDiagnostics.trap(error, file: file, line: line)
        }
    }

    /// Resolves a service, throwing a ``ResolutionError`` that explains a failure.
    ///
    /// ```swift
    /// do {
    ///     let fetcher = try container.tryResolve(XYZFetching.self)
    /// } catch .missing(let missing) {
    ///     print(missing.message)
    /// }
    /// ```
    public func tryResolve<T>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        args: Any? = nil, file: StaticString = #fileID, line: UInt = #line
    ) throws(ResolutionError) -> T {
        try resolveKey(T.self, name: name, lifetime: lifetime, args: Arguments(args), file: file, line: line)
    }

    /// Resolves a service, or returns nil when nothing is registered for it.
    ///
    /// ```swift
    /// let analytics: Analytics? = container.optional()
    /// ```
    /// Only a missing registration, or a factory that returned nil (`register { Feed(url) as
    /// Feed? }`), gives nil; a cycle is a bug and still stops the program.
    public func optional<T>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        args: Any? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> T? {
        do {
            return try resolveKey(T.self, name: name, lifetime: lifetime, args: Arguments(args), file: file, line: line, quiet: true)
        } catch .missing, .noInstance {
            return nil
        } catch {
            InjectionDiagnostics.trap(error, file: file, line: line)
        }
    }

    // MARK: - Resolver-style static conveniences

    /// Registers in ``shared``: `Container.register { XYZService() }`.
    @discardableResult
    public static func register<T>(
        _ type: T.Type = T.self, name: String? = nil, scope: Scope = .unique,
        file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable () throws -> T
    ) -> RegistrationOptions<T> {
        shared.register(type, name: name, scope: scope, file: file, line: line, factory: factory)
    }

    /// Resolves from the container that is building a service on this thread, or from
    /// ``shared`` outside a resolution: inside a factory, `Container.resolve()` follows the
    /// container the resolution started in (a child container's overrides apply).
    public static func resolve<T>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        args: Any? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        current.resolve(type, name: name, lifetime: lifetime, args: args, file: file, line: line)
    }

    /// The throwing form of ``resolve(_:name:lifetime:args:file:line:)-swift.type.method``.
    public static func tryResolve<T>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        args: Any? = nil, file: StaticString = #fileID, line: UInt = #line
    ) throws(ResolutionError) -> T {
        try current.tryResolve(type, name: name, lifetime: lifetime, args: args, file: file, line: line)
    }

    /// The optional form of ``resolve(_:name:lifetime:args:file:line:)-swift.type.method``.
    public static func optional<T>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        args: Any? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> T? {
        current.optional(type, name: name, lifetime: lifetime, args: args, file: file, line: line)
    }

    /// The container resolving on this thread right now, else ``shared``.
    public static var current: Container {
        if let frame = ResolutionContext.current.frames.last { return frame.container }
        return shared
    }

    // MARK: - The resolution itself

    /// What a container's table says about a key.
    enum Lookup: Sendable {
        case missing
        case kept(AnyRegistration, any AnyObject & Sendable)
        case keptWeakly(AnyRegistration, InstanceBox)
        case build(AnyRegistration)
    }

    /// Looks `key` up in `state`, borrowing the entry in place (`Dictionary.Values` subscript)
    /// rather than copying the whole entry out of the table (4 retains and releases).
    @inline(__always)
    static func lookup(
        _ state: borrowing ContainerState, _ key: ObjectIdentifier, name: String?, lifetime: ServiceLifetime
    ) -> Lookup {
        if let name {
            guard let index = state.named.index(forKey: NamedKey(type: key, name: name)) else { return .missing }
            return lookup(borrowed: state.named.values[index], lifetime: lifetime)
        }
        guard let index = state.unnamed.index(forKey: key) else { return .missing }
        return lookup(borrowed: state.unnamed.values[index], lifetime: lifetime)
    }

    @inline(__always)
    static func lookup(borrowed entry: borrowing ContainerState.Entry, lifetime: ServiceLifetime) -> Lookup {
        let registration = entry.registration
        switch lifetime {
        case .new, .newSingleton:
            return .build(registration)
        case .singleton:
            if let kept = entry.kept { return .kept(registration, kept) }
            return .build(registration)
        case .automatic:
            // Only a scope that keeps instances answers from the slot: a `.singleton` use of a
            // unique or graph registration must not make later automatic resolves shared.
            if registration.scope.isLongLived, let kept = entry.kept { return .kept(registration, kept) }
            if let object = entry.weak?.object { return .keptWeakly(registration, InstanceBox(object)) }
            return .build(registration)
        }
    }

    /// - Parameter origin: Where the resolve started, when it continues in `self` on its behalf
    ///   (an `.implements` key answered through its registration's key); factories resolve there.
    func resolveKey<T>(
        _ type: T.Type, name: String?, lifetime: ServiceLifetime, args: Arguments,
        file: StaticString, line: UInt, quiet: Bool = false, origin: Container? = nil
    ) throws(ResolutionError) -> T {
        let key = ObjectIdentifier(T.self)
        // `unowned(unsafe)`: `self` is alive for the whole call and holds its ancestors strongly
        // (`parent` is a `let`), so walking the chain needs no retain. A Container's retains are
        // expensive: `ContainerRegistry` references it weakly, which gives it a side table, and
        // every retain/release of an object with a side table takes the runtime's slow path.
        unowned(unsafe) var container = self
        while true {
            var lookup = container.state.withLock { Container.lookup($0, key, name: name, lifetime: lifetime) }
            if case .missing = lookup, container.hasAddedChildren.load(ordering: .acquiring),
               let (holder, found) = container.lookupInAddedChildren(key, name: name, lifetime: lifetime) {
                // Resolver's downward search: the children added with `add(child:)`, before the parent.
                container = holder
                lookup = found
            }
            switch lookup {
            case .missing:
                if let parent = container.parent {
                    container = parent
                    continue
                }
                throw .missing(reportMissing(T.self, name: name, file: file, line: line, quiet: quiet))
            // The cache-hit cases are spelled out (here and in the keypath paths) rather than
            // shared through a helper: in this unspecialised generic hot path a helper returning
            // `Optional<T>` cost ~50 ns per resolve (measured with InjectionBenchmarks).
            case .kept(let registration, let kept) where !ValidationRun.isActiveOnThisThread:
                if EventHub.shared.isActive { emitCacheHit(registration, scope: registration.scope) }
                // Safe: `kept` was stored by `build` below for this registration, as an `Instance<T>`.
                return unsafeDowncast(kept, to: Instance<T>.self).value
            case .keptWeakly(let registration, let box) where !ValidationRun.isActiveOnThisThread:
                if EventHub.shared.isActive { emitCacheHit(registration, scope: registration.scope) }
                return box.value as! T
            case .build(let registration) where registration.alias != nil:
                // Safe: an alias stored under `T`'s key is a `ServiceAlias<T>` (``Container/addAlias``).
                return try unsafeDowncast(registration.alias!, to: ServiceAlias<T>.self)
                    .resolve(container, origin ?? self, lifetime, args, file, line)
            case .build(let registration), .kept(let registration, _), .keptWeakly(let registration, _):
                return try container.build(
                    registration, T.self, lifetime: lifetime, args: args, resolvingIn: origin ?? self,
                    keep: { state, box, replace in
                        // The slot belongs to the registration's own long-lived scope, so
                        // resetting that scope drops an instance a `.singleton` use kept.
                        state.keep(box, scope: lifetime == .automatic || registration.scope.isLongLived
                                       ? registration.scope : .singleton,
                                   replace: replace, for: registration, key, name: name)
                    })
            }
        }
    }

    /// Builds an instance with `registration`'s factory on this thread's resolution stack,
    /// detecting cycles, sharing graph-scoped instances and reporting captive dependencies.
    ///
    /// - Parameter resolvingIn: The container the resolve started in, when the registration was
    ///   found in one of its ancestors (`self`): the factory, and `Container.resolve()` inside it,
    ///   resolve from there, so a child container's registrations apply.
    /// - Parameter keep: Stores a kept instance in the entry it came from (first writer wins unless
    ///   `replace`); returns the instance now kept.
    func build<T>(
        _ registration: AnyRegistration, _ type: T.Type, lifetime: ServiceLifetime, args: Arguments,
        source: Resolved.Source? = nil, mappedFrom: ServiceIdentity? = nil, resolvingIn: Container? = nil,
        keep: (inout ContainerState, any AnyObject & Sendable, Bool) -> (any AnyObject & Sendable)?
    ) throws(ResolutionError) -> T {
        let context = ResolutionContext.current
        let scope: Scope = switch lifetime {
        case .automatic: registration.scope
        case .new: .unique
        case .singleton, .newSingleton: .singleton
        }
        for index in context.frames.indices where context.frames[index].registration === registration {
            throw .cycle(reportCycle(context, from: index, registration))
        }
        let registrationID = ObjectIdentifier(registration)
        if let validation = context.validation, scope.keepsInstance, let kept = validation.kept(registrationID) {
            return unsafeDowncast(kept, to: Instance<T>.self).value
        }
        if scope.kind == .graph, let kept = context.graphInstances[registrationID] {
            if EventHub.shared.isActive { emitCacheHit(registration, scope: scope) }
            return unsafeDowncast(kept, to: Instance<T>.self).value
        }
        let observed = EventHub.shared.isActive
        let start = observed ? EventClock.raw() : 0
        let requester = context.frames.last
        if let requester, requester.scope.isLongLived, scope.isShortLived, observed || context.validation != nil {
            let mismatch = ScopeMismatch(
                holder: requester.registration.identity, holderScope: requester.scope,
                captive: registration.identity, captiveScope: scope)
            context.validation?.record(.scopeMismatch(mismatch))
            if observed { EventHub.shared.emit(.scopeMismatch(mismatch), in: context) }
        }
        let resolver = resolvingIn ?? self
        context.frames.append(ResolutionContext.Frame(registration: registration, scope: scope, container: resolver))
        let value: T
        do {
            value = try registration.typedFactory(T.self).make(resolver, args)
        } catch let error as ResolutionError {
            context.unwind()
            throw error
        } catch is FactoryReturnedNil {
            context.unwind()
            throw .noInstance(service: registration.identity, location: registration.location)
        } catch {
            context.unwind()
            throw .factoryFailed(service: registration.identity, reason: "\(error)")
        }
        context.unwind()
        if Decorators.areInstalled, context.validation == nil { resolver.decorate(built: value) }

        var result = value
        if let validation = context.validation {
            if scope.keepsInstance { validation.keep(registrationID, Instance(value)) }
            return value
        }
        switch scope.kind {
        case .cached, .singleton, .custom:
            let box = Instance(value)
            let replace = lifetime == .newSingleton
            if let winner = state.withLock({ keep(&$0, box, replace) }) {
                result = unsafeDowncast(winner, to: Instance<T>.self).value
            }
        case .shared:
            if Swift.type(of: value as Any) is AnyClass {
                _ = state.withLock { keep(&$0, WeakInstance(value as AnyObject), false) }
            }
        case .graph:
            if !context.frames.isEmpty { context.graphInstances[registrationID] = Instance(value) }
        case .unique:
            break
        }
        if observed {
            let resolvedSource: Resolved.Source = source
                ?? (!args.isEmpty ? .argument : registration.isOverride ? .override : .factory)
            let end = EventClock.raw()
            if let receivers = EventHub.shared.receivers(in: context) {
                let time = EventClock.since(raw: end)
                // Property-injection resolves are never folded: the fold key has no room for the edge kind.
                let viaProperty = requester?.injectsProperties ?? false
                if !viaProperty, EventHub.shared.foldRepeat(
                    registration, requester: requester?.registration, scope: scope, outcome: .created,
                    source: resolvedSource, duration: end &- start, time: time, list: receivers, in: context
                ) { return result }
                receivers.deliver(ResolutionEvent(
                    sequence: EventHub.shared.nextSequence(), time: time,
                    thread: context.threadNumber,
                    kind: .resolved(Resolved(
                        service: registration.identity, requester: requester?.registration.identity, scope: scope,
                        outcome: .created, source: resolvedSource, durationNanoseconds: end &- start,
                        depth: context.frames.count + 1, mappedFrom: mappedFrom, isPropertyInjection: viaProperty))))
            }
        }
        return result
    }

    func emitCacheHit(_ registration: AnyRegistration, scope: Scope) {
        ResolutionContext.withCurrent { context in
            guard let receivers = EventHub.shared.receivers(in: context) else { return }
            let time = EventClock.now()
            let source: Resolved.Source = registration.isOverride ? .override : .factory
            let viaProperty = context.frames.last?.injectsProperties ?? false
            if !viaProperty, EventHub.shared.foldRepeat(
                registration, requester: context.frames.last?.registration, scope: scope, outcome: .cached,
                source: source, duration: 0, time: time, list: receivers, in: context
            ) { return }
            receivers.deliver(ResolutionEvent(
                sequence: EventHub.shared.nextSequence(), time: time, thread: context.threadNumber,
                kind: .resolved(Resolved(
                    service: registration.identity, requester: context.frames.last?.registration.identity,
                    scope: scope, outcome: .cached, source: source,
                    durationNanoseconds: 0, depth: context.frames.count + 1, isPropertyInjection: viaProperty))))
        }
    }
}

extension ResolutionContext {
    /// Pops the innermost frame; when the pass is over, forgets its graph-scoped instances.
    @inline(__always)
    func unwind() {
        frames.removeLast()
        if frames.isEmpty && !graphInstances.isEmpty { graphInstances.removeAll(keepingCapacity: true) }
    }
}

extension ContainerState {
    /// Keeps `box` for `registration` under `key`, unless the entry was replaced meanwhile.
    /// Returns the instance kept afterwards: an earlier one when another thread won the race.
    mutating func keep(
        _ box: any AnyObject & Sendable, scope: Scope, replace: Bool,
        for registration: AnyRegistration, _ key: ObjectIdentifier, name: String?
    ) -> (any AnyObject & Sendable)? {
        guard var entry = entry(key, name: name), entry.registration === registration else { return nil }
        defer { setEntry(entry, key, name: name) }
        return entry.keepInstance(box, scope: scope, replace: replace)
    }
}

extension ContainerState.Entry {
    mutating func keepInstance(_ box: any AnyObject & Sendable, scope: Scope, replace: Bool) -> (any AnyObject & Sendable)? {
        if let weak = box as? WeakInstance {
            self.weak = weak
            return nil
        }
        if let existing = kept, !replace { return existing }
        kept = box
        keptScope = scope
        return box
    }
}
