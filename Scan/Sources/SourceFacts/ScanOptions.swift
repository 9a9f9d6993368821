/// What one scan reads and how: the `di-scan` command line, as values.
public struct ScanOptions: Sendable {
    /// Files, folders or SwiftPM package roots.
    public var paths: [String]
    /// Walk test folders too (paths named here are read whatever they are).
    public var includeTests: Bool
    /// Files larger than this are reported and skipped (generated code).
    public var maxFileSize: Int
    /// `#if` flags that are set: with any, every other bare flag is unset.
    public var defines: Set<String>
    /// `di-inspect.json`: an app's own wrappers, helpers and module layout.
    public var configuration: ScanConfiguration
    /// Where the configuration was read from, for the header.
    public var configurationPath: String?
    /// Parallel parses.
    public var jobs: Int
    /// The parser's nesting limit: deeper code is reported (`partial`), never a stack overflow.
    public var maximumNestingLevel: Int

    public static let defaultMaxFileSize = 4 * 1024 * 1024
    public static let defaultNestingLevel = 256

    public init(
        paths: [String], includeTests: Bool = false, maxFileSize: Int = Self.defaultMaxFileSize,
        defines: Set<String> = [], configuration: ScanConfiguration = ScanConfiguration(),
        configurationPath: String? = nil, jobs: Int = 1, maximumNestingLevel: Int = Self.defaultNestingLevel
    ) {
        self.paths = paths
        self.includeTests = includeTests
        self.maxFileSize = maxFileSize
        self.defines = defines
        self.configuration = configuration
        self.configurationPath = configurationPath
        self.jobs = max(1, jobs)
        self.maximumNestingLevel = maximumNestingLevel
    }
}
