/// The assembly a container uses (``Container/use(_:file:line:)``), and the same assembly as each
/// protocol it has been asked as (``Container/assembly(_:file:line:)``).
///
/// Asking for the app's assembly protocol (`assembly(AppLayers.self)`, which every layer getter of
/// the assembly style does, so every provider it reaches) cast `any Assembly` to it, and the
/// runtime looked the conformance up on every cast: about half of a provider call
/// (Benchmarks/). The cast now runs once per protocol; later asks find its answer here.
/// Replacing the assembly replaces this value, answers included.
@usableFromInline
struct InstalledAssembly {
    /// nil until an assembly is installed. Not an optional `InstalledAssembly`: reading one
    /// through the lock copied it (the existential and the answers) on every ask.
    let assembly: (any Assembly)?
    /// The answers so far: `A`'s metatype, and a ``TypedAssembly`` of `A` holding the assembly.
    /// As many as the protocols the app asks for (one or two). Not generic, so that the read on
    /// every ask runs no generic code (unspecialised, it instantiated metadata on every ask).
    private var answers: [(type: ObjectIdentifier, typed: AnyObject)] = []

    init(_ assembly: (any Assembly)? = nil) {
        self.assembly = assembly
        isInstalled = assembly != nil
    }

    /// Whether an assembly is installed: kept apart, since asking `assembly` (an address-only
    /// existential) copied it.
    let isInstalled: Bool

    /// The answer kept for the protocol whose metatype is `type`.
    func answer(for type: ObjectIdentifier) -> AnyObject? {
        for answer in answers where answer.type == type { return answer.typed }
        return nil
    }

    /// Keeps `typed`, a ``TypedAssembly`` of the protocol whose metatype is `type`.
    mutating func remember(_ typed: AnyObject, for type: ObjectIdentifier) {
        if answer(for: type) == nil { answers.append((type, typed)) }
    }
}

/// The installed assembly as the protocol `A` it was asked as (``InstalledAssembly``).
// `@unchecked Sendable`: `value` is immutable and is an installed `any Assembly` (an `Assembly` is
// `Sendable`) cast to `A`, so the value it holds is a Sendable one whatever `A` says.
@usableFromInline
final class TypedAssembly<A>: @unchecked Sendable {
    @usableFromInline let value: A

    init(_ value: A) {
        self.value = value
    }
}
