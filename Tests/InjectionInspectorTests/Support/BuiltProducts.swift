#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths of the package's built executables and fixtures, found from this source file.
enum BuiltProducts {
    /// The package root (three levels above this file).
    static let packageRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Support/BuiltProducts.swift, InjectionInspectorTests, Tests
        return parts.joined(separator: "/")
    }()

    /// `di-inspect` next to the test bundle, or nil when it was not built.
    static var diInspect: String? {
        for configuration in ["debug", "release"] {
            let path = "\(packageRoot)/.build/\(configuration)/di-inspect"
            if access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    /// `sample-app` next to `di-inspect`.
    static var sampleApp: String? {
        guard let diInspect else { return nil }
        let path = String(diInspect.dropLast("di-inspect".count)) + "sample-app"
        return access(path, X_OK) == 0 ? path : nil
    }

    static func fixture(_ name: String) -> String { "\(packageRoot)/Resources/traces/\(name)" }

    /// Whether tmux is installed.
    static var hasTmux: Bool { Spawn.run(["tmux", "-V"]).status == 0 }
}
