/// Why the live inspector cannot take over the terminal, worded so the user knows what to run
/// instead.
///
/// ```
/// $ TERM=dumb di-inspect open trace.ndjson
/// di-inspect: the live inspector needs a terminal that can move the cursor, and TERM=dumb cannot.
///   Use the headless commands instead:
///     di-inspect list FILE      services, scopes and counts as text
///     di-inspect check FILE     diagnostics (missing, cycles, scope mismatches), exit 1 on problems
///     di-inspect export FILE    the graph as dot, JSON or Mermaid
/// ```
enum TerminalProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// stdin or stdout is not a terminal (`which` names it).
    case notATerminal(String)
    /// TERM is unset or empty.
    case noTerm
    /// TERM names a terminal that cannot position the cursor (`dumb`).
    case dumbTerminal(String)
    /// terminfo does not know TERM.
    case unknownTerminal(String)
    /// There is no terminfo database.
    case noTerminfo
    /// ncurses refused to start on this terminal.
    case cursesFailed(String)
    /// A system call failed.
    case system(String, Int32)

    /// The exit status for these problems: 2, like a usage error.
    static let exitCode: Int32 = 2

    var description: String {
        let what: String
        switch self {
        case .notATerminal(let which):
            what = "the live inspector needs an interactive terminal, and \(which) is not one."
        case .noTerm:
            what = "the live inspector needs a terminal type, and TERM is not set."
        case .dumbTerminal(let term):
            what = "the live inspector needs a terminal that can move the cursor, and TERM=\(term) cannot."
        case .unknownTerminal(let term):
            what = "the live inspector does not know the terminal TERM=\(term) (no terminfo entry); try TERM=xterm-256color."
        case .noTerminfo:
            what = "the live inspector found no terminfo database; install ncurses-base or set TERMINFO."
        case .cursesFailed(let term):
            what = "ncurses could not start on TERM=\(term)."
        case .system(let call, let code):
            what = "\(call) failed (errno \(code))."
        }
        return """
            di-inspect: \(what)
              Use the headless commands instead:
                di-inspect list FILE      services, scopes and counts as text
                di-inspect check FILE     diagnostics (missing, cycles, scope mismatches), exit 1 on problems
                di-inspect export FILE    the graph as dot, JSON or Mermaid
            """
    }
}
