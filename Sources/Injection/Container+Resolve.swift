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
    ///     print(fetcher.fetch())
    /// } catch .missing(let missing) {
    ///     print(missing.message)   // what was asked, by whom, what is near, how to fix it
    /// } catch {
    ///     print(error.message)     // a cycle, or a factory that threw
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

    // MARK: - The one resolve path

    /// What a container's table says about a key.
    ///
    /// A struct of two references and a tag rather than an enum with payloads: the resolve path
    /// is generic and unspecialised, and copying and destroying a multi-payload enum there went
    /// through outlined value-witness calls (~200 instructions per resolve, callgrind).
    struct Lookup: Sendable {
        enum Answer: UInt8, Sendable {
            /// No entry under the key.
            case missing
            /// A kept ``Instance`` answers (`instance`).
            case kept
            /// A live `.shared` instance answers (`instance`, the object itself).
            case keptWeakly
            /// `registration` builds.
            case build
        }

        let answer: Answer
        /// The entry's registration; nil only when `answer` is `.missing`.
        let registration: AnyRegistration?
        /// The instance that answers a cache hit.
        let instance: InstanceBox?

        @inline(__always)
        static var missing: Lookup { Lookup(answer: .missing, registration: nil, instance: nil) }

        @inline(__always)
        static func kept(_ registration: AnyRegistration, _ kept: any AnyObject & Sendable) -> Lookup {
            Lookup(answer: .kept, registration: registration, instance: InstanceBox(kept))
        }

        @inline(__always)
        static func keptWeakly(_ registration: AnyRegistration, _ object: AnyObject) -> Lookup {
            Lookup(answer: .keptWeakly, registration: registration, instance: InstanceBox(object))
        }

        @inline(__always)
        static func build(_ registration: AnyRegistration) -> Lookup {
            Lookup(answer: .build, registration: registration, instance: nil)
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

    /// - Parameter origin: Where the resolve started, when it continues in `self` on its behalf
    ///   (an `.implements` key answered through its registration's key); factories resolve there.
    func resolveKey<T>(
        _ type: T.Type, name: String?, lifetime: ServiceLifetime, args: Arguments,
        file: StaticString, line: UInt, quiet: Bool = false, origin: Container? = nil
    ) throws(ResolutionError) -> T {
        let missing = MissingPolicy<T>.report(file: file, line: line, quiet: quiet)
        if let name {
            return try resolveEntry(.named(NamedKey(type: ObjectIdentifier(T.self), name: name)), T.self,
                                    lifetime: lifetime, args: args, missing: missing, origin: origin)
        }
        return try resolveEntry(
            .type(ObjectIdentifier(T.self)), T.self, lifetime: lifetime, args: args, missing: missing, origin: origin)
    }

    /// The one resolve path: every access style ends here. Looks `key` up in this container and
    /// then its ancestors, answers a cache hit, or builds on the resolution stack and keeps the
    /// instance as ``ScopeRules`` say, reporting events and diagnostics.
    ///
    /// - Parameters:
    ///   - source: How the answer was chosen, when the caller knows better than the registration
    ///     (a mapping).
    ///   - mappedFrom: The provider a mapping redirected, for the event.
    ///   - missing: What to do when no container in the chain has `key`.
    ///   - origin: Where the resolve started, when it continues in `self` on its behalf (an
    ///     `.implements` key answered through its registration's key); factories resolve there.
    func resolveEntry<T>(
        _ requested: EntryKey, _ type: T.Type, lifetime: ServiceLifetime, args: Arguments,
        source: Resolved.Source? = nil, mappedFrom: ServiceIdentity? = nil, missing: MissingPolicy<T>,
        origin: Container? = nil
    ) throws(ResolutionError) -> T {
        // Borrowed, not retained: `self` is alive for the whole call and holds its ancestors
        // strongly (`parent` is a `let`), so a retain (an atomic add, and a release to match)
        // buys nothing.
        var container = Unmanaged.passUnretained(self)
        var key = requested
        while true {
            // Read without the lock (``ContainerTables/read(_:lifetime:)``): a kept instance's value
            // is copied before the read ends, anything else is retained by `end()`.
            let read = container._withUnsafeGuaranteedRef { $0.core.state.read(key, lifetime: lifetime) }
            if read.answer == .kept, !EventHub.shared.isActive, !ValidationRun.isActiveOnThisThread {
                return read.keptValue(T.self)
            }
            let lookup = read.end()
            guard let registration = lookup.registration else {
                if case .keyPath(let id) = key {
                    // Ancestors and added children remember no keypaths of this container: ask
                    // them by provider key, projecting the keypath now if this container never
                    // did (else an added child that projected it would answer before an earlier
                    // child that holds the provider: the order would depend on history).
                    if let known = core.state.withLock({ $0.keyPathKeys[TypeKey(id)]?.key }) {
                        key = .provider(known)
                    } else if case .project(let keyPath) = missing {
                        // This container may hold the provider without having projected the
                        // keypath (declared by a direct call, or a mapping): look again here.
                        key = .provider(project(keyPath).key)
                        continue
                    }
                }
                // The search order (``nextInSearch(afterMissing:)``): added children, then the parent.
                if let next = container._withUnsafeGuaranteedRef({ [key] in $0.nextInSearch(afterMissing: key) }) {
                    container = next
                    continue
                }
                switch missing {
                case .report(let file, let line, let quiet):
                    throw .missing(reportMissing(T.self, name: key.registrationName, file: file, line: line, quiet: quiet))
                case .declare(let provider):
                    registerDeclaredIfNeeded(provider)
                    container = Unmanaged.passUnretained(self)
                    continue
                case .project(let keyPath):
                    // `key` came from this keypath, mappings already followed: resolve the same
                    // key, now declared.
                    let provider = project(keyPath)
                    return try resolveEntry(
                        .provider(provider.key), T.self, lifetime: lifetime, args: args, source: source,
                        mappedFrom: mappedFrom, missing: .declare(provider))
                }
            }
            // The only cache-hit answer. Spelled out rather than shared through a helper: in this
            // unspecialised generic hot path a helper returning `Optional<T>` cost ~50 ns.
            if lookup.answer != .build, let kept = lookup.instance, !ValidationRun.isActiveOnThisThread {
                if lookup.answer == .kept {
                    if EventHub.shared.isActive {
                        emitCacheHit(registration, scope: ScopeRules.effectiveScope(registration.scope, lifetime))
                    }
                    // Safe: `kept` was stored by `build` for this registration, as an `Instance<T>`.
                    return unsafeDowncast(kept.object, to: Instance<T>.self).value
                }
                if EventHub.shared.isActive { emitCacheHit(registration, scope: registration.scope) }
                return kept.object as! T
            }
            if registration.isAlias {
                let site: (file: StaticString?, line: UInt) = switch missing {
                case .report(let file, let line, _): (file, line)
                case .declare, .project: (nil, 0)
                }
                // An `.implements` key (never kept): answered through the implementing key.
                return try follow(
                    alias: registration, T.self, holder: container.takeUnretainedValue(), origin: origin ?? self,
                    lifetime: lifetime, args: args, file: site.file ?? #fileID, line: site.line, missing: missing)
            }
            do throws(ResolutionError) {
                // `origin ?? self` would retain a container; binding
                // borrows it.
                if let origin {
                    return try origin.build(
                        registration, T.self, key: key, lifetime: lifetime, args: args, source: source,
                        mappedFrom: mappedFrom, holder: container)
                }
                return try build(
                    registration, T.self, key: key, lifetime: lifetime, args: args, source: source,
                    mappedFrom: mappedFrom, holder: container)
            } catch {
                // A cycle is reported by the resolve that closed it: the innermost one, whose
                // site (when it has one) is the line that asked for the service again.
                if case .cycle(let cycle) = error, ResolutionContext.current.hasUnreportedCycle {
                    throw .cycle(reportCycle(cycle, closedBy: missing))
                }
                throw error
            }
        }
    }
}
