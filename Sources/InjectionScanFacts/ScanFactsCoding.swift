import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// Why a facts file could not be read.
public enum ScanFactsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing in it.
    case empty
    /// The first line is not a `di-scan-facts` header.
    case notFactsFile(found: String)
    /// Written by a newer `di-scan` whose major version this reader does not know.
    case newerVersion(found: Int, supported: Int)
    /// A line that is not JSON or lacks a required field.
    case malformedLine(line: Int, reason: String)
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .empty: "the scan facts file is empty"
        case .notFactsFile(let found):
            "not a scan facts file: the first line is not a \"\(ScanFactsHeader.formatName)\" header (\(found))"
        case .newerVersion(let found, let supported):
            "scan facts version \(found) is newer than this reader (version \(supported)); use a di-inspect as new as the di-scan that wrote it"
        case .malformedLine(let line, let reason): "scan facts line \(line) is malformed: \(reason)"
        case .unreadable(let path, let reason): "cannot read the scan facts file \(path): \(reason)"
        }
    }
}

/// Writes the facts format: NDJSON, one object per line, keys sorted and no optional `null`s, so
/// the same facts always give the same bytes (the bytes `JSONEncoder` with sorted keys writes;
/// ``FactsJSONWriter`` writes them by hand).
public struct ScanFactsWriter: Sendable {
    public init() {}

    /// One line (with its `\n`).
    public func line(_ header: ScanFactsHeader) -> [UInt8] { Self.line(header) }

    /// One line (with its `\n`).
    public func line(_ file: FileFacts) -> [UInt8] { Self.line(file) }

    /// The whole file: the header, then the files sorted by path (bytewise).
    public func encode(_ facts: ScanFacts) -> [UInt8] {
        let files = facts.files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        return encode(facts.header, fileLines: files.map { line($0) })
    }

    /// The whole file from each file's `line(_:)` written already (on the thread that read the
    /// file), given sorted by path (bytewise).
    public func encode(_ header: ScanFactsHeader, fileLines: [[UInt8]]) -> [UInt8] {
        var json = FactsJSONWriter(capacity: fileLines.reduce(0) { $0 + $1.count } + 512)
        header.write(to: &json)
        json.newline()
        for line in fileLines { json.append(line) }
        return json.bytes
    }

    private static func line(_ value: some FactsJSONWritable) -> [UInt8] {
        var json = FactsJSONWriter()
        value.write(to: &json)
        json.newline()
        return json.bytes
    }
}

/// Reads the facts format. Unknown fields and lines of an unknown `kind` are ignored; a header of a
/// newer major version is an error. File lines go through ``FactsJSONReader`` (`JSONDecoder` reads
/// those it does not take).
public struct ScanFactsReader: Sendable {
    public init() {}

    private struct Probe: Decodable {
        var format: String?
        var version: Int?
        var kind: String?
    }

    /// The facts file at `path`; its file lines are decoded on `jobs` threads.
    public func read(contentsOf path: String, jobs: Int = 1) throws(ScanFactsError) -> ScanFacts {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        return try read(Array(data), jobs: jobs)
    }

    /// The facts in `bytes`; the file lines are decoded on `jobs` threads (each line stands
    /// alone), and the result and the first error, by line, are the same whatever the count.
    public func read(_ bytes: [UInt8], jobs: Int = 1) throws(ScanFactsError) -> ScanFacts {
        let decoder = JSONDecoder()
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
            .filter { !$0.element.allSatisfy { $0 == 0x20 || $0 == 0x0D || $0 == 0x09 } }
        guard let (_, first) = lines.first else { throw .empty }
        let probe: Probe
        do {
            probe = try decoder.decode(Probe.self, from: Data(first))
        } catch {
            throw .notFactsFile(found: Self.excerpt(first))
        }
        guard probe.format == ScanFactsHeader.formatName, let version = probe.version else {
            throw .notFactsFile(found: Self.excerpt(first))
        }
        guard version <= ScanFactsHeader.currentVersion else {
            throw .newerVersion(found: version, supported: ScanFactsHeader.currentVersion)
        }
        let header: ScanFactsHeader
        do {
            header = try decoder.decode(ScanFactsHeader.self, from: Data(first))
        } catch {
            throw .malformedLine(line: 1, reason: Self.reason(error))
        }
        lines.removeFirst()
        var files: [FileFacts] = []
        for decoded in Self.decode(lines.map { ($0.offset + 1, $0.element) }, jobs: jobs) {
            if let file = try decoded.get() { files.append(file) }
        }
        return ScanFacts(header: header, files: files)
    }

    /// Each line decoded (nil for a line of another kind), in order; on `jobs` threads, each
    /// taking the next run of lines.
    private static func decode(_ lines: [(number: Int, bytes: ArraySlice<UInt8>)], jobs: Int) -> [Result<FileFacts?, ScanFactsError>] {
        let runLength = 64
        let runs = (lines.count + runLength - 1) / runLength
        guard jobs > 1, runs > 1 else {
            let decoder = JSONDecoder()
            return lines.map { decode($0.bytes, number: $0.number, decoder: decoder) }
        }
        let next = Atomic<Int>(0)
        let decodedRuns = Mutex([[Result<FileFacts?, ScanFactsError>]](repeating: [], count: runs))
        DispatchQueue.concurrentPerform(iterations: min(jobs, runs)) { _ in
            let decoder = JSONDecoder()
            while true {
                let run = next.add(1, ordering: .relaxed).oldValue
                guard run < runs else { return }
                let decoded = lines[run * runLength..<min(lines.count, (run + 1) * runLength)].map {
                    decode($0.bytes, number: $0.number, decoder: decoder)
                }
                decodedRuns.withLock { $0[run] = decoded }
            }
        }
        return decodedRuns.withLock { $0.flatMap { $0 } }
    }

    /// One line: the hand-written reader takes the lines di-scan writes; any other line is
    /// `JSONDecoder`'s, with its words for what is wrong.
    private static func decode(_ line: ArraySlice<UInt8>, number: Int, decoder: JSONDecoder) -> Result<FileFacts?, ScanFactsError> {
        if let file = try? FactsJSONReader.read(line, { try FileFacts(reading: &$0) }) {
            return .success(file.kind == "file" ? file : nil)
        }
        let data = Data(line)
        do {
            let kind = try decoder.decode(Probe.self, from: data).kind
            guard kind == nil || kind == "file" else { return .success(nil) }
            return .success(try decoder.decode(FileFacts.self, from: data))
        } catch {
            return .failure(.malformedLine(line: number, reason: Self.reason(error)))
        }
    }

    private static func excerpt(_ line: some Collection<UInt8>) -> String {
        let text = String(decoding: line.prefix(60), as: UTF8.self)
        return line.count > 60 ? text + "…" : text
    }

    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        switch error {
        case .keyNotFound(let key, let context):
            return "no \"\(Self.path(context.codingPath + [key]))\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\"\(Self.path(context.codingPath))\" has the wrong type"
        case .dataCorrupted: return "not JSON"
        @unknown default: return "not JSON"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
