/// The typed read of what a build keeps outside the tables (a validation's sandbox, a pass's
/// graph instances): a kept box as the ``Instance`` of the type it was built for.
///
/// Why `unsafeDowncast` is sound: what a build keeps is the `Instance<T>` its `Factory<T>` boxed
/// (``Factory/box(_:)``), under the registration looked up for `T` (``ReadLookup`` says why that
/// registration is a `Factory<T>`). Debug builds check it. The checked cast looked metadata up on
/// every build (`Benchmarks/guard.sh`).
@inline(__always)
func keptValue<T>(of box: any AnyObject & Sendable, as type: T.Type) -> T {
    assert(box is Instance<T>, "a box kept for \(T.self) is not its instance")
    return unsafeDowncast(box, to: Instance<T>.self).value
}
