/// The assembly a container uses, and the same as each protocol it was asked as: the conformance
/// cast runs once per protocol, not on every layer getter.
@usableFromInline
struct InstalledAssembly {
    /// nil until an assembly is installed. Not an optional `InstalledAssembly`: reading one
    /// through the lock copied it.
    let assembly: (any Assembly)?
    /// `A`'s metatype and a ``TypedAssembly`` of `A`, one per protocol asked for. Not generic,
    /// so the read on every ask runs no unspecialised code.
    private var answers: [(type: ObjectIdentifier, typed: AnyObject)] = []

    init(_ assembly: (any Assembly)? = nil) {
        self.assembly = assembly
        isInstalled = assembly != nil
    }

    /// Kept apart: reading `assembly` (an address-only existential) copies it.
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
