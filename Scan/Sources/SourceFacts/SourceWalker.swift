import InjectionScanFacts

/// One thing the walk found: a file to read, or a path it could not take (with why).
public struct WalkedPath: Sendable {
    public var absolute: String
    /// Relative to the scan's root, `/`-separated.
    public var relative: String
    public var isTest: Bool
    /// Set when the path is not to be read.
    public var problem: SkipFact?
}

/// Turns the command line's paths into the sorted list of files to read: folders walked (Swift
/// files only; hidden, build and vendored folders left out and said so; test folders only with
/// `--include-tests`), paths named always read, symlinked folders followed once (a loop or a
/// second way into a folder is a one-line entry, never a hang).
public struct SourceWalker: Sendable {
    public let includeTests: Bool
    /// How a folder is listed (the file system; a test's stand-in for a folder root may read).
    let listFolder: @Sendable (String) -> Result<[String], FileSystemError>

    public init(includeTests: Bool) {
        self.init(includeTests: includeTests, listFolder: FileSystem.entries(of:))
    }

    init(includeTests: Bool, listFolder: @escaping @Sendable (String) -> Result<[String], FileSystemError>) {
        self.includeTests = includeTests
        self.listFolder = listFolder
    }

    /// Folders that hold other people's code or build products: reported as skipped, not walked.
    static let vendoredFolders: Set<String> = ["Pods", "Carthage", "DerivedData", "checkouts", "Packages"]

    public static func isTestFolder(_ name: String) -> Bool {
        name == "Tests" || name == "Test" || name.hasSuffix("Tests") || name.hasSuffix("Specs")
    }

    /// The folder every reported path is relative to: the one folder named, a named file's folder,
    /// or the deepest folder holding all the paths.
    public static func root(of paths: [String]) -> String {
        let folders = paths.map { path -> [Substring] in
            let absolute = absolutePath(path)
            var parts = absolute.split(separator: "/")
            if case .success(.directory) = FileSystem.kind(of: absolute) {} else { parts = parts.dropLast() }
            return parts
        }
        guard var common = folders.first else { return FileSystem.currentDirectory }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        return "/" + common.joined(separator: "/")
    }

    public static func absolutePath(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileSystem.currentDirectory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    public func walk(_ paths: [String], root: String) -> [WalkedPath] {
        var found: [String: WalkedPath] = [:]
        var visitedFolders: [String: String] = [:]
        for path in paths {
            let absolute = Self.absolutePath(path)
            let relative = Self.relative(absolute, to: root)
            switch FileSystem.kind(of: absolute) {
            case .failure(let error):
                let reason: SkipReason = FileSystem.isSymlink(absolute) ? .unreadable : .notFound
                found[relative] = WalkedPath(
                    absolute: absolute, relative: relative, isTest: false,
                    problem: SkipFact(reason: reason, message: "\(relative): \(error.reason)"))
            case .success(.directory):
                walkFolder(absolute, relative: relative, root: root, ancestors: [], visited: &visitedFolders, into: &found)
            case .success:
                // Named on the command line: read whatever it is.
                found[relative] = WalkedPath(
                    absolute: absolute, relative: relative, isTest: Self.isTestPath(relative), problem: nil)
            }
        }
        return found.values.sorted { $0.relative.utf8.lexicographicallyPrecedes($1.relative.utf8) }
    }

    private func walkFolder(
        _ absolute: String, relative: String, root: String, ancestors: Set<String>,
        visited: inout [String: String], into found: inout [String: WalkedPath]
    ) {
        let shown = relative.isEmpty ? "." : relative
        guard let real = FileSystem.realPath(absolute) else {
            found[relative] = WalkedPath(
                absolute: absolute, relative: shown, isTest: false,
                problem: SkipFact(reason: .unreadableFolder, message: "\(shown): the folder's real path cannot be resolved"))
            return
        }
        if ancestors.contains(real) {
            found[relative] = WalkedPath(
                absolute: absolute, relative: shown, isTest: false,
                problem: SkipFact(reason: .symlinkLoop, message: "\(shown): symlink loop (leads back to \(real)); not followed"))
            return
        }
        if let first = visited[real] {
            found[relative] = WalkedPath(
                absolute: absolute, relative: shown, isTest: false,
                problem: SkipFact(reason: .alias, message: "\(shown): the same folder as \(first.isEmpty ? "." : first), read once there"))
            return
        }
        visited[real] = relative
        let entries: [String]
        switch listFolder(absolute) {
        case .failure(let error):
            found[relative] = WalkedPath(
                absolute: absolute, relative: shown, isTest: false,
                problem: SkipFact(reason: .unreadableFolder, message: "\(shown): folder not readable (\(error.reason)); its files were not scanned"))
            return
        case .success(let names): entries = names
        }
        let inner = ancestors.union([real])
        for name in entries {
            let childAbsolute = absolute + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            if name.hasPrefix(".") { continue }  // .build, .git, .swiftpm: never sources
            switch FileSystem.kind(of: childAbsolute) {
            case .success(.directory):
                // `Packages` beside a `Package.swift` holds what `swift package edit` checked out; an
                // app's `Packages` folder holds its own local packages: its sources.
                if Self.vendoredFolders.contains(name) && (name != "Packages" || entries.contains("Package.swift")) {
                    found[childRelative] = WalkedPath(
                        absolute: childAbsolute, relative: childRelative, isTest: false,
                        problem: SkipFact(reason: .vendored, message: "\(childRelative): vendored or build folder, not scanned (name it on the command line to scan it)"))
                } else if Self.isTestFolder(name) && !includeTests {
                    continue  // left out by design: --include-tests reads them
                } else {
                    walkFolder(childAbsolute, relative: childRelative, root: root, ancestors: inner, visited: &visited, into: &found)
                }
            case .success(.file):
                guard name.hasSuffix(".swift") else { continue }
                found[childRelative] = WalkedPath(
                    absolute: childAbsolute, relative: childRelative, isTest: Self.isTestPath(childRelative), problem: nil)
            case .success(.other):
                continue
            case .failure(let error):
                guard name.hasSuffix(".swift") || FileSystem.isSymlink(childAbsolute) else { continue }
                found[childRelative] = WalkedPath(
                    absolute: childAbsolute, relative: childRelative, isTest: false,
                    problem: SkipFact(reason: .unreadable, message: "\(childRelative): \(error.reason)"))
            }
        }
    }

    static func isTestPath(_ relative: String) -> Bool {
        relative.split(separator: "/").dropLast().contains { isTestFolder(String($0)) }
    }

    static func relative(_ absolute: String, to root: String) -> String {
        if absolute == root { return "" }
        let prefix = root == "/" ? "/" : root + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : absolute
    }
}
