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
        // `args` and `name` are literal nils at most call sites: the tests fold there.
        do throws(ResolveFailure) {
            return try resolve(
                EntryKey(T.self, name: name), T.self, lifetime: lifetime, args: args == nil ? .none : Arguments(args),
                site: ResolveSite(file: file, line: line))
        } catch {
            InjectionDiagnostics.trap(resolutionError(error, T.self, name: name, file: file, line: line), file: file, line: line)
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
        do throws(ResolveFailure) {
            return try resolve(
                EntryKey(T.self, name: name), T.self, lifetime: lifetime, args: args == nil ? .none : Arguments(args),
                site: ResolveSite(file: file, line: line))
        } catch {
            throw resolutionError(error, T.self, name: name, file: file, line: line)
        }
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
        // `args` and `name` are literal nils at most call sites: the tests fold there.
        do throws(ResolveFailure) {
            return try resolve(
                EntryKey(T.self, name: name), T.self, lifetime: lifetime, args: args == nil ? .none : Arguments(args),
                site: ResolveSite(file: file, line: line))
        } catch {
            absent(error, T.self, name: name, file: file, line: line)
            return nil
        }
    }

    // MARK: - Resolver-style static conveniences

    /// Registers in ``shared``: `Container.register { XYZService() }`.
    @discardableResult
    public static func register<T>(
        _ type: T.Type = T.self, name: String? = nil, scope: Scope = Container.defaultScope,
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

    /// What a container's table answers for a key (``ContainerTables/read(_:lifetime:in:)``).
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
        /// Project the keypath to its provider (remembering the keypath's provider key), then
        /// resolve that provider.
        case project(any KeyPath<Container, Provider<T>> & Sendable)
    }

    /// Where a resolve's call stands in the app's source, for a failure's message: a
    /// type-keyed resolve has one, a keypath provider's has none. Two words, no reference: it is
    /// passed along every resolve for nothing but a failure.
    @usableFromInline
    struct ResolveSite {
        let file: StaticString
        let line: UInt

        @usableFromInline
        init(file: StaticString, line: UInt) {
            self.file = file
            self.line = line
        }
    }

    /// Why ``resolve(_:_:lifetime:args:site:source:mappedFrom:origin:)`` gave no answer: no
    /// container in the chain has the key (each entry point decides what a miss means: a
    /// diagnostic, nil, a provider declared or a keypath projected), or the resolve failed.
    @usableFromInline
    enum ResolveFailure: Error {
        case missing
        case failed(ResolutionError)
    }

    /// What a type-keyed resolve's `failure` means to the app: a miss becomes the
    /// missing-registration diagnostic (reported to observers).
    @usableFromInline
    func resolutionError<T>(
        _ failure: ResolveFailure, _ type: T.Type, name: String?, file: StaticString, line: UInt
    ) -> ResolutionError {
        switch failure {
        case .missing: .missing(reportMissing(T.self, name: name, file: file, line: line, quiet: false))
        case .failed(let error): error
        }
    }

    /// What `optional()`'s `failure` means: nil for a miss (reported to observers as a nil,
    /// with no message built while nobody observes), a missing dependency or a factory that
    /// returned nil; any other failure (a cycle, a factory that threw) stops the program.
    @usableFromInline
    func absent<T>(_ failure: ResolveFailure, _ type: T.Type, name: String?, file: StaticString, line: UInt) {
        switch failure {
        case .missing:
            if EventHub.isActive { _ = reportMissing(T.self, name: name, file: file, line: line, quiet: true) }
        case .failed(.missing), .failed(.noInstance):
            return
        case .failed(let error):
            InjectionDiagnostics.trap(error, file: file, line: line)
        }
    }

    /// The one resolve: every entry point (type-keyed, `@Injected` and the other wrappers, a
    /// keypath, a provider, a mapped provider, a plain keypath, an `.implements` alias) makes its
    /// key and calls it. It reads `key` in this container's table and answers: a kept instance
    /// copied out of the read, or a build on the thread's resolution stack
    /// (``build(_:_:key:kind:lifetime:args:source:mappedFrom:holder:in:)``), kept as ``ScopeRules``
    /// say, or an `.implements` alias followed. When this container's table has no entry, the
    /// container that holds one along the search order (``locateElsewhere(_:lifetime:in:)``)
    /// resolves it on this one's behalf; when none does, it throws ``ResolveFailure/missing``.
    ///
    /// `@usableFromInline`: the front ends are inlined into the app, so a call site's `name`
    /// and `args` (nil at most sites) fold there. The key is borrowed, never copied or changed
    /// (a changed one must be destroyed through its outlined value witness by the caller); the
    /// thread's context is fetched once, for the read and the build.
    ///
    /// - Parameters:
    ///   - site: The resolve's line, when it has one: it closes a cycle it meets.
    ///   - source: How the answer was chosen, when the caller knows better than the registration
    ///     (a mapping).
    ///   - mappedFrom: The provider a mapping redirected, for the event.
    ///   - origin: Where the resolve started, when it continues in `self` on its behalf (an
    ///     ancestor or added child holding the key, or an `.implements` key answered through its
    ///     registration's key); factories resolve there, and the instance is kept here.
    @usableFromInline
    func resolve<T>(
        _ key: EntryKey, _ type: T.Type, lifetime: ServiceLifetime, args: Arguments, site: ResolveSite?,
        source: Resolved.Source? = nil, mappedFrom: ServiceIdentity? = nil, origin: Container? = nil
    ) throws(ResolveFailure) -> T {
        let borrowed = ThreadContextSlot.borrowCurrent()
        let lookup = core.state.read(key, lifetime: lifetime, in: borrowed)
        if lookup.answer == .missing {
            guard let (holder, heldKey) = locateElsewhere(key, lifetime: lifetime, in: borrowed) else {
                // Resolver's `registerAllServices()` fills the root on its first miss: try once more.
                guard fillRootOnMiss() else { throw .missing }
                return try resolve(
                    key, T.self, lifetime: lifetime, args: args, site: site, source: source, mappedFrom: mappedFrom,
                    origin: origin)
            }
            return try holder.resolve(
                heldKey, T.self, lifetime: lifetime, args: args, site: site, source: source, mappedFrom: mappedFrom,
                origin: origin ?? self)
        }
        // A kept instance's value is copied inside the read section, retaining nothing else
        // (``ReadLookup``); any other answer is retained and the section ended.
        if lookup.answer == .kept, !ValidationRun.isActiveOnThisThread {
            if !EventHub.isActive { return lookup.keptValue(T.self) }
            return observedHit(lookup, T.self, lifetime: lifetime, in: borrowed)
        }
        let kind = lookup.kind
        let registration: Factory<T>
        if lookup.answer == .build {
            registration = lookup.endBuild(T.self)
        } else {
            // Retained before the read section ends, after which a writer may free it.
            registration = lookup.retainedFactory(T.self)
            if let kept = lookup.end(), !ValidationRun.isActiveOnThisThread {
                // A live `.shared` instance (a `.kept` one was answered above, outside a
                // validation), which reports its registered scope, whatever the lifetime.
                if EventHub.isActive { borrowed.with { emitCacheHit(registration, lifetime: .automatic, in: $0) } }
                return kept.object as! T
            }
        }
        return try borrowed.with { context throws(ResolveFailure) -> T in
            do throws(ResolutionError) {
                if registration.isAlias {
                    // An `.implements` key (never kept): answered through the implementing key.
                    return try follow(
                        alias: registration, T.self, holder: self, origin: origin ?? self, lifetime: lifetime,
                        args: args, file: site?.file ?? #fileID, line: site?.line ?? 0, site: site)
                }
                if lifetime == .newSingleton, let site {
                    return try buildReplacing(
                        registration, T.self, key: key, kind: kind, args: args, source: source, mappedFrom: mappedFrom,
                        origin: origin, site: site, in: context)
                }
                return try (origin ?? self).build(
                    registration, T.self, key: key, kind: kind, lifetime: lifetime, args: args, source: source,
                    mappedFrom: mappedFrom, holder: self, in: context)
            } catch {
                // A cycle is reported by the resolve that closed it: the innermost one, whose
                // site (when it has one) is the line that asked for the service again.
                if !registration.isAlias, case .cycle(let cycle) = error, context.hasUnreportedCycle {
                    throw .failed(.cycle(reportCycle(cycle, closedAt: site)))
                }
                throw .failed(error)
            }
        }
    }

    /// Which container past this one holds `key`, and under which key, written once and not
    /// generic: a `.keyPath` key this container remembers becomes its `.provider` key (ancestors
    /// and added children remember no keypaths of this container), then the search order is
    /// followed (``nextInSearch(afterMissing:)``: added children, then the parent). Nil when
    /// none does, or when this container never projected the keypath (the caller projects it
    /// and resolves its provider). Out of line: a hit in the resolving container never pays for it.
    @inline(never)
    func locateElsewhere(
        _ requested: EntryKey, lifetime: ServiceLifetime, in context: borrowing BorrowedContext
    ) -> (holder: Container, key: EntryKey)? {
        var key = requested
        if case .keyPath(let id) = key {
            // Only this container's own memory is asked; it never projected the keypath when it
            // has none.
            guard let known = core.state.withLock({ $0.keyPathKeys[TypeKey(id)]?.key }) else { return nil }
            key = .provider(known)
        }
        var next = nextInSearch(afterMissing: key)
        while let container = next {
            if container.core.state.read(key, lifetime: lifetime, in: context).found { return (container, key) }
            next = container.nextInSearch(afterMissing: key)
        }
        return nil
    }

    /// A cache hit of a kept instance while an observer is attached: the value is copied inside
    /// the read section, as the unobserved hit copies it, and the registration retained (a
    /// writer may free it once the section ends); the hit is reported after the section, so an
    /// observer's code never runs inside a read. Out of line, so that the unobserved resolve
    /// stays small.
    @inline(never)
    func observedHit<T>(
        _ lookup: consuming ReadLookup, _ type: T.Type, lifetime: ServiceLifetime, in context: borrowing BorrowedContext
    ) -> T {
        let registration = lookup.retainedFactory(T.self)
        let value = lookup.keptValue(T.self)
        context.with { emitCacheHit(registration, lifetime: lifetime, in: $0) }
        return value
    }

    /// The build of a `.newSingleton` resolve that has a line: the line is the thread's
    /// ``ResolutionContext/replacingSite`` for the build, so the event saying which kept instance
    /// it replaced names it. Out of line: the common resolve pays one comparison for it.
    @inline(never)
    private func buildReplacing<T>(
        _ registration: Factory<T>, _ type: T.Type, key: EntryKey, kind: Scope.Kind, args: borrowing Arguments,
        source: Resolved.Source?, mappedFrom: ServiceIdentity?, origin: Container?, site: ResolveSite,
        in context: ResolutionContext
    ) throws(ResolutionError) -> T {
        let outer = context.replacingSite
        context.replacingSite = (site.file, site.line)
        defer { context.replacingSite = outer }
        return try (origin ?? self).build(
            registration, T.self, key: key, kind: kind, lifetime: .newSingleton, args: args, source: source,
            mappedFrom: mappedFrom, holder: self, in: context)
    }
}
