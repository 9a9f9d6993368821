/// A container the sources declare: `Container(name:)`, a child (`makeChild`, `add(child:)`,
/// `Resolver(parent:)`), a Swinject `Assembler`, a Factory `SharedContainer`, a mock container
/// in an `#if` clause.
///
/// ```swift
/// for container in graph.declarations.containers { print(container.name, container.kind, container.parent ?? "-") }
/// ```
public struct DeclaredContainer: Sendable, Hashable, Codable {
    public var name: String
    /// `container`, `child`, `added`, `assembler`, `assembly`, `shared`, `mock`, …
    public var kind: String
    public var parent: String?
    public var location: DeclaredLocation?
    public var conditions: [String]

    public init(name: String, kind: String, parent: String? = nil, location: DeclaredLocation? = nil, conditions: [String] = []) {
        self.name = name
        self.kind = kind
        self.parent = parent
        self.location = location
        self.conditions = conditions
    }
}

/// Something the scan could not read or type, with its place: never a silent skip.
///
/// ```swift
/// for note in graph.declarations.notes { print("\(note.location): \(note.kind): \(note.message)") }
/// ```
public struct ScanNote: Sendable, Hashable, Codable {
    /// `unreadable` (a file skipped: too large, binary, not UTF-8, unreadable), `syntax` (a
    /// syntax error; the rest of the file was read), `unrecognized` (looks like injection, in a
    /// form the scan does not know), `unresolved` (a registration or site it could not type),
    /// `guessed` (a type filled in by a rule), `containersReadAsOne` (containers created in
    /// several places under one name, read as one; reported as a note).
    public var kind: String
    public var message: String
    public var location: DeclaredLocation

    public init(kind: String, message: String, location: DeclaredLocation) {
        self.kind = kind
        self.message = message
        self.location = location
    }
}

/// What was scanned: the root, the tool, the `--define`s, and how many files were read.
public struct ScanSummary: Sendable, Hashable, Codable {
    /// The scanned root, as given (paths in the scan are relative to it).
    public var root: String
    public var tool: String
    public var defines: [String]
    /// Files found.
    public var files: Int
    /// Files that could not be read (each has a note).
    public var unreadable: Int

    public init(root: String, tool: String, defines: [String] = [], files: Int, unreadable: Int = 0) {
        self.root = root
        self.tool = tool
        self.defines = defines
        self.files = files
        self.unreadable = unreadable
    }
}
