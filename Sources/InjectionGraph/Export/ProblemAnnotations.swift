import Injection

/// Problems as editors and CI read them: each with a severity and the source line the diagnostic
/// already knows (the resolve site of a missing registration, the line that closes a cycle, the
/// registration of a captive's holder, the line that set an override), written as
/// ``xcode(fallbackFile:)`` lines, GitHub workflow commands (``github()``) or SARIF 2.1.0
/// (``sarif(toolVersion:)``).
///
/// ```swift
/// let annotations = ProblemAnnotations(report: graph.check(), graph: graph) { $0 }
/// print(annotations.xcode(fallbackFile: "trace.ndjson"), terminator: "")
/// // SampleApp/Fault.swift:74: error: Missing registration: PaymentGateway in 'app'
/// ```
public struct ProblemAnnotations: Sendable {
    /// How serious an annotation is: a problem is an error, a note of `check` is a note, and a
    /// problem that `diff` found in both runs is a warning.
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    /// One problem, ready to print.
    public struct Annotation: Sendable, Hashable {
        public let severity: Severity
        /// The problem's kind (`missing`, `cycle`, …): the rule id in SARIF.
        public let rule: String
        /// The message's first line.
        public let title: String
        /// The whole message (what happened, where, the fix).
        public let message: String
        /// The file (as a path the reader can open) and line, when the diagnostic knows one.
        public let file: String?
        public let line: Int?
    }

    public let annotations: [Annotation]

    /// The annotations of `check`'s report: problems as errors, a scan's warnings as warnings,
    /// notes as notes.
    ///
    /// - Parameters:
    ///   - graph: The graph the report came from, for registration sites.
    ///   - path: Turns a trace's file ID (`SampleApp/Fault.swift`) into the path to print.
    public init(report: DiagnosticsReport, graph: DependencyGraph, path: (String) -> String) {
        annotations = report.problems.map { Self.annotation($0, .error, graph, path) }
            + report.warnings.map { Self.annotation($0, .warning, graph, path) }
            + report.notes.map { Self.annotation($0, .note, graph, path) }
    }

    /// The annotations of a diff: problems HEAD adds (layer breaches included) are errors,
    /// problems both runs have are warnings.
    ///
    /// - Parameter head: The HEAD run's graph, for registration sites.
    public init(diff: GraphDiff, head: DependencyGraph, path: (String) -> String) {
        annotations = diff.newProblems.map { Self.annotation($0, .error, head, path) }
            + diff.remainingProblems.map { Self.annotation($0, .warning, head, path) }
    }

    static func annotation(
        _ problem: GraphProblem, _ severity: Severity, _ graph: DependencyGraph, _ path: (String) -> String
    ) -> Annotation {
        let message = problem.message.trimmingTrailingNewlines
        let title = String(message.prefix { $0 != "\n" })
        let location = problem.sourceLocation(in: graph)
        return Annotation(severity: severity, rule: problem.kind, title: title, message: message,
                          // The file ID comes from the trace: escaped like every other traced text, so an
                          // xcode or github line cannot carry a terminal sequence.
                          file: location.map { path($0.fileID).escapingControlCharacters }, line: location?.line)
    }

    // MARK: - Xcode, clang, vim quickfix

    /// `file:line: error: message` (clang's format, which Xcode, VS Code's problem matchers and
    /// vim's quickfix read): the first line of each message as the error, warning or note, and
    /// each further line as a `note:` at the same place. A problem with no source line is
    /// placed on `fallbackFile` (the trace) without a line.
    public func xcode(fallbackFile: String) -> String {
        var out = ""
        for annotation in annotations {
            let place = annotation.file.map { file in annotation.line.map { "\(file):\($0)" } ?? file } ?? fallbackFile
            let lines = annotation.message.split(separator: "\n").map { $0.trimmingLeadingSpaces }.filter { !$0.isEmpty }
            out += "\(place): \(annotation.severity.rawValue): \(lines.first ?? "")\n"
            for line in lines.dropFirst() { out += "\(place): note: \(line)\n" }
        }
        return out
    }

    // MARK: - GitHub Actions

    /// GitHub Actions workflow commands, one per problem: `::error file=F,line=L,title=T::message`
    /// (`::warning`, `::notice` for a note), with the message's line breaks and the reserved
    /// characters percent-encoded as the runner expects.
    public func github() -> String {
        var out = ""
        for annotation in annotations {
            let command = annotation.severity == .note ? "notice" : annotation.severity.rawValue
            var properties: [String] = []
            if let file = annotation.file {
                properties.append("file=" + Self.githubProperty(file))
                if let line = annotation.line { properties.append("line=\(line)") }
            }
            properties.append("title=" + Self.githubProperty(annotation.title))
            out += "::\(command) \(properties.joined(separator: ","))::\(Self.githubData(annotation.message))\n"
        }
        return out
    }

    /// A command's message: `%`, CR and LF encoded. (Shaped like `MermaidExporter.label`, apart
    /// on purpose: each format has its own escapes, and this one works on scalars, not characters.)
    static func githubData(_ text: String) -> String {
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A property value: the message's encoding, plus `:` and `,`.
    static func githubProperty(_ text: String) -> String {
        githubData(text).replacingEvery(":", with: "%3A").replacingEvery(",", with: "%2C")
    }

    // MARK: - SARIF

    /// A SARIF 2.1.0 log with one run of `di-inspect`: a rule per problem kind found, and a
    /// result per problem (`level` error, warning or note) with its physical location
    /// (`artifactLocation.uri` relative to the source root, `region.startLine`).
    public func sarif(toolVersion: String) -> String {
        var rules: [String] = []
        for annotation in annotations where !rules.contains(annotation.rule) { rules.append(annotation.rule) }
        let results: [JSONValue] = annotations.map { annotation in
            var location: JSONValue?
            if let file = annotation.file {
                location = .array([.object([
                    ("physicalLocation", .object([
                        ("artifactLocation", .object([("uri", .string(Self.uri(file))), ("uriBaseId", .string("%SRCROOT%"))])),
                        ("region", annotation.line.map { .object([("startLine", .int(max(1, $0)))]) }),
                    ])),
                ])])
            }
            return .object([
                ("ruleId", .string(annotation.rule)),
                ("ruleIndex", .int(rules.firstIndex(of: annotation.rule) ?? 0)),
                ("level", .string(annotation.severity.rawValue)),
                ("message", .object([("text", .string(annotation.message))])),
                ("locations", location),
            ])
        }
        let driver: JSONValue = .object([
            ("name", .string("di-inspect")),
            ("version", .string(toolVersion)),
            ("rules", .array(rules.map { rule in
                .object([
                    ("id", .string(rule)),
                    ("shortDescription", .object([("text", .string(Self.ruleDescription(rule)))])),
                ])
            })),
        ])
        let log: JSONValue = .object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([("tool", .object([("driver", driver)])), ("results", .array(results))])])),
        ])
        return log.lineOriented
    }

    /// A relative path as a URI reference: each segment percent-encoded except unreserved
    /// characters.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// The rule's description: the registered diagnostic's summary (``DiagnosticKind``).
    static func ruleDescription(_ rule: String) -> String {
        DiagnosticKind.named(rule)?.summary ?? "A problem di-inspect found in the trace."
    }
}

extension GraphProblem {
    /// The source line the diagnostic points at: the resolve site of a missing registration or
    /// an optional that gave nil, the line that closes a cycle, the registration of a loop's
    /// first service or of a captive's holder, the line that set an override or mapping, the
    /// registration behind a layer breach's first crossing, the registration that answers a
    /// shadowed key.
    ///
    /// ```swift
    /// problem.sourceLocation(in: graph)?.description  // "SampleApp/Fault.swift:74"
    /// ```
    public func sourceLocation(in graph: DependencyGraph) -> SourceLocation? {
        func registration(_ identity: ServiceIdentity?) -> SourceLocation? {
            identity.flatMap { graph.nodeID(for: $0) }.flatMap { graph.nodes[$0].registeredAt }
        }
        switch self {
        case .missing(let missing), .resolvedToNil(let missing): return missing.location ?? registration(missing.requester)
        case .cycle(let cycle): return cycle.cycle.closedAt ?? registration(cycle.cycle.path.first)
        case .dependencyLoop(let loop), .lazyLoop(let loop): return registration(loop.path.first)
        case .scopeMismatch(let record): return record.holderRegisteredAt ?? registration(record.mismatch.holder)
        case .staleOverride(let record), .activeMapping(let record): return record.location
        case .layerBreach(let breach): return breach.against.lazy.flatMap(\.steps).compactMap(\.registeredAt).first
        case .shadowed(let shadow): return shadow.answering.registeredAt
        case .overridden(let override): return override.winner.location.sourceLocation
        case .scanNote(let note): return note.location.sourceLocation
        case .replacedInstance(let replaced): return replaced.cause.location ?? registration(replaced.service)
        case .unkeptScope(let unkept): return unkept.registeredAt
        case .crossContainer(let reach): return reach.requesterRegisteredAt
        }
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" { text.removeLast() }
        return String(text)
    }

    func replacingEvery(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}

extension Substring {
    var trimmingLeadingSpaces: Substring { drop { $0 == " " } }
}
