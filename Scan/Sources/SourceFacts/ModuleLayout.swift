/// The module a file belongs to, and so the `#fileID` the runtime reports for it: from
/// `di-inspect.json`'s folders first, else the SwiftPM layout (`…/Sources/<Module>/…`,
/// `…/Tests/<Module>/…`).
struct ModuleLayout: Sendable {
    let folders: [ScanConfiguration.ModuleFolder]

    init(configuration: ScanConfiguration) {
        // The longest folder wins for nested folders.
        folders = configuration.modules.sorted { $0.path.count > $1.path.count }
    }

    /// `relativePath` for the configured folders; `absolutePath` for the SwiftPM layout, so a
    /// scan of `Sources/App` itself still knows its module. The innermost `Sources`/`Tests` wins.
    func module(of relativePath: String, absolutePath: String) -> String? {
        for folder in folders {
            let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
            if relativePath.hasPrefix(prefix) || folder.path.isEmpty || folder.path == "." { return folder.module }
        }
        let parts = absolutePath.split(separator: "/")
        guard let index = parts.dropLast(2).lastIndex(where: { $0 == "Sources" || $0 == "Tests" }) else { return nil }
        return String(parts[index + 1])
    }

    func fileID(of relativePath: String, absolutePath: String) -> (module: String?, fileID: String?) {
        guard let module = module(of: relativePath, absolutePath: absolutePath) else { return (nil, nil) }
        let file = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        return (module, module + "/" + file)
    }
}
