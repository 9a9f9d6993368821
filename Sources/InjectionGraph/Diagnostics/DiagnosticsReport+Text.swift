import Injection

extension DiagnosticsReport {
    /// The report for a terminal: a summary line, then each problem's message, numbered.
    ///
    /// ```
    /// $ di-inspect check trace.ndjson
    /// 2 problems in sample-app (pid 4242): 1 missing registration, 1 cycle
    ///
    /// [1] Missing registration: XYZFetching in 'app'
    ///   Requested by: XYZViewModel in 'app'
    ///   Fix: app.register { <#XYZFetching#>() }
    ///
    /// [2] Dependency cycle: A → B → A in 'app'
    ///   Fix: break the cycle where it closes: let the last service get the first one lazily (@LazyInjected, or a factory it calls after init).
    /// ```
    public var text: String {
        let app = session.header.map { "\($0.app.escapingControlCharacters) (pid \($0.pid))" }
            ?? scan.map { "the sources (\(counted($0.files, "file")))" } ?? "the trace"
        var lines: [String] = []
        if problems.isEmpty {
            let events = session.header == nil && scan != nil ? "declared, not run" : counted(session.eventCount, "event")
            lines.append("No problems in \(app): \(counted(serviceCount, "service")), \(counted(edgeCount, "edge")), \(events).")
        } else {
            let noun = problems.count == 1 ? "problem" : "problems"
            lines.append("\(problems.count) \(noun) in \(app): \(countsByKind(problems))")
            for (index, problem) in problems.enumerated() {
                lines.append("")
                lines.append("[\(index + 1)] " + problem.message)
            }
        }
        if !warnings.isEmpty {
            lines.append("")
            let noun = warnings.count == 1 ? "warning" : "warnings"
            lines.append("\(warnings.count) \(noun) (often meant: the exit code ignores them; --strict counts them): \(countsByKind(warnings))")
            for (index, warning) in warnings.enumerated() {
                lines.append("")
                lines.append("(warning \(index + 1)) " + warning.message)
            }
        }
        if !notes.isEmpty {
            lines.append("")
            let noun = notes.count == 1 ? "note" : "notes"
            lines.append("\(notes.count) \(noun) (not problems: the exit code ignores them; --strict counts nils): \(countsByKind(notes))")
            for (index, note) in notes.enumerated() {
                lines.append("")
                lines.append("(note \(index + 1)) " + note.message)
            }
        }
        if session.droppedCount > 0 {
            lines.append("")
            lines.append("Note: the recorder dropped \(session.droppedCount) events; the graph may be incomplete.")
        }
        if session.hasEnded, let reason = session.endReason, reason != "exit" {
            lines.append("")
            lines.append("Note: the app stopped" + stopReason(reason))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Why the app stopped: the trap's message, or, when it is a problem listed above (a trap
    /// repeats the failure it stopped on), that problem's number instead of its text again.
    func stopReason(_ reason: String) -> String {
        let headline = reason.prefix { $0 != "\n" }
        let listed = all.firstIndex { problem in
            let message = problem.message
            return message.prefix { $0 != "\n" } == headline && message.hasPrefix(reason.trimmingSuffix("\n"))
        }
        guard let listed else { return ": " + reason }
        let label = listed < problems.count ? "[\(listed + 1)]" : "(note \(listed - problems.count + 1))"
        return " on \(label) above (\(headline))"
    }

    /// `1 missing registration, 2 cycles`.
    func countsByKind(_ problems: [GraphProblem]) -> String {
        let names: [(kind: String, one: String, many: String)] = [
            ("missing", "missing registration", "missing registrations"),
            ("cycle", "cycle", "cycles"),
            ("loop", "dependency loop", "dependency loops"),
            ("scopeMismatch", "scope mismatch", "scope mismatches"),
            ("staleOverride", "stale override", "stale overrides"),
            ("activeMapping", "active mapping", "active mappings"),
            ("resolvedToNil", "optional resolved to nil", "optionals resolved to nil"),
            ("lazyLoop", "cycle broken lazily", "cycles broken lazily"),
            ("layerBreach", "layer breach", "layer breaches"),
            ("shadowed", "shadowed registration", "shadowed registrations"),
            ("statelessCaptive", "captive that holds nothing", "captives that hold nothing"),
            ("override", "registration overridden", "registrations overridden"),
            ("unreadable", "file not read", "files not read"),
            ("syntax", "syntax error", "syntax errors"),
            ("unrecognized", "form not recognized", "forms not recognized"),
            ("unresolved", "fact not typed", "facts not typed"),
            ("guessed", "type guessed", "types guessed"),
            ("containersReadAsOne", "set of containers read as one", "sets of containers read as one"),
            ("replacedInstance", "replaced instance still held", "replaced instances still held"),
            ("crossContainer", "resolve from another container", "resolves from another container"),
            ("unkeptScope", "scope that never keeps", "scopes that never keep"),
        ]
        return names.compactMap { name in
            let count = problems.count { $0.kind == name.kind }
            return count == 0 ? nil : "\(count) \(count == 1 ? name.one : name.many)"
        }.joined(separator: ", ")
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        var text = self
        while text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        return text
    }
}
