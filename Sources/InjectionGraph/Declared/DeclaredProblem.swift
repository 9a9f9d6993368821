import Injection

/// How sure a problem found without running is, which decides what it does to the exit code.
public enum ProblemSeverity: String, Sendable, Hashable, CaseIterable {
    /// The sources prove it (no registration anywhere for a key an eager site asks for; a
    /// constructor cycle with no lazy step): a problem.
    case error
    /// Probably wrong, but the library's idiom often does it on purpose (a singleton whose
    /// factory resolves a default-scoped service; a key registered again): exits as a note
    /// does, a problem with `--strict`.
    case warning
    /// The scan had to guess, or it is worth knowing and not wrong: never changes the exit code.
    case note
}

/// A problem a scan found in the sources, in the runtime's problem model (``GraphProblem``: the
/// same kinds, words and fix lines), with how sure the scan is of it.
///
/// ```swift
/// for declared in graph.declaredProblems where declared.severity == .error { print(declared.problem.message) }
/// ```
public struct DeclaredProblem: Sendable, Hashable {
    public let problem: GraphProblem
    public let severity: ProblemSeverity

    public init(_ problem: GraphProblem, severity: ProblemSeverity) {
        self.problem = problem
        self.severity = severity
    }
}

/// A key registered twice in one container (and in `#if` clauses that can both be taken): the
/// later registration wins, and the earlier one is never used.
///
/// ```
/// Registration overridden: Logger in 'app'
///   Registered at: SampleApp/Registrations.swift:40
///   Registered again at: SampleApp/Debug.swift:12 (the later one wins)
///   Fix: remove the registration that never answers, or register the second one under a name (name: "…").
/// ```
public struct DeclaredOverride: Sendable, Hashable {
    /// The registration that is replaced (written, never used).
    public let replaced: DeclaredRegistration
    /// The one that answers.
    public let winner: DeclaredRegistration

    public init(replaced: DeclaredRegistration, winner: DeclaredRegistration) {
        self.replaced = replaced
        self.winner = winner
    }

    public var message: String {
        // Two files of one name where no module is known read alike: their paths tell them apart.
        let alike = replaced.location.fileID == winner.location.fileID && replaced.location.path != winner.location.path
        func place(_ location: DeclaredLocation) -> String {
            "\(location.sourceLocation)" + (alike ? " (\(location))" : "")
        }
        return "Registration overridden: \(winner.service.qualifiedDescription)\n"
            + "  Registered at: \(place(replaced.location))\n"
            + "  Registered again at: \(place(winner.location)) (the later one wins)\n"
            + "  Fix: remove the registration that never answers, or register the second one under a name "
            + "(name: \"…\") if both are meant to be used."
    }
}

extension ScanNote {
    /// The developer-facing text: what the scan could not read or type, and where.
    public var text: String {
        let title = switch kind {
        case "unreadable": "Not read"
        case "syntax": "Syntax error"
        case "unrecognized": "Not recognized"
        case "unresolved": "Not typed"
        case "guessed": "Guessed"
        default: "Scan note"
        }
        return "\(title): \(message.escapingControlCharacters)\n  At: \(location.sourceLocation) (\(location))"
    }
}
