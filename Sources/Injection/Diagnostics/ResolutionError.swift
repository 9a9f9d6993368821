/// Why a resolve failed. Thrown by ``Container/tryResolve(_:name:lifetime:args:file:line:)-swift.method``;
/// the trapping paths (``Container/resolve(_:name:lifetime:args:file:line:)-swift.method`` and the property
/// wrappers) stop the program with the same ``message``.
public enum ResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No registration answers the request.
    case missing(MissingRegistration)
    /// The request would have entered a service already under construction.
    case cycle(DependencyCycle)
    /// The factory expected arguments of another type than the ones given.
    case argumentMismatch(service: ServiceIdentity, expected: String, given: String)
    /// The factory threw an error of its own.
    case factoryFailed(service: ServiceIdentity, reason: String)
    /// The factory may return nil (`register { Feed(url) as Feed? }`) and did; `optional()` gives
    /// nil for it instead.
    case noInstance(service: ServiceIdentity, location: SourceLocation)

    public var message: String {
        switch self {
        case .missing(let missing): missing.message
        case .cycle(let cycle): cycle.message
        case .argumentMismatch(let service, let expected, let given):
            "Argument mismatch: \(service.qualifiedDescription) expects arguments of type \(expected) "
                + "but was resolved with \(given).\n  Fix: pass `args: <#\(expected)#>` when resolving it."
        case .factoryFailed(let service, let reason):
            "Factory failed: \(service.qualifiedDescription) threw: \(reason)"
        case .noInstance(let service, let location):
            "No instance: the factory of \(service.qualifiedDescription) registered at \(location) returned nil.\n"
                + "  Fix: resolve it with optional() where nil is expected, or make the factory return an instance."
        }
    }

    public var description: String { message }
}
