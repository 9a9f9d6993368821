import Foundation
import InjectionGraph

/// The file `di-inspect scan -o FILE` writes and `check`, `why`, `list`, `export`, `open` and
/// `diff` read: the graph read from the sources, in the format `di-scan-graph`, version 1
/// (docs/SCAN_FORMAT.md). NDJSON: a header line, then one record per line (`container`,
/// `registration`, `site`, `note`, `protocols`). Readers ignore fields and records they do not
/// know (so additions leave old readers working); a larger version is a clear error.
///
/// ```swift
/// let text = try ScanGraphFile.write(declarations)
/// let again = try ScanGraphFile.read(text)
/// ```
public enum ScanGraphFile {
    /// The `format` of the header line.
    public static let format = "di-scan-graph"
    /// The version this reader and writer speak.
    public static let version = 1

    /// Why a file is not a scan graph this reader can use.
    public enum ReadError: Error, CustomStringConvertible, Equatable {
        case notAScan
        case newerVersion(Int)
        case badLine(Int, String)

        public var description: String {
            switch self {
            case .notAScan: "not a \(ScanGraphFile.format) file (the first line is no scan header)"
            case .newerVersion(let version):
                "written by a newer di-inspect (\(ScanGraphFile.format) version \(version); this one reads version \(ScanGraphFile.version)): update di-inspect"
            case .badLine(let line, let what): "line \(line): \(what)"
            }
        }
    }

    struct Header: Codable {
        var format: String
        var version: Int
        var root: String
        var tool: String
        var defines: [String]
        var files: Int
        var unreadable: Int
    }

    /// One line after the header: exactly one of the fields is set.
    struct Record: Codable {
        var container: DeclaredContainer?
        var registration: DeclaredRegistration?
        var site: InjectionSite?
        var note: ScanNote?
        var protocols: [String]?
    }

    /// Whether `firstLine` is a scan graph's header (any version).
    public static func isScanGraph(firstLine: some StringProtocol) -> Bool {
        firstLine.hasPrefix("{") && firstLine.contains("\"format\":\"\(format)\"")
    }

    /// The file's text: deterministic (keys sorted), so the same sources give the same bytes.
    public static func write(_ declarations: Declarations) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let summary = declarations.summary
        var lines = [
            try line(encoder, Header(
                format: format, version: version, root: summary.root, tool: summary.tool, defines: summary.defines,
                files: summary.files, unreadable: summary.unreadable)),
        ]
        if !declarations.protocols.isEmpty { lines.append(try line(encoder, Record(protocols: declarations.protocols))) }
        for container in declarations.containers { lines.append(try line(encoder, Record(container: container))) }
        for registration in declarations.registrations { lines.append(try line(encoder, Record(registration: registration))) }
        for site in declarations.sites { lines.append(try line(encoder, Record(site: site))) }
        for note in declarations.notes { lines.append(try line(encoder, Record(note: note))) }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func line(_ encoder: JSONEncoder, _ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The declarations in `text`.
    public static func read(_ text: String) throws -> Declarations {
        let decoder = JSONDecoder()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().makeIterator()
        guard let (_, first) = lines.next(), isScanGraph(firstLine: first) else { throw ReadError.notAScan }
        let header: Header
        do {
            header = try decoder.decode(Header.self, from: Data(first.utf8))
        } catch {
            // A newer version may have changed the header: name the version when it can be read.
            struct Version: Decodable { var version: Int }
            if let version = try? decoder.decode(Version.self, from: Data(first.utf8)).version, version > Self.version {
                throw ReadError.newerVersion(version)
            }
            throw ReadError.badLine(1, "the header is not a valid \(format) header")
        }
        if header.version > version { throw ReadError.newerVersion(header.version) }
        var declarations = Declarations(summary: ScanSummary(
            root: header.root, tool: header.tool, defines: header.defines, files: header.files, unreadable: header.unreadable))
        while let (index, line) = lines.next() {
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let record: Record
            do {
                record = try decoder.decode(Record.self, from: Data(line.utf8))
            } catch {
                throw ReadError.badLine(index + 1, "not a \(format) record")
            }
            if let container = record.container { declarations.containers.append(container) }
            if let registration = record.registration { declarations.registrations.append(registration) }
            if let site = record.site { declarations.sites.append(site) }
            if let note = record.note { declarations.notes.append(note) }
            if let protocols = record.protocols { declarations.protocols += protocols }
        }
        return declarations
    }
}
