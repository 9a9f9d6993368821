// The one place the CLI reads trace files.
//
// At merge, replace the body of `loadTrace(atPath:)` with the `tracing` branch's reader:
//
//     let file = try TraceReader.read(contentsOfFile: path)
//     return LoadedTrace(header: file.header, records: file.records,
//                        warnings: file.warnings.map { ($0.line, $0.message) })
//
// and delete everything below the `MARK: - Temporary loader` line. Errors must keep a
// `description` that names the line and what is wrong (`check` prints it and exits 2).

import Foundation
import Injection

/// A trace file as the commands use it.
struct LoadedTrace {
    var header: TraceHeader
    /// Every record, the header first.
    var records: [TraceRecord]
    /// Problems the reader skipped over, with their line numbers.
    var warnings: [(line: Int, message: String)]
}

/// Reads and decodes the trace at `path`.
///
/// - Throws: an error whose `description` says which line is wrong and why.
func loadTrace(atPath path: String) throws -> LoadedTrace {
    try TemporaryTraceLoader.load(path)
}

// MARK: - Temporary loader (remove at merge)

/// Why a trace could not be read.
struct TraceLoadError: Error, CustomStringConvertible {
    var path: String
    var line: Int?
    var message: String
    var description: String { "\(path)\(line.map { ":\($0)" } ?? ""): \(message)" }
}

/// A minimal NDJSON decoder for manual runs until the real `TraceReader` lands.
enum TemporaryTraceLoader {
    static func load(_ path: String) throws -> LoadedTrace {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceLoadError(path: path, line: nil, message: "cannot read the file (missing, or not readable)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TraceLoadError(path: path, line: nil, message: "the file is not UTF-8")
        }
        var header: TraceHeader?
        var records: [TraceRecord] = []
        var warnings: [(line: Int, message: String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if line.allSatisfy(\.isWhitespace) { continue }
            func fail(_ message: String) -> TraceLoadError { TraceLoadError(path: path, line: number, message: message) }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                throw fail("not a JSON object")
            }
            let fields = Fields(object: object, line: number, path: path)
            if header == nil {
                guard object["format"] as? String == "di-trace" else {
                    throw fail("the first line must be the header {\"format\":\"di-trace\",…}")
                }
                let version = try fields.int("version")
                guard version <= TraceHeader.currentVersion else {
                    throw fail("trace format version \(version) is newer than this di-inspect reads (\(TraceHeader.currentVersion))")
                }
                let parsed = TraceHeader(
                    version: version, app: try fields.string("app"), pid: Int32(try fields.int("pid")),
                    startTime: try fields.string("start"))
                header = parsed
                records.append(.header(parsed))
                continue
            }
            if let record = try fields.record() {
                records.append(record)
            } else {
                warnings.append((number, "unknown kind '\(object["kind"] as? String ?? "?")', skipped"))
            }
        }
        guard let header else { throw TraceLoadError(path: path, line: 1, message: "the file is empty: no header line") }
        return LoadedTrace(header: header, records: records, warnings: warnings)
    }

    struct Fields {
        let object: [String: Any]
        let line: Int
        let path: String

        func fail(_ message: String) -> TraceLoadError { TraceLoadError(path: path, line: line, message: message) }

        func string(_ key: String) throws -> String {
            guard let value = object[key] as? String else { throw fail("'\(key)' is missing or not a string") }
            return value
        }
        func int(_ key: String) throws -> Int {
            guard let value = object[key] as? NSNumber else { throw fail("'\(key)' is missing or not a number") }
            return value.intValue
        }
        func uint(_ key: String) throws -> UInt64 {
            guard let value = object[key] as? NSNumber else { throw fail("'\(key)' is missing or not a number") }
            return value.uint64Value
        }
        func sub(_ key: String) throws -> Fields {
            guard let value = object[key] as? [String: Any] else { throw fail("'\(key)' is missing or not an object") }
            return Fields(object: value, line: line, path: path)
        }
        func identity(_ key: String) throws -> ServiceIdentity { try sub(key).asIdentity() }
        func optionalIdentity(_ key: String) throws -> ServiceIdentity? {
            object[key] == nil ? nil : try identity(key)
        }
        func identities(_ key: String) throws -> [ServiceIdentity] {
            guard let values = object[key] as? [[String: Any]] else { throw fail("'\(key)' is missing or not an array") }
            return try values.map { try Fields(object: $0, line: line, path: path).asIdentity() }
        }
        func asIdentity() throws -> ServiceIdentity {
            ServiceIdentity(
                type: try string("type"), name: object["name"] as? String, container: try string("container"),
                layer: object["layer"] as? String, member: object["member"] as? String)
        }
        func location(_ key: String) throws -> SourceLocation {
            let text = try string(key)
            guard let colon = text.lastIndex(of: ":"), let number = Int(text[text.index(after: colon)...]) else {
                throw fail("'\(key)' must look like \"File.swift:12\", got \"\(text)\"")
            }
            return SourceLocation(fileID: String(text[..<colon]), line: number)
        }
        func scope(_ key: String) throws -> Scope {
            guard let scope = Scope(named: try string(key)) else { throw fail("'\(key)' is empty") }
            return scope
        }
        func enumValue<E: RawRepresentable<String>>(_ key: String, _ type: E.Type) throws -> E {
            let text = try string(key)
            guard let value = E(rawValue: text) else { throw fail("'\(key)' has an unknown value \"\(text)\"") }
            return value
        }

        func record() throws -> TraceRecord? {
            let kind = try string("kind")
            switch kind {
            case "aggregate":
                return .aggregate(ResolutionAggregate(
                    service: try identity("service"), requester: try optionalIdentity("requester"),
                    scope: try scope("scope"), outcome: try enumValue("outcome", Resolved.Outcome.self),
                    source: try enumValue("source", Resolved.Source.self), count: try uint("count"),
                    totalNanoseconds: try uint("ns"), firstTime: try uint("from"), lastTime: try uint("to")))
            case "dropped": return .dropped(count: try uint("count"), time: try uint("t"))
            case "end": return .end(time: try uint("t"), reason: try string("reason"))
            default: break
            }
            let eventKind: ResolutionEvent.Kind
            switch kind {
            case "containerCreated":
                eventKind = .containerCreated(ContainerCreated(
                    container: try string("container"), parent: object["parent"] as? String, location: try location("at")))
            case "registered":
                let replaced = try object["replaced"] == nil ? nil : sub("replaced")
                eventKind = .registered(Registered(
                    service: try identity("service"), scope: try scope("scope"), location: try location("at"),
                    replaced: try replaced.map { Registered.Replaced(service: try $0.identity("service"), location: try $0.location("at")) }))
            case "resolved":
                eventKind = .resolved(Resolved(
                    service: try identity("service"), requester: try optionalIdentity("requester"),
                    scope: try scope("scope"), outcome: try enumValue("outcome", Resolved.Outcome.self),
                    source: try enumValue("source", Resolved.Source.self), durationNanoseconds: try uint("ns"),
                    depth: try int("depth"), mappedFrom: try optionalIdentity("mappedFrom")))
            case "missing":
                let near = (object["near"] as? [[String: Any]] ?? []).map { Fields(object: $0, line: line, path: path) }
                eventKind = .missing(MissingRegistration(
                    requested: try identity("requested"), requesterChain: try identities("chain"),
                    nearMisses: try near.map {
                        NearMiss(kind: try $0.enumValue("kind", NearMiss.Kind.self), service: try $0.identity("service"),
                                 relation: $0.object["relation"] as? String)
                    },
                    fix: try string("fix"), location: object["at"] == nil ? nil : try location("at")))
            case "cycle":
                eventKind = .cycle(DependencyCycle(path: try identities("path"), enteredThrough: try identities("through")))
            case "scopeMismatch":
                eventKind = .scopeMismatch(ScopeMismatch(
                    holder: try identity("holder"), holderScope: try scope("holderScope"),
                    captive: try identity("captive"), captiveScope: try scope("captiveScope")))
            case "mappingChanged":
                eventKind = .mappingChanged(MappingChange(
                    action: try enumValue("action", MappingChange.Action.self), container: try string("container"),
                    from: try optionalIdentity("from"), to: try optionalIdentity("to"), location: try location("at")))
            case "staleOverride":
                eventKind = .staleOverride(StaleOverride(
                    replaced: try identity("replaced"), replacement: try identity("replacement"),
                    scope: try scope("scope"), location: try location("at")))
            case "scopeReset":
                eventKind = .scopeReset(ScopeReset(
                    container: try string("container"), scope: try scope("scope"), discarded: try int("discarded")))
            default:
                return nil
            }
            return .event(ResolutionEvent(sequence: try uint("seq"), time: try uint("t"), thread: try uint("thread"), kind: eventKind))
        }
    }
}
