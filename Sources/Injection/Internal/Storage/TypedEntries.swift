/// The typed reads of what the store holds: a registration as the factory of the type it was
/// looked up for, and a kept box as that type's ``Instance``.
///
/// Why `unsafeDowncast` is sound: a registration is stored only under a key made from the type
/// its factory produces, every resolve looks it up with a key made from its own `T`, and what a
/// build keeps is the `Instance<T>` its `Factory<T>` boxed (``Factory/box(_:)``). Debug builds
/// check both. The checked casts looked metadata up on every build (`Benchmarks/guard.sh`).
extension AnyRegistration {
    /// This registration as the factory of `T`, the type it was looked up for.
    @inline(__always)
    func typedFactory<T>(_: T.Type) -> Factory<T> {
        assert(self is Factory<T>, "a registration looked up for \(T.self) is not its factory")
        return unsafeDowncast(self, to: Factory<T>.self)
    }
}

/// The value in `box`, a kept ``Instance`` of a registration looked up for `T`.
@inline(__always)
func keptValue<T>(of box: any AnyObject & Sendable, as type: T.Type) -> T {
    assert(box is Instance<T>, "a box kept for \(T.self) is not its instance")
    return unsafeDowncast(box, to: Instance<T>.self).value
}
