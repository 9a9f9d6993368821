import Injection

/// Where a scanned fact is written: the path relative to the scanned root (apps have many files
/// named `Container.swift`), line and column, and the `#fileID` the runtime reports for that
/// file, so a scan and a run of the same code name the same line.
///
/// ```swift
/// let at = DeclaredLocation(path: "Sources/App/Wiring.swift", line: 12, column: 5, fileID: "App/Wiring.swift")
/// print(at.sourceLocation)  // App/Wiring.swift:12
/// ```
public struct DeclaredLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// Relative to the scanned root.
    public var path: String
    public var line: Int
    public var column: Int
    /// `Module/File.swift`, as `#fileID` spells it.
    public var fileID: String

    public init(path: String, line: Int, column: Int, fileID: String) {
        self.path = path
        self.line = line
        self.column = column
        self.fileID = fileID
    }

    /// The location as the runtime reports it (`#fileID:#line`).
    public var sourceLocation: SourceLocation { SourceLocation(fileID: fileID, line: line) }

    /// `Sources/App/Wiring.swift:12:5`
    public var description: String { "\(path.escapingControlCharacters):\(line):\(column)" }

    public static func < (lhs: DeclaredLocation, rhs: DeclaredLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}

/// How sure the scan is of a fact: it read it whole (`exact`), filled a part in by a rule
/// (`guessed`, with a note saying which), or saw injection-looking code it could not type
/// (`unresolved`).
public enum Certainty: String, Sendable, Hashable, Codable {
    case exact, guessed, unresolved
}
