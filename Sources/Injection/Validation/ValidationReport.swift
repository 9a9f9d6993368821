/// One problem ``Container/validate(_:)`` found.
public enum ValidationProblem: Sendable, Hashable, CustomStringConvertible {
    case missing(MissingRegistration)
    case cycle(DependencyCycle)
    case scopeMismatch(ScopeMismatch)
    case factoryFailed(service: ServiceIdentity, reason: String)
    /// One key registered twice in the search order of `searchedFrom`, where the answering
    /// registration is no nearer than the one it passes over (two `add(child:)` modules, say):
    /// which one is used depends on the order the containers were added in.
    case shadowed(answering: ServiceIdentity, passedOver: ServiceIdentity, searchedFrom: String)

    init(_ error: ResolutionError) {
        switch error {
        case .missing(let missing): self = .missing(missing)
        case .cycle(let cycle): self = .cycle(cycle)
        case .argumentMismatch(let service, _, _), .noInstance(let service, _):
            self = .factoryFailed(service: service, reason: error.message)
        case .factoryFailed(let service, let reason): self = .factoryFailed(service: service, reason: reason)
        }
    }

    public var description: String {
        switch self {
        case .missing(let missing): missing.message
        case .cycle(let cycle): cycle.message
        case .scopeMismatch(let mismatch): mismatch.message
        case .factoryFailed(let service, let reason): "Factory failed: \(service.qualifiedDescription) threw: \(reason)"
        case .shadowed(let answering, let passedOver, let searchedFrom):
            "Shadowed registration: \(answering.description) resolved from '\(searchedFrom)' is answered by "
                + "'\(answering.container)' and passes over '\(passedOver.container)'\n"
                + "  Fix: keep both, each under a name of its own: register(name: …) in '\(answering.container)' and "
                + "'\(passedOver.container)', and resolve by that name where each uses it. Deleting either registration "
                + "would hand its module the other one."
        }
    }
}

/// Everything ``Container/validate(_:)`` found, at once.
///
/// ```swift
/// @Test func loginDependenciesAreComplete() {
///     let report = App.makeContainer().validate(\.login.viewModel)
///     #expect(report.isValid, "\(report)")
/// }
/// ```
public struct ValidationReport: Sendable, CustomStringConvertible {
    /// How many registrations were built.
    public var checked: Int
    public var problems: [ValidationProblem]

    public var isValid: Bool { problems.isEmpty }

    public var description: String {
        if problems.isEmpty { return "Validation passed: \(checked) registrations, no problems." }
        let header = "Validation found \(problems.count) problem\(problems.count == 1 ? "" : "s") in \(checked) registrations:"
        return ([header] + problems.map { "\n" + $0.description }).joined(separator: "\n")
    }
}
