import Synchronization

/// A key added with `.implements(P.self)`: it answers with the instance of the registration
/// that implements `P`, through that registration's own key, so both share one scope slot and the
/// resolve is reported once, as the implementing service.
final class ServiceAlias<P>: Sendable {
    /// Resolves the implementing registration from `holder` (the container that has both keys),
    /// building in `origin` (where the resolve started), and converts the instance to `P`.
    let resolve: @Sendable (
        _ holder: Container, _ origin: Container, ServiceLifetime, Arguments, StaticString, UInt
    ) throws(ResolutionError) -> P

    init(
        resolve: @escaping @Sendable (Container, Container, ServiceLifetime, Arguments, StaticString, UInt)
            throws(ResolutionError) -> P
    ) {
        self.resolve = resolve
    }
}

/// What registration options do to a ``Factory`` without knowing the type it builds.
protocol FactoryOperations {
    /// The same registration (its fields kept) whose closure runs `block` on each instance.
    func runningOnEachInstance(
        _ block: @escaping @Sendable (Container, Any, Arguments) throws -> Void
    ) -> AnyRegistration

    /// A registration of `P` (named `aliasName`) that answers with this registration, stored
    /// under `targetName`.
    func alias<P>(
        _ type: P.Type, aliasName: String?, targetName: String?, in container: Container, location: SourceLocation
    ) -> AnyRegistration
}

extension Factory: FactoryOperations {
    func runningOnEachInstance(
        _ block: @escaping @Sendable (Container, Any, Arguments) throws -> Void
    ) -> AnyRegistration {
        ArgumentsFactory<T>({ [self] container, args in
            let service = try self(container, args)
            // The block's resolves are marked as property injection of the service being built
            // (drawn as property edges) rather than as its constructor's dependencies: the
            // innermost frame of this thread's resolution stack (the service whose factory is
            // finishing) injects its properties while the block runs.
            let context = ResolutionContext.current
            if let index = context.frames.indices.last {
                let wasInjecting = context.frames[index].injectsProperties
                context.frames[index].injectsProperties = true
                defer { if index < context.frames.count { context.frames[index].injectsProperties = wasInjecting } }
                try block(container, service, args)
            } else {
                try block(container, service, args)
            }
            return service
        }, fields)
    }

    func alias<P>(
        _ type: P.Type, aliasName: String?, targetName: String?, in container: Container, location: SourceLocation
    ) -> AnyRegistration {
        let target = self
        let targetIdentity = target.identity
        let alias = ServiceAlias<P> { holder, origin, lifetime, args, file, line throws(ResolutionError) -> P in
            let service: T
            do throws(Container.ResolveFailure) {
                service = try holder.resolve(
                    EntryKey(T.self, name: targetName), T.self, lifetime: lifetime, args: args, site: Container.ResolveSite(file: file, line: line),
                    origin: origin)
            } catch {
                throw holder.resolutionError(error, T.self, name: targetName, file: file, line: line)
            }
            guard let converted = service as? P else {
                throw .factoryFailed(
                    service: targetIdentity,
                    reason: "its instance, a \(typeName(Swift.type(of: service as Any))), does not conform to "
                        + "\(typeName(P.self)), which it was registered to implement at \(location)")
            }
            return converted
        }
        // The alias's own closure is only used by `validate()`, which builds every registration.
        return ArgumentsFactory<P>({ container, args in
            try alias.resolve(container, container, .automatic, args, #fileID, #line)
        }, RegistrationFields(
            identitySource: .given(ServiceIdentity(type: typeName(P.self), name: aliasName, container: container.traceName)),
            scope: .unique, location: location, isOverride: false, takesArguments: target.takesArguments, alias: alias))
    }
}

extension Container {
    /// Adds the key `P` (named `name`) answering with the registration `options` describe;
    /// returns its identity, or nil when that registration is no longer the current one.
    func addAlias<P, T>(
        _ type: P.Type, name: String?, of options: RegistrationOptions<T>, location: SourceLocation
    ) -> ServiceIdentity? {
        let key = ObjectIdentifier(P.self)
        return core.state.withLock { state -> ServiceIdentity? in
            guard let entry = state.entry(EntryKey(options.key, name: options.name)),
                  entry.registration === options.registration else { return nil }
            let registration = (options.registration as! any FactoryOperations).alias(
                P.self, aliasName: name, targetName: options.name, in: self, location: location)
            state.store(registration, under: EntryKey(key, name: name))
            return registration.identity
        }
    }
}
