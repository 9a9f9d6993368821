#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The argument vector that opens a file at a line in the user's editor: `$EDITOR`, then
/// `$VISUAL`, then `vi`, with the line argument that editor understands.
///
/// The variable is split on blanks (`code -w`, `emacsclient -t`) and never given to a shell, so
/// a path from a trace stays one argument whatever characters it holds.
///
/// ```swift
/// EditorCommand.arguments(environment: ["EDITOR": "nvim"], file: "Sources/App/Wiring.swift", line: 12)
/// // ["nvim", "+12", "Sources/App/Wiring.swift"]
/// EditorCommand.arguments(environment: ["EDITOR": "code -w"], file: "Wiring.swift", line: 12)
/// // ["code", "-w", "--goto", "Wiring.swift:12"]
/// ```
enum EditorCommand {
    /// Editors that take `+LINE FILE`.
    static let plusLineEditors: Set<String> = ["vi", "vim", "nvim", "gvim", "mvim", "view", "nano", "pico", "emacs",
                                               "emacsclient", "micro", "kak", "joe", "ne", "mg", "jed"]
    /// Editors that take `--goto FILE:LINE`.
    static let gotoEditors: Set<String> = ["code", "code-insiders", "codium", "vscodium", "cursor", "windsurf"]
    /// Editors that take `FILE:LINE`.
    static let colonLineEditors: Set<String> = ["subl", "zed", "hx", "helix", "mate"]

    static func arguments(environment: [String: String], file: String, line: Int) -> [String] {
        var chosen = ["vi"]
        for variable in ["EDITOR", "VISUAL"] {
            let words = (environment[variable] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if !words.isEmpty {
                chosen = words
                break
            }
        }
        let program = chosen[0].split(separator: "/").last.map(String.init) ?? chosen[0]
        let line = max(1, line)
        if gotoEditors.contains(program) { return chosen + ["--goto", "\(file):\(line)"] }
        if colonLineEditors.contains(program) { return chosen + ["\(file):\(line)"] }
        if plusLineEditors.contains(program) { return chosen + ["+\(line)", file] }
        // An editor we do not know may take `+LINE` as a file name: it gets the file alone.
        return chosen + [file]
    }
}

extension EditorCommand {
    /// The status line once the editor is back.
    static func message(for program: ForegroundProgram, outcome: ForegroundProgram.Outcome) -> String {
        let name = program.arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "editor"
        switch outcome {
        case .exited(0): return "Back from \(name) (\(program.description))"
        case .exited(let status): return "\(name) exited with status \(status) (\(program.description))"
        case .signalled(let signal): return "\(name) ended by signal \(signal)"
        case .couldNotStart(let error):
            return "Cannot start \(name): \(String(cString: strerror(error))) (set EDITOR)"
        }
    }
}
