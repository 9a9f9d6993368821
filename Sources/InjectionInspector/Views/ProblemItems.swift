import InjectionGraph

/// Items that stand for one problem of ``InspectorState/report`` (`problem:3`, its services
/// `problem:3:0`, …), and the detail pane that shows its full message: the same words as
/// `di-inspect check`.
///
/// ```swift
/// ProblemItems.number(of: "problem:3:1")  // 3
/// ```
enum ProblemItems {
    static func id(_ number: Int, member: Int? = nil) -> String {
        member.map { "problem:\(number):\($0)" } ?? "problem:\(number)"
    }

    /// The problem number of an item id; nil for ids of other kinds.
    static func number(of id: String) -> Int? {
        let parts = id.split(separator: ":")
        guard parts.count >= 2, parts[0] == "problem" else { return nil }
        return Int(parts[1])
    }

    /// Whether the id is the problem's own row (not one of its services).
    static func isHeader(_ id: String) -> Bool {
        id.split(separator: ":").count == 2
    }

    /// A title for the detail pane.
    static func title(_ problem: GraphProblem) -> String {
        problem.diagnostic.title
    }

    /// The message, its first line as the headline and each `Fix:`/`Or:` line highlighted.
    static func sections(_ problem: GraphProblem, isNote: Bool) -> [DetailPane.Section] {
        let lines = problem.message.split(separator: "\n").map(String.init)
        guard let headline = lines.first else { return [] }
        var body: [DetailPane.Line] = []
        for line in lines.dropFirst() {
            let text = line.trimmingPrefix("  ")
            let style: Style = text.hasPrefix("Fix:") || text.hasPrefix("Or:") ? Style(.success) : .normal
            body.append(.init("", String(text), style: style))
        }
        return [
            .init(title: isNote ? "Note" : "Problem", lines: [.init("", headline, style: isNote ? Style(.dim, .bold) : Style(.warning, .bold))]),
            .init(title: "Details", lines: body),
        ]
    }
}

extension String {
    func trimmingPrefix(_ prefix: String) -> Substring {
        hasPrefix(prefix) ? dropFirst(prefix.count) : self[...]
    }
}
