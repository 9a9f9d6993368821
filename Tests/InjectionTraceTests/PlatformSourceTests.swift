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

    /// Names that do not exist on Darwin (the import fails to compile there) and paths that do not
    /// exist at run time there, beyond `Glibc.`: each use sits in a Platform folder, branched.
    static let darwinMissingNames = [
        "environ", "accept4", "pipe2", "epoll_create1", "epoll_ctl", "epoll_wait", "eventfd",
        "inotify_init1", "memfd_create", "prctl", "getrandom", "gettid", "sched_getcpu", "sysinfo",
        "__socket_type", "SO_PEERCRED", "sem_timedwait", "MSG_NOSIGNAL", "SOCK_NONBLOCK", "SOCK_CLOEXEC",
    ]
    static let linuxOnlyPaths = ["/proc/", "/dev/full", "/run/user/"]

    /// The lines of `text` that Darwin compiles: comments and the Linux-only branches
    /// (`#if os(Linux)`, `#if canImport(Glibc)` up to their `#else`/`#elseif`/`#endif`) left out.
    static func darwinCompiledLines(_ text: String) -> [Substring] {
        var linuxOnly: [Bool] = []
        var lines: [Substring] = []
        for line in text.split(separator: "\n") {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("#if ") {
                linuxOnly.append(code == "#if os(Linux)" || code == "#if canImport(Glibc)")
            } else if code.hasPrefix("#elseif") || code == "#else" {
                if !linuxOnly.isEmpty { linuxOnly[linuxOnly.count - 1] = false }
            } else if code == "#endif" {
                _ = linuxOnly.popLast()
            } else if !code.hasPrefix("//"), !linuxOnly.contains(true) {
                lines.append(line)
            }
        }
        return lines
    }

    /// `name` used as a whole word on a line Darwin compiles.
    static func usesName(_ name: String, in text: String) -> Bool {
        darwinCompiledLines(text).contains { line in
            var rest = line[...]
            while let range = rest.range(of: name) {
                let before = rest[..<range.lowerBound].last, after = rest[range.upperBound...].first
                let isWordCharacter: (Character?) -> Bool = { $0.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
                if !isWordCharacter(before), !isWordCharacter(after) { return true }
                rest = rest[range.upperBound...]
            }
            return false
        }
    }

    @Test func theWordScanFindsWholeNamesOnly() {
        #expect(Self.usesName("environ", in: "var pointer = environ"))
        #expect(!Self.usesName("environ", in: "let environment = 1"))
        #expect(!Self.usesName("environ", in: "// environ is not on Darwin"))
        #expect(!Self.usesName("prctl", in: "#if os(Linux)\nlet f = prctl\n#endif"))
        #expect(Self.usesName("prctl", in: "#if os(Linux)\n#else\nlet f = prctl\n#endif"))
    }

    @Test func namesMissingOnDarwinStayInPlatformFolders() throws {
        let files = try Self.swiftFiles().filter {
            !$0.path.contains("/Platform/") && $0.path != "Tests/InjectionTraceTests/PlatformSourceTests.swift"
        }
        let offenders = files.flatMap { file in
            Self.darwinMissingNames.filter { Self.usesName($0, in: file.text) }.map { "\(file.path): \($0)" }
        }
        #expect(offenders == [])
    }

    /// Files allowed a Linux-only path outside a `#if os(Linux)` branch, each with why.
    /// None today: the end-to-end tests' process readings live in
    /// Tests/InjectionInspectorTests/Platform/ProcessProbe.swift, with a Darwin branch.
    static let linuxOnlyPathExceptions: [String: String] = [:]

    @Test func linuxOnlyPathsStayInPlatformFoldersOrLinuxBranches() throws {
        let offenders = try Self.swiftFiles().filter { file in
            !file.path.contains("/Platform/") && file.path != "Tests/InjectionTraceTests/PlatformSourceTests.swift"
        }.flatMap { file in
            Self.linuxOnlyPaths.filter { path in
                Self.linuxOnlyPathExceptions[file.path] != path
                    && Self.darwinCompiledLines(file.text).contains { $0.contains(path) }
            }.map { "\(file.path): \($0)" }
        }
        #expect(offenders == [])
    }
}
