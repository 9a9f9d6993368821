import Synchronization

extension Container {
    /// Resolves a service, stopping the program with a diagnostic when it cannot.
    ///
    /// ```swift
    /// let fetcher: XYZFetching = container.resolve()
    /// let editor = container.resolve(XYZEditing.self, name: "edit")
    /// let fresh: Session = container.resolve(lifetime: .new)
    /// ```
    /// A missing registration or a cycle prints the same message that
    /// ``tryResolve(_:name:lifetime:args:file:line:)-swift.method`` throws, after observers (and the trace)
    /// have received it.
    ///
    /// - Parameters:
    ///   - type: The service type; inferred from the context when omitted.
    ///   - name: The registration name, for named registrations.
    ///   - lifetime: The service type chosen at this use site (``ServiceLifetime``).
    ///   - args: Arguments for a factory registered with `{ container, args in … }`.
    ///   - file: The resolving file, named in a failure's message; leave the default.
    ///   - line: The resolving line, named in a failure's message; leave the default.
    @inlinable
    public func resolve<T>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        args: Any? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        do {
            return try tryResolve(T.self, name: name, lifetime: lifetime, args: args, file: file, line: line)
        } catch {
            InjectionDiagnostics.trap(error, file: file, line: line)
        }
    }

    /// Resolves a service, throwing a ``ResolutionError`` that explains a failure.
    ///
    /// ```swift
    /// do {
    ///     let fetcher = try container.tryResolve(XYZFetching.self)
    ///     print(fetcher.fetch())
    /// } catch .missing(let missing) {
    ///     print(missing.message)   // what was asked, by whom, what is near, how to fix it
    /// } catch {
    ///     print(error.message)     // a cycle, or a factory that threw
    /// }
    /// ```
    @inlinable
    public func tryResolve<T>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        args: Any? = nil, file: StaticString = #fileID, line: UInt = #line
    ) throws(ResolutionError) -> T {
        // `args` and `name` are literal nils at most call sites: the tests fold there.
        if args != nil {
            return try resolveKey(
                T.self, name: name, lifetime: lifetime, args: Arguments(args), file: file, line: line)
        }
        if name == nil {
            return try resolveUnnamed(T.self, lifetime: lifetime, args: .none, file: file, line: line, quiet: false)
        }
        return try resolveKey(T.self, name: name, lifetime: lifetime, args: .none, file: file, line: line)
    }

    /// Resolves a service, or returns nil when nothing is registered for it.
    ///
    /// ```swift
    /// let analytics: Analytics? = container.optional()
    /// ```
    /// Only a missing registration, or a factory that returned nil (`register { Feed(url) as
    /// Feed? }`), gives nil; a cycle is a bug and still stops the program.
    @inlinable
    public func optional<T>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        args: Any? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> T? {
        optional(T.self, name: name, lifetime: lifetime, args: Arguments(args), file: file, line: line)
    }

    /// The optional resolve with its ``Arguments`` made: the instance comes back through a slot
    /// (``resolveOptional(_:name:lifetime:args:file:line:into:)``), made optional here, where `T`
    /// is known.
    @inlinable
    func optional<T>(
        _ type: T.Type, name: String?, lifetime: ServiceLifetime, args: Arguments, file: StaticString,
        line: UInt
    ) -> T? {
        withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { slot in
            let instance = slot.baseAddress.unsafelyUnwrapped
            guard resolveOptional(
                T.self, name: name, lifetime: lifetime, args: args, file: file, line: line, into: instance)
            else { return nil }
            return instance.move()
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
    @inlinable
    public static func resolve<T>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        args: Any? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> T {
        current.resolve(type, name: name, lifetime: lifetime, args: args, file: file, line: line)
    }

    /// The throwing form of ``resolve(_:name:lifetime:args:file:line:)-swift.type.method``.
    @inlinable
    public static func tryResolve<T>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        args: Any? = nil, file: StaticString = #fileID, line: UInt = #line
    ) throws(ResolutionError) -> T {
        try current.tryResolve(type, name: name, lifetime: lifetime, args: args, file: file, line: line)
    }

    /// The optional form of ``resolve(_:name:lifetime:args:file:line:)-swift.type.method``.
    @inlinable
    public static func optional<T>(
        _ type: T.Type = T.self, name: String? = nil, lifetime: ServiceLifetime = .automatic,
        args: Any? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> T? {
        current.optional(type, name: name, lifetime: lifetime, args: args, file: file, line: line)
    }

    /// The container resolving on this thread right now, else ``shared``.
    public static var current: Container {
        ResolutionContext.current.frames.last?.container ?? shared
    }

    // MARK: - The one resolve path

    /// What a container's table answers for a key (``ReadLookup/answer``).
    enum Lookup {
        enum Answer: UInt8, Sendable {
            /// No entry under the key.
            case missing
            /// A kept ``Instance`` answers.
            case kept
            /// A live `.shared` instance answers (the object itself).
            case keptWeakly
            /// The registration builds.
            case build
        }
    }

    /// What a resolve does when no container in the chain has the key.
    @usableFromInline
    enum MissingPolicy<T> {
        /// Fail with a missing-registration diagnostic (reported to observers unless `quiet`).
        case report(file: StaticString, line: UInt, quiet: Bool)
        /// Register the provider's declared factory in the resolving container, then look again.
        case declare(Provider<T>)
        /// Project the keypath to its provider (remembering the keypath's provider key), then
        /// resolve that provider.
        case project(any KeyPath<Container, Provider<T>> & Sendable)
    }

    /// Where a resolve's call stands in the app's source, for a failure's message: a
    /// type-keyed resolve has one, a keypath provider's has none. Two words, no reference: it is
    /// passed along every resolve for nothing but a failure.
    struct ResolveSite {
        let file: StaticString
        let line: UInt
    }

    /// The type-keyed resolve: ``resolve(_:name:lifetime:args:file:line:)`` and its throwing and
    /// optional forms, and an `.implements` alias answered through its registration's key.
    ///
    /// It carries no ``MissingPolicy``: building that generic enum (and destroying it) on every
    /// resolve was measurable in this unspecialised path (`Benchmarks/guard.sh`), for a value read
    /// only when nothing answers.
    ///
    /// `@usableFromInline`: the front ends above are inlined into the app, so a call site's
    /// `name` and `args` (nil at most sites) are seen there and never copied or destroyed through
    /// `Optional`'s generic value witnesses here (`Benchmarks/guard.sh`, transient).
    ///
    /// - Parameter origin: Where the resolve started, when it continues in `self` on its behalf
    ///   (an `.implements` key answered through its registration's key); factories resolve there.
    @usableFromInline
    func resolveKey<T>(
        _ type: T.Type, name: String?, lifetime: ServiceLifetime, args: Arguments,
        file: StaticString, line: UInt, quiet: Bool = false, origin: Container? = nil
    ) throws(ResolutionError) -> T {
        // `== nil` looks at the name in place; `if let` copied it (a retain) even when nil.
        var key: EntryKey = name == nil ? .type(ObjectIdentifier(T.self))
            : .named(NamedKey(type: ObjectIdentifier(T.self), name: name.unsafelyUnwrapped))
        let found = locate(&key, lifetime: lifetime)
        guard found.lookup.registration != nil else {
            throw .missing(reportMissing(T.self, name: name, file: file, line: line, quiet: quiet))
        }
        return try answer(
            found, T.self, key: key, lifetime: lifetime, args: args, source: nil, mappedFrom: nil, origin: origin,
            site: ResolveSite(file: file, line: line))
    }

    /// ``resolveKey(_:name:lifetime:args:file:line:quiet:origin:)`` without a name, the front
    /// ends' common case: its key is a `.type` key from the start, so no name is copied into it
    /// (a retain of the name's storage, even when nil) and none destroyed after it
    /// (`Benchmarks/guard.sh`, transient).
    @usableFromInline
    func resolveUnnamed<T>(
        _ type: T.Type, lifetime: ServiceLifetime, args: Arguments, file: StaticString, line: UInt, quiet: Bool
    ) throws(ResolutionError) -> T {
        var key = EntryKey.type(ObjectIdentifier(T.self))
        let found = locate(&key, lifetime: lifetime)
        guard found.lookup.registration != nil else {
            throw .missing(reportMissing(T.self, name: nil, file: file, line: line, quiet: quiet))
        }
        return try answer(
            found, T.self, key: key, lifetime: lifetime, args: args, source: nil, mappedFrom: nil, origin: nil,
            site: ResolveSite(file: file, line: line))
    }

    /// The resolve of a keypath provider, a provider called directly, a mapped provider or a plain
    /// keypath: ``locate(_:lifetime:)``, then what `missing` says when nothing answers.
    ///
    /// - Parameters:
    ///   - source: How the answer was chosen, when the caller knows better than the registration
    ///     (a mapping).
    ///   - mappedFrom: The provider a mapping redirected, for the event.
    ///   - missing: What to do when no container in the chain has `requested`.
    func resolveEntry<T>(
        _ requested: EntryKey, _ type: T.Type, lifetime: ServiceLifetime, args: Arguments,
        source: Resolved.Source? = nil, mappedFrom: ServiceIdentity? = nil, missing: MissingPolicy<T>
    ) throws(ResolutionError) -> T {
        var key = requested
        while true {
            let found = locate(&key, lifetime: lifetime)
            if found.lookup.registration != nil {
                let site: ResolveSite? = switch missing {
                case .report(let file, let line, _): ResolveSite(file: file, line: line)
                case .declare, .project: nil
                }
                return try answer(
                    found, T.self, key: key, lifetime: lifetime, args: args, source: source, mappedFrom: mappedFrom,
                    origin: nil, site: site)
            }
            switch missing {
            case .report(let file, let line, let quiet):
                throw .missing(reportMissing(T.self, name: key.registrationName, file: file, line: line, quiet: quiet))
            case .declare(let provider):
                registerDeclaredIfNeeded(provider)
            case .project(let keyPath):
                if case .keyPath = key {
                    // This container may hold the provider without having projected the keypath
                    // (declared by a direct call, or a mapping): look again, by provider key.
                    key = .provider(project(keyPath).key)
                    continue
                }
                // `key` came from this keypath, mappings already followed: resolve the same key,
                // now declared.
                let provider = project(keyPath)
                return try resolveDeclared(
                    provider.key, T.self, lifetime: lifetime, source: source, mappedFrom: mappedFrom,
                    provider: { provider })
            }
        }
    }

    /// The resolve of a provider (called directly, or projected from a keypath) under `requested`,
    /// its key or the key a mapping leads to (a provider key: copying an ``EntryKey`` goes through
    /// its outlined copy): ``locate(_:lifetime:)``, and on a miss the
    /// provider's declared factory registered in this container, then looked up again.
    ///
    /// `provider` gives the provider only on a miss: a ``MissingPolicy`` holding it, or the
    /// provider passed as a value, copied it on every call (its container, scope name and
    /// closure retained and released) and looked its generic metadata up.
    func resolveDeclared<T>(
        _ requested: ProviderKey, _ type: T.Type, lifetime: ServiceLifetime,
        source: Resolved.Source? = nil, mappedFrom: ServiceIdentity? = nil, provider: () -> Provider<T>
    ) throws(ResolutionError) -> T {
        var key = EntryKey.provider(requested)
        while true {
            let found = locate(&key, lifetime: lifetime)
            if found.lookup.registration != nil {
                return try answer(
                    found, T.self, key: key, lifetime: lifetime, args: .none, source: source, mappedFrom: mappedFrom,
                    origin: nil, site: nil)
            }
            registerDeclaredIfNeeded(provider())
        }
    }

    /// The resolve of a keypath provider, `container[\.layer.service]`, when no container in the
    /// chain has mappings: the remembered keypath's entry is read in one lookup; a keypath this
    /// container never projected is projected once, then resolved as
    /// its provider (``resolveDeclared(_:_:lifetime:source:mappedFrom:provider:)``). No ``MissingPolicy``
    /// is built: wrapping the keypath in one cost every resolve its generic metadata and a
    /// retain and release of the keypath. Inlined into its one caller.
    @inline(__always)
    func resolveProjecting<T>(
        _ keyPath: any KeyPath<Container, Provider<T>> & Sendable, lifetime: ServiceLifetime
    ) throws(ResolutionError) -> T {
        var key = EntryKey.keyPath(ObjectIdentifier(keyPath))
        let found = locate(&key, lifetime: lifetime)
        if found.lookup.registration != nil {
            return try answer(
                found, T.self, key: key, lifetime: lifetime, args: .none, source: nil, mappedFrom: nil, origin: nil,
                site: nil)
        }
        // Never projected here (this container may still hold the provider, declared by a
        // direct call or a mapping), or projected and held nowhere in the chain.
        let provider = project(keyPath)
        return try resolveDeclared(provider.key, T.self, lifetime: lifetime, provider: { provider })
    }

    /// What a container's table answered, and which container's table it was. Noncopyable: it
    /// is read in place, never copied with its references.
    struct Found: ~Copyable {
        /// Read without the lock and borrowed from the holder's published tables, inside this
        /// thread's read section (``ContainerTables/read(_:lifetime:section:)``), which stays open
        /// until ``answer(_:_:key:lifetime:args:source:mappedFrom:origin:site:)`` ends it; a miss
        /// has ended it already.
        let lookup: ReadLookup
        /// The container whose table answered, when it is not the one that searched (an ancestor
        /// or an added child): the searching container is at hand, and holding it here cost a
        /// retain per resolve.
        let holderElsewhere: Container?
    }

    /// The search every resolve makes, written once and not generic: looks `key` up in this
    /// container, then along the search order (``nextInSearch(afterMissing:)``: added children,
    /// then the parent). A `.keyPath` key this container remembers becomes its `.provider` key
    /// for the rest of the search (ancestors and added children remember no keypaths of this
    /// container), and `key` is left as the search ended: the key the answer was found under,
    /// or, on a miss, the last key asked (still `.keyPath` when this container never projected
    /// the keypath, so the caller can project it and look again).
    func locate(_ key: inout EntryKey, lifetime: ServiceLifetime) -> Found {
        locateInline(&key, lifetime: lifetime)
    }

    /// ``locate(_:lifetime:)``, always inlined: for ``resolveHeldProvider(_:_:lifetime:)``.
    @inline(__always)
    func locateInline(_ key: inout EntryKey, lifetime: ServiceLifetime) -> Found {
        let lookup = core.state.read(key, lifetime: lifetime)
        if lookup.found { return Found(lookup: lookup, holderElsewhere: nil) }
        if case .keyPath(let id) = key {
            // Only this container's own memory is asked; it never projected the keypath when it
            // has none.
            guard let known = core.state.withLock({ $0.keyPathKeys[TypeKey(id)]?.key }) else {
                return Found(lookup: .missing, holderElsewhere: nil)
            }
            key = .provider(known)
        }
        var next = nextInSearch(afterMissing: key)
        while let container = next {
            let lookup = container.core.state.read(key, lifetime: lifetime)
            if lookup.found { return Found(lookup: lookup, holderElsewhere: container) }
            next = container.nextInSearch(afterMissing: key)
        }
        return Found(lookup: .missing, holderElsewhere: nil)
    }

    /// A cache hit of a kept instance while an observer is attached: the value is copied inside
    /// the read section, as the unobserved hit copies it, and the registration retained (a
    /// writer may free it once the section ends); the hit is reported after the section, so an
    /// observer's code never runs inside a read. Out of line, so that the unobserved resolve
    /// inlining ``answer(_:_:key:lifetime:args:source:mappedFrom:origin:site:)`` stays small.
    @inline(never)
    func observedHit<T>(_ found: consuming Found, _ type: T.Type, lifetime: ServiceLifetime) -> T {
        let lookup = found.lookup
        let registration = lookup.retainedRegistration()
        let value = lookup.keptValue(T.self)
        ResolutionContext.withCurrent { emitCacheHit(registration, lifetime: lifetime, in: $0) }
        return value
    }

    /// Answers what ``locate(_:lifetime:)`` found: a cache hit, an `.implements` alias followed,
    /// or a build on the resolution stack (``build(_:_:key:lifetime:args:source:mappedFrom:holder:)``),
    /// kept as ``ScopeRules`` say, reporting events and diagnostics.
    ///
    /// - Parameters:
    ///   - origin: Where the resolve started, when it continues in `self` on its behalf (an
    ///     `.implements` key answered through its registration's key); factories resolve there.
    ///   - site: The resolve's line, when it has one: it closes a cycle it meets.
    @inline(__always)
    func answer<T>(
        _ found: consuming Found, _ type: T.Type, key: EntryKey, lifetime: ServiceLifetime, args: Arguments,
        source: Resolved.Source?, mappedFrom: ServiceIdentity?, origin: Container?, site: ResolveSite?
    ) throws(ResolutionError) -> T {
        // A kept instance's value is copied inside the read section, retaining nothing else
        // (``ReadLookup``); any other answer is retained and the section ended.
        if found.lookup.answer == .kept, !EventHub.isActive, !ValidationRun.isActiveOnThisThread {
            return found.lookup.keptValue(T.self)
        }
        if found.lookup.answer == .kept, !ValidationRun.isActiveOnThisThread {
            return observedHit(found, T.self, lifetime: lifetime)
        }
        // Retained before the read section ends, after which a writer may free it.
        let registration = found.lookup.retainedRegistration()
        if found.lookup.answer == .build {
            found.lookup.endBuild()
        } else if let kept = found.lookup.end(), !ValidationRun.isActiveOnThisThread {
            // A live `.shared` instance (a `.kept` one was answered above, outside a validation),
            // which reports its registered scope, whatever the lifetime.
            if EventHub.isActive { emitCacheHit(registration, lifetime: .automatic, in: ResolutionContext.current) }
            return kept.object as! T
        }
        if registration.isAlias {
            // An `.implements` key (never kept): answered through the implementing key.
            return try follow(
                alias: registration, T.self, holder: found.holderElsewhere ?? self, origin: origin ?? self,
                lifetime: lifetime, args: args, file: site?.file ?? #fileID, line: site?.line ?? 0, site: site)
        }
        let holderElsewhere = found.holderElsewhere
        return try ResolutionContext.withCurrent { context throws(ResolutionError) -> T in
            do throws(ResolutionError) {
                if lifetime == .newSingleton, let site {
                    return try buildReplacing(
                        registration, T.self, key: key, args: args, source: source, mappedFrom: mappedFrom,
                        origin: origin, holder: holderElsewhere ?? self, site: site, in: context)
                }
                if let holderElsewhere {
                    return try (origin ?? self).build(
                        registration, T.self, key: key, lifetime: lifetime, args: args, source: source,
                        mappedFrom: mappedFrom, holder: holderElsewhere, in: context)
                }
                return try (origin ?? self).build(
                    registration, T.self, key: key, lifetime: lifetime, args: args, source: source,
                    mappedFrom: mappedFrom, holder: self, in: context)
            } catch {
                // A cycle is reported by the resolve that closed it: the innermost one, whose
                // site (when it has one) is the line that asked for the service again.
                if case .cycle(let cycle) = error, context.hasUnreportedCycle {
                    throw .cycle(reportCycle(cycle, closedAt: site))
                }
                throw error
            }
        }
    }

    /// The build of a `.newSingleton` resolve that has a line: the line is the thread's
    /// ``ResolutionContext/replacingSite`` for the build, so the event saying which kept instance
    /// it replaced names it. Out of line: the common resolve pays one comparison for it.
    @inline(never)
    private func buildReplacing<T>(
        _ registration: AnyRegistration, _ type: T.Type, key: EntryKey, args: borrowing Arguments,
        source: Resolved.Source?, mappedFrom: ServiceIdentity?, origin: Container?, holder: Container, site: ResolveSite,
        in context: ResolutionContext
    ) throws(ResolutionError) -> T {
        let outer = context.replacingSite
        context.replacingSite = (site.file, site.line)
        defer { context.replacingSite = outer }
        return try (origin ?? self).build(
            registration, T.self, key: key, lifetime: .newSingleton, args: args, source: source,
            mappedFrom: mappedFrom, holder: holder, in: context)
    }
}
