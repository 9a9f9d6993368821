extension Container {
    /// Makes every instance the container hands out (transient, observed, kept, graph-scoped,
    /// validated, decorated) with `registration`'s factory on this thread's resolution stack,
    /// detecting cycles, sharing graph-scoped instances, reporting captive dependencies, and
    /// keeps it in the entry under `key` as ``ScopeRules`` say.
    ///
    /// `self` is the resolver: the container the resolve started in. The factory, and
    /// `Container.resolve()` inside it, resolve from there, so a child container's registrations
    /// apply.
    ///
    /// - Parameters:
    ///   - kind: The kind of scope it builds under, as the read found it
    ///     (``ScopeRules/use(_:_:)``): it decides the hot path; the full ``Scope`` (its name a
    ///     `String`, retained on every copy) is made only where it is kept, reported or compared.
    ///   - holder: The container whose table holds the entry (`self` or one of its ancestors or
    ///     added children); only the keeping reads it.
    ///   - context: The calling thread's, which the resolve fetched already.
    func build<T>(
        _ registration: Factory<T>, _ type: T.Type, key: EntryKey, kind: Scope.Kind, lifetime: ServiceLifetime,
        args: Arguments, source: Resolved.Source? = nil, mappedFrom: ServiceIdentity? = nil, holder: Container,
        in context: ResolutionContext = .current
    ) throws(ResolutionError) -> T {
        for index in context.frames.indices where context.frames[index].registration === registration {
            // Reported by the resolve that asked (`resolve(_:)`), which knows the line that closes it.
            throw .cycle(makeCycle(context, from: index, registration))
        }
        let observed = EventHub.isActive
        if kind == .unique, !observed, context.validation == nil, !Decorators.areInstalled {
            // The common transient, which nothing observes, validates, decorates or keeps: its
            // value goes straight into the result (each move of `T` is a value-witness call in
            // this unspecialised code: `Benchmarks/guard.sh`, transient).
            context.frames.append(ResolutionContext.Frame(registration: registration, lifetime: lifetime, container: self))
            do {
                defer { context.unwind() }
                return try registration(self, args)
            } catch {
                throw Self.buildFailure(error, of: registration)
            }
        }
        if kind == .unique, context.validation == nil, !Decorators.areInstalled, !context.requesterCaptures(kind) {
            // The same transient while an observer is attached (the branch above takes the
            // rest), holding no captive: its value also goes straight into the result, and is
            // reported once it is there (the defers run in the general path's order: end, pop,
            // report), instead of being held in a local of `T`'s size and moved
            // (`Benchmarks/guard.sh`, recorder attached).
            let start = EventHub.buildStart(of: registration, in: context)
            var end: UInt64 = 0
            var built = true
            do {
                defer {
                    if built {
                        emitCreated(
                            registration, kind: kind, lifetime: lifetime,
                            source: source ?? (!args.isEmpty ? .argument : registration.isOverride ? .override : .factory),
                            outcome: .created, start: start, end: end, mappedFrom: mappedFrom, in: context)
                    }
                }
                context.frames.append(ResolutionContext.Frame(registration: registration, lifetime: lifetime, container: self))
                do {
                    defer {
                        // Read while the frame is still pushed, as below (also after a throw:
                        // a reading nothing reports).
                        end = EventHub.buildEnd(start: start, inPassOf: context)
                        context.unwind()
                    }
                    return try registration(self, args)
                } catch {
                    built = false
                    throw Self.buildFailure(error, of: registration)
                }
            }
        }
        let registrationID = ObjectIdentifier(registration)
        if let validation = context.validation, ScopeRules.effectiveScope(registration.scope, lifetime).keepsInstance,
           let kept = validation.kept(registrationID) {
            return keptValue(of: kept, as: T.self)
        }
        if kind == .graph, let kept = context.graphInstances[registrationID] {
            if observed { emitCacheHit(registration, lifetime: .automatic, in: context) }
            return keptValue(of: kept, as: T.self)
        }
        // 0 for a build counted untimed (``BuildSampling``).
        let start = observed ? EventHub.buildStart(of: registration, in: context) : 0
        // Captives, judged here by kinds (the rule is `Scope.captures(_:)`): the requester's
        // frame, read in place, holding a shorter-lived service; keyed arguments a long-lived
        // instance is built from. Reported out of line, where the scopes are made; the frame's
        // captive once it is built (whether it holds anything is read from the instance).
        var captiveHeldAt = -1
        if observed || context.validation != nil {
            let depth = context.frames.count
            if depth > 0, context.frames[depth - 1].scopeKind.captures(kind) { captiveHeldAt = depth - 1 }
            if kind.isLongLived, !args.isEmpty {
                reportArgumentCaptives(
                    args, holder: registration, holderScope: ScopeRules.effectiveScope(registration.scope, lifetime),
                    in: context)
            }
        }
        // While an observed kept build runs, what it resolves is never folded (its pass is read
        // whole: ``ResolutionContext/isInKeptBuild``).
        let countsAsKeptBuild = observed && kind.keepsInstance
        if countsAsKeptBuild { context.keptBuildsUnderWay &+= 1 }
        context.frames.append(ResolutionContext.Frame(registration: registration, lifetime: lifetime, container: self))
        let value: T
        var end: UInt64 = 0
        do {
            // The frame is popped here on every exit, return or throw, before anything else runs.
            // Decorators run inside the instance's own frame (DECISIONS.md, "Every re-entry is a
            // cycle"): what they resolve is its dependency, and resolving it again is a cycle.
            defer {
                context.unwind()
                if countsAsKeptBuild { context.keptBuildsUnderWay &-= 1 }
            }
            value = try registration(self, args)
            if Decorators.areInstalled, context.validation == nil { decorate(built: value) }
            // Read while the frame is still pushed, so that the outermost build can share its
            // pass's stamp too (the pop ends the pass).
            if observed { end = EventHub.buildEnd(start: start, inPassOf: context) }
        } catch {
            if context.validation != nil { context.settleMismatches(heldAt: context.frames.count, built: false) }
            throw Self.buildFailure(error, of: registration)
        }
        if captiveHeldAt >= 0 {
            reportCaptive(of: registration, holding: value, lifetime: lifetime, heldAt: captiveHeldAt, observed: observed, in: context)
        }
        if let validation = context.validation {
            if ScopeRules.effectiveScope(registration.scope, lifetime).keepsInstance {
                validation.keep(registrationID, Instance(value))
            }
            context.settleMismatches(heldAt: context.frames.count, built: true)
            return value
        }
        // Asked only for an event.
        let source = !observed ? .factory : source ?? (!args.isEmpty ? .argument : registration.isOverride ? .override : .factory)
        if kind == .unique {
            // Kept nowhere: answered at once, moved once (each move of `T` is a value-witness call
            // in this unspecialised code).
            if observed {
                emitCreated(
                    registration, kind: kind, lifetime: lifetime, source: source, outcome: .created, start: start,
                    end: end, mappedFrom: mappedFrom, in: context)
            }
            return value
        }
        let result: T
        var lostRace = false
        switch ScopeRules.keeping(value, scope: ScopeRules.effectiveScope(registration.scope, lifetime), lifetime: lifetime) {
        case .none:
            result = consume value
        case .strong(let keptScope, let replace):
            // The entry may have been replaced (or dropped by `use(_:)`) meanwhile: then nothing
            // is kept and this resolve answers what it built.
            let box = registration.box(value)
            // Whether a `.newSingleton` put its instance in place of a kept one (asked only then).
            var displaced = false
            // What a `.shared` registration hands out is its weak instance: a `.newSingleton`'s
            // becomes it too ("make it the one the container keeps").
            let sharedObject: AnyObject? = replace && registration.scope.kind == .shared && ScopeRules.isClassInstance(value)
                ? value as AnyObject : nil
            // Whether it took the place of a live one.
            var displacedShared = false
            let winner = holder.core.state.withLock { state -> (any AnyObject & Sendable)? in
                guard let entry = state.entry(key), entry.registration === registration else { return nil }
                if replace { displaced = entry.kept != nil }
                return entry.slot.keep(box, scope: keptScope, replace: replace)
            }
            if let sharedObject {
                displacedShared = holder.core.state.withLock { state in
                    guard let entry = state.entry(key), entry.registration === registration else { return false }
                    let live = entry.slot.weakForRead != nil
                    _ = entry.slot.keepWeakly(sharedObject, noticingRelease: false)
                    return live
                }
            }
            // One end for a `.shared` registration: its weak instance is the one it kept strongly
            // since an earlier `.newSingleton`.
            if displacedShared {
                if observed { emitInstanceEnded(registration, scope: .shared, reason: .replaced, in: context) }
            } else if displaced, observed {
                emitInstanceEnded(registration, scope: keptScope, reason: .replaced, in: context)
            }
            // No `Optional<T>` here: in this unspecialised generic function it costs a runtime
            // metadata lookup on every resolve, kept or not.
            if let winner, winner !== box {
                // Another thread kept its instance first: this one is dropped, and the resolve
                // answers the kept one, as a cache hit would (so live counts stay right). Only
                // here is the kept box read: reading a generic class's field looks its metadata
                // up, the lookup ``Factory/box(_:)`` spares the build.
                lostRace = true
                result = keptValue(of: winner, as: T.self)
            } else {
                result = consume value
            }
        case .weak(let object):
            // Observed, the build says when it replaces an instance the weak scope let go (the
            // lookup found it released): asked only then, a weak load is not free.
            let released = holder.core.state.withLock { state in
                guard let entry = state.entry(key), entry.registration === registration else { return false }
                return entry.slot.keepWeakly(object, noticingRelease: observed)
            }
            if released { emitInstanceEnded(registration, scope: .shared, reason: .released, in: context) }
            result = consume value
        case .graph:
            if !context.frames.isEmpty { context.graphInstances[registrationID] = registration.box(value) }
            result = consume value
        }
        if observed {
            if lostRace || kind == .graph {
                emitCreated(
                    registration, kind: kind, lifetime: lifetime, source: source, outcome: lostRace ? .cached : .created,
                    start: start, end: end, mappedFrom: mappedFrom, in: context)
            } else {
                // A build that keeps its instance is always an event, never folded (one per kept
                // instance): the lifetime rules read its place among resets, replacements and
                // overrides, which an aggregate written later loses (docs/TRACE_FORMAT.md, Folding).
                emitUnfolded(
                    registration, lifetime: lifetime, source: source, outcome: .created, start: start, end: end,
                    mappedFrom: mappedFrom, in: context)
            }
        }
        return result
    }

    /// What a build whose factory threw `error` fails with: a resolve inside the factory that
    /// failed fails the build as it did; a factory that returned nil has no instance; anything
    /// else the factory threw is its failure.
    private static func buildFailure(_ error: any Error, of registration: AnyRegistration) -> ResolutionError {
        switch error {
        case let error as ResolutionError: error
        case is FactoryReturnedNil: .noInstance(service: registration.identity, location: registration.location)
        default: .factoryFailed(service: registration.identity, reason: "\(error)")
        }
    }

    /// Reports that the frame at `index`, the requester, captured `captive`, just built. A
    /// captive with no stored property in its type or any superclass (read with `Mirror`, off the
    /// unobserved path) holds nothing that can go stale: the graph makes it a note.
    @inline(never)
    private func reportCaptive(
        of registration: AnyRegistration, holding captive: Any, lifetime: ServiceLifetime, heldAt index: Int,
        observed: Bool, in context: ResolutionContext
    ) {
        let requester = context.frames[index]
        var mirror: Mirror? = Mirror(reflecting: captive)
        while let reflected = mirror, reflected.children.isEmpty { mirror = reflected.superclassMirror }
        let mismatch = ScopeMismatch(
            holder: requester.registration.identity, holderScope: requester.scope, captive: registration.identity,
            captiveScope: ScopeRules.effectiveScope(registration.scope, lifetime),
            capturedBy: context.captureRoute(holderAt: index), captiveHoldsNothing: mirror == nil)
        // Validation reports it once the holder is built: a holder whose build fails (a cycle
        // or a missing dependency) captured nothing. (The graph confirms events the same way.)
        if context.validation != nil { context.pendingMismatches.append((context.frames.count - 1, mismatch)) }
        if observed { EventHub.shared.emit(.scopeMismatch(mismatch), in: context) }
    }

    /// Reports a build: folded into the thread's repeat table when it repeats one seen before
    /// (inlined into `build`: a folded repeat then costs no call of its own), else delivered as
    /// an event. The scope is made only for an event, a new key or a `.custom` one (a ``Scope``
    /// copy retains its name).
    @inline(__always)
    private func emitCreated(
        _ registration: AnyRegistration, kind: Scope.Kind, lifetime: ServiceLifetime, source: Resolved.Source,
        outcome: Resolved.Outcome, start: UInt64, end: UInt64, mappedFrom: ServiceIdentity?,
        in context: ResolutionContext
    ) {
        if EventHub.foldRepeat(
            registration, kind: kind, scope: ScopeRules.effectiveScope(registration.scope, lifetime), outcome: outcome,
            source: source, start: start, end: end, in: context
        ) {
            return
        }
        emitUnfolded(
            registration, lifetime: lifetime, source: source, outcome: outcome, start: start, end: end,
            mappedFrom: mappedFrom, in: context)
    }

    /// What ``emitCreated(_:kind:lifetime:source:outcome:start:end:mappedFrom:in:)`` does for a
    /// build that was not folded, out of line: the fold stays small (its event's scope, string
    /// and arguments were set up in the build's own frame, spilled on every build:
    /// `Benchmarks/guard.sh`, recorder attached).
    @inline(never)
    private func emitUnfolded(
        _ registration: AnyRegistration, lifetime: ServiceLifetime, source: Resolved.Source, outcome: Resolved.Outcome,
        start: UInt64, end: UInt64, mappedFrom: ServiceIdentity?, in context: ResolutionContext
    ) {
        let (duration, time) = start != 0 ? (end &- start, end) : EventHub.untimedBuild(registration, in: context)
        emitResolved(
            registration, scope: ScopeRules.effectiveScope(registration.scope, lifetime), source: source,
            outcome: outcome, duration: duration, end: time, mappedFrom: mappedFrom, in: context)
    }

    /// Reports that the instance `registration`'s entry kept under `scope` is no longer the one
    /// handed out; a replacement names the `.newSingleton` resolve's line when it has one
    /// (``ResolutionContext/replacingSite``).
    @inline(never)
    private func emitInstanceEnded(
        _ registration: AnyRegistration, scope: Scope, reason: InstanceEnded.Reason, in context: ResolutionContext
    ) {
        let location = reason == .replaced ? context.replacingSite.map { SourceLocation($0.file, $0.line) } : nil
        EventHub.shared.emit(
            .instanceEnded(InstanceEnded(service: registration.identity, scope: scope, reason: reason, location: location)),
            in: context)
    }

    /// Reports a cache hit of `registration`, kept under its scope as resolved with `lifetime`
    /// (``ScopeRules/effectiveScope(_:_:)``; `.automatic` reports the registered scope), on
    /// `context`, the calling thread's, which the resolve fetched already. The ``Scope`` is made
    /// only for an event, a new key or a `.custom` one (a copy retains its name).
    func emitCacheHit(_ registration: AnyRegistration, lifetime: ServiceLifetime, in context: ResolutionContext) {
        // A counted hit only needs a time stamp (``EventHub/repeatStamp(in:)``; an event, a
        // precise one).
        let now = EventHub.repeatStamp(in: context)
        let source: Resolved.Source = registration.isOverride ? .override : .factory
        if EventHub.foldRepeat(
            registration, kind: ScopeRules.effectiveKind(registration.scope.kind, lifetime),
            scope: ScopeRules.effectiveScope(registration.scope, lifetime), outcome: .cached, source: source,
            start: now, end: now, in: context
        ) { return }
        emitResolved(
            registration, scope: ScopeRules.effectiveScope(registration.scope, lifetime), source: source,
            outcome: .cached, duration: 0, end: EventClock.raw(), mappedFrom: nil, in: context)
    }

    /// Delivers a resolution as an event: the first of its kind on this thread (the repeat
    /// table remembers it), or any resolution while an observer takes every event.
    @inline(never)
    private func emitResolved(
        _ registration: AnyRegistration, scope: Scope, source: Resolved.Source, outcome: Resolved.Outcome,
        duration: UInt64, end: UInt64, mappedFrom: ServiceIdentity?, in context: ResolutionContext
    ) {
        let hub = EventHub.shared
        guard let receivers = hub.receivers(in: context) else { return }
        let viaProperty = context.requesterInjectsProperties
        var event = ResolutionEvent(
            sequence: hub.nextSequence(), time: EventClock.since(raw: end), thread: context.threadNumber,
            kind: .resolved(Resolved(
                service: registration.identity, requester: context.requester?.identity, scope: scope,
                outcome: outcome, source: source, durationNanoseconds: duration,
                depth: context.frames.count + 1, mappedFrom: mappedFrom, isPropertyInjection: viaProperty)))
        event.isInsideKeptBuild = context.isInKeptBuild
        receivers.deliver(event)
    }
}

extension ResolutionContext {
    /// Settles the captive dependencies found while the frame at `index` was built: recorded by
    /// the validation when it was `built`, forgotten (with those of deeper frames) when it failed.
    func settleMismatches(heldAt index: Int, built: Bool) {
        guard !pendingMismatches.isEmpty else { return }
        if built {
            for pending in pendingMismatches where pending.holderIndex == index {
                validation?.record(.scopeMismatch(pending.mismatch))
            }
        }
        pendingMismatches.removeAll { $0.holderIndex >= index }
    }

    /// Pops the innermost frame; when the pass is over, forgets its graph-scoped instances and
    /// its time stamp (``passStamp``).
    @inline(__always)
    func unwind() {
        frames.removeLast()
        if frames.isEmpty {
            passStamp = 0
            if !graphInstances.isEmpty { graphInstances.removeAll(keepingCapacity: true) }
        }
    }
}
