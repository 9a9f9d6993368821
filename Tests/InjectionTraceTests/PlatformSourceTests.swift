import Foundation
import Testing

/// The Apple platforms are built by construction (this machine cannot build for Darwin): OS
/// calls that differ between Linux and Darwin live in the `Platform` folders, which branch for
/// both, and nothing else names a Glibc symbol by module or imports Glibc without Darwin.
struct PlatformSourceTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file under Sources, Tests and Benchmarks/Sources, relative to the root.
    static func swiftFiles() throws -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for folder in ["Sources", "Tests", "Benchmarks/Sources"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let relative = String(url.path.dropFirst(root.path.count + 1))
                files.append((relative, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        return files
    }

    @Test func noModuleQualifiedGlibcOutsidePlatformFolders() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 100, "the walk found the sources")
        let offenders = files.filter { file in
            !file.path.contains("/Platform/") && file.path != "Tests/InjectionTraceTests/PlatformSourceTests.swift"
                && file.text.split(separator: "\n").contains { line in
                    !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains("Glibc.")
                }
        }.map(\.path)
        #expect(offenders == [])
    }

    @Test func everyGlibcImportHasADarwinBranch() throws {
        let offenders = try Self.swiftFiles().filter { file in
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            return lines.indices.contains { index in
                guard lines[index] == "import Glibc" else { return false }
                let next = lines[(index + 1)...].prefix(3)
                return !next.contains { $0.hasPrefix("#elseif canImport(Darwin)") }
            }
        }.map(\.path)
        #expect(offenders == [])
    }

    @Test func linuxOnlyCallsStayInPlatformFolders() throws {
        // Calls with no Darwin equivalent of the same name: each is branched in a Platform file.
        let linuxOnly = ["SO_PEERCRED", "sem_timedwait", "MSG_NOSIGNAL", "SOCK_NONBLOCK", "SOCK_CLOEXEC"]
        let offenders = try Self.swiftFiles().filter { file in
            !file.path.contains("/Platform/") && file.path != "Tests/InjectionTraceTests/PlatformSourceTests.swift"
                && file.text.split(separator: "\n").contains { line in
                    !line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                        && linuxOnly.contains { line.contains($0) }
                }
        }.map(\.path)
        #expect(offenders == [])
    }
}
