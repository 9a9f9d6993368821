import Injection

/// A JSON document built in memory and written deterministically (keys in insertion order).
///
/// The exporters and the check report write through it so every JSON output escapes strings
/// the same way (RFC 8259: quotes, backslashes and control characters; other characters as
/// UTF-8).
///
/// ```swift
/// let value: JSONValue = .object([("app", .string("sample-app")), ("pid", .int(42))])
/// print(value.lineOriented)  // {"app":"sample-app",\n "pid":42}
/// ```
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// One key and its value.
    public struct Member: Sendable, Hashable {
        public let key: String
        public let value: JSONValue
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// An object from `(key, value)` pairs; nil values are left out.
    public static func object(_ pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { Member(key, $0) } })
    }

    public static func int(_ value: Int) -> JSONValue { .int(Int64(value)) }

    /// Everything on one line.
    public var compact: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// The top-level object's members one per line, and the elements of its arrays one per line
    /// (each compact): small diffs, and `grep` finds one service per line.
    public var lineOriented: String {
        guard case .object(let members) = self, !members.isEmpty else { return compact + "\n" }
        var out = "{\n"
        for (index, member) in members.enumerated() {
            out += "  "
            Self.writeString(member.key, to: &out)
            out += ": "
            if case .array(let elements) = member.value, !elements.isEmpty {
                out += "[\n"
                for (elementIndex, element) in elements.enumerated() {
                    out += "    "
                    element.write(to: &out)
                    out += elementIndex == elements.count - 1 ? "\n" : ",\n"
                }
                out += "  ]"
            } else {
                member.value.write(to: &out)
            }
            out += index == members.count - 1 ? "\n" : ",\n"
        }
        return out + "}\n"
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .uint(let value): out += String(value)
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                Self.writeString(member.key, to: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        }
    }

    static func writeString(_ string: String, to out: inout String) {
        var json = JSONOutput(capacity: string.utf8.count + 2)
        json.string(string)
        out += String(decoding: json.bytes, as: UTF8.self)
    }
}

extension JSONValue {
    /// A service identity as the trace format writes it: absent fields left out.
    static func identity(_ identity: ServiceIdentity) -> JSONValue {
        .object([
            ("type", .string(identity.type)),
            ("name", identity.name.map(JSONValue.string)),
            ("container", .string(identity.container)),
            ("layer", identity.layer.map(JSONValue.string)),
            ("member", identity.member.map(JSONValue.string)),
        ])
    }

    static func location(_ location: SourceLocation?) -> JSONValue? {
        location.map { .string($0.description) }
    }

    static func override(_ record: OverrideRecord) -> JSONValue {
        var state = "active"
        var resetAt: SourceLocation?
        switch record.state {
        case .active: break
        case .replaced: state = "replaced"
        case .reset(let at, _):
            state = "reset"
            resetAt = at
        }
        return .object([
            ("kind", .string(record.kind.rawValue)),
            ("container", .string(record.container)),
            ("from", .identity(record.from)),
            ("to", .identity(record.to)),
            ("at", .location(record.location)),
            ("replacedAt", .location(record.replacedLocation)),
            ("t", .uint(record.time)),
            ("state", .string(state)),
            ("resetAt", .location(resetAt)),
            ("stale", record.isStale ? record.staleness.map { .string($0.rawValue) } : nil),
        ])
    }

    static func session(_ session: SessionInfo) -> JSONValue {
        .object([
            ("app", session.header.map { .string($0.app) }),
            ("pid", session.header.map { .int(Int64($0.pid)) }),
            ("start", session.header.map { .string($0.startTime) }),
            ("library", session.header?.libraryVersion.map { .string($0) }),
            ("events", .uint(session.eventCount)),
            ("resolves", .uint(session.resolveCount)),
            ("dropped", .uint(session.droppedCount)),
            ("ended", session.hasEnded ? .string(session.endReason ?? "") : .null),
        ])
    }
}
