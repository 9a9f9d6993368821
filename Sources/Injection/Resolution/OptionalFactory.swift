/// A factory whose closure returns an optional (`register { Feed(url: url) as Feed? }`) is a
/// registration of the wrapped type that may fail to produce an instance, as in Resolver: resolving
/// it with `optional()` gives nil when the factory does, and `resolve()` stops with a message that
/// says which factory returned nil.
protocol OptionalFactoryResult {
    /// Registers `factory`, a `Factory<Self>`, as a factory of `Wrapped` that throws
    /// ``FactoryReturnedNil`` for nil; returns the key it is stored under and the registration.
    static func registerUnwrapped(
        in container: Container, name: String?, registration: AnyRegistration
    ) -> (ObjectIdentifier, AnyRegistration)
}

extension Optional: OptionalFactoryResult {
    static func registerUnwrapped(
        in container: Container, name: String?, registration: AnyRegistration
    ) -> (ObjectIdentifier, AnyRegistration) {
        // `add` calls this only with the `Factory<T>` it was given, and only when `T` is `Self`.
        let make = registration as! Factory<Wrapped?>
        return container.store(
            Wrapped.self, name: name,
            registration: ArgumentsFactory<Wrapped>({ container, args in
                guard let service = try make(container, args) else { throw FactoryReturnedNil() }
                return service
            }, make.fields))
    }
}

/// Thrown by an optional factory that returned nil; the resolve turns it into
/// ``ResolutionError/noInstance(service:location:)``.
struct FactoryReturnedNil: Error {}
