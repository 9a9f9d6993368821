/// What one diagnostic of `check` is, described once: the name the outputs use (`kind` in JSON,
/// the rule id in SARIF), the inspector's title and tab, and what it means (the SARIF rule's
/// description, `di-inspect check --list-rules`). ``all`` is the registry; each
/// ``GraphProblem`` case names its entry in ``GraphProblem/diagnostic``, and everything that
/// describes a kind of problem reads it from there.
///
/// ```swift
/// for kind in DiagnosticKind.all { print(kind.name, kind.summary) }
/// ```
public struct DiagnosticKind: Sendable, Hashable {
    /// The stable name: `kind` in `check --json`, the SARIF rule id.
    public let name: String
    /// The inspector's detail-pane title.
    public let title: String
    /// One sentence: what it means.
    public let summary: String
    /// The inspector tab whose badge counts it.
    public let area: GraphProblem.Area
    /// A note rather than a problem unless `--strict` says otherwise (it does not change the
    /// exit code).
    public let isNote: Bool

    init(_ name: String, _ title: String, _ area: GraphProblem.Area, note: Bool = false, _ summary: String) {
        self.name = name
        self.title = title
        self.area = area
        self.isNote = note
        self.summary = summary
    }

    /// Every diagnostic, in the order `check` reports them (problems, then notes).
    public static let all: [DiagnosticKind] = [
        .missing, .cycle, .dependencyLoop, .scopeMismatch, .staleOverride, .replacedInstance, .crossContainer,
        .activeMapping, .layerBreach, .shadowed, .overridden, .resolvedToNil, .lazyLoop, .statelessCaptive,
        .unkeptScope, .unreadable, .syntaxError, .unrecognized, .unresolved, .guessed, .containersReadAsOne,
    ]

    /// The registered diagnostic called `name`.
    public static func named(_ name: String) -> DiagnosticKind? {
        all.first { $0.name == name }
    }

    public static let missing = DiagnosticKind(
        "missing", "Missing registration", .missing, "A service was requested but nothing is registered for it.")
    public static let cycle = DiagnosticKind(
        "cycle", "Cycle", .cycles, "Resolving a service asked for itself again (a dependency cycle).")
    public static let dependencyLoop = DiagnosticKind(
        "loop", "Dependency loop", .cycles, "Services reach each other in the recorded graph (a dependency loop).")
    public static let scopeMismatch = DiagnosticKind(
        "scopeMismatch", "Captive dependency", .scopes,
        "A long-lived service captured a shorter-lived one (a captive dependency).")
    public static let staleOverride = DiagnosticKind(
        "staleOverride", "Stale override", .overrides,
        "An override came after long-lived services were built with the old instance.")
    public static let replacedInstance = DiagnosticKind(
        "replacedInstance", "Replaced instance still held", .scopes,
        "A kept instance was replaced (a newSingleton, a reset) while long-lived services still hold the old one: two live instances of a key whose scope promises one.")
    public static let crossContainer = DiagnosticKind(
        "crossContainer", "Resolved from another container", .scopes,
        "A service got a dependency from a container outside its container's search order, which registers the same key: two live instances of one service.")
    public static let unkeptScope = DiagnosticKind(
        "unkeptScope", "Scope that never keeps", .scopes, note: true,
        "A scope that keeps instances built one at least twice and never handed one out again (a weak scope nothing holds, a cache reset before any hit).")
    public static let activeMapping = DiagnosticKind(
        "activeMapping", "Mapping left active", .overrides, "A keypath mapping was still in effect when the trace ended.")
    public static let layerBreach = DiagnosticKind(
        "layerBreach", "Layer breach", .layers, "Layers reach each other (upward, or around a loop).")
    public static let shadowed = DiagnosticKind(
        "shadowed", "Shadowed registration", .overrides,
        "A key registered in two containers of one search order: a farther one answers.")
    public static let resolvedToNil = DiagnosticKind(
        "resolvedToNil", "Resolved to nil", .missing, note: true, "An optional request found nothing and gave nil.")
    public static let statelessCaptive = DiagnosticKind(
        "statelessCaptive", "Captive that holds nothing", .scopes, note: true,
        "A long-lived service keeps a shorter-lived one with no stored properties: nothing it keeps can go stale.")
    public static let lazyLoop = DiagnosticKind(
        "lazyLoop", "Cycle broken lazily", .cycles, note: true,
        "Services reach each other only through a lazy edge (no cycle at run time).")
    public static let overridden = DiagnosticKind(
        "override", "Registration overridden", .overrides,
        "A key registered twice in one container in the sources: the later registration wins (a scan).")
    public static let unreadable = DiagnosticKind(
        "unreadable", "Not read", .missing, note: true, "A source file the scan could not read (too large, binary, not UTF-8).")
    public static let syntaxError = DiagnosticKind(
        "syntax", "Syntax error", .missing, note: true, "A source file with a syntax error; the rest of it was read.")
    public static let unrecognized = DiagnosticKind(
        "unrecognized", "Not recognized", .missing, note: true,
        "Code that looks like injection in a form the scan does not know (a wrapper, a helper).")
    public static let unresolved = DiagnosticKind(
        "unresolved", "Not typed", .missing, note: true,
        "A registration or request the scan could not type (a generic helper, a loop, a type declared elsewhere).")
    public static let guessed = DiagnosticKind(
        "guessed", "Guessed", .missing, note: true, "A type the scan filled in by a rule, not read whole.")
    public static let containersReadAsOne = DiagnosticKind(
        "containersReadAsOne", "Containers read as one", .missing, note: true,
        "Containers created in several places under one name, which the scan reads as one container.")

    /// The kind of a scan's note by its name (`unreadable`, `syntax`, `unrecognized`, `unresolved`, `guessed`,
    /// `containersReadAsOne`).
    static func scanNote(_ name: String) -> DiagnosticKind {
        switch name {
        case "unreadable": .unreadable
        case "syntax": .syntaxError
        case "unrecognized": .unrecognized
        case "unresolved": .unresolved
        case "containersReadAsOne": .containersReadAsOne
        default: .guessed
        }
    }
}
