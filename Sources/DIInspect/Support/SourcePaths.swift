import Foundation

/// Turns the file IDs a trace names (`SampleApp/Fault.swift`: module and file name, what
/// `#fileID` gives) into paths under a source root that an editor or CI can open
/// (`Sources/SampleApp/Wiring/Fault.swift`), for `check` and `diff`'s `--format xcode|github|sarif`.
///
/// The root is walked once (hidden folders and `.build*` left out). A file ID maps to the file
/// of that name inside a folder named after its module; failing that, to the only file of that
/// name; failing that, it is printed as it is.
///
/// ```swift
/// let paths = SourcePaths(root: ".")
/// paths.path(for: "SampleApp/Fault.swift")  // "Sources/SampleApp/Wiring/Fault.swift"
/// ```
final class SourcePaths {
    private let byFileName: [String: [String]]

    init(root: String) {
        var index: [String: [String]] = [:]
        let base = URL(fileURLWithPath: root).standardizedFileURL
        let enumerator = FileManager.default.enumerator(
            at: base, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        var visited = 0
        while let url = enumerator?.nextObject() as? URL, visited < 200_000 {
            visited += 1
            if url.lastPathComponent.hasPrefix(".build") || url.lastPathComponent == "node_modules" {
                enumerator?.skipDescendants()
                continue
            }
            guard url.pathExtension == "swift" else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(base.path.count)).drop { $0 == "/" }
            index[url.lastPathComponent, default: []].append(String(relative))
        }
        byFileName = index.mapValues { $0.sorted() }
    }

    /// The path to print for `fileID`.
    func path(for fileID: String) -> String {
        let parts = fileID.split(separator: "/")
        guard let name = parts.last.map(String.init), let candidates = byFileName[name] else { return fileID }
        if parts.count >= 2 {
            let module = parts[parts.count - 2]
            if let inModule = candidates.first(where: { $0.split(separator: "/").dropLast().contains(module) }) {
                return inModule
            }
        }
        return candidates.count == 1 ? candidates[0] : fileID
    }
}
