import Synchronization

extension Container {
    /// Builds an instance with `registration`'s factory on this thread's resolution stack,
    /// detecting cycles, sharing graph-scoped instances, reporting captive dependencies, and
    /// keeps it in the entry under `key` as ``ScopeRules`` say.
    ///
    /// - Parameter resolver: The container the resolve started in (`self` holds the entry, and
    ///   may be one of its ancestors): the factory, and `Container.resolve()` inside it, resolve
    ///   from there, so a child container's registrations apply.
    func build<T>(
        _ registration: AnyRegistration, _ type: T.Type, key: EntryKey, lifetime: ServiceLifetime, args: Arguments,
        source: Resolved.Source? = nil, mappedFrom: ServiceIdentity? = nil, resolver: Container
    ) throws(ResolutionError) -> T {
        let context = ResolutionContext.current
        let scope = ScopeRules.effectiveScope(registration.scope, lifetime)
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
        context.frames.append(ResolutionContext.Frame(registration: registration, scope: scope, container: resolver))
        let value: T
        do {
            value = try registration.typedFactory(T.self).make(resolver, args)
        } catch let error as ResolutionError {
            context.unwind()
            throw error
        } catch {
            context.unwind()
            throw .factoryFailed(service: registration.identity, reason: "\(error)")
        }
        context.unwind()

        let result: T
        if let validation = context.validation {
            if scope.keepsInstance { validation.keep(registrationID, Instance(value)) }
            return value
        }
        switch ScopeRules.keeping(value, scope: scope, lifetime: lifetime) {
        case .none:
            result = value
        case .strong(let keptScope, let replace):
            // The entry may have been replaced (or dropped by `use(_:)`) meanwhile: then nothing
            // is kept and this resolve answers what it built.
            let box = Instance(value)
            let winner = state.withLock { state in
                key.withEntry(in: &state) { entry -> (any AnyObject & Sendable)? in
                    guard entry.registration === registration else { return nil }
                    return entry.keepInstance(box, scope: keptScope, replace: replace)
                } ?? nil
            }
            // No `Optional<T>` here: in this unspecialised generic function it costs a runtime
            // metadata lookup on every resolve, kept or not.
            if let winner {
                result = unsafeDowncast(winner, to: Instance<T>.self).value
            } else {
                result = value
            }
        case .weak(let object):
            state.withLock { state in
                _ = key.withEntry(in: &state) { entry in
                    if entry.registration === registration { entry.weak = WeakInstance(object) }
                }
            }
            result = value
        case .graph:
            if !context.frames.isEmpty { context.graphInstances[registrationID] = Instance(value) }
            result = value
        }
        if observed {
            emitCreated(registration, scope: scope, requester: requester?.registration,
                        source: source ?? (!args.isEmpty ? .argument : registration.isOverride ? .override : .factory),
                        start: start, mappedFrom: mappedFrom, in: context)
        }
        return result
    }

    private func emitCreated(
        _ registration: AnyRegistration, scope: Scope, requester: AnyRegistration?, source: Resolved.Source,
        start: UInt64, mappedFrom: ServiceIdentity?, in context: ResolutionContext
    ) {
        let end = EventClock.raw()
        guard let receivers = EventHub.shared.receivers(in: context) else { return }
        let time = EventClock.since(raw: end)
        if EventHub.shared.foldRepeat(
            registration, requester: requester, scope: scope, outcome: .created,
            source: source, duration: end &- start, time: time, list: receivers, in: context
        ) { return }
        receivers.deliver(ResolutionEvent(
            sequence: EventHub.shared.nextSequence(), time: time,
            thread: context.threadNumber,
            kind: .resolved(Resolved(
                service: registration.identity, requester: requester?.identity, scope: scope,
                outcome: .created, source: source, durationNanoseconds: end &- start,
                depth: context.frames.count + 1, mappedFrom: mappedFrom))))
    }

    func emitCacheHit(_ registration: AnyRegistration, scope: Scope) {
        ResolutionContext.withCurrent { context in
            guard let receivers = EventHub.shared.receivers(in: context) else { return }
            let time = EventClock.now()
            let source: Resolved.Source = registration.isOverride ? .override : .factory
            if EventHub.shared.foldRepeat(
                registration, requester: context.frames.last?.registration, scope: scope, outcome: .cached,
                source: source, duration: 0, time: time, list: receivers, in: context
            ) { return }
            receivers.deliver(ResolutionEvent(
                sequence: EventHub.shared.nextSequence(), time: time, thread: context.threadNumber,
                kind: .resolved(Resolved(
                    service: registration.identity, requester: context.frames.last?.registration.identity,
                    scope: scope, outcome: .cached, source: source,
                    durationNanoseconds: 0, depth: context.frames.count + 1))))
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
