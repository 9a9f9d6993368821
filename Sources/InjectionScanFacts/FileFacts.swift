/// Everything `di-scan` took from one source file (or why it took nothing): one line of the facts
/// format after the header. Files are written sorted by `path`.
public struct FileFacts: Codable, Sendable, Hashable {
    /// `"file"`; readers skip lines whose `kind` they do not know, so later versions may add kinds.
    public var kind: String
    /// Relative to the header's `root`, `/`-separated.
    public var path: String
    /// What the runtime's `#fileID` names for it: `Module/File.swift` (module from the SwiftPM
    /// layout `Sources/<Module>/…`, `Tests/<Module>/…`, or `di-inspect.json`); nil when unknown.
    public var fileID: String?
    public var module: String?
    /// Under a test folder (`Tests/`, `*Tests/`), read only with `--include-tests` or when named.
    public var isTest: Bool
    /// Set when the file (or folder: `path` then names it) was not read; the lists are then empty.
    public var skipped: SkipFact?
    /// True when the text prefilter found nothing of interest and the file was not parsed (it has
    /// no injection token and declares no type the injection code names): its lists are empty.
    public var prefiltered: Bool?
    public var syntaxErrors: [SyntaxErrorFact]
    /// Modules imported (`Resolver`, `Swinject`, `Factory`, `Injection`): evidence for the style.
    public var imports: [String]
    public var types: [DeclaredType]
    /// Top-level variables (`let app = Container()`).
    public var variables: [PropertyFact]
    /// Top-level functions.
    public var functions: [MethodFact]
    public var registrations: [RegistrationFact]
    public var requests: [RequestFact]
    public var containers: [ContainerFact]
    public var mappings: [MappingFact]
    public var notes: [NoteFact]

    public init(
        path: String, fileID: String? = nil, module: String? = nil, isTest: Bool = false, skipped: SkipFact? = nil,
        prefiltered: Bool? = nil, syntaxErrors: [SyntaxErrorFact] = [], imports: [String] = [], types: [DeclaredType] = [],
        variables: [PropertyFact] = [], functions: [MethodFact] = [], registrations: [RegistrationFact] = [],
        requests: [RequestFact] = [], containers: [ContainerFact] = [], mappings: [MappingFact] = [],
        notes: [NoteFact] = []
    ) {
        self.kind = "file"
        self.path = path
        self.fileID = fileID
        self.module = module
        self.isTest = isTest
        self.skipped = skipped
        self.prefiltered = prefiltered
        self.syntaxErrors = syntaxErrors
        self.imports = imports
        self.types = types
        self.variables = variables
        self.functions = functions
        self.registrations = registrations
        self.requests = requests
        self.containers = containers
        self.mappings = mappings
        self.notes = notes
    }
}

/// The first line of a facts file.
public struct ScanFactsHeader: Codable, Sendable, Hashable {
    public static let formatName = "di-scan-facts"
    /// The major version this library writes and reads; additions do not change it.
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    /// The folder every `path` is relative to (absolute).
    public var root: String
    /// The writer and its version (`di-scan 0.1.0`).
    public var tool: String
    /// The `--define` conditions in force, sorted.
    public var defines: [String]
    public var includeTests: Bool
    /// The `di-inspect.json` applied, relative to `root` when inside it; nil when none.
    public var config: String?
    /// How many file lines follow.
    public var files: Int

    public init(
        root: String, tool: String, defines: [String] = [], includeTests: Bool = false, config: String? = nil,
        files: Int
    ) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.root = root
        self.tool = tool
        self.defines = defines
        self.includeTests = includeTests
        self.config = config
        self.files = files
    }
}

/// A whole facts file.
public struct ScanFacts: Sendable, Hashable {
    public var header: ScanFactsHeader
    public var files: [FileFacts]

    public init(header: ScanFactsHeader, files: [FileFacts]) {
        self.header = header
        self.files = files
    }
}
