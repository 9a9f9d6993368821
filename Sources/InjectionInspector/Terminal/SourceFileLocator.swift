import Injection
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the file behind a trace's `#fileID` (`SampleApp/Fault.swift`: module and file name)
/// on this machine, for `o`: as written (absolute or relative), under each root, under each
/// root's `Sources/`, and else the file of that name inside a folder named after the module
/// (or the only file of that name) found walking the root. nil when the trace was recorded
/// elsewhere and nothing here matches.
///
/// ```swift
/// let locator = SourceFileLocator(roots: [".", "/src/shop"])
/// locator.path(for: "SampleApp/Fault.swift")  // "./Sources/SampleApp/Wiring/Fault.swift"
/// ```
struct SourceFileLocator: Sendable {
    var roots: [String]
    /// The most directory entries one walk reads: a huge tree gives up rather than hang the UI.
    static let walkLimit = 50_000

    init(roots: [String]) {
        self.roots = roots
    }

    func path(for fileID: String) -> String? {
        guard !fileID.isEmpty, !fileID.contains("\0") else { return nil }
        if fileID.hasPrefix("/") { return Self.isFile(fileID) ? fileID : nil }
        for root in roots {
            for candidate in [Self.join(root, fileID), Self.join(Self.join(root, "Sources"), fileID)] where Self.isFile(candidate) {
                return candidate
            }
        }
        let parts = fileID.split(separator: "/").map(String.init)
        guard let name = parts.last else { return nil }
        let module = parts.count >= 2 ? parts[parts.count - 2] : nil
        for root in roots {
            var found: [String] = []
            var budget = Self.walkLimit
            Self.walk(root, looking: name, into: &found, budget: &budget)
            if let module, let inModule = found.sorted().first(where: { $0.split(separator: "/").dropLast().contains(Substring(module)) }) {
                return inModule
            }
            if found.count == 1 { return found[0] }
        }
        return nil
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Collects the regular files named `name` under `folder`, leaving out hidden folders and
    /// `.build*` (SwiftPM's copies of the sources), without following links.
    private static func walk(_ folder: String, looking name: String, into found: inout [String], budget: inout Int) {
        guard budget > 0, let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var folders: [String] = []
        while budget > 0, let entry = readdir(directory) {
            budget -= 1
            let entryName = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if entryName.hasPrefix(".") || entryName == "node_modules" { continue }
            let path = join(folder, entryName)
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                folders.append(path)
            } else if entryName == name, (info.st_mode & S_IFMT) == S_IFREG {
                found.append(path)
            }
        }
        for child in folders { walk(child, looking: name, into: &found, budget: &budget) }
    }
}
