#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Injection
import InjectionScanFacts

/// The `di-scan` command as a function, for the executable and for tests (no subprocess).
public enum DIScan {
    public static func run(
        paths: [String], includeTests: Bool = false, maxFileSize: Int = ScanOptions.defaultMaxFileSize, defines: [String] = [],
        config: String? = nil, jobs: Int = 1, parseOnly: Bool = false
    ) throws(ScanConfigurationError) -> Scanner.Result {
        var configurationPath = config
        if configurationPath == nil {
            let candidate = SourceWalker.root(of: paths) + "/di-inspect.json"
            if case .success(.file) = FileSystem.kind(of: candidate) { configurationPath = candidate }
        }
        let configuration = try configurationPath.map(ScanConfiguration.load(path:)) ?? ScanConfiguration()
        let options = ScanOptions(
            paths: paths, includeTests: includeTests, maxFileSize: maxFileSize, defines: Set(defines), configuration: configuration,
            configurationPath: configurationPath, jobs: jobs)
        return Scanner(options: options).run(mode: parseOnly ? .parseOnly : .full)
    }

    /// One line per file or folder not read, and per syntax error: `di-scan: path:line: …`.
    public static func noteLines(_ facts: ScanFacts) -> [String] {
        var lines: [String] = []
        for file in facts.files {
            if let skipped = file.skipped { lines.append("di-scan: \(escaped(skipped.message))") }
            for error in file.syntaxErrors {
                lines.append("di-scan: \(escaped(file.path)):\(error.line):\(error.column): syntax error: \(escaped(error.message)) (the rest of the file is still read)")
            }
        }
        return lines
    }

    /// Names from the sources on their way to a terminal pass the one escaper text from a trace
    /// passes (control characters shown, not obeyed).
    static func escaped(_ text: String) -> String {
        text.escapingControlCharacters
    }
}
