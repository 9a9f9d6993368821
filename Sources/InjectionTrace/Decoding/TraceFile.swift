#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Injection

/// A whole trace read from a file or buffer: its header, the records, and what was wrong.
///
/// ```swift
/// let trace = try TraceReader.read(contentsOfFile: "/tmp/app.ndjson")
/// print(trace.header.app, trace.records.count)
/// trace.diagnostics.forEach { print($0) }   // line 12: error: truncated line: …
/// ```
public struct TraceFile: Sendable {
    public var header: TraceHeader
    /// The records after the first header, in file order (a later header starts a new stream).
    public var records: [TraceRecord]
    /// Problems with individual lines, in line order.
    public var diagnostics: [TraceDiagnostic]

    public init(header: TraceHeader, records: [TraceRecord], diagnostics: [TraceDiagnostic]) {
        self.header = header
        self.records = records
        self.diagnostics = diagnostics
    }

    public var warnings: [TraceDiagnostic] { diagnostics.filter { $0.severity == .warning } }
    public var errors: [TraceDiagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// Why a trace could not be read at all (the CLI exits 2 on it). Lines that are merely bad are
/// ``TraceDiagnostic``s instead.
public enum TraceReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The file holds nothing (or only blank lines).
    case empty(path: String)
    /// The first line is not a header this reader accepts (missing, another format, a newer
    /// version).
    case notATrace(path: String, problem: TraceDiagnostic)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            "cannot read trace \(path): \(reason)"
        case .empty(let path):
            "\(path) is empty: a trace starts with a di-trace header line"
        case .notATrace(let path, let problem):
            "\(path) is not a usable di-trace file: \(problem)"
        }
    }
}

extension TraceReader {
    /// Reads a whole trace file, streaming it in chunks.
    ///
    /// - Throws: ``TraceReadError`` when the file cannot be read or does not start with a
    ///   supported header; bad lines after it are reported in ``TraceFile/diagnostics``.
    public static func read(contentsOfFile path: String) throws(TraceReadError) -> TraceFile {
        let fd = PosixIO.openForReading(path)
        guard fd >= 0 else { throw .unreadable(path: path, reason: PosixIO.errorDescription(PosixIO.lastError)) }
        defer { PosixIO.closeDescriptor(fd) }
        var reader = TraceReader()
        var records: [TraceRecord] = []
        var chunk = [UInt8](repeating: 0, count: 4 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { PosixIO.readSome(fd, into: $0) }
            if count < 0 {
                throw .unreadable(path: path, reason: PosixIO.errorDescription(PosixIO.lastError))
            }
            if count == 0 { break }
            chunk.withUnsafeBytes { reader.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) { records.append($0) } }
        }
        return try reader.file(records, name: path)
    }

    /// Reads a whole trace held in memory (tests, benchmarks, a trace piped in).
    public static func read(bytes: some Collection<UInt8>, name: String = "<memory>") throws(TraceReadError) -> TraceFile {
        var reader = TraceReader()
        var records: [TraceRecord] = []
        let read: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            // Records are large values: size the array once instead of growing it.
            var lines = 0
            var cursor = UnsafeRawPointer(buffer.baseAddress)
            var remaining = buffer.count
            while remaining > 0, let base = cursor, let found = memchr(base, 0x0A, remaining) {
                lines += 1
                remaining -= UnsafeRawPointer(found) - base + 1
                cursor = UnsafeRawPointer(found) + 1
            }
            records.reserveCapacity(lines)
            reader.feed(UnsafeRawBufferPointer(buffer)) { records.append($0) }
        }
        if read == nil { records = reader.feed(bytes) }
        return try reader.file(records, name: name)
    }

    private mutating func file(_ records: [TraceRecord], name: String) throws(TraceReadError) -> TraceFile {
        _ = finish()
        if let headerProblem { throw .notATrace(path: name, problem: headerProblem) }
        let diagnostics = takeDiagnostics()
        guard case .header(let header)? = records.first else {
            // Bytes without a complete line (garbage, or a header cut off) are not an empty file.
            if let first = diagnostics.first { throw .notATrace(path: name, problem: first) }
            throw .empty(path: name)
        }
        var records = records
        records.removeFirst()
        return TraceFile(header: header, records: records, diagnostics: diagnostics)
    }
}
