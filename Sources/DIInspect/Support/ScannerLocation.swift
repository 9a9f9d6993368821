import Foundation

/// Where `di-scan` (the source reader, built by the `Scan/` package) is: `$DI_SCAN`, else beside
/// this `di-inspect` binary (where `make install` puts both), else on `PATH`.
enum ScannerLocation {
    /// The one line that says how to get it, when it is nowhere.
    static let missingMessage = "error: di-scan (the source reader 'di-inspect scan' runs) was not found beside di-inspect, "
        + "in $DI_SCAN or on PATH: run 'make install' (installs it beside di-inspect), or 'make scan-build' and set "
        + "DI_SCAN=Scan/.build/debug/di-scan"

    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let files = FileManager.default
        if let explicit = environment["DI_SCAN"], !explicit.isEmpty {
            return files.isExecutableFile(atPath: explicit) ? explicit : nil
        }
        let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let ownPath = Bundle.main.executablePath.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath() } ?? own
        for binary in [ownPath, own] {
            let beside = binary.deletingLastPathComponent().appendingPathComponent("di-scan").path
            if files.isExecutableFile(atPath: beside) { return beside }
        }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("di-scan").path
            if files.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
