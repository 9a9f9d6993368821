#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    /// The whole file: the header, then the files sorted by path.
    public func encode(_ facts: ScanFacts) -> [UInt8] {
        var json = FactsJSONWriter()
        facts.header.write(to: &json)
        json.newline()
        for file in facts.files.sorted(by: { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }) {
            file.write(to: &json)
            json.newline()
        }
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

    public func read(contentsOf path: String) throws(ScanFactsError) -> ScanFacts {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
        return try read(Array(data))
    }

    public func read(_ bytes: [UInt8]) throws(ScanFactsError) -> ScanFacts {
        let decoder = JSONDecoder()
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
            .lazy.filter { !$0.element.allSatisfy { $0 == 0x20 || $0 == 0x0D || $0 == 0x09 } }.makeIterator()
        guard let (_, first) = lines.next() else { throw .empty }
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
        var files: [FileFacts] = []
        while let (index, line) = lines.next() {
            // The hand-written reader takes the lines di-scan writes; any other line is
            // JSONDecoder's, with its words for what is wrong.
            if let file = try? FactsJSONReader.read(line, { try FileFacts(reading: &$0) }) {
                if file.kind == "file" { files.append(file) }
                continue
            }
            let data = Data(line)
            do {
                let kind = try decoder.decode(Probe.self, from: data).kind
                guard kind == nil || kind == "file" else { continue }
                files.append(try decoder.decode(FileFacts.self, from: data))
            } catch {
                throw .malformedLine(line: index + 1, reason: Self.reason(error))
            }
        }
        return ScanFacts(header: header, files: files)
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
