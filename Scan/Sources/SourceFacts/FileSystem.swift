#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls the walker and the reader need, with errors as one-line reasons.
enum FileSystem {
    enum Kind {
        case file(size: Int)
        case directory
        case other
    }

    /// What `path` is, following symlinks; nil with the reason when it cannot be known.
    static func kind(of path: String) -> Result<Kind, FileSystemError> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(FileSystemError(errno: errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .success(.directory)
        case S_IFREG: return .success(.file(size: Int(info.st_size)))
        default: return .success(.other)
        }
    }

    static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// The path with every symlink resolved (a folder's identity, for loop detection).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The names in a folder, sorted bytewise, without `.` and `..`.
    static func entries(of path: String) -> Result<[String], FileSystemError> {
        guard let directory = opendir(path) else { return .failure(FileSystemError(errno: errno)) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    /// The file's bytes, at most `limit + 1` of them (so a caller can tell it was over).
    static func read(_ path: String, limit: Int) -> Result<[UInt8], FileSystemError> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(FileSystemError(errno: errno)) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(FileSystemError(errno: errno))
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        return .success(bytes)
    }

    static var currentDirectory: String {
        guard let path = getcwd(nil, 0) else { return "." }
        defer { free(path) }
        return String(cString: path)
    }
}

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif

struct FileSystemError: Error, Sendable {
    let reason: String

    init(errno code: Int32) {
        reason = String(cString: strerror(code))
    }
}
