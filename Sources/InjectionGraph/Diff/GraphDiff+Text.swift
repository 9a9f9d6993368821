import Injection

extension GraphDiff {
    /// The report for a terminal: a summary line, then each section that has changes, one mark
    /// (`+`, `−`, `~`) per line, then problems new, fixed and still there.
    ///
    /// ```
    /// $ di-inspect diff base.ndjson head.ndjson
    /// HEAD adds 1 problem: services +2, edges +2, scopes ~1, layers none; problems 1 new, 0 fixed, 0 still there
    ///
    /// Services (2)
    ///   + ProfileCycleUseCase in 'app'
    /// …
    /// ```
    public var text: String {
        var lines = [summary]
        section("Services", services, into: &lines) { service in
            "\(service.change.mark) \(service.identity.qualifiedDescription)" + Self.details(service.details)
        }
        section("Edges", edges, into: &lines) { edge in
            "\(edge.change.mark) \(edge.from.description) → \(edge.to.description)" + Self.details(edge.details)
        }
        section("Scopes", scopes, into: &lines) { scope in
            "\(scope.change.mark) \(scope.scope): \(scope.baseServices) → \(counted(scope.headServices, "service"))"
        }
        section("Layers", layers, into: &lines) { layer in
            "\(layer.change.mark) \(layer.name)" + Self.details(layer.details) + (layer.isNewBreach ? "  NEW BREACH" : "")
        }
        problemSection("New problems", newProblems, into: &lines)
        problemSection("Fixed problems", fixedProblems, into: &lines)
        problemSection("Problems still there", remainingProblems, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `HEAD adds 1 problem: …` or `No new problems: …`, with counts per section.
    public var summary: String {
        let breaches = layers.count(where: \.isNewBreach)
        var added: [String] = []
        if !newProblems.isEmpty { added.append(counted(newProblems.count, "problem")) }
        if breaches > 0 { added.append(counted(breaches, "breaching layer crossing")) }
        let lead = !added.isEmpty
            ? "HEAD adds " + added.joined(separator: " and ")
            : (isEmpty ? "No differences" : "No new problems")
        func marks<T>(_ items: [T], _ change: (T) -> Change) -> String {
            let parts = Change.allCases.compactMap { kind -> String? in
                let count = items.count { change($0) == kind }
                return count > 0 ? "\(kind.mark)\(count)" : nil
            }
            return parts.isEmpty ? "none" : parts.joined(separator: " ")
        }
        return "\(lead): services \(marks(services, \.change)), edges \(marks(edges, \.change)), "
            + "scopes \(marks(scopes, \.change)), layers \(marks(layers, \.change)); "
            + "problems \(newProblems.count) new, \(fixedProblems.count) fixed, \(remainingProblems.count) still there"
    }

    private func section<T>(_ title: String, _ items: [T], into lines: inout [String], line: (T) -> String) {
        guard !items.isEmpty else { return }
        lines.append("")
        lines.append("\(title) (\(items.count))")
        lines += items.map { "  " + line($0) }
    }

    private func problemSection(_ title: String, _ problems: [GraphProblem], into lines: inout [String]) {
        guard !problems.isEmpty else { return }
        lines.append("")
        lines.append("\(title) (\(problems.count))")
        for problem in problems {
            let message = problem.message.split(separator: "\n", omittingEmptySubsequences: false)
            lines.append("  [\(problem.kind)] " + (message.first.map(String.init) ?? ""))
            lines += message.dropFirst().map { "  " + $0 }
        }
    }

    static func details(_ details: [String]) -> String {
        details.isEmpty ? "" : "  (" + details.joined(separator: "; ") + ")"
    }
}
